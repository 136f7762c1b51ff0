// Variants in the text forms: neknek '?' and its header variant, Keen's
// multiplication-only ids, and clear refusals where a form cannot carry the rules.
#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>

#include "core/io/formats.h"
#include "core/solve/solver.h"

using namespace kk;

namespace {

// A 4x4 puzzle with hidden operations (kenken generate --variant hidden --sizes 4
// --seed 3), as neknek writes it.
const char* kHidden =
    "#\t4\n"
    "?\t4\tA1 A2\n"
    "?\t18\tA3 A4 B3 B4\n"
    "?\t8\tB1 B2\n"
    "?\t6\tC1 C2\n"
    "?\t4\tC3 D2 D3\n"
    "?\t2\tC4 D4\n"
    "!\t3\tD1\n";

}  // namespace

TEST_CASE("neknek '?' reads as hidden operations and round-trips byte for byte",
          "[formats][variants]") {
    const auto parsed = read_puzzles(kHidden, Format::Neknek);
    REQUIRE(parsed.size() == 1);
    const Puzzle& p = parsed[0].puzzle;
    CHECK(p.rules.hidden);
    CHECK_FALSE(p.rules.killer);
    CHECK(write_neknek(p) == kHidden);
    // The same text with a killer header keeps it too.
    std::string killer = kHidden;
    killer.replace(0, 3, "#\t4\tkiller");
    const Puzzle k = read_puzzles(killer, Format::Neknek)[0].puzzle;
    CHECK(k.rules.hidden);
    CHECK(k.rules.killer);
    CHECK(write_neknek(k) == killer);
    // cancan and j write '?' and read it back as the same puzzle.
    CHECK(read_puzzles(write_cancan(p), Format::Cancan)[0].puzzle == p);
    CHECK(read_puzzles(write_j(p), Format::J)[0].puzzle == p);
}

TEST_CASE("a hidden puzzle is solved over every operation choice", "[formats][variants]") {
    Puzzle p = read_puzzles(kHidden, Format::Neknek)[0].puzzle;
    const SolveResult hidden = solve(p, 2);
    REQUIRE(hidden.count == 1);
    CHECK(is_solution(p, hidden.solutions[0]));
    // Read as if every cage were a sum, the same grid fails: the operations matter.
    Puzzle sums = p;
    sums.rules.hidden = false;
    CHECK_FALSE(is_solution(sums, hidden.solutions[0]));
}

TEST_CASE("neknek refuses a mix of '?' and shown operations, and bad header variants",
          "[formats][variants]") {
    std::string mixed = kHidden;
    mixed.replace(mixed.find("?\t2"), 1, "-");
    try {
        read_puzzles(mixed, Format::Neknek);
        FAIL("no error");
    } catch (const ParseError& e) {
        CHECK(std::string(e.what()).find("mixes hidden") != std::string::npos);
        CHECK(e.line == 7);  // the "-" cage; the first "?" is on line 2
    }
    CHECK_THROWS_AS(read_puzzles("#\t4\tkiler\n! 1 A1\n", Format::Neknek), ParseError);
    CHECK_THROWS_AS(read_puzzles("#\t2\thidden\n+\t3\tA1 A2\n+\t3\tB1 B2\n", Format::Neknek),
                    ParseError);
}

