// The packs a corpus records (corpus.h): recording one with its puzzles in order,
// listing them, reading one's puzzles back, and deleting one.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/store/corpus.h"
#include "db/store/puzzle_rows.h"

namespace kk::db {

std::int64_t Corpus::record_pack(const PackRow& pack, const std::vector<std::int64_t>& ids) {
    // Inside the caller's transaction (export chooses and records in one), or its own.
    std::optional<Transaction> tx;
    if (sqlite3_get_autocommit(db_.get())) tx.emplace(db_.get());
    Statement p(db_.get(),
                "INSERT INTO packs (title, filters, format, out, count) VALUES (?, ?, ?, ?, ?)");
    p.bind(1, pack.title).bind(2, pack.filters).bind(3, pack.format).bind(4, pack.out);
    p.bind(5, static_cast<std::int64_t>(ids.size())).run();
    const std::int64_t pack_id = sqlite3_last_insert_rowid(db_.get());
    Statement member(db_.get(),
                     "INSERT INTO pack_puzzles (pack_id, puzzle_id, number) VALUES (?, ?, ?)");
    for (size_t i = 0; i < ids.size(); ++i)
        member.bind(1, pack_id).bind(2, ids[i]).bind(3, static_cast<std::int64_t>(i + 1)).run();
    if (tx) tx->commit();
    return pack_id;
}

std::vector<PackRow> Corpus::packs() {
    Statement s(db_.get(),
                "SELECT id, title, created_at, filters, format, out, count FROM packs ORDER BY id");
    std::vector<PackRow> out;
    while (s.step())
        out.push_back({s.column_int64(0), s.column_text(1), s.column_text(2), s.column_text(3),
                       s.column_text(4), s.column_text(5), s.column_int(6)});
    return out;
}

Corpus::PackTotals Corpus::pack_totals() {
    Statement s(db_.get(), "SELECT count FROM packs");
    PackTotals totals;
    for (; s.step(); ++totals.packs) totals.published += s.column_int(0);
    return totals;
}

std::vector<std::int64_t> Corpus::pack_puzzle_ids(std::int64_t pack_id) {
    Statement s(db_.get(), "SELECT puzzle_id FROM pack_puzzles WHERE pack_id = ? ORDER BY number");
    s.bind(1, pack_id);
    std::vector<std::int64_t> out;
    while (s.step()) out.push_back(s.column_int64(0));
    return out;
}

PuzzleCursor Corpus::scan_pack(std::int64_t pack_id) {
    std::string columns;  // kPuzzleColumns, each qualified by the puzzles table
    const std::string plain = kPuzzleColumns;
    for (size_t pos = 0; pos < plain.size();) {
        size_t comma = plain.find(',', pos);
        if (comma == std::string::npos) comma = plain.size();
        std::string name = plain.substr(pos, comma - pos);
        name.erase(0, name.find_first_not_of(' '));
        columns += (columns.empty() ? "puzzles." : ", puzzles.") + name;
        pos = comma + 1;
    }
    // A listed puzzle deleted by hand is named before any is read.
    Statement missing(
        db_.get(),
        "SELECT number, puzzle_id FROM pack_puzzles WHERE pack_id = ? AND NOT EXISTS "
        "(SELECT 1 FROM puzzles WHERE puzzles.id = puzzle_id) ORDER BY number LIMIT 1");
    missing.bind(1, pack_id);
    if (missing.step())
        throw DbError("pack " + std::to_string(pack_id) + ", number " +
                      std::to_string(missing.column_int64(0)) + ": puzzle " +
                      std::to_string(missing.column_int64(1)) +
                      " is not in the corpus (run kenken verify)");
    Statement s(db_.get(), "SELECT " + columns +
                               " FROM pack_puzzles JOIN puzzles ON puzzles.id = "
                               "pack_puzzles.puzzle_id WHERE pack_id = ? ORDER BY number");
    s.bind(1, pack_id);
    return PuzzleCursor(std::move(s));
}

bool Corpus::delete_pack(std::int64_t pack_id) {
    // Inside the caller's transaction (export settling a killed export's part), or its own.
    std::optional<Transaction> tx;
    if (sqlite3_get_autocommit(db_.get())) tx.emplace(db_.get());
    Statement members(db_.get(), "DELETE FROM pack_puzzles WHERE pack_id = ?");
    members.bind(1, pack_id).run();
    Statement pack(db_.get(), "DELETE FROM packs WHERE id = ?");
    pack.bind(1, pack_id).run();
    const bool deleted = sqlite3_changes(db_.get()) > 0;
    if (tx) tx->commit();
    return deleted;
}

void Corpus::set_pack_out(std::int64_t pack_id, const std::string& out) {
    Statement s(db_.get(), "UPDATE packs SET out = ? WHERE id = ?");
    s.bind(1, out).bind(2, pack_id).run();
}

std::string Corpus::file_name() {
    const char* name = sqlite3_db_filename(db_.get(), "main");
    return name ? name : "";
}

}  // namespace kk::db
