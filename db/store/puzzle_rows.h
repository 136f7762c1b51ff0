// Internal to db/store: the puzzles table's columns as the corpus reads them, shared by
// its queries and by a pack's listing.
#pragma once

namespace kk::db {

// The columns in the order Corpus reads a PuzzleRecord from.
inline constexpr const char* kPuzzleColumns =
    "id, size, neknek, solution, level, score, cages, singletons, max_cage, ops, canonical, "
    "seed, candidate, run_id, created_at, rules, shard";

}  // namespace kk::db
