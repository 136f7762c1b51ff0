// The Solver's entry points, and propagation on bitmask candidates in the manner of
// MiniSat: flat arrays sized at set-up (search_setup.cpp), a trail of old values to
// undo, nothing allocated while searching (except the grids of the solutions found).
// The cages' own propagators are in cage_filtering.cpp.
#include "core/solve/solver.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>

#include "core/model/candidates.h"
#include "core/solve/band_sums.h"
#include "core/solve/cage_table_cache.h"
#include "core/solve/grid_totals.h"
#include "core/solve/nogoods.h"
#include "core/solve/restarts.h"
#include "core/solve/search_state.h"

namespace kk {

Solver::Solver(std::size_t max_table_tuples)
    : table_cache_(std::make_unique<CageTableCache>()), state_(std::make_unique<SearchState>()) {
    state_->max_table_tuples = max_table_tuples;
    state_->table_cache = table_cache_.get();
}
Solver::~Solver() = default;

void Solver::forget_tables() {
    table_cache_->clear();
}

std::size_t Solver::tables_held() const {
    return table_cache_->size();
}

int Solver::lazy_cages() const {
    return state_->lazy_count;
}

namespace {

// Ready for a search from the root of p; false when propagation alone refutes it.
bool start(SearchState& s, const Puzzle& p, int limit, const StopCondition* stop,
           SolveResult& result) {
    s.stop = stop;
    s.next_stop_check = Solver::kStopCheckNodes;
    s.grid_totals_checked = false;
    s.set_up(p);
    s.limit = limit;
    s.result = &result;
    if (!s.propagate() || (s.lazy_count && !s.settle_grid_totals())) return false;
    if (s.band_search && !s.narrow_by_band_sums()) return false;
    s.keep_root();
    return true;
}

void finish(SearchState& s) {
    s.result = nullptr;
    s.stop = nullptr;
}

}  // namespace

SolveResult Solver::solve(const Puzzle& p, int limit, const StopCondition* stop, int threads,
                          const SolutionSink* sink) {
    SolveResult result;
    result.sink = sink;
    if (limit <= 0) return result;
    if (stop && stop->reached()) {
        result.undecided = true;
        return result;
    }
    SearchState& s = *state_;
    s.nodes_per_sampled_failure = nodes_per_sampled_failure_;
    s.search_seed = search_seed_;
    if (start(s, p, limit, stop, result)) {
        if (s.lazy_count > 0 || s.search_plain()) {
            // The second search starts from the same root: a copy, not a second set-up
            // (building the cage tables again cost as much as many such solves).
            if (!partner_) partner_ = std::make_unique<SearchState>();
            *partner_ = s;
            search_in_pairs(s, *partner_, threads, parallel_after_, result);
            finish(*partner_);
        }
    }
    finish(s);
    // With a sink, solutions held only those a restarted run gave before the search
    // went on uncut (to drop a repeat of them): the sink has had them.
    if (sink) result.solutions.clear();
    result.sink = nullptr;
    return result;
}

namespace {
Solver& thread_solver() {
    thread_local Solver solver;
    return solver;
}
}  // namespace

SolveResult solve(const Puzzle& p, int limit, const StopCondition* stop, int threads,
                  const SolutionSink* sink) {
    return thread_solver().solve(p, limit, stop, threads, sink);
}

void forget_thread_tables() {
    thread_solver().forget_tables();
}
std::size_t thread_tables_held() {
    return thread_solver().tables_held();
}

// ---- state changes and undo ------------------------------------------------

// Sets a cell's candidates to m (a subset of them); false when m is empty.
bool SearchState::narrow(int cell, Mask m) {
    const size_t c = cell;
    if (m == cand[c]) return true;
    if (!m) return false;
    assert(trail_size < trail.size());
    trail[trail_size++] = {cell, cand[c]};
    cand[c] = m;
    mark_cage(cage_of[c]);
    dirty_lines |= (1u << (cell / n)) | (1u << (n + cell % n));
    if (is_single(m)) singles[pending_singles++] = static_cast<std::uint8_t>(cell);
    return true;
}

void SearchState::undo(std::size_t mark) {
    while (trail_size > mark) {
        const TrailEntry& e = trail[--trail_size];
        if (e.who >= 0) {
            cand[e.who] = static_cast<Mask>(e.old);
        } else {
            live_count[-1 - e.who] = e.old;
            mark_stale(-1 - e.who);
        }
    }
}

// ---- propagation -----------------------------------------------------------

// Singles first (cheap, and they feed everything else), then cage tables, then
// hidden singles in lines: measured the fastest order on Keen puzzles.
bool SearchState::propagate() {
    for (;;) {
        if (pending_singles > 0) {
            const int cell = singles[--pending_singles];
            if (!eliminate_naked_single(cell)) return fail(line_weight[cell / n]);
        } else if ((dirty_cages[0] & ~lazy_cages[0]) | (dirty_cages[1] & ~lazy_cages[1])) {
            const int k = take_dirty_cage(~lazy_cages[0], ~lazy_cages[1]);
            if (!filter_cage(k)) return fail(cage_weight[k]);
        } else if (dirty_lines) {
            int line = std::countr_zero(dirty_lines);
            dirty_lines &= dirty_lines - 1;
            if (!place_hidden_singles(line)) return fail(line_weight[line]);
        } else if (dirty_cages[0] | dirty_cages[1]) {
            // Lazy cages last: their line-set DP costs the most, and everything
            // cheaper has narrowed their cells by then.
            const int k = take_dirty_cage(~0ull, ~0ull);
            if (!filter_cage(k)) return fail(cage_weight[k]);
        } else {
            return true;
        }
    }
}

// Each cage's totals: a table cage's from its live tuples (they know the cage's lines,
// and a product's sums), a big cage's from its op and target. live: how many of each
// cage's tuples count, the first of its entries in `live`.
void SearchState::load_grid_totals(const std::uint32_t* live_counts) {
    if (grid_totals.size() < static_cast<std::size_t>(ncages)) grid_totals.resize(ncages);
    for (int k = 0; k < ncages; ++k) {
        const CageInfo& c = cage[k];
        CageTotals& t = grid_totals[k];
        if (c.lazy) {
            t = totals_of_cage(puzzle->cages[k], puzzle->rules, n);
            continue;
        }
        t = CageTotals{};
        for (int d = 0; d < kTotalDims; ++d) t.known[d] = true;
        for (std::uint32_t i = 0; i < live_counts[k]; ++i) {
            const Mask* tuple = table.data() + c.table + live[c.live + i] * c.size;
            int sum[kTotalDims] = {};
            for (int j = 0; j < c.size; ++j)
                for (int d = 0; d < kTotalDims; ++d)
                    sum[d] += total_weight(d, lowest_value(tuple[j]));
            for (int d = 0; d < kTotalDims; ++d) t.totals[d].set(static_cast<std::size_t>(sum[d]));
        }
    }
}

// Filtering only swaps a cage's entries in `live` among its first live_count, so its
// first root_live_count entries stay the root's live tuples anywhere below the root.
void SearchState::keep_root() {
    std::copy_n(cand.begin(), cells, root_cand.begin());
    std::copy_n(live_count.begin(), ncages, root_live_count.begin());
}

bool SearchState::grid_totals_hold() {
    load_grid_totals(root_live_count.data());
    std::array<Mask, kMaxCells> now = root_cand;
    return narrow_by_band_totals(n, cage_of.data(), grid_totals.data(), ncages, now.data());
}

// The grid's totals narrow cells, propagation narrows cages' tuples, and so on: a few
// rounds at most, once per puzzle.
bool SearchState::settle_grid_totals() {
    for (;;) {
        load_grid_totals(live_count.data());
        std::array<Mask, kMaxCells> now = cand;
        if (!narrow_by_grid_totals(n, cage_of.data(), grid_totals.data(), ncages, now.data()))
            return false;
        bool narrowed = false;
        if (!narrow_all(now.data(), narrowed)) return false;
        if (!narrowed) return true;
        if (!propagate()) return false;
    }
}

bool SearchState::settle_node() {
    return propagate() && (!band_search || narrow_by_band_sums());
}

bool SearchState::search_plain() {
    const std::size_t root = trail_size;
    run_budget = kPlainNodes;
    run_nodes = 0;
    aborted = false;
    search();
    run_budget = ~0ull;
    return aborted && turn_to_restarts(root);
}

bool SearchState::turn_to_restarts(std::size_t root_mark) {
    undo(root_mark);
    aborted = false;
    restarting = true;
    nogoods.clear(cells);
    minimised_learnt = 0;
    pack_tables();
    set_up_band_sums();  // not on yet: that takes kGridTotalsAfterNodes
    return narrow_by_band_sums();
}

// Ends a failed propagation; weight: the failure count of what failed.
bool SearchState::fail(std::uint32_t& weight) {
    clear_pending();
    // The plain search leaves them as they were, and so does cutting failures down.
    if (restarting && weighted_run && !minimising) ++weight;
    return false;
}

int SearchState::take_dirty_cage(std::uint64_t among0, std::uint64_t among1) {
    const std::uint64_t d0 = dirty_cages[0] & among0;
    const int half = d0 ? 0 : 1;
    const std::uint64_t d = d0 ? d0 : dirty_cages[1] & among1;
    const int k = half * 64 + std::countr_zero(d);
    dirty_cages[static_cast<unsigned>(half)] &= ~(1ull << (k & 63));
    return k;
}

void SearchState::clear_pending() {
    pending_singles = 0;
    dirty_lines = 0;
    dirty_cages = {};
}

// A fixed cell's value leaves its row and column.
bool SearchState::eliminate_naked_single(int cell) {
    const Mask v = cand[cell];
    const int lines[2] = {cell / n, n + cell % n};
    for (int l : lines)
        for (int i = 0; i < n; ++i) {
            int peer = line_cells[l * kMaxSize + i];
            if (peer != cell && (cand[peer] & v) && !narrow(peer, cand[peer] & ~v)) return false;
        }
    return !restarting || nogoods.on_fixed(cell, cand.data(),
                                           [this](int c, Mask m) { return remove_value(c, m); });
}

// A value with one place left in a line goes there; with none, the line fails.
bool SearchState::place_hidden_singles(int line) {
    const std::uint8_t* lc = &line_cells[line * kMaxSize];
    Mask once = 0, twice = 0, fixed = 0;
    for (int i = 0; i < n; ++i) {
        Mask m = cand[lc[i]];
        twice |= once & m;
        once |= m;
        if (is_single(m)) fixed |= m;
    }
    if (once != full) return false;
    const Mask hidden = once & ~twice & ~fixed;
    if (!hidden) return true;
    for (int i = 0; i < n; ++i) {
        Mask here = cand[lc[i]] & hidden;
        if (!here) continue;
        // Two values with this cell as their only place: one of them has none.
        if (!is_single(here) || !narrow(lc[i], here)) return false;
    }
    return true;
}

}  // namespace kk
