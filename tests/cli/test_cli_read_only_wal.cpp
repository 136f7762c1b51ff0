// A corpus on a read-only file system whose -wal file holds commits and whose -shm file
// is gone (a run killed, or the files copied while a reader held them): the readers
// opened it immutable and left those commits out without a word.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/cli_run.h"
#include "tests/support/test_files.h"
#include "tests/support/test_mount.h"

namespace fs = std::filesystem;

namespace {

// A python3 line that runs the rest of the command line while it holds a read lock on
// db where SQLite puts its own (what an open connection to db holds).
std::string holding_a_lock(const std::string& db) {
    return "python3 -c \"import fcntl, os, struct, subprocess, sys; fd = os.open('" + db +
           "', os.O_RDONLY); fcntl.fcntl(fd, fcntl.F_SETLK, struct.pack('hhqqi', fcntl.F_RDLCK, "
           "0, 0x40000002, 510, 0)); sys.exit(subprocess.run(sys.argv[1:]).returncode)\" ";
}

}  // namespace

TEST_CASE("readers of a read-only corpus read the commits its -wal file holds without a -shm file",
          "[cli][read-only][wal]") {
    TempPath folder("read-only-wal");
    fs::create_directory(folder.path);
    const TestMount tmpfs = TestMount::tmpfs(folder.path / "ro", "8m");
    if (!tmpfs.mounted()) {
        WARN("mount is not allowed here (not root): skipped");
        return;
    }
    const std::string db = tmpfs.at() + "/c.db";
    REQUIRE(run_kenken("generate -q --db " + db + " --sizes 4 -n 6 --seed 5").status == 0);
    // A second run while a reader holds a read transaction: no checkpoint can pass it,
    // so every commit of the run stays in the -wal file; then the reader ends without
    // closing (os._exit, as a kill -9 would).
    REQUIRE(run_shell("python3 -c \"import sqlite3, subprocess, os; c = sqlite3.connect('" + db +
                      "', isolation_level=None); c.execute('BEGIN'); c.execute('SELECT count(*) "
                      "FROM puzzles').fetchall(); r = subprocess.run(['" +
                      kKenken + "', 'generate', '-q', '--db', '" + db +
                      "', '--sizes', '4', '-n', '12', '--seed', '6']); os._exit(r.returncode)\"")
                .status == 0);
    REQUIRE(run_shell("rm " + db + "-shm " + db + ".lock && test -s " + db + "-wal").status == 0);
    // What the corpus holds: a copy with its -wal file, in a folder that can be written.
    const fs::path whole = folder.path / "whole";
    const fs::path without = folder.path / "without-wal";
    fs::create_directories(whole);
    fs::create_directories(without);
    fs::copy_file(db, whole / "c.db");
    fs::copy_file(db + "-wal", whole / "c.db-wal");
    fs::copy_file(db, without / "c.db");
    const std::string copy = (whole / "c.db").string();
    const std::string reads[] = {"stats --json --db ", "query --format neknek --db ",
                                 "verify --db ", "export --dry-run -n 12 -o p.pdf --db "};
    std::vector<std::string> expected;
    for (const std::string& read : reads) {
        const CliResult r = run_kenken(read + copy);
        REQUIRE(r.status == 0);
        expected.push_back(r.out + r.err);
    }
    // The commits in the -wal file change what is read.
    REQUIRE(run_kenken(reads[1] + (without / "c.db").string()).out != expected[1]);
    REQUIRE(tmpfs.remount_read_only());
    const std::string listed =
        run_shell("ls -l --full-time " + tmpfs.at() + " && md5sum " + tmpfs.at() + "/*").out;

    for (size_t i = 0; i < std::size(reads); ++i) {
        const CliResult r = run_kenken(reads[i] + db);
        INFO(reads[i] << db << "\n" << r.err);
        CHECK(r.status == 0);
        // Everything but the file's name, which verify and export name.
        std::string seen = r.out + r.err;
        for (size_t at; (at = seen.find(db)) != std::string::npos;)
            seen.replace(at, db.size(), copy);
        CHECK(seen == expected[i]);
    }
    // merge reads such a shard the same way (its two runs differ: --force).
    const std::string merged = (folder.path / "merged.db").string();
    const std::string reference = (folder.path / "reference.db").string();
    const CliResult m = run_kenken("merge --force --db " + merged + " " + db);
    INFO(m.out << m.err);
    CHECK(m.status == 0);
    REQUIRE(run_kenken("merge --force --db " + reference + " " + copy).status == 0);
    CHECK(run_kenken(reads[1] + merged).out == run_kenken(reads[1] + reference).out);
    CHECK(run_shell("ls -l --full-time " + tmpfs.at() + " && md5sum " + tmpfs.at() + "/*").out ==
          listed);

    // With another process holding the corpus open (a lock on it), its writes could
    // not be seen: refused, naming the -wal file.
    for (const std::string& command : {"stats --db " + db, "merge --db " + merged + "2 " + db}) {
        const CliResult r = run_shell(holding_a_lock(db) + kKenken + " " + command);
        INFO(command << ": " << r.out);
        CHECK(r.status == 1);
        CHECK_THAT(r.out, Catch::Contains("its -wal file holds commits") &&
                              Catch::Contains("another process (pid"));
    }
}

