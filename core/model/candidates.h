// Candidate sets as bitmasks: bit v set when value v (1..9) is still possible.
#pragma once

#include <bit>
#include <cstdint>

namespace kk {

using Mask = std::uint16_t;

constexpr Mask value_bit(int v) {
    return static_cast<Mask>(1u << v);
}
// Values 1..n.
constexpr Mask full_mask(int n) {
    return static_cast<Mask>((1u << (n + 1)) - 2u);
}
constexpr int count_values(Mask m) {
    return std::popcount(static_cast<unsigned>(m));
}
constexpr bool is_single(Mask m) {
    return m != 0 && (m & (m - 1)) == 0;
}
// Smallest and largest value in a non-empty set.
constexpr int lowest_value(Mask m) {
    return std::countr_zero(static_cast<unsigned>(m));
}
constexpr int highest_value(Mask m) {
    return 31 - std::countl_zero(static_cast<unsigned>(m));
}
// Values lo..hi (empty when lo > hi); lo and hi are clamped to 1..9.
constexpr Mask range_mask(long long lo, long long hi) {
    if (lo < 1) lo = 1;
    if (hi > 9) hi = 9;
    if (lo > hi) return 0;
    return static_cast<Mask>(((1u << (hi + 1)) - 1u) & ~((1u << lo) - 1u));
}

}  // namespace kk
