// Corpus members for `kenken merge`: another corpus attached read-only as "shard",
// copied in with INSERT ... SELECT so SQLite streams the rows in constant memory.
#include <sys/stat.h>

#include <limits>
#include <utility>
#include <vector>

#include "db/store/corpus.h"
#include "db/store/puzzle_rows.h"
#include "db/store/run_rows.h"
#include "db/store/schema.h"
#include "db/store/shmless_read.h"
#include "db/store/sqlite.h"
#include "db/store/version.h"

namespace kk::db {
namespace {

constexpr const char* kShard = "shard";

int shard_pragma(sqlite3* db, const char* pragma) {
    Statement s(db, std::string("PRAGMA ") + kShard + "." + pragma);
    return s.step() ? s.column_int(0) : 0;
}

}  // namespace

void Corpus::attach_shard(const std::string& path,
                          const std::function<void(const RunRow&)>& each_run) {
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) throw DbError(path + ": no such corpus file");
    if (!S_ISREG(st.st_mode)) throw DbError(path + ": not a regular file");
    shard_version_ = 0;
    runs_here_.reset();
    bool attached = false;
    try {
        try {
            Statement attach(db_.get(), std::string("ATTACH DATABASE ? AS ") + kShard);
            attach.bind(1, path).run();
        } catch (const DbError& first) {
            // A shard on a read-only medium (a read-only mount, a share) has no -shm
            // file and none can be made: "unable to open database file". Read it as the
            // readers do: as it stands (immutable), or, when its -wal file holds
            // commits, through a wal-index of its own (or refused, saying why).
            const std::optional<ShmlessRead> how = shmless_read(path);
            if (!how) throw shm_unusable(path, first.what());
            attach_shmless(path, *how);
        }
        attached = true;
        Statement tables(db_.get(), std::string("SELECT count(*) FROM ") + kShard +
                                        ".sqlite_master WHERE name IN ('runs', 'puzzles')");
        tables.step();
        const int app = shard_pragma(db_.get(), "application_id");
        const int version = shard_pragma(db_.get(), "user_version");
        if (app != kApplicationId || tables.column_int(0) != 2)
            throw DbError(path + " is not a KenKen corpus");
        if (version > schema_version())
            throw DbError(path + " was written by a newer kenken (schema version " +
                          std::to_string(version) + ")");
        shard_version_ = version;
        if (each_run) {
            RunCursor runs = scan_shard_runs();
            for (RunRow run; runs.next(run);) each_run(run);
        }
    } catch (const DbError& e) {
        if (attached) detach_shard();
        const std::string what = e.what();
        if (what.find(path) == std::string::npos)
            throw DbError(path + " is not a KenKen corpus (" + what + ")");
        throw;
    }
}

RunCursor Corpus::scan_shard_runs() {
    // Schema 1 knew no shards: its runs are shard 0 of 1, made where they are.
    const std::string shard_columns = shard_version_ >= 3
                                          ? "shard_index, shard_count, coalesce(origin, ''), "
                                            "coalesce(origin_run, 0)"
                                          : "0, 1, '', 0";
    return RunCursor(Statement(db_.get(),
                               "SELECT id, config, seed, sizes, quotas, started_at, finished_at, "
                               "status, counters, progress, " +
                                   shard_columns + " FROM " + kShard + ".runs ORDER BY id"));
}

PuzzleCursor Corpus::scan_shard_puzzles() {
    // kPuzzleColumns, with what schema 1 and 2 lack read as their defaults.
    std::string columns = kPuzzleColumns;
    if (shard_version_ < 2) columns.replace(columns.find("rules"), 5, "'standard'");
    if (shard_version_ < 3) columns.replace(columns.rfind("shard"), 5, "0");
    return PuzzleCursor(
        Statement(db_.get(), "SELECT " + columns + " FROM " + kShard + ".puzzles ORDER BY id"));
}

