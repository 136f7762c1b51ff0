// The exact solver: counts solutions up to a limit and returns them.
#pragma once

#include <cstdint>
#include <vector>

#include "core/puzzle.h"

namespace kk {

struct SolveResult {
    int count = 0;                // solutions found, at most the limit
    std::vector<Grid> solutions;  // the first `count` solutions
    std::uint64_t nodes = 0;      // search nodes visited (branching decisions)
};

// Solves a checked puzzle (check_puzzle passed). limit 2 proves uniqueness.
SolveResult solve(const Puzzle& p, int limit = 2);

}  // namespace kk
