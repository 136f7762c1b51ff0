// Big cages (issue 11): the line-set supports, hostile puzzles with cages of 9 to 12
// cells decided by a small search, and stop conditions that end a search in flight.
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <random>
#include <string>
#include <thread>

#include "core/grade/grader.h"
#include "core/io/formats.h"
#include "core/solve/cage_supports.h"
#include "core/solve/solver.h"
#include "tests/support/test_files.h"

using namespace kk;

namespace {

Puzzle read_one(const std::string& path) {
    auto parsed = read_puzzles(slurp(path));
    REQUIRE(parsed.size() == 1);
    return parsed[0].puzzle;
}

// Can the cells with these candidates take exactly the values in `values`, all distinct?
bool fills_exactly(const std::vector<Mask>& others, size_t i, Mask values) {
    if (i == others.size()) return values == 0;
    for (Mask m = others[i] & values; m; m &= m - 1)
        if (fills_exactly(others, i + 1, values & ~(m & -m))) return true;
    return false;
}

// Every filling of cells (given candidates) meeting op/target with distinct values in
// each row (rows) or each column (!rows): the union per cell, by plain enumeration.
// With grid (the candidates of all cells), a filling must also leave each of its lines
// of that direction values the line's other cells can take, all distinct.
struct Brute {
    Op op;
    std::int64_t target;
    std::vector<int> cells;
    int n;
    bool rows;
    std::vector<Mask> cand;  // of the cage's cells
    std::vector<Mask> grid;  // of all cells, or empty
    std::vector<Mask> found;
    std::vector<int> value;

    int line_of(int cell) const { return rows ? cell / n : cell % n; }
    bool lines_fill() const {
        for (int l = 0; l < n; ++l) {
            Mask left = full_mask(n);
            bool touched = false;
            for (size_t j = 0; j < cells.size(); ++j)
                if (line_of(cells[j]) == l) {
                    left &= ~value_bit(value[j]);
                    touched = true;
                }
            if (!touched) continue;
            std::vector<Mask> others;
            for (int i = 0; i < n; ++i) {
                const int cell = rows ? l * n + i : i * n + l;
                if (std::find(cells.begin(), cells.end(), cell) == cells.end())
                    others.push_back(grid[static_cast<size_t>(cell)]);
            }
            if (!fills_exactly(others, 0, left)) return false;
        }
        return true;
    }

    bool clash(size_t j, int v) const {
        for (size_t i = 0; i < j; ++i) {
            const bool same = rows ? cells[i] / n == cells[j] / n : cells[i] % n == cells[j] % n;
            if (same && value[i] == v) return true;
        }
        return false;
    }
    void walk(size_t j, std::int64_t acc) {
        if (op == Op::Add ? acc > target : target % acc != 0) return;
        if (j == cells.size()) {
            if (acc != target || (!grid.empty() && !lines_fill())) return;
            for (size_t i = 0; i < cells.size(); ++i) found[i] |= value_bit(value[i]);
            return;
        }
        for (int v = 1; v <= n; ++v) {
            if (!(cand[j] & value_bit(v)) || clash(j, v)) continue;
            value[j] = v;
            walk(j + 1, op == Op::Add ? acc + v : acc * v);
        }
    }
    std::vector<Mask> run() {
        found.assign(cells.size(), 0);
        value.assign(cells.size(), 0);
        walk(0, op == Op::Add ? 0 : 1);
        return found;
    }
};

// A random connected cage of k cells in an n x n grid.
std::vector<int> random_cage(std::mt19937& rng, int n, int k) {
    std::vector<int> cells{static_cast<int>(rng() % static_cast<unsigned>(n * n))};
    while (static_cast<int>(cells.size()) < k) {
        const int from = cells[rng() % cells.size()];
        const int d = static_cast<int>(rng() % 4);
        const int r = from / n + (d == 0) - (d == 1), c = from % n + (d == 2) - (d == 3);
        if (r < 0 || r >= n || c < 0 || c >= n) continue;
        if (std::find(cells.begin(), cells.end(), r * n + c) == cells.end())
            cells.push_back(r * n + c);
    }
    std::sort(cells.begin(), cells.end());
    return cells;
}

// What narrow_by_line_sets must give for sums: the row relaxation by brute force, then
// the column one on its result. ok: no cell left empty.
struct RowsThenColumns {
    std::vector<Mask> cand;
    bool ok = true;
};
RowsThenColumns rows_then_columns(Op op, std::int64_t target, const std::vector<int>& cells, int n,
                                  const std::vector<Mask>& cand, const std::vector<Mask>& grid) {
    const auto all_open = [](const std::vector<Mask>& v) {
        return std::all_of(v.begin(), v.end(), [](Mask m) { return m != 0; });
    };
    RowsThenColumns r;
    r.cand = Brute{op, target, cells, n, true, cand, grid, {}, {}}.run();
    r.ok = all_open(r.cand);
    if (r.ok) {
        r.cand = Brute{op, target, cells, n, false, r.cand, grid, {}, {}}.run();
        r.ok = all_open(r.cand);
    }
    return r;
}

}  // namespace

