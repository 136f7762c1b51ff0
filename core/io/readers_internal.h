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
};

// Sorts each cage's cells, runs check_puzzle (a problem becomes a ParseError on
// the offending cage's line, or the puzzle's first line), then normalizes.
ParsedPuzzle finish_puzzle(DraftPuzzle draft);

std::vector<ParsedPuzzle> read_neknek(const std::vector<TextLine>& lines);
std::vector<ParsedPuzzle> read_cancan(const std::vector<TextLine>& lines);
std::vector<ParsedPuzzle> read_j(const std::vector<TextLine>& lines);
std::vector<ParsedPuzzle> read_fahda(const std::vector<TextLine>& lines);
std::vector<ParsedPuzzle> read_keen(const std::vector<TextLine>& lines);

}  // namespace kk
