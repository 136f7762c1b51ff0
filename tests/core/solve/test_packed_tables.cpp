// Table cages of 5 to 8 cells beside a lazy cage are scanned packed (a tuple's cells and
// lines as vector lanes): the answers must be those of the solver that builds no table.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <vector>

#include "core/solve/solver.h"
#include "tests/support/random_latin.h"
#include "tests/support/sanitized.h"

using namespace kk;

namespace {

// An n x n puzzle on grid: row 0 and column 0 one big sum cage (lazy for a solver with a
// budget under its tuples), half of the other cells given, and the rest dealt in
// reading order into cages of 5 to 8 cells (the last may be smaller; cages need not be
// connected here), each a sum or a product of its values.
Puzzle packed_puzzle(int n, const std::vector<int>& grid, std::mt19937& rng) {
    Puzzle p;
    p.size = n;
    Cage big{Op::Add, 0, {}};
    std::vector<int> rest;
    for (int cell = 0; cell < n * n; ++cell) {
        const int v = grid[static_cast<size_t>(cell)];
        if (cell < n || cell % n == 0) {
            big.cells.push_back(cell);
            big.target += v;
        } else if (rng() % 2 == 0) {
            p.cages.push_back(Cage{Op::Given, v, {cell}});
        } else {
            rest.push_back(cell);
        }
    }
    p.cages.insert(p.cages.begin(), big);
    for (size_t i = 0; i < rest.size();) {
        const int size = 5 + static_cast<int>(rng() % 4);
        Cage c{rng() % 2 ? Op::Add : Op::Mul, 0, {}};
        c.target = c.op == Op::Add ? 0 : 1;
        for (int j = 0; j < size && i < rest.size(); ++j, ++i) {
            const int cell = rest[i];
            c.cells.push_back(cell);
            const int v = grid[static_cast<size_t>(cell)];
            c.target = c.op == Op::Add ? c.target + v : c.target * v;
        }
        p.cages.push_back(c);
    }
    return p;
}

}  // namespace

TEST_CASE("packed tables beside a lazy cage decide as the solver without tables",
          "[solver][big-cages]") {
    std::mt19937 rng(20261124);
    int unique = 0, none = 0, several = 0;
    Solver packed(10'000), no_tables(0);
    const int trials = kSanitized ? 60 : 120;  // each takes a quarter second sanitized
    for (int trial = 0; trial < trials; ++trial) {
        const int n = 7;
        const std::vector<int> grid = random_latin(n, rng);
        Puzzle p = packed_puzzle(n, grid, rng);
        if (trial % 3 == 2) ++p.cages[1 + rng() % (p.cages.size() - 1)].target;  // nudged
        INFO("trial " << trial);
        SolveResult a = packed.solve(p, 2);
        // The big cage, and cages past what is left of the budget: the rest are tables.
        REQUIRE(packed.lazy_cages() >= 1);
        REQUIRE(packed.lazy_cages() + 2 <= static_cast<int>(p.cages.size()));
        SolveResult b = no_tables.solve(p, 2);
        REQUIRE(no_tables.lazy_cages() > 1);
        CHECK(a.count == b.count);
        for (const Grid& g : a.solutions) CHECK(is_solution(p, g));
        if (trial % 3 != 2) CHECK(a.count >= 1);
        if (a.count == 1) CHECK(a.solutions == b.solutions);
        unique += a.count == 1;
        none += a.count == 0;
        several += a.count > 1;
    }
    // Both outcomes of a search, and refutations, are met.
    WARN(unique << " " << several << " " << none);
    CHECK(unique > trials / 12);
    CHECK(several > trials / 12);
    CHECK(none > trials / 24);
}
