// Enumerates the still-possible fillings of one cage against current candidates.
#pragma once

#include "core/grade/position.h"

namespace kk {

// Cages of more cells than this are big: narrowed by line sets before their walk, which
// gives up soon.
constexpr int kBigCageCells = 6;

// Fills summary (union, values every filling puts in each line the cage touches) and
// fill[cell] (the values each cage cell takes in some filling). A filling gives each cell
// one of its candidates, meets the op and target, and repeats no value within a row or
// column. No filling at all leaves everything empty. Stops early once nothing more can
// be learnt (every candidate used, no line need left).
void summarize_fillings(const GradeCages& table, int cage, const Candidates* cand,
                        CageSummary& summary, Candidates* fill);

}  // namespace kk
