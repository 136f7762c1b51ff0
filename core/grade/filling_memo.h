// Summaries of cages, kept by the candidates of their cells.
//
// Trial and error meets the same state of a cage again and again: a guess elsewhere
// leaves its cells as they were, and each search node copies the position and runs the
// ladder afresh. A big cage's summary (a capped walk, then the line-set DP) was two thirds
// of such a grade's time, and it is a pure function of the cage and its cells' candidates,
// so it is looked up instead of recomputed. Levels, scores and node counts are unchanged.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/grade/position.h"

namespace kk {

// Cages of kMemoMinCells to kMaxKeptCells cells are kept (core/grade/fillings.cpp).
// A flat table of fixed-size entries, four to a bucket: a lookup hashes one key, reads the
// bucket's tags and compares at most a few keys. It starts small (a Keen grade keeps a few
// hundred summaries) and doubles as it fills, up to kMaxEntries; then a full bucket
// overwrites one of its entries: the memo is a pure cache.
//
// A FillingMemo is one thread's; two of them may share one table (share_table_of), which
// both threads then read and write at once: each bucket is a sequence lock (a writer
// makes its count odd while it writes, a reader that sees the count change takes its
// answer for a miss), so the second thread of trial and error finds what the first kept.
class FillingMemo {
  public:
    // Cages of more cells are not kept (none of the factory's or the hostile sets' are).
    static constexpr int kMaxKeptCells = 15;
    // Entries (104 bytes each), at first and at most.
    static constexpr std::size_t kFirstEntries = 1 << 8;
    static constexpr std::size_t kMaxEntries = 1 << 17;

    FillingMemo();
    ~FillingMemo();

    // True (and summary and fill[cell] for the cage's cells set) when this cage was summarised
    // with these candidates before.
    bool find(int cage, const int* cells, int count, const Candidates* cand, CageSummary& summary,
              Candidates* fill);
    // Keeps what find() last missed: call it right after that find(), with what the walk gave.
    void keep(const CageSummary& summary, const int* cells, int count, const Candidates* fill);
    // From now on, this memo finds and keeps in other's table (grown to kMaxEntries first: a
    // shared table does not grow), and another thread may use other at the same time.
    void share_table_of(FillingMemo& other);
    // Lookups answered from the memo so far.
    std::size_t hits() const { return hits_; }

  private:
    struct Table;
    // The cage (plus one, so that 0 is no key) and its cells' candidates, zero-padded.
    using Key = std::array<std::uint16_t, kMaxKeptCells + 1>;

    std::shared_ptr<Table> table_;  // made by the first keep
    Key key_{};                     // of the last find
    std::uint64_t hash_ = 0;        // of the last find
    unsigned next_way_ = 0;         // the way a full bucket gives up next
    std::size_t hits_ = 0;
};

}  // namespace kk
