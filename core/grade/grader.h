// Difficulty grading by human techniques: always the easiest step that makes progress.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/puzzle.h"
#include "core/solve/stop.h"

namespace kk {

// One list keeps the level enum and its names in step.
#define KK_LEVELS(X)                \
    X(Easy, "easy")                 \
    X(Normal, "normal")             \
    X(Hard, "hard")                 \
    X(Extreme, "extreme")           \
    X(Unreasonable, "unreasonable") \
    X(Ambiguous, "ambiguous")       \
    X(Impossible, "impossible")

enum class Level {
#define KK_LEVEL_ENUM(e, s) e,
    KK_LEVELS(KK_LEVEL_ENUM)
#undef KK_LEVEL_ENUM
};
constexpr int kGradedLevels = 5;  // easy..unreasonable: the levels a puzzle can be sold at

const char* level_name(Level l);
// "easy".."impossible" -> Level; returns false when unknown.
bool parse_level(std::string_view name, Level& out);

// Techniques, each with the level it belongs to and its JSON name.
#define KK_TECHNIQUES(X)                                  \
    X(NakedSingle, Easy, "naked_single")                  \
    X(HiddenSingle, Easy, "hidden_single")                \
    X(CageValueSet, Easy, "cage_value_set")               \
    X(CagePositions, Normal, "cage_positions")            \
    X(CageForcedExclusion, Hard, "cage_forced_exclusion") \
    X(Subset, Hard, "subset")                             \
    X(Fish, Extreme, "fish")                              \
    X(TwoCandidateChain, Extreme, "two_candidate_chain")  \
    X(Guess, Unreasonable, "guess")

enum class Technique {
#define KK_TECH_ENUM(e, l, s) e,
    KK_TECHNIQUES(KK_TECH_ENUM)
#undef KK_TECH_ENUM
};
constexpr int kTechniqueCount = 0
#define KK_TECH_COUNT(e, l, s) +1
    KK_TECHNIQUES(KK_TECH_COUNT)
#undef KK_TECH_COUNT
    ;

const char* technique_name(Technique t);
Level technique_level(Technique t);

struct Grade {
    Level level = Level::Impossible;
    double score = 0;
    std::array<int, kTechniqueCount> counts{};  // steps that made progress, per technique
    std::vector<std::string> steps;             // the solving path in words (explain only)
    Grid solution;                              // when exactly one solution
    std::uint64_t search_nodes = 0;             // trial-and-error search nodes (guesses)
    bool search_capped = false;  // the search passed max_search_nodes: no level or score
    bool undecided = false;      // the stop condition ended it first: no level or score
};

constexpr std::uint64_t kNoNodeLimit = ~std::uint64_t{0};

// The score (docs/grading.md): level * 1000 plus 999 e / (e + kEffortHalf), where the
// effort e sums technique_weight over the steps and kNodeWeight per search node. Bands do
// not overlap; -1 for ambiguous and impossible puzzles.
int technique_weight(Technique t);
constexpr std::uint64_t kNodeWeight = 4;
constexpr std::uint64_t kEffortHalf = 400;
double grade_score(Level level, const std::array<int, kTechniqueCount>& counts,
                   std::uint64_t search_nodes);

// Grades a checked puzzle. With explain, steps holds one line a deduction. A search
// (unreasonable puzzles) longer than max_search_nodes stops: search_capped is set and
// level and score are left unknown. The factory uses this to drop puzzles that need
// more trial and error than a person would put up with, at bounded cost.
// unique_solution: when the caller has already proved the puzzle has exactly this one
// solution (the factory has), the grader does not ask the solver again.
// stop: once reached, the grade gives up (undecided set, level Impossible, score -1).
Grade grade(const Puzzle& p, bool explain = false, std::uint64_t max_search_nodes = kNoNodeLimit,
            const Grid* unique_solution = nullptr, const StopCondition* stop = nullptr);

}  // namespace kk
