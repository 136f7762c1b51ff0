#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <map>
#include <vector>

#include "core/generate/cage_tiler.h"
#include "core/generate/latin_sampler.h"
#include "core/generate/operator_assigner.h"
#include "core/model/features.h"

using namespace kk;

namespace {

struct Candidate {
    Grid solution;
    Puzzle puzzle;
};

Candidate make(int n, std::uint64_t stream, const OperatorConfig& ops,
               TilingStrategy strategy = TilingStrategy::RandomEdges) {
    Rng rng(17, stream);
    Candidate c;
    c.solution = LatinSampler(n).sample(rng);
    TilingConfig tiling;
    tiling.strategy = strategy;
    const auto cages = tile_cages(n, tiling, rng);
    c.puzzle = assign_operators(n, c.solution, cages, ops, rng);
    return c;
}

int value(const Candidate& c, int cell) {
    return c.solution[static_cast<std::size_t>(cell)];
}

// Written from the rules, not from is_giveaway: a 2-cell clue that names its pair.
bool names_its_pair(int n, const Cage& cage) {
    if (cage.cells.size() != 2) return false;
    int pairs = 0;  // ordered pairs of distinct values in 1..n meeting the clue
    for (int a = 1; a <= n; ++a)
        for (int b = 1; b <= n; ++b)
            if (a != b) {
                Grid g(static_cast<std::size_t>(std::max(cage.cells[0], cage.cells[1]) + 1), 0);
                g[static_cast<std::size_t>(cage.cells[0])] = a;
                g[static_cast<std::size_t>(cage.cells[1])] = b;
                pairs += cage_holds(cage, g);
            }
    return pairs == 2 && cage.op != Op::Mul;  // one unordered pair; × is not in the list
}

}  // namespace

TEST_CASE("assigned puzzles are valid and solved by their grid", "[operators]") {
    for (auto strategy : {TilingStrategy::RandomEdges, TilingStrategy::DominoFirst})
        for (int n = 1; n <= 9; ++n)
            for (std::uint64_t s = 0; s < 40; ++s) {
                const Candidate c = make(n, s, OperatorConfig{}, strategy);
                INFO("n " << n << " stream " << s);
                REQUIRE_FALSE(check_puzzle(c.puzzle).has_value());
                REQUIRE(is_solution(c.puzzle, c.solution));
                Puzzle normalized = c.puzzle;
                normalize(normalized);
                REQUIRE(normalized == c.puzzle);
                for (const Cage& cage : c.puzzle.cages) {
                    if (cage.cells.size() == 1) REQUIRE(cage.op == Op::Given);
                    if (cage.cells.size() >= 3) REQUIRE((cage.op == Op::Add || cage.op == Op::Mul));
                    if (cage.op == Op::Div) {
                        const int a = value(c, cage.cells[0]), b = value(c, cage.cells[1]);
                        REQUIRE(std::max(a, b) % std::min(a, b) == 0);
                    }
                }
            }
}

TEST_CASE("avoid_giveaways removes the three give-away kinds", "[operators]") {
    OperatorConfig plain, avoid;
    avoid.avoid_giveaways = true;
    int giveaways_plain = 0, two_cell_cages = 0;
    for (int n = 3; n <= 9; ++n)
        for (std::uint64_t s = 0; s < 150; ++s) {
            for (const Cage& cage : make(n, s, plain).puzzle.cages)
                giveaways_plain += names_its_pair(n, cage);
            for (const Cage& cage : make(n, s, avoid).puzzle.cages) {
                two_cell_cages += cage.cells.size() == 2;
                INFO("n " << n << " op " << op_symbol(cage.op) << " target " << cage.target);
                REQUIRE_FALSE(names_its_pair(n, cage));
            }
        }
    CHECK(two_cell_cages > 1000);
    CHECK(giveaways_plain > 100);  // the contrast: without the option they do occur
}

