// The corpus (corpus.h): its runs, its write transactions and the patience they have
// with other writers, puzzles stored, and counts. Reading puzzles back is in
// corpus_queries.cpp, packs in corpus_packs.cpp, opening in corpus_open.cpp, checks in
// corpus_checks.cpp.
#include "db/store/corpus.h"

#include <chrono>

#include "db/store/run_rows.h"

namespace kk::db {
namespace {

// kk_random_key(id, seed): SplitMix64 of the pair, for a reproducible shuffle.
void random_key_sql(sqlite3_context* ctx, int, sqlite3_value** argv) {
    const std::int64_t id = sqlite3_value_int64(argv[0]);
    const std::uint64_t seed = from_sql(sqlite3_value_int64(argv[1]));
    sqlite3_result_int64(ctx, to_sql(random_key(id, seed)));
}

}  // namespace

Corpus::Corpus(Connection db) : db_(std::move(db)) {
    if (sqlite3_create_function(db_.get(), "kk_random_key", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                nullptr, random_key_sql, nullptr, nullptr) != SQLITE_OK)
        throw DbError(std::string("cannot register kk_random_key: ") + sqlite3_errmsg(db_.get()));
}

Corpus::Corpus(Corpus&&) noexcept = default;

Corpus& Corpus::operator=(Corpus&& other) noexcept {
    if (this != &other) {
        insert_.reset();  // finalize before the connection it belongs to closes
        insert_ = std::move(other.insert_);
        db_ = std::move(other.db_);
        patience_ = std::move(other.patience_);  // the connection's handler points at it
    }
    return *this;
}

Corpus::~Corpus() = default;

std::int64_t Corpus::begin_run(const std::string& config_toml, std::uint64_t seed,
                               const std::string& sizes, const std::string& quotas_json) {
    Statement s(db_.get(),
                "INSERT INTO runs (config, seed, sizes, quotas, status) "
                "VALUES (?, ?, ?, ?, 'running')");
    s.bind(1, config_toml).bind(2, to_sql(seed)).bind(3, sizes).bind(4, quotas_json).run();
    return sqlite3_last_insert_rowid(db_.get());
}

void Corpus::set_run_shard(std::int64_t id, int shard_index, int shard_count) {
    Statement s(db_.get(), "UPDATE runs SET shard_index = ?, shard_count = ? WHERE id = ?");
    s.bind(1, shard_index).bind(2, shard_count).bind(3, id).run();
    if (sqlite3_changes(db_.get()) == 0) throw DbError("no run " + std::to_string(id));
}

std::optional<RunRow> Corpus::latest_unfinished_run() {
    Statement s(db_.get(), std::string("SELECT ") + kRunColumns +
                               " FROM runs WHERE finished_at IS NULL AND origin IS NULL "
                               "ORDER BY id DESC LIMIT 1");
    if (!s.step()) return std::nullopt;
    return read_run(s);
}

std::optional<RunRow> Corpus::run(std::int64_t id) {
    Statement s(db_.get(), std::string("SELECT ") + kRunColumns + " FROM runs WHERE id = ?");
    s.bind(1, id);
    if (!s.step()) return std::nullopt;
    return read_run(s);
}

std::vector<RunRow> Corpus::runs() {
    RunCursor cursor = scan_runs();
    std::vector<RunRow> out;
    for (RunRow r; cursor.next(r);) out.push_back(std::move(r));
    return out;
}

RunCursor Corpus::scan_runs() {
    return RunCursor(
        Statement(db_.get(), std::string("SELECT ") + kRunColumns + " FROM runs ORDER BY id"));
}

bool RunCursor::next(RunRow& out) {
    if (!s_.step()) return false;
    out = read_run(s_);
    return true;
}

void Corpus::set_run_status(std::int64_t id, const std::string& status,
                            const std::string& counters_json, bool finished) {
    Statement s(db_.get(),
                "UPDATE runs SET status = ?, counters = ?, finished_at = CASE WHEN ? THEN "
                "strftime('%Y-%m-%dT%H:%M:%SZ', 'now') ELSE NULL END WHERE id = ?");
    s.bind(1, status).bind(2, counters_json).bind(3, finished ? 1 : 0).bind(4, id).run();
    if (sqlite3_changes(db_.get()) == 0) throw DbError("no run " + std::to_string(id));
}

void Corpus::begin() {
    exec(db_.get(), "BEGIN IMMEDIATE");
}
void Corpus::commit() {
    exec(db_.get(), "COMMIT");
}
void Corpus::rollback() {
    exec(db_.get(), "ROLLBACK");
}
void Corpus::hold_snapshot() {
    // A deferred transaction takes its snapshot at its first read.
    exec(db_.get(), "BEGIN");
    Statement first(db_.get(), "SELECT count(*) FROM sqlite_master");
    first.step();
}
void Corpus::abandon() noexcept {
    if (!sqlite3_get_autocommit(db_.get()))
        sqlite3_exec(db_.get(), "ROLLBACK", nullptr, nullptr, nullptr);
}

struct Corpus::Patience {
    std::function<bool()> give_up;
    std::function<void(int)> on_wait;
    std::chrono::steady_clock::time_point since;
    int warn_at = 0;       // seconds
    bool gave_up = false;  // the last wait ended for give_up()

