// Impact-based branching (Refalo, CP 2004) for the plain restarted search (restarts.h).
// Internal to the solver.
//
// A decision's impact is the share of the search space (the product of the cells'
// candidate counts) that it and its propagation took away; 1 when it failed. Each
// cell=value keeps a running mean, learnt across runs as the failure weights are. The
// cell to branch on is the one whose candidates leave the least space summed over them,
// so the search goes first where its decisions cut most. A value never tried counts as
// taking nothing away: on untried cells the choice is the fewest candidates, as before.
// On the 9x9s with cages of 6-9 cells it takes a fifth to a quarter off the
// nodes of the slow puzzles (docs/big-cages.md, forty-sixth round).
#pragma once

#include <array>

#include "core/model/candidates.h"
#include "core/model/puzzle.h"

namespace kk {

class Impacts {
  public:
    // The newest impact's weight in a running mean: 0.05 to 0.25 measured, 0.1 best.
    static constexpr float kRate = 0.1f;

    // Forgets every impact (a new puzzle).
    void clear();
    // log2 of the search space of the first `cells` candidate sets.
    static float log_space(const Mask* cand, int cells);
    // The impact of a decision that took the search space from 2^before to 2^after.
    static float impact_of(float log_before, float log_after);
    // Adds the impact of the decision cell=value to its mean.
    void learn(int cell, int value, float impact);
    float mean(int cell, int value) const { return mean_[cell][value]; }
    // The open cell (two or more candidates) whose candidates leave the least space,
    // the sum over them of 1 - mean impact; the first such on ties, -1 when none is open.
    int least_space_cell(const Mask* cand, int cells) const;

  private:
    std::array<std::array<float, kMaxSize + 1>, kMaxCells> mean_{};
};

}  // namespace kk
