#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <tuple>

#include "core/io/formats.h"
#include "core/solve/cage_bounds.h"
#include "core/solve/cage_table.h"
#include "core/solve/solver.h"
#include "tests/support/sanitized.h"
#include "tests/support/test_files.h"

using namespace kk;

namespace {

// The plainest counter there is: givens first, then every other cell in reading
// order tries 1..n against its row and column; a cage is checked when its last
// cell is filled.
class BruteForceCounter {
  public:
    BruteForceCounter(const Puzzle& p, int limit)
        : p_(p), n_(p.size), limit_(limit), grid_(static_cast<size_t>(n_ * n_), 0) {
        owner_ = cage_of_cells(p);
        left_.resize(p.cages.size());
        for (size_t k = 0; k < p.cages.size(); ++k)
            left_[k] = static_cast<int>(p.cages[k].cells.size());
        for (size_t k = 0; k < p.cages.size(); ++k)
            if (p.cages[k].op == Op::Given) {
                int cell = p.cages[k].cells[0];
                if (p.cages[k].target > n_ || !fits(cell, static_cast<int>(p.cages[k].target)))
                    impossible_ = true;
                else
                    grid_[static_cast<size_t>(cell)] = static_cast<int>(p.cages[k].target);
                left_[k] = 0;
            }
    }

    int count() {
        if (!impossible_) fill(0);
        return found_;
    }

  private:
    bool fits(int cell, int v) const {
        int r = cell / n_, c = cell % n_;
        for (int i = 0; i < n_; ++i)
            if (grid_[static_cast<size_t>(r * n_ + i)] == v ||
                grid_[static_cast<size_t>(i * n_ + c)] == v)
                return false;
        return true;
    }

    void fill(int cell) {
        if (found_ >= limit_) return;
        if (cell == n_ * n_) {
            ++found_;
            return;
        }
        if (grid_[static_cast<size_t>(cell)] != 0) return fill(cell + 1);
        const size_t k = static_cast<size_t>(owner_[static_cast<size_t>(cell)]);
        for (int v = 1; v <= n_; ++v) {
            if (!fits(cell, v)) continue;
            grid_[static_cast<size_t>(cell)] = v;
            if (--left_[k] > 0 || cage_holds(p_.cages[k], grid_)) fill(cell + 1);
            ++left_[k];
            grid_[static_cast<size_t>(cell)] = 0;
        }
    }

