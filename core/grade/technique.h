// The human techniques of the grading ladder, one function each. Every function makes at
// most one deduction (one placement, one cage, one line, one chain) and says whether it made
// progress; a position found contradictory is marked broken and counts as progress. With a
// log, it appends the deduction in words.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/grade/grader.h"
#include "core/grade/position.h"

namespace kk {

using StepLog = std::vector<std::string>;

// easy
bool naked_single(Position& pos, StepLog* log = nullptr);
bool hidden_single(Position& pos, StepLog* log = nullptr);
bool cage_value_set(Position& pos, StepLog* log = nullptr);
// normal
bool cage_positions(Position& pos, StepLog* log = nullptr);
// hard
bool cage_forced_exclusion(Position& pos, StepLog* log = nullptr);
bool subset(Position& pos, StepLog* log = nullptr);
// extreme
bool fish(Position& pos, StepLog* log = nullptr);
bool two_candidate_chain(Position& pos, StepLog* log = nullptr);

// The deductions of the ladder, easiest first: the order it tries them in (every
// technique but Guess, which needs the solution: see guess()).
struct Deduction {
    Technique technique;
    bool (*apply)(Position& pos, StepLog* log);
};
inline constexpr Deduction kDeductions[] = {
    {Technique::NakedSingle, naked_single},
    {Technique::HiddenSingle, hidden_single},
    {Technique::CageValueSet, cage_value_set},
    {Technique::CagePositions, cage_positions},
    {Technique::CageForcedExclusion, cage_forced_exclusion},
    {Technique::Subset, subset},
    {Technique::Fish, fish},
    {Technique::TwoCandidateChain, two_candidate_chain},
};

// Runs one technique (not Guess: false).
bool apply_technique(Technique t, Position& pos, StepLog* log = nullptr);

// How a run of the ladder ended.
enum class LadderEnd { Solved, Stalled, Broken };

// Always the easiest technique that makes progress, until solved, stalled or broken.
// counts (when given) gets one per step that made progress. Techniques of a level above
// ceiling are not tried (a stall then means the position needs one of them, or more).
LadderEnd run_deductions(Position& pos, std::array<int, kTechniqueCount>* counts = nullptr,
                         StepLog* log = nullptr, Level ceiling = Level::Unreasonable);

// Trial and error: on the unplaced cell with fewest candidates (first in reading order),
// shows by search that every candidate but the solution's leads to a contradiction, and
// places the solution's value. nodes grows by the search nodes visited. False when no
// cell is left to guess on. A search that passes node_limit stops, with nodes at
// node_limit + 1 (or as it was, when already past): then without on_trust the guess
// answers false and places nothing; with on_trust (the caller knows the solution is the
// only one, so the search only measures effort) it places the value all the same. threads: 2
// refutes on two threads, with the same node count, since a refutation visits every node of its
// tree whichever thread does.
bool guess(Position& pos, const Grid& solution, std::uint64_t& nodes, StepLog* log = nullptr,
           std::uint64_t node_limit = kNoNodeLimit, int threads = 1, bool on_trust = false);

// Whether the position has a solution, by deductions and search (nodes counts guesses).
// Past node_limit it gives up and answers false; the caller sees nodes > node_limit.
// Takes the position by value: each search node is one copy, made by the caller.
bool has_solution(Position pos, std::uint64_t& nodes, std::uint64_t node_limit = kNoNodeLimit);

// has_solution on two threads, each taking subtrees the other hands out while it waits
// (a search of a few hundred nodes stays on one). The same answer; when there is no
// solution (a refutation) the same node count too, since every node is visited either
// way. Past node_limit it stops and answers false, nodes passing the limit by an amount
// that depends on the threads' timing.
bool has_solution_on_two_threads(const Position& pos, std::uint64_t& nodes,
                                 std::uint64_t node_limit = kNoNodeLimit);

}  // namespace kk
