// Internal to core/solve's big-cage DP: the value sets a line's other cells leave to a
// cage's cells in that line (each line is a Latin line, so the cage's group there must
// take the complement of a set the other cells can fill, all distinct).
#pragma once

#include <array>
#include <cstdint>

#include "core/model/candidates.h"
#include "core/solve/cage_supports.h"
#include "core/solve/value_set_bits.h"

namespace kk::line_dp {

// Which of the grid's cells belong to the cage.
struct CageCells {
    std::array<std::uint64_t, 2> w{};
    void add(int cell) { w[static_cast<unsigned>(cell) >> 6] |= 1ull << (cell & 63); }
    bool has(int cell) const { return (w[static_cast<unsigned>(cell) >> 6] >> (cell & 63)) & 1; }
};

// The value sets the cage's cells in line l (a row when rows, else a column) of an n x n
// grid may fill, given grid, the candidates of all cells (the cage's own are not read):
// those whose complement in the line the line's other cells can take. Exact for the line.
Bits left_for_cage(int l, bool rows, int n, const Mask* grid, const CageCells& in_cage);

// The same, kept in mg keyed on the candidates of the line's other cells: a call whose
// other cells have the candidates of the last call for mg returns what it did. mg must
// serve the same cage and line at every call.
Bits left_for_cage(int l, bool rows, int n, const Mask* grid, const CageCells& in_cage,
                   LineSetMemo::Group& mg);

}  // namespace kk::line_dp
