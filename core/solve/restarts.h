// Restarted search for puzzles with big lazy cages, and for plain searches that find no
// solution in SearchState::kPlainNodes. Internal to the solver.
//
// A search can sink into a huge subtree that holds no solution while others are full
// of them, so runs restart after a growing number of nodes (Luby's sequence), each
// branching differently (new failure weights, new random values) and each leaving the
// nogoods of what it finished (nogoods.h). Two searches take turns: one branches by
// failure weights (dom/wdeg), the other by impacts (impacts.h: where decisions have cut
// the search space most); each leaves the other far behind on some puzzles. They run
// in pairs: run j of each, on the same budget, sees the nogoods of the pairs before j
// only, so the two can run at once on two threads and give the same answer as one
// after the other.
#pragma once

#include <chrono>

#include "core/solve/solver.h"

namespace kk {

struct SearchState;

// weighted and plain: states set up on the same puzzle, propagated at the root, both
// reporting into result. threads: 1 runs each pair's two runs one after the other,
// 2 (or more) side by side once the pairs have run for parallel_after. The outcome does
// not depend on either.
void search_in_pairs(SearchState& weighted, SearchState& plain, int threads,
                     std::chrono::microseconds parallel_after, SolveResult& result);

}  // namespace kk
