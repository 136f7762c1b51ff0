// Puzzle formats: every seed read from its source form equals its neknek, every
// writer round-trips, Keen ids re-encode byte for byte, CanCan solutions hold.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "core/io/formats.h"
#include "tests/support/test_files.h"

using namespace kk;

namespace {

Puzzle read_one(const std::string& text, Format f = Format::Auto) {
    auto parsed = read_puzzles(text, f);
    REQUIRE(parsed.size() == 1);
    return parsed[0].puzzle;
}

// The seed table of INDEX.md: puzzle name and source form ("j", "txt", "cancan", "-").
std::vector<std::pair<std::string, std::string>> seed_index() {
    std::istringstream in(slurp(kTestData + "/INDEX.md"));
    std::vector<std::pair<std::string, std::string>> seeds;
    for (std::string row; std::getline(in, row);) {
        if (!row.starts_with("| seed")) continue;
        std::vector<std::string> cells;
        std::istringstream cols(row.substr(1));
        for (std::string col; std::getline(cols, col, '|');) {
            auto b = col.find_first_not_of(' '), e = col.find_last_not_of(' ');
            cells.push_back(b == std::string::npos ? "" : col.substr(b, e - b + 1));
        }
        REQUIRE(cells.size() >= 4);
        seeds.emplace_back(cells[0], cells[3]);
    }
    return seeds;
}

// A .solution file: n rows of n space-separated values.
Grid read_solution_file(const std::string& path) {
    std::istringstream in(slurp(path));
    Grid grid;
    for (int v; in >> v;) grid.push_back(v);
    return grid;
}

Format source_format(const std::string& form) {
    if (form == "j") return Format::J;
    if (form == "txt") return Format::Fahda;
    return Format::Cancan;
}

std::vector<std::string> keen_ids() {
    std::istringstream in(slurp(kTestData + "/keen-ids.txt"));
    std::vector<std::string> ids;
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) ids.push_back(line);
    return ids;
}

}  // namespace

TEST_CASE("the seed index lists every seed puzzle", "[formats]") {
    auto seeds = seed_index();
    CHECK(seeds.size() == 17);
    for (auto& [name, form] : seeds)
        CHECK(std::filesystem::exists(kTestData + "/" + name + ".neknek"));
}

TEST_CASE("neknek seeds are read and rewritten byte for byte", "[formats]") {
    for (auto& [name, form] : seed_index()) {
        INFO(name);
        const std::string text = slurp(kTestData + "/" + name + ".neknek");
        CHECK(detect_format(text) == Format::Neknek);
        Puzzle p = read_one(text);
        CHECK_FALSE(check_puzzle(p));
        // seed002-4x4b lists its cages out of order: it must come back in canonical
        // order, the same lines, and stable from then on. Every other seed is canonical.
        const std::string written = write_neknek(p);
        if (name == "seed002-4x4b") {
            CHECK(written != text);
            auto sorted_lines = [](const std::string& s) {
                std::istringstream in(s);
                std::vector<std::string> lines;
                for (std::string l; std::getline(in, l);) lines.push_back(l);
                std::sort(lines.begin(), lines.end());
                return lines;
            };
            CHECK(sorted_lines(written) == sorted_lines(text));
            CHECK(write_neknek(read_one(written)) == written);
        } else {
            CHECK(written == text);
        }
        const std::string solution = kTestData + "/" + name + ".solution";
        if (std::filesystem::exists(solution)) CHECK(is_solution(p, read_solution_file(solution)));
    }
}

TEST_CASE("each seed read from its source form equals its neknek", "[formats]") {
    int compared = 0;
    for (auto& [name, form] : seed_index()) {
        if (form == "-") continue;
        INFO(name << " from ." << form);
        const std::string source = slurp(kTestData + "/" + name + "." + form);
        const Format f = source_format(form);
        CHECK(detect_format(source) == f);
        const Puzzle from_source = read_one(source);
        CHECK(from_source == read_one(source, f));
        CHECK(from_source == read_one(slurp(kTestData + "/" + name + ".neknek")));
        ++compared;
    }
    CHECK(compared == 14);
}

TEST_CASE("every writer round-trips every seed through the model", "[formats]") {
    const Format formats[] = {Format::Neknek, Format::Cancan, Format::J, Format::Fahda,
                              Format::Keen};
    for (auto& [name, form] : seed_index()) {
        const Puzzle p = read_one(slurp(kTestData + "/" + name + ".neknek"));
        for (Format f : formats) {
            INFO(name << " as " << format_name(f));
            const std::string text = write_puzzle(p, f);
            CHECK(detect_format(text) == f);
            CHECK(read_one(text, f) == p);
            CHECK(read_one(text) == p);
            // Writing what was read gives the same text again.
            CHECK(write_puzzle(read_one(text, f), f) == text);
        }
    }
}

