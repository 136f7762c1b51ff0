#include "core/solve/grid_totals.h"

#include <algorithm>
#include <array>

namespace kk {
namespace {

// One part of the grid's total: a whole cage (cell < 0) or a cell on its own.
struct Part {
    int cell = -1;
    GridTotals totals;
};

// {a + b : a in x, b in y}.
GridTotals sums_of(const GridTotals& x, const GridTotals& y) {
    GridTotals r;
    for (std::size_t b = y._Find_first(); b < y.size(); b = y._Find_next(b)) r |= x << b;
    return r;
}

// {a - b : a in x, b in y, a >= b}.
GridTotals differences_of(const GridTotals& x, const GridTotals& y) {
    GridTotals r;
    for (std::size_t b = y._Find_first(); b < y.size(); b = y._Find_next(b)) r |= x >> b;
    return r;
}

bool narrow_in_dimension(int d, int n, const std::uint8_t* cage_of, const CageTotals* cages,
                         int ncages, Mask* cand) {
    int total = 0;
    for (int v = 1; v <= n; ++v) total += n * total_weight(d, v);
    if (total == 0 || total >= kGridTotals) return true;  // no 5 or 7 in a small grid
    // Scratch per thread: every entry read is written first, and zeroing 16 KB on each
    // call would cost more than the knapsack on a normal puzzle.
    struct Scratch {
        std::array<Part, kMaxCells> parts;
        std::array<GridTotals, kMaxCells + 1> reach, need;
    };
    thread_local Scratch scratch;
    auto& parts = scratch.parts;
    auto& reach = scratch.reach;
    auto& need = scratch.need;
    int count = 0;
    for (int k = 0; k < ncages; ++k)
        if (cages[k].known[d]) parts[count++] = Part{-1, cages[k].totals[d]};
    if (count == 0) return true;  // cells alone say no more than the rows' own rule
    for (int cell = 0; cell < n * n; ++cell) {
        if (cages[cage_of[cell]].known[d]) continue;
        Part& p = parts[count++];
        p.cell = cell;
        p.totals.reset();
        for (unsigned x = static_cast<unsigned>(cand[cell]) >> 1; x; x &= x - 1)
            p.totals.set(static_cast<std::size_t>(total_weight(d, std::countr_zero(x) + 1)));
    }

    // reach[i]: totals parts 0..i-1 make; need[i]: totals from which parts i.. can
    // still make exactly `total`.
    reach[0].reset();
    reach[0].set(0);
    for (int i = 0; i < count; ++i) reach[i + 1] = sums_of(reach[i], parts[i].totals);
    if (!reach[count].test(static_cast<std::size_t>(total))) return false;
    need[count].reset();
    need[count].set(static_cast<std::size_t>(total));
    for (int i = count - 1; i >= 0; --i) need[i] = differences_of(need[i + 1], parts[i].totals);
    for (int i = 0; i < count; ++i) {
        const Part& p = parts[i];
        if (p.cell < 0) continue;
        Mask keep = 0;
        for (unsigned x = static_cast<unsigned>(cand[p.cell]) >> 1; x; x &= x - 1) {
            const int v = std::countr_zero(x) + 1;
            const auto by = static_cast<std::size_t>(total_weight(d, v));
            if (((reach[i] << by) & need[i + 1]).any())
                keep = static_cast<Mask>(keep | value_bit(v));
        }
        cand[p.cell] = keep;
        if (!keep) return false;
    }
    return true;
}

}  // namespace

int total_weight(int d, int v) {
    static const auto weights = [] {
        std::array<std::array<int, kMaxSize + 1>, kTotalDims> w{};
        constexpr int primes[4] = {2, 3, 5, 7};
        for (int x = 1; x <= kMaxSize; ++x) {
            w[0][x] = x;
            for (int p = 0; p < 4; ++p)
                for (int y = x; y % primes[p] == 0; y /= primes[p]) ++w[p + 1][x];
        }
        return w;
    }();
    return weights[d][v];
}

CageTotals totals_of_cage(const Cage& cage, const Rules& rules, int n) {
    CageTotals t;
    const OpSet ops = cage_ops(cage, rules);
    const auto set_all = [&t](int a, int b) {
        for (int d = 0; d < kTotalDims; ++d) {
            t.known[d] = true;
            t.totals[d].set(static_cast<std::size_t>(total_weight(d, a) + total_weight(d, b)));
        }
    };
    if (cage.op == Op::Given) {
        if (cage.target >= 1 && cage.target <= n) set_all(static_cast<int>(cage.target), 0);
        return t;
    }
    if (cage.cells.size() == 2) {
        // Both cells share a line, so they differ; any op the cage may have.
        const std::int64_t target = cage.target;
        const auto meets = [&](int a, int b) {
            const int hi = std::max(a, b), lo = std::min(a, b);
            return ((ops & op_bit(Op::Add)) && a + b == target) ||
                   ((ops & op_bit(Op::Sub)) && hi - lo == target) ||
                   ((ops & op_bit(Op::Mul)) && a * b == target) ||
                   ((ops & op_bit(Op::Div)) && hi % lo == 0 && hi / lo == target);
        };
        for (int a = 1; a <= n; ++a)
            for (int b = a + 1; b <= n; ++b)
                if (meets(a, b)) set_all(a, b);
        for (int d = 0; d < kTotalDims; ++d) t.known[d] = true;  // none: nothing adds up
        return t;
    }
    if (ops == op_bit(Op::Add) && cage.target < kGridTotals) {
        t.known[0] = true;
        t.totals[0].set(static_cast<std::size_t>(cage.target));
    } else if (ops == op_bit(Op::Mul) && cage.target > 0) {
        // Capped: past 511 it is as impossible as the true exponent.
        constexpr int primes[4] = {2, 3, 5, 7};
        for (int d = 1; d < kTotalDims; ++d) {
            int e = 0;
            for (std::int64_t rest = cage.target; rest % primes[d - 1] == 0 && e < kGridTotals - 1;
                 rest /= primes[d - 1])
                ++e;
            t.known[d] = true;
            t.totals[d].set(static_cast<std::size_t>(e));
        }
    }
    return t;
}

bool narrow_by_grid_totals(int n, const std::uint8_t* cage_of, const CageTotals* cages, int ncages,
                           Mask* cand) {
    for (int d = 0; d < kTotalDims; ++d)
        if (!narrow_in_dimension(d, n, cage_of, cages, ncages, cand)) return false;
    return true;
}

}  // namespace kk
