#include "core/model/rng.h"

namespace kk {

namespace {
constexpr std::uint64_t rotl(std::uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
}
}  // namespace

std::uint64_t splitmix64_next(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

Rng::Rng(std::uint64_t run_seed, std::uint64_t stream) {
    std::uint64_t key_state = run_seed;
    std::uint64_t state = splitmix64_next(key_state) ^ stream;
    for (auto& word : s_) word = splitmix64_next(state);
    // SplitMix64 outputs are a bijection of distinct states, so the four words are
    // never all zero in practice; guard anyway since xoshiro would stick at zero.
    if ((s_[0] | s_[1] | s_[2] | s_[3]) == 0) s_[0] = 1;
}

Rng Rng::from_state(const std::array<std::uint64_t, 4>& words) {
    Rng r;
    r.s_ = words;
    return r;
}

std::uint64_t Rng::next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
}

std::uint32_t Rng::below(std::uint32_t bound) {
    if (bound == 0) return 0;
    // Lemire 2019: the high word of x*bound is uniform once the low words that
    // would over-represent some results (fewer than 2^32 mod bound) are rejected.
    std::uint64_t m = (next() >> 32) * static_cast<std::uint64_t>(bound);
    std::uint32_t low = static_cast<std::uint32_t>(m);
    if (low < bound) {
        const std::uint32_t threshold = static_cast<std::uint32_t>(-bound) % bound;
        while (low < threshold) {
            m = (next() >> 32) * static_cast<std::uint64_t>(bound);
            low = static_cast<std::uint32_t>(m);
        }
    }
    return static_cast<std::uint32_t>(m >> 32);
}

int Rng::weighted(const double* weights, int count) {
    double total = 0;
    int last_positive = -1;
    for (int i = 0; i < count; ++i)
        if (weights[i] > 0) {
            total += weights[i];
            last_positive = i;
        }
    if (last_positive < 0) return -1;
    double x = unit() * total;
    for (int i = 0; i < count; ++i) {
        if (weights[i] <= 0) continue;
        if (x < weights[i]) return i;
        x -= weights[i];
    }
    return last_positive;  // rounding left x just past the end
}

int Rng::weighted(const std::vector<double>& weights) {
    return weighted(weights.data(), static_cast<int>(weights.size()));
}

}  // namespace kk
