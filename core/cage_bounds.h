// The lazy constraint for a cage whose table is too big to build: sound pruning on
// partial assignments (sum bounds, product divisibility and bounds), exact once
// every cell is fixed. Distinctness inside the cage is left to the rows and columns.
#pragma once

#include "core/candidates.h"
#include "core/puzzle.h"

namespace kk {

// Narrows cells[0..cage.cells.size()) (the candidates of the cage's cells, in its
// cell order) in place. Returns false when the cage can no longer be met.
bool narrow_by_bounds(const Cage& cage, Mask* cells);

}  // namespace kk
