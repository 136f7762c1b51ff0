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
// DbError, leaving the file untouched, when the file is not a corpus or is newer.
void prepare_schema(sqlite3* db, const char* path, bool allow_create);

// For a connection opened read-only: checks that the file is a corpus of exactly
// this build's schema version (an older one must be opened for writing once, which
// migrates it). Changes nothing; throws DbError.
void check_schema_read_only(sqlite3* db, const char* path);

// PRAGMA quick_check (quick) or integrity_check: the problems SQLite reports, at
// most limit of them; empty when the file is sound.
std::vector<std::string> check_integrity(sqlite3* db, bool quick, int limit = 20);

}  // namespace kk::db
