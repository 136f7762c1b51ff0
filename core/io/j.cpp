// J form (seed000): "target[op],cells" per cage, cells numbered 0..n*n-1 in reading
// order, ops + - * % (% is division), no op for a given. Blank lines part puzzles.
// Spaces may stand around the target and its op ("12 +,3 4"): seed000's own reader
// (triplets) allows spaces on the line and reads the target with J's ".", which skips
// them; a space inside the target ("1 2+") is still no number.
#include <string>

#include "core/io/readers_internal.h"

namespace kk {
namespace {

Cage parse_j_cage(const TextLine& line, bool& hidden) {
    const std::string_view text = trim(line.text);
    const size_t comma = text.find(',');
    if (comma == std::string_view::npos)
        throw ParseError(line.number, "expected 'target[op],cells', got " + quoted(text));
    std::string_view head = trim(text.substr(0, comma));
    Cage cage;
    cage.op = Op::Given;
    hidden = !head.empty() && head.back() == '?';
    if (hidden) {
        cage.op = Op::Add;  // not part of a hidden puzzle: normalize fixes it
        head.remove_suffix(1);
    } else if (!head.empty() && !is_digit(head.back())) {
        const std::string_view sign = last_character(head);
        auto op = op_from_word(sign);
        if (!op || *op == Op::Given)
            throw ParseError(line.number,
                             unknown_operation(sign, head, "+ - * % ? or none for a given"));
        cage.op = *op;
        head.remove_suffix(sign.size());
    }
    cage.target = parse_target(trim(head), line.number);
    // One cell more than the largest grid has holds one twice (the check says which);
    // the rest of the line is not kept.
    for (std::string_view word : split_words(text.substr(comma + 1), kMaxCells + 1)) {
        auto cell = parse_count(word, kMaxCells);
        if (!cell) throw ParseError(line.number, "cell " + quoted(word) + " is not a number");
        if (*cell >= kMaxCells)
            throw ParseError(line.number,
                             "cell " + std::string(word) + " is outside the largest (9x9) grid");
        cage.cells.push_back(static_cast<int>(*cell));
    }
    if (cage.cells.empty()) throw ParseError(line.number, "cage has no cells");
    return cage;
}

// The grid side: the smallest n whose n*n cells hold the largest cell number, so
// that a cell used twice or left out is reported as such by the check.
int side_for(const std::vector<Cage>& cages) {
    int largest = 0;
    for (const Cage& cage : cages)
        for (int c : cage.cells) largest = std::max(largest, c);
    int n = 1;
    while (n * n <= largest) ++n;
    return n;
}

}  // namespace

void read_j(const TextLines& lines, const PuzzleSink& each) {
    DraftPuzzle draft;
    auto flush = [&] {
        if (draft.puzzle.cages.empty()) return;
        draft.puzzle.size = side_for(draft.puzzle.cages);
        each(finish_puzzle(std::move(draft)));
        draft = DraftPuzzle{};
    };
    for (const TextLine line : lines) {
        if (is_blank(line.text)) {
            flush();
            continue;
        }
        if (draft.puzzle.cages.empty()) draft.line = line.number;
        bool hidden = false;
        draft.puzzle.cages.push_back(parse_j_cage(line, hidden));
        note_hidden(draft, hidden, line.number);
        draft.cage_lines.push_back(line.number);
        if (draft.puzzle.cages.size() > kMaxCells) {
            draft.puzzle.size = side_for(draft.puzzle.cages);
            refuse_overfull(draft);
        }
    }
    flush();
}

std::string write_j(const Puzzle& p) {
    require_form_carries(p, "the j form", true);
    Puzzle q = p;
    normalize(q);
    std::string out;
    for (const Cage& cage : q.cages) {
        out += std::to_string(cage.target);
        if (q.rules.hidden && cage.op != Op::Given)
            out += '?';
        else if (cage.op != Op::Given)
            out += cage.op == Op::Div ? '%' : op_symbol(cage.op);
        out += ',';
        for (size_t i = 0; i < cage.cells.size(); ++i) {
            if (i) out += ' ';
            out += std::to_string(cage.cells[i]);
        }
        out += '\n';
    }
    return out;
}

}  // namespace kk
