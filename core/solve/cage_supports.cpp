#include "core/solve/cage_supports.h"

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

Bits single(int i) {
    Bits b;
    b.set(i);
    return b;
}

// {a + b : a in x, b in y}, cut at kTotals.
Bits sums_of(const Bits& x, const Bits& y) {
    Bits r;
    y.each([&](int s) {
        const int words = s >> 6, bits = s & 63;
        for (int k = 7; k >= words; --k) {
            std::uint64_t v = x.w[k - words] << bits;
            if (bits && k - words >= 1) v |= x.w[k - words - 1] >> (64 - bits);
            r.w[k] |= v;
        }
    });
    return r;
}

// {x - s : x in a, x >= s}.
Bits shifted_down(const Bits& a, int s) {
    Bits r;
    const int words = s >> 6, bits = s & 63;
    for (int k = 0; k + words < 8; ++k) {
        std::uint64_t v = a.w[k + words] >> bits;
        if (bits && k + words + 1 < 8) v |= a.w[k + words + 1] << (64 - bits);
        r.w[k] = v;
    }
    return r;
}

// {x - b : x in a, b in y, x >= b}.
Bits differences_of(const Bits& a, const Bits& y) {
    Bits r;
    y.each([&](int s) {
        const Bits d = shifted_down(a, s);
        for (int k = 0; k < 8; ++k) r.w[k] |= d.w[k];
    });
    return r;
}

bool meet(const Bits& a, const Bits& b) {
    std::uint64_t x = 0;
    for (int k = 0; k < 8; ++k) x |= a.w[k] & b.w[k];
    return x != 0;
}

// What a value set adds up to in each dimension: 0 the sum of its values, 1..4 the
// exponents of 2, 3, 5 and 7 in their product.
constexpr int kDims = 5;
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
        return t;
    }();
    return table;
}

// The cage as dimensions that must each total exactly: its sum, or its exponents.
struct Totals {
    int first = 0, dims = 0;
    int target[4] = {};
};

bool totals_of(Op op, std::int64_t target, Totals& t) {
    if (op == Op::Add) {
        if (target < 0 || target >= kTotals) return false;
        t.first = 0;
        t.dims = 1;
        t.target[0] = static_cast<int>(target);
        return true;
    }
    constexpr int primes[4] = {2, 3, 5, 7};
    t.first = 1;
    t.dims = 4;
    if (target <= 0) return false;
    for (int p = 0; p < 4; ++p)
        for (; target % primes[p] == 0; target /= primes[p])
            if (++t.target[p] >= kTotals) return false;
    return target == 1;  // a prime above 7 is no product of 1..9
}

// Narrows by the groups of cells sharing a row (rows) or a column (!rows).
bool narrow_in_lines(const Totals& t, const int* cells, int count, int n, bool rows, Mask* cand,
                     LineNeeds* needs) {
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
    };
    thread_local Scratch scratch;
    auto& reach = scratch.reach;
    auto& group_totals = scratch.group_totals;
    auto& prefix = scratch.prefix;
    auto& left = scratch.left;
    for (int g = 0; g < groups; ++g) {
        reach[g][0] = single(0);
        for (int i = 0; i < size[g]; ++i) {
            const unsigned c = static_cast<unsigned>(cand[member[g][i]]) >> 1;
            Bits next;
            reach[g][i].each([&](int m) {
                for (unsigned x = c & ~static_cast<unsigned>(m); x; x &= x - 1)
                    next.set(m | static_cast<int>(x & -x));
            });
            reach[g][i + 1] = next;
        }
        if (!reach[g][size[g]].any()) return false;
        for (int d = 0; d < t.dims; ++d) {
            Bits b;
            reach[g][size[g]].each([&](int s) { b.set(wt.w[t.first + d][s]); });
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
            prefix[g + 1][d] = sums_of(prefix[g][d], group_totals[g][d]);
    for (int g = groups - 1; g >= 0; --g)
        for (int d = 0; d < t.dims; ++d)
            left[g][d] = differences_of(left[g + 1][d], group_totals[g][d]);
    for (int d = 0; d < t.dims; ++d)
        if (!prefix[groups][d].test(t.target[d])) return false;

    for (int g = 0; g < groups; ++g) {
        // Totals s of this group that some prefix p completes: p + s in left[g + 1].
        std::array<Bits, 4> fits;
        for (int d = 0; d < t.dims; ++d)
            group_totals[g][d].each([&](int s) {
                if (meet(prefix[g][d], shifted_down(left[g + 1][d], s))) fits[d].set(s);
            });
        // The group's sets the other groups can complete, and what they all share.
        Bits good;
        unsigned shared = 0x1ff;
        bool any = false;
        reach[g][size[g]].each([&](int s) {
            for (int d = 0; d < t.dims; ++d)
                if (!fits[d].test(wt.w[t.first + d][s])) return;
            good.set(s);
            shared &= static_cast<unsigned>(s);
            any = true;
        });
        if (!any) return false;
        // Backwards: a value is supported at cell i when some set reachable before it,
        // plus the value, still completes to a good set.
        std::array<unsigned, kMaxSize> support{};
        for (int i = size[g] - 1; i >= 0; --i) {
            const unsigned c = static_cast<unsigned>(cand[member[g][i]]) >> 1;
            Bits good_before;
            reach[g][i].each([&](int m) {
                for (unsigned x = c & ~static_cast<unsigned>(m); x; x &= x - 1) {
                    const unsigned b = x & -x;
                    if (good.test(m | static_cast<int>(b))) {
                        support[i] |= b;
                        good_before.set(m);
                    }
                }
            });
            good = good_before;
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
                         LineNeeds* needs) {
    if (op != Op::Add && op != Op::Mul) return true;
    Totals t;
    if (!totals_of(op, target, t)) return false;
    return narrow_in_lines(t, cells, count, n, true, cand, needs) &&
           narrow_in_lines(t, cells, count, n, false, cand, needs);
}

}  // namespace kk
