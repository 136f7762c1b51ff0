// The corpus schema: ordered migrations keyed by PRAGMA user_version.
#pragma once

#include <sqlite3.h>

namespace kk::db {

// Marks a SQLite file as a KenKen corpus (PRAGMA application_id, "KKF1").
constexpr int kApplicationId = 0x4B4B4631;

// Checks that the open file is a corpus this build can read (or an empty file when
// allow_create), then applies the missing migrations in one transaction. Throws
// DbError, leaving the file untouched, when the file is not a corpus or is newer.
void prepare_schema(sqlite3* db, const char* path, bool allow_create);

}  // namespace kk::db
