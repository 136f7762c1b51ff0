// What a corpus holds, read as SQLite sees it, for tests that watch a writer at work.
#pragma once

#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <string>

// The rows of a table of a corpus file, read as another program would (unreadable
// when the file or the table cannot be read).
inline int table_rows(const std::string& db, const std::string& table, int unreadable) {
    sqlite3* raw = nullptr;
    int rows = unreadable;
    if (sqlite3_open_v2(db.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* s = nullptr;
        if (sqlite3_prepare_v2(raw, ("SELECT count(*) FROM " + table).c_str(), -1, &s, nullptr) ==
                SQLITE_OK &&
            sqlite3_step(s) == SQLITE_ROW)
            rows = sqlite3_column_int(s, 0);
        sqlite3_finalize(s);
    }
    sqlite3_close(raw);
    return rows;
}

// The runs a corpus records (0 while it has none, no runs table yet, or no file).
inline int run_rows(const std::string& db) {
    return table_rows(db, "runs", 0);
}

// Runs SQL on a corpus file as a hand or another program might (REQUIRE: it ran).
inline void exec_sql(const std::string& db, const std::string& sql) {
    sqlite3* raw = nullptr;
    REQUIRE(sqlite3_open(db.c_str(), &raw) == SQLITE_OK);
    char* message = nullptr;
    const int rc = sqlite3_exec(raw, sql.c_str(), nullptr, nullptr, &message);
    INFO((message ? message : ""));
    sqlite3_free(message);
    sqlite3_close(raw);
    REQUIRE(rc == SQLITE_OK);
}

// Copies of a corpus's one puzzle until it holds total: a big corpus in a moment (the
// copies differ only in their canonical form, which an export does not read).
inline void fill_with_copies(const std::string& db, int total) {
    exec_sql(db,
             "WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < " +
                 std::to_string(total) +
                 ") INSERT INTO puzzles (size, neknek, solution, level, score, cages, singletons, "
                 "max_cage, ops, canonical, seed, candidate, run_id, rules, shard) SELECT size, "
                 "neknek, solution, level, score, cages, singletons, max_cage, ops, canonical || "
                 "'#' || i, seed, candidate, run_id, rules, shard FROM puzzles, n WHERE "
                 "puzzles.id = 1");
}
