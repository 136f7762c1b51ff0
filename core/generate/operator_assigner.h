// Operators and targets for a cage layout over a known solution.
#pragma once

#include <cstdint>
#include <vector>

#include "core/model/puzzle.h"
#include "core/model/rng.h"

namespace kk {

struct OperatorConfig {
    double two_cell[4]{1.0, 1.0, 1.0, 1.0};  // weights of + - * / on 2-cell cages
    double larger[2]{1.0, 1.0};              // weights of + * on cages of 3 or more cells
    bool avoid_giveaways = false;            // see is_giveaway
    bool strongest = false;                  // see clue_pairs
    bool operator==(const OperatorConfig&) const = default;
};

// How many pairs of distinct values a < b in 1..n make target with some op of ops
// (the clue's strength as a reader sees it: fewer pairs, stronger clue). A shown op
// is ops = op_bit(op); under hidden operators ops is every op the cage may have.
int clue_pairs(int n, OpSet ops, std::int64_t target);

// Does this 2-cell clue name its pair of values outright? A sum only one pair of
// distinct values in 1..n makes (3 = 1+2, 4 = 1+3, 2n-1, 2n-2), a difference of n-1
// (only 1 and n), a quotient above n/2 (only 1 and q). Other ops: false.
bool is_giveaway(int n, Op op, std::int64_t target);

// 1-cell cages become givens. A 2-cell cage draws + - * / by cfg.two_cell, ÷ only where
// the larger value is a multiple of the smaller; with avoid_giveaways the draw skips
// ops that would make a give-away when another op with positive weight is left; with
// strongest the draw keeps only the ops whose clue has the fewest pairs (clue_pairs,
// counted over the rules' ops when they are hidden): the strongest clue the pair can
// give, which is what easy puzzles of the weaker operation sets need.
// Larger cages draw + or × by cfg.larger. When every allowed op of a cage has zero
// weight (e.g. only ÷ weighted and the pair does not divide), the draw is uniform over
// the allowed ops. Targets come from the solution. The result is normalized, passes
// check_puzzle when cages tile the grid, and solution solves it.
// rules: the draws keep to rules.ops (mult-only: ×; add-sub: + and −, so larger cages
// are sums), and the puzzle carries the rules (hidden: its ops are then erased).
// Under the killer rule the caller must give cages that repeat no value of solution.
Puzzle assign_operators(int n, const Grid& solution, const std::vector<std::vector<int>>& cages,
                        const OperatorConfig& cfg, Rng& rng, const Rules& rules = {});
// The same puzzle into out, reusing its cages' capacity (no allocation once warm).
void assign_operators(int n, const Grid& solution, const std::vector<std::vector<int>>& cages,
                      const OperatorConfig& cfg, Rng& rng, const Rules& rules, Puzzle& out);

// Does some cage hold a value of solution twice (killer rule broken)?
bool repeats_in_cage(const Grid& solution, const std::vector<std::vector<int>>& cages);

}  // namespace kk
