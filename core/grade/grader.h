// Difficulty grading by human techniques: always the easiest step that makes progress.
#pragma once

#include <array>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/level.h"
#include "core/model/puzzle.h"
#include "core/solve/stop.h"

namespace kk {

enum class Technique {
    NakedSingle,
    HiddenSingle,
    CageValueSet,
    CagePositions,
    CageForcedExclusion,
    Subset,
    Fish,
    TwoCandidateChain,
    Guess,
};

// Techniques, easiest first, each with its JSON name, the level it belongs to and
// its weight in the score's effort (docs/grading.md).
struct TechniqueName {
    Technique value;
    std::string_view name;
    Level level;
    int weight;
};
inline constexpr TechniqueName kTechniques[] = {
    {Technique::NakedSingle, "naked_single", Level::Easy, 1},
    {Technique::HiddenSingle, "hidden_single", Level::Easy, 2},
    {Technique::CageValueSet, "cage_value_set", Level::Easy, 3},
    {Technique::CagePositions, "cage_positions", Level::Normal, 5},
    {Technique::CageForcedExclusion, "cage_forced_exclusion", Level::Hard, 10},
    {Technique::Subset, "subset", Level::Hard, 12},
    {Technique::Fish, "fish", Level::Extreme, 20},
    {Technique::TwoCandidateChain, "two_candidate_chain", Level::Extreme, 25},
    {Technique::Guess, "guess", Level::Unreasonable, 40},
};
constexpr int kTechniqueCount = static_cast<int>(std::size(kTechniques));

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
    // The trial and error passed the most the score counts (kCountedSearchNodes, or
    // the effort where the score can grow no more): it stopped counting there, and
    // search_nodes is where it stopped.
    bool search_at_top = false;
    bool undecided = false;      // the stop condition ended it first: no level or score
    bool above_ceiling = false;  // shown harder than the ceiling asked: no level or score
};

constexpr std::uint64_t kNoNodeLimit = ~std::uint64_t{0};

// The score (docs/grading.md): level * 1000 plus 999 e / (e + kEffortHalf), where the
// effort e sums technique_weight over the steps and kNodeWeight per search node, up to
// kCountedSearchNodes of them. Bands do not overlap; -1 for ambiguous and impossible
// puzzles.
int technique_weight(Technique t);
constexpr std::uint64_t kNodeWeight = 4;
constexpr std::uint64_t kEffortHalf = 400;
double grade_score(Level level, const std::array<int, kTechniqueCount>& counts,
                   std::uint64_t search_nodes);
// The most trial and error the score counts: past this many search nodes a puzzle is
// as hard as the score can say. Ten thousand trial placements is far beyond any person
// (the factory drops puzzles past 200), and counting on costs seconds on big cages
// (docs/grading.md).
constexpr std::uint64_t kCountedSearchNodes = 10'000;
// The search nodes from which, with these steps, the score can grow no more: the
// count's cap, or sooner where 999 e / (e + K) reaches 998 (it never reaches 999).
std::uint64_t nodes_to_top_score(const std::array<int, kTechniqueCount>& counts);

// Grades a checked puzzle. With explain, steps holds one line a deduction. A search
// (unreasonable puzzles) longer than max_search_nodes stops: search_capped is set and
// level and score are left unknown. The factory uses this to drop puzzles that need
// more trial and error than a person would put up with, at bounded cost. Without
// max_search_nodes (or with one past nodes_to_top_score), the search stops counting
// once the score is at its top (search_at_top): the puzzle is proved unique, so the
// rest would only count; any cap from there on gives the same grade as none.
// unique_solution: when the caller has already proved the puzzle has exactly this one
// solution (the factory has), the grader does not ask the solver again.
// stop: once reached, the grade gives up (undecided set, level Impossible, score -1).
// ceiling: below Unreasonable (and only with unique_solution), the ladder tries no
// technique above it; once none at or below it makes progress, the full ladder would
// need a harder step (or a guess), so the grade stops with above_ceiling set (level
// Impossible, score -1). Grades at or below the ceiling are exactly the full ladder's.
// threads: 2 runs the solver's uniqueness proof (solve()) and the trial and error's
// refutations on two threads; the grade (level, score, steps, nodes) is the same.
Grade grade(const Puzzle& p, bool explain = false, std::uint64_t max_search_nodes = kNoNodeLimit,
            const Grid* unique_solution = nullptr, const StopCondition* stop = nullptr,
            Level ceiling = Level::Unreasonable, int threads = 1);

}  // namespace kk