TEST_CASE("the cancan writer carries a solution that reads back", "[formats]") {
    const Puzzle p = read_one(slurp(kTestData + "/seed004-6x6.neknek"));
    const Grid solution = read_solution_file(kTestData + "/seed004-6x6.solution");
    const std::string text = write_cancan(p, &solution);
    auto parsed = read_puzzles(text);
    REQUIRE(parsed.size() == 1);
    CHECK(parsed[0].puzzle == p);
    REQUIRE(parsed[0].solution);
    CHECK(*parsed[0].solution == solution);
}

TEST_CASE("the cancan writer's letters and key follow reading order", "[formats]") {
    const std::string expected =
        "a=60x b=4+ c=16+ d=45x e=40x f=72x g=4x h=11+ i=4- j=12+ k=12x l=5 m=8+ n=2\n"
        "a b b c c d\n"
        "a b e c d d\n"
        "a f e e g g\n"
        "f f h i j g\n"
        "k l h i j j\n"
        "k k h m m n\n";
    CHECK(slurp(kTestData + "/seed003-cancan-6x6.cancan") == expected);  // the source, as is
    CHECK(write_cancan(read_one(slurp(kTestData + "/seed003-cancan-6x6.neknek"))) == expected);
}

TEST_CASE("the j and fahda writers match the seed sources", "[formats]") {
    CHECK(write_j(read_one(slurp(kTestData + "/seed000-kk0.neknek"))) ==
          slurp(kTestData + "/seed000-kk0.j"));
    CHECK(write_fahda(read_one(slurp(kTestData + "/seed001-4x4.neknek"))) ==
          slurp(kTestData + "/seed001-4x4.txt"));
}

TEST_CASE("all 100 CanCan 6x6 puzzles read from one file with their solutions", "[formats]") {
    const std::string path = std::string(KENKEN_SHARED_DIR) + "/puzzles/cancan/6x6.100";
    if (!std::filesystem::exists(path)) {
        WARN("skipped: " << path << " is absent (third-party data, not in the project)");
        return;
    }
    const std::string text = slurp(path);
    CHECK(detect_format(text) == Format::Cancan);
    auto parsed = read_puzzles(text);
    REQUIRE(parsed.size() == 100);
    for (size_t i = 0; i < parsed.size(); ++i) {
        INFO("puzzle " << i + 1 << " at line " << parsed[i].line);
        CHECK(parsed[i].puzzle.size == 6);
        REQUIRE(parsed[i].solution);
        CHECK(is_solution(parsed[i].puzzle, *parsed[i].solution));
    }
    CHECK(parsed[0].line == 2);  // the key line, after the "# 1." comment
    CHECK(parsed[1].line > parsed[0].line + 7);
}

TEST_CASE("a Keen id decodes into the blocks drawn by hand", "[formats][keen]") {
    // 3x3: "a" merges A1-A2, "_3" three lines, ... (worked through on paper).
    const Puzzle p = read_keen_id("3:a_3aab_,s1a5m3m6");
    const Puzzle expected{3,
                          {{Op::Sub, 1, {0, 1}},
                           {Op::Add, 5, {2, 5}},
                           {Op::Mul, 3, {3, 6}},
                           {Op::Mul, 6, {4, 7, 8}}}};
    CHECK(p == expected);
    CHECK(write_keen(expected) == "3:a_3aab_,s1a5m3m6");
}

TEST_CASE("Keen ids re-encode byte for byte and round-trip through neknek", "[formats][keen]") {
    const auto ids = keen_ids();
    REQUIRE(ids.size() >= 12);
    for (const std::string& id : ids) {
        INFO(id);
        const Puzzle p = read_keen_id(id);
        const int n = std::stoi(id);
        CHECK(p.size == n);
        CHECK_FALSE(check_puzzle(p));
        // One clue per cage: count the clue letters after the comma.
        const std::string clues = id.substr(id.find(',') + 1);
        const auto letters =
            std::count_if(clues.begin(), clues.end(), [](char c) { return c >= 'a' && c <= 'z'; });
        CHECK(static_cast<size_t>(letters) == p.cages.size());
        CHECK(write_keen(p) == id);
        CHECK(read_one(write_neknek(p)) == p);
    }
}

TEST_CASE("a Keen file holds one id per line", "[formats][keen]") {
    const std::string text = slurp(kTestData + "/keen-ids.txt");
    CHECK(detect_format(text) == Format::Keen);
    auto parsed = read_puzzles(text);
    const auto ids = keen_ids();
    REQUIRE(parsed.size() == ids.size());
    for (size_t i = 0; i < ids.size(); ++i) {
        CHECK(parsed[i].line == static_cast<int>(i) + 1);
        CHECK(write_keen(parsed[i].puzzle) == ids[i]);
    }
}

TEST_CASE("Keen runs longer than 25 non-lines use 'z'", "[formats][keen]") {
    // 9 column cages: all 72 vertical edges are lines, then 72 horizontal non-lines
    // before the final virtual line: 25 + 25 + 22 = "zzv".
    Puzzle columns{9, {}};
    for (int c = 0; c < 9; ++c) {
        Cage cage{Op::Add, 45, {}};
        for (int r = 0; r < 9; ++r) cage.cells.push_back(r * 9 + c);
        columns.cages.push_back(cage);
    }
    std::string expected = "9:_72zzv,";
    for (int c = 0; c < 9; ++c) expected += "a45";
    CHECK(write_keen(columns) == expected);
    CHECK(read_keen_id(expected) == columns);
}

