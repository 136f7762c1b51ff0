// The lazy constraint for a cage whose table is too big to build: sound pruning on
// partial assignments (sum and product bounds with distinct values in each row and
// column of the cage, product divisibility), exact once every cell is fixed.
#pragma once

#include "core/model/candidates.h"
#include "core/model/puzzle.h"

namespace kk {

// Narrows cells[0..cage.cells.size()) (the candidates of the cage's cells, in its
// cell order, in an n x n grid) in place. Returns false when the cage can no
// longer be met.
bool narrow_by_bounds(const Cage& cage, int n, Mask* cells);
// The same under the rules: the union over the cage's possible ops (cage_ops), and
// under the killer rule a fixed value leaves the cage's other cells.
bool narrow_by_bounds(const Cage& cage, const Rules& rules, int n, Mask* cells);

}  // namespace kk
