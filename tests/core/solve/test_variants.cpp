// Variants (hidden operators, operator sets, the killer rule) against an independent
// brute-force counter that tries every operation for every hidden cage.
#include <algorithm>
#include <catch2/catch.hpp>
#include <numeric>
#include <random>
#include <vector>

#include "core/grade/grader.h"
#include "core/io/formats.h"
#include "core/model/canonical.h"
#include "core/solve/cage_table.h"
#include "core/solve/solver.h"
#include "core/solve/swap_cycles.h"
#include "tests/support/random_latin.h"

using namespace kk;

namespace {

// The rules spelled out for the counter, on purpose not through cage_ops: a cage of
// one cell shows its value; when operators are shown a cage uses its own op; hidden
// two-cell cages try + - x / and larger ones + and x, each among the allowed ops.
bool allowed(const Rules& rules, Op op) {
    switch (op) {
        case Op::Add:
            return rules.ops & 2;
        case Op::Sub:
            return rules.ops & 4;
        case Op::Mul:
            return rules.ops & 8;
        case Op::Div:
            return rules.ops & 16;
        default:
            return false;
    }
}

bool cage_met(const Puzzle& p, const Cage& cage, const std::vector<int>& grid) {
    std::vector<long long> v;
    for (int c : cage.cells) v.push_back(grid[static_cast<size_t>(c)]);
    if (p.rules.killer)
        for (size_t i = 0; i < v.size(); ++i)
            for (size_t j = i + 1; j < v.size(); ++j)
                if (v[i] == v[j]) return false;
    if (v.size() == 1) return v[0] == cage.target;
    long long sum = 0, product = 1;
    for (long long x : v) sum += x, product *= x;
    const long long hi = std::max(v[0], v[1]), lo = std::min(v[0], v[1]);
    auto makes = [&](Op op) {
        switch (op) {
            case Op::Add:
                return sum == cage.target;
            case Op::Mul:
                return product == cage.target;
            case Op::Sub:
                return v.size() == 2 && hi - lo == cage.target;
            case Op::Div:
                return v.size() == 2 && hi == lo * cage.target;
            default:
                return false;
        }
    };
    if (!p.rules.hidden) return makes(cage.op);
    for (Op op : {Op::Add, Op::Sub, Op::Mul, Op::Div})
        if (allowed(p.rules, op) && makes(op)) return true;
    return false;
}

// Every Latin square in reading order; a cage is checked when its last cell is set.
struct BruteCounter {
    const Puzzle& p;
    int n;
    std::vector<int> grid;
    std::vector<int> last_cage;  // per cell: the cage completed there, or -1
    std::vector<std::vector<int>> found;

