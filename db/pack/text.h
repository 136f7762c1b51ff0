// Stored puzzles as text: the table query prints and the puzzle formats that
// query and export write.
#pragma once

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "core/io/formats.h"
#include "core/model/named_enum.h"
#include "core/model/puzzle.h"
#include "db/store/record.h"

namespace kk::db {

enum class TextFormat { Table, Neknek, Json, Keen, Cancan, Dataset };
inline constexpr NamedValue<TextFormat> kTextFormats[] = {
    {TextFormat::Table, "table"}, {TextFormat::Neknek, "neknek"}, {TextFormat::Json, "json"},
    {TextFormat::Keen, "keen"},   {TextFormat::Cancan, "cancan"}, {TextFormat::Dataset, "dataset"},
};

std::optional<TextFormat> parse_text_format(const std::string& name);

// The puzzle a record holds (its neknek text, read back).
Puzzle record_puzzle(const PuzzleRecord& r);

// The record's stored solution of p (record_puzzle(r)), checked: n*n digits 1..n that
// solve p, or DbError naming the puzzle. A solution edited short was read past its end
// into an answer key of garbage; a wrong one would print a wrong answer.
Grid record_solution(const PuzzleRecord& r, const Puzzle& p);

// The record's score as the whole number every output prints, or DbError naming the
// puzzle when the stored one is not a finite number (an edited row: a score of 1e999
// was printed as -9223372036854775808, one of 'abc' as 0).
long long record_score(const PuzzleRecord& r);

// One JSON object (no newline) in the shared schema (puzzle_json.h): schema, id,
// the puzzle, its solution as rows and its grade.
std::string record_json(const PuzzleRecord& r);

// Variants (rules names) a format wrote as other rules, with how many puzzles of each:
// the same puzzles, read back under another variant's name (mult-only as standard in
// cancan, say).
using RelabelledVariants = std::map<std::string, int>;

// Records in the format, a record at a time, to a stream (the table's header first);
// every record ends with a newline. relabelled() tells what the format could not label
// (form_keeps_rules).
class RecordWriter {
  public:
    RecordWriter(std::ostream& out, TextFormat format);
    // Throws std::invalid_argument naming the puzzle when the format cannot carry it
    // (a rule or more cages than the form has room for).
    void write(const PuzzleRecord& r);
    // The variants written so far that read back as other rules.
    const RelabelledVariants& relabelled() const { return relabelled_; }

  private:
    void write_text(const PuzzleRecord& r);
    void note_rules_kept(const Puzzle& p, Format form);
    std::ostream& out_;
    TextFormat format_;
    bool first_ = true;
    RelabelledVariants relabelled_;
};

}  // namespace kk::db
