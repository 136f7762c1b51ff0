#include "core/solve/cage_totals.h"

#include <algorithm>
#include <array>

namespace kk::line_dp {
namespace {

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

}  // namespace

// Kept per thread: working out the exponents and boxes afresh was 0.5% of a long
// search's instructions.
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

}  // namespace kk::line_dp
