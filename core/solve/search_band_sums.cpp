// SearchState's side of the bands' sums (band_sums.h): which cages' sums are known, the
// table cages' sums from their live tuples, and the narrowings a pass of the bands
// leaves, applied to cells and tuples.
#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <utility>

#include "core/solve/search_state.h"

namespace kk {

// A table cage's sum is known in every band (its tuples'); a lazy cage's only when it
// is a sum, or hidden with no filling as a product (ops_with_fillings: 31, 33 = 3 x 11,
// or 48 over ten cells).
// Puzzles without lazy cages start without: their tables and lines solve them in a few
// dozen nodes, fewer than the bands would cost; a long search sets them up.
void SearchState::set_up_band_sums() {
    band_search = false;
    cage_sums.assign(static_cast<std::size_t>(ncages), SumRange{});
    tuple_sums.resize(live.size());
    tuple_sums_ready = {};
    stale_sums = {};
    std::array<bool, kMaxCells> known{};
    for (int k = 0; k < ncages; ++k) {
        const Cage& cage_k = puzzle->cages[k];
        if (!cage[k].lazy) {
            known[k] = true;
            mark_stale(k);
        } else if (cage[k].ops == op_bit(Op::Add)) {
            known[k] = true;
            const int target = static_cast<int>(std::min<std::int64_t>(cage_k.target, 1 << 20));
            cage_sums[k] = sum_range_of(&target, 1);
        }
    }
    bands.set_up(n, cage_of.data(), ncages, known.data());
    band_watch.look_at_all();
    band_search = !bands.empty();
}

// Each stale table cage's sums from its live tuples; past kMaxTupleSums of them, from
// its cells' bounds (looser, and far cheaper near the root).
void SearchState::refresh_cage_sums() {
    constexpr std::uint32_t kMaxTupleSums = 4096;
    for (int half = 0; half < 2; ++half)
        for (std::uint64_t x = stale_sums[half]; x; x &= x - 1) {
            const int k = half * 64 + std::countr_zero(x);
            const CageInfo& c = cage[k];
            if (c.lazy) continue;
            const std::uint32_t count = live_count[k];
            if (count > kMaxTupleSums) {
                int lo = 0, hi = 0;
                for (int j = 0; j < c.size; ++j) {
                    lo += lowest_value(cand[cage_cells[c.first + j]]);
                    hi += highest_value(cand[cage_cells[c.first + j]]);
                }
                cage_sums[k] = sum_range_between(lo, hi);
                continue;
            }
            std::uint16_t* sums = tuple_sums.data() + c.live;
            if (!(tuple_sums_ready[half] >> (k & 63) & 1)) {
                tuple_sums_ready[half] |= 1ull << (k & 63);
                for (std::uint32_t i = 0; i < c.tuples; ++i) {
                    const Mask* tuple = table.data() + c.table + i * c.size;
                    int sum = 0;
                    for (int j = 0; j < c.size; ++j) sum += lowest_value(tuple[j]);
                    sums[i] = static_cast<std::uint16_t>(sum);
                }
            }
            const std::uint32_t* lv = live.data() + c.live;
            if (!count) continue;
            if (c.size * n >= 64 * static_cast<int>(SumSet{}.size())) {  // no such cage yet
                cage_sums[k] =
                    sum_range_of(count, [&](std::uint32_t i) { return int{sums[lv[i]]}; });
                continue;
            }
            SumSet present{};
            for (std::uint32_t i = 0; i < count; ++i) {
                const unsigned sum = sums[lv[i]];
                present[sum >> 6] |= 1ull << (sum & 63);
            }
            cage_sums[k] = sum_range_of(present);
        }
    stale_sums = {};
}

bool SearchState::keep_tuples_by_sum(int k, std::uint64_t keep, bool& dropped) {
    const CageInfo& c = cage[k];
    // Only cages whose sums were listed from their tuples (refresh_cage_sums).
    if (c.lazy || !(tuple_sums_ready[static_cast<unsigned>(k) >> 6] >> (k & 63) & 1)) return true;
    const std::uint16_t* sums = tuple_sums.data() + c.live;
    std::uint32_t* lv = live.data() + c.live;
    const int least = cage_sums[k].min;
    std::uint32_t count = live_count[k];
    for (std::uint32_t i = 0; i < count;) {
        const int a = sums[lv[i]] - least;
        if (a >= 0 && a < 64 && (keep >> a & 1)) {
            ++i;
            continue;
        }
        --count;
        std::swap(lv[i], lv[count]);  // past the count, where undo finds it again
        if (c.packed >= 0) std::swap(packed[c.packed + i], packed[c.packed + count]);
    }
    if (count == live_count[k]) return true;
    assert(trail_size < trail.size());
    trail[trail_size++] = {-1 - k, live_count[k]};
    live_count[k] = count;
    mark_stale(k);
    mark_cage(k);  // its cells narrow to the survivors' union in propagate()
    dropped = true;
    return count > 0;
}

bool SearchState::narrow_by_band_sums() {
    for (;;) {
        refresh_cage_sums();
        std::array<Mask, kMaxCells> now = cand;
        std::array<std::uint64_t, kMaxCells> keep;
        for (int k = 0; k < ncages; ++k) keep[k] = cage_sums[k].from_min;
        if (!bands.narrow(cage_sums.data(), now.data(), keep.data(), band_watch)) {
            clear_pending();
            return false;
        }
        bool narrowed = false;
        for (int k = 0; k < ncages; ++k)
            if (keep[k] != cage_sums[k].from_min && !keep_tuples_by_sum(k, keep[k], narrowed)) {
                clear_pending();
                return false;
            }
        if (!narrow_all(now.data(), narrowed)) {
            clear_pending();
            return false;
        }
        if (!narrowed) return true;
        if (!propagate()) return false;
    }
}

bool SearchState::narrow_all(const Mask* now, bool& narrowed) {
    for (int cell = 0; cell < cells; ++cell) {
        if (now[cell] == cand[cell]) continue;
        narrowed = true;
        if (!narrow(cell, now[cell])) return false;
    }
    return true;
}

}  // namespace kk
