#include "core/solve/line_complements.h"

#include <algorithm>

namespace kk::line_dp {
namespace {

// The value sets (packed as above) the group of the cage's cells in a line may fill,
// given the candidates of the line's other cells (others, count of them): those whose
// complement in the line the other cells can take, all distinct (a subset DP over
// those cells, taking their values out of the full line's set). Exact for the line.
Bits left_for_cage(int n, const Mask* others, int count) {
    // The fixed cells' values leave the line first (a value fixed twice leaves nothing):
    // the DP runs over the open cells only, which take the same sets in any order.
    unsigned start = (1u << n) - 1;
    std::array<unsigned, kMaxSize> open;
    int opens = 0;
    for (int i = 0; i < count; ++i) {
        const unsigned values = static_cast<unsigned>(others[i]) >> 1;
        if (values & (values - 1)) {
            open[opens++] = values;
        } else {
            if (!(start & values)) return Bits{};
            start &= ~values;
        }
    }
    if (!opens) return single(static_cast<int>(start));
    Bits left;  // the first open cell: start less one of its values
    for (unsigned x = open[0] & start; x; x &= x - 1) left.set(static_cast<int>(start - (x & -x)));
    for (int i = 1; i < opens; ++i) {
        Bits next;
        for (unsigned x = open[i]; x; x &= x - 1) next |= taken(left, std::countr_zero(x));
        left = next;
    }
    return left;
}

// The cells of line l (a row when rows) outside the cage, into out; returns how many.
int cells_outside(int l, bool rows, int n, const CageCells& in_cage, std::uint8_t* out) {
    int count = 0;
    for (int i = 0; i < n; ++i) {
        const int cell = rows ? l * n + i : i * n + l;
        if (!in_cage.has(cell)) out[count++] = static_cast<std::uint8_t>(cell);
    }
    return count;
}

}  // namespace

Bits left_for_cage(int l, bool rows, int n, const Mask* grid, const CageCells& in_cage) {
    std::array<std::uint8_t, kMaxSize> cells;
    const int count = cells_outside(l, rows, n, in_cage, cells.data());
    std::array<Mask, kMaxSize> others;
    for (int i = 0; i < count; ++i) others[i] = grid[cells[i]];
    return left_for_cage(n, others.data(), count);
}

// left_for_cage, kept in the memo keyed on the candidates of the line's other cells
// (which cells those are is kept too: the group's line is the same at every call).
Bits left_for_cage(int l, bool rows, int n, const Mask* grid, const CageCells& in_cage,
                   LineSetMemo::Group& mg) {
    if (mg.outside < 0) mg.outside = cells_outside(l, rows, n, in_cage, mg.outside_cells);
    // The key: the other cells' candidates, then zeros (compared as a whole).
    std::array<Mask, kMaxSize> key{};
    const int k = mg.outside;
    for (int i = 0; i < k; ++i) key[i] = grid[mg.outside_cells[i]];
    const bool same = k == mg.others && std::equal(key.begin(), key.end(), mg.others_key);
    std::copy(key.begin(), key.end(), mg.others_key);
    Bits allowed;
    if (same) {
        std::copy(mg.allowed, mg.allowed + 8, allowed.w.begin());
    } else {
        allowed = left_for_cage(n, key.data(), k);
        mg.others = k;
        std::copy(allowed.w.begin(), allowed.w.end(), mg.allowed);
    }
    return allowed;
}

}  // namespace kk::line_dp
