// Internal to core/solve's big-cage DP: a cage's target as totals in one to four
// dimensions, each of which the cage's value sets must make exactly (a sum; a
// product's exponents of 2, 3, 5 and 7, in pairs when they fit).
#pragma once

#include <cstdint>

#include "core/model/puzzle.h"
#include "core/solve/value_set_bits.h"

namespace kk::line_dp {

// The cage as dimensions that must each total exactly: its sum, or its exponents
// (in pairs when they fit). box: the totals within the target in every packed part
// (totals only grow, so none past the target completes). used: words of totals
// (those up to the target) in each dimension.
struct Totals {
    int dims = 0;
    const std::int16_t* weight[4] = {};  // each value set's total, per dimension
    int target[4] = {};
    int used[4] = {};
    Bits box[4];
    std::uint64_t within[4][kWeightWords] = {};  // the totals 0..target
};

// The totals for a cage of op (Add or Mul) and target, kept per thread for the last few
// cages (a search asks for the same few again and again). Null when no filling can make
// the target. Valid until the next call on this thread.
const Totals* totals_of(Op op, std::int64_t target);

}  // namespace kk::line_dp
