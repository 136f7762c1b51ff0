#include "core/solve/grid_totals.h"

#include <array>

#include "core/model/puzzle.h"

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
    std::array<Part, kMaxCells> parts;
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
    std::array<GridTotals, kMaxCells + 1> reach, need;
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

bool narrow_by_grid_totals(int n, const std::uint8_t* cage_of, const CageTotals* cages, int ncages,
                           Mask* cand) {
    for (int d = 0; d < kTotalDims; ++d)
        if (!narrow_in_dimension(d, n, cage_of, cages, ncages, cand)) return false;
    return true;
}

}  // namespace kk
