// Restarted runs, two searches in pairs (restarts.h).
#include "core/solve/restarts.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <chrono>
#include <optional>
#include <semaphore>
#include <system_error>
#include <thread>
#include <utility>

#include "core/solve/search_state.h"

namespace kk {
namespace {

// A run's budget: Luby's sequence times this many nodes.
constexpr std::uint64_t kRestartUnit = 64;
// Fixed seeds for the two searches' random values: solving stays deterministic.
constexpr std::uint64_t kWeightedSeed = 0x9e3779b97f4a7c15ull;
constexpr std::uint64_t kPlainSeed = 0x2545f4914f6cdd1dull;
constexpr std::uint64_t kSeedStep = 0xbf58476d1ce4e5b9ull;  // odd: distinct seeds stay distinct
using Clock = std::chrono::steady_clock;

// The Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... (i from 1).
std::uint64_t luby(std::uint64_t i) {
    for (;;) {
        std::uint64_t size = 1;  // 2^k - 1
        while (size < i) size = 2 * size + 1;
        if (size == i) return (size + 1) / 2;
        i -= (size - 1) / 2;
    }
}

// Runs the plain search's half of each pair on a thread of its own.
class PartnerThread {
  public:
    explicit PartnerThread(SearchState& s) : state_(s), thread_([this] { serve(); }) {}
    ~PartnerThread() {
        quit_ = true;
        go_.release();
        thread_.join();
    }
    PartnerThread(const PartnerThread&) = delete;
    PartnerThread& operator=(const PartnerThread&) = delete;

    // Starts a run; its result, and the state, are the caller's again after wait().
    void start(std::uint64_t budget, SolveResult* out, const std::atomic<bool>* moot) {
        budget_ = budget;
        out_ = out;
        moot_ = moot;
        go_.release();
    }
    SearchState::RunEnd wait() {
        done_.acquire();
        return end_;
    }

  private:
    void serve() {
        for (;;) {
            go_.acquire();
            if (quit_) return;
            state_.cancel = moot_;
            end_ = state_.run(budget_, out_);
            state_.cancel = nullptr;
            done_.release();
        }
    }