TEST_CASE(
    "line-set supports: sums exactly the row relaxation's then the column one's, products sound",
    "[solver][big-cages]") {
    std::mt19937 rng(7);
    int checked = 0, narrowed = 0;
    for (int trial = 0; trial < 400; ++trial) {
        const int n = 5 + static_cast<int>(rng() % 5);
        const int k = 2 + static_cast<int>(rng() % 5);
        const std::vector<int> cells = random_cage(rng, n, k);
        std::vector<Mask> cand(cells.size());
        for (Mask& m : cand) do
                m = static_cast<Mask>(rng() & full_mask(n));
            while (!m);
        const Op op = rng() % 2 ? Op::Add : Op::Mul;
        // A target some filling meets, or (one time in four) any target.
        std::int64_t target = op == Op::Add ? 0 : 1;
        for (Mask m : cand) {
            const int v = lowest_value(m);
            target = op == Op::Add ? target + v : target * v;
        }
        if (rng() % 4 == 0) target += 1 + static_cast<int>(rng() % 5);

        const auto [expected, expected_ok] = rows_then_columns(op, target, cells, n, cand, {});
        std::vector<Mask> got = cand;
        const bool ok = narrow_by_line_sets(op, target, cells.data(), k, n, got.data());
        // Sums: exact. Products: each prime's exponent is matched on its own, so
        // sound (nothing a filling uses is lost) but possibly weaker.
        if (expected_ok) {
            REQUIRE(ok);
            for (size_t j = 0; j < cells.size(); ++j) CHECK((expected[j] & ~got[j]) == 0);
        }
        if (op == Op::Add) {
            REQUIRE(ok == expected_ok);
            if (ok) CHECK(got == expected);
        }
        if (ok) {
            ++checked;
            narrowed += got != cand;
        }
    }
    CHECK(checked > 100);
    CHECK(narrowed > 20);
}

TEST_CASE("line-set supports with the grid: each line's other cells must take the rest",
          "[solver][big-cages]") {
    std::mt19937 rng(11);
    int checked = 0, narrowed_by_lines = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const int n = 4 + static_cast<int>(rng() % 6);  // 4x4 to 9x9
        const int k = 2 + static_cast<int>(rng() % 4);
        const std::vector<int> cells = random_cage(rng, n, k);
        std::vector<Mask> grid(static_cast<size_t>(n * n));
        for (Mask& m : grid) do
                m = rng() % 3 ? static_cast<Mask>(rng() & full_mask(n)) : full_mask(n);
            while (!m);
        std::vector<Mask> cand(cells.size());
        for (size_t j = 0; j < cells.size(); ++j) cand[j] = grid[static_cast<size_t>(cells[j])];
        const Op op = Op::Add;
        std::int64_t target = 0;
        for (Mask m : cand) target += lowest_value(m) + static_cast<int>(rng() % 2);

        const auto [expected, expected_ok] = rows_then_columns(op, target, cells, n, cand, grid);
        std::vector<Mask> got = cand;
        const bool ok =
            narrow_by_line_sets(op, target, cells.data(), k, n, got.data(), nullptr, grid.data());
        // Sums: exactly the row relaxation with each row's rest, then the column one.
        REQUIRE(ok == expected_ok);
        if (!ok) continue;
        CHECK(got == expected);
        ++checked;
        std::vector<Mask> without_lines = cand;
        narrow_by_line_sets(op, target, cells.data(), k, n, without_lines.data());
        narrowed_by_lines += got != without_lines;
    }
    CHECK(checked > 50);
    CHECK(narrowed_by_lines > 10);  // the lines' other cells do cut fillings
}

