// What the readers take and say for text a puzzle editor writes: the signs × ÷ −, a
// '?' on a one-cell cage, a file whose format is not recognised, a target "-0".
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "core/io/formats.h"

using namespace kk;

namespace {

// The same 4x4 puzzle in each form, ASCII signs; `sign` below puts × ÷ − in.
const std::string kNeknek =
    "#\t4\n+\t7\tA1 B1\n!\t2\tA2\n-\t2\tA3 A4\n-\t3\tB2 B3\n/\t2\tB4 C4\n!\t1\tC1\n"
    "*\t6\tC2 C3\n+\t3\tD1 D2\n+\t7\tD3 D4\n";
const std::string kCancan =
    "a=7+ b=2 c=2- d=3- e=2/ f=1 g=6x h=3+ i=7+\n"
    "a b c c\na d d e\nf g g e\nh h i i\n";
const std::string kJ = "7+,0 4\n2,1\n2-,2 3\n3-,5 6\n2%,7 11\n1,8\n6*,9 10\n3+,12 13\n7+,14 15\n";
const std::string kFahda = "4 9\n1 2 3 3\n1 4 4 5\n6 7 7 5\n8 8 9 9\n7+ 2= 2- 3- 2/ 1= 6x 3+ 7+\n";

// text with each `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

// The message of the ParseError reading text throws ("" when it reads).
std::string read_error(const std::string& text, Format format = Format::Auto) {
    try {
        read_puzzles(text, format);
    } catch (const ParseError& e) {
        return e.what();
    }
    return "";
}

struct Signed {
    Format format;
    std::string ascii, with_signs;
};

// Each form with × ÷ − where it has x (or *), / (or %) and -.
std::vector<Signed> signed_forms() {
    return {
        {Format::Neknek, kNeknek,
         replaced(replaced(replaced(kNeknek, "*\t", "\u00d7\t"), "/\t", "\u00f7\t"), "-\t",
                  "\u2212\t")},
        {Format::Cancan, kCancan,
         replaced(replaced(replaced(kCancan, "6x", "6\u00d7"), "2/", "2\u00f7"), "-", "\u2212")},
        {Format::J, kJ,
         replaced(replaced(replaced(kJ, "6*", "6\u00d7"), "2%", "2\u00f7"), "-,", "\u2212,")},
        {Format::Fahda, kFahda,
         replaced(replaced(replaced(kFahda, "6x", "6\u00d7"), "2/", "2\u00f7"), "- ", "\u2212 ")},
    };
}

}  // namespace

TEST_CASE("the signs × ÷ − read as x / - in every form and round-trip", "[formats][signs]") {
    const Puzzle expected = read_puzzles(kNeknek, Format::Neknek)[0].puzzle;
    for (const Signed& s : signed_forms()) {
        INFO(format_name(s.format) << ":\n" << s.with_signs);
        REQUIRE(s.with_signs != s.ascii);
        REQUIRE(read_puzzles(s.ascii, s.format)[0].puzzle == expected);
        // Auto-detection finds the form too (it was "unknown operation '\x97'").
        for (Format f : {s.format, Format::Auto}) {
            const auto parsed = read_puzzles(s.with_signs, f);
            REQUIRE(parsed.size() == 1);
            CHECK(parsed[0].puzzle == expected);
            // Written back in ASCII, it reads as the same puzzle.
            CHECK(write_puzzle(parsed[0].puzzle, s.format) == write_puzzle(expected, s.format));
            CHECK(read_puzzles(write_puzzle(parsed[0].puzzle, s.format), s.format)[0].puzzle ==
                  expected);
        }
    }
}

TEST_CASE("an unknown operator sign is named whole, with the ASCII to write", "[formats][signs]") {
    // U+2715 (a multiplication X) is not taken: it names its last byte no more ('\x95').
    const std::string cross = "\u2715";
    const std::vector<Signed> forms = {
        {Format::Neknek, kNeknek, replaced(kNeknek, "*\t", cross + "\t")},
        {Format::Cancan, kCancan, replaced(kCancan, "6x", "6" + cross)},
        {Format::J, kJ, replaced(kJ, "6*", "6" + cross)},
        {Format::Fahda, kFahda, replaced(kFahda, "6x", "6" + cross)},
    };
    for (const Signed& s : forms) {
        INFO(format_name(s.format));
        const std::string what = read_error(s.with_signs, s.format);
        CHECK_THAT(what, Catch::Contains("unknown operation '" + cross + "'") &&
                             Catch::Contains("x or * for \u00d7, / for \u00f7, - for \u2212") &&
                             !Catch::Contains("\\x"));
    }
    // An ASCII one is named as before, without the hint.
    CHECK_THAT(read_error(replaced(kNeknek, "*\t", "^\t")),
               Catch::Contains("unknown operation '^'") && !Catch::Contains("for \u00d7"));
}

