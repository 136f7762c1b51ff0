// One name for a puzzle and its rotations and reflections.
#pragma once

#include <string>

#include "core/model/puzzle.h"

namespace kk {

// The 8 symmetries of the square, as cell maps (r, c) -> (r', c'): bit 0 mirrors
// left-right (c -> n-1-c), bit 1 mirrors top-bottom (r -> n-1-r), and then bit 2
// transposes (r <-> c). 0 is the identity; 3 is the half turn; 5 and 6 are the
// quarter turns.
constexpr int kSymmetries = 8;

// The puzzle with every cage's cells mapped by the symmetry (op and target kept:
// - and ÷ do not care which of their two cells is which), normalized.
Puzzle transform(const Puzzle& p, int symmetry);
// The grid with every value moved by the same cell map.
Grid transform(const Grid& grid, int n, int symmetry);

// Compact text of the normalized puzzle: "n;" then per cage op symbol, target, ':'
// and its cells by index joined with ',', cages separated by ';'. Example:
// "2;+3:0,1;-1:2,3". Other rules than standard come first, as "hidden,killer|", and
// a hidden op is written '?'.
std::string compact_form(const Puzzle& p);

// The lexicographically smallest compact_form over the 8 symmetries: equal exactly
// for puzzles that are rotations or reflections of one another.
std::string canonical_form(const Puzzle& p);

}  // namespace kk
