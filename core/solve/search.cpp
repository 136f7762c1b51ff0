// The search: which cell to branch on, which value first, binary branching to the
// limit, and the solutions it records (the set-up and propagation are in solver.cpp,
// restarted runs in restarts.cpp).
#include <atomic>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <utility>

#include "core/model/candidates.h"
#include "core/solve/search_state.h"
#include "core/solve/solver.h"
#include "core/solve/swap_cycles.h"

namespace kk {

int SearchState::branch_cell() const {
    if (last_conflict >= 0 && !is_single(cand[last_conflict])) return last_conflict;
    return most_constrained_cell();
}

int SearchState::most_constrained_cell() const {
    if (restarting && weighted_run) return heaviest_cell();
    if (impact_run()) return impacts.least_space_cell(cand.data(), cells);
    int best = -1, best_count = 99;
    for (int cell = 0; cell < cells; ++cell) {
        int k = count_values(cand[cell]);
        if (k > 1 && k < best_count) {
            best = cell;
            best_count = k;
            if (k == 2) break;
        }
    }
    return best;
}

// The open cell with the fewest candidates per failure of its cage, row and column
// (dom/wdeg): with big lazy cages, failures show where the puzzle is tight.
int SearchState::heaviest_cell() const {
    int best = -1;
    std::uint64_t best_dom = 1, best_weight = 0;
    for (int cell = 0; cell < cells; ++cell) {
        const int k = count_values(cand[cell]);
        if (k < 2) continue;
        const std::uint64_t weight =
            1 + cage_weight[cage_of[cell]] + line_weight[cell / n] + line_weight[n + cell % n];
        if (best < 0 || static_cast<std::uint64_t>(k) * best_weight < best_dom * weight) {
            best = cell;
            best_dom = static_cast<std::uint64_t>(k);
            best_weight = weight;
        }
    }
    return best;
}

namespace {

std::uint64_t grid_hash(const Grid& g) {
    std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a over the values
    for (int v : g) h = (h ^ static_cast<std::uint64_t>(v)) * 0x100000001b3ull;
    return h;
}

}  // namespace

bool SearchState::known_solution(const Grid& g) {
    const std::vector<Grid>& found = result->solutions;
    for (; solutions_indexed < found.size(); ++solutions_indexed)
        solution_index.emplace(grid_hash(found[solutions_indexed]), solutions_indexed);
    const auto [from, to] = solution_index.equal_range(grid_hash(g));
    for (auto it = from; it != to; ++it)
        if (found[it->second] == g) return true;
    return false;
}

void SearchState::record_solution() {
    Grid g(cells);
    for (int cell = 0; cell < cells; ++cell) g[cell] = lowest_value(cand[cell]);
    // A restarted search can meet a solution an earlier run found.
    if (restarting && known_solution(g)) return;
    // In a restarted search (big lazy cages, or a long plain search) a second solution
    // can hide deep in a huge tree, while most such puzzles that have one have it one
    // swap cycle away (values swapped inside a cage keep its sum and product): look
    // there before searching on. (Only at the first: a later one's swap may give back
    // a solution found before.)
    std::optional<Grid> other;
    if (restarting && result->count == 0 && limit > 1) other = swap_alternative(*puzzle, g);
    result->accept(std::move(g));
    if (!restarting) run_budget = ~0ull;  // a plain search with a solution goes on uncut
    if (other) result->accept(std::move(*other));
}

// Binary branching: the cell takes its smallest value, or loses it. Returns true
// once the limit is reached.
bool SearchState::search() {
    const int cell = branch_cell();
    if (cell < 0) {
        record_solution();
        return result->count >= limit;
    }
    if (++result->nodes >= next_stop_check) {
        next_stop_check += Solver::kStopCheckNodes;
        if (stop && stop->reached()) {
            result->undecided = true;
            return true;  // unwinds the whole search
        }
        // A long plain search (its first solution came before kPlainNodes, so it did not
        // turn to restarts): the bands' totals, unchecked at its root to keep normal
        // puzzles fast, may refute the whole puzzle at once; and from here on the bands'
        // sums narrow every node, as they do with restarts.
        if (!restarting && !grid_totals_checked && result->nodes >= kGridTotalsAfterNodes) {
            grid_totals_checked = true;
            if (!grid_totals_hold()) {
                result->count = 0;
                result->solutions.clear();
                return true;  // no solution anywhere: unwinds the whole search
            }
            set_up_band_sums();
        }
    }
    if (++run_nodes > run_budget || (cancel && cancel->load(std::memory_order_relaxed))) {
        aborted = true;
        cut_depth = depth;
        return true;
    }
    const Mask m = cand[cell];
    const Mask v = restarting ? branch_value(m) : static_cast<Mask>(m & -m);
    const std::size_t mark = trail_size;
    const bool learn_impact = impact_run();
    const float space_before = learn_impact ? Impacts::log_space(cand.data(), cells) : 0.0f;
    Decision& decision = path[depth++];
    decision = {cell, v, true};
    bool done = false;
    if (narrow(cell, v) && settle_node()) {
        if (learn_impact)
            impacts.learn(cell, lowest_value(v),
                          Impacts::impact_of(space_before, Impacts::log_space(cand.data(), cells)));
        if (cell == last_conflict) last_conflict = -1;
        done = search();
    } else if (restarting) {
        if (learn_impact) impacts.learn(cell, lowest_value(v), 1.0f);
        last_conflict = cell;
        sample_failure();
    }
    if (!done) {
        undo(mark);
        decision.positive = false;
        if (narrow(cell, m & ~v) && settle_node())
            done = search();
        else if (restarting)
            last_conflict = cell;
    }
    --depth;
    if (!done) undo(mark);
    return done;
}

// A candidate of m chosen at random (a fixed seed: solving stays deterministic).
Mask SearchState::branch_value(Mask m) {
    std::uint64_t& x = rng_state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    int skip = static_cast<int>(x % static_cast<std::uint64_t>(count_values(m)));
    for (; skip > 0; --skip) m = static_cast<Mask>(m & (m - 1));
    return static_cast<Mask>(m & -m);
}

}  // namespace kk
