// Internal to db/store: reading a row of the runs table, shared by the corpus and by
// merge (which reads a shard's runs, perhaps of an older schema).
#pragma once

#include "db/store/record.h"
#include "db/store/sqlite.h"

namespace kk::db {

// The runs columns of schema 3 in the order read_run expects. A query on an older
// schema selects constants in place of the shard columns (see Corpus::scan_shard_runs).
constexpr const char* kRunColumns =
    "id, config, seed, sizes, quotas, started_at, finished_at, status, counters, progress, "
    "shard_index, shard_count, coalesce(origin, ''), coalesce(origin_run, 0)";

// The run at the statement's current row, selected as kRunColumns.
RunRow read_run(const Statement& s);

}  // namespace kk::db
