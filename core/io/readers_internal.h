// The per-format readers behind read_puzzles, and what they share: turning a
// freshly read puzzle into a checked, normalized one with errors on the right line.
#pragma once

#include <optional>
#include <vector>

#include "core/io/formats.h"
#include "core/io/text_lines.h"

namespace kk {

// A puzzle as a reader built it, before the check: cages in source order, each
// with the line it stands on.
struct DraftPuzzle {
    Puzzle puzzle;
    std::vector<int> cage_lines;  // one per cage
    int line = 1;                 // the puzzle's first line
    std::optional<Grid> solution;
    int hidden_line = 0;  // first cage written '?' (hidden operation)
    int shown_line = 0;   // first cage of two or more cells with its operation shown
};

// Records whether the cage just read (on `line`) hides its operation; finish_puzzle
// then makes the puzzle hidden, or refuses a mix of hidden and shown operations.
void note_hidden(DraftPuzzle& draft, bool hidden, Op op, int line);

// Writers of forms without a place for a rule that changes the solutions: throws
// std::invalid_argument naming the form (killer always; hidden unless hidden_ok).
void require_form_carries(const Puzzle& p, const char* form, bool hidden_ok);

// Sorts each cage's cells, sets rules.hidden from the '?' cages, runs check_puzzle (a problem
// becomes a ParseError on the offending cage's line, or the puzzle's first line), then normalizes.
ParsedPuzzle finish_puzzle(DraftPuzzle draft);

// A draft with more cages than its grid has cells (each has one at least) holds some
// cell twice: the check's ParseError for it is thrown at once, on that cage's line, as
// it would be at the end (a 64 MiB text of one puzzle's cages was held whole first:
// 830 MB). Returns when the draft has no more cages than cells.
void refuse_overfull(const DraftPuzzle& draft);

// Each reader hands its puzzles to `each` one at a time, in the text's order.
void read_neknek(const TextLines& lines, const PuzzleSink& each);
void read_cancan(const TextLines& lines, const PuzzleSink& each);
void read_j(const TextLines& lines, const PuzzleSink& each);
void read_fahda(const TextLines& lines, const PuzzleSink& each);
void read_keen(const TextLines& lines, const PuzzleSink& each);

}  // namespace kk