TEST_CASE("is_giveaway matches the rules", "[operators]") {
    CHECK(is_giveaway(6, Op::Add, 3));
    CHECK(is_giveaway(6, Op::Add, 4));
    CHECK_FALSE(is_giveaway(6, Op::Add, 5));
    CHECK(is_giveaway(6, Op::Add, 11));
    CHECK(is_giveaway(6, Op::Add, 10));
    CHECK_FALSE(is_giveaway(6, Op::Add, 9));
    CHECK(is_giveaway(6, Op::Sub, 5));
    CHECK_FALSE(is_giveaway(6, Op::Sub, 4));
    CHECK(is_giveaway(6, Op::Div, 4));
    CHECK_FALSE(is_giveaway(6, Op::Div, 3));
    CHECK(is_giveaway(7, Op::Div, 4));
    CHECK_FALSE(is_giveaway(6, Op::Mul, 30));
}

TEST_CASE("operator weights are respected", "[operators]") {
    SECTION("a zero weight never appears") {
        OperatorConfig cfg;
        cfg.two_cell[1] = 0.0;  // no -
        cfg.larger[1] = 0.0;    // no × on 3+ cells
        for (std::uint64_t s = 0; s < 200; ++s)
            for (const Cage& cage : make(6, s, cfg).puzzle.cages) {
                REQUIRE(cage.op != Op::Sub);
                if (cage.cells.size() >= 3) REQUIRE(cage.op == Op::Add);
            }
    }
    SECTION("shares follow the weights") {
        OperatorConfig cfg;
        cfg.two_cell[0] = 1.0;
        cfg.two_cell[1] = 0.0;
        cfg.two_cell[2] = 3.0;
        cfg.two_cell[3] = 0.0;
        std::map<Op, int> count;
        int total = 0;
        for (std::uint64_t s = 0; s < 400; ++s)
            for (const Cage& cage : make(7, s, cfg).puzzle.cages)
                if (cage.cells.size() == 2) ++count[cage.op], ++total;
        REQUIRE(total > 1000);
        CHECK(count[Op::Sub] == 0);
        CHECK(count[Op::Div] == 0);
        CHECK(count[Op::Mul] / static_cast<double>(total) == Approx(0.75).margin(0.03));
    }
    SECTION("÷ alone: every dividing pair is ÷, the others fall back") {
        OperatorConfig cfg;
        cfg.two_cell[0] = cfg.two_cell[1] = cfg.two_cell[2] = 0.0;
        int divisions = 0;
        for (std::uint64_t s = 0; s < 100; ++s) {
            const Candidate c = make(8, s, cfg);
            for (const Cage& cage : c.puzzle.cages) {
                if (cage.cells.size() != 2) continue;
                const int a = value(c, cage.cells[0]), b = value(c, cage.cells[1]);
                const bool divides = std::max(a, b) % std::min(a, b) == 0;
                REQUIRE((cage.op == Op::Div) == divides);
                divisions += divides;
            }
        }
        CHECK(divisions > 100);
    }
}

TEST_CASE("features count cages and singletons and list the ops", "[operators]") {
    Puzzle p;
    p.size = 3;
    p.cages = {{Op::Add, 6, {0, 1, 2}},
               {Op::Div, 2, {3, 6}},
               {Op::Given, 3, {4}},
               {Op::Given, 1, {5}},
               {Op::Mul, 6, {7, 8}}};
    const PuzzleFeatures f = features_of(p);
    CHECK(f.cages == 5);
    CHECK(f.singletons == 2);
    CHECK(f.max_cage == 3);
    CHECK(f.ops == "+*/");
    CHECK(f.singleton_share == Approx(0.4));
    CHECK(exceeds_singletons(p));
    CHECK(exceeds_singletons(p, 0.39));
    CHECK_FALSE(exceeds_singletons(p, 0.4));
    p.cages[2] = {Op::Sub, 2, {4, 5}};
    p.cages.erase(p.cages.begin() + 3);
    CHECK(features_of(p).ops == "+-*/");
    CHECK_FALSE(exceeds_singletons(p));
}