    const Puzzle& p_;
    int n_, limit_;
    Grid grid_;
    std::vector<int> owner_, left_;
    int found_ = 0;
    bool impossible_ = false;
};

// Random Latin square: the cyclic one with rows, columns and symbols shuffled.
Grid random_latin_square(int n, std::mt19937& rng) {
    std::vector<int> rows(static_cast<size_t>(n)), cols(rows), symbols(rows);
    std::iota(rows.begin(), rows.end(), 0);
    std::iota(cols.begin(), cols.end(), 0);
    std::iota(symbols.begin(), symbols.end(), 1);
    std::shuffle(rows.begin(), rows.end(), rng);
    std::shuffle(cols.begin(), cols.end(), rng);
    std::shuffle(symbols.begin(), symbols.end(), rng);
    Grid g(static_cast<size_t>(n * n));
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            g[static_cast<size_t>(r * n + c)] = symbols[static_cast<size_t>(
                (rows[static_cast<size_t>(r)] + cols[static_cast<size_t>(c)]) % n)];
    return g;
}

// Random tiling into connected cages of up to max_cage cells, grown cell by cell.
std::vector<std::vector<int>> random_tiling(int n, int max_cage, std::mt19937& rng) {
    std::vector<int> owner(static_cast<size_t>(n * n), -1), order(owner.size());
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    std::vector<std::vector<int>> cages;
    for (int start : order) {
        if (owner[static_cast<size_t>(start)] >= 0) continue;
        std::vector<int> cage{start};
        owner[static_cast<size_t>(start)] = static_cast<int>(cages.size());
        int want = std::uniform_int_distribution<int>(1, max_cage)(rng);
        while (static_cast<int>(cage.size()) < want) {
            std::vector<int> frontier;
            for (int c : cage) {
                int r = c / n, col = c % n;
                const int next[4][2] = {{r - 1, col}, {r + 1, col}, {r, col - 1}, {r, col + 1}};
                for (auto& rc : next)
                    if (rc[0] >= 0 && rc[0] < n && rc[1] >= 0 && rc[1] < n &&
                        owner[static_cast<size_t>(rc[0] * n + rc[1])] < 0)
                        frontier.push_back(rc[0] * n + rc[1]);
            }
            if (frontier.empty()) break;
            int pick = frontier[std::uniform_int_distribution<size_t>(0, frontier.size() - 1)(rng)];
            owner[static_cast<size_t>(pick)] = static_cast<int>(cages.size());
            cage.push_back(pick);
        }
        cages.push_back(cage);
    }
    return cages;
}

// A puzzle on a random tiling whose cages hold for `grid`, with an operation
// picked at random; sometimes a target is nudged so the puzzle may have no
// solution at all.
Puzzle random_puzzle(int n, int max_cage, std::mt19937& rng, Grid& grid) {
    grid = random_latin_square(n, rng);
    Puzzle p;
    p.size = n;
    for (auto& cells : random_tiling(n, max_cage, rng)) {
        Cage cage;
        cage.cells = cells;
        std::int64_t sum = 0, product = 1;
        for (int c : cells) {
            sum += grid[static_cast<size_t>(c)];
            product *= grid[static_cast<size_t>(c)];
        }
        int roll = std::uniform_int_distribution<int>(0, 3)(rng);
        if (cells.size() == 1) {
            cage.op = roll == 0 ? Op::Given : Op::Add;
            cage.target = sum;
        } else if (cells.size() == 2) {
            int a = grid[static_cast<size_t>(cells[0])], b = grid[static_cast<size_t>(cells[1])];
            int hi = std::max(a, b), lo = std::min(a, b);
            if (roll == 0) {
                cage.op = Op::Sub;
                cage.target = hi - lo;
            } else if (roll == 1 && hi % lo == 0) {
                cage.op = Op::Div;
                cage.target = hi / lo;
            } else {
                cage.op = roll == 2 ? Op::Mul : Op::Add;
                cage.target = roll == 2 ? product : sum;
            }
        } else {
            cage.op = roll < 2 ? Op::Add : Op::Mul;
            cage.target = roll < 2 ? sum : product;
        }
        if (std::uniform_int_distribution<int>(0, 29)(rng) == 0) cage.target += 1;
        p.cages.push_back(cage);
    }
    normalize(p);
    return p;
}

Puzzle from_rows(int n, std::vector<Cage> cages) {
    Puzzle p;
    p.size = n;
    p.cages = std::move(cages);
    normalize(p);
    REQUIRE_FALSE(check_puzzle(p).has_value());
    return p;
}

// Givens for every cell of `grid` outside `skip`.
std::vector<Cage> givens_outside(const Grid& grid, const std::vector<int>& skip) {
    std::vector<Cage> cages;
    for (int c = 0; c < static_cast<int>(grid.size()); ++c)
        if (std::find(skip.begin(), skip.end(), c) == skip.end())
            cages.push_back({Op::Given, grid[static_cast<size_t>(c)], {c}});
    return cages;
}

// A .solution file: one row a line, values separated by spaces.
Grid read_solution(const std::string& path) {
    std::istringstream in(slurp(path));
    Grid g;
    for (int v; in >> v;) g.push_back(v);
    return g;
}

// INDEX.md's table: puzzle name and its "solutions" column ("1", "0", "2 or more").
std::vector<std::pair<std::string, std::string>> seed_solution_counts() {
    std::istringstream in(slurp(kTestData + "/INDEX.md"));
    std::vector<std::pair<std::string, std::string>> seeds;
    for (std::string row; std::getline(in, row);) {
        if (row.rfind("| seed", 0) != 0) continue;
        std::vector<std::string> cols;
        std::istringstream cells(row.substr(1));
        for (std::string col; std::getline(cells, col, '|');) {
            col.erase(0, col.find_first_not_of(' '));
            col.erase(col.find_last_not_of(' ') + 1);
            cols.push_back(col);
        }
        REQUIRE(cols.size() >= 3);
        seeds.emplace_back(cols[0], cols[2]);
    }
    return seeds;
}

void require_solutions_valid(const Puzzle& p, const SolveResult& r) {
    REQUIRE(r.solutions.size() == static_cast<size_t>(r.count));
    for (const Grid& g : r.solutions) CHECK(is_solution(p, g));
    for (size_t i = 1; i < r.solutions.size(); ++i)
        for (size_t j = 0; j < i; ++j) CHECK(r.solutions[i] != r.solutions[j]);
}

}  // namespace

