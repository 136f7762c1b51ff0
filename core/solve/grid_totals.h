// The grid's totals (Killer Sudoku's "law of 45", over the whole grid): each of the n
// rows of an n x n Latin square holds 1..n once, so all its cells add up to
// n * n(n+1)/2, and the exponents of 2, 3, 5 and 7 in their product to n times those of
// n!. A cage whose totals are known (a sum: its target; a product: its target's
// exponents; a cage with a table: its tuples' totals) counts as one part; every other
// cell counts on its own. A knapsack over the parts must reach the grid's total, and a
// cell keeps only the values some completion allows.
//
// Reasoning across all the cages at once that no cage's own supports can see: a puzzle
// whose targets cannot fill the grid (one sum off by one; a difference cage of the wrong
// parity) is refuted at once, where a search of its big cages runs for minutes.
#pragma once

#include <bitset>
#include <cstdint>

#include "core/model/candidates.h"
#include "core/model/puzzle.h"

namespace kk {

// Totals stay below this: 9 rows of 45 is 405 (a band whose outies would pass it is
// skipped).
constexpr int kGridTotals = 512;
using GridTotals = std::bitset<kGridTotals>;
constexpr int kTotalDims = 5;  // the sum, then the exponents of 2, 3, 5 and 7

// What one cage may add up to, in each dimension.
struct CageTotals {
    bool known[kTotalDims] = {};  // false: its cells count one by one
    GridTotals totals[kTotalDims];
};

// Value v's weight in dimension d: v itself, or its exponent of 2, 3, 5 or 7 (a table:
// the searches read it at every node).
inline constexpr int kTotalWeights[kTotalDims][kMaxSize + 1] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9},  // the value
    {0, 0, 1, 0, 2, 0, 1, 0, 3, 0},  // 2, 4, 6, 8
    {0, 0, 0, 1, 0, 0, 1, 0, 0, 2},  // 3, 6, 9
    {0, 0, 0, 0, 0, 1, 0, 0, 0, 0},  // 5
    {0, 0, 0, 0, 0, 0, 0, 1, 0, 0},  // 7
};
constexpr int total_weight(int d, int v) {
    return kTotalWeights[d][v];
}

// What a cage of an n x n puzzle may add up to, from its op and target alone: a sum its
// target, a product its target's exponents, a given its value, a two-cell cage (any
// op) the totals of the distinct pairs that meet it; hidden + or x on more cells: not
// known. For cages without a table: no tuple is listed.
CageTotals totals_of_cage(const Cage& cage, const Rules& rules, int n);

// n x n grid; cage_of: each cell's cage (0..ncages-1); cages: their totals; cand: every
// cell's candidates, narrowed in place. False when some dimension cannot reach the
// grid's total.
bool narrow_by_grid_totals(int n, const std::uint8_t* cage_of, const CageTotals* cages, int ncages,
                           Mask* cand);

// The same for every band of consecutive rows and of consecutive columns (innies and
// outies): a cage whose totals are known stands for its cells when fewer of them lie
// outside the band than inside, and those outside count against it. Stronger, and
// about 90 times the work of the whole grid alone.
bool narrow_by_band_totals(int n, const std::uint8_t* cage_of, const CageTotals* cages, int ncages,
                           Mask* cand);

}  // namespace kk
