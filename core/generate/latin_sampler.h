// Random Latin squares, uniform over all n x n squares: exactly, from the table of
// reduced squares, up to order 6; approximately, by the Jacobson–Matthews Markov
// chain on proper and improper squares, above.
#pragma once

#include <cstdint>
#include <vector>

#include "core/model/puzzle.h"
#include "core/model/rng.h"

namespace kk {

class LatinSampler {
  public:
    enum class Method {
        Auto,   // Table up to order kMaxTableOrder, Chain above
        Table,  // exact: a uniform reduced square, uniform column and row permutations
        Chain,  // Jacobson–Matthews
    };
    // Largest order whose reduced squares are tabulated (9408 of order 6, 339 KB).
    static constexpr int kMaxTableOrder = 6;

    // n in 1..9; Table needs n <= kMaxTableOrder. The table of an order is built once
    // per process, on first use (about a millisecond at order 6).
    explicit LatinSampler(int n, Method method = Method::Auto);

    // A Latin square with values 1..n, drawn from rng only. Reentrant: all state of
    // the chain lives on the stack, so one sampler may serve several threads.
    Grid sample(Rng& rng) const;

    // Proper squares the chain visits per sample; it returns the last one.
    int mixing_visits() const { return visits_; }

    // Proper squares a continued chain visits in sample_from (about a quarter of
    // mixing_visits, at least 16).
    int continued_visits() const { return continued_visits_; }

    // The chain continued from start (a Latin square of order n, values 1..n) for
    // continued_visits() proper visits, then relabelled by uniform row, column and
    // symbol permutations. The chain and the relabelling leave the uniform law
    // unchanged, so a start drawn by sample() gives a square drawn from (at least) as
    // close to uniform as sample()'s own; several squares continued from one start are
    // each such a sample, only not independent of each other. Chain method only.
    Grid sample_from(const Grid& start, Rng& rng) const;

  private:
    Grid sample_chain(Rng& rng) const;
    Grid sample_table(Rng& rng) const;

    int n_;
    int visits_;
    int continued_visits_;
    const std::vector<std::uint8_t>* table_ = nullptr;  // reduced squares, n*n values 0..n-1 each
};

}  // namespace kk
