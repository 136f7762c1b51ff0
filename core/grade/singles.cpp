// Easy: naked and hidden singles.
#include "core/grade/technique.h"

namespace kk {

bool naked_single(Position& pos, StepLog* log) {
    const int cell = pos.first_single();
    if (cell < 0) return false;
    const int v = lowest_value(pos.candidates(cell));
    if (log)
        log->push_back(rc_name(pos.size(), cell) + " = " + std::to_string(v) +
                       ": the only candidate left");
    pos.place(cell, v);
    return true;
}

namespace {

// Cell of the line (row when by_row) at position i.
int line_cell(int n, bool by_row, int line, int i) {
    return by_row ? line * n + i : i * n + line;
}

bool hidden_single_in_lines(Position& pos, bool by_row, StepLog* log) {
    const int n = pos.size();
    for (int line = 0; line < n; ++line) {
        // once: values seen in some cell; twice: in two or more
        Candidates once = 0, twice = 0;
        for (int i = 0; i < n; ++i) {
            const Candidates cand = pos.candidates(line_cell(n, by_row, line, i));
            twice |= once & cand;
            once |= cand;
        }
        const Candidates open =
            full_mask(n) &
            static_cast<Candidates>(~(by_row ? pos.row_placed(line) : pos.col_placed(line)));
        const Candidates nowhere = open & static_cast<Candidates>(~once);
        if (nowhere) {  // a value fits nowhere in this line
            if (log)
                log->push_back("contradiction: no place for " + values_text(nowhere) +
                               (by_row ? " in row " : " in column ") + std::to_string(line + 1));
            pos.mark_broken();
            return true;
        }
        const Candidates single = open & once & static_cast<Candidates>(~twice);
        for (int v = 1; v <= n; ++v) {
            if (!(single & value_bit(v))) continue;
            int where = 0;
            while (!(pos.candidates(line_cell(n, by_row, line, where)) & value_bit(v))) ++where;
            const int cell = line_cell(n, by_row, line, where);
            if (pos.placed(cell)) continue;  // (cannot be: its value would not be open)
            if (log)
                log->push_back(rc_name(n, cell) + " = " + std::to_string(v) +
                               ": the only place for " + std::to_string(v) +
                               (by_row ? " in row " : " in column ") + std::to_string(line + 1));
            pos.place(cell, v);
            return true;
        }
    }
    return false;
}

}  // namespace

bool hidden_single(Position& pos, StepLog* log) {
    return hidden_single_in_lines(pos, true, log) || hidden_single_in_lines(pos, false, log);
}

}  // namespace kk
