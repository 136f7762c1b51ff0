// Internal to core/solve's big-cage DP (cage_supports.cpp and its parts): sets of
// value sets and sets of totals as bit sets, with the moves the DP makes on them. All
// inline: these run in the DP's innermost loops.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace kk::line_dp {

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
inline Bits added(const Bits& x, int v) {
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
inline Bits taken(const Bits& x, int v) {
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

inline Bits single(int i) {
    Bits b;
    b.set(i);
    return b;
}

inline Bits both(const Bits& a, const Bits& b) {
    Bits r;
    for (int k = 0; k < 4; ++k) r.l[k] = a.l[k] & b.l[k];
    return r;
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

inline bool has(const WeightSet& b, int i) {
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

}  // namespace kk::line_dp
