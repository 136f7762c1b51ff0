// The built-in recipes: how the factory tiles cages and picks their operations when a
// configuration names none (config.h).
#include <algorithm>
#include <vector>

#include "pipeline/factory/config.h"

namespace kk {
namespace {

// Built-in recipes. The base is CanCan's. The others lay dominoes first, which
// makes far more candidates unique; their operator mixes lean towards different
// levels (measured on 9x9: pure dominoes give easy and normal; avoiding give-aways
// and favouring - and / give extreme and unreasonable). Steering learns which is
// which per size as the run goes.
std::vector<Recipe> standard_recipes() {
    Recipe cancan{"cancan", {}, {}};
    Recipe dominoes{"dominoes", {}, {}};
    dominoes.tiling.strategy = TilingStrategy::DominoFirst;
    dominoes.tiling.size_weights = {0.0, 0.55, 0.30, 0.15};
    dominoes.tiling.max_cage = 4;
    Recipe pure = dominoes;
    pure.name = "pure-dominoes";
    pure.tiling.size_weights = {0.0, 1.0};
    pure.tiling.max_cage = 3;
    Recipe no_giveaways = dominoes;
    no_giveaways.name = "no-giveaways";
    no_giveaways.tiling.size_weights = {0.0, 0.7, 0.3};
    no_giveaways.tiling.max_cage = 3;
    no_giveaways.operators.avoid_giveaways = true;
    // + and x half as often as - and /: more hard and extreme puzzles per candidate
    // (4x4: hard 2.4% -> 3.0%, extreme 1.8% -> 2.8%; 4x4 hard 15%, 8x8 extreme 27%
    // and 9x9 unreasonable 13% less CPU, other cells within noise).
    no_giveaways.operators.two_cell[0] = 0.5;
    no_giveaways.operators.two_cell[2] = 0.5;
    Recipe sub_div = dominoes;
    sub_div.name = "subtract-divide";
    sub_div.operators.two_cell[0] = 0.3;  // + rarely, x half as often as - and /
    sub_div.operators.two_cell[2] = 0.5;
    Recipe few_sums = dominoes;
    few_sums.name = "few-sums";
    few_sums.operators.two_cell[0] = 0.3;
    few_sums.operators.larger[0] = 0.5;
    return {cancan, dominoes, pure, no_giveaways, sub_div, few_sums};
}

}  // namespace

std::vector<Recipe> default_recipes(const Rules& rules) {
    std::vector<Recipe> recipes = standard_recipes();
    if (rules.standard()) return recipes;  // the default corpus stays as it was
    Recipe strong{"strong-dominoes", {}, {}};
    strong.tiling.strategy = TilingStrategy::DominoFirst;
    strong.tiling.size_weights = {0.0, 1.0};
    strong.tiling.max_cage = 3;
    strong.operators.strongest = true;
    Recipe strong_mixed = strong;
    strong_mixed.name = "strong-mixed";
    strong_mixed.tiling.size_weights = {0.0, 0.55, 0.30, 0.15};
    strong_mixed.tiling.max_cage = 4;
    // One shown operation (mult-only) leaves the op nothing to choose: there the hard
    // levels are short instead, and big cages with no given make them (5x5: one
    // unreasonable in ~1500 candidates, none in 60000 of the six recipes above).
    Recipe big{"big-cages", {}, {}};
    big.tiling.size_weights = {0.0, 0.2, 0.3, 0.3, 0.2};
    Recipe bigger = big;
    bigger.name = "bigger-cages";
    bigger.tiling.size_weights = {0.0, 0.1, 0.3, 0.3, 0.2, 0.1};
    bigger.tiling.max_cage = 6;
    int shown_ops = 0;
    for (Op op : {Op::Add, Op::Sub, Op::Mul, Op::Div}) shown_ops += (rules.ops & op_bit(op)) != 0;
    const bool one_op = !rules.hidden && shown_ops == 1;
    recipes.push_back(one_op ? big : strong);
    recipes.push_back(one_op ? bigger : strong_mixed);
    // With + and - alone the base recipe (all of a --count run) cannot be CanCan's:
    // at 9x9 it makes 5 unique puzzles in 2000 candidates; strong-mixed, 30 in 184.
    const bool sums_and_differences =
        !rules.hidden && !(rules.ops & (op_bit(Op::Mul) | op_bit(Op::Div)));
    if (sums_and_differences) std::rotate(recipes.begin(), recipes.end() - 1, recipes.end());
    return recipes;
}

}  // namespace kk