TEST_CASE("clue_pairs counts the pairs a clue allows, over every op a hidden cage may have",
          "[operators]") {
    CHECK(clue_pairs(9, op_bit(Op::Add), 3) == 1);   // 1+2
    CHECK(clue_pairs(9, op_bit(Op::Add), 10) == 4);  // 1+9 2+8 3+7 4+6
    CHECK(clue_pairs(9, op_bit(Op::Sub), 1) == 8);
    CHECK(clue_pairs(9, op_bit(Op::Sub), 8) == 1);   // 9-1
    CHECK(clue_pairs(6, op_bit(Op::Mul), 12) == 2);  // 2x6 3x4
    CHECK(clue_pairs(6, op_bit(Op::Div), 2) == 3);   // 2/1 4/2 6/3
    // Hidden: 2 is 3-1 4-2 5-3 6-4, 1x2, 2/1 4/2 6/3; each pair once: six.
    CHECK(clue_pairs(6, kArithmeticOps, 2) == 6);
    // 5 is 1+4 2+3, 6-1, 1x5 and 5/1 (one pair): four.
    CHECK(clue_pairs(6, kArithmeticOps, 5) == 4);
}

TEST_CASE("strongest gives each two-cell cage the allowed op with the fewest pairs",
          "[operators]") {
    OperatorConfig strong;
    strong.strongest = true;
    const Rules add_sub{false, static_cast<OpSet>(op_bit(Op::Add) | op_bit(Op::Sub)), false};
    Rules hidden;
    hidden.hidden = true;
    int two_cell = 0, subtractions = 0;
    for (int n = 4; n <= 9; ++n)
        for (std::uint64_t s = 0; s < 100; ++s)
            for (const Rules& rules : {Rules{}, add_sub, hidden}) {
                Rng rng(23, s);
                const Grid solution = LatinSampler(n).sample(rng);
                TilingConfig tiling;
                tiling.strategy = TilingStrategy::DominoFirst;
                const auto cages = tile_cages(n, tiling, rng);
                const Puzzle p = assign_operators(n, solution, cages, strong, rng, rules);
                for (size_t k = 0; k < p.cages.size(); ++k) {
                    if (cages[k].size() != 2) continue;
                    ++two_cell;
                    const int a = solution[cages[k][0]], b = solution[cages[k][1]];
                    const int hi = std::max(a, b), lo = std::min(a, b);
                    const OpSet seen = rules.hidden ? rules.ops : op_bit(p.cages[k].op);
                    const int chosen = clue_pairs(n, seen, p.cages[k].target);
                    for (Op op : {Op::Add, Op::Sub, Op::Mul, Op::Div}) {
                        if (!(rules.ops & op_bit(op)) || (op == Op::Div && hi % lo)) continue;
                        const std::int64_t t = op == Op::Add   ? hi + lo
                                               : op == Op::Sub ? hi - lo
                                               : op == Op::Mul ? std::int64_t{hi} * lo
                                                               : hi / lo;
                        INFO("n " << n << " pair " << lo << " " << hi << " op " << op_symbol(op));
                        CHECK(chosen <= clue_pairs(n, rules.hidden ? rules.ops : op_bit(op), t));
                    }
                    subtractions += !rules.hidden && p.cages[k].op == Op::Sub;
                }
            }
    CHECK(two_cell > 3000);
    CHECK(subtractions > 100);  // - wins where its difference is rarer than the sum
}

TEST_CASE("assigning into a used puzzle gives the puzzle a fresh assignment gives", "[operators]") {
    // The factory assigns every candidate into the puzzle of an earlier one (other
    // size, more or fewer cages, hidden rules): nothing of it may show through.
    Puzzle reused;
    Rules hidden;
    hidden.hidden = true;
    for (int round = 0; round < 40; ++round) {
        const int n = 3 + (round * 5) % 7;
        const Rules rules = round % 4 == 0 ? hidden : Rules{};
        Rng rng(23, static_cast<std::uint64_t>(round));
        const Grid solution = LatinSampler(n).sample(rng);
        const auto cages = tile_cages(n, TilingConfig{}, rng);
        Rng fresh_rng = rng, reused_rng = rng;
        const Puzzle fresh =
            assign_operators(n, solution, cages, OperatorConfig{}, fresh_rng, rules);
        assign_operators(n, solution, cages, OperatorConfig{}, reused_rng, rules, reused);
        INFO("round " << round);
        CHECK(reused == fresh);
        CHECK(is_solution(reused, solution));
    }
}
