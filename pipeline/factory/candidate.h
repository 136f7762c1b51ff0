// A candidate puzzle on its way through the factory's stages.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/grade/grader.h"
#include "core/model/puzzle.h"
#include "core/model/rng.h"

namespace kk {

// The factory's stages, in the order a candidate meets them.
#define KK_STAGES(X)                    \
    X(Latin, "latin square")            \
    X(Tiling, "cage tiling")            \
    X(Operators, "operators")           \
    X(Singletons, "single-cell filter") \
    X(Uniqueness, "uniqueness")         \
    X(Grading, "grading")               \
    X(Writer, "writer")

enum class Stage {
#define KK_STAGE_ENUM(e, s) e,
    KK_STAGES(KK_STAGE_ENUM)
#undef KK_STAGE_ENUM
};
constexpr int kStageCount = 7;
const char* stage_name(Stage s);

// Why a candidate did not become a stored puzzle.
enum class Outcome : std::uint8_t {
    Pending,  // still travelling
    TooManySingletons,
    NotUnique,
    NoSolution,     // cannot happen for a puzzle built on a solution; counted if it does
    TooMuchSearch,  // unreasonable, with more trial and error than max_search_nodes
    OverBudget,     // uniqueness and grading took longer than max_candidate_seconds
    Abandoned,      // the run was stopped while it was in flight: redone on --resume
    SizeFull,       // its size's quota was already full
    LevelFull,      // graded into a level whose quota was already full
    LevelUnwanted,  // graded into a level the run does not ask for
    Duplicate,      // a rotation/reflection of a stored puzzle
    Stored,
};
constexpr int kOutcomeCount = 12;
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
    bool unique = false;  // the uniqueness stage proved it
    StopCondition stop;   // its time budget and the run's stop request
    Level level = Level::Impossible;
    double score = 0;
    std::array<double, kStageCount> seconds{};  // time spent in each stage
};

using CandidatePtr = std::shared_ptr<Candidate>;

}  // namespace kk