TEST_CASE("Keen parameters after the size are ignored", "[formats][keen]") {
    CHECK(read_keen_id("3dh:a_3aab_,s1a5m3m6") == read_keen_id("3:a_3aab_,s1a5m3m6"));
}

TEST_CASE("Keen givens are written as 1-cell sums and read back as givens", "[formats][keen]") {
    const Puzzle p{2, {{Op::Given, 1, {0}}, {Op::Add, 5, {1, 2, 3}}}};
    const std::string id = write_keen(p);
    CHECK(id.starts_with("2:"));
    CHECK(id.ends_with(",a1a5"));
    CHECK(read_keen_id(id) == p);
}

TEST_CASE("neknek accepts = for a given, x for times, spaces and blank lines", "[formats]") {
    const std::string loose =
        "\n#   2\n=  1  A1\nx 6 a2 b2 B1\n\n"
        "# 2\n+ 3 A1 A2\n+ 3 B1 B2\n";
    auto parsed = read_puzzles(loose);
    REQUIRE(parsed.size() == 2);
    CHECK(parsed[0].line == 2);
    CHECK(parsed[1].line == 6);
    CHECK(parsed[0].puzzle == Puzzle{2, {{Op::Given, 1, {0}}, {Op::Mul, 6, {1, 2, 3}}}});
    CHECK(write_neknek(parsed[0].puzzle) == "#\t2\n!\t1\tA1\n*\t6\tA2 B1 B2\n");
}

TEST_CASE("readers order cages and cells however the text lists them", "[formats]") {
    const Puzzle p = read_one("#\t2\n+\t3\tB2 B1\n-\t1\tA2 A1\n");
    CHECK(p == Puzzle{2, {{Op::Sub, 1, {0, 1}}, {Op::Add, 3, {2, 3}}}});
}

TEST_CASE("CRLF line ends read the same in every format", "[formats]") {
    for (const char* name :
         {"seed000-kk1.neknek", "seed000-kk1.j", "seed001-6x6.txt", "seed004-6x6.cancan"}) {
        INFO(name);
        const std::string text = slurp(kTestData + "/" + name);
        std::string crlf;
        for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
        CHECK(read_one(crlf) == read_one(text));
    }
    CHECK(read_one("3:a_3aab_,s1a5m3m6\r\n") == read_keen_id("3:a_3aab_,s1a5m3m6"));
}

TEST_CASE("several puzzles in one file, every format", "[formats]") {
    const Puzzle a = read_one(slurp(kTestData + "/seed000-kk0.neknek"));
    const Puzzle b = read_one(slurp(kTestData + "/seed001-5x5.neknek"));
    for (Format f : {Format::Neknek, Format::Cancan, Format::J, Format::Fahda, Format::Keen}) {
        INFO(format_name(f));
        const std::string sep = f == Format::Keen ? "\n" : "\n\n";
        const std::string text = write_puzzle(a, f) + sep + write_puzzle(b, f);
        auto parsed = read_puzzles(text);
        REQUIRE(parsed.size() == 2);
        CHECK(parsed[0].puzzle == a);
        CHECK(parsed[1].puzzle == b);
        CHECK(parsed[0].line == 1);
        CHECK(parsed[1].line > 1);
    }
}

TEST_CASE("cancan files may open with comments and carry packed solution rows", "[formats]") {
    const std::string text =
        "# 7.\n"
        "a=3+ b=1 c=2\n"
        "a b\n"
        "a c\n"
        "# 21\n"
        "# 12\n"
        "# Difficulty: 1\n";
    CHECK(detect_format(text) == Format::Cancan);
    auto parsed = read_puzzles(text);
    REQUIRE(parsed.size() == 1);
    CHECK(parsed[0].line == 2);
    CHECK(parsed[0].puzzle ==
          Puzzle{2, {{Op::Add, 3, {0, 2}}, {Op::Given, 1, {1}}, {Op::Given, 2, {3}}}});
    REQUIRE(parsed[0].solution);
    CHECK(*parsed[0].solution == Grid{2, 1, 1, 2});
}

TEST_CASE("a cancan comment that looks like a neknek header is still cancan", "[formats]") {
    const std::string text = "# 3\na=3+ b=1 c=2\na b\na c\n";
    CHECK(detect_format(text) == Format::Cancan);
    CHECK(read_one(text) ==
          Puzzle{2, {{Op::Add, 3, {0, 2}}, {Op::Given, 1, {1}}, {Op::Given, 2, {3}}}});
    CHECK(detect_format("#\t2\n+\t3\tA1 A2\n+\t3\tB1 B2\n") == Format::Neknek);
}

TEST_CASE("format names parse back", "[formats]") {
    for (Format f : {Format::Neknek, Format::Cancan, Format::J, Format::Fahda, Format::Keen})
        CHECK(parse_format_name(format_name(f)) == f);
    CHECK_FALSE(parse_format_name("sudoku"));
}
