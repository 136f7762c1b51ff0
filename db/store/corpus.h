// The corpus: a SQLite file of puzzles, the factory runs that made them and the
// packs published from them. One Corpus owns one connection.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "db/store/query.h"
#include "db/store/record.h"
#include "db/store/shmless_read.h"
#include "db/store/sqlite.h"

namespace kk::db {

// Stored puzzles one row at a time, in the order the filter asks for: a reader's
// memory stays flat whatever the corpus holds. Valid while its Corpus lives.
class PuzzleCursor {
  public:
    explicit PuzzleCursor(Statement statement) : s_(std::move(statement)) {}
    // The next row into out; false when there is none.
    bool next(PuzzleRecord& out);

  private:
    Statement s_;
};

// The runs of a corpus one at a time, in id order: a run's row holds some 10 KB (its
// configuration, counters and progress), and a corpus of 60,000 runs read as a vector
// took 870 MB in stats, verify and generate.
class RunCursor {
  public:
    explicit RunCursor(Statement statement) : s_(std::move(statement)) {}
    // The next run into out; false when there is none.
    bool next(RunRow& out);

  private:
    Statement s_;
};

// What merging one run of a shard did.
struct MergeCounts {
    std::int64_t read = 0;        // puzzles in the shard's run
    std::int64_t added = 0;       // new to this corpus
    std::int64_t duplicates = 0;  // already here under rotation or reflection
    std::int64_t replaced = 0;    // ... of which the shard's copy took the place
};

class Corpus {
  public:
    // Creates the file when absent and brings its schema up to date. A new corpus
    // is made under a temporary name and linked into place complete, so a kill at
    // any moment leaves either no file or a whole, empty corpus.
    static Corpus open(const std::string& path);
    // Like open, but a missing or empty file is an error.
    static Corpus open_existing(const std::string& path);
    // For commands that only read (stats, query, verify): opens without asking for
    // write access, so a read-only file (or folder) can be read; changes nothing.
    static Corpus open_read_only(const std::string& path);

    // PRAGMA integrity_check (full) or quick_check: SQLite's complaints, at most 20;
    // empty when the file is sound.
    std::vector<std::string> integrity_problems(bool full);
    // What the file lacks of this build's schema, indexes for speed included (opening
    // already refused a missing table, column or unique index).
    std::vector<std::string> schema_problems();
    // Rows that point at nothing (foreign keys SQLite does not enforce here), at most
    // 20 a kind: a puzzle's run_id naming no run, a pack entry naming no puzzle or no
    // pack. Rows edited or deleted by hand leave them; empty when there are none.
    std::vector<std::string> reference_problems();
    // Packs whose own row disagrees with what they hold, at most 20 a kind: a count
    // that is not the number of puzzles listed, filters that are not JSON.
    std::vector<std::string> pack_row_problems();
    // Runs whose saved quotas, counters or progress do not read as JSON (nested past
    // kMaxJsonDepth included), at most 20: stats leaves them out and --resume refuses.
    std::vector<std::string> run_row_problems();
    // Stored puzzle and run values of the wrong type, at most 20: a size, a count or a
    // seed that is not an integer ('4x', 4.5), a text that is not text, a score that is
    // not a number. Edited by hand they read as a number all the same (sqlite3_column_int
    // takes '4x' for 4) while SQL filters and counts miss them. With a table ("runs"),
    // that table's columns only; with a schema ("shard", attached), its tables (a column
    // an older schema lacks is left out).
    std::vector<std::string> type_problems(std::string_view table = {},
                                           std::string_view schema = "main");

    Corpus(Corpus&&) noexcept;
    Corpus& operator=(Corpus&&) noexcept;
    ~Corpus();

    // Runs.
    std::int64_t begin_run(const std::string& config_toml, std::uint64_t seed,
                           const std::string& sizes, const std::string& quotas_json);
    // Marks a run as shard I of N (I == N: the top-up of a merged corpus).
    void set_run_shard(std::int64_t id, int shard_index, int shard_count);
    // The latest run made here (not merged in) that has not finished.
    std::optional<RunRow> latest_unfinished_run();
    std::optional<RunRow> run(std::int64_t id);
    // Every run at once, for tests and a shard's few runs; commands read them with
    // scan_runs, a row at a time.
    std::vector<RunRow> runs();
    RunCursor scan_runs();
    // finished stamps finished_at; otherwise it stays NULL (the run can resume).
    void set_run_status(std::int64_t id, const std::string& status,
                        const std::string& counters_json, bool finished);

