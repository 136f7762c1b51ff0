// A cage's table of value tuples (seed000's "initial possibilities"): every way to
// fill its cells with 1..n that meets its operation and target, with distinct
// values where two of its cells share a row or column.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/model/candidates.h"
#include "core/model/puzzle.h"

namespace kk {

// Bounds on building one table; a cage over them is left to a lazy constraint.
struct CageTableLimits {
    std::size_t max_tuples = 200'000;     // tuples in this table
    std::uint64_t max_steps = 4'000'000;  // values tried while enumerating
};

// Appends the cage's tuples to `out`, one Mask (value_bit) per cell in the cage's
// cell order, and returns how many there are. Returns nullopt, with `out` as it
// was, when the table would pass the limits.
std::optional<std::size_t> build_cage_table(const Cage& cage, int n, const CageTableLimits& limits,
                                            std::vector<Mask>& out);
// The same under the rules: every tuple that some op of cage_ops(cage, rules) allows
// (each once), with no value twice in the cage under the killer rule.
std::optional<std::size_t> build_cage_table(const Cage& cage, const Rules& rules, int n,
                                            const CageTableLimits& limits, std::vector<Mask>& out);

}  // namespace kk
