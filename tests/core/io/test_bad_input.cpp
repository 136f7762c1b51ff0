// Bad input: every file under tests/data/bad fails with a ParseError on the right
// line and a message that says why; mutated seeds parse or fail cleanly.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "core/io/formats.h"
#include "core/io/text_lines.h"
#include "core/io/utf8.h"
#include "tests/support/test_files.h"

using namespace kk;

namespace {

struct BadCase {
    const char* file;  // under tests/data/bad
    int line;
    const char* phrase;  // part of the message
};

// Each file is read with format detection, as the command line does by default.
const BadCase kBadCases[] = {
    {"empty.neknek", 1, "no puzzle found"},
    {"blank.neknek", 1, "no puzzle found"},
    {"header-not-number.neknek", 1, "size 'x' is not a number"},
    {"header-extra.neknek", 1, "the size alone"},
    {"no-header.neknek", 1, "header before the cages"},
    {"cell-twice.neknek", 5, "cell B2 is already in another cage"},
    {"cell-twice-one-cage.neknek", 2, "cell A1 is listed twice in this cage"},
    {"cell-missing.neknek", 1, "cell D4 is in no cage"},
    {"cage-two-pieces.neknek", 5, "not orthogonally connected"},
    {"sub-three-cells.neknek", 6, "exactly 2 cells, not 3"},
    {"unknown-op.neknek", 4, "unknown operation '^'"},
    {"size10.neknek", 1, "size 10 is outside 1..9"},
    {"size0.neknek", 1, "size 0 is outside 1..9"},
    {"target-not-number.neknek", 2, "target 'abc' is not a number"},
    {"target-huge.neknek", 3, "target is too large"},
    {"target-zero.neknek", 2, "target must be a positive integer"},
    {"target-negative.neknek", 2, "target '-6' is negative"},
    {"given-two-cells.neknek", 2, "a given must have exactly 1 cell"},
    {"cell-outside.neknek", 3, "cell G1 is outside the 6x6 grid"},
    {"cell-bad-name.neknek", 2, "'1A' is not a cell name"},
    {"nul-byte.neknek", 3, "binary data (byte 0x00 at column 9)"},
    {"latin1-byte.neknek", 3, "binary data (byte 0xFF"},
    {"garbage.bin", 1, "binary data (byte 0x03 at column 3)"},
    {"keen-truncated.keen", 1, "too few Keen clues: 12 for 17 cages (truncated id?)"},
    {"keen-truncated-blocks.keen", 1, "not enough data in the Keen block structure"},
    {"keen-third-truncated.keen", 3, "truncated"},
    {"keen-bad-char.keen", 1, "invalid character 'Q'"},
    {"keen-too-many-clues.keen", 1, "too many Keen clues"},
    {"keen-size12.keen", 1, "size 12 is outside 1..9"},
    {"cancan-letter-not-in-key.cancan", 3, "letter 'q' is not in the key line"},
    {"cancan-unused-letter.cancan", 1, "key letter 'd' has no cells"},
    {"cancan-short.cancan", 5, "expected 6 rows of cage letters, found 2"},
    {"cancan-unknown-op.cancan", 1, "unknown operation '^'"},
    {"cancan-half-solution.cancan", 5, "the solution stops after 1 of 2 rows"},
    {"j-cell-twice.j", 6, "cell C2 is already in another cage"},
    {"j-unknown-op.j", 7, "unknown operation '^'"},
    {"fahda-rule-missing.txt", 6, "8 rules for 9 cages"},
    {"fahda-short-row.txt", 5, "row has 3 cage numbers, expected 4"},
};

}  // namespace

TEST_CASE("bad input files fail on the right line with a clear reason", "[formats][bad]") {
    for (const BadCase& c : kBadCases) {
        INFO(c.file);
        const std::string text = slurp(kTestData + "/bad/" + c.file);
        try {
            read_puzzles(text);
            FAIL("no error for " << c.file);
        } catch (const ParseError& e) {
            CHECK(e.line == c.line);
            CHECK_THAT(e.what(), Catch::Contains(c.phrase));
        }
    }
}

TEST_CASE("every file under tests/data/bad has a case", "[formats][bad]") {
    size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(kTestData + "/bad")) {
        ++files;
        const std::string name = entry.path().filename().string();
        INFO(name);
        CHECK(std::any_of(std::begin(kBadCases), std::end(kBadCases),
                          [&](const BadCase& c) { return name == c.file; }));
    }
    CHECK(files == std::size(kBadCases));
}

TEST_CASE("a forced format reports the text it cannot read", "[formats][bad]") {
    const std::string neknek = slurp(kTestData + "/seed000-kk0.neknek");
    CHECK_THROWS_AS(read_puzzles(neknek, Format::Keen), ParseError);
    CHECK_THROWS_AS(read_puzzles(neknek, Format::J), ParseError);
    CHECK_THROWS_AS(read_puzzles(neknek, Format::Fahda), ParseError);
    CHECK_THROWS_AS(read_puzzles(neknek, Format::Cancan), ParseError);
    CHECK_THROWS_AS(read_puzzles(slurp(kTestData + "/seed000-kk0.j"), Format::Neknek), ParseError);
    CHECK_THROWS_AS(read_keen_id("6:_aa_11a"), ParseError);
}

