// Reading a WAL corpus whose -shm file is absent and cannot be made (a read-only mount,
// a folder of another user's): SQLite cannot open it read-only the usual way.
#pragma once

#include <optional>
#include <string>

#include "db/store/sqlite.h"

namespace kk::db {

enum class ShmlessRead {
    // No -wal file, or an empty one: the file as it stands is the whole corpus.
    Immutable,
    // The -wal file holds frames: read them through a wal-index kept in this process's
    // memory (locking_mode=EXCLUSIVE before the first read), sound only while no other
    // process has the corpus open.
    PrivateWalIndex,
};

// Which way; nullopt when the -wal file holds frames and a -shm file is there (which
// SQLite could not use: see shm_unusable); a DbError naming the -wal
// file and what to do when another process has the corpus open.
std::optional<ShmlessRead> shmless_read(const std::string& path);

// The error for the nullopt case, with the reason the -shm file could not be used.
DbError shm_unusable(const std::string& path, const std::string& reason);

// SQLite's name for the file read that way (a "file:" URI).
std::string shmless_uri(const std::string& path, ShmlessRead how);

// Opens path read-only the chosen way; for PrivateWalIndex, puts the connection in
// exclusive locking mode before it reads anything.
Connection open_shmless(const std::string& path, ShmlessRead how);

// Throws the DbError above when another process opened the corpus since shmless_read
// (its -shm file appeared, or it holds a lock): what was read may mix two states.
void check_still_shmless(const std::string& path);

}  // namespace kk::db