    // Batched writing: begin(), insert_puzzle()..., save_progress(), commit().
    void begin();
    // From here on a statement that meets another process's write transaction waits
    // for as long as that lasts (an export to a pipe nobody reads holds one until the
    // pipe is read), not kBusyTimeoutMs, calling on_wait(seconds waited) after that
    // timeout and at each doubling of the wait. It fails ("database is locked") only
    // once give_up() is true (a stop request), and then gave_up_waiting() says so.
    void wait_for_other_writers(std::function<bool()> give_up, std::function<void(int)> on_wait);
    bool gave_up_waiting() const;
    // False, storing nothing, when the canonical form is already there.
    bool insert_puzzle(const PuzzleRecord& r);
    // Whether a puzzle of this canonical form is stored (a read: no lock taken).
    bool holds_canonical(const std::string& canonical);
    void save_progress(std::int64_t run_id, const std::string& progress_json,
                       const std::string& counters_json);
    void commit();
    void rollback();
    // Rolls back the open transaction, if any, and never throws: for a failure path, where
    // SQLite may have ended the transaction itself (a full disk) and the first error is the
    // one to report ("cannot rollback - no transaction is active" hid it).
    void abandon() noexcept;
    // Moves what the write-ahead log holds into the file this connection opened and
    // empties the log, never throwing. For a corpus whose name no longer leads to that
    // file (removed, renamed, a file moved over it): SQLite then skips its checkpoint on
    // close and leaves the log beside the name, where the next opener applied its pages
    // to whatever file bore the name (another corpus, or a new one), mixing two corpora.
    void settle_log_of_moved_file() noexcept;

    // Counting and reading.
    // From here on every read sees the corpus as it is now, until the connection closes:
    // a command whose answer takes several reads (stats, query's two passes) read each
    // after another writer's commit, and its figures disagreed.
    void hold_snapshot();
    std::map<std::pair<int, std::string>, int> counts_by_size_level(
        std::optional<std::int64_t> run_id = {});
    // The same for the puzzles of one variant (a rules name): what a run's quotas count.
    std::map<std::pair<int, std::string>, int> counts_by_size_level_of_rules(
        const std::string& rules);
    // (rules name, size, level) -> puzzles: the stats table per variant.
    std::map<std::tuple<std::string, int, std::string>, int> counts_by_rules_size_level();
    std::map<std::int64_t, int> counts_by_run();
    std::vector<PuzzleRecord> all_puzzles();
    std::vector<PuzzleRecord> query(const QueryFilter& f);
    // Like query, a row at a time (throws DbError for a filter_problem).
    PuzzleCursor scan(const QueryFilter& f);
    int count(const QueryFilter& f);

    // Merging (kenken merge, db/store/merge.cpp). attach_shard opens another corpus
    // file under the schema name "shard" (old schema versions too; nothing is written
    // to it) and hands each_run (when given) its runs one at a time: a DbError naming
    // the file when they cannot be read. scan_shard_runs reads them again, a row at a
    // time (20,000 runs held at once took 405 MB); finish with it before detach_shard,
    // which closes the shard. Attach outside a transaction; copy within
    // begin()/commit().
    void attach_shard(const std::string& path,
                      const std::function<void(const RunRow&)>& each_run = {});
    RunCursor scan_shard_runs();
    // The attached shard's puzzles in id order, as this corpus reads its own (an older
    // schema's rules and shard as standard and 0): merge reads each back before it
    // copies any (type_problems({}, "shard") first: a value of the wrong type reads as
    // a number all the same).
    PuzzleCursor scan_shard_puzzles();
    void detach_shard();
    int shard_puzzles_outside_runs();
    // The attached shard's run as a run of this corpus: a copy naming where it came
    // from, or the copy made by an earlier merge (updated to the run's latest state).
    std::int64_t copy_shard_run(const RunRow& shard_run, const std::string& path);
    // The puzzles of the shard's run (0: those outside any run) into run into_run.
    // Of two puzzles equal under rotation or reflection the one with the smaller
    // (seed, shard, candidate, neknek) stays: merging is idempotent and the rows left
    // do not depend on the order of the shards.
    MergeCounts merge_shard_puzzles(std::int64_t shard_run, std::int64_t into_run);
    // The packs exported from the attached shard, recorded here with the puzzles they
    // hold (so they are not published again); a pack merged before (the same record and
    // puzzles) is not recorded twice. Call after its puzzles are merged; returns how many
    // were recorded.
    int copy_shard_packs();
    // How many puzzles of the attached shard's packs are stored here in another turn
    // (rotated or reflected) than the shard printed them: another pack printed them so
    // first, and one stored puzzle cannot be both.
    std::int64_t shard_pack_puzzles_turned();

