// Puzzle text formats: read all five, write each. Every reader checks the puzzle
// (check_puzzle) and reports the first problem with the line it stands on.
#pragma once

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/named_enum.h"
#include "core/model/puzzle.h"

namespace kk {

// neknek: "#\tn" then "op target cells..." lines. cancan: key line + letter rows.
// j: "target[op],cells" (seed000). fahda: "n k", cage-number rows, rules (seed001).
// keen: Simon Tatham's Keen game id "n:blocks,clues".
enum class Format { Auto, Neknek, Cancan, J, Fahda, Keen };
inline constexpr NamedValue<Format> kFormats[] = {
    {Format::Auto, "auto"}, {Format::Neknek, "neknek"}, {Format::Cancan, "cancan"},
    {Format::J, "j"},       {Format::Fahda, "fahda"},   {Format::Keen, "keen"},
};

const char* format_name(Format f);
// "neknek", "cancan", "j", "fahda", "keen" -> Format; nullopt when unknown.
std::optional<Format> parse_format_name(std::string_view name);

// A reader's complaint: the 1-based line of the text and what is wrong there.
struct ParseError : std::runtime_error {
    int line;
    ParseError(int line_, const std::string& what) : std::runtime_error(what), line(line_) {}
};

struct ParsedPuzzle {
    Puzzle puzzle;                 // normalized
    std::optional<Grid> solution;  // when the text carries one (cancan '# ' rows)
    int line = 1;                  // where the puzzle starts in the text
};

// Guesses the format from the text (Auto never comes back).
Format detect_format(std::string_view text);

// Reads every puzzle in the text; throws ParseError on the first problem. CRLF is
// accepted. An empty text (no puzzle at all) is an error.
std::vector<ParsedPuzzle> read_puzzles(std::string_view text, Format format = Format::Auto);

// The same, one puzzle at a time: each gets every puzzle in the text's order as soon as
// it is read, so memory holds one puzzle, not all (a 64 MiB file of 1x1 puzzles took
// 1.8 GB as a vector). On a problem, the puzzles before it have been handed on already.
using PuzzleSink = std::function<void(ParsedPuzzle&&)>;
void for_each_puzzle(std::string_view text, Format format, const PuzzleSink& each);

// One Keen game id ("6:_aa_12a...,d2s2a8..." or "6dh:..."), checked and normalized;
// throws ParseError (line 1) when malformed.
Puzzle read_keen_id(std::string_view id);

// Writers. Forms that cannot carry a puzzle's rules throw std::invalid_argument
// (killer: all but neknek; hidden operators: fahda and Keen ids; neknek, cancan
// and j write a hidden operation '?'). neknek is byte-stable: "#\tn\n", cages by first cell, cells
// in reading order, tab separated, newline at the end.
std::string write_neknek(const Puzzle& p);
std::string write_cancan(const Puzzle& p, const Grid* solution = nullptr);
std::string write_j(const Puzzle& p);
std::string write_fahda(const Puzzle& p);
// "n:desc", one line, no newline. Throws std::invalid_argument for hidden operators
// and the killer rule, which Keen ids cannot carry.
std::string write_keen(const Puzzle& p);
std::string write_puzzle(const Puzzle& p, Format f);
// Whether p written in form f reads back with its rules. A writer refuses what would
// read back as another puzzle; this is what reads back as the same puzzle under
// another name: shown operations of mult-only or add-sub in cancan, j or fahda (and
// add-sub in a Keen id) read back as standard. Throws as write_puzzle does.
bool form_keeps_rules(const Puzzle& p, Format f);

}  // namespace kk
