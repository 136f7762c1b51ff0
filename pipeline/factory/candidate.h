// A candidate puzzle on its way through the factory's stages.
#pragma once

#include <array>
#include <cstdint>
#include <iterator>
#include <memory>
#include <string_view>
#include <vector>

#include "core/grade/grader.h"
#include "core/model/named_enum.h"
#include "core/model/puzzle.h"
#include "core/model/rng.h"

namespace kk {

// The factory's stages.
enum class Stage { Latin, Tiling, Operators, Singletons, Uniqueness, Grading, Writer };

// The stage order, written once: the graph chains its nodes in this order, the
// counters count a candidate as passing every stage before the one that rejected
// it, and steering learns from candidates that passed Grading. Reordering the
// graph is reordering this list (the writer stays last: it is the serial end).
struct StageName {
    Stage value;
    std::string_view name;
};
inline constexpr StageName kStages[] = {
    {Stage::Latin, "latin square"},    {Stage::Tiling, "cage tiling"},
    {Stage::Operators, "operators"},   {Stage::Singletons, "single-cell filter"},
    {Stage::Uniqueness, "uniqueness"}, {Stage::Grading, "grading"},
    {Stage::Writer, "writer"},
};
constexpr int kStageCount = static_cast<int>(std::size(kStages));
static_assert(kStages[kStageCount - 1].value == Stage::Writer, "the writer ends the graph");

const char* stage_name(Stage s);
// Where s stands in kStages (0 first).
int stage_position(Stage s);

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

// Every outcome with its name and the stage that decides it.
struct OutcomeName {
    Outcome value;
    std::string_view name;
    Stage decided_by;
};
inline constexpr OutcomeName kOutcomes[] = {
    {Outcome::Pending, "pending", Stage::Latin},
    {Outcome::TooManySingletons, "too many single-cell cages", Stage::Singletons},
    {Outcome::NotUnique, "more than one solution", Stage::Uniqueness},
    {Outcome::NoSolution, "no solution", Stage::Uniqueness},
    {Outcome::TooMuchSearch, "too much trial and error", Stage::Grading},
    {Outcome::SizeFull, "size quota full", Stage::Writer},
    {Outcome::LevelFull, "level quota full", Stage::Writer},
    {Outcome::LevelUnwanted, "level not asked for", Stage::Writer},
    {Outcome::Duplicate, "duplicate (rotation/reflection)", Stage::Writer},
    {Outcome::Stored, "stored", Stage::Writer},
};
constexpr int kOutcomeCount = static_cast<int>(std::size(kOutcomes));
const char* outcome_name(Outcome o);

// Did a candidate that ended with outcome pass stage s? A rejection stops it at the
// stage that decided it; a stored puzzle passed them all.
bool passed_stage(Outcome outcome, Stage s);

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
    bool score_unknown = false;  // graded unreasonable without the search: never stored
    std::array<double, kStageCount> seconds{};  // time spent in each stage, in kStages order
    std::uint32_t entered = 0;                  // bit i: the stage kStages[i] ran on this candidate
};

using CandidatePtr = std::shared_ptr<Candidate>;

}  // namespace kk
