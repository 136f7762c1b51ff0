// One stored puzzle, one factory run, one pack: the rows of the corpus.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/model/puzzle.h"

namespace kk::db {

struct PuzzleRecord {
    std::int64_t id = 0;
    int size = 0;
    std::string neknek, solution, level;  // solution: n*n digits in reading order
    double score = 0;
    int cages = 0, singletons = 0, max_cage = 0;
    std::string ops, canonical;      // ops used, in the order "+-*/" ("?" when hidden)
    std::string rules = "standard";  // rules_name: standard, hidden, killer, ...
    std::uint64_t seed = 0;
    std::int64_t candidate = 0, run_id = 0;  // run_id 0: stored outside any run (NULL)
    int shard = 0;                           // the shard of the run that made it
    std::string created_at;                  // empty on insert: the database stamps it
};

struct RunRow {
    std::int64_t id = 0;
    std::string config;
    std::uint64_t seed = 0;
    std::string sizes, quotas;
    std::string started_at;
    std::optional<std::string> finished_at;
    std::string status;  // running | interrupted | finished
    std::string counters, progress;
    int shard_index = 0, shard_count = 1;  // shard I of N (0 of 1: not split)
    std::string origin;                    // merged in from this file ("": made here)
    std::int64_t origin_run = 0;           // ... where it was this run
};

struct PackRow {
    std::int64_t id = 0;
    std::string title, created_at, filters, format, out;
    int count = 0;
};

// A puzzle a pack holds until the pack is recorded: enough to order the pack and to
// tell whether the stored puzzle is still the one written, not the puzzle itself (a
// text pack of 200,000 4x4 puzzles kept them all, and its text too: 374 MB).
struct PackEntry {
    std::int64_t id = 0;
    int size = 0;
    double score = 0;
    std::uint64_t digest = 0;  // record_digest of the puzzle as read
};

// A fingerprint of what a pack prints of a puzzle: text, solution, level and score.
std::uint64_t record_digest(const PuzzleRecord& r);

// Fills size, cages, singletons (1-cell cages), max_cage, ops and rules from the puzzle.
void describe_structure(const Puzzle& p, PuzzleRecord& r);
// "123231312" <-> grid.
std::string solution_text(const Grid& g);
Grid solution_grid(const std::string& digits);

}  // namespace kk::db
