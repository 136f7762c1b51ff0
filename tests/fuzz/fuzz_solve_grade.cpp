// libFuzzer target: solve and grade whatever the readers accept, and check that the
// two agree: the solver's count decides the grader's level (impossible, ambiguous or
// a graded level with the solver's solution). Sizes are capped at 6 and the
// grader's search at 2000 nodes so that one input stays in milliseconds.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/grade/grader.h"
#include "core/io/formats.h"
#include "core/solve/solver.h"

namespace {

constexpr int kMaxSize = 6;
constexpr std::uint64_t kMaxSearchNodes = 2000;

void check(const kk::Puzzle& p) {
    kk::SolveResult solved = kk::solve(p, 2);
    for (const kk::Grid& g : solved.solutions)
        if (!kk::is_solution(p, g)) std::abort();
    kk::Grade g = kk::grade(p, false, kMaxSearchNodes);
    if (solved.count == 0 && g.level != kk::Level::Impossible) std::abort();
    if (solved.count == 2 && g.level != kk::Level::Ambiguous) std::abort();
    if (solved.count == 1 && !g.search_capped) {
        if (g.level == kk::Level::Impossible || g.level == kk::Level::Ambiguous) std::abort();
        if (g.solution != solved.solutions[0]) std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        for (const kk::ParsedPuzzle& parsed : kk::read_puzzles(text))
            if (parsed.puzzle.size <= kMaxSize) check(parsed.puzzle);
    } catch (const kk::ParseError&) {
    }
    return 0;
}
