// The exact solver: counts solutions up to a limit and returns them.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/model/puzzle.h"
#include "core/solve/stop.h"

namespace kk {

// Takes each solution as the search accepts it (solve()'s sink).
using SolutionSink = std::function<void(const Grid&)>;

struct SolveResult {
    int count = 0;                // solutions found, at most the limit
    std::vector<Grid> solutions;  // the first `count` solutions (none when a sink took them)
    std::uint64_t nodes = 0;      // search nodes visited (branching decisions)
    bool undecided = false;       // the stop condition ended the search: count is a lower bound
    std::uint64_t nogoods = 0;    // recorded where restarts cut runs (big cages only)
    std::uint64_t minimised = 0;  // of them, failures cut down at a run's root

    // During a solve with a sink: where accepted solutions go instead of `solutions`.
    const SolutionSink* sink = nullptr;
    // Counts a solution the search accepted, and keeps it or gives it to the sink.
    void accept(Grid&& g) {
        ++count;
        if (sink)
            (*sink)(g);
        else
            solutions.push_back(std::move(g));
    }
};

// Solves a checked puzzle (check_puzzle passed). limit 2 proves uniqueness.
// Uses one Solver per thread, so its tables are reused from call to call. With a stop
// condition, the search looks at it every kStopCheckNodes nodes and gives up
// (undecided) once it is reached. threads: with big lazy cages (or a plain search that
// turned to restarts), 2 runs the two restarted searches side by side (about half the
// time); the result is the same for any value. With a sink, each solution goes to it
// as soon as the search accepts it, in the order `solutions` would hold them, and none
// is kept: listing a million solutions takes the memory of one (a restarted search
// still drops one it meets again).
SolveResult solve(const Puzzle& p, int limit = 2, const StopCondition* stop = nullptr,
                  int threads = 1, const SolutionSink* sink = nullptr);

// Drops the tables solve() keeps for the calling thread, so that the next call (or a
// grade(), which solves first) builds them afresh, as a one-off command does.
void forget_thread_tables();
std::size_t thread_tables_held();

struct SearchState;
class CageTableCache;

// A solver that keeps its buffers between calls: cage tables of value tuples,
// candidate bitmasks, a trail to undo. Propagation runs to a fixpoint (naked and
// hidden singles in rows and columns, cage tuple filtering, values a cage must
// place in a line), then it branches on the cell with fewest candidates. Cages
// whose tables would be too big get a lazy constraint instead (line-set supports for
// sums and products, bounds otherwise); with those, two restarted searches take turns
// (by failure weights and by impacts, both branching first on the cell that last
// failed) until a first solution, whose swap cycles are tried for a second before the
// search goes on uncut. Each run cut by a restart leaves nogoods (nogoods.h), so no
// later run searches its finished subtrees again (restarts.h), and a few of its
// failures cut down to the decisions they need (failure_nogoods.cpp).
// Not thread-safe: one Solver per thread (which may start one more, see solve()).
class Solver {
  public:
    // Tuples kept in tables over all cages; cages beyond it go lazy (0: all lazy).
    static constexpr std::size_t kDefaultTableTuples = 1'500'000;

    explicit Solver(std::size_t max_table_tuples = kDefaultTableTuples);
    ~Solver();
    Solver(const Solver&) = delete;
    Solver& operator=(const Solver&) = delete;

    SolveResult solve(const Puzzle& p, int limit = 2, const StopCondition* stop = nullptr,
                      int threads = 1, const SolutionSink* sink = nullptr);

    // Search nodes between two looks at the stop condition. A node of a 9x9 with big
    // tables costs about 40 us, so 1024 nodes overshot --max-seconds by 45 ms of CPU
    // (0.4 s on a loaded machine); a look is one clock read, nothing beside a node.
    static constexpr std::uint64_t kStopCheckNodes = 16;

    // Drops the cage tables kept from earlier puzzles (benchmarks time them cold).
    void forget_tables();
    std::size_t tables_held() const;  // kept from earlier puzzles

    // Cages left to the lazy constraint in the last solve (for tests and reports).
    int lazy_cages() const;

    // With threads > 1, the second thread starts once the restarted searches have run
    // this long: most big-cage puzzles end within milliseconds, where handing runs of a
    // few dozen nodes to a thread costs more than it saves. Tests set 0.
    static constexpr std::chrono::microseconds kParallelAfter{10'000};
    void set_parallel_after(std::chrono::microseconds after) { parallel_after_ = after; }

    // A restarted run samples one failure per this many nodes of its budget (at most
    // SearchState::kMaxSampledFailures) and cuts each down at its end (search_state.h).
    // 0: none. Tests set it low, so that short searches use it too.
    static constexpr std::uint64_t kNodesPerSampledFailure = 512;
    void set_nodes_per_sampled_failure(std::uint64_t nodes) { nodes_per_sampled_failure_ = nodes; }

    // The restarted searches draw their random values from fixed seeds, so that solving
    // is deterministic. Another search seed gives another search, as exact, with nodes
    // of its own: a slow puzzle's times over several seeds tell its luck from its
    // hardness (`kenken bench --seeds`). 0: the solver's own seeds.
    void set_search_seed(std::uint64_t seed) { search_seed_ = seed; }

  private:
    std::unique_ptr<CageTableCache> table_cache_;  // tables kept between puzzles
    std::unique_ptr<SearchState> state_;
    std::unique_ptr<SearchState> partner_;  // the second restarted search
    std::chrono::microseconds parallel_after_ = kParallelAfter;
    std::uint64_t nodes_per_sampled_failure_ = kNodesPerSampledFailure;
    std::uint64_t search_seed_ = 0;
};

}  // namespace kk