TEST_CASE("'?' on a one-cell cage reads as a given in every form", "[formats][hidden]") {
    // 1x1: it was a '+' cage.
    const Puzzle one = read_puzzles("#\t1\n?\t1\tA1\n")[0].puzzle;
    CHECK(one.rules.standard());
    CHECK(one.cages[0].op == Op::Given);
    // Singles '?' among shown operations: it was "a puzzle mixes hidden ('?') and shown
    // operations"; now the puzzle with '!' there, standard.
    const Puzzle shown = read_puzzles(kNeknek, Format::Neknek)[0].puzzle;
    const std::string singles = replaced(kNeknek, "!\t", "?\t");
    CHECK(read_puzzles(singles)[0].puzzle == shown);
    CHECK(read_puzzles(replaced(kCancan, "b=2 ", "b=2? "))[0].puzzle == shown);
    CHECK(read_puzzles(replaced(kJ, "2,1\n", "2?,1\n"))[0].puzzle == shown);
    // Every cage '?': hidden, the singles givens, as before.
    std::string all =
        replaced(replaced(replaced(replaced(singles, "+\t", "?\t"), "-\t", "?\t"), "/\t", "?\t"),
                 "*\t", "?\t");
    const Puzzle hidden = read_puzzles(all)[0].puzzle;
    CHECK(hidden.rules.hidden);
    CHECK(hidden.cages[1].op == Op::Given);
    // Written, the singles are '!'.
    CHECK_THAT(write_neknek(hidden), Catch::Contains("!\t2\tA2") && Catch::Contains("!\t1\tC1"));
    // A '?' on a larger cage among shown ones is still a mix.
    CHECK_THAT(read_error(replaced(kNeknek, "+\t3\t", "?\t3\t")), Catch::Contains("mixes hidden"));
}

TEST_CASE("a text of no recognised format says so and names the likely one", "[formats][detect]") {
    // A j file whose first line has a space before its comma, a cancan key with spaces:
    // both said "expected a '#<TAB>size' header before the cages".
    const std::string j = "7+ ,0 4\n" + kJ.substr(kJ.find('\n') + 1);
    CHECK_THAT(read_error(j), Catch::Contains("the format is not recognised from '7+ ,0 4'") &&
                                  Catch::Contains("try --format j") &&
                                  !Catch::Contains("header before the cages"));
    CHECK(read_puzzles(j, Format::J)[0].puzzle == read_puzzles(kJ, Format::J)[0].puzzle);
    CHECK_THAT(read_error("a = 7+ " + kCancan.substr(5)), Catch::Contains("try --format cancan"));
    CHECK_THAT(read_error("hello\n"), Catch::Contains("the format is not recognised") &&
                                          Catch::Contains("--format neknek, cancan, j"));
    // A neknek file without its header is still told so.
    CHECK_THAT(read_error(kNeknek.substr(kNeknek.find('\n') + 1)),
               Catch::Contains("header before the cages"));
}

TEST_CASE("a j cage may have spaces around its operation, as seed000's reader allows",
          "[formats][detect]") {
    // seed000's triplets reads "12 +,..." as 12 and +; the j reader said "target '7 ' is
    // not a number" to the --format j that detection suggested for it.
    const Puzzle expected = read_puzzles(kJ, Format::J)[0].puzzle;
    for (const std::string& spaced : {replaced(kJ, "7+,", "7 +,"), replaced(kJ, "7+,", " 7\t+ ,"),
                                      replaced(kJ, "2%,", "2 % ,"), replaced(kJ, "2,1", "2 ,1")}) {
        INFO(spaced);
        CHECK(read_puzzles(spaced, Format::J)[0].puzzle == expected);
        // Detection still wants the first line as written, and names j for it.
        const std::string what = read_error(spaced);
        if (!what.empty()) CHECK_THAT(what, Catch::Contains("try --format j"));
    }
    // A space inside the target is no number: detection does not name j for it, and j
    // says which line and why.
    const std::string split = replaced(kJ, "7+,", "1 7+,");
    CHECK_THAT(read_error(split),
               Catch::Contains("not recognised") && !Catch::Contains("try --format j"));
    CHECK_THAT(read_error(split, Format::J), Catch::Contains("target '1 7' is not a number"));
    try {
        read_puzzles(split, Format::J);
    } catch (const ParseError& e) {
        CHECK(e.line == 1);
    }
}

TEST_CASE("a text of no recognised format is quoted with its UTF-8 as it is",
          "[formats][detect][utf8]") {
    // It was 'caf\xC3\xA9 au lait'.
    CHECK_THAT(
        read_error("caf\u00e9 au lait\n"),
        Catch::Contains("not recognised from 'caf\u00e9 au lait'") && !Catch::Contains("\\x"));
    CHECK_THAT(read_error("cr\u00e8me br\u00fbl\u00e9e,0\n"),
               Catch::Contains("'cr\u00e8me br\u00fbl\u00e9e,0'"));
}

TEST_CASE("Keen ids may follow '#' comment lines", "[formats][keen]") {
    // It was read as neknek: "unknown variant 'puzzles'".
    const std::string id = "4:a_a_6a_a_caa,d2m12s1m12d2s2a7";
    const auto parsed = read_puzzles("# Keen puzzles\n" + id + "\n# the last\n");
    REQUIRE(parsed.size() == 1);
    CHECK(parsed[0].puzzle == read_keen_id(id));
    CHECK(parsed[0].line == 2);
    // As neknek, the same comment is a header whose size is no number.
    CHECK_THAT(read_error("# Keen puzzles\n+ 3 A1 A2\n", Format::Neknek),
               Catch::Contains("size 'Keen' is not a number"));
}

TEST_CASE("a target '-0' is zero, not negative", "[formats][bad]") {
    CHECK_THAT(read_error(replaced(kNeknek, "+\t3\t", "+\t-0\t")),
               Catch::Contains("target '-0' is zero"));
    CHECK_THAT(read_error(replaced(kNeknek, "+\t3\t", "+\t-3\t")),
               Catch::Contains("target '-3' is negative"));
}
