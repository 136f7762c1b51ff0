// The corpus schema: ordered migrations keyed by PRAGMA user_version.
#pragma once

#include <sqlite3.h>

#include <string>
#include <vector>

namespace kk::db {

// Marks a SQLite file as a KenKen corpus (PRAGMA application_id, "KKF1").
constexpr int kApplicationId = 0x4B4B4631;

// Checks that the open file is a corpus this build can read (or an empty file when
// allow_create), then applies the missing migrations in one transaction. Throws
// DbError, leaving the file untouched, when the file is not a corpus or is newer, or
// when a table, column or unique index of the schema is missing ("is damaged: ...").
void prepare_schema(sqlite3* db, const char* path, bool allow_create);

// For a connection opened read-only: checks that the file is a corpus of exactly
// this build's schema version (an older one must be opened for writing once, which
// migrates it), with every table, column and unique index of it. Changes nothing;
// throws DbError.
void check_schema_read_only(sqlite3* db, const char* path);

// What the file lacks of this build's schema: tables, columns and unique indexes
// (without which reads fail or dedupe stops working), and with plain_indexes the
// indexes that only make queries fast. Tables, columns and indexes of the user's own
// are left alone. Empty when nothing is missing.
std::vector<std::string> schema_problems(sqlite3* db, bool plain_indexes);

// PRAGMA quick_check (quick) or integrity_check: the problems SQLite reports, at
// most limit of them; empty when the file is sound.
std::vector<std::string> check_integrity(sqlite3* db, bool quick, int limit = 20);

}  // namespace kk::db
