#include "core/solve/cage_supports.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>

namespace kk {
namespace {

// A value set packs value v into bit v-1 (9 bits, 512 sets).
constexpr int kSets = 512;
// Sums and exponent totals stay below this: at most 9 lines of 45 (or of 3*9 twos).
constexpr int kTotals = 512;

// Two words of a Bits, as one SSE2 register (GCC's and clang's vector extension): the
// set operations below work on four of them, not on eight words one by one.
using Lane2 = std::uint64_t __attribute__((vector_size(16)));

// 512 bits, for sets of value sets and for sets of totals.
struct Bits {
    union {
        std::array<std::uint64_t, 8> w{};
        Lane2 l[4];
    };
    void set(int i) { w[static_cast<unsigned>(i) >> 6] |= 1ull << (i & 63); }
    bool test(int i) const { return (w[static_cast<unsigned>(i) >> 6] >> (i & 63)) & 1; }
    Bits& operator|=(const Bits& o) {
        for (int k = 0; k < 4; ++k) l[k] |= o.l[k];
        return *this;
    }
};

// The sets of one word holding value bit v < 6 (the same pattern in every word); the
// sets holding v >= 6 fill whole words (those with bit v - 6 of the word index).
constexpr std::uint64_t kHoldingInWord[6] = {0xaaaaaaaaaaaaaaaaull, 0xccccccccccccccccull,
                                             0xf0f0f0f0f0f0f0f0ull, 0xff00ff00ff00ff00ull,
                                             0xffff0000ffff0000ull, 0xffffffff00000000ull};

// {m | bit v : m in x, v not in m}: the sets one more cell taking value v reaches.
// Adding bit v moves a set 2^v places: within a word for v < 6, by whole words above
// (word k + 2^(v-6) for the words k without that bit).
Bits added(const Bits& x, int v) {
    Bits r;
    if (v < 6) {
        const Lane2 free = ~Lane2{kHoldingInWord[v], kHoldingInWord[v]};
        const int by = 1 << v;
        for (int k = 0; k < 4; ++k) r.l[k] = (x.l[k] & free) << by;
    } else if (v == 6) {
        for (int k = 0; k < 4; ++k) r.l[k] = Lane2{0, x.l[k][0]};
    } else if (v == 7) {
        r.l[1] = x.l[0];
        r.l[3] = x.l[2];
    } else {
        r.l[2] = x.l[0];
        r.l[3] = x.l[1];
    }
    return r;
}

// {m & ~bit v : m in x, v in m}: the sets left once a cell takes value v (added's
// moves the other way).
Bits taken(const Bits& x, int v) {
    Bits r;
    if (v < 6) {
        const Lane2 holding = {kHoldingInWord[v], kHoldingInWord[v]};
        const int by = 1 << v;
        for (int k = 0; k < 4; ++k) r.l[k] = (x.l[k] & holding) >> by;
    } else if (v == 6) {
        for (int k = 0; k < 4; ++k) r.l[k] = Lane2{x.l[k][1], 0};
    } else if (v == 7) {
        r.l[0] = x.l[1];
        r.l[2] = x.l[3];
    } else {
        r.l[0] = x.l[2];
        r.l[1] = x.l[3];
    }
    return r;
}

Bits single(int i) {
    Bits b;
    b.set(i);
    return b;
}

// Sets of totals as U words (totals below 64 * U): a cage's totals never pass its
// target, and most targets need one to three words of the eight. With U fixed, the
// words stay in registers. Shifts by 64 - bits go as (x >> 1) >> (63 - bits), which is 0
// for bits = 0.
template <int U>
using Words = std::array<std::uint64_t, U>;

// r |= {x + s : x in a}, cut at 64 * U.
template <int U>
void add_shifted_up(Words<U>& r, const Words<U>& a, int s) {
    const int words = s >> 6, bits = s & 63;
    for (int k = 0; k < U; ++k) {
        const int from = k - words;
        if (from >= 0) r[k] |= a[from] << bits;
        if (from >= 1) r[k] |= (a[from - 1] >> 1) >> (63 - bits);
    }
}

// Word k of {x - s : x in a, x >= s}.
template <int U>
std::uint64_t shifted_word(const Words<U>& a, int s, int k) {
    const int from = k + (s >> 6), bits = s & 63;
    std::uint64_t v = 0;
    if (from < U) v |= a[from] >> bits;
    if (from + 1 < U) v |= (a[from + 1] << 1) << (63 - bits);
    return v;
}

// Does some p in a have p + s in b? (a meets b shifted down by s, without building it.)
template <int U>
bool meets_shifted(const Words<U>& a, const Words<U>& b, int s) {
    std::uint64_t x = 0;
    for (int k = 0; k < U; ++k) x |= a[k] & shifted_word<U>(b, s, k);
    return x != 0;
}

// A value set's weight in any dimension is below 64 * kWeightWords: at most 45 for a
// sum, 7 + 32 * 4 for the packed exponents of 2 and 3.
constexpr int kWeightWords = 3;
using WeightSet = Words<kWeightWords>;

bool has(const WeightSet& b, int i) {
    return (b[static_cast<unsigned>(i) >> 6] >> (i & 63)) & 1;
}

// The members of b (its first words), in order, into out; returns how many.
template <class T>
int list_of(const std::uint64_t* b, int words, T* out) {
    int count = 0;
    for (int k = 0; k < words; ++k)
        for (std::uint64_t x = b[k]; x; x &= x - 1)
            out[count++] = static_cast<T>(k * 64 + std::countr_zero(x));
    return count;
}

// Which of the grid's cells belong to the cage.
struct CageCells {
    std::array<std::uint64_t, 2> w{};
    void add(int cell) { w[static_cast<unsigned>(cell) >> 6] |= 1ull << (cell & 63); }
    bool has(int cell) const { return (w[static_cast<unsigned>(cell) >> 6] >> (cell & 63)) & 1; }
};

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

// A pair of exponents (a, b), of 2 and 3 or of 5 and 7, packs as a + radix * b, so a
// product's exponents are matched together, not each on its own. A group of distinct
// values adds at most 7 to the exponent of 2 (8, 4, 2, 6) and at most 1 to that of 5,
// so with a radix that much above the target's a, no sum of packed pairs carries into
// b; the states past the target (kept out by a box mask) absorb what a difference
// borrows. The smallest such radix keeps the totals in the fewest words.
constexpr int kMaxRadix = 32;
constexpr int kPairGap[2] = {8, 2};  // for 2 and 3, for 5 and 7
struct PairWeights {
    // [pair][radix][set]: pair 0 is 2 and 3, pair 1 is 5 and 7.
    std::array<std::array<std::array<std::int16_t, kSets>, kMaxRadix + 1>, 2> w{};
};

const PairWeights& pair_weights() {
    static const PairWeights table = [] {
        PairWeights t;
        const SetWeights& one = set_weights();
        for (int pair = 0; pair < 2; ++pair)
            for (int radix = 1; radix <= kMaxRadix; ++radix)
                for (int s = 0; s < kSets; ++s)
                    t.w[pair][radix][s] = static_cast<std::int16_t>(one.w[1 + 2 * pair][s] +
                                                                    radix * one.w[2 + 2 * pair][s]);
        return t;
    }();
    return table;
}

// The cage as dimensions that must each total exactly: its sum, or its exponents
// (in pairs when they fit). box: the totals within the target in every packed part
// (totals only grow, so none past the target completes). used: words of totals
// (those up to the target) in each dimension.
struct Totals {
    int dims = 0;
    const std::int16_t* weight[4] = {};  // each value set's total, per dimension
    int target[4] = {};
    int used[4] = {};
    Bits box[4];
    std::uint64_t within[4][kWeightWords] = {};  // the totals 0..target
};

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

// Totals whose packed parts stay within the target's: a <= lo and b <= hi, for
// a + radix * b.
Bits pair_box(int lo, int hi, int radix) {
    Bits b;
    for (int high = 0; high <= hi; ++high)
        for (int low = 0; low <= lo; ++low) b.set(high * radix + low);
    return b;
}

Bits both(const Bits& a, const Bits& b) {
    Bits r;
    for (int k = 0; k < 4; ++k) r.l[k] = a.l[k] & b.l[k];
    return r;
}

bool totals_of(Op op, std::int64_t target, Totals& t) {
    if (op == Op::Add) {
        if (target < 0 || target >= kTotals) return false;
        t.dims = 1;
        t.weight[0] = set_weights().w[0].data();
        t.target[0] = static_cast<int>(target);
        t.box[0] = up_to(t.target[0]);
    } else {
        if (target <= 0) return false;
        // Each prime a constant, so that no division is a real one.
        const auto exponent = [&target](auto prime) {
            int e = 0;
            for (; target % prime == 0 && e < kTotals; target /= prime) ++e;
            return e;
        };
        const int e[4] = {exponent(std::int64_t{2}), exponent(std::int64_t{3}),
                          exponent(std::int64_t{5}), exponent(std::int64_t{7})};
        for (int p = 0; p < 4; ++p)
            if (e[p] >= kTotals) return false;
        if (target != 1) return false;  // a prime above 7 is no product of 1..9
        t.dims = 0;
        for (int p = 0; p < 4; p += 2) {
            const int radix = e[p] + kPairGap[p / 2];
            if (radix <= kMaxRadix && e[p + 1] < kTotals / kMaxRadix) {
                t.weight[t.dims] = pair_weights().w[p / 2][radix].data();
                t.target[t.dims] = e[p] + radix * e[p + 1];
                t.box[t.dims++] = pair_box(e[p], e[p + 1], radix);
            } else {
                for (int q = p; q < p + 2; ++q) {
                    t.weight[t.dims] = set_weights().w[1 + q].data();
                    t.target[t.dims] = e[q];
                    t.box[t.dims++] = up_to(e[q]);
                }
            }
        }
    }
    for (int d = 0; d < t.dims; ++d) {
        t.used[d] = t.target[d] / 64 + 1;
        const Bits upto = up_to(t.target[d]);
        std::copy_n(upto.w.begin(), kWeightWords, t.within[d]);
    }
    return true;
}

// totals_of, kept per thread for the last few cages (a search asks for the same few
// again and again; working out the exponents and boxes afresh was 0.5% of a long
// search's instructions). Null when no
// filling can make the target. Valid until the next call on this thread.
const Totals* totals_of(Op op, std::int64_t target) {
    struct Entry {
        Op op = Op::Add;
        std::int64_t target = -1;  // -1: empty (no sum or product is negative)
        bool fillable = false;
        Totals totals;
    };
    constexpr int kEntries = 16;
    thread_local std::array<Entry, kEntries> kept;
    Entry& e = kept[static_cast<std::uint64_t>(target * 2 + (op == Op::Mul)) % kEntries];
    if (e.target != target || e.op != op || target < 0) {
        e.op = op;
        e.target = target;
        e.totals = Totals{};
        e.fillable = totals_of(op, target, e.totals);
    }
    return e.fillable ? &e.totals : nullptr;
}

// The value sets (packed as above) the group of the cage's cells in a line may fill,
// given the candidates of the line's other cells (others, count of them): those whose
// complement in the line the other cells can take, all distinct (a subset DP over
// those cells, taking their values out of the full line's set). Exact for the line.
Bits left_for_cage(int n, const Mask* others, int count) {
    // The fixed cells' values leave the line first (a value fixed twice leaves nothing):
    // the DP runs over the open cells only, which take the same sets in any order.
    unsigned start = (1u << n) - 1;
    std::array<unsigned, kMaxSize> open;
    int opens = 0;
    for (int i = 0; i < count; ++i) {
        const unsigned values = static_cast<unsigned>(others[i]) >> 1;
        if (values & (values - 1)) {
            open[opens++] = values;
        } else {
            if (!(start & values)) return Bits{};
            start &= ~values;
        }
    }
    if (!opens) return single(static_cast<int>(start));
    Bits left;  // the first open cell: start less one of its values
    for (unsigned x = open[0] & start; x; x &= x - 1) left.set(static_cast<int>(start - (x & -x)));
    for (int i = 1; i < opens; ++i) {
        Bits next;
        for (unsigned x = open[i]; x; x &= x - 1) next |= taken(left, std::countr_zero(x));
        left = next;
    }
    return left;
}

// The cells of line l (a row when rows) outside the cage, into out; returns how many.
int cells_outside(int l, bool rows, int n, const CageCells& in_cage, std::uint8_t* out) {
    int count = 0;
    for (int i = 0; i < n; ++i) {
        const int cell = rows ? l * n + i : i * n + l;
        if (!in_cage.has(cell)) out[count++] = static_cast<std::uint8_t>(cell);
    }
    return count;
}

Bits left_for_cage(int l, bool rows, int n, const Mask* grid, const CageCells& in_cage) {
    std::array<std::uint8_t, kMaxSize> cells;
    const int count = cells_outside(l, rows, n, in_cage, cells.data());
    std::array<Mask, kMaxSize> others;
    for (int i = 0; i < count; ++i) others[i] = grid[cells[i]];
    return left_for_cage(n, others.data(), count);
}

// left_for_cage, kept in the memo keyed on the candidates of the line's other cells
// (which cells those are is kept too: the group's line is the same at every call).
Bits left_for_cage(int l, bool rows, int n, const Mask* grid, const CageCells& in_cage,
                   LineSetMemo::Group& mg) {
    if (mg.outside < 0) mg.outside = cells_outside(l, rows, n, in_cage, mg.outside_cells);
    // The key: the other cells' candidates, then zeros (compared as a whole).
    std::array<Mask, kMaxSize> key{};
    const int k = mg.outside;
    for (int i = 0; i < k; ++i) key[i] = grid[mg.outside_cells[i]];
    const bool same = k == mg.others && std::equal(key.begin(), key.end(), mg.others_key);
    std::copy(key.begin(), key.end(), mg.others_key);
    Bits allowed;
    if (same) {
        std::copy(mg.allowed, mg.allowed + 8, allowed.w.begin());
    } else {
        allowed = left_for_cage(n, key.data(), k);
        mg.others = k;
        std::copy(allowed.w.begin(), allowed.w.end(), mg.allowed);
    }
    return allowed;
}

// Most value sets a group can fill: C(9, 4).
constexpr int kMaxGroupSets = 126;

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

using TotalList = std::array<std::uint16_t, kMaxGroupSets>;

// A knapsack over the groups in one dimension: fits[g] gets the totals s of group g
// (count[g] of them in totals[g]) that some total p of the groups before it completes,
// p + s being a total the groups after it can complete to the target. False when no
// choice of totals makes the target. Totals stay within box (and below 64 * U).
template <int U>
bool fitting_totals(int groups, const int* count, const TotalList* totals, int target,
                    const Bits& box_bits, WeightSet* fits) {
    if (groups == 0) return target == 0;
    Words<U> box;
    std::copy_n(box_bits.w.begin(), U, box.begin());
    const auto has_total = [](const Words<U>& a, int s) { return (a[s >> 6] >> (s & 63)) & 1; };
    // prefix[g]: the totals the groups before g can make (up to the last group's).
    std::array<Words<U>, kMaxSize> prefix;
    prefix[0] = {};
    prefix[0][0] = 1;
    const int last = groups - 1;
    for (int g = 0; g < last; ++g) {
        Words<U> to{};
        if (g == 0) {  // from {0}: the group's own totals
            for (int i = 0; i < count[0]; ++i) {
                const int s = totals[0][i];
                to[static_cast<unsigned>(s) >> 6] |= 1ull << (s & 63);
            }
        } else {
            for (int i = 0; i < count[g]; ++i) add_shifted_up<U>(to, prefix[g], totals[g][i]);
        }
        for (int k = 0; k < U; ++k) to[k] &= box[k];
        prefix[g + 1] = to;
    }
    // The last group: a total s fits when the groups before it make target - s.
    // left: what the groups before g still have to make.
    Words<U> left{};
    {
        WeightSet fit{};
        bool any = false;
        for (int i = 0; i < count[last]; ++i) {
            const int s = totals[last][i], rest = target - s;
            if (rest < 0) continue;
            const std::uint64_t meets = has_total(prefix[last], rest);
            fit[s >> 6] |= meets << (s & 63);
            any |= meets != 0;
            left[rest >> 6] |= 1ull << (rest & 63);
        }
        if (!any) return false;
        fits[last] = fit;
        if (last == 0) return true;
        for (int k = 0; k < U; ++k) left[k] &= box[k];
    }
    for (int g = last - 1; g >= 1; --g) {
        WeightSet fit{};
        Words<U> to{};
        for (int i = 0; i < count[g]; ++i) {
            const int s = totals[g][i];
            fit[s >> 6] |= std::uint64_t{meets_shifted<U>(prefix[g], left, s)} << (s & 63);
            for (int k = 0; k < U; ++k) to[k] |= shifted_word<U>(left, s, k);
        }
        fits[g] = fit;
        for (int k = 0; k < U; ++k) left[k] = to[k] & box[k];
    }
    // The first group starts from {0}: its totals that the rest complete are in left.
    WeightSet fit{};
    for (int i = 0; i < count[0]; ++i) {
        const int s = totals[0][i];
        fit[s >> 6] |= has_total(left, s) << (s & 63);
    }
    fits[0] = fit;
    return true;
}

// fitting_totals for the dimension's words of totals (1..8).
bool fitting_totals(int used, int groups, const int* count, const TotalList* totals, int target,
                    const Bits& box, WeightSet* fits) {
    using Pass = bool (*)(int, const int*, const TotalList*, int, const Bits&, WeightSet*);
    static constexpr Pass kByWords[] = {fitting_totals<1>, fitting_totals<2>, fitting_totals<3>,
                                        fitting_totals<4>, fitting_totals<5>, fitting_totals<6>,
                                        fitting_totals<7>, fitting_totals<8>};
    return kByWords[std::clamp(used, 1, 8) - 1](groups, count, totals, target, box, fits);
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
