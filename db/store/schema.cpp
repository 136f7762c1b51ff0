#include "db/store/schema.h"

#include <sys/stat.h>

#include <array>
#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "db/store/sqlite.h"
#include "db/store/version.h"

namespace kk::db {
namespace {

// migrations[k] takes the schema from version k to k+1. Never edit a shipped one:
// add the next, and bump schema_version() in db/version.cpp.
constexpr std::array<const char*, 5> kMigrations = {
    R"sql(
CREATE TABLE runs (
    id          INTEGER PRIMARY KEY,
    config      TEXT NOT NULL,
    seed        INTEGER NOT NULL,
    sizes       TEXT NOT NULL,
    quotas      TEXT NOT NULL,
    started_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    finished_at TEXT,
    status      TEXT NOT NULL DEFAULT 'running'
                CHECK (status IN ('running', 'interrupted', 'finished')),
    counters    TEXT NOT NULL DEFAULT '{}',
    progress    TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE puzzles (
    id         INTEGER PRIMARY KEY,
    size       INTEGER NOT NULL,
    neknek     TEXT NOT NULL,
    solution   TEXT NOT NULL,
    level      TEXT NOT NULL
               CHECK (level IN ('easy', 'normal', 'hard', 'extreme', 'unreasonable')),
    score      REAL NOT NULL,
    cages      INTEGER NOT NULL,
    singletons INTEGER NOT NULL,
    max_cage   INTEGER NOT NULL,
    ops        TEXT NOT NULL,
    canonical  TEXT NOT NULL UNIQUE,
    seed       INTEGER NOT NULL,
    candidate  INTEGER NOT NULL,
    run_id     INTEGER REFERENCES runs(id),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX puzzles_size_level_score ON puzzles(size, level, score);
CREATE INDEX puzzles_level_score ON puzzles(level, score);
CREATE INDEX puzzles_score ON puzzles(score);
CREATE INDEX puzzles_run ON puzzles(run_id);
CREATE TABLE packs (
    id         INTEGER PRIMARY KEY,
    title      TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    filters    TEXT NOT NULL,
    format     TEXT NOT NULL,
    out        TEXT NOT NULL,
    count      INTEGER NOT NULL
);
CREATE TABLE pack_puzzles (
    pack_id   INTEGER NOT NULL REFERENCES packs(id),
    puzzle_id INTEGER NOT NULL REFERENCES puzzles(id),
    number    INTEGER NOT NULL,
    PRIMARY KEY (pack_id, number)
);
CREATE INDEX pack_puzzles_puzzle ON pack_puzzles(puzzle_id);
)sql",
    // 1 -> 2: variants. Puzzles stored before are standard.
    R"sql(
ALTER TABLE puzzles ADD COLUMN rules TEXT NOT NULL DEFAULT 'standard';
CREATE INDEX puzzles_rules_size_level ON puzzles(rules, size, level);
)sql",
    // 2 -> 3: shards and merging. A run made as shard I of N says so; a run copied in by
    // `kenken merge` names the file and run it came from; a puzzle keeps its shard.
    R"sql(
ALTER TABLE runs ADD COLUMN shard_index INTEGER NOT NULL DEFAULT 0;
ALTER TABLE runs ADD COLUMN shard_count INTEGER NOT NULL DEFAULT 1;
ALTER TABLE runs ADD COLUMN origin TEXT;
ALTER TABLE runs ADD COLUMN origin_run INTEGER;
ALTER TABLE puzzles ADD COLUMN shard INTEGER NOT NULL DEFAULT 0;
)sql",
    // 3 -> 4: a deleted pack's id is never given again. SQLite gave the highest id again,
    // so after `packs --delete 3` the next export was pack 3 too, and a second
    // `packs --delete 3` took another book's record. (Runs with foreign keys off: they are
    // turned on after the migrations.)
    R"sql(
CREATE TABLE packs_next (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    title      TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    filters    TEXT NOT NULL,
    format     TEXT NOT NULL,
    out        TEXT NOT NULL,
    count      INTEGER NOT NULL
);
INSERT INTO packs_next (id, title, created_at, filters, format, out, count)
    SELECT id, title, created_at, filters, format, out, count FROM packs;
DROP TABLE packs;
ALTER TABLE packs_next RENAME TO packs;
)sql",
    // 4 -> 5: the shard packs merge has recorded, deleted since or not. A merged pack
    // deleted with `packs --delete` came back (under a new id, its puzzles no longer
    // fresh) when its shard was merged again. members: "number:puzzle id here", in order.
    R"sql(
CREATE TABLE merged_packs (
    title      TEXT NOT NULL,
    created_at TEXT NOT NULL,
    filters    TEXT NOT NULL,
    format     TEXT NOT NULL,
    out        TEXT NOT NULL,
    count      INTEGER NOT NULL,
    members    TEXT NOT NULL,
    UNIQUE (title, created_at, filters, format, out, count, members)
);
)sql",
};