TEST_CASE("cage tables hold exactly the tuples that meet the cage", "[solver]") {
    std::vector<Mask> out;
    SECTION("3- in a row of 6: (1,4) (4,1) (2,5) (5,2) (3,6) (6,3)") {
        auto count = build_cage_table({Op::Sub, 3, {0, 1}}, 6, {}, out);
        REQUIRE(count == 6u);
    }
    SECTION("an L of three cells may repeat a value on the diagonal") {
        // Cells A1 A2 B1 in 4x4, product 4.
        auto count = build_cage_table({Op::Mul, 4, {0, 1, 4}}, 4, {}, out);
        REQUIRE(count.has_value());
        std::vector<std::vector<int>> tuples;
        for (size_t t = 0; t < *count; ++t) {
            std::vector<int> v;
            for (size_t j = 0; j < 3; ++j) v.push_back(lowest_value(out[t * 3 + j]));
            tuples.push_back(v);
        }
        std::sort(tuples.begin(), tuples.end());
        // A1-A2 share a row and A1-B1 a column; A2 and B1 share neither, so they may
        // repeat. Of {1,1,4} and {1,2,2} that leaves (4,1,1) and (1,2,2).
        CHECK(tuples == std::vector<std::vector<int>>{{1, 2, 2}, {4, 1, 1}});
    }
    SECTION("a target no tuple reaches gives an empty table") {
        REQUIRE(build_cage_table({Op::Mul, 330, {0, 1, 2}}, 8, {}, out) == 0u);
        REQUIRE(build_cage_table({Op::Given, 7, {0}}, 6, {}, out) == 0u);
        REQUIRE(build_cage_table({Op::Add, kMaxTarget, {0, 1, 2}}, 9, {}, out) == 0u);
    }
    SECTION("a table over its limit is refused and leaves the output as it was") {
        out.assign(5, Mask{1});
        CageTableLimits limits;
        limits.max_tuples = 100;
        std::vector<int> two_rows;
        for (int c = 0; c < 18; ++c) two_rows.push_back(c);
        REQUIRE_FALSE(build_cage_table({Op::Add, 90, two_rows}, 9, limits, out).has_value());
        CHECK(out.size() == 5);
    }
}

TEST_CASE("the lazy bounds prune soundly and are exact on full assignments", "[solver]") {
    const Mask six = full_mask(6);
    SECTION("sums: per cell, and with distinct values in a line") {
        // Three cells on a diagonal of a 6x6 may repeat: 17 - 6 - 6 = 5 is the least.
        Mask diagonal[3] = {six, six, six};
        REQUIRE(narrow_by_bounds({Op::Add, 17, {0, 7, 14}}, 6, diagonal));
        for (Mask m : diagonal) CHECK(m == (value_bit(5) | value_bit(6)));
        // In one row they are distinct: at most 6 + 5 + 4 = 15.
        Mask row[3] = {six, six, six};
        CHECK_FALSE(narrow_by_bounds({Op::Add, 17, {0, 1, 2}}, 6, row));
        Mask pair[2] = {six, six};
        REQUIRE(narrow_by_bounds({Op::Add, 11, {0, 1}}, 6, pair));
        CHECK(pair[0] == (value_bit(5) | value_bit(6)));
        // A whole row of 9 always sums to 45.
        std::vector<int> nine(9);
        std::iota(nine.begin(), nine.end(), 0);
        std::vector<Mask> full_row(9, full_mask(9));
        CHECK_FALSE(narrow_by_bounds({Op::Add, 46, nine}, 9, full_row.data()));
        CHECK(narrow_by_bounds({Op::Add, 45, nine}, 9, full_row.data()));
    }
    SECTION("products: divisibility, bounds, and the exact check") {
        // A 2x2 block of a 9x9: A1 B2 and A2 B1 pairs share neither row nor column.
        Cage product{Op::Mul, 60, {0, 1, 9, 10}};
        Mask four[4] = {value_bit(5), full_mask(9), full_mask(9), full_mask(9)};
        REQUIRE(narrow_by_bounds(product, 9, four));
        // 12 is left for three cells: each divides 12.
        for (int j = 1; j < 4; ++j)
            CHECK(four[j] ==
                  (value_bit(1) | value_bit(2) | value_bit(3) | value_bit(4) | value_bit(6)));
        Mask wrong[4] = {value_bit(5), value_bit(3), value_bit(3), value_bit(2)};  // 90
        CHECK_FALSE(narrow_by_bounds(product, 9, wrong));
        Mask exact[4] = {value_bit(5), value_bit(2), value_bit(2), value_bit(3)};  // 60
        CHECK(narrow_by_bounds(product, 9, exact));
        Mask huge[3] = {full_mask(9), full_mask(9), full_mask(9)};
        CHECK_FALSE(narrow_by_bounds({Op::Mul, kMaxTarget, {0, 1, 2}}, 9, huge));
        // A whole row's product is 9! whatever the order.
        std::vector<int> nine(9);
        std::iota(nine.begin(), nine.end(), 0);
        std::vector<Mask> full_row(9, full_mask(9));
        CHECK_FALSE(narrow_by_bounds({Op::Mul, 2 * 362880, nine}, 9, full_row.data()));
    }
}

namespace {
// seed002 4x4a, written out by hand: it has exactly one solution.
Puzzle seed002_4x4a() {
    return from_rows(4, {{Op::Div, 2, {0, 1}},
                         {Op::Mul, 3, {2, 3, 6}},
                         {Op::Add, 8, {4, 5, 9}},
                         {Op::Given, 4, {7}},
                         {Op::Sub, 3, {8, 12}},
                         {Op::Given, 4, {10}},
                         {Op::Mul, 6, {11, 15}},
                         {Op::Div, 2, {13, 14}}});
}
}  // namespace

