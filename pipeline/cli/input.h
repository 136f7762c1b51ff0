// Reading puzzle files for the commands: whole files, "-" for stdin, with the
// file's name in every complaint. Besides core's text formats, JSON lines in the
// shared record schema (db/pack/puzzle_json.h), as `kenken query --format json` writes.
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/io/formats.h"
#include "core/io/utf8.h"  // shown_name, for a source in a message
#include "db/store/bounded_json.h"

namespace kk::cli {

struct SourcedPuzzle {
    std::string source;              // "FILE#INDEX", INDEX counting from 1 within the file
                                     // (as given: print it through shown_name)
    std::optional<std::int64_t> id;  // a JSON record's "id" (a stored puzzle)
    ParsedPuzzle parsed;
};

// Largest input for_each_input takes from all its files and stdin together (some 850,000
// 4x4 puzzles in neknek, 100,000 as JSON lines): endless input such as /dev/zero, or one
// big file named many times, ends with a message that says to split the input.
constexpr std::size_t kMaxInputBytes = std::size_t{64} << 20;

// The text of a file, or of stdin for "-", read with a cap (core/io/file_text.h): "" and
// the problem in problem when it cannot be read whole.
std::string read_text_input(const std::string& file, std::size_t max_bytes, const std::string& what,
                            std::string& problem);

using InputVisitor = std::function<void(SourcedPuzzle&&)>;

// Up to this many puzzles for_each_input keeps from its check and hands on as they are
// (a 9x9 takes a few KB); past it, it parses each again as it hands it on.
constexpr std::size_t kKeptPuzzles = 10'000;

// Reads and checks every puzzle of every file (or stdin for "-" or an empty list), and
// only then hands them to visit one at a time, in order: bad input anywhere stops the
// command before its first answer, and memory holds at most kKeptPuzzles parsed
// puzzles, not all. format
// is "auto" (detected per file: a text starting with '{' is JSON lines) or one of
// format_names(). On any error it prints "FILE:LINE: reason" to stderr and returns false
// without calling visit.
bool for_each_input(const std::vector<std::string>& files, const std::string& format,
                    const InputVisitor& visit);

// The longest line for_each_json_line parses (said so before it is parsed).
constexpr std::size_t kMaxRecordBytes = db::kMaxJsonBytes;

// JSON lines (the record query --format json writes, docs/json.md): one puzzle a line,
// blank lines skipped, each named shown#K and handed to visit as it is read. Throws
// ParseError naming the line for text that is not JSON or not a puzzle record (a line
// past kMaxRecordBytes, bad syntax, a number past a double's range, a field of the wrong type), and
// for text with no record at all.
void for_each_json_line(std::string_view text, const std::string& shown, const InputVisitor& visit);
// The same records in a vector.
std::vector<SourcedPuzzle> read_json_lines(const std::string& text, const std::string& shown);

// The input formats, "auto" first: for --format's check and help.
std::vector<std::string> format_names();

// Adds --format (default auto) to a command that reads puzzles.
void add_format_option(CLI::App* sub, std::string& format);
// Adds the puzzle files ('-' or none: stdin) and --format: solve, grade and bench.
void add_puzzle_inputs(CLI::App* sub, std::vector<std::string>& files, std::string& format);
// Adds --limit, the solutions to count (1..1,000,000), with its help text.
void add_solution_limit_option(CLI::App* sub, int& limit, const std::string& help);

}  // namespace kk::cli