    // SQLite's busy handler: count is 0 at the first call for each lock met.
    static int wait(void* self, int count) {
        auto& p = *static_cast<Patience*>(self);
        const auto now = std::chrono::steady_clock::now();
        if (count == 0) {
            p.since = now;
            p.warn_at = kBusyTimeoutMs / 1000;
            p.gave_up = false;
        }
        if (p.give_up()) {
            p.gave_up = true;
            return 0;
        }
        const auto waited = std::chrono::duration_cast<std::chrono::seconds>(now - p.since);
        if (waited.count() >= p.warn_at) {
            p.on_wait(static_cast<int>(waited.count()));
            p.warn_at *= 2;
        }
        sqlite3_sleep(50);  // a stop request is seen within a tenth of a second
        return 1;
    }
};

void Corpus::wait_for_other_writers(std::function<bool()> give_up,
                                    std::function<void(int)> on_wait) {
    patience_ =
        std::make_unique<Patience>(Patience{std::move(give_up), std::move(on_wait), {}, 0, false});
    sqlite3_busy_handler(db_.get(), &Patience::wait, patience_.get());
}

bool Corpus::gave_up_waiting() const {
    return patience_ && patience_->gave_up &&
           (sqlite3_extended_errcode(db_.get()) & 0xff) == SQLITE_BUSY;
}

void Corpus::settle_log_of_moved_file() noexcept {
    abandon();
    // SQLite's own timeout, not the patience with other writers: a TRUNCATE checkpoint
    // also waits for every reader, and one holding the moved file (`kenken query ... |
    // less` left open) kept a generate waiting as long as it lived, warning of a write
    // lock nobody held, instead of stopping with "removed, renamed or replaced".
    sqlite3_busy_timeout(db_.get(), kBusyTimeoutMs);
    sqlite3_wal_checkpoint_v2(db_.get(), "main", SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr);
    if (patience_) sqlite3_busy_handler(db_.get(), &Patience::wait, patience_.get());
}

Statement& Corpus::insert_statement() {
    if (!insert_)
        insert_ = std::make_unique<Statement>(
            db_.get(),
            "INSERT INTO puzzles (size, neknek, solution, level, score, cages, singletons, "
            "max_cage, ops, canonical, seed, candidate, run_id, created_at, rules, shard) VALUES "
            "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
            "coalesce(?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')), ?, ?) "
            "ON CONFLICT(canonical) DO NOTHING");
    return *insert_;
}

bool Corpus::insert_puzzle(const PuzzleRecord& r) {
    Statement& s = insert_statement();
    s.bind(1, r.size).bind(2, r.neknek).bind(3, r.solution).bind(4, r.level).bind(5, r.score);
    s.bind(6, r.cages).bind(7, r.singletons).bind(8, r.max_cage).bind(9, r.ops);
    s.bind(10, r.canonical).bind(11, to_sql(r.seed)).bind(12, r.candidate);
    if (r.run_id)
        s.bind(13, r.run_id);
    else
        s.bind_null(13);
    if (!r.created_at.empty())
        s.bind(14, r.created_at);
    else
        s.bind_null(14);
    s.bind(15, r.rules);
    s.bind(16, r.shard);
    s.run();
    return sqlite3_changes(db_.get()) > 0;
}

bool Corpus::holds_canonical(const std::string& canonical) {
    // Asked once for every stored candidate: prepared once, and reset after each answer
    // so that it holds no read open.
    if (!lookup_canonical_)
        lookup_canonical_ =
            std::make_unique<Statement>(db_.get(), "SELECT 1 FROM puzzles WHERE canonical = ?");
    Statement& s = *lookup_canonical_;
    s.reset();  // in case a failed step left it open
    s.bind(1, canonical);
    const bool held = s.step();
    s.reset();
    return held;
}

void Corpus::save_progress(std::int64_t run_id, const std::string& progress_json,
                           const std::string& counters_json) {
    Statement s(db_.get(), "UPDATE runs SET progress = ?, counters = ? WHERE id = ?");
    s.bind(1, progress_json).bind(2, counters_json).bind(3, run_id).run();
    if (sqlite3_changes(db_.get()) == 0) throw DbError("no run " + std::to_string(run_id));
}

std::map<std::pair<int, std::string>, int> Corpus::counts_by_size_level(
    std::optional<std::int64_t> run_id) {
    Statement s(db_.get(), run_id
                               ? "SELECT size, level, count(*) FROM puzzles WHERE run_id = ? "
                                 "GROUP BY size, level"
                               : "SELECT size, level, count(*) FROM puzzles GROUP BY size, level");
    if (run_id) s.bind(1, *run_id);
    std::map<std::pair<int, std::string>, int> out;
    while (s.step()) out[{s.column_int(0), s.column_text(1)}] = s.column_int(2);
    return out;
}

std::map<std::pair<int, std::string>, int> Corpus::counts_by_size_level_of_rules(
    const std::string& rules) {
    Statement s(db_.get(),
                "SELECT size, level, count(*) FROM puzzles WHERE rules = ? GROUP BY size, level");
    s.bind(1, rules);
    std::map<std::pair<int, std::string>, int> out;
    while (s.step()) out[{s.column_int(0), s.column_text(1)}] = s.column_int(2);
    return out;
}

std::map<std::tuple<std::string, int, std::string>, int> Corpus::counts_by_rules_size_level() {
    Statement s(db_.get(),
                "SELECT rules, size, level, count(*) FROM puzzles GROUP BY rules, size, level");
    std::map<std::tuple<std::string, int, std::string>, int> out;
    while (s.step()) out[{s.column_text(0), s.column_int(1), s.column_text(2)}] = s.column_int(3);
    return out;
}

std::map<std::int64_t, int> Corpus::counts_by_run() {
    Statement s(db_.get(),
                "SELECT run_id, count(*) FROM puzzles WHERE run_id IS NOT NULL GROUP BY run_id");
    std::map<std::int64_t, int> out;
    while (s.step()) out[s.column_int64(0)] = s.column_int(1);
    return out;
}

RunRow read_run(const Statement& s) {
    RunRow r;
    r.id = s.column_int64(0);
    r.config = s.column_text(1);
    r.seed = from_sql(s.column_int64(2));
    r.sizes = s.column_text(3);
    r.quotas = s.column_text(4);
    r.started_at = s.column_text(5);
    r.finished_at = s.column_optional_text(6);
    r.status = s.column_text(7);
    r.counters = s.column_text(8);
    r.progress = s.column_text(9);
    r.shard_index = s.column_int(10);
    r.shard_count = s.column_int(11);
    r.origin = s.column_text(12);
    r.origin_run = s.column_int64(13);
    return r;
}

}  // namespace kk::db
