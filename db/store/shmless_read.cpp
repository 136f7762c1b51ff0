#include "db/store/shmless_read.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kk::db {
namespace {

// SQLite's lock bytes in a database file (os_unix.c: PENDING_BYTE, then the RESERVED
// byte and the 510 SHARED bytes). A connection in WAL mode holds a SHARED lock on them
// for as long as it is open, idle or not.
constexpr off_t kLockBytesStart = 0x40000000;
constexpr off_t kLockBytesLength = 512;

bool exists(const std::string& path) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0;
}

off_t size_of(const std::string& path) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 ? st.st_size : 0;
}

// The id of a process that holds one of SQLite's locks on path, or 0 when none does.
// F_GETLK works on a file opened read-only and sees locks taken through any mount.
// Closing the descriptor drops this process's own locks on the file: callers hold none
// (the private wal-index connection takes no locks).
pid_t lock_holder(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    struct flock probe {};
    probe.l_type = F_WRLCK;
    probe.l_whence = SEEK_SET;
    probe.l_start = kLockBytesStart;
    probe.l_len = kLockBytesLength;
    const bool asked = ::fcntl(fd, F_GETLK, &probe) == 0;
    ::close(fd);
    return asked && probe.l_type != F_UNLCK ? probe.l_pid : 0;
}

const char* const kCopyIt =
    "copy the corpus with its -wal file to a folder that can be written, and use the copy";

}  // namespace

std::optional<ShmlessRead> shmless_read(const std::string& path) {
    if (size_of(path + "-wal") == 0) return ShmlessRead::Immutable;
    // A -shm file that is there belongs to a writer that may be running (the private
    // wal-index would miss its writes, and could read frames it is overwriting), and
    // SQLite's own reason for not reading with it is the one to give.
    if (exists(path + "-shm")) return std::nullopt;
    if (const pid_t pid = lock_holder(path))
        throw DbError("cannot read " + path +
                      ": its -wal file holds commits that SQLite reads only with a -shm file, "
                      "which cannot be made in its folder (read-only?), and another process "
                      "(pid " +
                      std::to_string(pid) +
                      ") has the corpus open: read it once that process "
                      "has ended, or " +
                      kCopyIt);
    return ShmlessRead::PrivateWalIndex;
}

DbError shm_unusable(const std::string& path, const std::string& reason) {
    return DbError("cannot read " + path +
                   ": its -wal file holds commits that SQLite reads only with its -shm file, "
                   "which is there but could not be used from here (" +
                   reason + "): " + kCopyIt);
}

std::string shmless_uri(const std::string& path, ShmlessRead how) {
    // unix's EXCLUSIVE lock is a write lock, which a file opened read-only cannot take
    // ("disk I/O error"); unix-none takes none: lock_holder's check stands in for it.
    return file_uri(path) +
           (how == ShmlessRead::Immutable ? "?immutable=1" : "?mode=ro&vfs=unix-none");
}

Connection open_shmless(const std::string& path, ShmlessRead how) {
    Connection db = open_connection(shmless_uri(path, how), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI);
    // Set before the first read, SQLite builds the wal-index in heap memory and never
    // looks for a -shm file (sqlite.org/wal.html, "Use of WAL without shared-memory").
    if (how == ShmlessRead::PrivateWalIndex) {
        exec(db.get(), "PRAGMA locking_mode = EXCLUSIVE");
        // Taking no locks, closing must not think itself the last connection and
        // checkpoint: the file is opened read-only, but say so.
        sqlite3_db_config(db.get(), SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
    }
    return db;
}

void check_still_shmless(const std::string& path) {
    if (exists(path + "-shm") || lock_holder(path) != 0)
        throw DbError("cannot read " + path +
                      ": another process opened it while it was being read (its -wal file "
                      "holds commits, read without a -shm file): run the command again");
}

}  // namespace kk::db
