// The state of one search over one puzzle: candidates, cage tables, the trail, the
// nogoods. Internal to the solver (search_setup.cpp: set-up; solver.cpp: propagation;
// cage_filtering.cpp: the cages' propagators; search.cpp: branching and solutions;
// search_band_sums.cpp: the bands' sums; restarts.cpp: restarted runs, two searches in
// pairs; failure_nogoods.cpp: failures cut down).
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "core/model/candidates.h"
#include "core/model/puzzle.h"
#include "core/solve/band_sums.h"
#include "core/solve/cage_supports.h"
#include "core/solve/cage_table_cache.h"
#include "core/solve/grid_totals.h"
#include "core/solve/impacts.h"
#include "core/solve/nogoods.h"
#include "core/solve/solver.h"

namespace kk {

constexpr int kMaxLines = 2 * kMaxSize;  // rows 0..n-1, then columns n..2n-1
// A cage position not in a line shared with another cell of its cage writes here.
constexpr int kNoSlot = kMaxLines;

struct CageInfo {
    int first = 0;  // into cage_cells / slots
    int size = 0;
    bool lazy = false;
    // A lazy cage's ops: a hidden + or x cage loses the op no filling can meet even in
    // an empty grid (48 over ten cells is no product), so only its sum is narrowed, and
    // the bands know it.
    OpSet ops = 0;
    std::uint32_t table = 0;  // first Mask of its tuples in `table`
    std::uint32_t live = 0;   // first entry of its region in `live`
    std::uint32_t tuples = 0;
    int first_slot = 0;  // lines holding two or more of its cells
    int slots = 0;
    int packed = -1;  // first of its tuples in `packed`, or -1
};

// A table tuple laid out for a vector scan: the value of each cell (lanes past the cage
// full), and the values it puts in each of the cage's slots (lanes past them full). A
// cage of up to kLanes cells has at most kLanes slots: each holds two of its cells.
struct PackedTuple {
    static constexpr int kLanes = 8;
    static constexpr Mask kAllValues = 0xffff;  // a lane past the cage: never empties
    Mask cell[kLanes];
    Mask line[kLanes];
};

// Old value of a candidate set (who >= 0: the cell) or of a cage's live count
// (who < 0: cage -1-who).
struct TrailEntry {
    int who;
    std::uint32_t old;
};

struct SearchState {
    // The puzzle, fixed after set-up.
    const Puzzle* puzzle = nullptr;
    int n = 0, cells = 0, ncages = 0;
    Mask full = 0;
    std::array<std::uint8_t, kMaxCells> cage_of{};
    std::array<std::uint8_t, kMaxCells> cage_cells{};             // cages' cells, cage after cage
    std::array<std::uint8_t, kMaxCells> row_slot{}, col_slot{};   // per cage_cells entry
    std::array<std::uint8_t, kMaxLines * kMaxSize> line_cells{};  // line l: l*kMaxSize..
    std::array<std::uint8_t, 2 * kMaxCells> slot_line{};
    std::array<CageInfo, kMaxCells> cage{};
    std::vector<Mask> table;
    std::vector<std::uint32_t> live;
    // With restarts, the tuples of table cages of 5 to 8 cells, packed: such a table
    // is scanned at nearly every node of a long search. A cage's packed tuples are kept
    // in the order of its `live` entries (entry i is tuple live[c.live + i]; whatever
    // permutes one permutes the other), so a scan reads them in memory order.
    std::vector<PackedTuple> packed;
    CageTableCache* table_cache = nullptr;  // the Solver's: tables kept between puzzles
    std::size_t max_table_tuples = 0;
    int lazy_count = 0;
    std::vector<CageTotals> grid_totals;      // per cage, for the grid's totals
    std::array<Mask, kMaxCells> root_cand{};  // after the root's propagation
    std::array<std::uint32_t, kMaxCells> root_live_count{};
    bool grid_totals_checked = false;  // in this solve, by a long search
    // Past this many nodes a search checks every band's totals once (a normal puzzle
    // takes a few dozen nodes; the check costs a few milliseconds).
    static constexpr std::uint64_t kGridTotalsAfterNodes = 8192;
    // The bands' sums at every node, with lazy cages (band_sums.h). A table cage's sum
    // range is worked out again from its live tuples when its live count has moved
    // (`stale_sums`); a big sum's is its target.
    BandSums bands;
    BandWatch band_watch;
    bool band_search = false;
    std::vector<SumRange> cage_sums;
    std::array<std::uint64_t, 2> stale_sums{};
    std::vector<std::uint16_t> tuple_sums;  // indexed as `live`; per cage once needed
    std::array<std::uint64_t, 2> tuple_sums_ready{};
    // Per cage: the line-set DP's last results (hidden cages: Mul's at ncages + k).
    std::vector<LineSetMemo> memo;