TEST_CASE("line-set memo: a cache kept across calls never changes what they narrow",
          "[solver][big-cages]") {
    // One memo per cage follows a search down (candidates narrowed, the grid too) and
    // back up (an older grid again): every call must match a call without the memo.
    std::mt19937 rng(13);
    int calls = 0, narrowed = 0;
    for (int trial = 0; trial < 60; ++trial) {
        const int n = 5 + static_cast<int>(rng() % 5);
        const int k = 4 + static_cast<int>(rng() % 6);
        const std::vector<int> cells = random_cage(rng, n, k);
        const Op op = rng() % 2 ? Op::Add : Op::Mul;
        std::vector<Mask> grid(static_cast<size_t>(n * n), full_mask(n));
        std::int64_t target = op == Op::Add ? 0 : 1;
        for (int j = 0; j < k; ++j) {
            const int v = 1 + static_cast<int>(rng() % static_cast<unsigned>(n));
            target = op == Op::Add ? target + v : target * v;
        }
        LineSetMemo memo;
        memo.clear();
        std::vector<std::vector<Mask>> seen{grid};
        for (int step = 0; step < 12; ++step) {
            if (rng() % 4 == 0) {
                grid = seen[rng() % seen.size()];  // back up to an older state
            } else {
                Mask& m = grid[rng() % grid.size()];
                const Mask cut = static_cast<Mask>(m & ~(Mask{1} << (1 + rng() % n)));
                if (cut) m = cut;
                seen.push_back(grid);
            }
            std::vector<Mask> with(cells.size()), without(cells.size());
            for (size_t j = 0; j < cells.size(); ++j)
                with[j] = without[j] = grid[static_cast<size_t>(cells[j])];
            LineNeeds needs_with, needs_without;
            const bool ok_with = narrow_by_line_sets(op, target, cells.data(), k, n, with.data(),
                                                     &needs_with, grid.data(), &memo);
            const bool ok_without = narrow_by_line_sets(
                op, target, cells.data(), k, n, without.data(), &needs_without, grid.data());
            REQUIRE(ok_with == ok_without);
            ++calls;
            if (!ok_with) continue;
            CHECK(with == without);
            for (int l = 0; l < n; ++l) {
                CHECK(needs_with.row[l] == needs_without.row[l]);
                CHECK(needs_with.col[l] == needs_without.col[l]);
            }
            for (size_t j = 0; j < cells.size(); ++j)
                narrowed += with[j] != grid[static_cast<size_t>(cells[j])];
        }
    }
    CHECK(calls == 60 * 12);
    CHECK(narrowed > 50);
}