TEST_CASE("a unique puzzle gives its one solution", "[solver]") {
    const Grid grid = {2, 4, 3, 1, 3, 2, 1, 4, 1, 3, 4, 2, 4, 1, 2, 3};
    Puzzle p = seed002_4x4a();
    REQUIRE(BruteForceCounter(p, 3).count() == 1);
    SolveResult r = solve(p, 3);
    REQUIRE(r.count == 1);
    CHECK(r.solutions[0] == grid);
}

TEST_CASE("the thread's solver keeps its tables until told to forget them", "[solver]") {
    // bench times solve() and grade() cold: grade() solves through the thread's own
    // solver, whose tables outlived every run until forget_thread_tables() existed.
    Puzzle p = seed002_4x4a();
    forget_thread_tables();
    REQUIRE(thread_tables_held() == 0);
    REQUIRE(solve(p).count == 1);
    const std::size_t held = thread_tables_held();
    CHECK(held > 0);
    REQUIRE(solve(p).count == 1);
    CHECK(thread_tables_held() == held);  // the second solve found them all kept
    forget_thread_tables();
    CHECK(thread_tables_held() == 0);
}

TEST_CASE("solver counts agree with a brute-force counter on random small puzzles", "[solver]") {
    std::mt19937 rng(20240611);
    Solver lazy_everywhere(0);
    Solver lazy_past_40_tuples(40);  // tables for the first cages, lazy for the rest
    int seen[4] = {0, 0, 0, 0};      // 0, 1, 2, 3 solutions
    for (int trial = 0; trial < 1500; ++trial) {
        const int n = 3 + trial % 3;
        const int max_cage = 2 + trial % 5;
        Grid grid;
        Puzzle p = random_puzzle(n, max_cage, rng, grid);
        REQUIRE_FALSE(check_puzzle(p).has_value());
        const int expected = BruteForceCounter(p, 3).count();
        SolveResult r = solve(p, 3);
        INFO("trial " << trial << ", size " << n);
        REQUIRE(r.count == expected);
        require_solutions_valid(p, r);
        for (Solver* solver : {&lazy_everywhere, &lazy_past_40_tuples}) {
            SolveResult lazy = solver->solve(p, 3);
            REQUIRE(lazy.count == expected);
            require_solutions_valid(p, lazy);
        }
        ++seen[expected];
    }
    // The random set covers every answer, so the agreement means something.
    CHECK(seen[0] > 0);
    CHECK(seen[1] > 0);
    CHECK(seen[3] > 0);
}

TEST_CASE("restarted searches on lazy cages still count exactly", "[solver][big-cages]") {
    // Lazy cages make the search restart (every 64 Luby nodes): a solution found in
    // two runs must count once, and the last, uncut run must find every one.
    Puzzle one_cage;
    one_cage.size = 4;
    Cage all;
    all.op = Op::Add;
    all.target = 40;
    for (int c = 0; c < 16; ++c) all.cells.push_back(c);
    one_cage.cages.push_back(all);
    Solver lazy(0);
    const SolveResult latin = lazy.solve(one_cage, 1000);
    CHECK(lazy.lazy_cages() == 1);
    CHECK(latin.count == 576);  // the Latin squares of order 4
    CHECK(latin.nodes > 64);    // so it did restart
    for (size_t i = 1; i < latin.solutions.size(); ++i)
        CHECK(latin.solutions[i] != latin.solutions[i - 1]);

    std::mt19937 rng(20261122);
    int restarted = 0;
    for (int trial = 0; trial < 30; ++trial) {
        Grid grid;
        Puzzle p = random_puzzle(5, 12, rng, grid);
        const int expected = BruteForceCounter(p, 100).count();
        INFO("trial " << trial);
        const SolveResult r = lazy.solve(p, 100);
        REQUIRE(r.count == expected);
        require_solutions_valid(p, r);
        restarted += r.nodes > 64;
    }
    UNSCOPED_INFO("restarted " << restarted);
    CHECK(restarted > 5);
}

namespace {

struct LazyAgainstTables {
    int compared = 0, with_nogoods = 0, with_minimised = 0;
};

// Solves random 6x6 and 7x7 puzzles with `lazy` and with the table solver, which has
// no lazy cage and so no restarts and no nogoods (and agrees with brute force above):
// the same counts, and the same grids when all were found.
LazyAgainstTables compare_lazy_with_tables(Solver& lazy, unsigned seed, int trials) {
    std::mt19937 rng(seed);
    Solver tables;
    LazyAgainstTables seen;
    for (int trial = 0; trial < trials; ++trial) {
        Grid grid;
        Puzzle p = random_puzzle(6 + trial % 2, 7, rng, grid);
        INFO("trial " << trial);
        SolveResult expected = tables.solve(p, 40);
        if (tables.lazy_cages() > 0) continue;  // a cage too big for a table
        SolveResult r = lazy.solve(p, 40);
        REQUIRE(r.count == expected.count);
        require_solutions_valid(p, r);
        if (r.count < 40) {  // all of them: the same grids
            std::sort(r.solutions.begin(), r.solutions.end());
            std::sort(expected.solutions.begin(), expected.solutions.end());
            CHECK(r.solutions == expected.solutions);
        }
        CHECK(r.minimised <= r.nogoods);
        ++seen.compared;
        seen.with_nogoods += r.nogoods > 0;
        seen.with_minimised += r.minimised > 0;
    }
    UNSCOPED_INFO("compared " << seen.compared << ", with nogoods " << seen.with_nogoods
                              << ", with cut-down failures " << seen.with_minimised);
    return seen;
}

}  // namespace