    // The search state.
    std::array<Mask, kMaxCells> cand{};
    std::array<std::uint32_t, kMaxCells> live_count{};
    std::vector<TrailEntry> trail;
    std::size_t trail_size = 0;

    // Work still to do before the fixpoint.
    std::array<std::uint8_t, kMaxCells> singles{};
    int pending_singles = 0;
    std::array<std::uint64_t, 2> dirty_cages{};
    std::array<std::uint64_t, 2> lazy_cages{};  // fixed after set-up
    std::uint32_t dirty_lines = 0;

    // Failure counts for branching (dom/wdeg), used when some cage is lazy: a cage or
    // line that keeps failing points at the cells to decide first.
    std::array<std::uint32_t, kMaxCells> cage_weight{};
    std::array<std::uint32_t, kMaxLines> line_weight{};

    int limit = 0;
    SolveResult* result = nullptr;
    const StopCondition* stop = nullptr;
    std::uint64_t next_stop_check = 0;

    void set_up(const Puzzle& p);
    void build_tables();
    void find_cage_lines(int k);
    void reset_state();

    bool narrow(int cell, Mask m);
    void mark_cage(int k) { dirty_cages[static_cast<unsigned>(k) >> 6] |= 1ull << (k & 63); }
    void undo(std::size_t mark);

    bool propagate();
    // After a decision: propagation, then (with bands) the bands' sums, to a fixpoint.
    bool settle_node();
    // Narrows each cell to now[cell] (a subset); narrowed: set when one changed. False
    // when a cell is left empty.
    bool narrow_all(const Mask* now, bool& narrowed);
    // The bands' sums, then propagation, until neither narrows. False: refuted.
    bool narrow_by_band_sums();
    void set_up_band_sums();
    void refresh_cage_sums();
    // Drops table cage k's live tuples whose sum is not in keep (bit a: the cage's least
    // sum + a). False when none is left.
    bool keep_tuples_by_sum(int k, std::uint64_t keep, bool& dropped);
    void mark_stale(int k) { stale_sums[static_cast<unsigned>(k) >> 6] |= 1ull << (k & 63); }
    // The grid's totals (core/solve/grid_totals.h), then propagation, until neither
    // narrows; at the root. False: refuted.
    bool settle_grid_totals();
    // Can every band's totals be met, from the root's candidates and live tuples (kept
    // by keep_root)? Callable anywhere in a search.
    bool grid_totals_hold();
    void keep_root();
    void load_grid_totals(const std::uint32_t* live_counts);
    void clear_pending();
    bool fail(std::uint32_t& weight);
    // Takes the lowest dirty cage among those in the masks (one must be dirty).
    int take_dirty_cage(std::uint64_t among0, std::uint64_t among1);
    bool eliminate_naked_single(int cell);
    bool place_hidden_singles(int line);
    bool filter_cage(int k);
    void pack_tables();
    bool filter_lazy_cage(int k);
    bool exclude_line_values(int k, int line, Mask values);

