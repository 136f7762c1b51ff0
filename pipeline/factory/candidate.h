// A candidate puzzle on its way through the factory's stages.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/grade/grader.h"
#include "core/model/puzzle.h"
#include "core/model/rng.h"
#include "db/store/record.h"

namespace kk {

// The factory's stages, in the order a candidate meets them.
// The cages come first: the single-cell filter needs only them, so a candidate it
// drops costs no Latin square.
#define KK_STAGES(X)                    \
    X(Tiling, "cage tiling")            \
    X(Singletons, "single-cell filter") \
    X(Latin, "latin square")            \
    X(Operators, "operators")           \
    X(Uniqueness, "uniqueness")         \
    X(Grading, "grading")               \
    X(Record, "record")                 \
    X(Writer, "writer")

enum class Stage {
#define KK_STAGE_ENUM(e, s) e,
    KK_STAGES(KK_STAGE_ENUM)
#undef KK_STAGE_ENUM
};
constexpr int kStageCount = 8;
const char* stage_name(Stage s);

// Why a candidate did not become a stored puzzle.
enum class Outcome : std::uint8_t {
    Pending,  // still travelling
    TooManySingletons,
    NotUnique,
    NoSolution,     // cannot happen for a puzzle built on a solution; counted if it does
    TooMuchSearch,  // unreasonable, with more trial and error than max_search_nodes
    SizeFull,       // its size's quota was already full
    LevelFull,      // graded into a level whose quota was already full
    LevelUnwanted,  // graded into a level the run does not ask for
    Duplicate,      // a rotation/reflection of a stored puzzle
    Stored,
};
constexpr int kOutcomeCount = 10;
const char* outcome_name(Outcome o);

struct Candidate {
    std::uint64_t index = 0;  // candidate number within the run: all randomness comes from it
    int size = 0;
    int recipe = 0;             // which Recipe made it
    int target_level = -1;      // the level steering aimed at (-1: none)
    bool search_wanted = true;  // unreasonable still short: worth grading a search
    Rng rng{0, 0};
    Grid solution;
    std::vector<std::vector<int>> cages;
    Puzzle puzzle;
    Outcome outcome = Outcome::Pending;
    Level level = Level::Impossible;
    double score = 0;
    // The row to store, filled on the parallel side when the level may still be wanted
    // (has_record); the serial writer then only inserts it.
    bool has_record = false;
    db::PuzzleRecord record;
    std::array<double, kStageCount> seconds{};  // time spent in each stage

    // Back to a fresh candidate with this index, keeping the buffers' capacity.
    void reset(std::uint64_t seed, std::uint64_t new_index);
};

}  // namespace kk
