// Impact-based branching of the plain restarted search (core/solve/impacts.h): what a
// decision's impact is, how the means learn, and which cell they pick.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "core/solve/impacts.h"

using namespace kk;

namespace {

// Candidates 1..k of a 9x9 cell.
Mask first_values(int k) {
    return range_mask(1, k);
}

}  // namespace

TEST_CASE("the search space is the product of the candidate counts, as a log", "[impacts]") {
    std::vector<Mask> cand(81, value_bit(5));  // all fixed: one grid, log 0
    CHECK(Impacts::log_space(cand.data(), 81) == 0.0f);
    cand[0] = first_values(2);
    cand[7] = first_values(4);
    cand[80] = first_values(9);
    CHECK(Impacts::log_space(cand.data(), 81) == Approx(std::log2(2.0 * 4 * 9)));
    // Only the first `cells` count.
    CHECK(Impacts::log_space(cand.data(), 8) == Approx(3.0));
}

TEST_CASE("a decision's impact is the share of the space it took away", "[impacts]") {
    CHECK(Impacts::impact_of(10.0f, 10.0f) == 0.0f);        // nothing narrowed
    CHECK(Impacts::impact_of(10.0f, 9.0f) == Approx(0.5));  // half the space left
    CHECK(Impacts::impact_of(10.0f, 7.0f) == Approx(0.875));
    CHECK(Impacts::impact_of(10.0f, 0.0f) == Approx(1.0).margin(1e-3));  // one grid left
}

TEST_CASE("an impact's mean moves a tenth of the way to each new impact", "[impacts]") {
    Impacts impacts;
    impacts.clear();
    CHECK(impacts.mean(3, 4) == 0.0f);
    impacts.learn(3, 4, 1.0f);
    CHECK(impacts.mean(3, 4) == Approx(Impacts::kRate));
    impacts.learn(3, 4, 1.0f);
    CHECK(impacts.mean(3, 4) == Approx(1 - (1 - Impacts::kRate) * (1 - Impacts::kRate)));
    CHECK(impacts.mean(3, 5) == 0.0f);  // other values and cells keep theirs
    CHECK(impacts.mean(4, 4) == 0.0f);
    impacts.clear();
    CHECK(impacts.mean(3, 4) == 0.0f);
}

TEST_CASE("untried, the cell picked is the first with the fewest candidates", "[impacts]") {
    Impacts impacts;
    impacts.clear();
    std::vector<Mask> cand(81, first_values(9));
    cand[0] = value_bit(3);  // fixed: never picked
    cand[10] = first_values(4);
    cand[20] = first_values(3);
    cand[30] = first_values(3);
    CHECK(impacts.least_space_cell(cand.data(), 81) == 20);
    std::vector<Mask> fixed(81, value_bit(1));
    CHECK(impacts.least_space_cell(fixed.data(), 81) == -1);
}

TEST_CASE("a cell whose values keep cutting the space is picked before a smaller one",
          "[impacts]") {
    Impacts impacts;
    impacts.clear();
    std::vector<Mask> cand(81, first_values(9));
    cand[20] = first_values(3);  // 3 untried values leave 3
    cand[40] = first_values(4);
    // Cell 40's decisions failed or took nearly everything away: 4 values leave less.
    for (int i = 0; i < 30; ++i)
        for (int v = 1; v <= 4; ++v) impacts.learn(40, v, v == 4 ? 0.9f : 1.0f);
    CHECK(impacts.least_space_cell(cand.data(), 81) == 40);
    // Only the values a cell still has count: without 4 (its mildest) it leaves less.
    cand[40] = first_values(3);
    CHECK(impacts.least_space_cell(cand.data(), 81) == 40);
    // Cell 20's values learnt to cut even more: it is picked again.
    for (int i = 0; i < 60; ++i)
        for (int v = 1; v <= 3; ++v) impacts.learn(20, v, 1.0f);
    CHECK(impacts.least_space_cell(cand.data(), 81) == 20);
}
