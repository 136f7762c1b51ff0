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
    // Per cage, in order, from note_hidden: written '?', and the line its operation is on.
    std::vector<char> written_hidden;
    std::vector<int> op_lines;
};

// Records whether the cage just read (its operation on `line`) hides its operation;
// finish_puzzle then reads a one-cell '?' cage as a given, makes the puzzle hidden when
// a larger cage is '?', and refuses a mix of hidden and shown operations.
void note_hidden(DraftPuzzle& draft, bool hidden, int line);

// The operation an operator word names: ! + - * / and their aliases (x X = %), or the
// signs a word processor puts in: × (U+00D7), ÷ (U+00F7) and − (U+2212). nullopt for others.
std::optional<Op> op_from_word(std::string_view word);

// The last character (its UTF-8 bytes) of a non-empty word: the operator of a rule
// such as "6x" or "6×" (the text is UTF-8: reject_binary saw to it).
std::string_view last_character(std::string_view word);

// "unknown operation 'op' in 'word' (expected ...)": the whole character shown, and
// for a sign outside ASCII, which ASCII to write. `word` may be empty (not named).
std::string unknown_operation(std::string_view op, std::string_view word,
                              std::string_view expected);

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
