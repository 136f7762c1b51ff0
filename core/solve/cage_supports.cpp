#include "core/solve/cage_supports.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

namespace kk {
namespace {

// A value set packs value v into bit v-1 (9 bits, 512 sets).
constexpr int kSets = 512;
// Sums and exponent totals stay below this: at most 9 lines of 45 (or of 3*9 twos).
constexpr int kTotals = 512;

// 512 bits, for sets of value sets and for sets of totals.
struct Bits {
    std::array<std::uint64_t, 8> w{};
    void set(int i) { w[static_cast<unsigned>(i) >> 6] |= 1ull << (i & 63); }
    bool test(int i) const { return (w[static_cast<unsigned>(i) >> 6] >> (i & 63)) & 1; }
    bool any() const {
        std::uint64_t x = 0;
        for (std::uint64_t v : w) x |= v;
        return x != 0;
    }
    template <class F>
    void each(F f) const {
        for (int k = 0; k < 8; ++k)
            for (std::uint64_t x = w[k]; x; x &= x - 1) f(k * 64 + std::countr_zero(x));
    }
};

// The value sets holding value bit v (v = 0..8), as a set of sets.
Bits holding(int v) {
    constexpr std::uint64_t in_word[6] = {0xaaaaaaaaaaaaaaaaull, 0xccccccccccccccccull,
                                          0xf0f0f0f0f0f0f0f0ull, 0xff00ff00ff00ff00ull,
                                          0xffff0000ffff0000ull, 0xffffffff00000000ull};
    Bits b;
    for (int k = 0; k < 8; ++k) b.w[k] = v < 6 ? in_word[v] : ((k >> (v - 6)) & 1 ? ~0ull : 0);
    return b;
}

// {m | bit v : m in x} for x's sets without v (with v: {m & ~bit v}, down = true),
// word-parallel: adding bit v moves a set 2^v places.
Bits moved(const Bits& x, int v, bool down) {
    Bits r;
    if (v < 6) {
        const int by = 1 << v;
        for (int k = 0; k < 8; ++k) r.w[k] = down ? x.w[k] >> by : x.w[k] << by;
    } else {
        const int by = 1 << (v - 6);
        for (int k = 0; k < 8; ++k) {
            const int from = down ? k + by : k - by;
            r.w[k] = from >= 0 && from < 8 ? x.w[from] : 0;
        }
    }
    return r;
}

struct Holding {
    Bits with[9], without[9];
    Holding() {
        for (int v = 0; v < 9; ++v) {
            with[v] = holding(v);
            for (int k = 0; k < 8; ++k) without[v].w[k] = ~with[v].w[k];
        }
    }
};
const Holding kHolding;

// {m | bit v : m in from, v not in m}: the sets one more cell taking value v reaches.
Bits add_value(const Bits& from, int v) {
    Bits without_v = from;
    for (int k = 0; k < 8; ++k) without_v.w[k] &= kHolding.without[v].w[k];
    return moved(without_v, v, false);
}

Bits single(int i) {
    Bits b;
    b.set(i);
    return b;
}

// Sets of totals below 64 * used words, whose other words stay 0: a cage's totals never
// pass its target, and most targets need one to three words of the eight.

// {a + b : a in x, b in y}, cut at 64 * used.
Bits sums_of(const Bits& x, const Bits& y, int used) {
    Bits r;
    y.each([&](int s) {
        const int words = s >> 6, bits = s & 63;
        for (int k = used - 1; k >= words; --k) {
            std::uint64_t v = x.w[k - words] << bits;
            if (bits && k - words >= 1) v |= x.w[k - words - 1] >> (64 - bits);
            r.w[k] |= v;
        }
    });
    return r;
}

// {x - s : x in a, x >= s}.
Bits shifted_down(const Bits& a, int s, int used = 8) {
    Bits r;
    const int words = s >> 6, bits = s & 63;
    for (int k = 0; k + words < used; ++k) {
        std::uint64_t v = a.w[k + words] >> bits;
        if (bits && k + words + 1 < used) v |= a.w[k + words + 1] << (64 - bits);
        r.w[k] = v;
    }
    return r;
}

// Word k of shifted_down(a, s, used).
std::uint64_t shifted_word(const Bits& a, int s, int k, int used) {
    const int words = s >> 6, bits = s & 63;
    if (k + words >= used) return 0;
    std::uint64_t v = a.w[k + words] >> bits;
    if (bits && k + words + 1 < used) v |= a.w[k + words + 1] << (64 - bits);
    return v;
}

// {x - b : x in a, b in y, x >= b}.
Bits differences_of(const Bits& a, const Bits& y, int used) {
    Bits r;
    y.each([&](int s) {
        for (int k = 0; k < used; ++k) r.w[k] |= shifted_word(a, s, k, used);
    });
    return r;
}

// Does some p in a have p + s in b? (a meets shifted_down(b, s), without building it.)
bool meets_shifted(const Bits& a, const Bits& b, int s, int used) {
    std::uint64_t x = 0;
    for (int k = 0; k < used; ++k) x |= a.w[k] & shifted_word(b, s, k, used);
    return x != 0;
}

// Bit i moved to bit 63 - i.
std::uint64_t reversed(std::uint64_t x) {
    x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
    x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
    x = ((x >> 4) & 0x0f0f0f0f0f0f0f0full) | ((x & 0x0f0f0f0f0f0f0f0full) << 4);
    x = ((x >> 8) & 0x00ff00ff00ff00ffull) | ((x & 0x00ff00ff00ff00ffull) << 8);
    x = ((x >> 16) & 0x0000ffff0000ffffull) | ((x & 0x0000ffff0000ffffull) << 16);
    return (x >> 32) | (x << 32);
}

// {full ^ s : s in x} for the value sets of an n-value line (full: all n values): a
// reversal of the 2^n bits, done as one of all 512 and a shift down.
Bits complements(const Bits& x, int n) {
    Bits r;
    for (int k = 0; k < 8; ++k) r.w[k] = reversed(x.w[7 - k]);
    return shifted_down(r, kSets - (1 << n));
}

// Which of the grid's cells belong to the cage.
struct CageCells {
    std::array<std::uint64_t, 2> w{};
    void add(int cell) { w[static_cast<unsigned>(cell) >> 6] |= 1ull << (cell & 63); }
    bool has(int cell) const { return (w[static_cast<unsigned>(cell) >> 6] >> (cell & 63)) & 1; }
};

// What a value set adds up to in each dimension: 0 the sum of its values, 1..4 the
// exponents of 2, 3, 5 and 7 in their product, 5 and 6 pairs of them packed into one
// number (see kPairRadix).
constexpr int kDims = 7;
// A pair of exponents (a, b) packs as a + kPairRadix * b, so a product's exponents of 2
// and 3 (or 5 and 7) are matched together, not each on its own. A group of distinct
// values adds at most 7 to the exponent of 2 (8, 4, 2, 6), so while the target's
// stays at most kPairRadix - 8, no sum of packed pairs carries into b; the states past
// the target (kept out by a box mask) absorb what a difference borrows.
constexpr int kPairRadix = 32;
constexpr int kMaxPairLow = kPairRadix - 8;
struct SetWeights {
    std::array<std::array<std::int16_t, kSets>, kDims> w{};
};

const SetWeights& set_weights() {
    static const SetWeights table = [] {
        SetWeights t;
        constexpr int primes[4] = {2, 3, 5, 7};
        for (int s = 0; s < kSets; ++s)
            for (int v = 1; v <= 9; ++v) {
                if (!((s >> (v - 1)) & 1)) continue;
                t.w[0][s] = static_cast<std::int16_t>(t.w[0][s] + v);
                for (int p = 0; p < 4; ++p)
                    for (int x = v; x % primes[p] == 0; x /= primes[p])
                        t.w[p + 1][s] = static_cast<std::int16_t>(t.w[p + 1][s] + 1);
            }
        for (int s = 0; s < kSets; ++s) {
            t.w[5][s] = static_cast<std::int16_t>(t.w[1][s] + kPairRadix * t.w[2][s]);
            t.w[6][s] = static_cast<std::int16_t>(t.w[3][s] + kPairRadix * t.w[4][s]);
        }
        return t;
    }();
    return table;
}

// The cage as dimensions that must each total exactly: its sum, or its exponents
// (in pairs when they fit). box: the totals within the target in every packed part
// (totals only grow, so none past the target completes). used: words of totals.
struct Totals {
    int dims = 0;
    int dim[4] = {};
    int target[4] = {};
    Bits box[4];
    int used = 1;
};

// Totals whose packed parts stay within the target's: a <= lo, b <= hi.
Bits pair_box(int lo, int hi) {
    Bits b;
    for (int i = 0; i <= lo + kPairRadix * hi; ++i)
        if (i % kPairRadix <= lo) b.set(i);
    return b;
}

// Totals 0..target.
Bits up_to(int target) {
    Bits b;
    for (int k = 0; k < 8; ++k) {
        const int from = k * 64;
        if (target >= from + 63)
            b.w[k] = ~0ull;
        else if (target >= from)
            b.w[k] = (2ull << (target - from)) - 1;
    }
    return b;
}

Bits both(const Bits& a, const Bits& b, int used = 8) {
    Bits r;
    for (int k = 0; k < used; ++k) r.w[k] = a.w[k] & b.w[k];
    return r;
}

bool totals_of(Op op, std::int64_t target, Totals& t) {
    if (op == Op::Add) {
        if (target < 0 || target >= kTotals) return false;
        t.dims = 1;
        t.dim[0] = 0;
        t.target[0] = static_cast<int>(target);
        t.box[0] = up_to(t.target[0]);
        t.used = t.target[0] / 64 + 1;
        return true;
    }
    constexpr int primes[4] = {2, 3, 5, 7};
    if (target <= 0) return false;
    int e[4] = {};
    for (int p = 0; p < 4; ++p)
        for (; target % primes[p] == 0; target /= primes[p])
            if (++e[p] >= kTotals) return false;
    if (target != 1) return false;  // a prime above 7 is no product of 1..9
    t.dims = 0;
    for (int p = 0; p < 4; p += 2) {
        if (e[p] <= kMaxPairLow && e[p + 1] < kTotals / kPairRadix) {
            t.dim[t.dims] = 5 + p / 2;
            t.target[t.dims] = e[p] + kPairRadix * e[p + 1];
            t.box[t.dims++] = pair_box(e[p], e[p + 1]);
        } else {
            for (int q = p; q < p + 2; ++q) {
                t.dim[t.dims] = 1 + q;
                t.target[t.dims] = e[q];
                t.box[t.dims++] = up_to(e[q]);
            }
        }
    }
    for (int d = 0; d < t.dims; ++d) t.used = std::max(t.used, t.target[d] / 64 + 1);
    return true;
}

// The value sets (packed as above) the group of the cage's cells in line l may fill:
// those whose complement in the line the line's other cells can take, all distinct
// (a subset DP over those cells, as for the group's own sets). Exact for the line.
Bits left_for_cage(int l, bool rows, int n, const Mask* grid, const CageCells& in_cage,
                   LineSetMemo::Group* mg) {
    if (mg) {
        int k = 0;
        bool same = true;
        for (int i = 0; i < n; ++i) {
            const int cell = rows ? l * n + i : i * n + l;
            if (in_cage.has(cell)) continue;
            same = same && k < mg->others && mg->others_key[k] == grid[cell];
            mg->others_key[k++] = grid[cell];
        }
        if (same && k == mg->others) {
            Bits kept;
            std::copy(mg->allowed, mg->allowed + 8, kept.w.begin());
            return kept;
        }
        mg->others = -1;  // filled below, once the sets are known
        const Bits allowed = left_for_cage(l, rows, n, grid, in_cage, nullptr);
        mg->others = k;
        std::copy(allowed.w.begin(), allowed.w.end(), mg->allowed);
        return allowed;
    }
    Bits others = single(0);
    for (int i = 0; i < n; ++i) {
        const int cell = rows ? l * n + i : i * n + l;
        if (in_cage.has(cell)) continue;
        Bits next;
        for (unsigned x = static_cast<unsigned>(grid[cell]) >> 1; x; x &= x - 1) {
            const Bits to = add_value(others, std::countr_zero(x));
            for (int k = 0; k < 8; ++k) next.w[k] |= to.w[k];
        }
        others = next;
    }
    return complements(others, n);
}

// Narrows by the groups of cells sharing a row (rows) or a column (!rows). With the
// grid's candidates, a group keeps only the sets whose complement in its line the
// line's other cells can fill.
bool narrow_in_lines(const Totals& t, const int* cells, int count, int n, bool rows, Mask* cand,
                     const Mask* grid, const CageCells& in_cage, LineNeeds* needs,
                     LineSetMemo* memo) {
    const SetWeights& wt = set_weights();
    std::array<int, kMaxSize> group_of_line;
    group_of_line.fill(-1);
    std::array<int, kMaxSize> size{}, line{};
    std::array<std::array<int, kMaxSize>, kMaxSize> member;
    int groups = 0;
    for (int j = 0; j < count; ++j) {
        const int l = rows ? cells[j] / n : cells[j] % n;
        if (group_of_line[l] < 0) {
            line[groups] = l;
            group_of_line[l] = groups++;
        }
        const int g = group_of_line[l];
        if (size[g] >= kMaxSize) return false;  // more cells than values in one line
        member[g][size[g]++] = j;
    }

    // reach[g][i]: the value sets cells 0..i-1 of group g can take (distinct values).
    // The big tables live per thread (13 KB): every entry read is written first, and
    // clearing them on each call cost more than the DP itself.
    struct Scratch {
        std::array<std::array<Bits, kMaxSize + 1>, kMaxSize> reach;
        std::array<std::array<Bits, 4>, kMaxSize> group_totals;
        std::array<std::array<Bits, 4>, kMaxSize + 1> prefix, left;
        std::array<Bits, kMaxSize> sets;  // reach[g][size[g]], less what the line needs
    };
    thread_local Scratch scratch;
    auto& reach = scratch.reach;
    auto& group_totals = scratch.group_totals;
    auto& prefix = scratch.prefix;
    auto& left = scratch.left;
    auto& sets = scratch.sets;
    const auto fill_reach = [&](int g) {
        reach[g][0] = single(0);
        for (int i = 0; i < size[g]; ++i) {
            const unsigned c = static_cast<unsigned>(cand[member[g][i]]) >> 1;
            Bits next;
            for (unsigned x = c; x; x &= x - 1) {
                const Bits to = add_value(reach[g][i], std::countr_zero(x));
                for (int k = 0; k < 8; ++k) next.w[k] |= to.w[k];
            }
            reach[g][i + 1] = next;
        }
    };
    std::array<bool, kMaxSize> same{}, filled{};  // memo hit; reach[g] computed
    for (int g = 0; g < groups; ++g) {
        LineSetMemo::Group* mg = memo ? &memo->group[rows ? 0 : 1][g] : nullptr;
        same[g] = mg && mg->size == size[g];
        for (int i = 0; same[g] && i < size[g]; ++i) same[g] = mg->key[i] == cand[member[g][i]];
        if (same[g]) {
            std::copy(mg->reach, mg->reach + 8, sets[g].w.begin());
        } else {
            fill_reach(g);
            filled[g] = true;
            sets[g] = reach[g][size[g]];
            if (mg) {
                mg->size = size[g];
                for (int i = 0; i < size[g]; ++i) mg->key[i] = cand[member[g][i]];
                std::copy(sets[g].w.begin(), sets[g].w.end(), mg->reach);
                mg->has_support = false;
            }
        }
        if (grid) {
            sets[g] = both(sets[g], left_for_cage(line[g], rows, n, grid, in_cage, mg));
        }
        if (!sets[g].any()) return false;
        for (int d = 0; d < t.dims; ++d) {
            Bits b;
            const int past = t.target[d];  // a group's total past it completes nothing
            sets[g].each([&](int s) {
                if (wt.w[t.dim[d]][s] <= past) b.set(wt.w[t.dim[d]][s]);
            });
            group_totals[g][d] = b;
        }
    }

    // Totals the groups before g can make (prefix), and what the groups from g on
    // still have to make (left: target minus what they can make).
    for (int d = 0; d < t.dims; ++d) {
        prefix[0][d] = single(0);
        left[groups][d] = single(t.target[d]);
    }
    for (int g = 0; g < groups; ++g)
        for (int d = 0; d < t.dims; ++d)
            prefix[g + 1][d] =
                both(sums_of(prefix[g][d], group_totals[g][d], t.used), t.box[d], t.used);
    for (int g = groups - 1; g >= 0; --g)
        for (int d = 0; d < t.dims; ++d)
            left[g][d] =
                both(differences_of(left[g + 1][d], group_totals[g][d], t.used), t.box[d], t.used);
    for (int d = 0; d < t.dims; ++d)
        if (!prefix[groups][d].test(t.target[d])) return false;

    const auto walk_back = [&](int g, Bits good, std::array<unsigned, kMaxSize>& support) {
        for (int i = size[g] - 1; i >= 0; --i) {
            const unsigned c = static_cast<unsigned>(cand[member[g][i]]) >> 1;
            Bits good_before;
            for (unsigned x = c; x; x &= x - 1) {
                const int v = std::countr_zero(x);
                Bits with = good;
                for (int k = 0; k < 8; ++k) with.w[k] &= kHolding.with[v].w[k];
                const Bits before = moved(with, v, true);
                std::uint64_t any = 0;
                for (int k = 0; k < 8; ++k) {
                    const std::uint64_t here =
                        before.w[k] & reach[g][i].w[k] & kHolding.without[v].w[k];
                    good_before.w[k] |= here;
                    any |= here;
                }
                if (any) support[i] |= 1u << v;
            }
            good = good_before;
        }
    };
    for (int g = 0; g < groups; ++g) {
        // Totals s of this group that some prefix p completes: p + s in left[g + 1].
        std::array<Bits, 4> fits;
        for (int d = 0; d < t.dims; ++d)
            group_totals[g][d].each([&](int s) {
                if (meets_shifted(prefix[g][d], left[g + 1][d], s, t.used)) fits[d].set(s);
            });
        // The group's sets the other groups can complete, and what they all share.
        Bits good;
        unsigned shared = 0x1ff;
        bool any = false;
        sets[g].each([&](int s) {
            for (int d = 0; d < t.dims; ++d)
                if (!fits[d].test(wt.w[t.dim[d]][s])) return;
            good.set(s);
            shared &= static_cast<unsigned>(s);
            any = true;
        });
        if (!any) return false;
        // Backwards: a value is supported at cell i when some set reachable before it,
        // plus the value, still completes to a good set.
        std::array<unsigned, kMaxSize> support{};
        LineSetMemo::Group* mg = memo ? &memo->group[rows ? 0 : 1][g] : nullptr;
        if (same[g] && mg->has_support && std::equal(good.w.begin(), good.w.end(), mg->good)) {
            for (int i = 0; i < size[g]; ++i) support[i] = mg->support[i];
        } else {
            if (mg) std::copy(good.w.begin(), good.w.end(), mg->good);
            if (!filled[g]) fill_reach(g);
            walk_back(g, good, support);
            if (mg) {
                for (int i = 0; i < size[g]; ++i) mg->support[i] = support[i];
                mg->has_support = true;
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
    Totals t;
    if (!totals_of(op, target, t)) return false;
    CageCells in_cage;
    for (int j = 0; j < count; ++j) in_cage.add(cells[j]);
    return narrow_in_lines(t, cells, count, n, true, cand, grid, in_cage, needs, memo) &&
           narrow_in_lines(t, cells, count, n, false, cand, grid, in_cage, needs, memo);
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
