// Packs under concurrent use and failure (issue 11, items 5-7): two exports never
// share puzzles, a failed record leaves neither file nor record, and no part file
// outlives its export.
#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "db/pack/export.h"
#include "tests/support/corpus_fixture.h"
#include "tests/support/test_files.h"

using namespace kk;
using kk::test::TempDir;
namespace fs = std::filesystem;

namespace {

int run_shell(const std::string& cmd) {
    const int raw = std::system(cmd.c_str());
    return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
}

// Every entry of a folder whose name holds ".kkpart-" or ends in ".part".
std::vector<std::string> part_files(const std::string& dir) {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (name.find(".kkpart-") != std::string::npos ||
            (name.size() > 5 && name.substr(name.size() - 5) == ".part"))
            out.push_back(name);
    }
    return out;
}

void sql(const std::string& db, const std::string& statement) {
    sqlite3* raw = nullptr;
    REQUIRE(sqlite3_open(db.c_str(), &raw) == SQLITE_OK);
    CHECK(sqlite3_exec(raw, statement.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(raw);
}

// A process id that is certainly not running: a child that has been reaped.
long dead_pid() {
    const pid_t child = fork();
    if (child == 0) _exit(0);
    int status = 0;
    waitpid(child, &status, 0);
    return child;
}

}  // namespace

TEST_CASE("concurrent exports never put one puzzle in two packs", "[export][concurrency]") {
    TempDir dir;
    const std::string db = dir.file("c.db");
    test::build_seed_corpus(db);
    // Four exports at once, three fresh puzzles each, out of fifteen.
    std::string cmd;
    for (int i = 0; i < 4; ++i)
        cmd += kKenken + " export --db " + shell_quoted(db) + " --count 3 --out " +
               shell_quoted(dir.file("p" + std::to_string(i) + ".pdf")) + " >/dev/null 2>&1 & ";
    run_shell(cmd + "wait");
    db::Corpus c = db::Corpus::open_existing(db);
    const auto packs = c.packs();
    CHECK(packs.size() == 4);
    std::multiset<std::int64_t> used;
    for (const auto& p : packs)
        for (auto id : c.pack_puzzle_ids(p.id)) used.insert(id);
    CHECK(used.size() == 12);
    CHECK(std::set<std::int64_t>(used.begin(), used.end()).size() == used.size());
    for (int i = 0; i < 4; ++i) CHECK(fs::exists(dir.file("p" + std::to_string(i) + ".pdf")));
}

TEST_CASE("a pack that cannot be recorded leaves no file", "[export]") {
    TempDir dir;
    const std::string db = dir.file("c.db");
    test::build_seed_corpus(db);
    sql(db,
        "CREATE TRIGGER closed BEFORE INSERT ON packs BEGIN SELECT RAISE(ABORT, 'packs are "
        "closed'); END;");
    for (const char* format : {"pdf", "svg", "neknek"}) {
        INFO(format);
        const std::string out = dir.file(std::string("pack.") + format);
        const int status =
            run_shell(kKenken + " export --db " + shell_quoted(db) + " --count 3 --format " +
                      format + " --out " + shell_quoted(out) + " >/dev/null 2>&1");
        CHECK(status == 1);
        CHECK_FALSE(fs::exists(out));
        CHECK(part_files(dir.path.string()).empty());
    }
    sql(db, "DROP TRIGGER closed");
    db::Corpus c = db::Corpus::open_existing(db);
    CHECK(c.packs().empty());
    db::QueryFilter fresh;
    fresh.fresh = true;
    CHECK(c.count(fresh) == 15);
}

TEST_CASE("an empty --out or a folder is refused and leaves nothing", "[export]") {
    TempDir dir;
    const std::string db = dir.file("c.db");
    test::build_seed_corpus(db);
    fs::create_directory(dir.file("work"));
    fs::create_directory(dir.file("work/folder"));
    const std::string cd = "cd " + shell_quoted(dir.file("work")) + " && ";
    for (const char* out : {"''", "folder", "folder/", "."}) {
        for (const char* format : {"pdf", "svg", "json"}) {
            INFO(out << " " << format);
            if (std::string(format) == "svg" && std::string(out) != "''") continue;
            const int status =
                run_shell(cd + kKenken + " export --db " + shell_quoted(db) +
                          " --count 2 --format " + format + " --out " + out + " >/dev/null 2>&1");
            CHECK(status == 2);
            CHECK(part_files(dir.file("work")).empty());
            CHECK(part_files(dir.file("work/folder")).empty());
            CHECK(part_files(dir.path.string()).empty());
        }
    }
    CHECK(db::Corpus::open_existing(db).packs().empty());
}

TEST_CASE("a device or a pipe as --out is refused, --force or not, and left as it is", "[export]") {
    // The pack is renamed into place: as root, -o /dev/null --force replaced the device.
    TempDir dir;
    const std::string db = dir.file("c.db");
    test::build_seed_corpus(db);
    const std::string pipe = dir.file("pipe");
    REQUIRE(mkfifo(pipe.c_str(), 0644) == 0);
    for (const char* force : {"", " --force"}) {
        for (const char* format : {"pdf", "neknek"}) {
            INFO(format << force);
            const int status =
                run_shell(kKenken + " export --db " + shell_quoted(db) + " --count 1 --format " +
                          format + " --out " + shell_quoted(pipe) + force + " >/dev/null 2>&1");
            CHECK(status == 2);
            CHECK(fs::is_fifo(pipe));
            CHECK(part_files(dir.path.string()).empty());
        }
    }
    CHECK(db::Corpus::open_existing(db).packs().empty());
}

TEST_CASE("parts left by a killed export are removed by the next one", "[export]") {
    TempDir dir;
    const std::string db = dir.file("c.db");
    test::build_seed_corpus(db);
    const std::string dead = std::to_string(dead_pid());
    const std::string stale_file = dir.file(".book.pdf.kkpart-" + dead);
    const std::string stale_folder = dir.file(".svgs.kkpart-" + dead);
    const std::string live = dir.file(".other.pdf.kkpart-" + std::to_string(getpid()));
    std::ofstream(stale_file) << "%PDF-1.5 half";
    fs::create_directory(stale_folder);
    std::ofstream(stale_folder + "/001.svg") << "<svg";
    std::ofstream(live) << "still being written";

    db::Corpus c = db::Corpus::open_existing(db);
    db::ExportRequest req;
    req.out = dir.file("next.neknek");
    req.format = db::PackFormat::Neknek;
    req.count = 2;
    REQUIRE(db::export_pack(c, req).pack_id > 0);
    CHECK_FALSE(fs::exists(stale_file));
    CHECK_FALSE(fs::exists(stale_folder));
    CHECK(fs::exists(live));  // its writer is alive: not ours to remove
    CHECK(fs::exists(req.out));
}

namespace {

std::string slurp_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

db::ExportResult export_neknek(db::Corpus& c, const std::string& out) {
    db::ExportRequest req;
    req.out = out;
    req.format = db::PackFormat::Neknek;
    req.count = 2;
    return db::export_pack(c, req);
}

// What a kill -9 after the record's commit and before the rename leaves: the whole
// pack under its ready name (".NAME.kkpack-ID.kkpart-PID"), its process gone.
std::string leave_ready(const TempDir& dir, const std::string& name, std::int64_t pack_id) {
    const std::string ready = dir.file("." + name + ".kkpack-" + std::to_string(pack_id) +
                                       ".kkpart-" + std::to_string(dead_pid()));
    fs::rename(dir.file(name), ready);
    return ready;
}

}  // namespace

TEST_CASE("a pack recorded by an export killed before naming its file is put in place by the next",
          "[export]") {
    // The file was placed and then recorded: a kill -9 in between left a whole pack
    // unrecorded, and the next export printed its puzzles again (2 of 24 kill trials).
    // Now the record commits first, and the next export into the folder finishes.
    TempDir dir;
    const std::string db = dir.file("c.db");
    test::build_seed_corpus(db);
    db::Corpus c = db::Corpus::open_existing(db);
    const db::ExportResult first = export_neknek(c, dir.file("a.neknek"));
    REQUIRE(first.pack_id > 0);
    const std::string text = slurp_file(dir.file("a.neknek"));
    const std::string ready = leave_ready(dir, "a.neknek", first.pack_id);
    REQUIRE_FALSE(fs::exists(dir.file("a.neknek")));

    const db::ExportResult next = export_neknek(c, dir.file("b.neknek"));
    REQUIRE(next.pack_id > 0);
    CHECK(next.settled == std::vector<std::string>{fs::absolute(dir.file("a.neknek")).string()});
    CHECK(slurp_file(dir.file("a.neknek")) == text);
    CHECK_FALSE(fs::exists(ready));
    CHECK(c.pack_puzzle_ids(first.pack_id) == first.puzzle_ids);
    for (std::int64_t id : next.puzzle_ids)
        CHECK(std::count(first.puzzle_ids.begin(), first.puzzle_ids.end(), id) == 0);
    CHECK(part_files(dir.path.string()).empty());
}

TEST_CASE("a ready part never recorded, or whose name was taken since, leaves no pack behind",
          "[export]") {
    TempDir dir;
    const std::string db = dir.file("c.db");
    test::build_seed_corpus(db);
    db::Corpus c = db::Corpus::open_existing(db);
    // Killed before the commit: the corpus has no such pack, so the part goes.
    std::ofstream(dir.file("x.neknek")) << "# 4\n";
    const std::string unrecorded = leave_ready(dir, "x.neknek", 99);
    // Recorded, but the user has since made a file of that name: the pack is unpublished
    // (the export would have done that) and the user's file stays.
    const db::ExportResult first = export_neknek(c, dir.file("a.neknek"));
    REQUIRE(first.pack_id > 0);
    const std::string taken = leave_ready(dir, "a.neknek", first.pack_id);
    std::ofstream(dir.file("a.neknek")) << "mine";

    const db::ExportResult next = export_neknek(c, dir.file("b.neknek"));
    REQUIRE(next.pack_id > 0);
    CHECK(next.settled.empty());
    CHECK_FALSE(fs::exists(unrecorded));
    CHECK_FALSE(fs::exists(taken));
    CHECK(slurp_file(dir.file("a.neknek")) == "mine");
    for (const db::PackRow& p : c.packs()) {
        CHECK(p.id != 99);
        CHECK(p.id != first.pack_id);
    }
    CHECK(part_files(dir.path.string()).empty());
}
