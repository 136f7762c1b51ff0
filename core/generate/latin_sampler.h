// Random Latin squares, (approximately) uniform over all n x n squares, by the
// Jacobson–Matthews Markov chain on proper and improper squares.
#pragma once

#include "core/model/puzzle.h"
#include "core/model/rng.h"

namespace kk {

class LatinSampler {
  public:
    // n in 1..9.
    explicit LatinSampler(int n);

    // A Latin square with values 1..n, drawn from rng only. Reentrant: all state of
    // the chain lives on the stack, so one sampler may serve several threads.
    Grid sample(Rng& rng) const;

    // Proper squares the chain visits per sample; it returns the last one.
    int mixing_visits() const { return visits_; }

  private:
    int n_;
    int visits_;
};

}  // namespace kk
