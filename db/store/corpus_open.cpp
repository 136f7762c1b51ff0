// Opening a corpus file (corpus.h): for writing, creating it atomically when new; for
// an existing run; or for reading only, even a file or folder that cannot be written.
#include <fcntl.h>  // AT_FDCWD
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>  // renameat2, RENAME_NOREPLACE (glibc 2.28)
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <system_error>

#include "core/io/new_file.h"
#include "db/store/corpus.h"
#include "db/store/schema.h"
#include "db/store/shmless_read.h"

namespace kk::db {
namespace {

bool file_exists(const std::string& path) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0;
}

std::string link_target(const std::string& path) {
    std::error_code ec;
    return std::filesystem::read_symlink(path, ec).string();
}

// A corpus path must name a file: SQLite would take "" for a temporary database
// (and lose everything), and a folder cannot be one.
void check_path(const std::string& path) {
    if (const std::string problem = corpus_name_problem(path); !problem.empty())
        throw DbError(problem);
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) {
        // A link to nothing: creating through it failed with SQLite's "unable to open
        // database file".
        if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode))
            throw DbError(path + " is a symbolic link to " + link_target(path) +
                          ", which does not exist: name the corpus itself, or remove the link");
        return;  // a new corpus, or a missing one
    }
    if (S_ISDIR(st.st_mode)) throw DbError(path + " is a folder, not a KenKen corpus");
    // A device or a pipe: SQLite would say "disk I/O error", or read /dev/zero as empty.
    if (!S_ISREG(st.st_mode)) throw DbError(path + " is not a regular file, not a KenKen corpus");
    // Another name (a hard link, as cp -al and some backups make): SQLite keeps a
    // corpus's -wal log beside the name it was opened by, so what one command wrote
    // through one name went to a log the other name never reads (an export's record
    // lost, its puzzles printed again), and a stale log read through the other name
    // later damaged the corpus for good. Refused before SQLite opens it, reads too.
    if (st.st_nlink > 1)
        throw DbError(path + " has " + std::to_string(st.st_nlink) +
                      " names (hard links): SQLite keeps a corpus's journal beside the name it "
                      "is opened by, so two names of one corpus lose or damage what is written "
                      "through them. Keep one name (find the others with find DIR -samefile " +
                      path + " and remove them) or make a real copy (cp, not ln or cp -al)");
}

bool file_is_empty(const std::string& path) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 0;
}

// A corpus that must be there already: a file, and not an empty one (what_then: the
// advice after "is an empty file, not a KenKen corpus").
void check_existing(const std::string& path, const char* what_then) {
    check_path(path);
    if (!file_exists(path)) throw DbError(path + ": no such corpus file");
    if (file_is_empty(path))
        throw DbError(path + " is an empty file, not a KenKen corpus" + what_then);
}

// Makes a new corpus at path atomically: the schema is written to "<path>.new",
// which is then moved into place (failing rather than replace a corpus another
// process made meanwhile, which is then used as it is). generate creates
// under its writer lock, so a "<path>.new" found here is a killed start's, and is
// replaced.
void create_atomically(const std::string& path) {
    const std::string temp = path + ".new";
    ::unlink(temp.c_str());
    try {
        Connection db = open_connection(temp, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
        // The file stays in WAL mode (closing checkpoints the log into it, so it is
        // whole on its own): switching a corpus to WAL rewrites its first page in a
        // rollback transaction, and a kill then would leave a hot journal that only a
        // writer can roll back, so a reader such as stats could not open the corpus.
        prepare_schema(db.get(), path.c_str(), true);
    } catch (...) {
        ::unlink(temp.c_str());
        throw;
    }
    // Moved into place, never over a corpus made meanwhile: renameat2 does it in one
    // step; link then unlink showed the new corpus with two names for a moment, which
    // a command opening it then would refuse.
    int linked = ::renameat2(AT_FDCWD, temp.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE);
    int link_errno = errno;
    if (linked != 0 && (link_errno == EINVAL || link_errno == ENOSYS)) {
        // A file system without it: a hard link, which fails on a corpus there too.
        linked = ::link(temp.c_str(), path.c_str());
        link_errno = errno;
    }
    if (linked != 0 && link_errno != EEXIST && !file_exists(path)) {
        // A file system without hard links: rename, which is atomic too.
        linked = ::rename(temp.c_str(), path.c_str());
        link_errno = errno;
    }
    ::unlink(temp.c_str());
    if (linked != 0 && link_errno != EEXIST)
        throw DbError("cannot create " + path + ": " + std::strerror(link_errno));
}

// A reader of a corpus it could not write left SQLite's -wal and -shm files with the
// corpus's modes then (read-only), and a writer, once the corpus was writable again,
// failed on them with "attempt to write a readonly database". Ours, they take the
// corpus's modes now, as SQLite gives them when it makes them.
void match_companions_to_corpus(const std::string& path) {
    struct stat corpus;
    if (::stat(path.c_str(), &corpus) != 0 || ::access(path.c_str(), W_OK) != 0) return;
    for (const char* suffix : {"-wal", "-shm"}) {
        const std::string companion = path + suffix;
        struct stat st;
        if (::stat(companion.c_str(), &st) != 0 || !S_ISREG(st.st_mode) ||
            st.st_uid != ::geteuid() || ::access(companion.c_str(), W_OK) == 0)
            continue;
        ::chmod(companion.c_str(), corpus.st_mode & 0777);
    }
}

}  // namespace

