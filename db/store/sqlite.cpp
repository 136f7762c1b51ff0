#include "db/store/sqlite.h"

#include <sys/resource.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>

namespace kk::db {
namespace {

// SQLite's message, and for a read-only or busy corpus what it means here: the file (or
// its folder) may not be written, and this command writes; another writer holds it.
std::string error_text(sqlite3* db) {
    if (!db) return "out of memory";
    std::string text = sqlite3_errmsg(db);
    if ((sqlite3_extended_errcode(db) & 0xff) == SQLITE_READONLY) {
        // A corpus we may write whose -shm file we may not: another user's reader left it.
        const char* file = sqlite3_db_filename(db, "main");
        const std::string shm = file && *file ? std::string(file) + "-shm" : "";
        if (!shm.empty() && ::access(file, W_OK) == 0 && ::access(shm.c_str(), F_OK) == 0 &&
            ::access(shm.c_str(), W_OK) != 0)
            text += " (" + shm +
                    " may not be written: another user's reader left it while the corpus was "
                    "read-only; remove it once no kenken uses the corpus, or give it write "
                    "access)";
        else
            text +=
                " (the corpus file or its folder is read-only, and this command records "
                "what it does in the corpus: give it write access; stats, query, verify and "
                "export --dry-run only read)";
    }
    // A damaged page met half way (a page zeroed, a file cut short) was "database disk
    // image is malformed" alone, with no file named, in stats and merge.
    // During a merge the page may be the shard's ("shard" is merge's attached corpus).
    if ((sqlite3_extended_errcode(db) & 0xff) == SQLITE_CORRUPT) {
        std::string files;
        for (const char* schema : {"main", "shard"})
            if (const char* file = sqlite3_db_filename(db, schema); file && *file)
                files += (files.empty() ? "" : " or ") + std::string(file);
        text += " (" + (files.empty() ? std::string("the corpus") : files) +
                " is damaged: SQLite met a page it cannot read; restore the file from a copy)";
    }
    // After the busy timeout SQLite says only "database is locked".
    if ((sqlite3_extended_errcode(db) & 0xff) == SQLITE_BUSY)
        text +=
            " (another process has been writing the corpus for over 10 s, such as a long "
            "merge or export: try again once it is done)";
    // A file size limit (ulimit -f) makes a write fail with EFBIG, which SQLite reports
    // only as "disk I/O error" (its sqlite3_system_errno() is not reliable here); the
    // -shm file must grow even for a reader.
    // Past the open files limit (ulimit -n) SQLite says only "unable to open database
    // file": the corpus, its -wal and -shm files, and a writer's lock file are open at once.
    rlimit open_files{};
    if (const int code = sqlite3_extended_errcode(db) & 0xff;
        (code == SQLITE_CANTOPEN || code == SQLITE_IOERR) &&
        (sqlite3_system_errno(db) == EMFILE || sqlite3_system_errno(db) == ENFILE) &&
        getrlimit(RLIMIT_NOFILE, &open_files) == 0)
        text += " (too many open files: this process may have " +
                std::to_string(open_files.rlim_cur) +
                " open at once (ulimit -n), and a corpus takes several, with its -wal and "
                "-shm files: raise the limit)";
    // A full disk makes even a reader fail: SQLite must size the corpus's -shm file, and
    // said only "disk I/O error".
    if ((sqlite3_extended_errcode(db) & 0xff) == SQLITE_IOERR) {
        const char* file = sqlite3_db_filename(db, "main");
        struct statvfs room {};
        if (file && *file &&
            ::statvfs(std::filesystem::path(file).parent_path().c_str(), &room) == 0 &&
            room.f_bavail == 0)
            text += " (no space left on the device that holds " + std::string(file) +
                    ": SQLite needs room for its -shm file beside it, even to read: free some "
                    "space)";
    }
    rlimit file_size{};
    if ((sqlite3_extended_errcode(db) & 0xff) == SQLITE_IOERR &&
        getrlimit(RLIMIT_FSIZE, &file_size) == 0 && file_size.rlim_cur != RLIM_INFINITY)
        text += " (this process may not write files past " + std::to_string(file_size.rlim_cur) +
                " bytes (ulimit -f), and SQLite writes the corpus and its -wal and -shm "
                "files: raise the limit)";
    return text;
}

[[noreturn]] void fail(sqlite3* db, const std::string& what) {
    throw DbError(what + ": " + error_text(db));
}

}  // namespace

std::string corpus_name_problem(const std::string& path) {
    if (path.empty()) return "the corpus path is empty: name a file (--db FILE)";
    if (path == ":memory:")
        return "':memory:' is SQLite's in-memory database, lost when the command ends: name a "
               "file (./:memory: if you mean one of that name)";
    // SQLite opens a corpus by its full path (links resolved) and keeps room for its
    // "-journal" and "-wal" names within its VFS's limit (512 bytes in Debian's build): a
    // corpus deeper than that, however short the name given, was "unable to open
    // database file" alone, and a writer left its lock file behind.
    std::error_code error;
    const std::filesystem::path full =
        std::filesystem::weakly_canonical(std::filesystem::absolute(path, error), error);
    const sqlite3_vfs* vfs = sqlite3_vfs_find(nullptr);
    const std::size_t most = vfs && vfs->mxPathname > 12 ? vfs->mxPathname - 12 : 0;
    if (!error && most > 0 && full.string().size() > most)
        return path + ": the corpus's full path is " + std::to_string(full.string().size()) +
               " bytes, and SQLite opens a corpus whose full path has " + std::to_string(most) +
               " at most: use a folder with a shorter path (a symbolic link does not help: "
               "SQLite follows it)";
    return "";
}

Connection open_connection(const std::string& path, int flags) {
    // A build of SQLite that takes URIs by default would read "file:x.db?mode=memory" as
    // a memory database too: a name with a folder in front is always a file.
    const std::string name =
        !(flags & SQLITE_OPEN_URI) && path.rfind("file:", 0) == 0 ? "./" + path : path;
    sqlite3* raw = nullptr;
    int rc = sqlite3_open_v2(name.c_str(), &raw, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    Connection db(raw);
    if (rc != SQLITE_OK) fail(raw, "cannot open " + path);
    sqlite3_extended_result_codes(raw, 1);
    // A factory may be writing while stats or query read: wait instead of failing.
    sqlite3_busy_timeout(raw, kBusyTimeoutMs);
    return db;
}

std::string file_uri(const std::string& path) {
    std::string uri = "file:";
    for (char c : path) {
        if (c == '%' || c == '?' || c == '#') {
            const char* hex = "0123456789ABCDEF";
            uri += '%';
            uri += hex[(c >> 4) & 15];
            uri += hex[c & 15];
        } else {
            uri += c;
        }
    }
    return uri;
}

void exec(sqlite3* db, const std::string& sql) {
    char* message = nullptr;
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
        sqlite3_free(message);
        throw DbError(error_text(db));
    }
}

Statement::Statement(sqlite3* db, std::string_view sql) : db_(db) {
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &raw, nullptr) !=
        SQLITE_OK)
        fail(db, "cannot prepare \"" + std::string(sql) + "\"");
    stmt_.reset(raw);
}

