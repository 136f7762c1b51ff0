#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <set>

#include "db/store/corpus.h"
#include "db/store/schema.h"
#include "db/store/version.h"
#include "tests/support/corpus_fixture.h"

using namespace kk;
using kk::test::TempDir;

namespace {

// Straight SQLite, outside the code under test.
std::string raw_text(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr);
    sqlite3_stmt* st = nullptr;
    std::string out;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) == SQLITE_OK) {
        while (sqlite3_step(st) == SQLITE_ROW) {
            const unsigned char* t = sqlite3_column_text(st, 0);
            if (!out.empty()) out += ',';
            if (t) out += reinterpret_cast<const char*>(t);
        }
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return out;
}

// Runs statements that return nothing, straight through SQLite; true when all ran.
bool raw_exec(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr);
    const bool ok = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    return ok;
}

db::PuzzleRecord tiny_record(const std::string& canonical, std::int64_t run_id = 0) {
    Puzzle p;
    p.size = 2;
    p.cages = {{Op::Add, 3, {0, 1}}, {Op::Given, 2, {2}}, {Op::Given, 1, {3}}};
    db::PuzzleRecord r;
    db::describe_structure(p, r);
    r.neknek = write_neknek(p);
    r.solution = "1221";
    r.level = "easy";
    r.score = 1.5;
    r.canonical = canonical;
    r.seed = 7;
    r.candidate = 3;
    r.run_id = run_id;
    return r;
}

}  // namespace