Corpus Corpus::open(const std::string& path) {
    check_path(path);
    // An empty file (left by an older build, or made by the user) is taken as new.
    if (!file_exists(path)) create_atomically(path);
    match_companions_to_corpus(path);
    Connection db = open_connection(path, SQLITE_OPEN_READWRITE);
    prepare_schema(db.get(), path.c_str(), true);
    return Corpus(std::move(db));
}

Corpus Corpus::open_existing(const std::string& path) {
    check_existing(path,
                   " (nothing was ever stored in it: start a new run with generate, without "
                   "--resume)");
    // On a read-only file system SQLite opens the file read-only without a word and then
    // cannot make its -shm file: "cannot read X (... unable to open database file)".
    for (const std::string& name : {path, folder_of(path).string()})
        if (::access(name.c_str(), W_OK) != 0 && errno == EROFS)
            throw DbError(path +
                          " is on a read-only file system, and this command records what it "
                          "does in the corpus: copy it to a folder that can be written (stats, "
                          "query, verify and export --dry-run only read)");
    match_companions_to_corpus(path);
    Connection db = open_connection(path, SQLITE_OPEN_READWRITE);
    prepare_schema(db.get(), path.c_str(), false);
    return Corpus(std::move(db));
}

Corpus Corpus::open_read_only(const std::string& path) {
    check_existing(path, "");
    if (::access(path.c_str(), R_OK) != 0)
        throw DbError("cannot read " + path + ": " + std::strerror(errno));
    if (::access(path.c_str(), W_OK) == 0 && ::access(folder_of(path).c_str(), W_OK) == 0) {
        // A reader that could write opens the file read-write, held to reading by
        // query_only. SQLite removes the -wal and -shm files only when the last
        // connection to close checkpoints, which a read-only one cannot: every stats
        // or query left both behind, empty. Beside a running writer the close finds
        // the file in use and leaves them to the writer, as before. A write killed
        // mid-transaction in rollback mode (a corpus of an older build switching to
        // WAL) leaves a hot journal, which this connection rolls back on its first
        // read: recovering the last committed state is what every later open would do.
        Connection db = open_connection(path, SQLITE_OPEN_READWRITE);
        Statement(db.get(), "PRAGMA query_only = 1").step();
        check_schema_read_only(db.get(), path.c_str());
        return Corpus(std::move(db));
    }
    Connection db = open_connection(path, SQLITE_OPEN_READONLY);
    try {
        check_schema_read_only(db.get(), path.c_str());
    } catch (const DbError& first) {
        // A WAL corpus we may not write (or in a folder we may not write) may have
        // no -shm file to share, and we cannot make one. Read as it stands (immutable),
        // commits in its -wal file were left out without a word: they are read through
        // a wal-index of our own, or the corpus is refused saying why.
        db.reset();
        const std::optional<ShmlessRead> how = shmless_read(path);
        if (!how) throw shm_unusable(path, first.what());
        db = open_shmless(path, *how);
        check_schema_read_only(db.get(), path.c_str());
        if (how == ShmlessRead::PrivateWalIndex) check_still_shmless(path);
    }
    return Corpus(std::move(db));
}

}  // namespace kk::db