    explicit BruteCounter(const Puzzle& puzzle)
        : p(puzzle),
          n(puzzle.size),
          grid(static_cast<size_t>(n * n), 0),
          last_cage(static_cast<size_t>(n * n), -1) {
        for (size_t k = 0; k < p.cages.size(); ++k)
            last_cage[static_cast<size_t>(*std::max_element(
                p.cages[k].cells.begin(), p.cages[k].cells.end()))] = static_cast<int>(k);
    }
    void fill(int cell) {
        if (found.size() >= 2) return;
        if (cell == n * n) {
            found.push_back(grid);
            return;
        }
        const int r = cell / n, c = cell % n;
        for (int v = 1; v <= n; ++v) {
            bool clash = false;
            for (int i = 0; i < n && !clash; ++i)
                clash = (i < c && grid[static_cast<size_t>(r * n + i)] == v) ||
                        (i < r && grid[static_cast<size_t>(i * n + c)] == v);
            if (clash) continue;
            grid[static_cast<size_t>(cell)] = v;
            const int k = last_cage[static_cast<size_t>(cell)];
            if (k < 0 || cage_met(p, p.cages[static_cast<size_t>(k)], grid)) fill(cell + 1);
            grid[static_cast<size_t>(cell)] = 0;
        }
    }
};

// Random connected cages of up to max_cage cells; ops among the allowed ones that the
// grid meets; now and then a nudged target (often no solution then).
Puzzle random_variant_puzzle(int n, const Rules& rules, std::mt19937& rng, int max_cage = 4) {
    const std::vector<int> g = random_latin(n, rng);
    std::vector<int> owner(static_cast<size_t>(n * n), -1), order(owner.size());
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    Puzzle p;
    p.size = n;
    p.rules = rules;
    for (int start : order) {
        if (owner[static_cast<size_t>(start)] >= 0) continue;
        Cage cage;
        cage.cells = {start};
        owner[static_cast<size_t>(start)] = 1;
        const int want = std::uniform_int_distribution<int>(1, max_cage)(rng);
        while (static_cast<int>(cage.cells.size()) < want) {
            std::vector<int> frontier;
            for (int c : cage.cells) {
                const int r = c / n, col = c % n;
                if (r > 0) frontier.push_back(c - n);
                if (r < n - 1) frontier.push_back(c + n);
                if (col > 0) frontier.push_back(c - 1);
                if (col < n - 1) frontier.push_back(c + 1);
            }
            frontier.erase(
                std::remove_if(frontier.begin(), frontier.end(),
                               [&](int c) { return owner[static_cast<size_t>(c)] >= 0; }),
                frontier.end());
            if (frontier.empty()) break;
            const int pick =
                frontier[std::uniform_int_distribution<size_t>(0, frontier.size() - 1)(rng)];
            owner[static_cast<size_t>(pick)] = 1;
            cage.cells.push_back(pick);
        }
        std::vector<int> v;
        for (int c : cage.cells) v.push_back(g[static_cast<size_t>(c)]);
        if (v.size() == 1) {
            cage.op = Op::Given;
            cage.target = v[0];
        } else {
            std::vector<std::pair<Op, long long>> options;
            long long sum = 0, product = 1;
            for (int x : v) sum += x, product *= x;
            if (rules.ops & op_bit(Op::Add)) options.push_back({Op::Add, sum});
            if (rules.ops & op_bit(Op::Mul)) options.push_back({Op::Mul, product});
            if (v.size() == 2) {
                const int hi = std::max(v[0], v[1]), lo = std::min(v[0], v[1]);
                if (rules.ops & op_bit(Op::Sub)) options.push_back({Op::Sub, hi - lo});
                if ((rules.ops & op_bit(Op::Div)) && hi % lo == 0)
                    options.push_back({Op::Div, hi / lo});
            }
            if (options.empty()) options.push_back({Op::Add, sum});  // add-sub, 3+ cells: +
            const auto& o =
                options[std::uniform_int_distribution<size_t>(0, options.size() - 1)(rng)];
            cage.op = o.first;
            cage.target = o.second;
        }
        if (std::uniform_int_distribution<int>(0, 24)(rng) == 0) cage.target += 1;
        p.cages.push_back(cage);
    }
    normalize(p);
    return p;
}

void check_variant(const char* names, int puzzles_4, int puzzles_5) {
    const Rules rules = *parse_rules(names);
    std::mt19937 rng(20261122);
    int unique = 0, ambiguous = 0, impossible = 0, swaps = 0;
    // Every cage lazy: line-set supports, restarts, nogoods and the bands' sums under
    // these rules, against the same brute force.
    Solver all_lazy(0);
    for (int i = 0; i < puzzles_4 + puzzles_5; ++i) {
        const int n = i < puzzles_4 ? 4 : 5;
        const Puzzle p = random_variant_puzzle(n, rules, rng);
        INFO(names << " puzzle " << i << ":\n" << write_neknek(p));
        REQUIRE_FALSE(check_puzzle(p).has_value());
        BruteCounter brute(p);
        brute.fill(0);
        const SolveResult r = solve(p, 2);
        REQUIRE(r.count == static_cast<int>(brute.found.size()));
        for (const Grid& g : r.solutions) CHECK(is_solution(p, g));
        const SolveResult lazy = all_lazy.solve(p, 2);
        REQUIRE(lazy.count == r.count);
        if (lazy.count == 1) CHECK(lazy.solutions[0] == brute.found[0]);
        const Grade grade_of = grade(p);
        if (r.count == 1) {
            ++unique;
            CHECK(r.solutions[0] == brute.found[0]);
            // Under its rules only: no swap cycle may claim a second solution.
            CHECK_FALSE(has_swap_alternative(p, r.solutions[0]));
            CHECK(grade_of.solution == brute.found[0]);
        } else if (r.count == 2) {
            ++ambiguous;
            swaps += has_swap_alternative(p, brute.found[0]);
            CHECK(grade_of.level == Level::Ambiguous);
        } else {
            ++impossible;
            CHECK(grade_of.level == Level::Impossible);
        }
    }
    INFO(names << ": " << unique << " unique, " << ambiguous << " ambiguous, " << impossible
               << " impossible; swap cycles found " << swaps);
    // A mix of all three outcomes, so the agreement means something.
    CHECK(unique >= 20);
    CHECK(ambiguous >= 20);
    CHECK(impossible >= 20);
    CHECK(swaps > 0);
}

}  // namespace

