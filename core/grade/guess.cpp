// Unreasonable: trial and error. A guess is refuted by a search that runs the whole ladder
// at every node and branches on the cell with fewest candidates.
#include <utility>

#include "core/grade/technique.h"

namespace kk {
namespace {

// The unplaced cell with fewest candidates, first in reading order; -1 when none.
int branch_cell(const Position& pos) {
    int best = -1, fewest = kMaxSize + 1;
    for (int cell = 0; cell < pos.cells(); ++cell) {
        if (pos.placed(cell)) continue;
        const int k = bits_in(pos.candidates(cell));
        if (k < fewest) {
            best = cell;
            fewest = k;
        }
    }
    return best;
}

// A full grid from placements alone can still break a cage the ladder did not look at again.
bool cages_hold(Position& pos) {
    for (int cage = 0; cage < static_cast<int>(pos.table().cages.size()); ++cage)
        if (!pos.summary(cage).values) return false;
    return true;
}

}  // namespace

bool has_solution(Position pos, std::uint64_t& nodes, std::uint64_t node_limit) {
    if (nodes > node_limit || pos.table().stopped()) return false;
    switch (run_deductions(pos)) {
        case LadderEnd::Broken:
            return false;
        case LadderEnd::Solved:
            return cages_hold(pos);
        case LadderEnd::Stalled:
            break;
    }
    const int cell = branch_cell(pos);
    const Candidates cand = pos.candidates(cell);
    for (int v = 1; v <= pos.size(); ++v) {
        if (!(cand & value_bit(v))) continue;
        ++nodes;
        Position trial = pos;  // the one copy a search node makes
        trial.place(cell, v);
        if (has_solution(std::move(trial), nodes, node_limit)) return true;
        if (nodes > node_limit) return false;
    }
    return false;
}

bool guess(Position& pos, const Grid& solution, std::uint64_t& nodes, StepLog* log,
           std::uint64_t node_limit) {
    const int cell = branch_cell(pos);
    if (cell < 0) return false;
    const int answer = solution[cell];
    const Candidates wrong = pos.candidates(cell) & ~value_bit(answer);
    const std::uint64_t before = nodes;
    for (int v = 1; v <= pos.size(); ++v) {
        if (!(wrong & value_bit(v))) continue;
        ++nodes;
        Position trial = pos;
        trial.place(cell, v);
        if (has_solution(std::move(trial), nodes, node_limit)) {  // only when the given solution is not the only one
            pos.mark_broken();
            return true;
        }
    }
    if (nodes > node_limit) return false;
    if (log)
        log->push_back(rc_name(pos.size(), cell) + " = " + std::to_string(answer) +
                       ": trial and error, " + values_text(wrong) +
                       (bits_in(wrong) == 1 ? " leads" : " each lead") + " to a contradiction (" +
                       std::to_string(nodes - before) +
                       (nodes - before == 1 ? " trial)" : " trials)"));
    pos.place(cell, answer);
    return true;
}

}  // namespace kk
