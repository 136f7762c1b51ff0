#include <catch2/catch.hpp>

#include "core/model/puzzle.h"

using namespace kk;

namespace {
Puzzle two_by_two() {
    Puzzle p;
    p.size = 2;
    p.cages = {{Op::Add, 3, {0, 1}}, {Op::Sub, 1, {2, 3}}};
    return p;
}
}  // namespace

TEST_CASE("a well-formed puzzle passes the check", "[puzzle]") {
    REQUIRE_FALSE(check_puzzle(two_by_two()).has_value());
}

TEST_CASE("check names each structural fault", "[puzzle]") {
    Puzzle p = two_by_two();
    SECTION("cell used twice") {
        p.cages[1].cells = {1, 3};
        auto issue = check_puzzle(p);
        REQUIRE(issue);
        CHECK(issue->cage == 1);
        CHECK_THAT(issue->message, Catch::Contains("A2"));
    }
    SECTION("cell left out") {
        p.cages[1] = {Op::Given, 1, {2}};
        auto issue = check_puzzle(p);
        REQUIRE(issue);
        CHECK_THAT(issue->message, Catch::Contains("B2 is in no cage"));
    }
    SECTION("cage in two pieces") {
        p.cages = {{Op::Add, 3, {0, 3}}, {Op::Add, 3, {1, 2}}};
        auto issue = check_puzzle(p);
        REQUIRE(issue);
        CHECK_THAT(issue->message, Catch::Contains("not orthogonally connected"));
    }
    SECTION("three-cell subtraction") {
        p.size = 3;
        p.cages = {{Op::Sub, 1, {0, 1, 2}}};
        auto issue = check_puzzle(p);
        REQUIRE(issue);
        CHECK_THAT(issue->message, Catch::Contains("exactly 2 cells"));
    }
    SECTION("an op the rules leave out, named with its article") {
        // "a * cage is not allowed in a add-sub puzzle".
        p.cages[1] = {Op::Mul, 3, {2, 3}};
        p.rules = *parse_rules("add-sub");
        auto issue = check_puzzle(p);
        REQUIRE(issue);
        CHECK(issue->message == "a * cage is not allowed in an add-sub puzzle");
        p.cages[0] = {Op::Sub, 1, {0, 1}};
        p.cages[1] = {Op::Mul, 2, {2, 3}};
        p.rules = *parse_rules("mult-only");
        issue = check_puzzle(p);
        REQUIRE(issue);
        CHECK(issue->message == "a - cage is not allowed in a mult-only puzzle");
    }
    SECTION("zero target") {
        p.cages[0].target = 0;
        REQUIRE(check_puzzle(p));
    }
    SECTION("size ten") {
        p.size = 10;
        REQUIRE(check_puzzle(p));
    }
}

TEST_CASE("is_solution checks rows, columns and cages", "[puzzle]") {
    Puzzle p = two_by_two();
    CHECK(is_solution(p, {1, 2, 2, 1}));
    CHECK_FALSE(is_solution(p, {1, 2, 1, 2}));  // columns repeat
    p.cages[0].target = 4;
    CHECK_FALSE(is_solution(p, {1, 2, 2, 1}));
}
