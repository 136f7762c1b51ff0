// A candidate puzzle on its way through the factory's stages.
#pragma once

#include <array>
#include <cstdint>
#include <iterator>
#include <string_view>
#include <vector>

#include "core/grade/grader.h"
#include "core/model/named_enum.h"
#include "core/model/puzzle.h"
#include "core/model/rng.h"
#include "db/store/record.h"

namespace kk {

// The factory's stages.
enum class Stage { Tiling, Singletons, Latin, Operators, Uniqueness, Grading, Record, Writer };

// The stage order, written once: the graph's parallel node runs the stage bodies in
// this order, the counters count a candidate as passing every stage before the one
// that rejected it, and steering learns from candidates that passed Grading.
// Reordering the factory is reordering this list (the writer stays last: it is the
// serial end). The cages come first: the single-cell filter needs only them, so a
// layout it drops costs no Latin square. Record builds the row to store (canonical
// form, neknek text, features) on the parallel side, so the serial writer only inserts.
struct StageName {
    Stage value;
    std::string_view name;
};
inline constexpr StageName kStages[] = {
    {Stage::Tiling, "cage tiling"},    {Stage::Singletons, "single-cell filter"},
    {Stage::Latin, "latin square"},    {Stage::Operators, "operators"},
    {Stage::Uniqueness, "uniqueness"}, {Stage::Grading, "grading"},
    {Stage::Record, "record"},         {Stage::Writer, "writer"},
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
    KillerRepeat,   // killer rule: no tiling tried kept every cage free of a repeated value
    TooMuchSearch,  // unreasonable, with more trial and error than max_search_nodes
    OverBudget,     // uniqueness and grading took longer than max_candidate_seconds
    Abandoned,      // the run was stopped while it was in flight: redone on --resume
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
    {Outcome::Pending, "pending", Stage::Tiling},
    {Outcome::TooManySingletons, "too many single-cell cages", Stage::Singletons},
    {Outcome::NotUnique, "more than one solution", Stage::Uniqueness},
    {Outcome::NoSolution, "no solution", Stage::Uniqueness},
    {Outcome::KillerRepeat, "a cage repeats a value (killer)", Stage::Latin},
    {Outcome::TooMuchSearch, "too much trial and error", Stage::Grading},
    // Counted as rejected by the uniqueness stage even when grading ran out of time.
    {Outcome::OverBudget, "over its time budget", Stage::Uniqueness},
    {Outcome::Abandoned, "abandoned (run stopped)", Stage::Uniqueness},  // never counted
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
    std::uint64_t index = 0;   // candidate number within the run: all randomness comes from it
    std::uint64_t stream = 0;  // the run's stream key (seed and shard): rng is Rng(stream, index)
    int size = 0;
    int recipe = 0;             // which Recipe made it
    int target_level = -1;      // the level steering aimed at (-1: none)
    bool search_wanted = true;  // unreasonable still short: worth grading a search
    // The hardest level its size still needs (from the same snapshot as the plan):
    // grading stops once the candidate is shown above it, as no level above is wanted.
    Level ceiling = Level::Unreasonable;
    Rng rng{0, 0};
    Grid solution;
    std::vector<std::vector<int>> cages;
    Puzzle puzzle;
    Outcome outcome = Outcome::Pending;
    bool unique = false;  // the uniqueness stage proved it
    StopCondition stop;   // its time budget and the run's stop request
    Level level = Level::Impossible;
    double score = 0;
    // Graded unreasonable without the search, or shown above its ceiling (level is
    // then the lowest it can be): never stored.
    bool score_unknown = false;
    // The row to store, filled on the parallel side when the candidate's snapshot still
    // wants its size and level (has_record); the serial writer then only inserts it.
    bool has_record = false;
    db::PuzzleRecord record;
    std::array<double, kStageCount> seconds{};  // time spent in each stage, in kStages order
    std::uint32_t entered = 0;                  // bit i: the stage kStages[i] ran on this candidate

    // Back to a fresh candidate with this index, keeping its buffers' capacity (the
    // factory reuses a fixed pool of candidates: nothing allocated per candidate).
    void reset(std::uint64_t new_stream, std::uint64_t new_index);
};

}  // namespace kk
