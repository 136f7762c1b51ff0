#include "db/store/version.h"

namespace kk::db {
// Bumped with every migration in db/schema.cpp.
int schema_version() {
    return 5;
}
}  // namespace kk::db