// Tables only merge reads or writes, with the version that added each: a corpus of an
// older version lacks them and is still read (and verified) as it is, migrated by the
// next writer. Refusing it made every older corpus wait for a writer.
struct WriterOnlyTable {
    const char* name;
    int since;
};
constexpr std::array<WriterOnlyTable, 1> kWriterOnlyTables = {{{"merged_packs", 5}}};

// Whether a corpus of this version may lack the table.
bool may_lack(const std::string& table, int version) {
    for (const WriterOnlyTable& t : kWriterOnlyTables)
        if (table == t.name && version < t.since) return true;
    return false;
}

int pragma_int(sqlite3* db, const char* pragma) {
    Statement s(db, std::string("PRAGMA ") + pragma);
    return s.step() ? s.column_int(0) : 0;
}

int table_count(sqlite3* db) {
    Statement s(db, "SELECT count(*) FROM sqlite_master");
    s.step();
    return s.column_int(0);
}

// "" unless one of SQLite's companions of the corpus (-wal, -shm, -journal) is there but
// no plain file: then what it is. SQLite will not open a link or a folder there, and
// said only "unable to open database file".
std::string odd_companion(const std::string& name) {
    for (const char* suffix : {"-wal", "-shm", "-journal"}) {
        const std::string companion = name + suffix;
        struct stat st;
        if (::lstat(companion.c_str(), &st) != 0 || S_ISREG(st.st_mode)) continue;
        return companion + " is " +
               (S_ISLNK(st.st_mode)   ? "a symbolic link"
                : S_ISDIR(st.st_mode) ? "a folder"
                                      : "not a plain file") +
               ", which SQLite will not use: remove it (with no kenken writing this corpus)";
    }
    return "";
}

// Whether the file's SQLite header carries a corpus's application id (offset 68,
// big-endian): read from the bytes, since a damaged file cannot answer the pragma.
bool header_says_corpus(const std::string& name) {
    std::ifstream in(name, std::ios::binary);
    std::array<unsigned char, 72> header{};
    if (!in.read(reinterpret_cast<char*>(header.data()), header.size())) return false;
    if (std::string_view(reinterpret_cast<const char*>(header.data()), 16) !=
        std::string_view("SQLite format 3\0", 16))
        return false;
    const std::uint32_t id = (std::uint32_t{header[68]} << 24) | (std::uint32_t{header[69]} << 16) |
                             (std::uint32_t{header[70]} << 8) | header[71];
    return id == static_cast<std::uint32_t>(kApplicationId);
}

