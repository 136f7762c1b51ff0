// A book's memory does not grow with its puzzles: the plan keeps a few bytes of each,
// and the pages read their puzzles from the corpus a few at a time as they are drawn.
// The export says how many it held at once (a book once held every one: about 0.8 KB
// a 4x4, and 92 MB for a book of 100,000).
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <string>

#include "db/pack/export.h"
#include "tests/support/corpus_fixture.h"
#include "tests/support/corpus_rows.h"

using namespace kk;
using kk::test::TempDir;
namespace fs = std::filesystem;

namespace {

// A corpus of `copies` copies of 30 factory puzzles of sizes 4 to 6 (each copy differs
// only in its canonical form, which an export does not read).
std::string mixed_corpus(const TempDir& dir, int copies) {
    const std::string db = dir.file("mixed.db");
    const std::string cmd = kKenken + " generate --db '" + db +
                            "' --sizes 4-6 --count 30 --seed 5 --threads 1 >/dev/null 2>&1";
    const int raw = std::system(cmd.c_str());
    REQUIRE((WIFEXITED(raw) && WEXITSTATUS(raw) == 0));
    exec_sql(db,
             "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < " +
                 std::to_string(copies - 1) +
                 ") INSERT INTO puzzles (size, neknek, solution, level, score, cages, "
                 "singletons, max_cage, ops, canonical, seed, candidate, run_id, rules, shard) "
                 "SELECT size, neknek, solution, level, score, cages, singletons, max_cage, ops, "
                 "canonical || '#' || i, seed, candidate, run_id, rules, shard FROM puzzles, n "
                 "WHERE puzzles.id <= 30");
    return db;
}

db::ExportRequest request(const std::string& out, db::PackFormat format, int count) {
    db::ExportRequest req;
    req.format = format;
    req.out = out;
    req.count = count;
    req.solutions = true;
    req.allow_repeats = true;
    req.date = "2026-11-27";
    return req;
}

}  // namespace

TEST_CASE("a book holds a few of its puzzles at a time, however many it has", "[book][memory]") {
    TempDir dir;
    db::Corpus c = db::Corpus::open_existing(mixed_corpus(dir, 50));  // 1,500 puzzles
    // Enough for a page of answers (a few dozen small grids) and the window read ahead,
    // and far fewer than the book's puzzles.
    constexpr std::size_t kMost = 200;
    SECTION("a pdf book with the answer key and worked solutions") {
        auto req = request(dir.file("big.pdf"), db::PackFormat::Pdf, 1500);
        req.layout.walkthrough = 2;
        const db::ExportResult r = db::export_pack(c, req);
        REQUIRE(r.pack_id > 0);
        REQUIRE(r.puzzle_ids.size() == 1500);
        CHECK(r.most_puzzles_held > 0);
        CHECK(r.most_puzzles_held <= kMost);
        CHECK(fs::file_size(req.out) > 0);
    }
    SECTION("a dry run's plan") {
        auto req = request(dir.file("plan.pdf"), db::PackFormat::Pdf, 1500);
        req.dry_run = true;
        const db::ExportResult r = db::export_pack(c, req);
        REQUIRE(r.plan);
        CHECK(r.plan->puzzle_page.size() == 1500);
        CHECK(r.most_puzzles_held > 0);
        CHECK(r.most_puzzles_held <= kMost);
    }
    SECTION("an svg pack: one puzzle at a time") {
        const auto req = request(dir.file("pages"), db::PackFormat::Svg, 300);
        const db::ExportResult r = db::export_pack(c, req);
        REQUIRE(r.files.size() == 600);
        CHECK(r.most_puzzles_held == 1);
    }
}
