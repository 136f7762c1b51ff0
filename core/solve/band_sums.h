// The bands' sums at every node of a search with big lazy cages: Killer Sudoku's
// innies and outies, over every band of consecutive rows and of consecutive columns.
//
// A band of b lines holds 1..n b times, so its cells add up to b * n(n+1)/2. A cage
// whose sum is known (a table cage: its live tuples' sums; a big sum: its target)
// stands for its cells when fewer of them lie outside the band than inside ("whole";
// those outside count against it, as outies); every other cell of the band counts on
// its own. A knapsack over these parts must reach the band's sum, and each cell keeps
// the values some completion allows, and each whole cage the sums. This ties the cages of a band to
// each other, which no cage's own supports see: on the slowest big-cage puzzles it cut the search
// three times over (docs/big-cages.md, twelfth round).
//
// Cheap enough for every node because a band only narrows when it is tight: the
// parts' least and greatest sums leave a slack on the nearer side, and a cell loses a
// value only when that slack is about the width of some part's range. So a band whose
// slack passes the widest part by more than kSlackPastWidest is skipped (on the
// slowest puzzles none of those narrowed anything), and the others take an exact
// knapsack on one 64-bit word. Which cage stands whole in which band is fixed at
// set-up; only candidates and cage sums change. The exponents of 2, 3, 5 and 7, which
// the root's check (grid_totals.h) also counts, cost more than they saved here.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/model/candidates.h"
#include "core/model/puzzle.h"

namespace kk {

// What one part may add up to: its least and greatest sum, and its sums as offsets
// from either end (those below 64: a knapsack here never needs more).
struct SumRange {
    int min = 0, max = 0;
    std::uint64_t from_min = 1, from_max = 1;
    bool operator==(const SumRange&) const = default;
};

// The range of sum_at(0..count) (count > 0), e.g. a table cage's live tuples' sums.
template <class SumAt>
SumRange sum_range_of(std::uint32_t count, SumAt sum_at) {
    SumRange r;
    r.min = r.max = sum_at(0);
    for (std::uint32_t i = 1; i < count; ++i) {
        const int sum = sum_at(i);
        r.min = sum < r.min ? sum : r.min;
        r.max = sum > r.max ? sum : r.max;
    }
    r.from_min = r.from_max = 0;
    for (std::uint32_t i = 0; i < count; ++i) {
        const int sum = sum_at(i);
        if (sum - r.min < 64) r.from_min |= 1ull << (sum - r.min);
        if (r.max - sum < 64) r.from_max |= 1ull << (r.max - sum);
    }
    return r;
}
// The range of sums[0..count) (count > 0).
SumRange sum_range_of(const int* sums, int count);
// The range of the sums whose bits are set (bit s of word s / 64: sum s occurs; at least
// one is): one pass over a table cage's tuples to set them, instead of two.
using SumSet = std::array<std::uint64_t, 8>;  // sums below 512 (81 cells of 9: 729 > 512,
                                              // but a table cage has far fewer cells)
SumRange sum_range_of(const SumSet& sums);
// Every sum from min to max (a part known only by its bounds).
SumRange sum_range_between(int min, int max);

// What one search's bands saw at their last pass (each search of the pairs keeps its
// own). A band's knapsack is exact, so what it leaves is a fixpoint for it: a band none
// of whose cells or whole cages changed since it last looked would narrow nothing, and
// a pass skips it. The same narrowings as looking at every band, at a fraction of the
// work late in a node's fixpoint, where one band's narrowing touches a few cells.
//
// It also keeps what each band's cells, and its whole cages, add up to at least and at
// most as of seen, moved by the cells and cage sums that change: most bands are skipped
// on their bounds alone, and summing their parts afresh for that was half a pass.
struct BandWatch {
    std::array<Mask, kMaxCells> seen{};                         // each cell's candidates then
    std::array<SumRange, kMaxCells> seen_sums{};                // each cage's sums then
    std::array<std::uint64_t, 2> stale{};                       // the bands to look at, a bit each
    std::array<std::int16_t, 128> cells_least{}, cells_most{};  // per band, of seen
    std::array<std::int16_t, 128> wholes_least{}, wholes_most{};  // per band, of seen_sums
    bool bounds_counted = false;  // false: count the four above afresh
    void look_at_all() {
        stale = {~0ull, ~0ull};
        bounds_counted = false;
    }
};

class BandSums {
  public:
    static constexpr int kSlackPastWidest = 16;

    // n x n grid; cage_of: each cell's cage; sum_known[k]: whether cage k's sum is
    // known (a cage without one never stands whole).
    void set_up(int n, const std::uint8_t* cage_of, int ncages, const bool* sum_known);
    bool empty() const { return bands_.empty(); }

    // cage_sums[k]: what cage k may add up to now (read only where known); cand: every
    // cell's candidates, narrowed in place; cage_keep[k]: the sums cage k may still
    // take, bit a for cage_sums[k].min + a, narrowed in place too (a table cage pinned
    // by a band loses its tuples of other sums). False when some band cannot reach its
    // sum. Each band is checked once (narrowing one may let another narrow more), and
    // only when something it reads changed since watch saw it (watch.look_at_all()
    // after set-up or when the search state is replaced wholesale).
    bool narrow(const SumRange* cage_sums, Mask* cand, std::uint64_t* cage_keep,
                BandWatch& watch) const;

  private:
    // Moves watch's cells_least and cells_most by cell's change from was to now.
    void move_cell_bounds(int cell, Mask was, Mask now, BandWatch& watch) const;
    // Moves watch's wholes_least and wholes_most by cage k's change from was to now.
    void move_whole_bounds(int k, const SumRange& was, const SumRange& now, BandWatch& watch) const;
    // Counts all four afresh from cand and cage_sums.
    void count_bounds(const Mask* cand, const SumRange* cage_sums, BandWatch& watch) const;

    struct Band {
        int sum = 0;                                         // with n per outie added
        int first = 0, wholes = 0, insides = 0, outies = 0;  // into parts_
    };
    using BandBits = std::array<std::uint64_t, 2>;  // a bit per band: 9x9 has at most 89

    int n_ = 0;
    std::vector<Band> bands_;
    std::vector<std::uint8_t> parts_;    // per band: whole cages, inside cells, outies
    std::vector<BandBits> cell_bands_;   // per cell: the bands it is a part of
    std::vector<BandBits> outie_bands_;  // per cell: those of them it is an outie in
    std::vector<BandBits> cage_bands_;   // per cage: the bands it stands whole in
};

}  // namespace kk