// What the file says about itself, checked for being a corpus this build can read.
// Returns its schema version (0 for an empty database, allowed when allow_empty).
int identify(sqlite3* db, const std::string& name, bool allow_empty) {
    int version = 0, app = 0, tables = 0;
    try {
        // The first read is where SQLite finds out that a file is no database.
        tables = table_count(db);
        version = pragma_int(db, "user_version");
        app = pragma_int(db, "application_id");
    } catch (const DbError& e) {
        // Only SQLite's "not a database" says what the file is; an I/O error says
        // nothing about it.
        const std::string_view why = e.what();
        if (const std::string odd = odd_companion(name); !odd.empty())
            throw DbError("cannot read " + name + ": " + odd);
        if (why.find("file is not a database") == std::string_view::npos &&
            why.find("malformed") == std::string_view::npos)
            throw DbError("cannot read " + name + " (" + e.what() + ")");
        // A corpus cut short or with a page overwritten: it was "not a KenKen corpus".
        if (why.find("malformed") != std::string_view::npos && header_says_corpus(name))
            throw DbError(name + " is a damaged KenKen corpus (" + e.what() + ")");
        throw DbError(name + " is not a KenKen corpus (" + e.what() + ")");
    }
    const bool empty = tables == 0 && version == 0 && app == 0;
    if (empty && !allow_empty) throw DbError(name + " is not a KenKen corpus (empty database)");
    if (!empty && app != kApplicationId)
        throw DbError(name + " is not a KenKen corpus (a SQLite database of something else)");
    if (version > schema_version())
        throw DbError(name + " was written by a newer kenken (schema version " +
                      std::to_string(version) + "; this build knows up to " +
                      std::to_string(schema_version()) + ")");
    // A negative version (PRAGMA user_version edited) indexed the migrations out of
    // their bounds: undefined behaviour, seen as a random "syntax error".
    if (version < 0 || (version == 0 && !empty))
        throw DbError(name + " is damaged: its schema version is " + std::to_string(version) +
                      " (PRAGMA user_version), which no corpus has");
    return version;
}

// A table as SQLite describes it: its columns, and its indexes as (columns, unique).
// Index names are left out: SQLite names the one behind a UNIQUE column itself.
struct TableShape {
    std::set<std::string> columns;
    std::set<std::pair<std::string, bool>> indexes;
};

std::vector<std::string> column_list(sqlite3* db, const char* pragma, const std::string& of) {
    Statement s(db, std::string("SELECT name FROM ") + pragma + "(?) ORDER BY seqno");
    s.bind(1, of);
    std::vector<std::string> names;
    while (s.step()) names.push_back(s.column_text(0));
    return names;
}