TEST_CASE("nogoods from cut runs keep the count exact", "[solver][big-cages]") {
    // A nogood wrongly recorded (a subtree not searched in full, or a decision left
    // out) loses solutions: it shows against the table solver on 6x6 and 7x7 puzzles
    // whose first solution takes the all-lazy solver many restarts.
    Solver lazy(0);
    const LazyAgainstTables seen = compare_lazy_with_tables(lazy, 20261123, 900);
    CHECK(seen.compared > 450);
    CHECK(seen.with_nogoods > 30);
}

TEST_CASE("failures cut down at a run's root keep the count exact", "[solver][big-cages]") {
    // A failure cut down too far (an assignment dropped that its refutation needed) is a
    // nogood that loses solutions. Sampling a failure every 8 nodes of a run's budget
    // (512 by default) makes short searches learn many of them.
    Solver lazy(0);
    lazy.set_nodes_per_sampled_failure(8);
    const LazyAgainstTables seen = compare_lazy_with_tables(lazy, 20261206, 600);
    CHECK(seen.compared > 300);
    CHECK(seen.with_minimised > 20);
}

TEST_CASE("a refutation learns cut-down failures and needs fewer nodes", "[solver][big-cages]") {
    // refute-big-cages: a 9x9 of 5-8-cell cages with one target off by one, so no
    // solution (scripts/hostile-puzzles.py --sizes 8-9 --cells 5-8 --seed 777, p0295).
    // Nogoods from cut paths alone refuted it in 5,972 nodes; with a failure cut down per
    // 16 nodes of each run's budget, in 2,199. One search's nodes depend on its seed, so
    // the totals over three seeds count. Both must say it has no solution.
    const auto parsed = read_puzzles(slurp(kTestData + "/refute-big-cages.neknek"));
    REQUIRE(parsed.size() == 1);
    const Puzzle& p = parsed[0].puzzle;
    std::uint64_t with_nodes = 0, without_nodes = 0;
    for (std::uint64_t seed = 0; seed < 3; ++seed) {
        INFO("seed " << seed);
        Solver with, without;
        with.set_search_seed(seed);
        without.set_search_seed(seed);
        with.set_nodes_per_sampled_failure(16);
        without.set_nodes_per_sampled_failure(0);
        const StopCondition stop = StopCondition::after(120);  // fails, not hangs
        const SolveResult a = with.solve(p, 2, &stop, 1);
        REQUIRE_FALSE(a.undecided);
        CHECK(a.count == 0);
        CHECK(a.minimised > 0);
        const SolveResult b = without.solve(p, 2, &stop, 1);
        REQUIRE_FALSE(b.undecided);
        CHECK(b.count == 0);
        CHECK(b.minimised == 0);
        with_nodes += a.nodes;
        without_nodes += b.nodes;
    }
    INFO("nodes with " << with_nodes << ", without " << without_nodes);
    CHECK(with_nodes * 2 < without_nodes);
}

TEST_CASE("another search seed takes another search to the same answer", "[solver][big-cages]") {
    // bench --seeds times a puzzle over several search seeds; only the path may change.
    // Seed 0 must be the solver's own search (the same nodes as a solver never told),
    // every seed must find the same count of valid solutions, and some seed must take
    // other nodes, or the seed reaches nothing.
    std::mt19937 rng(20261207);
    Solver own(0), zero(0), one(0), seven(0);  // every cage lazy: restarts on every puzzle
    zero.set_search_seed(0);
    one.set_search_seed(1);
    seven.set_search_seed(7);
    int searched_otherwise = 0, restarted = 0;
    for (int trial = 0; trial < 100; ++trial) {
        Grid grid;
        Puzzle p = random_puzzle(7, 12, rng, grid);
        INFO("trial " << trial);
        const SolveResult a = own.solve(p, 2, nullptr, 1);
        const SolveResult b = zero.solve(p, 2, nullptr, 1);
        CHECK(b.nodes == a.nodes);
        CHECK(b.solutions == a.solutions);
        for (Solver* other : {&one, &seven}) {
            const SolveResult c = other->solve(p, 2, nullptr, 1);
            REQUIRE(c.count == a.count);
            require_solutions_valid(p, c);
            searched_otherwise += c.nodes != a.nodes;
        }
        restarted += a.nodes > 2 * 64;  // past the first pair's runs
    }
    UNSCOPED_INFO("restarted " << restarted);
    CHECK(restarted > 5);
    CHECK(searched_otherwise > 5);
}