TEST_CASE("Keen ids carry multiplication-only puzzles, not hidden ones", "[formats][variants]") {
    // sgt-keen --generate 1 '4dhm#1' prints "4:_a__a3...": with no 1-cell cage the id
    // does not show the mode, so it is given in the parameters ("4m:" or "4dhm:").
    const std::string id = "4:_a__a3_ba_3ba,m8m12m6m24m8m3";
    const Puzzle p = read_keen_id("4dhm" + id.substr(1));
    CHECK(p.rules.ops == op_bit(Op::Mul));
    CHECK_FALSE(p.rules.hidden);
    // Written, the mode goes in the parameters: "4:..." read back as standard.
    CHECK(write_keen(p) == "4m" + id.substr(1));
    CHECK(read_keen_id(write_keen(p)) == p);
    CHECK(read_keen_id(id).rules.standard());
    // A 1-cell cage marked 'm' shows the mode (Keen's standard mode marks it 'a'), so a
    // multiplication-only puzzle with a given round-trips without parameters.
    Puzzle with_given;
    with_given.size = 2;
    with_given.rules.ops = op_bit(Op::Mul);
    with_given.cages = {{Op::Mul, 2, {0, 1}}, {Op::Given, 2, {2}}, {Op::Given, 1, {3}}};
    normalize(with_given);
    const std::string given_id = write_keen(with_given);
    CHECK(given_id.ends_with(",m2m2m1"));
    CHECK(read_keen_id(given_id) == with_given);
    CHECK(solve(p, 2).count == 1);
    // A standard Keen id stays standard.
    CHECK(read_keen_id("4:a_a_6a_a_caa,d2m12s1m12d2s2a7").rules.standard());
    Puzzle hidden = read_puzzles(kHidden, Format::Neknek)[0].puzzle;
    try {
        write_keen(hidden);
        FAIL("no error");
    } catch (const std::invalid_argument& e) {
        CHECK(std::string(e.what()).find("cannot carry hidden operations") != std::string::npos);
    }
    CHECK_THROWS_AS(write_fahda(hidden), std::invalid_argument);
    Puzzle killer = p;
    killer.rules.killer = true;
    CHECK_THROWS_AS(write_keen(killer), std::invalid_argument);
    CHECK_THROWS_AS(write_cancan(killer), std::invalid_argument);
}

// Found by the j fuzzer: "1?,0" is a 1x1 puzzle whose one cage is a given, read with
// hidden operations, which neknek (hidden only through '?' cages) wrote as standard.
TEST_CASE("hidden operations on a puzzle of single cells only are the standard puzzle",
          "[formats][variants]") {
    const Puzzle p = read_puzzles("1?,0", Format::J)[0].puzzle;
    CHECK_FALSE(p.rules.hidden);
    CHECK(read_puzzles(write_neknek(p), Format::Neknek)[0].puzzle == p);
    // One cage of two cells is enough to keep the rules hidden.
    const Puzzle q = read_puzzles(kHidden, Format::Neknek)[0].puzzle;
    CHECK(q.rules.hidden);
}

TEST_CASE("hidden operations of some operations only are refused where '?' means all four",
          "[formats][variants]") {
    // cancan and j wrote hidden,mult-only as '?', read back as hidden over + - x /:
    // another puzzle, perhaps of several solutions.
    Puzzle p = read_puzzles(kHidden, Format::Neknek)[0].puzzle;
    p.rules.ops = op_bit(Op::Mul);
    for (const Format f : {Format::Cancan, Format::J}) {
        INFO(format_name(f));
        try {
            write_puzzle(p, f);
            FAIL("no error");
        } catch (const std::invalid_argument& e) {
            CHECK(std::string(e.what()).find(
                      "cannot carry hidden operations of hidden,mult-only") != std::string::npos);
        }
    }
    CHECK(read_puzzles(write_neknek(p), Format::Neknek)[0].puzzle == p);
}

TEST_CASE("form_keeps_rules says which variants a form reads back as standard",
          "[formats][variants]") {
    Puzzle mult;
    mult.size = 2;
    mult.rules.ops = op_bit(Op::Mul);
    mult.cages = {{Op::Mul, 2, {0, 1}}, {Op::Mul, 2, {2, 3}}};
    normalize(mult);
    Puzzle add_sub = mult;
    add_sub.rules.ops = op_bit(Op::Add) | op_bit(Op::Sub);
    add_sub.cages = {{Op::Add, 3, {0, 1}}, {Op::Sub, 1, {2, 3}}};
    normalize(add_sub);
    Puzzle standard = add_sub;
    standard.rules = {};
    CHECK(form_keeps_rules(mult, Format::Keen));  // Keen's multiplication-only mode
    CHECK_FALSE(form_keeps_rules(add_sub, Format::Keen));
    for (const Format f : {Format::Cancan, Format::J}) {
        INFO(format_name(f));
        CHECK_FALSE(form_keeps_rules(mult, f));
        CHECK_FALSE(form_keeps_rules(add_sub, f));
        CHECK(form_keeps_rules(standard, f));
        // The same puzzle all the same: only its variant's name is lost.
        Puzzle back = read_puzzles(write_puzzle(mult, f), f)[0].puzzle;
        back.rules = mult.rules;
        CHECK(back == mult);
    }
    CHECK(form_keeps_rules(read_puzzles(kHidden, Format::Neknek)[0].puzzle, Format::Cancan));
    CHECK(form_keeps_rules(add_sub, Format::Neknek));
}