    // Whether every one of these puzzles is still stored as it was read (text, solution,
    // level and score: its record_digest) and, with fresh, in no pack: export checks the
    // puzzles it chose and wrote before it records them.
    bool still_as_read(const std::vector<PackEntry>& chosen, bool fresh);
    // The puzzles stored under ids, one at a time in that order: use(i, record), with
    // nullptr for an id no longer stored.
    void visit_puzzles(const std::vector<std::int64_t>& ids,
                       const std::function<void(std::size_t, const PuzzleRecord*)>& use);

    // Packs: recorded once the file is written. Returns the pack id. Inside an open
    // transaction (begin()) it joins it; otherwise it commits on its own.
    std::int64_t record_pack(const PackRow& pack, const std::vector<std::int64_t>& puzzle_ids);
    std::vector<PackRow> packs();
    // How many packs there are and the puzzles they list (their count column, as
    // packs() reads it), without their titles, filters and files (stats read every
    // pack's row whole only to count them).
    struct PackTotals {
        std::int64_t packs = 0, published = 0;
    };
    PackTotals pack_totals();
    std::vector<std::int64_t> pack_puzzle_ids(std::int64_t pack_id);
    // A pack's puzzles in pack order (number 1 first), a row at a time; none when there
    // is no such pack. DbError, before any row, when one of them is no longer stored (it
    // was left out, and a pack of none was "no pack").
    PuzzleCursor scan_pack(std::int64_t pack_id);
    // Unpublishes a pack: its record goes, and its puzzles count as fresh again
    // unless another pack holds them. False when there is no such pack. Inside an open
    // transaction it joins it; otherwise it commits on its own.
    bool delete_pack(std::int64_t pack_id);
    // Says where a pack's file now is (its folder was moved before the file was placed).
    // Inside an open transaction it joins it; otherwise it commits on its own.
    void set_pack_out(std::int64_t pack_id, const std::string& out);
    // The file this corpus is (SQLite's name for its main database).
    std::string file_name();

  private:
    explicit Corpus(Connection db);
    Statement& insert_statement();
    // ATTACHes a shard SQLite could not open the usual way (no -shm file can be made).
    void attach_shmless(const std::string& path, ShmlessRead how);

    struct Patience;  // wait_for_other_writers's callbacks, where the connection finds them
    std::unique_ptr<Patience> patience_;  // before db_: it outlives the connection
    Connection db_;
    std::unique_ptr<Statement> insert_;            // prepared once, reused by every insert
    std::unique_ptr<Statement> lookup_canonical_;  // the same for holds_canonical
    int shard_version_ = 0;                        // schema version of the attached shard
    // The runs here by what copy_shard_run finds them by (origin run, seed, shard index
    // and count, a hash of the configuration) -> id, in id order: read once per
    // attached shard, since a lookup by SQL read every run here (runs have no index
    // on those columns), once for each run of the shard: 30 s for 4,000 runs.
    using RunKey = std::tuple<std::int64_t, std::int64_t, int, int, std::size_t>;
    std::optional<std::multimap<RunKey, std::int64_t>> runs_here_;
    bool shard_shmless_ = false;  // the shard is read through a wal-index of its own
};

}  // namespace kk::db