TEST_CASE("solver agrees with brute force on hidden-operator puzzles", "[variants]") {
    check_variant("hidden", 700, 300);
}
TEST_CASE("solver agrees with brute force on multiplication-only puzzles", "[variants]") {
    check_variant("mult-only", 700, 300);
}
TEST_CASE("solver agrees with brute force on addition-subtraction puzzles", "[variants]") {
    check_variant("add-sub", 700, 300);
}
TEST_CASE("solver agrees with brute force on killer puzzles", "[variants]") {
    check_variant("killer", 700, 300);
}
TEST_CASE("solver agrees with brute force on hidden killer puzzles", "[variants]") {
    check_variant("hidden,killer", 700, 300);
}

TEST_CASE("a hidden + or x cage's line-set supports keep every filling of either op",
          "[variants][big-cages]") {
    // Solver(0) builds no table, so every hidden cage of three cells or more is narrowed
    // by the line-set DP of both ops together; the default solver lists each cage's
    // tuples of both ops. A support lost for one op (an intersection where a union
    // belongs, or a need only one op has) loses solutions and shows here.
    const Rules rules = *parse_rules("hidden");
    std::mt19937 rng(20261125);
    Solver tables, lazy(0);
    int compared = 0, unique = 0, several = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const Puzzle p = random_variant_puzzle(5 + trial % 2, rules, rng, 6);
        INFO("puzzle " << trial << ":\n" << write_neknek(p));
        SolveResult expected = tables.solve(p, 20);
        if (tables.lazy_cages() > 0) continue;  // a cage too big for a table
        SolveResult r = lazy.solve(p, 20);
        REQUIRE(lazy.lazy_cages() > 0);
        REQUIRE(r.count == expected.count);
        if (r.count < 20) {  // all of them: the same grids
            std::sort(r.solutions.begin(), r.solutions.end());
            std::sort(expected.solutions.begin(), expected.solutions.end());
            CHECK(r.solutions == expected.solutions);
        }
        ++compared;
        unique += r.count == 1;
        several += r.count > 1;
    }
    UNSCOPED_INFO(compared << " compared, " << unique << " unique, " << several << " several");
    CHECK(compared > 200);
    CHECK(unique > 20);
    CHECK(several > 20);
}

