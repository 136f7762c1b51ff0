// Nogoods a restarted search records where a run is cut (reduced nld-nogoods, after
// Lecoutre, Sais, Tabary and Vidal, "Recording and minimizing nogoods from restarts",
// 2007). Internal to the solver.
//
// When a run stops, each negative decision on its path (a cell losing a value) says the
// search went through that value's whole subtree: under the positive decisions above
// it, the cell cannot take that value. Later runs branch differently (new failure
// weights, new random values), but without the nogoods they would search the same
// subtrees again; with them the restarted search keeps what each run proved and stays
// complete (a solution inside a recorded subtree was found and counted there).
//
// A nogood is a set of assignments (cell = value) that cannot all hold, watched on two
// of them as MiniSat watches a clause: only when a watched assignment holds is the
// nogood looked at, to move the watch or take the last open value away.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/model/candidates.h"

namespace kk {

// One branching decision on a search path: the cell takes the value (positive) or
// loses it.
struct Decision {
    int cell = 0;
    Mask value = 0;  // one value
    bool positive = true;
};

class NogoodStore {
  public:
    // An assignment, cell * 16 + value: it holds when the cell's candidates are exactly
    // that value.
    using Literal = std::uint16_t;

    // Forgets every nogood, for a puzzle of this many cells.
    void clear(int cells);

    // Records the nogoods of a run's path, decisions from the root down, cut by a
    // restart. Past a fixed number of stored assignments (8 MB) it records no more.
    void record(const Decision* path, int depth);

    // Records one nogood: `count` (>= 1) assignments, on different cells, that cannot
    // all hold. Past the store's size it records no more.
    void record_set(const Literal* lits, int count);

    // Assignments that never hold (nogoods of one assignment): each run takes them out
    // at its root, where no watch would see them.
    const std::vector<Literal>& units() const { return units_; }

    // Called once `cell` holds its one value (cand[cell] a single value). Each nogood
    // watching that assignment moves its watch to an assignment not holding yet, or,
    // when all its others hold, loses its last one through remove(cell, value), which
    // returns false when the cell has no value left. Returns false on such a failure.
    template <class Remove>
    bool on_fixed(int cell, const Mask* cand, Remove&& remove);

    // Nogoods recorded since clear(), units included.
    std::uint64_t recorded() const { return recorded_; }

    static Literal literal(int cell, Mask value) {
        return static_cast<Literal>(cell * 16 + std::countr_zero(static_cast<unsigned>(value)));
    }
    static int cell_of(Literal l) { return l >> 4; }
    static Mask value_of(Literal l) { return static_cast<Mask>(1u << (l & 15)); }

  private:
    static bool holds(Literal l, const Mask* cand) { return cand[cell_of(l)] == value_of(l); }

    std::vector<Literal> literals_;     // the nogoods' assignments, watched two first
    std::vector<std::uint32_t> start_;  // per nogood: its first assignment
    std::vector<std::uint32_t> size_;
    std::vector<std::vector<int>> watches_;  // per assignment: nogoods watching it
    std::vector<Literal> units_;
    std::vector<Literal> positives_;  // scratch for record()
    std::uint64_t recorded_ = 0;
};

template <class Remove>
bool NogoodStore::on_fixed(int cell, const Mask* cand, Remove&& remove) {
    const Literal fixed = literal(cell, cand[cell]);
    std::vector<int>& watching = watches_[fixed];
    std::size_t kept = 0;
    bool ok = true;
    for (std::size_t i = 0; i < watching.size(); ++i) {
        const int g = watching[i];
        if (!ok) {
            watching[kept++] = g;
            continue;
        }
        Literal* lits = literals_.data() + start_[static_cast<std::size_t>(g)];
        const std::uint32_t size = size_[static_cast<std::size_t>(g)];
        if (lits[0] == fixed) std::swap(lits[0], lits[1]);  // the one holding now at [1]
        const int other = cell_of(lits[0]);
        if (!(cand[other] & value_of(lits[0]))) {  // can no longer hold: nothing to do
            watching[kept++] = g;
            continue;
        }
        std::uint32_t j = 2;
        while (j < size && holds(lits[j], cand)) ++j;
        if (j < size) {
            std::swap(lits[1], lits[j]);
            watches_[lits[1]].push_back(g);
            continue;
        }
        watching[kept++] = g;
        ok = remove(other, value_of(lits[0]));
    }
    watching.resize(kept);
    return ok;
}

}  // namespace kk
