// Cage layouts: connected cages that tile the n x n grid, with sizes drawn from
// configured weights.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "core/model/rng.h"

namespace kk {

enum class TilingStrategy {
    RandomEdges,  // CanCan: union components along adjacency edges in random order
    DominoFirst,  // random dominoes first, then grow to drawn sizes, fold in singles
};

struct TilingConfig {
    // Weight of cage size 1..K (index 0 is size 1). Sizes above max_cage are ignored.
    std::vector<double> size_weights{0.05, 0.35, 0.35, 0.20, 0.05};
    int max_cage = 5;
    TilingStrategy strategy = TilingStrategy::RandomEdges;
    bool operator==(const TilingConfig&) const = default;
};

// "random-edges", "domino-first".
const char* tiling_strategy_name(TilingStrategy strategy);
// Inverse of tiling_strategy_name; nullopt for an unknown name.
std::optional<TilingStrategy> parse_tiling_strategy(std::string_view name);

// Connected cages (cells r*n+c, each sorted; cages ordered by first cell) covering the
// grid exactly, none above cfg.max_cage (at least 1). n in 1..9.
//
// Every component carries a target size drawn from size_weights; an edge joins two
// components when neither has reached its target and the union fits the larger of
// the two targets (which it then takes). Late in the pass big targets rarely fit, so
// cages come out smaller than drawn. DominoFirst draws its targets from sizes 2..K
// only (size_weights[0] is unused there) and folds cells still alone at the end into
// the smallest neighbouring cage below max_cage; a cell with no such neighbour stays
// a 1-cell cage.
std::vector<std::vector<int>> tile_cages(int n, const TilingConfig& cfg, Rng& rng);
// The same layout into out, reusing its vectors' capacity (no allocation once warm).
void tile_cages(int n, const TilingConfig& cfg, Rng& rng, std::vector<std::vector<int>>& out);

// Whether every layout tile_cages can make for n has a cage of more than n cells, which
// repeats a value in any Latin square of order n (so under the killer rule no layout
// of that size will do). True when the smallest target size that can be drawn is at
// least 2n: two neighbouring cages of at most n cells each would have been joined.
bool every_layout_has_cage_over_n(int n, const TilingConfig& cfg);

}  // namespace kk