void Corpus::attach_shmless(const std::string& path, ShmlessRead how) {
    const bool private_index = how == ShmlessRead::PrivateWalIndex;
    // The shard must be in exclusive locking mode before its first read. Only the
    // pragma without a schema gives a mode to a database ATTACH is yet to open; it sets
    // main's too, put back once the shard is read (a heap wal-index keeps its mode).
    if (private_index) exec(db_.get(), "PRAGMA locking_mode = EXCLUSIVE");
    try {
        Statement attach(db_.get(), std::string("ATTACH DATABASE ? AS ") + kShard);
        attach.bind(1, shmless_uri(path, how)).run();
        shard_shmless_ = private_index;
        if (private_index)
            Statement(db_.get(), std::string("SELECT count(*) FROM ") + kShard + ".sqlite_master")
                .step();
    } catch (const DbError&) {
        if (private_index) exec(db_.get(), "PRAGMA locking_mode = NORMAL");
        if (shard_shmless_) detach_shard();
        throw;
    }
    if (private_index) {
        exec(db_.get(), "PRAGMA locking_mode = NORMAL");
        try {
            check_still_shmless(path);
        } catch (const DbError&) {
            detach_shard();
            throw;
        }
    }
}

void Corpus::detach_shard() {
    // A shard read through its own wal-index holds no lock: detaching must not take
    // itself for its last reader and checkpoint it.
    if (shard_shmless_) sqlite3_db_config(db_.get(), SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
    exec(db_.get(), std::string("DETACH DATABASE ") + kShard);
    runs_here_.reset();
    if (shard_shmless_) sqlite3_db_config(db_.get(), SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0, nullptr);
    shard_shmless_ = false;
}

int Corpus::shard_puzzles_outside_runs() {
    Statement s(db_.get(),
                std::string("SELECT count(*) FROM ") + kShard + ".puzzles WHERE run_id IS NULL");
    s.step();
    return s.column_int(0);
}

std::int64_t Corpus::copy_shard_run(const RunRow& run, const std::string& path) {
    // A run merged before, from this file, a copy of it or a rerun of the shard, is
    // found by what it is, not by where it lies.
    const std::string origin = run.origin.empty() ? path : run.origin;
    const std::int64_t origin_run = run.origin.empty() ? run.id : run.origin_run;
    const std::hash<std::string> hash;
    if (!runs_here_) {
        runs_here_.emplace();
        Statement all(db_.get(),
                      "SELECT id, origin_run, seed, shard_index, shard_count, config FROM runs "
                      "WHERE origin_run IS NOT NULL ORDER BY id");
        while (all.step())
            runs_here_->emplace(RunKey{all.column_int64(1), all.column_int64(2), all.column_int(3),
                                       all.column_int(4), hash(all.column_text(5))},
                                all.column_int64(0));
    }
    const RunKey key{origin_run, to_sql(run.seed), run.shard_index, run.shard_count,
                     hash(run.config)};
    // The first run here of that key whose configuration is the same text (the SQL
    // lookup's "ORDER BY id LIMIT 1"; a hash can meet another text).
    std::optional<std::int64_t> found;
    for (auto [at, end] = runs_here_->equal_range(key); !found && at != end; ++at) {
        Statement config(db_.get(), "SELECT config FROM runs WHERE id = ?");
        config.bind(1, at->second);
        if (config.step() && config.column_text(0) == run.config) found = at->second;
    }
    if (found) {
        const std::int64_t id = *found;
        // The shard may have gone on since: keep its latest state.
        Statement update(db_.get(),
                         "UPDATE runs SET finished_at = ?, status = ?, counters = ?, progress = ? "
                         "WHERE id = ?");
        if (run.finished_at)
            update.bind(1, *run.finished_at);
        else
            update.bind_null(1);
        update.bind(2, run.status).bind(3, run.counters).bind(4, run.progress).bind(5, id).run();
        return id;
    }
    Statement insert(db_.get(),
                     "INSERT INTO runs (config, seed, sizes, quotas, started_at, finished_at, "
                     "status, counters, progress, shard_index, shard_count, origin, origin_run) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, run.config).bind(2, to_sql(run.seed)).bind(3, run.sizes).bind(4, run.quotas);
    insert.bind(5, run.started_at);
    if (run.finished_at)
        insert.bind(6, *run.finished_at);
    else
        insert.bind_null(6);
    insert.bind(7, run.status).bind(8, run.counters).bind(9, run.progress);
    insert.bind(10, run.shard_index).bind(11, run.shard_count).bind(12, origin);
    insert.bind(13, origin_run).run();
    const std::int64_t id = sqlite3_last_insert_rowid(db_.get());
    runs_here_->emplace(key, id);
    return id;
}

MergeCounts Corpus::merge_shard_puzzles(std::int64_t shard_run, std::int64_t into_run) {
    // The rows added are those past the largest id before (a replaced row keeps its
    // id): counting the whole table before and after, for each of a shard's runs, read
    // it 2 x runs times.
    const auto last_id = [this] {
        Statement s(db_.get(), "SELECT coalesce(max(id), 0) FROM main.puzzles");
        s.step();
        return s.column_int64(0);
    };
    // Past id 2^63-1 SQLite picks unused ids at random: then the whole table is counted.
    const auto count_from = [this](std::int64_t id) {
        Statement s(db_.get(), "SELECT count(*) FROM main.puzzles WHERE id > ?");
        s.bind(1, id);
        s.step();
        return s.column_int64(0);
    };
    const std::string where = shard_run ? "run_id = ?" : "run_id IS NULL";
    MergeCounts m;
    {
        Statement read(db_.get(),
                       std::string("SELECT count(*) FROM ") + kShard + ".puzzles WHERE " + where);
        if (shard_run) read.bind(1, shard_run);
        read.step();
        m.read = read.column_int64(0);
    }
    const std::int64_t before = last_id();
    const bool ids_grow = before < std::numeric_limits<std::int64_t>::max();
    const std::int64_t held = ids_grow ? 0 : count_from(std::numeric_limits<std::int64_t>::min());
    // Of two puzzles equal under rotation or reflection, the one with the smaller
    // (seed, shard, candidate, neknek) stays, whichever came first: any order of
    // shards leaves the same rows. A puzzle a pack holds stays as it is: it is printed
    // (a later shard once turned a published puzzle and its answer into their mirror
    // image, so `packs --show` no longer matched the book); and so one a shard's pack
    // holds takes the place of an unpublished one (copy_shard_packs records its pack).
    Statement insert(
        db_.get(),
        std::string("INSERT INTO main.puzzles (size, neknek, solution, level, score, cages, "
                    "singletons, max_cage, ops, canonical, seed, candidate, run_id, created_at, "
                    "rules, shard) SELECT size, neknek, solution, level, score, cages, "
                    "singletons, max_cage, ops, canonical, seed, candidate, ?, created_at, ") +
            // Schema 2 added the rules (variants), 3 the shard columns.
            (shard_version_ >= 2 ? "rules, " : "'standard', ") +
            (shard_version_ >= 3 ? "shard" : "0") + " FROM " + kShard + ".puzzles WHERE " + where +
            " ON CONFLICT(canonical) DO UPDATE SET size = excluded.size, neknek = "
            "excluded.neknek, solution = excluded.solution, level = excluded.level, score = "
            "excluded.score, cages = excluded.cages, singletons = excluded.singletons, max_cage "
            "= excluded.max_cage, ops = excluded.ops, seed = excluded.seed, candidate = "
            "excluded.candidate, run_id = excluded.run_id, created_at = excluded.created_at, "
            "rules = excluded.rules, shard = excluded.shard WHERE ((excluded.seed, "
            "excluded.shard, "
            "excluded.candidate, excluded.neknek) < (puzzles.seed, puzzles.shard, "
            "puzzles.candidate, puzzles.neknek) OR ((excluded.seed, excluded.shard, "
            "excluded.candidate, excluded.neknek) <> (puzzles.seed, puzzles.shard, "
            "puzzles.candidate, puzzles.neknek) AND EXISTS (SELECT 1 FROM " +
            kShard + ".puzzles sp JOIN " + kShard +
            ".pack_puzzles spp ON spp.puzzle_id = sp.id WHERE sp.canonical = "
            "puzzles.canonical))) AND NOT EXISTS (SELECT 1 FROM main.pack_puzzles pp WHERE "
            "pp.puzzle_id = puzzles.id)");
    if (into_run)
        insert.bind(1, into_run);
    else
        insert.bind_null(1);
    if (shard_run) insert.bind(2, shard_run);
    insert.run();
    const std::int64_t changed = sqlite3_changes(db_.get());
    m.added =
        ids_grow ? count_from(before) : count_from(std::numeric_limits<std::int64_t>::min()) - held;
    m.replaced = changed - m.added;
    m.duplicates = m.read - m.added;
    return m;
}

int Corpus::copy_shard_packs() {
    using Member = std::pair<std::int64_t, std::int64_t>;  // (number, puzzle id here)
    const auto members_of = [this](Statement& query, std::int64_t pack) {
        query.reset();
        query.bind(1, pack);
        std::vector<Member> members;
        while (query.step()) members.emplace_back(query.column_int64(0), query.column_int64(1));
        return members;
    };
    // A pack's puzzles as they are stored here (merge_shard_puzzles kept each one a
    // pack holds, or one equal to it under rotation or reflection already published).
    Statement shard_members(db_.get(), std::string("SELECT spp.number, mp.id FROM ") + kShard +
                                           ".pack_puzzles spp JOIN " + kShard +
                                           ".puzzles sp ON sp.id = spp.puzzle_id JOIN "
                                           "main.puzzles mp ON mp.canonical = sp.canonical "
                                           "WHERE spp.pack_id = ? ORDER BY spp.number");
    Statement here_members(db_.get(),
                           "SELECT number, puzzle_id FROM main.pack_puzzles WHERE pack_id = ? "
                           "ORDER BY number");
    Statement same(db_.get(),
                   "SELECT id FROM main.packs WHERE title = ? AND created_at = ? AND filters = ? "
                   "AND format = ? AND out = ? AND count = ? ORDER BY id");
    Statement add_pack(db_.get(),
                       "INSERT INTO main.packs (title, created_at, filters, format, out, count) "
                       "VALUES (?, ?, ?, ?, ?, ?)");
    Statement add_member(db_.get(),
                         "INSERT INTO main.pack_puzzles (pack_id, puzzle_id, number) "
                         "VALUES (?, ?, ?)");
    // Every shard pack merged here is remembered, also once `packs --delete` has
    // deleted it: merged again, a deleted pack came back under a new id.
    Statement merged_before(db_.get(),
                            "SELECT 1 FROM main.merged_packs WHERE title = ? AND created_at = ? "
                            "AND filters = ? AND format = ? AND out = ? AND count = ? AND "
                            "members = ?");
    Statement remember(db_.get(),
                       "INSERT OR IGNORE INTO main.merged_packs (title, created_at, filters, "
                       "format, out, count, members) VALUES (?, ?, ?, ?, ?, ?, ?)");
    Statement packs(db_.get(), std::string("SELECT id, title, created_at, filters, format, out, "
                                           "count FROM ") +
                                   kShard + ".packs ORDER BY id");
    // The shard's pack record (title, created_at, filters, format, out, count) as 1 to 6.
    const auto bind_record = [&packs](Statement& s) -> Statement& {
        s.reset();
        for (int c = 1; c <= 5; ++c) s.bind(c, packs.column_text(c));
        return s.bind(6, packs.column_int64(6));
    };
    int copied = 0;
    while (packs.step()) {
        const std::vector<Member> members = members_of(shard_members, packs.column_int64(0));
        std::string listed;  // merged_packs.members
        for (const auto& [number, puzzle] : members)
            listed +=
                (listed.empty() ? "" : " ") + std::to_string(number) + ":" + std::to_string(puzzle);
        bind_record(merged_before).bind(7, listed);
        if (merged_before.step()) continue;
        bind_record(remember).bind(7, listed).run();
        // Merged before this corpus remembered merged packs (schema 4): the same record,
        // the same puzzles in the same order.
        bind_record(same);
        bool here = false;
        while (!here && same.step())
            here = members_of(here_members, same.column_int64(0)) == members;
        if (here) continue;
        bind_record(add_pack).run();
        const std::int64_t id = sqlite3_last_insert_rowid(db_.get());
        for (const auto& [number, puzzle] : members) {
            add_member.reset();
            add_member.bind(1, id).bind(2, puzzle).bind(3, number).run();
        }
        ++copied;
    }
    return copied;
}

std::int64_t Corpus::shard_pack_puzzles_turned() {
    Statement s(db_.get(), std::string("SELECT count(*) FROM ") + kShard +
                               ".pack_puzzles spp JOIN " + kShard +
                               ".puzzles sp ON sp.id = spp.puzzle_id JOIN main.puzzles mp ON "
                               "mp.canonical = sp.canonical WHERE mp.neknek <> sp.neknek");
    s.step();
    return s.column_int64(0);
}

}  // namespace kk::db
