#include "core/solve/grid_totals.h"

#include <algorithm>
#include <array>

namespace kk {
namespace {

// One part of a band's total: a whole cage (cell < 0), a cell inside the band, or an
// outie (a cell outside the band of a cage taken whole), which adds `top` less its
// weight so that every part adds 0 or more.
struct Part {
    int cell = -1;
    bool outie = false;
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

// The grid's cells cage after cage.
struct CageCells {
    std::array<int, kMaxCells> cells{};
    std::array<int, kMaxCells + 1> start{};
    CageCells(int n, const std::uint8_t* cage_of, int ncages) {
        for (int cell = 0; cell < n * n; ++cell) ++start[cage_of[cell] + 1];
        for (int k = 0; k < ncages; ++k) start[k + 1] += start[k];
        std::array<int, kMaxCells + 1> next = start;
        for (int cell = 0; cell < n * n; ++cell) cells[next[cage_of[cell]]++] = cell;
    }
};

// Rows (or columns) lo..hi in dimension d: the knapsack, then each cell part keeps the
// values some completion allows. False when the band cannot reach its total.
bool narrow_band(int d, bool rows, int lo, int hi, int n, const std::uint8_t* cage_of,
                 const CageTotals* cages, int ncages, const CageCells& by_cage, Mask* cand) {
    // A line holds 1..n once: its total is theirs; `top` is the largest weight of 1..n.
    int line_total = 0, top = 0;
    for (int v = 1; v <= n; ++v) {
        line_total += total_weight(d, v);
        top = std::max(top, total_weight(d, v));
    }
    if (line_total == 0) return true;  // no 5 or 7 in a small grid
    // Scratch per thread: every entry read is written first, and zeroing 16 KB on each
    // call would cost more than the knapsack on a normal puzzle.
    struct Scratch {
        std::array<int, kMaxCells> inside;
        std::array<Part, kMaxCells> parts;
        std::array<GridTotals, kMaxCells + 1> reach, need;
    };
    thread_local Scratch scratch;
    auto& [inside, parts, reach, need] = scratch;
    std::fill(inside.begin(), inside.begin() + ncages, 0);
    for (int l = lo; l <= hi; ++l)
        for (int i = 0; i < n; ++i) ++inside[cage_of[rows ? l * n + i : i * n + l]];
    const auto in_band = [&](int cell) {
        const int l = rows ? cell / n : cell % n;
        return l >= lo && l <= hi;
    };
    int count = 0, outies = 0, wholes = 0;
    for (int k = 0; k < ncages; ++k) {
        if (!inside[k]) continue;
        const int first = by_cage.start[k], size = by_cage.start[k + 1] - first;
        // A cage stands for its cells when fewer of them lie outside than inside.
        const bool whole = cages[k].known[d] && size - inside[k] < inside[k];
        if (whole) parts[count++] = Part{-1, false, cages[k].totals[d]};
        wholes += whole;
        for (int j = first; j < first + size; ++j) {
            const int cell = by_cage.cells[j];
            if (whole == in_band(cell)) continue;  // in the cage's total, or not at all
            Part& p = parts[count++];
            p.cell = cell;
            p.outie = whole;
            p.totals.reset();
            for (unsigned x = static_cast<unsigned>(cand[cell]) >> 1; x; x &= x - 1) {
                const int w = total_weight(d, std::countr_zero(x) + 1);
                p.totals.set(static_cast<std::size_t>(whole ? top - w : w));
            }
            outies += whole;
        }
    }
    if (!wholes) return true;  // cells alone say no more than the lines' own rule
    const int total = (hi - lo + 1) * line_total + top * outies;
    if (total >= kGridTotals) return true;  // too many outies to count

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
            const int w = total_weight(d, v);
            const auto by = static_cast<std::size_t>(p.outie ? top - w : w);
            if (((reach[i] << by) & need[i + 1]).any())
                keep = static_cast<Mask>(keep | value_bit(v));
        }
        cand[p.cell] = keep;
        if (!keep) return false;
    }
    return true;
}

}  // namespace

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
        // Cells sharing a line differ (a puzzle's cages are connected: they always do);
        // any op the cage may have.
        const std::int64_t target = cage.target;
        const bool differ =
            cage.cells[0] / n == cage.cells[1] / n || cage.cells[0] % n == cage.cells[1] % n;
        const auto meets = [&](int a, int b) {
            const int hi = std::max(a, b), lo = std::min(a, b);
            return ((ops & op_bit(Op::Add)) && a + b == target) ||
                   ((ops & op_bit(Op::Sub)) && hi - lo == target) ||
                   ((ops & op_bit(Op::Mul)) && a * b == target) ||
                   ((ops & op_bit(Op::Div)) && hi % lo == 0 && hi / lo == target);
        };
        for (int a = 1; a <= n; ++a)
            for (int b = differ ? a + 1 : a; b <= n; ++b)
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
    const CageCells by_cage(n, cage_of, ncages);
    for (int d = 0; d < kTotalDims; ++d)
        if (!narrow_band(d, true, 0, n - 1, n, cage_of, cages, ncages, by_cage, cand)) return false;
    return true;
}

bool narrow_by_band_totals(int n, const std::uint8_t* cage_of, const CageTotals* cages, int ncages,
                           Mask* cand) {
    const CageCells by_cage(n, cage_of, ncages);
    for (int d = 0; d < kTotalDims; ++d)
        for (int lo = 0; lo < n; ++lo)
            for (int hi = lo; hi < n; ++hi)
                for (const bool rows : {true, false})
                    if ((rows || hi - lo < n - 1) &&
                        !narrow_band(d, rows, lo, hi, n, cage_of, cages, ncages, by_cage, cand))
                        return false;
    return true;
}

}  // namespace kk
