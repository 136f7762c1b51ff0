// Cage techniques: value set (easy), positions (normal), forced exclusion (hard).
#include "core/grade/technique.h"

namespace kk {
namespace {

// "remove 3,4 from r1c1, r1c2; 4 from r2c1" for cells that lost different values.
std::string removals_text(int n, const std::vector<std::pair<int, Candidates>>& lost) {
    std::string out = "remove ";
    std::vector<bool> done(lost.size(), false);
    for (size_t i = 0; i < lost.size(); ++i) {
        if (done[i]) continue;
        std::vector<int> cells;
        for (size_t j = i; j < lost.size(); ++j)
            if (!done[j] && lost[j].second == lost[i].second) {
                cells.push_back(lost[j].first);
                done[j] = true;
            }
        if (out.size() > 7) out += "; ";
        out += values_text(lost[i].second) + " from " + cells_text(n, cells);
    }
    return out;
}

// Shared by value set and positions: keeps in every cell of one cage what the fillings
// allow, cage by cage in order, stopping after the first cage that changed.
template <bool kPositions>
bool restrict_cells_of_a_cage(Position& pos, StepLog* log) {
    const GradeCages& table = pos.table();
    for (int cage = 0; cage < static_cast<int>(table.cages.size()); ++cage) {
        const int* cells = table.cells_of(cage);
        const int k = table.cages[cage].count;
        bool progress = false;
        for (int j = 0; j < k; ++j) {
            const Candidates keep =
                kPositions ? pos.filling_values(cells[j]) : pos.summary(cage).values;
            if (pos.candidates(cells[j]) & ~keep) progress = true;
        }
        if (!progress) continue;
        std::vector<std::pair<int, Candidates>> lost;
        for (int j = 0; j < k; ++j) {
            const Candidates before = pos.candidates(cells[j]);
            if (kPositions)
                pos.keep_cage_positions(cells[j]);
            else
                pos.keep_cage_values(cells[j]);
            if (log && before != pos.candidates(cells[j]))
                lost.emplace_back(cells[j], before & ~pos.candidates(cells[j]));
        }
        if (log) {
            const std::string why = kPositions
                                        ? ": no filling of the " + cage_text(table, cage) +
                                              " puts those values in those cells"
                                        : ": the " + cage_text(table, cage) + " can only use " +
                                              values_text(pos.summary(cage).values);
            log->push_back(removals_text(pos.size(), lost) + why);
        }
        return true;
    }
    return false;
}

// Removes need from the cells of a line outside the cage; true when something went.
bool exclude_from_line(Position& pos, int cage, bool by_row, int line, Candidates need,
                       StepLog* log) {
    const int n = pos.size();
    bool progress = false;
    Candidates gone = 0;
    std::vector<int> cells;  // only filled when explaining
    for (int i = 0; i < n; ++i) {
        const int cell = by_row ? line * n + i : i * n + line;
        if (pos.table().cage_of[cell] == cage) continue;
        const Candidates before = pos.candidates(cell);
        if (!pos.remove(cell, need)) continue;
        progress = true;
        gone |= before & need;
        if (log) cells.push_back(cell);
    }
    if (log && progress)
        log->push_back("remove " + values_text(gone) + " from " + cells_text(n, cells) +
                       ": every filling of the " + cage_text(pos.table(), cage) + " puts " +
                       values_text(gone) + (by_row ? " in row " : " in column ") +
                       std::to_string(line + 1));
    return progress;
}

}  // namespace

bool cage_value_set(Position& pos, StepLog* log) {
    return restrict_cells_of_a_cage<false>(pos, log);
}

bool cage_positions(Position& pos, StepLog* log) {
    return restrict_cells_of_a_cage<true>(pos, log);
}

bool cage_forced_exclusion(Position& pos, StepLog* log) {
    const GradeCages& table = pos.table();
    const int n = pos.size();
    for (int cage = 0; cage < static_cast<int>(table.cages.size()); ++cage) {
        const CageSummary s = pos.summary(cage);  // a copy: removals below may refresh it
        bool progress = false;
        for (int line = 0; line < n; ++line) {
            if (s.row_need[line])
                progress |= exclude_from_line(pos, cage, true, line, s.row_need[line], log);
            if (s.col_need[line])
                progress |= exclude_from_line(pos, cage, false, line, s.col_need[line], log);
        }
        if (progress) return true;  // one cage a step, as Keen does
    }
    return false;
}

}  // namespace kk