Statement& Statement::bind(int index, std::int64_t value) {
    if (sqlite3_bind_int64(stmt_.get(), index, value) != SQLITE_OK) fail(db_, "bind");
    return *this;
}

Statement& Statement::bind(int index, double value) {
    if (sqlite3_bind_double(stmt_.get(), index, value) != SQLITE_OK) fail(db_, "bind");
    return *this;
}

Statement& Statement::bind(int index, std::string_view value) {
    if (sqlite3_bind_text(stmt_.get(), index, value.data(), static_cast<int>(value.size()),
                          SQLITE_TRANSIENT) != SQLITE_OK)
        fail(db_, "bind");
    return *this;
}

Statement& Statement::bind_null(int index) {
    if (sqlite3_bind_null(stmt_.get(), index) != SQLITE_OK) fail(db_, "bind");
    return *this;
}

bool Statement::step() {
    int rc = sqlite3_step(stmt_.get());
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    std::string message = error_text(db_);
    sqlite3_reset(stmt_.get());
    throw DbError(message);
}

void Statement::run() {
    while (step()) {
    }
    reset();
}

void Statement::reset() {
    sqlite3_reset(stmt_.get());
    sqlite3_clear_bindings(stmt_.get());
}

std::int64_t Statement::column_int64(int column) const {
    return sqlite3_column_int64(stmt_.get(), column);
}

double Statement::column_double(int column) const {
    return sqlite3_column_double(stmt_.get(), column);
}

std::string Statement::column_text(int column) const {
    const unsigned char* text = sqlite3_column_text(stmt_.get(), column);
    if (!text) return {};
    return {reinterpret_cast<const char*>(text),
            static_cast<size_t>(sqlite3_column_bytes(stmt_.get(), column))};
}

bool Statement::column_is_null(int column) const {
    return sqlite3_column_type(stmt_.get(), column) == SQLITE_NULL;
}

bool Statement::column_is_number(int column) const {
    const int type = sqlite3_column_type(stmt_.get(), column);
    return type == SQLITE_INTEGER || type == SQLITE_FLOAT;
}

std::optional<std::string> Statement::column_optional_text(int column) const {
    if (column_is_null(column)) return std::nullopt;
    return column_text(column);
}

Transaction::Transaction(sqlite3* db) : db_(db) {
    exec(db, "BEGIN IMMEDIATE");
}

Transaction::~Transaction() {
    if (open_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
    exec(db_, "COMMIT");
    open_ = false;
}

}  // namespace kk::db
