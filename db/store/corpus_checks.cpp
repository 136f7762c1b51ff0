// The corpus's own checks, for verify and for opening a file: the schema, references
// between tables, the packs' and runs' rows, the storage types of columns, SQLite's
// integrity check.
#include <string>
#include <string_view>
#include <vector>

#include "core/io/text_lines.h"
#include "db/store/bounded_json.h"
#include "db/store/corpus.h"
#include "db/store/schema.h"

namespace kk::db {

std::vector<std::string> Corpus::schema_problems() {
    return db::schema_problems(db_.get(), true);
}

namespace {

// Why stored text does not read as JSON, when it is past a bound: " (nested deeper than
// ...)", " (2000000 bytes, past the 1 MiB read)".
std::string json_problem(const std::string& text) {
    try {
        parse_bounded_json<nlohmann::json>(text);
    } catch (const JsonPastBounds& e) {
        return std::string(" (") + e.what() + ")";
    } catch (const nlohmann::json::exception&) {
    }
    return "";
}

// What say makes of each row sql returns, appended to out.
template <class Say>
void collect_rows(sqlite3* db, const char* sql, Say&& say, std::vector<std::string>& out) {
    Statement s(db, sql);
    while (s.step()) out.push_back(say(s));
}

}  // namespace

std::vector<std::string> Corpus::reference_problems() {
    std::vector<std::string> out;
    auto collect = [&](const char* sql, auto&& say) { collect_rows(db_.get(), sql, say, out); };
    collect(
        "SELECT id, run_id FROM puzzles WHERE run_id IS NOT NULL AND run_id NOT IN "
        "(SELECT id FROM runs) ORDER BY id LIMIT 20",
        [](const Statement& s) {
            return "puzzle " + std::to_string(s.column_int64(0)) + ": its run " +
                   std::to_string(s.column_int64(1)) + " is not in the runs table";
        });
    collect(
        "SELECT pack_id, number, puzzle_id FROM pack_puzzles WHERE puzzle_id NOT IN "
        "(SELECT id FROM puzzles) ORDER BY pack_id, number LIMIT 20",
        [](const Statement& s) {
            return "pack " + std::to_string(s.column_int64(0)) + ", number " +
                   std::to_string(s.column_int64(1)) + ": puzzle " +
                   std::to_string(s.column_int64(2)) + " is not in the puzzles table";
        });
    collect(
        "SELECT DISTINCT pack_id FROM pack_puzzles WHERE pack_id NOT IN (SELECT id FROM packs) "
        "ORDER BY pack_id LIMIT 20",
        [](const Statement& s) {
            return "pack " + std::to_string(s.column_int64(0)) +
                   " has puzzles listed but is not in the packs table";
        });
    return out;
}

std::vector<std::string> Corpus::pack_row_problems() {
    std::vector<std::string> out;
    auto collect = [&](const char* sql, auto&& say) { collect_rows(db_.get(), sql, say, out); };
    // A pack's own row edited: packs listed the count as stored, and verify passed it.
    collect(
        "SELECT id, count, (SELECT count(*) FROM pack_puzzles WHERE pack_id = packs.id) AS n "
        "FROM packs WHERE count IS NOT n ORDER BY id LIMIT 20",
        [](const Statement& s) {
            return "pack " + std::to_string(s.column_int64(0)) + ": its count says " +
                   s.column_text(1) + ", but it lists " + std::to_string(s.column_int64(2)) +
                   " puzzles";
        });
    // Read as `packs` reads them (SQL's json_valid takes 2,000 levels, kenken 1,000).
    int unread = 0;
    for (const PackRow& p : packs())
        if (!parse_stored_json(p.filters) && unread++ < 20)
            out.push_back("pack " + std::to_string(p.id) + ": its filters are not JSON" +
                          json_problem(p.filters));
    return out;
}

std::vector<std::string> Corpus::run_row_problems() {
    std::vector<std::string> out;
    // What stats shows and --resume reads back (the factory wrote them; an empty
    // progress is a run that saved none yet).
    const auto check = [&out](const RunRow& r, const char* what, const std::string& text) {
        if (out.size() < 20 && !parse_stored_json(text))
            out.push_back("run " + std::to_string(r.id) + ": its " + what + " not JSON" +
                          json_problem(text));
    };
    RunCursor cursor = scan_runs();
    for (RunRow r; cursor.next(r);) {
        check(r, "quotas are", r.quotas);
        check(r, "counters are", r.counters);
        if (!r.progress.empty()) check(r, "progress is", r.progress);
    }
    return out;
}

std::vector<std::string> Corpus::type_problems(std::string_view only_table,
                                               std::string_view schema) {
    // Each column, the storage types it may hold (typeof's words) and what they are.
    struct Expected {
        const char* table;
        const char* column;
        const char* types;
        const char* what;
    };
    // A run's seed and settings too: --resume carries them on (a seed edited to 'abc'
    // read as 0, and stats showed it so).
    static constexpr Expected kExpected[] = {
        {"puzzles", "size", "'integer'", "an integer"},
        {"puzzles", "cages", "'integer'", "an integer"},
        {"puzzles", "singletons", "'integer'", "an integer"},
        {"puzzles", "max_cage", "'integer'", "an integer"},
        {"puzzles", "seed", "'integer'", "an integer"},
        {"puzzles", "candidate", "'integer'", "an integer"},
        {"puzzles", "shard", "'integer'", "an integer"},
        {"puzzles", "run_id", "'integer', 'null'", "an integer or NULL"},
        {"puzzles", "score", "'integer', 'real'", "a number"},
        {"puzzles", "neknek", "'text'", "text"},
        {"puzzles", "solution", "'text'", "text"},
        {"puzzles", "level", "'text'", "text"},
        {"puzzles", "ops", "'text'", "text"},
        {"puzzles", "canonical", "'text'", "text"},
        {"puzzles", "rules", "'text'", "text"},
        {"runs", "seed", "'integer'", "an integer"},
        {"runs", "config", "'text'", "text"},
        {"runs", "sizes", "'text'", "text"},
        {"runs", "quotas", "'text'", "text"},
        {"runs", "counters", "'text'", "text"},
        {"runs", "progress", "'text'", "text"}};
    constexpr std::size_t kMost = 20;
    std::vector<std::string> out;
    const std::string in(schema);
    Statement has_column(db_.get(), "SELECT 1 FROM pragma_table_info(?, ?) WHERE name = ?");
    for (const Expected& e : kExpected) {
        if (!only_table.empty() && only_table != e.table) continue;
        const std::string col = e.column;
        has_column.reset();
        has_column.bind(1, e.table).bind(2, in).bind(3, col);
        if (!has_column.step()) continue;  // an older schema's shard: read as a default
        // The start of the value only: a hand-made blob may be huge.
        const std::string table = in + "." + e.table;
        Statement s(db_.get(), "SELECT id, typeof(" + col + "), CAST(substr(" + col +
                                   ", 1, 30) AS TEXT) FROM " + table + " WHERE typeof(" + col +
                                   ") NOT IN (" + e.types + ") ORDER BY id LIMIT " +
                                   std::to_string(kMost));
        const std::string row = std::string_view(e.table) == "runs" ? "run " : "puzzle ";
        while (s.step() && out.size() < kMost)
            out.push_back(row + std::to_string(s.column_int64(0)) + ": " + col + " " +
                          kk::quoted(s.column_text(2)) + " is stored as " + s.column_text(1) +
                          ", not as " + e.what);
    }
    return out;
}

std::vector<std::string> Corpus::integrity_problems(bool full) {
    return check_integrity(db_.get(), !full);
}

}  // namespace kk::db