    bool search();
    // Restarted search (restarts.h) with its failure weights, random values, last
    // conflicts and nogoods: on from the start with lazy cages. A plain search (every
    // cage a table) that passes kPlainNodes with no solution turns to it too
    // (turn_to_restarts): some such puzzles took 30,000 nodes in one plain search and
    // 2,000 restarted (docs/big-cages.md, thirty-first round). Normal puzzles take a
    // few dozen nodes, so they never turn.
    bool restarting = false;
    static constexpr std::uint64_t kPlainNodes = 512;
    static_assert(kPlainNodes < kGridTotalsAfterNodes, "a turn finds the bands off");
    // The plain search from the root: at most kPlainNodes nodes until a first solution,
    // then uncut. True when it was cut with none and has turned to restarts (the pairs
    // search on from the root); false when it is done (or the bands refute the root).
    bool search_plain();
    // From the root (the trail at root_mark), after a plain search was cut: restarts
    // on, nogoods cleared, the bands on. False: the bands refute the root.
    bool turn_to_restarts(std::size_t root_mark);
    // Restarts: a run ends (aborted) after run_budget nodes, or once *cancel reads
    // true (a partner's run made this one moot). A plain search is cut the same way
    // until its first solution, then goes on uncut.
    std::uint64_t run_budget = ~0ull, run_nodes = 0;
    bool aborted = false;
    const std::atomic<bool>* cancel = nullptr;
    // Which of the two restarted searches this state runs (restarts.h): branching by
    // failure weights (dom/wdeg), or by impacts (impacts.h). Fixed per state.
    bool weighted_run = true;
    Impacts impacts;  // learnt by the plain restarted search only
    bool impact_run() const { return restarting && !weighted_run; }
    std::uint64_t rng_state = 0;    // for the random values of branch_value
    std::uint64_t search_seed = 0;  // the Solver's: 0 keeps the fixed seeds (restarts.cpp)
    std::size_t restart_root = 0;   // trail mark of the root every run starts from
    // One run from the root: at most `budget` nodes, solutions into *out (limit `limit`).
    // Leaves the state at the root, with the cut path in path[0..cut_depth) when aborted.
    struct RunEnd {
        bool open;     // false: unit nogoods refute the root, so every solution is found
        bool aborted;  // cut by the budget (or cancelled): more may remain
    };
    RunEnd run(std::uint64_t budget, SolveResult* out);
    // Last-conflict branching (Lecoutre et al.), with lazy cages: the cell whose
    // branch last failed is branched on again, before any other, until a value of it
    // holds. Climbing back, it stays first, so the search finds the decision that
    // made it fail instead of thrashing below it (a cheap backjump, no explanations).
    int last_conflict = -1;
    // The decisions from the root to the node being searched, and the nogoods runs cut
    // by a restart leave (lazy cages only; see nogoods.h).
    std::array<Decision, kMaxCells * kMaxSize> path{};
    int depth = 0, cut_depth = 0;
    NogoodStore nogoods;
    // Failures sampled in a run, cut down at its end (failure_nogoods.cpp): a positive
    // decision that propagation refuted at once, with the positive decisions above it.
    // At the run's root, each decision propagation can do without is dropped; a failure
    // left with at most kMaxMinimised assignments is a nogood for both searches. Nogoods
    // from restarts (above) name every positive decision on a path, so they cut only
    // where a later run passes the same way; a short one cuts wherever its few
    // assignments meet, and refutations need several times fewer nodes.
    static constexpr int kMaxSampledFailures = 64;
    static constexpr int kMaxMinimised = 10;
    std::uint64_t nodes_per_sampled_failure = 0;  // 0: none (Solver's setting)
    int sampled_failures = 0, sample_room = 0;
    std::array<std::array<NogoodStore::Literal, kMaxCells>, kMaxSampledFailures> failure_lits{};
    std::array<int, kMaxSampledFailures> failure_size{};  // after minimise_failures: 0 if not kept
    bool minimising = false;                              // propagation counts no failure weights
    std::uint64_t minimised_learnt = 0;                   // since the solve began
    void sample_failure();
    void minimise_failures();
    // Do the assignments of failure f (all but `skip`, -1 for none), from the state as it
    // is, fail by propagation? The state is left as it was.
    bool refuted_without(int f, int skip);
    bool remove_value(int cell, Mask v) { return narrow(cell, static_cast<Mask>(cand[cell] & ~v)); }
    bool take_out_unit_nogoods();
    Mask branch_value(Mask m);
    int branch_cell() const;
    int most_constrained_cell() const;
    int heaviest_cell() const;
    void record_solution();
    // The first solutions_indexed of result->solutions by hash, so that telling a new
    // solution from one an earlier run found costs one lookup, not a pass over all
    // (`--limit 30000` spent 7.7 s comparing grids). Each run starts it again: its
    // result may be another's.
    std::unordered_multimap<std::uint64_t, std::size_t> solution_index;
    std::size_t solutions_indexed = 0;
    bool known_solution(const Grid& g);
};

}  // namespace kk
