#include "core/cage_bounds.h"

#include <array>
#include <cstdint>

namespace kk {
namespace {

// Products saturate here, above any target, so they never overflow.
constexpr std::int64_t kProductCeiling = 4 * kMaxTarget;

std::int64_t saturating_product(std::int64_t a, std::int64_t b) {
    return a >= kProductCeiling / b ? kProductCeiling : a * b;
}

// Values 1..9 that divide d.
Mask divisors_of(std::int64_t d) {
    Mask m = 0;
    for (int v = 1; v <= 9; ++v)
        if (d % v == 0) m |= value_bit(v);
    return m;
}

// Each cell lies in [target - (sum of the others' largest), target - (sum of the
// others' smallest)].
bool narrow_sum(std::int64_t target, Mask* cells, int m) {
    std::int64_t lo = 0, hi = 0;
    for (int j = 0; j < m; ++j) {
        if (!cells[j]) return false;
        lo += lowest_value(cells[j]);
        hi += highest_value(cells[j]);
    }
    if (target < lo || target > hi) return false;
    for (int j = 0; j < m; ++j) {
        std::int64_t others_lo = lo - lowest_value(cells[j]),
                     others_hi = hi - highest_value(cells[j]);
        cells[j] &= range_mask(target - others_hi, target - others_lo);
        if (!cells[j]) return false;
    }
    return true;
}

// The fixed cells' product must divide the target; every open cell divides what is
// left, and lies between what the others' smallest and largest values allow.
bool narrow_product(std::int64_t target, Mask* cells, int m) {
    std::int64_t fixed = 1;
    int open = 0;
    for (int j = 0; j < m; ++j) {
        if (!cells[j]) return false;
        if (is_single(cells[j])) {
            fixed *= lowest_value(cells[j]);
            if (fixed > target) return false;
        } else {
            ++open;
        }
    }
    if (target % fixed != 0) return false;
    const std::int64_t rest = target / fixed;
    if (open == 0) return rest == 1;
    const Mask divisors = divisors_of(rest);
    std::array<std::int64_t, kMaxCells + 1> lo_suffix{}, hi_suffix{};
    lo_suffix[static_cast<size_t>(m)] = hi_suffix[static_cast<size_t>(m)] = 1;
    for (int j = m - 1; j >= 0; --j) {
        std::int64_t a = is_single(cells[j]) ? 1 : lowest_value(cells[j]);
        std::int64_t b = is_single(cells[j]) ? 1 : highest_value(cells[j]);
        lo_suffix[static_cast<size_t>(j)] =
            saturating_product(lo_suffix[static_cast<size_t>(j) + 1], a);
        hi_suffix[static_cast<size_t>(j)] =
            saturating_product(hi_suffix[static_cast<size_t>(j) + 1], b);
    }
    if (lo_suffix[0] > rest || hi_suffix[0] < rest) return false;
    std::int64_t lo_prefix = 1, hi_prefix = 1;
    for (int j = 0; j < m; ++j) {
        if (is_single(cells[j])) continue;
        std::int64_t others_lo =
            saturating_product(lo_prefix, lo_suffix[static_cast<size_t>(j) + 1]);
        std::int64_t others_hi =
            saturating_product(hi_prefix, hi_suffix[static_cast<size_t>(j) + 1]);
        lo_prefix = saturating_product(lo_prefix, lowest_value(cells[j]));
        hi_prefix = saturating_product(hi_prefix, highest_value(cells[j]));
        cells[j] &= divisors & range_mask((rest + others_hi - 1) / others_hi, rest / others_lo);
        if (!cells[j]) return false;
    }
    return true;
}

// Two cells: keep each value that has a partner in the other cell.
bool narrow_pair(const Cage& cage, Mask* cells) {
    Mask keep[2] = {0, 0};
    for (Mask a = cells[0]; a; a &= a - 1)
        for (Mask b = cells[1]; b; b &= b - 1) {
            std::int64_t x = lowest_value(a), y = lowest_value(b), t = cage.target;
            bool holds =
                cage.op == Op::Sub ? (x - y == t || y - x == t) : (x == y * t || y == x * t);
            if (holds) {
                keep[0] |= value_bit(static_cast<int>(x));
                keep[1] |= value_bit(static_cast<int>(y));
            }
        }
    cells[0] &= keep[0];
    cells[1] &= keep[1];
    return cells[0] && cells[1];
}

}  // namespace

bool narrow_by_bounds(const Cage& cage, Mask* cells) {
    const int m = static_cast<int>(cage.cells.size());
    switch (cage.op) {
        case Op::Given:
            cells[0] &= range_mask(cage.target, cage.target);
            return cells[0] != 0;
        case Op::Add:
            return narrow_sum(cage.target, cells, m);
        case Op::Mul:
            return narrow_product(cage.target, cells, m);
        case Op::Sub:
        case Op::Div:
            return narrow_pair(cage, cells);
    }
    return false;
}

}  // namespace kk
