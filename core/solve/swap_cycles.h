// A quick, sound test for a second solution: Latin-square swap cycles.
//
// In two rows of a Latin square, the values of one row map to the values of the
// other column by column; every cycle of that map can be swapped between the rows
// and the square stays Latin. The same holds for two columns, and for two values
// (the cells holding either form alternating cycles). When such a swap also keeps
// every cage it touches satisfied, the puzzle has another solution. Most ambiguous
// random candidates fall to this test in microseconds, before the exact solver.
#pragma once

#include <optional>

#include "core/model/puzzle.h"

namespace kk {

// True when a swap cycle turns `solution` into another solution of `p`.
bool has_swap_alternative(const Puzzle& p, const Grid& solution);
// The other solution the first such swap makes, or nullopt when none does.
std::optional<Grid> swap_alternative(const Puzzle& p, const Grid& solution);

}  // namespace kk
