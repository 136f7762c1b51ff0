// One body for every reader's fuzz target: parse the bytes in one format; a
// ParseError is the expected answer to bad input, anything else (another
// exception, a sanitizer report, an abort) is a bug. What parses must survive a
// round trip through the neknek writer unchanged.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/io/formats.h"

namespace kk::fuzz {

inline void check_round_trip(const Puzzle& p) {
    std::vector<ParsedPuzzle> again = read_puzzles(write_neknek(p), Format::Neknek);
    if (again.size() != 1 || !(again[0].puzzle == p)) std::abort();
}

inline int read_one_format(const std::uint8_t* data, std::size_t size, Format format) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<ParsedPuzzle> puzzles;
    try {
        puzzles = read_puzzles(text, format);
    } catch (const ParseError& e) {
        if (e.line < 1) std::abort();  // every complaint names a line
        return 0;
    }
    if (puzzles.empty()) std::abort();  // an empty result is an error, not a success
    for (const ParsedPuzzle& parsed : puzzles) check_round_trip(parsed.puzzle);
    return 0;
}

}  // namespace kk::fuzz
