// Thin RAII wrappers over SQLite's C API: a connection, prepared statements and
// transactions. Every failure becomes a DbError carrying SQLite's own message.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace kk::db {

struct DbError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct ConnectionCloser {
    void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using Connection = std::unique_ptr<sqlite3, ConnectionCloser>;

// How long a statement waits for another process's write transaction before it fails
// with "database is locked".
inline constexpr int kBusyTimeoutMs = 10000;

// Opens a connection; flags as for sqlite3_open_v2. A path is a file's name, whatever
// it looks like: "file:..." is opened as a file unless flags ask for URIs.
Connection open_connection(const std::string& path, int flags);

// "file:" URI for a path, for SQLite's query parameters (immutable).
std::string file_uri(const std::string& path);

// Why path cannot name a corpus file, or "" when it can: SQLite reads "" as a
// temporary database and ":memory:" as one in memory, both lost when the command ends.
std::string corpus_name_problem(const std::string& path);

// Runs one or more statements that return no rows.
void exec(sqlite3* db, const std::string& sql);

// A prepared statement. Binding is 1-based like SQLite; columns are 0-based.
class Statement {
  public:
    Statement(sqlite3* db, std::string_view sql);
    Statement(Statement&&) noexcept = default;
    Statement& operator=(Statement&&) noexcept = default;

    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, double value);
    Statement& bind(int index, std::string_view value);
    Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
    Statement& bind(int index, const std::string& value) {
        return bind(index, std::string_view(value));
    }
    Statement& bind_null(int index);

    // Advances to the next row: true while there is one, false when done.
    bool step();
    // Runs a statement that returns no rows.
    void run();
    void reset();

    std::int64_t column_int64(int column) const;
    int column_int(int column) const { return static_cast<int>(column_int64(column)); }
    double column_double(int column) const;
    std::string column_text(int column) const;
    bool column_is_null(int column) const;
    bool column_is_number(int column) const;  // INTEGER or REAL
    std::optional<std::string> column_optional_text(int column) const;

  private:
    struct Finalizer {
        void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
    };
    sqlite3* db_;
    std::unique_ptr<sqlite3_stmt, Finalizer> stmt_;
};

// BEGIN IMMEDIATE on construction; rolls back on destruction unless committed.
class Transaction {
  public:
    explicit Transaction(sqlite3* db);
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    ~Transaction();
    void commit();

  private:
    sqlite3* db_;
    bool open_ = true;
};

// Seeds are uint64 but SQLite integers are int64: store the same 64 bits.
inline std::int64_t to_sql(std::uint64_t v) {
    return static_cast<std::int64_t>(v);
}
inline std::uint64_t from_sql(std::int64_t v) {
    return static_cast<std::uint64_t>(v);
}

}  // namespace kk::db