std::map<std::string, TableShape> tables_of(sqlite3* db) {
    std::map<std::string, TableShape> tables;
    Statement list(
        db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
    while (list.step()) tables[list.column_text(0)];
    for (auto& [table, shape] : tables) {
        Statement columns(db, "SELECT name FROM pragma_table_info(?)");
        columns.bind(1, table);
        while (columns.step()) shape.columns.insert(columns.column_text(0));
        Statement indexes(db, "SELECT name, \"unique\" FROM pragma_index_list(?)");
        indexes.bind(1, table);
        while (indexes.step()) {
            std::string cols;
            for (const std::string& c :
                 column_list(db, "pragma_index_info", indexes.column_text(0)))
                cols += (cols.empty() ? "" : ", ") + c;
            shape.indexes.emplace(cols, indexes.column_int(1) != 0);
        }
    }
    return tables;
}

// The tables as each version's migrations leave them: [v] is version v's.
const std::vector<std::map<std::string, TableShape>>& tables_by_version() {
    static const std::vector<std::map<std::string, TableShape>> shapes = [] {
        std::vector<std::map<std::string, TableShape>> all;
        Connection mem = open_connection(":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
        all.push_back(tables_of(mem.get()));
        for (const char* migration : kMigrations) {
            exec(mem.get(), migration);
            all.push_back(tables_of(mem.get()));
        }
        return all;
    }();
    return shapes;
}

// The tables this build's migrations make.
const std::map<std::string, TableShape>& expected_tables() {
    return tables_by_version().back();
}

// Throws DbError when an older version's corpus holds a table or column that only a
// later version's migration adds: its PRAGMA user_version was edited (or set back by
// a tool), and migrating it failed half way with SQLite's "table runs already exists"
// or "duplicate column name", while readers and verify passed it.
void check_version_fits(sqlite3* db, const std::string& name, int version) {
    if (version <= 0 || version >= schema_version()) return;
    const auto& then = tables_by_version()[static_cast<std::size_t>(version)];
    const auto& now = tables_by_version().back();
    for (const auto& [table, shape] : tables_of(db)) {
        const auto was = then.find(table);
        const auto is = now.find(table);
        std::string later;
        if (was == then.end() && is != now.end()) later = "table " + table;
        for (const std::string& column : shape.columns)
            if (later.empty() && was != then.end() && !was->second.columns.count(column) &&
                is != now.end() && is->second.columns.count(column))
                later = "column " + table + "." + column;
        if (!later.empty())
            throw DbError(name + " is damaged: its schema version says " + std::to_string(version) +
                          " (PRAGMA user_version), but it holds " + later +
                          ", which a later version added");
    }
}

// Throws DbError naming what a corpus of this build's version lacks of its schema
// (problems: schema_problems without plain indexes).
void check_tables(const std::vector<std::string>& problems, const std::string& name) {
    if (problems.empty()) return;
    std::string what;
    for (const std::string& p : problems) what += (what.empty() ? "" : "; ") + p;
    throw DbError(name + " is damaged: " + what);
}

}  // namespace

void check_schema_read_only(sqlite3* db, const char* path) {
    const std::string name = path;
    // An older corpus whose tables already hold everything this build reads (schema 3
    // differs from 4 only in how new pack ids are chosen, 4 from 5 only in a table
    // merge alone uses) is read as it is: a reader
    // cannot migrate it, and refusing would make every corpus wait for a writer.
    const int version = identify(db, name, false);
    check_version_fits(db, name, version);
    const bool older = version < schema_version();
    const std::vector<std::string> problems = schema_problems(db, false);
    if (older && !problems.empty())
        throw DbError(name +
                      " has an older schema: open it once with a command that writes "
                      "(e.g. generate) to bring it up to date");
    check_tables(problems, name);
}

std::vector<std::string> check_integrity(sqlite3* db, bool quick, int limit) {
    Statement s(db, std::string("PRAGMA ") + (quick ? "quick_check(" : "integrity_check(") +
                        std::to_string(limit) + ")");
    std::vector<std::string> problems;
    try {
        while (s.step()) {
            std::string line = s.column_text(0);
            if (line != "ok") problems.push_back(line);
        }
    } catch (const DbError& e) {
        // Damage bad enough to stop the check itself (SQLITE_CORRUPT) is a finding too.
        problems.push_back(std::string("the check stopped: ") + e.what());
    }
    return problems;
}

std::vector<std::string> schema_problems(sqlite3* db, bool plain_indexes) {
    std::vector<std::string> problems;
    const auto found = tables_of(db);
    const int version = pragma_int(db, "user_version");
    for (const auto& [table, want] : expected_tables()) {
        const auto it = found.find(table);
        if (it == found.end()) {
            if (may_lack(table, version)) continue;
            problems.push_back("table " + table + " is missing");
            continue;
        }
        for (const std::string& column : want.columns)
            if (!it->second.columns.count(column))
                problems.push_back("column " + table + "." + column + " is missing");
        for (const auto& [columns, unique] : want.indexes)
            if ((unique || plain_indexes) && !it->second.indexes.count({columns, unique}))
                problems.push_back(std::string(unique ? "the unique index" : "the index") + " on " +
                                   table + "(" + columns + ") is missing");
    }
    return problems;
}

void prepare_schema(sqlite3* db, const char* path, bool allow_create) {
    const std::string name = path;
    int version = identify(db, name, allow_create);
    check_version_fits(db, name, version);
    static_assert(kMigrations.size() > 0);
    if (static_cast<int>(kMigrations.size()) != schema_version())
        throw DbError("internal error: schema_version() and the migrations disagree");

    if (version < schema_version()) {
        Transaction tx(db);
        // Another process may have migrated between our read and the lock.
        version = pragma_int(db, "user_version");
        for (int v = version; v < schema_version(); ++v) exec(db, kMigrations[size_t(v)]);
        exec(db, "PRAGMA application_id = " + std::to_string(kApplicationId));
        exec(db, "PRAGMA user_version = " + std::to_string(schema_version()));
        tx.commit();
    }
    check_tables(schema_problems(db, false), name);
    // WAL lets stats and query read while a factory writes.
    Statement wal(db, "PRAGMA journal_mode = WAL");
    wal.step();
    exec(db, "PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL");
}

}  // namespace kk::db
