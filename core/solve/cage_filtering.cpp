// The cages' propagators in the search (search_state.h): a table cage keeps its live
// tuples (a plain scan, or a vector scan of packed tuples) and narrows its cells to
// theirs; a cage without a table narrows by bounds or by the line-set DP
// (cage_supports.h); and the values a cage must put in a line leave the line's other
// cells.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <utility>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "core/model/candidates.h"
#include "core/solve/cage_bounds.h"
#include "core/solve/cage_supports.h"
#include "core/solve/search_state.h"

namespace kk {
namespace {

// What one pass over a cage's live tuples reads and gathers.
struct TupleScan {
    const Mask* now;               // candidates of the cage's cells
    Mask* seen;                    // union of the surviving tuples, per cell
    const std::uint8_t* row_slot;  // per cell: slot of its row, or kNoSlot
    const std::uint8_t* col_slot;
    int slots;
    Mask* must;  // per slot: values every surviving tuple puts in that line
};

// Keeps the live tuples whose every value is still a candidate (the others are
// swapped past the new count, where undo finds them again). M is the cage size
// when known at compile time, so the common small cages get unrolled loops.
template <int M>
std::uint32_t keep_live_tuples(const Mask* tuples, int m, std::uint32_t* live, std::uint32_t count,
                               const TupleScan& s) {
    if constexpr (M > 0) m = M;
    for (std::uint32_t i = 0; i < count;) {
        const Mask* t = tuples + live[i] * m;
        bool alive = true;
        for (int j = 0; j < m; ++j) alive &= (t[j] & s.now[j]) != 0;
        if (!alive) {
            std::swap(live[i], live[--count]);
            continue;
        }
        for (int j = 0; j < m; ++j) s.seen[j] |= t[j];
        if (s.slots) {
            std::array<Mask, kMaxLines + 1> in_line{};
            for (int j = 0; j < m; ++j) {
                in_line[s.row_slot[j]] |= t[j];
                in_line[s.col_slot[j]] |= t[j];
            }
            for (int l = 0; l < s.slots; ++l) s.must[l] &= in_line[l];
        }
        ++i;
    }
    return count;
}

// keep_live_tuples for a packed cage, a tuple's cells (and its lines) at once: GCC's
// vector extension, plain SSE2 on x86-64.
using Lanes = std::uint16_t __attribute__((vector_size(2 * PackedTuple::kLanes)));

Lanes load_lanes(const Mask* m) {
    Lanes v;
    std::memcpy(&v, m, sizeof v);
    return v;
}

bool any_lane_zero(Lanes v) {
#ifdef __SSE2__
    // One compare and one byte mask: GCC's generic form took two moves out of the
    // vector and an OR, in the loop that scans every live tuple.
    __m128i x;
    std::memcpy(&x, &v, sizeof x);
    return _mm_movemask_epi8(_mm_cmpeq_epi16(x, _mm_setzero_si128())) != 0;
#else
    const auto zero = v == Lanes{};
    std::uint64_t half[2];
    std::memcpy(half, &zero, sizeof half);
    return (half[0] | half[1]) != 0;
#endif
}

std::uint32_t keep_live_packed(PackedTuple* tuples, int m, std::uint32_t* live, std::uint32_t count,
                               const TupleScan& s) {
    Lanes now, seen{}, must;
    for (int j = 0; j < PackedTuple::kLanes; ++j) {
        now[j] = j < m ? s.now[j] : PackedTuple::kAllValues;
        must[j] = PackedTuple::kAllValues;
    }
    // The tuples lie in live order, so the scan reads them one after another. A third
    // of them die in a scan (f69/p0142), so a branch on each one's fate was often
    // mispredicted: instead every tuple trades places, in both arrays, with the first
    // dead one (itself while none has died), and the count of survivors grows by one
    // when it lives. The dead end up past that count, where undo finds them again.
    std::uint32_t kept = 0;
    for (std::uint32_t i = 0; i < count; ++i) {
        const Lanes cell = load_lanes(tuples[i].cell);
        const bool alive = !any_lane_zero(cell & now);
        const Lanes keep = Lanes{} | static_cast<std::uint16_t>(-static_cast<int>(alive));
        seen |= cell & keep;
        must &= load_lanes(tuples[i].line) | ~keep;
        std::swap(tuples[i], tuples[kept]);
        std::swap(live[i], live[kept]);
        kept += alive;
    }
    for (int j = 0; j < m; ++j) s.seen[j] = seen[j];
    for (int l = 0; l < s.slots; ++l) s.must[l] = must[l];
    return kept;
}

}  // namespace

// Drops the cage's tuples that use a value no longer possible, narrows each cell
// to the union of the survivors, and takes out of each line shared by several of
// its cells the values every survivor puts in that line.
bool SearchState::filter_cage(int k) {
    const CageInfo& c = cage[k];
    if (c.lazy) return filter_lazy_cage(k);
    const int m = c.size;
    const std::uint8_t* cc = cage_cells.data() + c.first;
    const std::uint8_t* rs = row_slot.data() + c.first;
    const std::uint8_t* cs = col_slot.data() + c.first;
    std::array<Mask, kMaxCells> now, seen;
    for (int j = 0; j < m; ++j) {
        now[j] = cand[cc[j]];
        seen[j] = 0;
    }
    std::array<Mask, kMaxLines> must;
    std::fill(must.begin(), must.begin() + c.slots, full);
    const TupleScan scan{now.data(), seen.data(), rs, cs, c.slots, must.data()};
    std::uint32_t* lv = live.data() + c.live;
    const Mask* tuples = table.data() + c.table;
    std::uint32_t count = live_count[k];
    switch (m) {
        case 1:
            count = keep_live_tuples<1>(tuples, m, lv, count, scan);
            break;
        case 2:
            count = keep_live_tuples<2>(tuples, m, lv, count, scan);
            break;
        case 3:
            count = keep_live_tuples<3>(tuples, m, lv, count, scan);
            break;
        case 4:
            count = keep_live_tuples<4>(tuples, m, lv, count, scan);
            break;
        default:
            count = c.packed >= 0 ? keep_live_packed(packed.data() + c.packed, m, lv, count, scan)
                                  : keep_live_tuples<0>(tuples, m, lv, count, scan);
            break;
    }
    if (count != live_count[k]) {
        trail[trail_size++] = {-1 - k, live_count[k]};
        live_count[k] = count;
        mark_stale(k);
    }
    if (count == 0) return false;
    for (int j = 0; j < m; ++j)
        if (!narrow(cc[j], seen[j])) return false;
    // Narrowing to the survivors' union kills no tuple: no need to filter again.
    dirty_cages[static_cast<unsigned>(k) >> 6] &= ~(1ull << (k & 63));
    for (int s = 0; s < c.slots; ++s)
        if (must[s] && !exclude_line_values(k, slot_line[c.first_slot + s], must[s])) return false;
    return true;
}

bool SearchState::exclude_line_values(int k, int line, Mask values) {
    const std::uint8_t* lc = &line_cells[line * kMaxSize];
    for (int i = 0; i < n; ++i) {
        int cell = lc[i];
        if (cage_of[cell] != k && (cand[cell] & values) && !narrow(cell, cand[cell] & ~values))
            return false;
    }
    return true;
}

bool SearchState::filter_lazy_cage(int k) {
    const CageInfo& c = cage[k];
    const std::uint8_t* cc = cage_cells.data() + c.first;
    std::array<Mask, kMaxCells> now;
    for (int j = 0; j < c.size; ++j) now[j] = cand[cc[j]];
    const Cage& cage_k = puzzle->cages[k];
    const OpSet ops = c.ops;
    constexpr OpSet kAddMul = op_bit(Op::Add) | op_bit(Op::Mul);
    if (ops & ~kAddMul) {
        // Differences, quotients and givens: bounds per op.
        if (!narrow_by_bounds(cage_k, puzzle->rules, n, now.data())) return false;
        for (int j = 0; j < c.size; ++j)
            if (!narrow(cc[j], now[j])) return false;
        return true;
    }
    // The killer rule first (bounds also apply it), then for sums and products exact
    // supports line by line (a hidden + or x: the union of both ops' supports), and the
    // values each row and column must take from the cage leave the rest of that line
    // (sound under killer too: it only removes solutions).
    if (puzzle->rules.killer && !narrow_by_bounds(cage_k, puzzle->rules, n, now.data()))
        return false;
    LineNeeds needs;
    LineSetMemo* mul_memo = ops == kAddMul ? &memo[ncages + k] : nullptr;
    if (!narrow_by_line_sets_of_ops(ops, cage_k.target, cage_k.cells.data(), c.size, n, now.data(),
                                    &needs, cand.data(), &memo[k], mul_memo))
        return false;
    for (int j = 0; j < c.size; ++j)
        if (!narrow(cc[j], now[j])) return false;
    for (int l = 0; l < n; ++l) {
        if (needs.row[l] && !exclude_line_values(k, l, needs.row[l])) return false;
        if (needs.col[l] && !exclude_line_values(k, n + l, needs.col[l])) return false;
    }
    return true;
}

}  // namespace kk