TEST_CASE("two threads give what one gives, run for run", "[solver][big-cages][threads]") {
    // The two restarted searches run in pairs; with two threads a pair's runs go side by
    // side, and each run sees the nogoods of the pairs before it only. Any leak between
    // them (a nogood too early, a run of the second search counted after the first
    // settled it) changes nodes or solutions here, and the counts must stay exact.
    std::mt19937 rng(20261124);
    Solver one(0), two(0);  // every cage lazy: restarts on every puzzle
    two.set_parallel_after(std::chrono::microseconds(0));  // two threads from the start
    // Failures cut down often, so that a run's cut-down failures leaking into its
    // partner's pair shows too.
    one.set_nodes_per_sampled_failure(8);
    two.set_nodes_per_sampled_failure(8);
    int restarted = 0, compared = 0;
    for (int trial = 0; trial < 120; ++trial) {
        Grid grid;
        Puzzle p = random_puzzle(7, 12, rng, grid);
        INFO("trial " << trial);
        const int limit = trial % 3 == 0 ? 40 : 2;
        const SolveResult a = one.solve(p, limit, nullptr, 1);
        const SolveResult b = two.solve(p, limit, nullptr, 2);
        REQUIRE(b.count == a.count);
        CHECK(b.solutions == a.solutions);
        CHECK(b.nodes == a.nodes);
        CHECK(b.nogoods == a.nogoods);
        CHECK(b.minimised == a.minimised);
        require_solutions_valid(p, b);
        if (limit == 40 && b.count < 40) {
            const SolveResult tables = Solver().solve(p, 40);
            CHECK(b.count == tables.count);
        }
        restarted += a.nodes > 2 * 64;  // past the first pair: the thread ran
        ++compared;
    }
    UNSCOPED_INFO("restarted " << restarted);
    CHECK(compared == 120);
    CHECK(restarted > 10);
}

TEST_CASE("a plain search that long finds no solution turns to restarts", "[solver][threads]") {
    // Every cage has a table, so the search starts plain (no restarts: a normal puzzle
    // ends in a few dozen nodes). plain-turns-to-restarts took one plain search 30,760
    // nodes (1.7 s), long-plain-search 8,405 (its bands came in at 8,192); turned to the
    // restarted pairs, with the bands, after 512: 2,256 and 758. The outcome is the same
    // on one thread and two.
    const struct {
        const char* name;
        int solutions;
    } cases[] = {{"plain-turns-to-restarts.neknek", 2}, {"long-plain-search.neknek", 1}};
    for (const auto& c : cases) {
        INFO(c.name);
        const auto parsed = read_puzzles(slurp(kTestData + "/" + c.name));
        REQUIRE(parsed.size() == 1);
        const Puzzle& p = parsed[0].puzzle;
        Solver one, two;
        two.set_parallel_after(std::chrono::microseconds(0));  // two threads from the start
        const StopCondition stop = StopCondition::after(60);   // the old search fails, not hangs
        const SolveResult a = one.solve(p, 2, &stop, 1);
        REQUIRE_FALSE(a.undecided);
        CHECK(one.lazy_cages() == 0);
        CHECK(a.count == c.solutions);
        require_solutions_valid(p, a);
        CHECK(a.nodes > 512);  // a plain search first: it turned late, not at the root
        CHECK(a.nodes < 5000);
        const SolveResult b = two.solve(p, 2, &stop, 2);
        CHECK(b.count == a.count);
        CHECK(b.solutions == a.solutions);
        CHECK(b.nodes == a.nodes);
    }
}

