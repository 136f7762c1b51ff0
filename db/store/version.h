// The corpus schema version this build reads and writes (PRAGMA user_version).
#pragma once

namespace kk::db {
int schema_version();
}
