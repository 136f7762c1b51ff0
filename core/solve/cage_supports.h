// Supports of a big sum or product cage (too big for a tuple table), by dynamic
// programming over the value sets its cells can take in each line.
//
// The cage's cells are grouped by row. A group's cells take distinct values, so a
// group fills a set S of values; a subset DP over the group's cells finds every
// feasible S, and a knapsack over the groups keeps the S whose sum (for a product:
// whose exponents of 2, 3, 5 and 7) the other groups can complete to the target.
// Each cell keeps the values some kept S gives it, and each row the values every kept
// S puts there. Then the same by column. This is exact for the cage with distinctness
// in one direction at a time (a sound relaxation of the cage with both), and costs
// at most a few thousand mask steps per line: no tuple is ever listed.
#pragma once

#include "core/model/candidates.h"
#include "core/model/puzzle.h"

namespace kk {

// Values every remaining filling of the cage puts in each row and column it touches
// (0 where it touches none, or where it has a single cell).
struct LineNeeds {
    Mask row[kMaxSize] = {};
    Mask col[kMaxSize] = {};
};

// What the DP learnt about each line's group of cells at the last call for one cage:
// a later call whose group has the same candidates (and the same sets left by the other
// groups) reuses it. A pure cache keyed on its inputs: never stale, so a search can
// keep one per cage across backtracking. Only for the same cage's cells each time.
struct LineSetMemo {
    struct Group {
        int size = -1;  // -1: nothing kept
        Mask key[kMaxSize] = {};
        std::uint64_t reach[8] = {};  // value sets the group's cells can take
        std::uint64_t good[8] = {};   // of those, the ones the other groups complete
        unsigned support[kMaxSize] = {};
        bool has_support = false;
        // The sets the line's other cells leave to the group, keyed on their candidates.
        int others = -1;  // -1: nothing kept
        Mask others_key[kMaxSize] = {};
        std::uint64_t allowed[8] = {};
        // Those other cells (the group's line is the same at every call for one cage).
        int outside = -1;  // -1: not listed yet
        std::uint8_t outside_cells[kMaxSize] = {};
    };
    Group group[2][kMaxSize];  // by rows, by columns
    void clear() {
        for (auto& by : group)
            for (Group& g : by) {
                g.size = -1;
                g.has_support = false;
                g.others = -1;
                g.outside = -1;
            }
    }
};

// cells: the cage's cells (r*n+c), count of them, in an n x n grid; cand: their
// candidates, narrowed in place. Returns false when no filling remains. Only Add and
// Mul are handled (others: returns true, unchanged). Allocates nothing.
// grid (optional): the candidates of all n*n cells (the cage's own entries are not
// read). With it, the cage's cells in a line must leave values the line's other cells
// can take, all distinct: the rest of each row and column is a Latin line too.
bool narrow_by_line_sets(Op op, std::int64_t target, const int* cells, int count, int n, Mask* cand,
                         LineNeeds* needs = nullptr, const Mask* grid = nullptr,
                         LineSetMemo* memo = nullptr);

// The same for a cage that may use any op of ops (hidden operations: + or x on three
// cells or more): each cell keeps the values some op's fillings give it, and each line
// needs only what every op's fillings put there. Returns false when no op has a
// filling. Ops other than Add and Mul (two-cell cages only) are not narrowed here:
// returns true, unchanged. memo serves Add (or the one op), mul_memo Mul beside it.
bool narrow_by_line_sets_of_ops(OpSet ops, std::int64_t target, const int* cells, int count, int n,
                                Mask* cand, LineNeeds* needs = nullptr, const Mask* grid = nullptr,
                                LineSetMemo* memo = nullptr, LineSetMemo* mul_memo = nullptr);

// Of a hidden cage's ops Add and Mul, the ones the DP above leaves some filling in an
// empty n x n grid (so in any grid: candidates only shrink); the other ops sets as they
// are, and both when neither has one (a refutation is then the search's to find). 48
// over ten cells is no product, 9072000 no sum: narrowing such a cage by its one op
// costs half, and a sum's target is known to the bands.
OpSet ops_with_fillings(const Cage& cage, OpSet ops, int n);

}  // namespace kk