TEST_CASE("the grader agrees with the solver on big cages under hidden and times-only rules",
          "[variants][big-cages]") {
    // A cage of more than six cells is summarised line by line when its walk of
    // fillings gives up; that summary must hold under the puzzle's rules. With a hidden
    // cage's stored op alone (+, as normalize() writes it), unique puzzles graded
    // "impossible": the ladder broke on a product.
    // Sums alone, as add-sub makes them, are the standard case; killer cages of seven
    // cells or more in a 7x7 grid almost never have a solution.
    for (const char* names : {"hidden", "hidden,mult-only", "mult-only"}) {
        const Rules rules = *parse_rules(names);
        std::mt19937 rng(20261126);
        int unique = 0, ambiguous = 0, trials = 0;
        for (; unique < 12 && trials < 400; ++trials) {
            const Puzzle p = random_variant_puzzle(7, rules, rng, 8);
            const bool big = std::any_of(p.cages.begin(), p.cages.end(),
                                         [](const Cage& c) { return c.cells.size() > 6; });
            if (!big) continue;
            INFO(names << " puzzle " << trials << ":\n" << write_neknek(p));
            const SolveResult r = solve(p, 2);
            if (r.count == 0) continue;
            const Grade g = grade(p);
            if (r.count == 1) {
                ++unique;
                CHECK(g.level != Level::Impossible);
                CHECK(g.solution == r.solutions[0]);
            } else if (ambiguous < 12) {
                ++ambiguous;
                CHECK(g.level == Level::Ambiguous);
            }
        }
        UNSCOPED_INFO(names << ": " << unique << " unique, " << ambiguous << " ambiguous in "
                            << trials);
        CHECK(unique >= 12);
    }
}

TEST_CASE("variant names round-trip and conflicts are refused", "[variants]") {
    for (const char* name : {"standard", "hidden", "mult-only", "add-sub", "killer",
                             "hidden,killer", "hidden,mult-only,killer"}) {
        auto rules = parse_rules(name);
        REQUIRE(rules.has_value());
        CHECK(rules_name(*rules) == name);
    }
    CHECK(parse_rules("killer,hidden") == parse_rules("hidden,killer"));
    CHECK(parse_rules("")->standard());
    std::string why;
    CHECK_FALSE(parse_rules("mult-only,add-sub", &why).has_value());
    CHECK(why.find("cannot be combined") != std::string::npos);
    CHECK_FALSE(parse_rules("hiden", &why).has_value());
    CHECK(why.find("hiden") != std::string::npos);
    // It said "unknown variant 'standard'" and then offered standard.
    CHECK_FALSE(parse_rules("killer,standard", &why).has_value());
    CHECK(why.find("standard is the rules with no variant") != std::string::npos);
}

TEST_CASE("a hidden cage's table holds the tuples of every operation once", "[variants]") {
    std::vector<Mask> out;
    Rules hidden;
    hidden.hidden = true;
    // Two cells in a row of 4, target 2: 1+1 (not in a row), 2-... : |a-b| = 2 gives
    // (1,3) (3,1) (2,4) (4,2); a/b = 2 gives (1,2) (2,1) (2,4) (4,2); a*b = 2 gives
    // (1,2) (2,1); a+b = 2 none. Together 6 distinct tuples.
    REQUIRE(build_cage_table({Op::Add, 2, {0, 1}}, hidden, 4, {}, out) == 6u);
    // Killer: an L of three cells may not repeat a value on its diagonal.
    Rules killer;
    killer.killer = true;
    out.clear();
    REQUIRE(build_cage_table({Op::Mul, 4, {0, 1, 4}}, 4, {}, out) == 2u);
    out.clear();
    REQUIRE(build_cage_table({Op::Mul, 4, {0, 1, 4}}, killer, 4, {}, out) == 0u);
}

TEST_CASE("rules are part of the canonical form, standard keeps today's", "[variants]") {
    Puzzle p;
    p.size = 2;
    p.cages = {{Op::Add, 3, {0, 1}}, {Op::Sub, 1, {2, 3}}};
    normalize(p);
    const std::string standard = canonical_form(p);
    CHECK(standard.find('|') == std::string::npos);
    p.rules.killer = true;
    CHECK(canonical_form(p) != standard);
    Puzzle h = p;
    h.rules.hidden = true;
    normalize(h);
    CHECK(canonical_form(h).find('?') != std::string::npos);
}
