#include "core/grade/position.h"

#include "core/grade/fillings.h"
#include "core/solve/cage_supports.h"

namespace kk {

GradeCages::GradeCages(const Puzzle& p) : size(p.size) {
    cage_of.fill(-1);
    for (const Cage& cage : p.cages) {
        Entry e;
        e.op = cage.op;
        e.ops = cage_ops(cage, p.rules);
        // Only big cages are narrowed by line sets (fillings.h): asking the DP costs
        // every other hidden cage a grade's start-up for nothing.
        e.line_ops = static_cast<int>(cage.cells.size()) > kBigCageCells
                         ? ops_with_fillings(cage, e.ops, p.size)
                         : e.ops;
        e.killer = p.rules.killer;
        e.target = cage.target;
        e.first = static_cast<int>(cells.size());
        e.count = static_cast<int>(cage.cells.size());
        for (int c : cage.cells) {
            cells.push_back(c);
            cage_of[c] = static_cast<int>(cages.size());
            e.rows |= static_cast<std::uint16_t>(1u << (c / size));
            e.cols |= static_cast<std::uint16_t>(1u << (c % size));
        }
        cages.push_back(e);
    }
}

Position::Position(const GradeCages& table)
    : table_(&table), n_(table.size), unplaced_(table.size * table.size) {
    for (int c = 0; c < cells(); ++c) {
        cand_[c] = full_mask(n_);
        note_single(c);  // a 1x1 grid
    }
}

void Position::changed(int cell, Candidates gone) {
    const int cage = table_->cage_of[cell];
    if (cage >= 0) summary_ok_[cage] = 0;
    dirty_lines_ |= (1u << (cell / n_)) | (1u << (9 + cell % n_));
    dirty_values_ |= gone;
}

bool Position::remove(int cell, Candidates values) {
    const Candidates gone = cand_[cell] & values;
    if (!gone) return false;
    cand_[cell] &= static_cast<Candidates>(~gone);
    if (!cand_[cell]) broken_ = true;
    note_single(cell);
    changed(cell, gone);
    return true;
}

void Position::place(int cell, int value) {
    const Candidates b = value_bit(value);
    const int r = cell / n_, c = cell % n_;
    if (!(cand_[cell] & b) || placed_[cell] || ((row_placed_[r] | col_placed_[c]) & b)) {
        broken_ = true;
        return;
    }
    const int cage = table_->cage_of[cell];
    const bool same_fillings = cand_[cell] == b && cage >= 0 && summary_ok_[cage];
    changed(cell, cand_[cell]);  // placed cells leave the open cells of their lines
    if (same_fillings) summary_ok_[cage] = 1;
    cand_[cell] = b;
    placed_[cell] = 1;
    note_single(cell);
    --unplaced_;
    row_placed_[r] |= b;
    col_placed_[c] |= b;
    for (int i = 0; i < n_; ++i) {
        if (i != c) remove(r * n_ + i, b);
        if (i != r) remove(i * n_ + c, b);
    }
}

void Position::set_candidates(int cell, Candidates values) {
    changed(cell, static_cast<Candidates>(cand_[cell] | values));
    cand_[cell] = values & full_mask(n_);
    if (!cand_[cell]) broken_ = true;
    note_single(cell);
}

const CageSummary& Position::summary(int cage) {
    if (!summary_ok_[cage]) {
        summarize_fillings(*table_, cage, cand_.data(), summary_[cage], fill_.data());
        summary_ok_[cage] = 1;
    }
    return summary_[cage];
}

Candidates Position::filling_values(int cell) {
    const int cage = table_->cage_of[cell];
    if (cage < 0) return cand_[cell];
    summary(cage);
    return fill_[cell];
}

bool Position::keep_cage_values(int cell) {
    const int cage = table_->cage_of[cell];
    if (cage < 0) return false;
    const Candidates keep = summary(cage).values;
    const bool ok = summary_ok_[cage];
    const bool progress = remove(cell, static_cast<Candidates>(~keep));
    summary_ok_[cage] = ok;
    return progress;
}

bool Position::keep_cage_positions(int cell) {
    const int cage = table_->cage_of[cell];
    if (cage < 0) return false;
    const Candidates keep = filling_values(cell);
    const bool ok = summary_ok_[cage];
    const bool progress = remove(cell, static_cast<Candidates>(~keep));
    summary_ok_[cage] = ok;
    return progress;
}

Grid Position::grid() const {
    Grid g(cells(), 0);
    for (int c = 0; c < cells(); ++c)
        if (placed_[c]) g[c] = lowest_value(cand_[c]);
    return g;
}

std::string cells_text(int size, const std::vector<int>& cells) {
    if (cells.size() >= 3) {
        const int step = cells[1] - cells[0];
        bool run = step == 1 || step == size;
        for (size_t i = 1; run && i < cells.size(); ++i)
            run = cells[i] - cells[i - 1] == step &&
                  (step == size || cells[i] / size == cells[0] / size);
        if (run) return rc_name(size, cells.front()) + ".." + rc_name(size, cells.back());
    }
    std::string out;
    for (size_t i = 0; i < cells.size(); ++i) {
        if (i) out += ", ";
        out += rc_name(size, cells[i]);
    }
    return out;
}

std::string values_text(Candidates values) {
    std::string out;
    for (int v = 1; v <= kMaxSize; ++v)
        if (values & value_bit(v)) {
            if (!out.empty()) out += ',';
            out += static_cast<char>('0' + v);
        }
    return out;
}

std::string cage_text(const GradeCages& table, int cage) {
    const auto& e = table.cages[cage];
    std::string out =
        "cage at " + rc_name(table.size, table.cells_of(cage)[0]) + " (" + std::to_string(e.target);
    if (e.ops != op_bit(e.op)) return out + ", operation hidden)";
    switch (e.op) {
        case Op::Given:
            out += ", given";
            break;
        case Op::Add:
            out += "+";
            break;
        case Op::Sub:
            out += "-";
            break;
        case Op::Mul:
            out += "x";
            break;
        case Op::Div:
            out += "/";
            break;
    }
    return out + ")";
}

}  // namespace kk
