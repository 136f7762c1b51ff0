// Failures cut down to the decisions they need (search_state.h): nogoods a restarted
// search learns beside those of its cut paths.
//
// A positive decision that propagation refutes at once, under the positive decisions
// above it, is a set of assignments that cannot all hold. Most of those decisions
// played no part: dropping each one that propagation still refutes without (at the
// run's root, where no other decision holds) leaves a few, and such a short nogood
// cuts wherever they meet, in any later run, not only on the path where it was found.
// It needs no explanations (the long ones of big cages sank lazy clause generation,
// docs/big-cages.md): propagation itself is the proof, so it is sound for counting too.
#include <algorithm>
#include <cstdint>

#include "core/solve/search_state.h"

namespace kk {

// Keeps the failure just found (path[0..depth), the last the refuted decision): while
// the sample has room, or in place of a longer one, since a short one is cheaper to
// cut down and cuts more. Nothing is allocated: the sample has fixed room.
void SearchState::sample_failure() {
    if (sample_room <= 0) return;
    int positives = 0;
    for (int d = 0; d < depth; ++d) positives += path[d].positive;
    int slot = sampled_failures;
    if (sampled_failures == sample_room) {
        slot = static_cast<int>(
            std::max_element(failure_size.begin(), failure_size.begin() + sampled_failures) -
            failure_size.begin());
        if (failure_size[slot] <= positives) return;
    } else {
        ++sampled_failures;
    }
    auto& lits = failure_lits[slot];
    int size = 0;
    for (int d = 0; d < depth; ++d)
        if (path[d].positive) lits[size++] = NogoodStore::literal(path[d].cell, path[d].value);
    failure_size[slot] = size;
}

bool SearchState::refuted_without(int f, int skip) {
    const std::size_t mark = trail_size;
    const auto& lits = failure_lits[f];
    bool holds = true;
    for (int i = 0; i < failure_size[f] && holds; ++i) {
        if (i == skip) continue;
        const int cell = NogoodStore::cell_of(lits[i]);
        const Mask v = NogoodStore::value_of(lits[i]);
        holds = (cand[cell] & v) && narrow(cell, v);
    }
    if (holds)
        holds = settle_node();
    else
        clear_pending();
    undo(mark);
    return !holds;
}

// At the run's root (the trail at restart_root), with the unit nogoods taken out as a
// run takes them: each sampled failure that propagation refutes there (not one that
// needed a negative decision of its path) loses every assignment it can do without,
// one at a time. Those left with at most kMaxMinimised are kept for learn().
void SearchState::minimise_failures() {
    minimising = true;
    const std::size_t mark = trail_size;
    const bool open = take_out_unit_nogoods();
    for (int f = 0; f < sampled_failures; ++f) {
        if (!open || !refuted_without(f, -1)) {
            failure_size[f] = 0;
            continue;
        }
        auto& lits = failure_lits[f];
        for (int i = 0; i < failure_size[f] && failure_size[f] > 1;) {
            if (refuted_without(f, i)) {
                std::copy(lits.begin() + i + 1, lits.begin() + failure_size[f], lits.begin() + i);
                --failure_size[f];
            } else {
                ++i;
            }
        }
        if (failure_size[f] > kMaxMinimised) failure_size[f] = 0;
    }
    undo(mark);
    minimising = false;
}

}  // namespace kk
