// The grader's working state: a candidate bitmask per cell, the cages in flat form, and
// what each cage's still-possible fillings allow.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "core/model/candidates.h"
#include "core/model/puzzle.h"
#include "core/solve/stop.h"

namespace kk {

class FillingMemo;

// A cell's candidates: bit v set while value v (1..9) is still possible (core/candidates.h).
using Candidates = Mask;

// Set bits of a mask of bits 0..9 (candidates, or a line's cells), by table: the build
// assumes no popcount instruction, and the ladder counts bits in its inner loops.
struct BitCountTable {
    std::array<std::uint8_t, 1024> count{};
    constexpr BitCountTable() {
        for (unsigned m = 1; m < 1024; ++m)
            count[m] = static_cast<std::uint8_t>(count[m >> 1] + (m & 1));
    }
};
inline constexpr BitCountTable kBitCounts{};
inline int bits_in(unsigned m) {
    return kBitCounts.count[m & 1023u];
}

// The grader's view of the cages, in flat arrays. Cells no cage covers (cage_of -1) are
// allowed, so that tests can build positions where only the Latin rules act.
struct GradeCages {
    struct Entry {
        Op op = Op::Given;    // as shown; with hidden operators ops says what it may be
        OpSet ops = 0;        // the ops its fillings may use (cage_ops)
        OpSet line_ops = 0;   // big cages: of those, the ones with fillings (ops_with_fillings)
        bool killer = false;  // no value twice in the cage
        std::int64_t target = 0;
        int first = 0;  // its cells are cells[first .. first + count)
        int count = 0;
        std::uint16_t rows = 0;  // bit r: the cage has a cell in row r
        std::uint16_t cols = 0;
    };
    int size = 0;
    std::vector<Entry> cages;
    std::vector<int> cells;
    std::array<int, kMaxCells> cage_of{};
    // When the grade must give up (the ladder then stalls, the search fails); may be null.
    const StopCondition* stop = nullptr;
    // Cages' summaries kept across positions (core/grade/filling_memo.h); may be null.
    FillingMemo* memo = nullptr;
    // The second thread's memo for trial and error on two threads (a memo is one
    // thread's; the two share a table); kept here so that it lasts from guess to guess.
    // May be null.
    FillingMemo* second_memo = nullptr;

    explicit GradeCages(const Puzzle& p);
    bool stopped() const { return stop && stop->reached(); }
    const int* cells_of(int cage) const { return cells.data() + cages[cage].first; }
};

// What every still-possible filling of a cage says about the lines it touches.
struct CageSummary {
    Candidates values = 0;                        // the union over all fillings
    std::array<Candidates, kMaxSize> row_need{};  // values every filling puts in row r
    std::array<Candidates, kMaxSize> col_need{};
};

// Candidates, placements and cached cage summaries. Plain fixed arrays, so copying a
// Position (as the trial-and-error search does) allocates nothing.
class Position {
  public:
    explicit Position(const GradeCages& table);

    const GradeCages& table() const { return *table_; }
    // Another copy of the same table (another thread's, with its own memo).
    void use_table(const GradeCages& table) { table_ = &table; }
    int size() const { return n_; }
    int cells() const { return n_ * n_; }
    Candidates candidates(int cell) const { return cand_[cell]; }
    bool placed(int cell) const { return placed_[cell] != 0; }
    Candidates row_placed(int r) const { return row_placed_[r]; }
    Candidates col_placed(int c) const { return col_placed_[c]; }
    bool solved() const { return unplaced_ == 0 && !broken_; }
    // The first unplaced cell in reading order with one candidate left; -1 when none.
    int first_single() const {
        for (int w = 0; w < 2; ++w)
            if (singles_[w]) return 64 * w + std::countr_zero(singles_[w]);
        return -1;
    }
    bool broken() const { return broken_; }
    void mark_broken() { broken_ = true; }

    // Removes values from a cell; true when something went. An empty cell breaks the position.
    bool remove(int cell, Candidates values);
    // Enters a value: the cell keeps only it, its row and column peers lose it.
    void place(int cell, int value);
    // Sets a cell's candidates outright (building test positions).
    void set_candidates(int cell, Candidates values);

    // The summary of a cage's fillings against the current candidates (cached until one of
    // its cells changes), and the values a cell takes in some filling of its cage.
    const CageSummary& summary(int cage);
    Candidates filling_values(int cell);
    // Remove from a cell the values outside the cage's union of fillings, or outside the
    // cell's own values in them. The fillings stay the same, so the summary stays valid.
    bool keep_cage_values(int cell);
    bool keep_cage_positions(int cell);

    // Lines and values changed since a line technique last found nothing there: subsets
    // look again only at dirty lines (rows 0..8, columns 9..17), fish only at dirty values.
    bool line_dirty(bool by_row, int line) const {
        return (dirty_lines_ >> (line + (by_row ? 0 : 9))) & 1u;
    }
    void line_checked(bool by_row, int line) { dirty_lines_ &= ~(1u << (line + (by_row ? 0 : 9))); }
    bool value_dirty(int v) const { return (dirty_values_ >> v) & 1u; }
    void value_checked(int v) { dirty_values_ &= static_cast<Candidates>(~value_bit(v)); }

    // Placed values, 0 where nothing is placed yet.
    Grid grid() const;

  private:
    void changed(int cell, Candidates gone);
    // Keeps the cell's bit in singles_ up to date with its candidates.
    void note_single(int cell) {
        const std::uint64_t bit = std::uint64_t{1} << (cell % 64);
        if (!placed_[cell] && is_single(cand_[cell]))
            singles_[cell / 64] |= bit;
        else
            singles_[cell / 64] &= ~bit;
    }

    const GradeCages* table_;
    int n_;
    int unplaced_;
    bool broken_ = false;
    std::uint32_t dirty_lines_ = ~0u;
    Candidates dirty_values_ = static_cast<Candidates>(~0u);
    std::array<Candidates, kMaxCells> cand_{};
    // Bit c (of word c / 64): cell c is unplaced with one candidate: naked singles are
    // looked for at every step of the ladder, and a scan of the grid cost more than this.
    std::array<std::uint64_t, 2> singles_{};
    std::array<std::uint8_t, kMaxCells> placed_{};
    std::array<Candidates, kMaxSize> row_placed_{};
    std::array<Candidates, kMaxSize> col_placed_{};
    std::array<std::uint8_t, kMaxCells> summary_ok_{};  // per cage
    std::array<CageSummary, kMaxCells> summary_{};      // per cage
    std::array<Candidates, kMaxCells> fill_{};          // per cell
};

// "r1c1, r1c2" or "r1c5..r1c9" when the cells run along a line.
std::string cells_text(int size, const std::vector<int>& cells);
// "3,4"
std::string values_text(Candidates values);
// "cage at r1c1 (6x)"
std::string cage_text(const GradeCages& table, int cage);

}  // namespace kk
