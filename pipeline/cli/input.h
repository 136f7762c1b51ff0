// Reading puzzle files for the commands: whole files, "-" for stdin, with the
// file's name in every complaint.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/io/formats.h"

namespace kk::cli {

struct SourcedPuzzle {
    std::string source;  // "FILE#INDEX", INDEX counting from 1 within the file
    ParsedPuzzle parsed;
};

// Largest input read_inputs takes from one file or stdin (a million puzzles is
// far less): endless input such as /dev/zero ends with a message.
constexpr std::size_t kMaxInputBytes = std::size_t{64} << 20;

// Reads and parses every file (or stdin for "-" or an empty list). On any error it
// prints "FILE:LINE: reason" to stderr and returns false.
bool read_inputs(const std::vector<std::string>& files, Format format,
                 std::vector<SourcedPuzzle>& out);

// CLI11 validator-friendly list of format names.
std::vector<std::string> format_names();

}  // namespace kk::cli