TEST_CASE("a long list of solutions: each found once, with no hang telling them apart",
          "[solver][limit]") {
    // Each new solution was compared with every one before it: listing 30,000 took 7.7 s
    // (100,000: minutes). The deadline is a hang guard far above what the listing takes.
    const auto many_solutions = [](int n, int block_rows, int block_cols) {
        std::vector<Cage> cages;  // sum cages over blocks of the cyclic Latin square
        for (int r = 0; r < n; r += block_rows)
            for (int c = 0; c < n; c += block_cols) {
                Cage cage{Op::Add, 0, {}};
                for (int i = r; i < r + block_rows; ++i)
                    for (int j = c; j < c + block_cols; ++j) {
                        cage.cells.push_back(i * n + j);
                        cage.target += (i + j) % n + 1;
                    }
                cages.push_back(cage);
            }
        return from_rows(n, cages);
    };
    const auto require_distinct_solutions = [](const Puzzle& p, const SolveResult& r) {
        REQUIRE(r.solutions.size() == static_cast<size_t>(r.count));
        std::vector<Grid> sorted = r.solutions;
        std::sort(sorted.begin(), sorted.end());
        CHECK(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
        for (size_t i = 0; i < r.solutions.size(); i += 997) CHECK(is_solution(p, r.solutions[i]));
    };
    const StopCondition stop = StopCondition::after(20);
    // Under the sanitizers (27 s there) 30,000, as many as the quadratic listing took
    // 7.7 s for in Release.
    const int tables_limit = kSanitized ? 30'000 : 100'000;
    SECTION("cage tables, one search") {
        const Puzzle p = many_solutions(8, 2, 2);
        const SolveResult r = Solver().solve(p, tables_limit, &stop);
        REQUIRE_FALSE(r.undecided);
        CHECK(r.count == tables_limit);
        require_distinct_solutions(p, r);
    }
    SECTION("big lazy cages: restarted runs meet solutions found before") {
        const Puzzle p = many_solutions(9, 1, 9);  // each row one cage of sum 45
        const SolveResult r = Solver().solve(p, tables_limit / 2, &stop);
        REQUIRE_FALSE(r.undecided);
        CHECK(r.count == tables_limit / 2);
        require_distinct_solutions(p, r);
    }
}

TEST_CASE("limit 1 stops at the first solution and limit 0 at none", "[solver]") {
    // Four 2-cell + cages in 2x2 blocks leave many Latin squares.
    Puzzle p = from_rows(4, {{Op::Add, 3, {0, 1}},
                             {Op::Add, 7, {2, 3}},
                             {Op::Add, 7, {4, 5}},
                             {Op::Add, 3, {6, 7}},
                             {Op::Add, 5, {8, 9}},
                             {Op::Add, 5, {10, 11}},
                             {Op::Add, 5, {12, 13}},
                             {Op::Add, 5, {14, 15}}});
    CHECK(solve(p, 1).count == 1);
    CHECK(solve(p, 0).count == 0);
    SolveResult many = solve(p, 100);
    CHECK(many.count == BruteForceCounter(p, 100).count());
    CHECK(many.count >= 2);
    require_solutions_valid(p, many);
}

TEST_CASE("a 1x1 puzzle", "[solver]") {
    CHECK(solve(from_rows(1, {{Op::Given, 1, {0}}})).count == 1);
    CHECK(solve(from_rows(1, {{Op::Given, 2, {0}}})).count == 0);
    CHECK(solve(from_rows(1, {{Op::Mul, 1, {0}}})).count == 1);
}

TEST_CASE("large cages fall back to a correct lazy constraint", "[solver]") {
    SECTION("4x4 with one 8-cell + cage over two rows") {
        Grid grid = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};
        std::vector<int> top = {0, 1, 2, 3, 4, 5, 6, 7};
        auto cages = givens_outside(grid, top);
        cages.push_back({Op::Add, 20, top});
        Puzzle p = from_rows(4, cages);
        const int expected = BruteForceCounter(p, 10).count();
        CHECK(expected >= 2);  // the two top rows can trade places
        for (std::size_t cap : {Solver::kDefaultTableTuples, std::size_t{0}}) {
            Solver solver(cap);
            SolveResult r = solver.solve(p, 10);
            CHECK(solver.lazy_cages() == (cap == 0 ? static_cast<int>(p.cages.size()) : 0));
            CHECK(r.count == expected);
            require_solutions_valid(p, r);
        }
    }
    SECTION("4x4 with a 12-cell product cage") {
        Grid grid = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};
        std::vector<int> cells = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
        auto cages = givens_outside(grid, cells);
        cages.push_back({Op::Mul, 24 * 24 * 24, cells});
        Puzzle p = from_rows(4, cages);
        const int expected = BruteForceCounter(p, 20).count();
        for (std::size_t cap : {Solver::kDefaultTableTuples, std::size_t{0}}) {
            Solver solver(cap);
            SolveResult r = solver.solve(p, 20);
            CHECK(r.count == expected);
            require_solutions_valid(p, r);
        }
    }
    SECTION("9x9 with an 18-cell + cage over two rows is too big for a table") {
        Grid grid(81);
        for (int r = 0; r < 9; ++r)
            for (int c = 0; c < 9; ++c)
                grid[static_cast<size_t>(r * 9 + c)] = (r * 3 + r / 3 + c) % 9 + 1;
        std::vector<int> two_rows;
        for (int c = 0; c < 18; ++c) two_rows.push_back(c);
        auto cages = givens_outside(grid, two_rows);
        cages.push_back({Op::Add, 90, two_rows});
        Puzzle p = from_rows(9, cages);
        const int expected = BruteForceCounter(p, 50).count();
        Solver solver;
        SolveResult r = solver.solve(p, 50);
        CHECK(solver.lazy_cages() == 1);
        CHECK(r.count == expected);
        require_solutions_valid(p, r);
    }
    SECTION("9x9 with an 18-cell cage and the rest in pairs still finds solutions") {
        Grid grid(81);
        for (int r = 0; r < 9; ++r)
            for (int c = 0; c < 9; ++c)
                grid[static_cast<size_t>(r * 9 + c)] = (r * 3 + r / 3 + c) % 9 + 1;
        std::vector<Cage> cages;
        std::vector<int> two_rows;
        for (int c = 0; c < 18; ++c) two_rows.push_back(c);
        cages.push_back({Op::Add, 90, two_rows});
        for (int r = 2; r < 9; ++r)
            for (int c = 0; c < 9; c += 3) {
                int a = r * 9 + c;
                cages.push_back({Op::Add,
                                 grid[static_cast<size_t>(a)] + grid[static_cast<size_t>(a) + 1],
                                 {a, a + 1}});
                cages.push_back({Op::Given, grid[static_cast<size_t>(a) + 2], {a + 2}});
            }
        Puzzle p = from_rows(9, cages);
        SolveResult r = solve(p, 2);
        CHECK(r.count == 2);
        require_solutions_valid(p, r);
    }
    SECTION("a product target of kMaxTarget (10^18) has no solution and does not overflow") {
        std::vector<Cage> cages;
        std::vector<int> two_rows;
        for (int c = 0; c < 18; ++c) two_rows.push_back(c);
        cages.push_back({Op::Mul, kMaxTarget, two_rows});
        for (int c = 18; c < 81; c += 9)
            cages.push_back(
                {Op::Add, 45, {c, c + 1, c + 2, c + 3, c + 4, c + 5, c + 6, c + 7, c + 8}});
        Puzzle p = from_rows(9, cages);
        CHECK(solve(p, 2).count == 0);
        CHECK(Solver(0).solve(p, 2).count == 0);
    }
}

