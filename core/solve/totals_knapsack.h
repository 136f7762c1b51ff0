// Internal to core/solve's big-cage DP: the knapsack over a cage's groups of cells (one
// group per line) that keeps each group's totals the other groups can complete.
#pragma once

#include <array>
#include <cstdint>

#include "core/solve/value_set_bits.h"

namespace kk::line_dp {

// Most value sets a group can fill: C(9, 4).
constexpr int kMaxGroupSets = 126;

using TotalList = std::array<std::uint16_t, kMaxGroupSets>;

// A knapsack over the groups in one dimension: fits[g] gets the totals s of group g
// (count[g] of them in totals[g]) that some total p of the groups before it completes,
// p + s being a total the groups after it can complete to the target. False when no
// choice of totals makes the target. Totals stay within box; used: words of totals the
// target needs (1..8). Allocates nothing.
bool fitting_totals(int used, int groups, const int* count, const TotalList* totals, int target,
                    const Bits& box, WeightSet* fits);

}  // namespace kk::line_dp
