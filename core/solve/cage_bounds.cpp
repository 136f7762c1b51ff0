#include "core/solve/cage_bounds.h"

#include <algorithm>
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

// The cage's cells grouped by the row (or column) they lie in: values inside a
// group are distinct, which bounds sums and products far better than cell by cell.
struct LineGroups {
    std::array<int, kMaxSize> size{};     // cells of the cage in each line
    std::array<Mask, kMaxSize> values{};  // union of their candidates
    std::array<int, kMaxCells> line{};    // line of each cell
};

LineGroups group_by_line(const Cage& cage, int n, const Mask* cells, bool rows) {
    LineGroups g;
    for (size_t j = 0; j < cage.cells.size(); ++j) {
        int l = rows ? cage.cells[j] / n : cage.cells[j] % n;
        g.line[j] = l;
        ++g.size[l];
        g.values[l] |= cells[j];
    }
    return g;
}

// Sum of the k smallest (or largest) values of m; m holds at least k values.
int smallest_sum(Mask m, int k) {
    int sum = 0;
    for (; k > 0; --k, m &= m - 1) sum += lowest_value(m);
    return sum;
}
int largest_sum(Mask m, int k) {
    int sum = 0;
    for (; k > 0; --k) {
        int v = highest_value(m);
        sum += v;
        m &= static_cast<Mask>(~value_bit(v));
    }
    return sum;
}

// Each cell lies in [target - (largest sum the others can make), target -
// (smallest sum they can make)], the others in its line taking distinct values.
bool narrow_sum(std::int64_t target, Mask* cells, const LineGroups& g, int m) {
    std::int64_t lo = 0, hi = 0;
    std::array<int, kMaxSize> group_lo{}, group_hi{};
    for (size_t l = 0; l < kMaxSize; ++l) {
        if (!g.size[l]) continue;
        if (count_values(g.values[l]) < g.size[l]) return false;
        group_lo[l] = smallest_sum(g.values[l], g.size[l]);
        group_hi[l] = largest_sum(g.values[l], g.size[l]);
        lo += group_lo[l];
        hi += group_hi[l];
    }
    if (target < lo || target > hi) return false;
    for (int j = 0; j < m; ++j) {
        const size_t l = (g.line[j]);
        std::int64_t others_lo = lo - group_lo[l] + smallest_sum(g.values[l], g.size[l] - 1);
        std::int64_t others_hi = hi - group_hi[l] + largest_sum(g.values[l], g.size[l] - 1);
        cells[j] &= range_mask(target - others_hi, target - others_lo);
        if (!cells[j]) return false;
    }
    return true;
}

// The product of distinct values in each line lies between the product of its
// smallest and of its largest candidates.
bool product_in_line_bounds(std::int64_t target, const LineGroups& g) {
    std::int64_t lo = 1, hi = 1;
    for (size_t l = 0; l < kMaxSize; ++l) {
        if (!g.size[l]) continue;
        if (count_values(g.values[l]) < g.size[l]) return false;
        Mask small = g.values[l], large = g.values[l];
        for (int k = 0; k < g.size[l]; ++k) {
            int a = lowest_value(small), b = highest_value(large);
            lo = saturating_product(lo, a);
            hi = saturating_product(hi, b);
            small &= static_cast<Mask>(~value_bit(a));
            large &= static_cast<Mask>(~value_bit(b));
        }
    }
    return lo <= target && target <= hi;
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
    lo_suffix[m] = hi_suffix[m] = 1;
    for (int j = m - 1; j >= 0; --j) {
        std::int64_t a = is_single(cells[j]) ? 1 : lowest_value(cells[j]);
        std::int64_t b = is_single(cells[j]) ? 1 : highest_value(cells[j]);
        lo_suffix[j] = saturating_product(lo_suffix[j + 1], a);
        hi_suffix[j] = saturating_product(hi_suffix[j + 1], b);
    }
    if (lo_suffix[0] > rest || hi_suffix[0] < rest) return false;
    std::int64_t lo_prefix = 1, hi_prefix = 1;
    for (int j = 0; j < m; ++j) {
        if (is_single(cells[j])) continue;
        std::int64_t others_lo = saturating_product(lo_prefix, lo_suffix[j + 1]);
        std::int64_t others_hi = saturating_product(hi_prefix, hi_suffix[j + 1]);
        lo_prefix = saturating_product(lo_prefix, lowest_value(cells[j]));
        hi_prefix = saturating_product(hi_prefix, highest_value(cells[j]));
        cells[j] = static_cast<Mask>(
            cells[j] & divisors & range_mask((rest + others_hi - 1) / others_hi, rest / others_lo));
        if (!cells[j]) return false;
    }
    return true;
}

