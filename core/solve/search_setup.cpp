// A search's set-up for one puzzle (search_state.h): each cage's cells and the lines it
// holds two or more of, its tuple table or the lazy DP in its place, the packed tables
// of long searches, and the state at the root before any propagation.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <numeric>

#include "core/model/candidates.h"
#include "core/solve/cage_supports.h"
#include "core/solve/cage_table.h"
#include "core/solve/cage_table_cache.h"
#include "core/solve/search_state.h"

namespace kk {
namespace {

// Cages of this many cells or more keep a table only up to kBigCageTuples tuples.
constexpr int kBigCageCells = 7;
constexpr std::size_t kBigCageTuples = 20'000;
// Table cages of kPackedFrom..PackedTuple::kLanes cells are also packed for a vector
// scan when the puzzle has lazy cages: a 7-cell table held 90% of the tuples a long
// search scanned (set2/p00171-1: 47.6 million). Smaller cages gained nothing packed.
constexpr int kPackedFrom = 5;

}  // namespace

void SearchState::set_up(const Puzzle& p) {
    puzzle = &p;
    n = p.size;
    cells = n * n;
    ncages = static_cast<int>(p.cages.size());
    full = full_mask(n);
    for (int l = 0; l < 2 * n; ++l)
        for (int i = 0; i < n; ++i)
            line_cells[l * kMaxSize + i] =
                static_cast<std::uint8_t>(l < n ? l * n + i : i * n + (l - n));
    int next = 0;
    for (int k = 0; k < ncages; ++k) {
        CageInfo& c = cage[k];
        c = CageInfo{};
        c.first = next;
        c.size = static_cast<int>(p.cages[k].cells.size());
        for (int cell : p.cages[k].cells) {
            cage_of[cell] = static_cast<std::uint8_t>(k);
            cage_cells[next++] = static_cast<std::uint8_t>(cell);
        }
    }
    int slots = 0;
    for (int k = 0; k < ncages; ++k) {
        cage[k].first_slot = slots;
        find_cage_lines(k);
        slots += cage[k].slots;
    }
    build_tables();
    restarting = lazy_count > 0;
    if (lazy_count) nogoods.clear(cells);
    minimised_learnt = 0;
    band_search = false;
    if (lazy_count) set_up_band_sums();
    // Along one path each cell narrows at most n-1 times, and each cage's count
    // drops at most once per narrowing of its cells, once at the root, and once per
    // sum the bands take from it (under 64 of them: keep_tuples_by_sum).
    trail.resize(2 * cells * n + 65 * ncages + 1);
    reset_state();
    pack_tables();
}

// Gives a slot to every row and column holding two or more of the cage's cells:
// the values all its tuples put there cannot go elsewhere in that line.
void SearchState::find_cage_lines(int k) {
    CageInfo& c = cage[k];
    std::array<int, kMaxLines> in_line{};
    for (int j = 0; j < c.size; ++j) {
        int cell = cage_cells[c.first + j];
        ++in_line[cell / n];
        ++in_line[n + cell % n];
    }
    std::array<int, kMaxLines> slot_of{};
    for (int l = 0; l < 2 * n; ++l) {
        slot_of[l] = kNoSlot;
        if (in_line[l] >= 2) {
            slot_of[l] = c.slots;
            slot_line[c.first_slot + c.slots++] = static_cast<std::uint8_t>(l);
        }
    }
    for (int j = 0; j < c.size; ++j) {
        int cell = cage_cells[c.first + j];
        row_slot[c.first + j] = static_cast<std::uint8_t>(slot_of[cell / n]);
        col_slot[c.first + j] = static_cast<std::uint8_t>(slot_of[n + cell % n]);
    }
}

void SearchState::build_tables() {
    table.clear();
    lazy_count = 0;
    lazy_cages = {};
    std::size_t tuples = 0;
    for (int k = 0; k < ncages; ++k) {
        CageInfo& c = cage[k];
        CageTableLimits limits;
        limits.max_tuples = std::min(limits.max_tuples, max_table_tuples - tuples);
        // A big cage's table, filtered in full at every node, cost more than its exact
        // supports saved (three quarters of the time on 9-cell products): past a few
        // thousand tuples (kBigCageTuples) the line-set DP does it.
        if (c.size >= kBigCageCells)
            limits.max_tuples = std::min(limits.max_tuples, kBigCageTuples);
        c.table = static_cast<std::uint32_t>(table.size());
        auto built = table_cache->append(puzzle->cages[k], puzzle->rules, n, limits, table);
        c.lazy = !built.has_value();
        c.tuples = built ? static_cast<std::uint32_t>(*built) : 0;
        c.live = static_cast<std::uint32_t>(tuples);
        tuples += c.tuples;
        lazy_count += c.lazy;
        if (c.lazy) {
            lazy_cages[static_cast<unsigned>(k) >> 6] |= 1ull << (k & 63);
            c.ops =
                ops_with_fillings(puzzle->cages[k], cage_ops(puzzle->cages[k], puzzle->rules), n);
        }
    }
    live.resize(tuples);
    // A hidden cage's second op (Mul) keeps its memo at ncages + k.
    const std::size_t memos = static_cast<std::size_t>(ncages) * (puzzle->rules.hidden ? 2 : 1);
    if (memo.size() < memos) memo.resize(memos);
    for (int k = 0; k < ncages; ++k)
        if (cage[k].lazy) {
            memo[k].clear();
            if (puzzle->rules.hidden) memo[ncages + k].clear();
        }
}

// The tuples of table cages of kPackedFrom..kLanes cells as PackedTuple, with each
// tuple's values per slot worked out once (keep_live_tuples does it per scan). In live
// order, so that a plain search turning to restarts can pack them too.
void SearchState::pack_tables() {
    packed.clear();
    if (!restarting) return;
    for (int k = 0; k < ncages; ++k) {
        CageInfo& c = cage[k];
        c.packed = -1;
        if (c.lazy || c.size < kPackedFrom || c.size > PackedTuple::kLanes) continue;
        c.packed = static_cast<int>(packed.size());
        for (std::uint32_t i = 0; i < c.tuples; ++i) {
            const Mask* t = table.data() + c.table + live[c.live + i] * c.size;
            PackedTuple p;
            std::array<Mask, kMaxLines + 1> in_line{};
            for (int j = 0; j < PackedTuple::kLanes; ++j)
                p.cell[j] = j < c.size ? t[j] : PackedTuple::kAllValues;
            for (int j = 0; j < c.size; ++j) {
                in_line[row_slot[c.first + j]] |= t[j];
                in_line[col_slot[c.first + j]] |= t[j];
            }
            for (int l = 0; l < PackedTuple::kLanes; ++l)
                p.line[l] = l < c.slots ? in_line[l] : PackedTuple::kAllValues;
            packed.push_back(p);
        }
    }
}

void SearchState::reset_state() {
    for (int k = 0; k < ncages; ++k) {
        const CageInfo& c = cage[k];
        std::iota(live.begin() + c.live, live.begin() + c.live + c.tuples, 0u);
        live_count[k] = c.tuples;
    }
    std::fill(cand.begin(), cand.begin() + cells, full);
    trail_size = 0;
    pending_singles = 0;
    for (int cell = 0; cell < cells; ++cell)
        if (is_single(full)) singles[pending_singles++] = static_cast<std::uint8_t>(cell);
    dirty_cages = {};
    for (int k = 0; k < ncages; ++k) mark_cage(k);
    dirty_lines = (1u << (2 * n)) - 1;
    cage_weight.fill(0);
    line_weight.fill(0);
    last_conflict = -1;
}

}  // namespace kk
