// Cheap structural features of a puzzle, and the single-cell filter.
#pragma once

#include <string>
#include <vector>

#include "core/model/puzzle.h"

namespace kk {

struct PuzzleFeatures {
    int cages = 0;
    int singletons = 0;            // 1-cell cages
    int max_cage = 0;              // cells in the largest cage
    std::string ops;               // ops used, in the fixed order "+-*/", e.g. "+*/"
    double singleton_share = 0.0;  // singletons / cages (0 without cages)
};

PuzzleFeatures features_of(const Puzzle& p);

// CanCan's filter: is the share of 1-cell cages among all cages above max_share?
bool exceeds_singletons(const Puzzle& p, double max_share = 0.2);
// The same filter on a cage layout alone (before operators exist).
bool exceeds_singletons(const std::vector<std::vector<int>>& cages, double max_share = 0.2);

}  // namespace kk