TEST_CASE("a reader through a read-only mount beside a live writer reads with the writer's -shm",
          "[cli][read-only][wal]") {
    // The other side of the case above: with a connection open (its -shm file in use),
    // the reader must neither take the corpus for one without a -shm file nor refuse it.
    TempPath folder("read-only-wal-live");
    fs::create_directory(folder.path);
    const std::string db = (folder.path / "c.db").string();
    REQUIRE(run_kenken("generate -q --db " + db + " --sizes 4 -n 6 --seed 5").status == 0);
    const std::string view = (folder.path / "view").string();
    const TestMount mount = TestMount::bind(folder.path, view);
    if (!mount.mounted()) {
        WARN("mount is not allowed here (not root): skipped");
        return;
    }
    REQUIRE(mount.remount_read_only());
    // A connection holds the corpus open, its read transaction keeping a second run's
    // commits in the -wal file; with it still open (idle), stats reads through the view.
    const CliResult r = run_shell(
        "python3 -c \"import sqlite3, subprocess, sys; c = sqlite3.connect('" + db +
        "', isolation_level=None); c.execute('BEGIN'); c.execute('SELECT count(*) FROM "
        "puzzles').fetchall(); subprocess.run(['" +
        kKenken + "', 'generate', '-q', '--db', '" + db +
        "', '--sizes', '4', '-n', '12', '--seed', '6'], check=True, capture_output=True); "
        "c.execute('COMMIT'); sys.exit(subprocess.run(['" +
        kKenken +
        "', 'stats', '--json', "
        "'--db', '" +
        view + "/c.db']).returncode)\"");
    INFO(r.out);
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("\"total\":12"));
}

TEST_CASE("a reader of a corpus on a full disk says the disk is full", "[cli][read-only][disk]") {
    // SQLite must size the -shm file even to read, and every reader said only "disk I/O
    // error" (exit 1), naming no cause.
    TempPath folder("full-disk-reader");
    fs::create_directory(folder.path);
    const TestMount tmpfs = TestMount::tmpfs(folder.path / "full", "600k");
    if (!tmpfs.mounted()) {
        WARN("mount is not allowed here (not root): skipped");
        return;
    }
    const std::string made = (folder.path / "c.db").string(), db = tmpfs.at() + "/c.db";
    REQUIRE(run_kenken("generate -q --db " + made + " --sizes 4 -n 20 --seed 5").status == 0);
    fs::copy_file(made, db);
    // Fill the rest (dd stops at the full disk).
    run_shell("dd if=/dev/zero of=" + tmpfs.at() + "/fill bs=4k count=1000");
    for (const std::string read : {"stats", "query --limit 1", "packs", "verify"}) {
        const CliResult r = run_kenken(read + " --db " + db);
        INFO(read << ": " << r.err);
        CHECK(r.status == 1);
        CHECK_THAT(r.err, Catch::Contains("no space left on the device"));
    }
    fs::remove(tmpfs.at() + "/fill");
    CHECK(run_kenken("stats --db " + db).status == 0);
}
