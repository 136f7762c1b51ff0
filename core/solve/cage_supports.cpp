#include "core/solve/cage_supports.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>

#include "core/solve/cage_totals.h"
#include "core/solve/line_complements.h"
#include "core/solve/totals_knapsack.h"
#include "core/solve/value_set_bits.h"

namespace kk {
namespace {

// The DP's parts (value_set_bits.h, cage_totals.h, line_complements.h,
// totals_knapsack.h).
using line_dp::added;
using line_dp::Bits;
using line_dp::both;
using line_dp::CageCells;
using line_dp::fitting_totals;
using line_dp::has;
using line_dp::kMaxGroupSets;
using line_dp::kWeightWords;
using line_dp::Lane2;
using line_dp::left_for_cage;
using line_dp::list_of;
using line_dp::taken;
using line_dp::TotalList;
using line_dp::Totals;
using line_dp::totals_of;
using line_dp::WeightSet;

// The value sets a group of one or two cells can fill (candidates c0, c1 as value bits),
// listed directly: cheaper than the subset DP for most groups. Only those in allowed
// (if given) are kept. Returns how many.
int list_small_group(int size, unsigned c0, unsigned c1, const Bits* allowed, std::uint16_t* out) {
    int count = 0;
    const auto keep = [&](unsigned s) {
        out[count] = static_cast<std::uint16_t>(s);
        count += !allowed || allowed->test(static_cast<int>(s));
    };
    if (size == 1) {
        for (unsigned x = c0; x; x &= x - 1) keep(x & -x);
        return count;
    }
    for (unsigned x = c0; x; x &= x - 1) {
        const unsigned a = x & -x;
        unsigned y = c1 & ~a;
        // {b, a} with b < a came already from b in c0 when a is in c1.
        if (c1 & a) y &= ~(c0 & (a - 1));
        for (; y; y &= y - 1) keep(a | (y & -y));
    }
    return count;
}

// The support of a group of one or two cells from its good sets (as listed above): the
// values each cell takes in some good set.
void support_of_small_group(int size, unsigned c0, unsigned c1, const std::uint16_t* good,
                            int count, unsigned* support) {
    if (size == 1) {
        for (int i = 0; i < count; ++i) support[0] |= good[i];
        return;
    }
    for (int i = 0; i < count; ++i) {
        const unsigned s = good[i], a = s & -s, b = s ^ a;
        // Cell 0 takes a and cell 1 b, or the other way round.
        const unsigned ab = (c0 & a) && (c1 & b) ? ~0u : 0, ba = (c0 & b) && (c1 & a) ? ~0u : 0;
        support[0] |= (a & ab) | (b & ba);
        support[1] |= (b & ab) | (a & ba);
    }
}

// Narrows by the groups of cells sharing a row (rows) or a column (!rows). With the
// grid's candidates, a group keeps only the sets whose complement in its line the
// line's other cells can fill. line_of: each cell's row (rows) or column.
bool narrow_in_lines(const Totals& t, const int* line_of, int count, int n, bool rows, Mask* cand,
                     const Mask* grid, const CageCells& in_cage, LineNeeds* needs,
                     LineSetMemo* memo) {
    std::array<int, kMaxSize> group_of_line;
    group_of_line.fill(-1);
    std::array<int, kMaxSize> size{}, line{};
    std::array<std::array<int, kMaxSize>, kMaxSize> member;
    int groups = 0;
    for (int j = 0; j < count; ++j) {
        const int l = line_of[j];
        if (group_of_line[l] < 0) {
            line[groups] = l;
            group_of_line[l] = groups++;
        }
        const int g = group_of_line[l];
        if (size[g] >= kMaxSize) return false;  // more cells than values in one line
        member[g][size[g]++] = j;
    }
    const auto cand_of = [&](int g, int i) {
        return static_cast<unsigned>(cand[member[g][i]]) >> 1;
    };

    // reach[g][i]: the value sets cells 0..i-1 of group g can take (distinct values),
    // for groups of three cells or more (smaller ones are listed directly).
    // The big tables live per thread (18 KB): every entry read is written first, and
    // clearing them on each call cost more than the DP itself.
    struct Scratch {
        std::array<std::array<Bits, kMaxSize + 1>, kMaxSize> reach;
        // The group's sets (less what the line needs), then only its good ones.
        std::array<std::array<std::uint16_t, kMaxGroupSets>, kMaxSize> sets;
        std::array<Bits, kMaxSize> kept;  // the same as a set, for groups of three or more
        // Each dimension's totals of each group, up to the target.
        std::array<std::array<TotalList, kMaxSize>, 4> totals;
    };
    thread_local Scratch scratch;
    auto& reach = scratch.reach;
    auto& sets = scratch.sets;
    auto& totals = scratch.totals;
    auto& kept = scratch.kept;
    std::array<int, kMaxSize> set_count{};
    std::array<std::array<int, kMaxSize>, 4> total_count{};
    std::array<std::array<WeightSet, kMaxSize>, 4> total_set;  // as sets
    std::array<unsigned, kMaxSize> shared_by_all;              // the values all sets share
    std::array<std::array<bool, kMaxSize>, 4> past;            // some set's total is past it
    const auto fill_reach = [&](int g) {
        Bits first;  // the one-value sets
        for (unsigned x = cand_of(g, 0); x; x &= x - 1) first.set(static_cast<int>(x & -x));
        reach[g][1] = first;
        for (int i = 1; i < size[g]; ++i) {
            Bits next;
            for (unsigned x = cand_of(g, i); x; x &= x - 1)
                next |= added(reach[g][i], std::countr_zero(x));
            reach[g][i + 1] = next;
        }
    };
    std::array<bool, kMaxSize> same{}, filled{};  // memo hit; reach[g] computed
    for (int g = 0; g < groups; ++g) {
        LineSetMemo::Group* mg = memo ? &memo->group[rows ? 0 : 1][g] : nullptr;
        Bits allowed;
        if (grid)
            allowed = mg ? left_for_cage(line[g], rows, n, grid, in_cage, *mg)
                         : left_for_cage(line[g], rows, n, grid, in_cage);
        if (size[g] <= 2) {
            set_count[g] = list_small_group(size[g], cand_of(g, 0), size[g] > 1 ? cand_of(g, 1) : 0,
                                            grid ? &allowed : nullptr, sets[g].data());
        } else {
            same[g] = mg && mg->size == size[g];
            for (int i = 0; same[g] && i < size[g]; ++i) same[g] = mg->key[i] == cand[member[g][i]];
            Bits reached;
            if (same[g]) {
                std::copy(mg->reach, mg->reach + 8, reached.w.begin());
            } else {
                fill_reach(g);
                filled[g] = true;
                reached = reach[g][size[g]];
                if (mg) {
                    mg->size = size[g];
                    for (int i = 0; i < size[g]; ++i) mg->key[i] = cand[member[g][i]];
                    std::copy(reached.w.begin(), reached.w.end(), mg->reach);
                    mg->has_support = false;
                }
            }
            if (grid) reached = both(reached, allowed);
            kept[g] = reached;
            set_count[g] = list_of(reached.w.data(), 8, sets[g].data());
        }
        if (!set_count[g]) return false;
        // What all the sets share, and every set's total in each dimension; then the
        // totals past the target are taken out: they complete nothing (and their sets
        // fit in no dimension).
        unsigned shared = 0x1ff;
        std::array<WeightSet, 4> b{};
        // dims as a constant for a sum (1) and most products (2), so the inner loop
        // unrolls.
        const auto tally = [&](auto dims) {
            for (int i = 0; i < set_count[g]; ++i) {
                const unsigned set = sets[g][i];
                shared &= set;
                for (int d = 0; d < dims; ++d) {
                    const int s = t.weight[d][set];
                    b[d][static_cast<unsigned>(s) >> 6] |= 1ull << (s & 63);
                }
            }
        };
        if (t.dims == 1)
            tally(std::integral_constant<int, 1>{});
        else if (t.dims == 2)
            tally(std::integral_constant<int, 2>{});
        else
            tally(t.dims);
        shared_by_all[g] = shared;
        for (int d = 0; d < t.dims; ++d) {
            bool over = false;
            for (int k = 0; k < kWeightWords; ++k) {
                over |= (b[d][k] & ~t.within[d][k]) != 0;
                b[d][k] &= t.within[d][k];
            }
            past[d][g] = over;
            total_count[d][g] = list_of(b[d].data(), kWeightWords, totals[d][g].data());
            total_set[d][g] = b[d];
        }
    }

    std::array<std::array<WeightSet, kMaxSize>, 4> fits;
    for (int d = 0; d < t.dims; ++d)
        if (!fitting_totals(t.used[d], groups, total_count[d].data(), totals[d].data(), t.target[d],
                            t.box[d], fits[d].data()))
            return false;

    const auto walk_back = [&](int g, Bits good, std::array<unsigned, kMaxSize>& support) {
        for (int i = size[g] - 1; i >= 1; --i) {
            Bits good_before;
            for (unsigned x = cand_of(g, i); x; x &= x - 1) {
                const int v = std::countr_zero(x);
                const Bits before = taken(good, v);
                Lane2 any{};
                for (int k = 0; k < 4; ++k) {
                    const Lane2 here = before.l[k] & reach[g][i].l[k];
                    good_before.l[k] |= here;
                    any |= here;
                }
                support[i] |= unsigned{(any[0] | any[1]) != 0} << v;
            }
            good = good_before;
        }
        // Cell 0 starts from the empty set: it takes v when {v} is good.
        for (unsigned x = cand_of(g, 0); x; x &= x - 1)
            support[0] |= good.test(static_cast<int>(x & -x)) ? x & -x : 0;
    };
    for (int g = 0; g < groups; ++g) {
        // The group's sets the other groups can complete (kept at the front of its
        // list), and what they all share. Mostly all of them: every total fits. Only
        // the dimensions where some total does not fit are looked up per set.
        std::array<const std::int16_t*, 4> misfit_weight;
        std::array<const WeightSet*, 4> misfit_fits;
        int misfits = 0;
        for (int d = 0; d < t.dims; ++d)
            if (past[d][g] || fits[d][g] != total_set[d][g]) {
                misfit_weight[misfits] = t.weight[d];
                misfit_fits[misfits++] = &fits[d][g];
            }
        const bool all_fit = !misfits;
        std::uint16_t* good = sets[g].data();
        int goods = 0;
        unsigned shared = 0x1ff;
        if (all_fit) {
            goods = set_count[g];
            shared = shared_by_all[g];
        } else {
            for (int i = 0; i < set_count[g]; ++i) {
                const unsigned s = sets[g][i];
                bool fit = true;
                for (int d = 0; d < misfits; ++d) fit &= has(*misfit_fits[d], misfit_weight[d][s]);
                good[goods] = static_cast<std::uint16_t>(s);
                goods += fit;
                shared &= fit ? s : 0x1ff;
            }
        }
        if (!goods) return false;
        // Backwards: a value is supported at cell i when some set reachable before it,
        // plus the value, still completes to a good set.
        std::array<unsigned, kMaxSize> support{};
        if (size[g] <= 2) {
            support_of_small_group(size[g], cand_of(g, 0), size[g] > 1 ? cand_of(g, 1) : 0, good,
                                   goods, support.data());
        } else {
            Bits good_sets = kept[g];
            if (!all_fit) {
                good_sets = Bits{};
                for (int i = 0; i < goods; ++i) good_sets.set(good[i]);
            }
            LineSetMemo::Group* mg = memo ? &memo->group[rows ? 0 : 1][g] : nullptr;
            if (same[g] && mg->has_support &&
                std::equal(good_sets.w.begin(), good_sets.w.end(), mg->good)) {
                for (int i = 0; i < size[g]; ++i) support[i] = mg->support[i];
            } else {
                if (mg) std::copy(good_sets.w.begin(), good_sets.w.end(), mg->good);
                if (!filled[g]) fill_reach(g);
                walk_back(g, good_sets, support);
                if (mg) {
                    for (int i = 0; i < size[g]; ++i) mg->support[i] = support[i];
                    mg->has_support = true;
                }
            }
        }
        for (int i = 0; i < size[g]; ++i) {
            Mask& m = cand[member[g][i]];
            m = static_cast<Mask>(m & (support[i] << 1));
            if (!m) return false;
        }
        if (needs) (rows ? needs->row : needs->col)[line[g]] |= static_cast<Mask>(shared << 1);
    }
    return true;
}

}  // namespace

bool narrow_by_line_sets(Op op, std::int64_t target, const int* cells, int count, int n, Mask* cand,
                         LineNeeds* needs, const Mask* grid, LineSetMemo* memo) {
    if (op != Op::Add && op != Op::Mul) return true;
    const Totals* totals = totals_of(op, target);
    if (!totals) return false;
    const Totals& t = *totals;
    CageCells in_cage;
    for (int j = 0; j < count; ++j) in_cage.add(cells[j]);
    // Each cell's row and column (one division each).
    if (count > kMaxCells) return false;  // more cells than values in some line
    std::array<int, kMaxCells> row, col;
    for (int j = 0; j < count; ++j) {
        row[j] = cells[j] / n;
        col[j] = cells[j] - row[j] * n;
    }
    return narrow_in_lines(t, row.data(), count, n, true, cand, grid, in_cage, needs, memo) &&
           narrow_in_lines(t, col.data(), count, n, false, cand, grid, in_cage, needs, memo);
}

bool narrow_by_line_sets_of_ops(OpSet ops, std::int64_t target, const int* cells, int count, int n,
                                Mask* cand, LineNeeds* needs, const Mask* grid, LineSetMemo* memo,
                                LineSetMemo* mul_memo) {
    constexpr OpSet kAddMul = op_bit(Op::Add) | op_bit(Op::Mul);
    if (ops & ~kAddMul || !ops) return true;
    if (ops != kAddMul) {
        const Op op = ops == op_bit(Op::Add) ? Op::Add : Op::Mul;
        return narrow_by_line_sets(op, target, cells, count, n, cand, needs, grid, memo);
    }
    // Each op on its own copy; a value stays if either keeps it (the cage's real op is
    // unknown), and a line needs a value only if both put it there.
    std::array<Mask, kMaxCells> kept{}, mine;
    LineNeeds shared, got;
    bool any = false;
    for (const Op op : {Op::Add, Op::Mul}) {
        std::copy(cand, cand + count, mine.begin());
        got = LineNeeds{};
        if (!narrow_by_line_sets(op, target, cells, count, n, mine.data(), &got, grid,
                                 op == Op::Add ? memo : mul_memo))
            continue;
        for (int j = 0; j < count; ++j) kept[j] = static_cast<Mask>(kept[j] | mine[j]);
        for (int l = 0; l < kMaxSize; ++l) {
            shared.row[l] = any ? static_cast<Mask>(shared.row[l] & got.row[l]) : got.row[l];
            shared.col[l] = any ? static_cast<Mask>(shared.col[l] & got.col[l]) : got.col[l];
        }
        any = true;
    }
    if (!any) return false;
    std::copy(kept.begin(), kept.begin() + count, cand);
    if (needs)
        for (int l = 0; l < kMaxSize; ++l) {
            needs->row[l] = static_cast<Mask>(needs->row[l] | shared.row[l]);
            needs->col[l] = static_cast<Mask>(needs->col[l] | shared.col[l]);
        }
    return true;
}

OpSet ops_with_fillings(const Cage& cage, OpSet ops, int n) {
    constexpr OpSet kAddMul = op_bit(Op::Add) | op_bit(Op::Mul);
    if (ops != kAddMul) return ops;
    OpSet kept = 0;
    for (const Op op : {Op::Add, Op::Mul}) {
        std::array<Mask, kMaxCells> cand;
        cand.fill(full_mask(n));
        if (narrow_by_line_sets(op, cage.target, cage.cells.data(),
                                static_cast<int>(cage.cells.size()), n, cand.data()))
            kept = static_cast<OpSet>(kept | op_bit(op));
    }
    return kept ? kept : ops;
}

}  // namespace kk