TEST_CASE("every seed puzzle gives the answer INDEX.md records", "[solver]") {
    const std::string dir = kTestData;
    auto seeds = seed_solution_counts();
    REQUIRE(seeds.size() >= 17);
    for (const auto& [name, solutions] : seeds) {
        INFO(name << ": " << solutions << " solution(s) expected");
        auto parsed = read_puzzles(slurp(dir + "/" + name + ".neknek"), Format::Neknek);
        REQUIRE(parsed.size() == 1);
        const Puzzle& p = parsed[0].puzzle;
        SolveResult r = solve(p, 2);
        require_solutions_valid(p, r);
        if (solutions == "1") {
            REQUIRE(r.count == 1);
            CHECK(r.solutions[0] == read_solution(dir + "/" + name + ".solution"));
        } else if (solutions == "0") {
            CHECK(r.count == 0);
            CHECK_FALSE(std::filesystem::exists(dir + "/" + name + ".solution"));
        } else {
            REQUIRE(solutions == "2 or more");
            CHECK(r.count == 2);
        }
    }
}

TEST_CASE("the 100 CanCan 6x6 puzzles each have the one solution printed under them", "[solver]") {
    const std::string path = std::string(KENKEN_SHARED_DIR) + "/puzzles/cancan/6x6.100";
    if (!std::filesystem::exists(path)) {
        WARN("skipped: " << path << " is absent (third-party data, not in the project)");
        return;
    }
    auto parsed = read_puzzles(slurp(path), Format::Cancan);
    REQUIRE(parsed.size() == 100);
    for (size_t i = 0; i < parsed.size(); ++i) {
        INFO("puzzle " << i + 1);
        REQUIRE(parsed[i].solution.has_value());
        SolveResult r = solve(parsed[i].puzzle, 2);
        REQUIRE(r.count == 1);
        CHECK(r.solutions[0] == *parsed[i].solution);
    }
}

TEST_CASE("a cage of 7 or more cells keeps a table only while it is small", "[solver][big-cages]") {
    // Row 1's first seven cells: sum 34 leaves out {2,9}, {3,8}, {4,7} or {5,6}, so
    // 4 x 7! = 20,160 tuples, past the big-cage bound; sum 32 has 3 x 7! = 15,120.
    for (const auto& [perm, target, lazy] :
         {std::tuple{std::array<int, 9>{1, 2, 3, 4, 7, 8, 9, 5, 6}, 34, 1},
          std::tuple{std::array<int, 9>{1, 2, 3, 5, 6, 7, 8, 4, 9}, 32, 0}}) {
        Grid grid(81);
        for (int r = 0; r < 9; ++r)
            for (int c = 0; c < 9; ++c)
                grid[static_cast<size_t>(r * 9 + c)] = perm[(r * 3 + r / 3 + c) % 9];
        const std::vector<int> seven = {0, 1, 2, 3, 4, 5, 6};
        auto cages = givens_outside(grid, seven);
        cages.push_back({Op::Add, target, seven});
        const Puzzle p = from_rows(9, cages);
        Solver solver;
        const SolveResult r = solver.solve(p, 2);
        CHECK(solver.lazy_cages() == lazy);
        REQUIRE(r.count == 1);
        CHECK(r.solutions[0] == grid);
    }
}