// Two cells: keep each value that has a partner in the other cell.
bool narrow_pair(Op op, const Cage& cage, Mask* cells) {
    Mask keep[2] = {0, 0};
    for (Mask a = cells[0]; a; a &= a - 1)
        for (Mask b = cells[1]; b; b &= b - 1) {
            std::int64_t x = lowest_value(a), y = lowest_value(b), t = cage.target;
            bool holds = op == Op::Sub ? (x - y == t || y - x == t) : (x == y * t || y == x * t);
            if (holds) {
                keep[0] |= value_bit(static_cast<int>(x));
                keep[1] |= value_bit(static_cast<int>(y));
            }
        }
    cells[0] &= keep[0];
    cells[1] &= keep[1];
    return cells[0] && cells[1];
}

bool narrow_as(Op op, const Cage& cage, int n, Mask* cells) {
    const int m = static_cast<int>(cage.cells.size());
    for (int j = 0; j < m; ++j)
        if (!cells[j]) return false;
    switch (op) {
        case Op::Given:
            cells[0] &= range_mask(cage.target, cage.target);
            return cells[0] != 0;
        case Op::Add:
            return narrow_sum(cage.target, cells, group_by_line(cage, n, cells, true), m) &&
                   narrow_sum(cage.target, cells, group_by_line(cage, n, cells, false), m);
        case Op::Mul:
            return narrow_product(cage.target, cells, m) &&
                   product_in_line_bounds(cage.target, group_by_line(cage, n, cells, true)) &&
                   product_in_line_bounds(cage.target, group_by_line(cage, n, cells, false));
        case Op::Sub:
        case Op::Div:
            return narrow_pair(op, cage, cells);
    }
    return false;
}

// Killer rule: a fixed value leaves the cage's other cells.
bool narrow_distinct(int m, Mask* cells) {
    for (int j = 0; j < m; ++j) {
        if (!is_single(cells[j])) continue;
        for (int i = 0; i < m; ++i)
            if (i != j && !(cells[i] &= static_cast<Mask>(~cells[j]))) return false;
    }
    return true;
}

}  // namespace

bool narrow_by_bounds(const Cage& cage, int n, Mask* cells) {
    return narrow_as(cage.op, cage, n, cells);
}

bool narrow_by_bounds(const Cage& cage, const Rules& rules, int n, Mask* cells) {
    const int m = static_cast<int>(cage.cells.size());
    if (rules.killer && !narrow_distinct(m, cells)) return false;
    const OpSet ops = cage_ops(cage, rules);
    if (ops == op_bit(cage.op)) return narrow_as(cage.op, cage, n, cells);
    // Hidden operators: a value stays when the bounds of some op keep it.
    std::array<Mask, kMaxCells> kept{}, trial{};
    bool any = false;
    for (int o = 0; o <= static_cast<int>(Op::Div); ++o) {
        const Op op = static_cast<Op>(o);
        if (!(ops & op_bit(op))) continue;
        std::copy(cells, cells + m, trial.begin());
        if (!narrow_as(op, cage, n, trial.data())) continue;
        any = true;
        for (int j = 0; j < m; ++j) kept[j] |= trial[j];
    }
    std::copy(kept.begin(), kept.begin() + m, cells);
    return any;
}

}  // namespace kk