TEST_CASE("a hostile 9x9 puzzle with cages of 7 to 12 cells is decided by a small search",
          "[solver][big-cages]") {
    // Made by scripts/big-cages.py from factory puzzles. Nodes to decide them: bounds
    // only on cages too big for a table 1,251,031 / 161,123 / 922,907; line-set supports
    // 194,748 / 3,461 / -; with restarts, failure-weighted branching and exponents of 2
    // and 3 matched together 686 / 4,088 / 3,539. Big-cages-5 and -6 (the 10-cell+
    // products of the big-cage sets) took that solver 422,122 and 87,228 nodes; with each
    // line's other cells in the line sets, tables only for small big cages, and a second
    // search (fewest candidates) taking turns with the weighted one, 3,813 and 6,129 (and
    // big-cages-3 15,282).
    for (const char* name : {"big-cages-1.neknek", "big-cages-2.neknek", "big-cages-3.neknek",
                             "big-cages-5.neknek", "big-cages-6.neknek"}) {
        INFO(name);
        const Puzzle p = read_one(kTestData + "/" + name);
        // A generous stop, so the old solver fails here instead of hanging.
        const StopCondition stop = StopCondition::after(60);
        const SolveResult r = solve(p, 2, &stop);
        REQUIRE_FALSE(r.undecided);
        CHECK(r.count >= 1);
        for (const Grid& g : r.solutions) CHECK(is_solution(p, g));
        if (r.count == 2) CHECK(r.solutions[0] != r.solutions[1]);
        CHECK(r.nodes < 20'000);
    }
}

TEST_CASE("a product cage of 20 cells with a target past 10^12 is read and solved",
          "[solver][big-cages]") {
    // Merged big cages multiply past 10^12 (the readers' limit before); up to 18 cells
    // always fit under kMaxTarget.
    const Puzzle p = read_one(kTestData + "/big-cages-13.neknek");
    const auto big = std::max_element(p.cages.begin(), p.cages.end(), [](auto& a, auto& b) {
        return a.cells.size() < b.cells.size();
    });
    CHECK(big->cells.size() == 20);
    CHECK(big->target > 1'000'000'000'000LL);
    const StopCondition stop = StopCondition::after(60);
    const SolveResult r = solve(p, 2, &stop);
    REQUIRE_FALSE(r.undecided);
    CHECK(r.count == 2);
    for (const Grid& g : r.solutions) CHECK(is_solution(p, g));
}

TEST_CASE("hostile big-cage puzzles: two threads, the same answer and nodes",
          "[solver][big-cages][threads]") {
    // The factory solves on one thread per candidate, `kenken solve` on two: both must
    // print the same solutions for the same puzzle.
    for (const char* name : {"big-cages-1.neknek", "big-cages-2.neknek", "big-cages-3.neknek",
                             "big-cages-5.neknek", "big-cages-6.neknek"}) {
        INFO(name);
        const Puzzle p = read_one(kTestData + "/" + name);
        const SolveResult one = solve(p, 2, nullptr, 1);
        const SolveResult two = solve(p, 2, nullptr, 2);
        CHECK(two.count == one.count);
        CHECK(two.solutions == one.solutions);
        CHECK(two.nodes == one.nodes);
        const Grade g1 = grade(p, false, kNoNodeLimit, nullptr, nullptr, Level::Unreasonable, 1);
        const Grade g2 = grade(p, false, kNoNodeLimit, nullptr, nullptr, Level::Unreasonable, 2);
        CHECK(g2.level == g1.level);
        CHECK(g2.score == g1.score);
        CHECK(g2.search_nodes == g1.search_nodes);
    }
}

TEST_CASE("a stop flag or a deadline ends a solve in flight", "[solver][stop]") {
    // One cage of all 81 cells: every Latin square of 9 is a solution, so counting
    // them to a million would take very long.
    Puzzle p;
    p.size = 9;
    Cage all;
    all.op = Op::Add;
    all.target = 405;
    for (int c = 0; c < 81; ++c) all.cells.push_back(c);
    p.cages.push_back(all);

    std::atomic<bool> flag{false};
    StopCondition by_flag;
    by_flag.flag = &flag;
    std::thread setter([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        flag = true;
    });
    const SolveResult a = solve(p, 1'000'000, &by_flag);
    setter.join();
    CHECK(a.undecided);
    CHECK(a.count < 1'000'000);

    const StopCondition by_time = StopCondition::after(0.1);
    const SolveResult b = solve(p, 1'000'000, &by_time);
    CHECK(b.undecided);

    const SolveResult c = solve(p, 2, &by_time);  // already past: gives up at once
    CHECK(c.undecided);
    CHECK(c.count == 0);
}

TEST_CASE("trial and error on two threads: the same grade, steps and node count",
          "[grader][big-cages][threads]") {
    // Unreasonable big-cage puzzles (set 1's p00043-0 and p00278-2): their refutations
    // take 1,655 and 3,331 search nodes, handed between two threads. Every node is
    // visited whichever thread visits it, so the count (and so the score) must not move.
    for (const char* name : {"big-cages-8.neknek", "big-cages-9.neknek"}) {
        INFO(name);
        const Puzzle p = read_one(kTestData + "/" + name);
        const Grade one = grade(p, true, kNoNodeLimit, nullptr, nullptr, Level::Unreasonable, 1);
        REQUIRE(one.level == Level::Unreasonable);
        CHECK(one.search_nodes > 1'000);
        for (int round = 0; round < 3; ++round) {
            const Grade two =
                grade(p, true, kNoNodeLimit, nullptr, nullptr, Level::Unreasonable, 2);
            CHECK(two.level == one.level);
            CHECK(two.search_nodes == one.search_nodes);
            CHECK(two.score == one.score);
            CHECK(two.counts == one.counts);
            CHECK(two.steps == one.steps);
            CHECK(two.solution == one.solution);
        }
    }
}

TEST_CASE("a grade counts trial and error up to kCountedSearchNodes, then stops",
          "[grader][big-cages]") {
    // Its refutations run past the cap (counted in full: 1.5 s). The grade stops there,
    // still proves the answer, and any cap from there on grades as none does.
    const Puzzle p = read_one(kTestData + "/grade-count-cap.neknek");
    const Grade g = grade(p, false, kNoNodeLimit, nullptr, nullptr, Level::Unreasonable, 1);
    REQUIRE(g.level == Level::Unreasonable);
    CHECK(g.search_at_top);
    CHECK(g.search_nodes == kCountedSearchNodes + 1);
    CHECK(g.score == grade_score(Level::Unreasonable, g.counts, kCountedSearchNodes));
    CHECK(is_solution(p, g.solution));
    const Grade past = grade(p, false, 1'000'000, nullptr, nullptr, Level::Unreasonable, 2);
    CHECK_FALSE(past.search_capped);
    CHECK(past.score == g.score);
    CHECK(past.counts == g.counts);
    CHECK(past.search_nodes == g.search_nodes);
    // A cap below it drops the puzzle, as the factory's does.
    const Grade capped = grade(p, false, 5'000, nullptr, nullptr, Level::Unreasonable, 1);
    CHECK(capped.search_capped);
    CHECK(capped.score == -1);
}

TEST_CASE("a stop ends both threads of a two-thread solve", "[solver][stop][threads]") {
    // big-cages-7 (set 1's p00235-2, the slowest of 3,000 big-cage puzzles) spends
    // seconds in the pairs of restarted runs, one of them on the second thread.
    const Puzzle p = read_one(kTestData + "/big-cages-7.neknek");
    std::atomic<bool> flag{false};
    StopCondition by_flag;
    by_flag.flag = &flag;
    std::thread setter([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        flag = true;
    });
    const SolveResult a = solve(p, 2, &by_flag, 2);
    setter.join();
    CHECK(a.undecided);
    CHECK(a.count == 0);

    const StopCondition by_time = StopCondition::after(0.05);
    const SolveResult b = solve(p, 2, &by_time, 2);
    CHECK(b.undecided);
    const Grade g = grade(p, false, kNoNodeLimit, nullptr, &by_time, Level::Unreasonable, 2);
    CHECK(g.undecided);
}

TEST_CASE("the grader decides hostile big-cage puzzles and stops when told",
          "[grader][big-cages][stop]") {
    const Puzzle p = read_one(kTestData + "/big-cages-2.neknek");
    const StopCondition generous = StopCondition::after(60);
    const Grade g = grade(p, false, kNoNodeLimit, nullptr, &generous);
    CHECK_FALSE(g.undecided);
    CHECK(g.level == Level::Ambiguous);  // merging cages lost uniqueness

    const StopCondition past = StopCondition::after(0);
    const Grade h = grade(p, false, kNoNodeLimit, nullptr, &past);
    CHECK(h.undecided);
    CHECK(h.score == -1);
}

TEST_CASE("a search looks at its stop within a few dozen nodes", "[solver][stop]") {
    // An add-sub 9x9 (scripts/hostile-puzzles.py --rules add-sub --seed 102, p0045) whose
    // nodes cost about 40 us each, with no lazy cage: one search, no restarts. Its
    // deadline passes while the tables are built, so the first look must end it; looking
    // every 1024 nodes ran 45 ms past --max-seconds (0.4 s on a loaded machine).
    const Puzzle p = read_one(kTestData + "/stop-dear-nodes.neknek");
    const StopCondition soon = StopCondition::after(0.0002);
    const SolveResult r = solve(p, 2, &soon, 1);
    CHECK(r.undecided);
    CHECK(r.nodes <= 64);
    const Grade g = grade(p, false, kNoNodeLimit, nullptr, &soon, Level::Unreasonable, 1);
    CHECK(g.undecided);
}
