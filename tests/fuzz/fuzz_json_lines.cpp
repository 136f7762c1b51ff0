// libFuzzer target: JSON lines, the record `query --format json` writes and every
// command that reads puzzles takes (docs/json.md). A ParseError naming a line is the
// expected answer to bad text (a number past a double's range was an internal
// error); what is accepted must survive the neknek round trip, as the readers' must.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz_reader.h"
#include "pipeline/cli/input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::vector<kk::cli::SourcedPuzzle> puzzles;
    try {
        puzzles = kk::cli::read_json_lines(text, "fuzz.jsonl");
    } catch (const kk::ParseError& e) {
        if (e.line < 1) std::abort();  // every complaint names a line
        return 0;
    }
    if (puzzles.empty()) std::abort();
    for (const kk::cli::SourcedPuzzle& sp : puzzles) kk::fuzz::check_round_trip(sp.parsed.puzzle);
    return 0;
}
