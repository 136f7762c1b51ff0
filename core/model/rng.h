// The project's own PRNG: xoshiro256** seeded by SplitMix64. Every draw is defined
// here, never by a standard-library distribution, so a (run_seed, stream) pair gives
// the same numbers on every platform and standard library.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace kk {

// One SplitMix64 step (Steele, Lea, Flood 2014; Vigna's splitmix64.c): advances
// state by the golden gamma and returns the mixed value.
std::uint64_t splitmix64_next(std::uint64_t& state);

class Rng {
  public:
    // Seeding: a = splitmix64_next(run_seed) keys the run; SplitMix64 started at
    // a ^ stream fills the four xoshiro words. Distinct streams of one run therefore
    // start from distinct SplitMix states. Candidate i of a run uses Rng(run_seed, i).
    Rng(std::uint64_t run_seed, std::uint64_t stream);

    // A generator with the given xoshiro256** state (not all zero), for test vectors.
    static Rng from_state(const std::array<std::uint64_t, 4>& words);

    // xoshiro256** 1.0 (Blackman, Vigna 2018).
    std::uint64_t next();

    // Uniform in [0, bound), unbiased (Lemire's multiply-shift with rejection).
    // below(0) is 0.
    std::uint32_t below(std::uint32_t bound);

    // Uniform in [0, 1) with 53 random bits.
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

    // Fisher–Yates, from the back, on below().
    template <class T>
    void shuffle(T* first, int count) {
        for (int i = count; i > 1; --i) {
            const std::uint32_t j = below(static_cast<std::uint32_t>(i));
            using std::swap;
            swap(first[i - 1], first[j]);
        }
    }
    template <class T>
    void shuffle(std::vector<T>& v) {
        shuffle(v.data(), static_cast<int>(v.size()));
    }

    // Index drawn with probability weights[i] / sum; zero or negative weights are never
    // chosen. Returns -1 when no weight is positive.
    int weighted(const std::vector<double>& weights);
    int weighted(const double* weights, int count);

  private:
    Rng() = default;
    std::array<std::uint64_t, 4> s_{};
};

}  // namespace kk
