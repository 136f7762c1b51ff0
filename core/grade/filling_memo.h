// Summaries of big cages, kept by the candidates of their cells.
//
// Trial and error meets the same state of a big cage again and again: a guess elsewhere
// leaves its cells as they were, and each search node copies the position and runs the
// ladder afresh. A big cage's summary (a capped walk, then the line-set DP) was two thirds
// of such a grade's time, and it is a pure function of the cage and its cells' candidates,
// so it is looked up instead of recomputed. Levels, scores and node counts are unchanged.
#pragma once

#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/grade/position.h"

namespace kk {

// Only big cages (core/grade/fillings.h) are kept: smaller ones walk to the end quickly.
class FillingMemo {
  public:
    // Past this many summaries the memo starts again (about 200 bytes each).
    static constexpr std::size_t kMaxEntries = 1 << 16;

    // True (and summary and fill[cell] for the cage's cells set) when this cage was summarised
    // with these candidates before.
    bool find(int cage, const int* cells, int count, const Candidates* cand, CageSummary& summary,
              Candidates* fill);
    void keep(int cage, const int* cells, int count, const Candidates* cand,
              const CageSummary& summary, const Candidates* fill);
    // Lookups answered from the memo so far.
    std::size_t hits() const { return hits_; }

  private:
    struct Kept {
        CageSummary summary;
        std::vector<Candidates> fill;  // by the cage's cells, in order
    };
    const std::u16string& key(int cage, const int* cells, int count, const Candidates* cand);

    std::unordered_map<std::u16string, Kept> kept_;
    std::size_t hits_ = 0;
    std::u16string key_;  // reused, so a lookup allocates only while the key grows
};

}  // namespace kk