TEST_CASE("a target is read up to kMaxTarget (10^18) and refused past it", "[formats][bad]") {
    // A two-cell product in a 2x2 cannot make these, but reading must not refuse them:
    // merged cages of 13 to 18 cells multiply past 10^12.
    const auto puzzle_with = [](const std::string& target) {
        return "#\t2\n*\t" + target + "\tA1 A2\n+\t3\tB1 B2\n";
    };
    const auto read_target = [&](const std::string& target) {
        return read_puzzles(puzzle_with(target), Format::Neknek).at(0).puzzle.cages.at(0).target;
    };
    CHECK(read_target("3982060486656000") == 3982060486656000LL);
    CHECK(read_target("1000000000000000000") == kMaxTarget);
    CHECK_THROWS_WITH(read_puzzles(puzzle_with("1000000000000000001"), Format::Neknek),
                      Catch::Contains("target is too large (limit 10^18)"));
    CHECK_THROWS_WITH(read_puzzles(puzzle_with("9223372036854775808"), Format::Neknek),
                      Catch::Contains("target is too large"));
}

TEST_CASE("mutated seed files parse or throw ParseError, nothing else", "[formats][bad][fuzz]") {
    std::vector<std::string> seeds;
    for (const auto& entry : std::filesystem::directory_iterator(kTestData)) {
        const auto ext = entry.path().extension().string();
        if (ext == ".neknek" || ext == ".j" || ext == ".txt" || ext == ".cancan")
            seeds.push_back(slurp(entry.path().string()));
    }
    seeds.push_back(slurp(kTestData + "/keen-ids.txt"));
    REQUIRE(seeds.size() > 30);

    // Half the mutations use bytes that mean something to some format, so that
    // they get past the binary guard and into the readers.
    const std::string meaningful = "0123456789 \t\n\r#!=+-*/x%,:_abcdzAGZ.";
    std::mt19937 rng(20240611);
    int parsed = 0, rejected = 0;
    for (const std::string& seed : seeds) {
        for (int round = 0; round < 300; ++round) {
            std::string text = seed;
            const int edits = 1 + static_cast<int>(rng() % 4);
            for (int e = 0; e < edits && !text.empty(); ++e) {
                const size_t at = rng() % text.size();
                const char byte = rng() % 2 ? meaningful[rng() % meaningful.size()]
                                            : static_cast<char>(rng() % 256);
                switch (rng() % 4) {
                    case 0:
                        text[at] = byte;
                        break;
                    case 1:
                        text.insert(at, 1, byte);
                        break;
                    case 2:
                        text.erase(at, 1 + rng() % 8);
                        break;
                    default:
                        text.insert(at, std::string(1 + rng() % 30, byte));
                        break;
                }
            }
            try {
                for (const ParsedPuzzle& p : read_puzzles(text))
                    REQUIRE_FALSE(check_puzzle(p.puzzle));
                ++parsed;
            } catch (const ParseError& e) {
                REQUIRE(e.line >= 1);
                REQUIRE(std::string(e.what()).size() > 0);
                ++rejected;
            }
        }
    }
    // Both outcomes happen: the mutations neither all break nor all miss.
    CHECK(parsed > 0);
    CHECK(rejected > 0);
}

TEST_CASE("printable escapes controls and bytes that are not UTF-8, and keeps text", "[io][utf8]") {
    CHECK(printable("plain name.pdf") == "plain name.pdf");
    CHECK(printable("caf\xc3\xa9 \xe2\x9c\x93") == "caf\xc3\xa9 \xe2\x9c\x93");  // é ✓ kept
    CHECK(printable("a\nb\tc\rd") == "a\\nb\\tc\\rd");
    CHECK(printable(std::string("x\0y", 3)) == "x\\x00y");
    CHECK(printable("\x1b[31m\x7f") == "\\x1b[31m\\x7f");
    CHECK(printable("\xc2\x9b"
                    "1m") == "\\xc2\\x9b1m");      // C1 CSI
    CHECK(printable("\xff\xc3") == "\\xff\\xc3");  // not UTF-8, cut short
    CHECK(printable("a\\nb") == "a\\\\nb");        // a backslash reads back one way
    // A right-to-left override showed "x<RLO>fdp.exe" as "xexe.pdf".
    CHECK(printable("x\xe2\x80\xae"
                    "fdp.exe") == "x\\xe2\\x80\\xaefdp.exe");
    CHECK(printable("\xe2\x81\xa6") == "\\xe2\\x81\\xa6");  // U+2066, an isolate
}

TEST_CASE("quoted keeps UTF-8 text whole and escapes the rest", "[io][utf8]") {
    CHECK(kk::quoted("caf\xc3\xa9 \xe2\x9c\x93") ==
          "'caf\xc3\xa9 \xe2\x9c\x93'");  // was 'caf\xC3\xA9 ...'
    CHECK(kk::quoted("\x1b[2J") == "'\\x1B[2J'");
    CHECK(kk::quoted("\xff\xc3") == "'\\xFF\\xC3'");  // not UTF-8, cut short
    CHECK(kk::quoted("\xc2\x9b") == "'\\xC2\\x9B'");  // C1 CSI
    CHECK(kk::quoted("\xe2\x80\xae"
                     "21") == "'\\xE2\\x80\\xAE21'");  // U+202E: "21" showed as "12"
    // Cut after 24 bytes, never inside a character: 23 letters and an e-acute.
    const std::string long_word = std::string(23, 'a') + "\xc3\xa9" + "zz";
    CHECK(kk::quoted(long_word) == "'" + std::string(23, 'a') + "\xc3\xa9...'");
}