TEST_CASE("a new corpus gets the whole schema and its version", "[corpus]") {
    TempDir dir;
    const std::string path = dir.file("c.db");
    { db::Corpus::open(path); }
    CHECK(raw_text(path, "PRAGMA user_version") == std::to_string(db::schema_version()));
    CHECK(raw_text(path, "PRAGMA application_id") == std::to_string(db::kApplicationId));
    CHECK(raw_text(path, "PRAGMA journal_mode") == "wal");
    // sqlite_sequence: SQLite's counter for packs' AUTOINCREMENT (no pack id is given twice);
    // merged_packs: the shard packs merge has recorded (schema 5).
    CHECK(raw_text(path, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") ==
          "merged_packs,pack_puzzles,packs,puzzles,runs,sqlite_sequence");
    const std::string indexes =
        raw_text(path,
                 "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = "
                 "'puzzles' AND sql IS NOT NULL");
    CHECK_THAT(indexes, Catch::Contains("puzzles_size_level_score"));
    // Opening again migrates nothing and keeps what is there.
    {
        db::Corpus c = db::Corpus::open(path);
        REQUIRE(c.insert_puzzle(tiny_record("x")));
    }
    db::Corpus again = db::Corpus::open_existing(path);
    CHECK(again.all_puzzles().size() == 1);
}

TEST_CASE("files that are not a corpus are refused untouched", "[corpus]") {
    TempDir dir;
    SECTION("missing file") {
        CHECK_THROWS_WITH(db::Corpus::open_existing(dir.file("none.db")),
                          Catch::Contains("no such corpus"));
        CHECK_FALSE(std::filesystem::exists(dir.file("none.db")));
    }
    SECTION("a text file") {
        const std::string path = dir.file("notes.txt");
        std::ofstream(path) << "these are not the puzzles you are looking for\n"
                            << std::string(600, 'x') << "\n";
        const std::string before = slurp(path);
        CHECK_THROWS_WITH(db::Corpus::open(path), Catch::Contains("not a KenKen corpus"));
        CHECK_THROWS_WITH(db::Corpus::open_existing(path), Catch::Contains("not a KenKen corpus"));
        CHECK(slurp(path) == before);
    }
    SECTION("another program's SQLite database") {
        const std::string path = dir.file("other.db");
        sqlite3* db = nullptr;
        sqlite3_open(path.c_str(), &db);
        sqlite3_exec(db, "CREATE TABLE birds (name TEXT)", nullptr, nullptr, nullptr);
        sqlite3_close(db);
        CHECK_THROWS_WITH(db::Corpus::open(path), Catch::Contains("not a KenKen corpus"));
        CHECK(raw_text(path, "SELECT name FROM sqlite_master") == "birds");
    }
    SECTION("an empty database is no corpus to read") {
        const std::string path = dir.file("empty.db");
        std::ofstream(path).close();
        CHECK_THROWS_WITH(db::Corpus::open_existing(path), Catch::Contains("not a KenKen corpus"));
    }
    SECTION("a corpus from a newer kenken") {
        const std::string path = dir.file("newer.db");
        { db::Corpus::open(path); }
        raw_text(path, "PRAGMA user_version = " + std::to_string(db::schema_version() + 1));
        CHECK_THROWS_WITH(db::Corpus::open_existing(path), Catch::Contains("newer kenken"));
        CHECK_THROWS_WITH(db::Corpus::open(path), Catch::Contains("newer kenken"));
    }
}

TEST_CASE("a corpus missing part of its schema is damaged, named on open or by verify", "[db]") {
    TempDir dir;
    const std::string path = dir.file("c.db");
    {
        db::Corpus c = db::Corpus::open(path);
        CHECK(c.schema_problems().empty());
    }
    const auto refused_everywhere = [&](const std::string& what) {
        CHECK_THROWS_WITH(db::Corpus::open(path), Catch::Contains("is damaged: " + what));
        CHECK_THROWS_WITH(db::Corpus::open_existing(path), Catch::Contains("is damaged: " + what));
        CHECK_THROWS_WITH(db::Corpus::open_read_only(path), Catch::Contains("is damaged: " + what));
    };
    SECTION("a table dropped") {
        REQUIRE(raw_exec(path, "DROP TABLE packs"));
        refused_everywhere("table packs is missing");
    }
    SECTION("a column dropped") {
        REQUIRE(raw_exec(path, "ALTER TABLE puzzles DROP COLUMN ops"));
        refused_everywhere("column puzzles.ops is missing");
    }
    SECTION("a table made again without its UNIQUE constraint (dedupe rests on it)") {
        REQUIRE(raw_exec(path,
                         "CREATE TABLE copy AS SELECT * FROM puzzles; DROP TABLE puzzles; "
                         "ALTER TABLE copy RENAME TO puzzles"));
        CHECK(raw_text(path, "SELECT count(*) FROM pragma_table_info('puzzles')") != "0");
        refused_everywhere("the unique index on puzzles(canonical) is missing");
    }
    SECTION("an index for speed dropped: readable, and named by the check") {
        REQUIRE(raw_exec(path, "DROP INDEX puzzles_score"));
        db::Corpus c = db::Corpus::open_read_only(path);
        const auto problems = c.schema_problems();
        REQUIRE(problems.size() == 1);
        CHECK(problems[0] == "the index on puzzles(score) is missing");
    }
    SECTION("the user's own tables and indexes are theirs") {
        REQUIRE(raw_exec(path,
                         "CREATE TABLE notes (puzzle_id INTEGER, text TEXT); "
                         "CREATE INDEX notes_puzzle ON notes(puzzle_id); "
                         "CREATE INDEX by_seed ON puzzles(seed)"));
        CHECK(db::Corpus::open_existing(path).schema_problems().empty());
        CHECK(db::Corpus::open_read_only(path).schema_problems().empty());
    }
}

TEST_CASE("a duplicate canonical form is refused and stores nothing", "[corpus]") {
    TempDir dir;
    db::Corpus c = db::Corpus::open(dir.file("c.db"));
    CHECK(c.insert_puzzle(tiny_record("same")));
    db::PuzzleRecord other = tiny_record("same");
    other.level = "hard";
    other.score = 9;
    CHECK_FALSE(c.insert_puzzle(other));
    CHECK(c.insert_puzzle(tiny_record("different")));
    const auto all = c.all_puzzles();
    REQUIRE(all.size() == 2);
    CHECK(all[0].level == "easy");
    CHECK(all[1].canonical == "different");
}

TEST_CASE("records come back as stored", "[corpus]") {
    TempDir dir;
    const std::string path = dir.file("c.db");
    const auto seeds = test::build_seed_corpus(path);
    db::Corpus c = db::Corpus::open_existing(path);
    const auto all = c.all_puzzles();
    REQUIRE(all.size() == seeds.size());
    for (size_t i = 0; i < all.size(); ++i) {
        const db::PuzzleRecord want = test::seed_record(seeds[i], static_cast<int>(i), 1);
        const db::PuzzleRecord& got = all[i];
        CHECK(got.id == static_cast<std::int64_t>(i + 1));
        CHECK(got.size == seeds[i].puzzle.size);
        CHECK(got.neknek == want.neknek);
        CHECK(got.solution == want.solution);
        CHECK(got.level == want.level);
        CHECK(got.score == want.score);
        CHECK(got.cages == static_cast<int>(seeds[i].puzzle.cages.size()));
        CHECK(got.ops == want.ops);
        CHECK(got.seed == want.seed);  // the top bit survives SQLite's signed integers
        CHECK(got.candidate == want.candidate);
        CHECK(got.run_id == 1);
        CHECK(got.created_at.size() == 20);  // 2026-11-21T09:51:01Z
        CHECK(got.created_at.back() == 'Z');
        CHECK(is_solution(seeds[i].puzzle, db::solution_grid(got.solution)));
    }
}

TEST_CASE("describe_structure counts cages and lists the operations in their fixed order",
          "[corpus]") {
    Puzzle p;
    p.size = 3;
    p.cages = {{Op::Div, 2, {0, 1}},
               {Op::Given, 3, {2}},
               {Op::Add, 6, {3, 4, 5}},
               {Op::Mul, 6, {6, 7}},
               {Op::Given, 2, {8}}};
    db::PuzzleRecord r;
    db::describe_structure(p, r);
    CHECK(r.size == 3);
    CHECK(r.cages == 5);
    CHECK(r.singletons == 2);
    CHECK(r.max_cage == 3);
    CHECK(r.ops == "+*/");
    CHECK(db::solution_text({1, 2, 3}) == "123");
    CHECK(db::solution_grid("312") == Grid{3, 1, 2});
}

TEST_CASE("runs save progress with their batch and a rollback drops both", "[corpus]") {
    TempDir dir;
    db::Corpus c = db::Corpus::open(dir.file("c.db"));
    const std::uint64_t seed = 0x8000000000000001ULL;
    const auto id = c.begin_run("seed = 1\n", seed, "6,7", "{\"6\":{\"hard\":5}}");
    auto open = c.latest_unfinished_run();
    REQUIRE(open);
    CHECK(open->id == id);
    CHECK(open->seed == seed);
    CHECK(open->status == "running");
    CHECK_FALSE(open->finished_at);
    CHECK(open->quotas == "{\"6\":{\"hard\":5}}");

    c.begin();
    CHECK(c.insert_puzzle(tiny_record("a", id)));
    c.save_progress(id, "{\"batch\":1}", "{\"n\":1}");
    c.commit();
    c.begin();
    CHECK(c.insert_puzzle(tiny_record("b", id)));
    c.save_progress(id, "{\"batch\":2}", "{\"n\":2}");
    c.rollback();
    CHECK(c.all_puzzles().size() == 1);
    CHECK(c.run(id)->progress == "{\"batch\":1}");
    CHECK(c.run(id)->counters == "{\"n\":1}");

    c.set_run_status(id, "interrupted", "{\"n\":1}", false);
    CHECK(c.latest_unfinished_run()->status == "interrupted");
    c.set_run_status(id, "finished", "{\"n\":1}", true);
    CHECK_FALSE(c.latest_unfinished_run());
    CHECK(c.run(id)->finished_at);
    CHECK_FALSE(c.run(id + 1));
    CHECK_THROWS_AS(c.set_run_status(id, "paused", "{}", false), db::DbError);
}

TEST_CASE("counts by size and level agree with the stored puzzles", "[corpus]") {
    TempDir dir;
    const std::string path = dir.file("c.db");
    test::build_seed_corpus(path);
    db::Corpus c = db::Corpus::open_existing(path);
    const auto run2 = c.begin_run("", 1, "2", "{}");
    c.insert_puzzle(tiny_record("tiny", run2));
    std::map<std::pair<int, std::string>, int> want, want_run2;
    for (const auto& r : c.all_puzzles()) {
        ++want[{r.size, r.level}];
        if (r.run_id == run2) ++want_run2[{r.size, r.level}];
    }
    CHECK(c.counts_by_size_level() == want);
    CHECK(c.counts_by_size_level(run2) == want_run2);
    CHECK(want_run2.size() == 1);
    CHECK(c.counts_by_run().at(run2) == 1);
}

TEST_CASE("a rotated or mirrored seed puzzle is a duplicate", "[corpus]") {
    TempDir dir;
    const std::string path = dir.file("c.db");
    const auto seeds = test::build_seed_corpus(path);
    db::Corpus c = db::Corpus::open_existing(path);
    const size_t before = c.all_puzzles().size();
    for (int symmetry = 1; symmetry < kSymmetries; ++symmetry) {
        test::SeedPuzzle turned = seeds[3];
        turned.puzzle = transform(seeds[3].puzzle, symmetry);
        turned.solution = transform(seeds[3].solution, seeds[3].puzzle.size, symmetry);
        CHECK_FALSE(c.insert_puzzle(test::seed_record(turned, 99, 1)));
    }
    CHECK(c.all_puzzles().size() == before);
}

TEST_CASE("a deleted pack's id is never given again, in a new corpus or one from schema 3",
          "[corpus][packs]") {
    // SQLite gave the highest id again: after deleting pack 2 the next pack was 2 too, and
    // a second `packs --delete 2` took another book's record.
    TempDir dir;
    const std::string path = dir.file("packs.db");
    std::vector<std::int64_t> ids;
    {
        db::Corpus c = db::Corpus::open(path);
        for (const char* name : {"a", "b", "c"}) {
            db::PuzzleRecord r = tiny_record(name);
            REQUIRE(c.insert_puzzle(r));
        }
        for (const auto& all = c.all_puzzles(); const db::PuzzleRecord& r : all)
            ids.push_back(r.id);
        db::PackRow pack{0, "T", "", "fresh", "json", "x.json", 1};
        CHECK(c.record_pack(pack, {ids[0]}) == 1);
        CHECK(c.record_pack(pack, {ids[1]}) == 2);
        REQUIRE(c.delete_pack(2));
        CHECK(c.record_pack(pack, {ids[1]}) == 3);
    }
    // Back to schema 3 as an older build left it: packs without AUTOINCREMENT.
    REQUIRE(raw_exec(path,
                     "CREATE TABLE packs_old (id INTEGER PRIMARY KEY, title TEXT NOT NULL, "
                     "created_at TEXT NOT NULL, filters TEXT NOT NULL, format TEXT NOT NULL, "
                     "out TEXT NOT NULL, count INTEGER NOT NULL); "
                     "INSERT INTO packs_old SELECT * FROM packs; DROP TABLE packs; "
                     "ALTER TABLE packs_old RENAME TO packs; DELETE FROM sqlite_sequence; "
                     "DROP TABLE merged_packs; PRAGMA user_version = 3"));
    REQUIRE(raw_text(path, "PRAGMA user_version") == "3");
    {
        // A reader reads it as it is: its tables hold every column and index it reads.
        db::Corpus reader = db::Corpus::open_read_only(path);
        CHECK(reader.packs().size() == 2);
        CHECK(raw_text(path, "PRAGMA user_version") == "3");
    }
    db::Corpus c = db::Corpus::open_existing(path);
    CHECK(raw_text(path, "PRAGMA user_version") == std::to_string(db::schema_version()));
    const auto packs = c.packs();
    REQUIRE(packs.size() == 2);  // kept, with their puzzles
    CHECK(packs[0].id == 1);
    CHECK(packs[1].id == 3);
    CHECK(c.pack_puzzle_ids(3) == std::vector<std::int64_t>{ids[1]});
    REQUIRE(c.delete_pack(3));
    db::PackRow pack{0, "T", "", "fresh", "json", "y.json", 1};
    CHECK(c.record_pack(pack, {ids[2]}) == 4);
    CHECK(c.reference_problems().empty());
}

TEST_CASE("a schema-1 corpus opens with its puzzles as standard, variants store their rules",
          "[corpus][variants]") {
    TempDir dir;
    const std::string path = dir.file("old.db");
    {
        db::Corpus c = db::Corpus::open(path);
        REQUIRE(c.insert_puzzle(tiny_record("old")));
    }
    // Take the file back to schema 1 as an older build left it: no rules column.
    {
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
        REQUIRE(sqlite3_exec(db,
                             "DROP INDEX puzzles_rules_size_level; "
                             "ALTER TABLE puzzles DROP COLUMN rules; "
                             "ALTER TABLE puzzles DROP COLUMN shard; "
                             "ALTER TABLE runs DROP COLUMN shard_index; "
                             "ALTER TABLE runs DROP COLUMN shard_count; "
                             "ALTER TABLE runs DROP COLUMN origin; "
                             "ALTER TABLE runs DROP COLUMN origin_run; "
                             "DROP TABLE merged_packs; PRAGMA user_version = 1",
                             nullptr, nullptr, nullptr) == SQLITE_OK);
        sqlite3_close(db);
    }
    REQUIRE(raw_text(path, "PRAGMA user_version") == "1");
    // A reader cannot read it before a writer brings it up to date: columns are missing.
    CHECK_THROWS_WITH(db::Corpus::open_read_only(path), Catch::Contains("has an older schema"));
    db::Corpus c = db::Corpus::open_existing(path);
    CHECK(raw_text(path, "PRAGMA user_version") == std::to_string(db::schema_version()));
    const auto all = c.all_puzzles();
    REQUIRE(all.size() == 1);
    CHECK(all[0].rules == "standard");

    // A killer puzzle carries its rules in the row, the text and the canonical form.
    Puzzle p;
    p.size = 2;
    p.cages = {{Op::Add, 3, {0, 1}}, {Op::Given, 2, {2}}, {Op::Given, 1, {3}}};
    p.rules.killer = true;
    db::PuzzleRecord r = tiny_record("killer");
    db::describe_structure(p, r);
    r.neknek = write_neknek(p);
    REQUIRE(c.insert_puzzle(r));
    db::QueryFilter f;
    f.variant = "killer";
    const auto killers = c.query(f);
    REQUIRE(killers.size() == 1);
    CHECK(killers[0].rules == "killer");
    CHECK(killers[0].neknek.rfind("#\t2\tkiller\n", 0) == 0);
    const auto counts = c.counts_by_rules_size_level();
    CHECK(counts.at({"standard", 2, "easy"}) == 1);
    CHECK(counts.at({"killer", 2, "easy"}) == 1);
}

TEST_CASE("a reader recovers a hot journal that a killed rollback-mode writer left", "[corpus]") {
    TempDir dir;
    const std::string path = dir.file("hot.db");
    {
        db::Corpus c = db::Corpus::open(path);
        REQUIRE(c.insert_puzzle(tiny_record("kept")));
    }
    // A corpus in rollback mode (as older builds left them), and a writer that dies
    // inside a transaction after SQLite spilled changed pages into the file.
    REQUIRE(raw_text(path, "PRAGMA journal_mode = DELETE") == "delete");
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        sqlite3* db = nullptr;
        sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr);
        sqlite3_exec(db,
                     "PRAGMA cache_size = 1; BEGIN; DELETE FROM puzzles; CREATE TABLE filler(x);"
                     "INSERT INTO filler WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL "
                     "SELECT i + 1 FROM n WHERE i < 2000) SELECT randomblob(300) FROM n;",
                     nullptr, nullptr, nullptr);
        _exit(0);  // no commit, no close: what a kill leaves
    }
    int status = 0;
    waitpid(pid, &status, 0);
    REQUIRE(std::filesystem::exists(path + "-journal"));
    db::Corpus reader = db::Corpus::open_read_only(path);
    CHECK(reader.all_puzzles().size() == 1);
    CHECK_FALSE(std::filesystem::exists(path + "-journal"));
}