    SearchState& state_;
    std::uint64_t budget_ = 0;
    SolveResult* out_ = nullptr;
    const std::atomic<bool>* moot_ = nullptr;
    SearchState::RunEnd end_{};
    bool quit_ = false;
    std::binary_semaphore go_{0}, done_{0};
    std::thread thread_;  // last: it starts once the members above exist
};

// A run ends the pairs when it found a solution, ran uncut (so it found every
// solution), found the root refuted, or met the stop condition.
bool settles(const SearchState::RunEnd& end, const SolveResult& found) {
    return found.count > 0 || !end.open || !end.aborted || found.undecided;
}

// Adds what a run found: its nodes, and its solutions. Only the run that settles the
// pairs brings any, and nothing was found before it, so there is nothing to merge.
// With a sink, it has them now, and result keeps them to tell a repeat in the uncut
// search that may follow (that search's own solutions are all new: it never restarts).
void take(SolveResult& result, SolveResult& run) {
    result.nodes += run.nodes;
    result.undecided = result.undecided || run.undecided;
    if (run.count == 0) return;
    assert(result.count == 0);
    result.count = run.count;
    if (result.sink)
        for (const Grid& g : run.solutions) (*result.sink)(g);
    result.solutions = std::move(run.solutions);
}

// The nogoods of a run cut by its budget go to a state (its own, or its partner's).
void learn(SearchState& s, const SearchState& cut, const SearchState::RunEnd& end) {
    if (end.open && end.aborted) s.nogoods.record(cut.path.data(), cut.cut_depth);
    for (int f = 0; f < cut.sampled_failures; ++f)
        if (cut.failure_size[f] > 0) {
            s.nogoods.record_set(cut.failure_lits[f].data(), cut.failure_size[f]);
            ++s.minimised_learnt;
        }
}

}  // namespace

// The values no run may give (nogoods of one decision), out of each run's root.
bool SearchState::take_out_unit_nogoods() {
    for (NogoodStore::Literal lit : nogoods.units())
        if (!remove_value(NogoodStore::cell_of(lit), NogoodStore::value_of(lit))) {
            clear_pending();
            return false;
        }
    return propagate();
}

SearchState::RunEnd SearchState::run(std::uint64_t budget, SolveResult* out) {
    result = out;
    solution_index.clear();
    solutions_indexed = 0;
    run_budget = budget;
    run_nodes = 0;
    aborted = false;
    last_conflict = -1;
    next_stop_check = out->nodes + Solver::kStopCheckNodes;
    const bool open = take_out_unit_nogoods();
    // The uncut run after a first solution learns nothing more: no sample.
    sampled_failures = 0;
    sample_room = nodes_per_sampled_failure == 0 || budget == ~0ull
                      ? 0
                      : static_cast<int>(std::min<std::uint64_t>(budget / nodes_per_sampled_failure,
                                                                 kMaxSampledFailures));
    if (open) search();
    undo(restart_root);
    // A run made moot by its partner learns nothing (the pairs end): its caller is
    // waiting for it, so it does not cut its failures down.
    const bool moot = cancel && cancel->load(std::memory_order_relaxed);
    if (sampled_failures > 0 && !moot) minimise_failures();
    if (moot) sampled_failures = 0;
    run_budget = ~0ull;
    return {open, open && aborted};
}

void search_in_pairs(SearchState& weighted, SearchState& plain, int threads,
                     std::chrono::microseconds parallel_after, SolveResult& result) {
    const int limit = weighted.limit;
    const StopCondition* stop = weighted.stop;
    weighted.weighted_run = true;
    plain.weighted_run = false;
    plain.impacts.clear();
    // Another search seed moves both fixed seeds by the same odd multiple, so they stay
    // apart and seed 0 keeps them.
    const std::uint64_t shift = weighted.search_seed * kSeedStep;
    weighted.rng_state = kWeightedSeed ^ shift;
    plain.rng_state = kPlainSeed ^ shift;
    weighted.restart_root = weighted.trail_size;
    plain.restart_root = plain.trail_size;

    const Clock::time_point began = Clock::now();
    std::optional<PartnerThread> partner;
    SearchState* finder = nullptr;  // whose run ended the pairs
    SearchState::RunEnd last{};
    for (std::uint64_t j = 1; !finder; ++j) {
        // Runs of a few dozen nodes never reach the search's own look at the stop.
        if (stop && stop->reached()) {
            result.undecided = true;
            break;
        }
        // A long search: the bands' totals, too dear for every root, may refute it all.
        if (!weighted.grid_totals_checked && result.nodes >= SearchState::kGridTotalsAfterNodes) {
            weighted.grid_totals_checked = true;
            if (!weighted.grid_totals_hold()) break;  // no solution: count 0, settled
        }
        const std::uint64_t budget = kRestartUnit * luby(j);
        SolveResult by_weighted, by_plain;
        std::atomic<bool> moot{false};
        // Most puzzles end within a few milliseconds, where handing runs of a few dozen
        // nodes to a thread costs more than it saves: it starts once the search is long.
        if (threads > 1 && !partner && Clock::now() - began >= parallel_after) {
            // A thread the system will not start (ulimit -u, ulimit -v): one thread
            // gives the same answer.
            try {
                partner.emplace(plain);
            } catch (const std::system_error&) {
                threads = 1;
            }
        }
        if (partner) partner->start(budget, &by_plain, &moot);
        const SearchState::RunEnd w = weighted.run(budget, &by_weighted);
        const bool weighted_settles = settles(w, by_weighted);
        SearchState::RunEnd p{};
        if (partner) {
            if (weighted_settles) moot = true;  // the plain run's outcome is dropped
            p = partner->wait();
        } else if (!weighted_settles) {
            p = plain.run(budget, &by_plain);
        }
        // The weighted run comes first: when it settles the search, the plain run of
        // the same pair counts for nothing, whether it ran or not.
        take(result, by_weighted);
        if (weighted_settles) {
            finder = &weighted;
            last = w;
            learn(weighted, weighted, w);
            break;
        }
        take(result, by_plain);
        if (settles(p, by_plain)) {
            finder = &plain;
            last = p;
        }
        // Each state learns what both runs finished, in the same order.
        for (SearchState* s : {&weighted, &plain}) {
            learn(*s, weighted, w);
            learn(*s, plain, p);
        }
    }
    // A first solution, the run that found it cut: what is left is mostly proving there
    // is no other, a refutation that restarting would only repeat, so the search that
    // found it goes on uncut.
    if (finder && last.aborted && !result.undecided && result.count > 0 && result.count < limit)
        finder->run(~0ull, &result);
    result.nogoods = (finder ? finder : &weighted)->nogoods.recorded();
    result.minimised = (finder ? finder : &weighted)->minimised_learnt;
}

}  // namespace kk
