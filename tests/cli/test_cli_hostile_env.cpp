// Hostile surroundings of the process's environment (terminal type, NO_COLOR, fonts,
// locales, TMPDIR, HOME, TZ) and commands run together on one corpus.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>

#include "tests/support/cli_run.h"
#include "tests/support/test_files.h"

namespace fs = std::filesystem;

namespace {

// A configuration file of [run] keys, written into path.
void write_run_config(const TempPath& path, const std::string& keys) {
    write_file(path, "[run]\n" + keys);
}

// run_shell for a script of several commands: all their output, not only the last's.
CliResult run_script(const std::string& script) {
    return run_shell("{ " + script + "; }");
}

// Runs command on a pseudo-terminal (util-linux script) with the given environment
// settings; what the terminal showed. Empty when script is missing.
std::string on_terminal(const std::string& env, const std::string& command) {
    const CliResult r = run_shell(env + " script -qec '" + command + "' /dev/null");
    return r.out;
}

// Whether locale -a lists a locale such as "de_DE.UTF-8" (it spells it "de_DE.utf8").
bool locale_installed(const std::string& locale) {
    static const std::string listed = run_shell("locale -a").out;
    return listed.find(locale.substr(0, locale.find('.')) + ".utf8") != std::string::npos;
}

}  // namespace

TEST_CASE("generate leaves the corpus free to write while it makes a batch",
          "[cli][hostile-env][concurrent]") {
    // generate took SQLite's write lock at a batch's first candidate and held it until the
    // batch's last was made: with a large batch (or slow recipes) an export or a packs
    // --delete run meanwhile waited its 10 s busy timeout and failed with "database is
    // locked". The batch is now written in one short transaction.
    TempPath db("free-while-making.db"), config("free-while-making.toml"),
        pack("free-while-making.json");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 -n 20 --threads 1").status ==
            0);
    REQUIRE(run_kenken("export --db " + db.str() + " -n 2 -o " + pack.str()).status == 0);
    fs::remove(pack.path);
    write_run_config(config, "sizes = \"9\"\ncount = 100000\nbatch = 1000000\nthreads = 1\n");
    // The generate runs in the background until the others are done; each of them says
    // how long it took. SIGTERM then stops the generate, which commits its batch.
    const std::string script = kKenken + " generate -q --add --db " + db.str() + " --config " +
                               config.str() +
                               " >/dev/null 2>&1 & g=$!; sleep 2; "
                               "s=$(date +%s); " +
                               kKenken + " export --db " + db.str() + " -n 3 -o " + pack.str() +
                               "; echo \"export=$? $(( $(date +%s) - s ))s\"; s=$(date +%s); " +
                               kKenken + " packs --db " + db.str() +
                               " --delete 1; echo \"packs=$? $(( $(date +%s) - s ))s\"; "
                               "kill -TERM $g; wait $g; echo generate=$?";
    const CliResult r = run_script(script);
    INFO(r.out);
    CHECK_THAT(r.out, !Catch::Contains("database is locked"));
    CHECK(std::regex_search(r.out, std::regex("export=0 [0-5]s")));
    CHECK(std::regex_search(r.out, std::regex("packs=0 [0-5]s")));
    CHECK_THAT(r.out, Catch::Contains("generate=130"));  // interrupted, resumable
    CHECK(fs::is_regular_file(pack.path));
    // What the stopped run stored is whole: verify agrees, and the run's counters count
    // the puzzles stored.
    CHECK(run_kenken("verify -q --db " + db.str()).status == 0);
    const CliResult stats = run_kenken("stats --json --db " + db.str());
    REQUIRE(stats.status == 0);
    const auto j = nlohmann::json::parse(stats.out);
    for (const auto& run : j.at("runs"))
        CHECK(run.at("stored") == run.at("counters").at("outcomes").at("stored"));
}

TEST_CASE("a batch written at its end stores what one written as it went did",
          "[cli][hostile-env][concurrent]") {
    // The writer decides a batch's duplicates before writing it: the corpus is the same
    // whatever the batch size, with rotations within one batch caught too.
    TempPath one("batch-one.db"), all("batch-all.db"), c1("batch-one.toml"), c2("batch-all.toml");
    // 300 puzzles, 100 under the sanitizers (57 s there for 300).
    const std::string count = kSanitized ? "100" : "300";
    const std::string keys = "sizes = \"3-4\"\ncount = " + count + "\nthreads = 1\nseed = 5\n";
    write_run_config(c1, keys + "batch = 1\n");
    write_run_config(c2, keys + "batch = 1000000\n");
    REQUIRE(run_kenken("generate -q --db " + one.str() + " --config " + c1.str()).status == 0);
    REQUIRE(run_kenken("generate -q --db " + all.str() + " --config " + c2.str()).status == 0);
    const CliResult a = run_kenken("query --format neknek --db " + one.str());
    const CliResult b = run_kenken("query --format neknek --db " + all.str());
    REQUIRE(a.status == 0);
    REQUIRE(b.status == 0);
    CHECK(a.out == b.out);
    CHECK(run_kenken("verify -q --db " + all.str()).status == 0);
    // 3x3 has few puzzles: some candidates were rotations of others, counted as such.
    const auto j = nlohmann::json::parse(run_kenken("stats --json --db " + all.str()).out);
    const auto& outcomes = j.at("runs").at(0).at("counters").at("outcomes");
    CHECK(outcomes.at("duplicate (rotation/reflection)").get<int>() > 0);
    CHECK(outcomes.at("stored") == j.at("total"));
}

TEST_CASE("stats shows one moment of a corpus a generate is writing",
          "[cli][hostile-env][concurrent]") {
    // stats read the counts, the runs' stored puzzles and their counters one query after
    // another, and a generate's commit between two of them showed a run with more
    // puzzles counted than stored. Run many times while a batch commits every candidate.
    TempPath db("stats-moment.db"), config("stats-moment.toml");
    write_run_config(config, "sizes = \"4-5\"\ncount = 100000\nbatch = 1\nthreads = 1\n");
    const int rounds = kSanitized ? 60 : 300;  // a sanitized stats takes 150 ms
    const std::string script = kKenken + " generate -q --db " + db.str() + " --config " +
                               config.str() +
                               " >/dev/null 2>&1 & g=$!; sleep 1; for i in $(seq 1 " +
                               std::to_string(rounds) + "); do " + kKenken + " stats --json --db " +
                               db.str() + " || echo failed; done; kill -TERM $g; wait $g";
    const CliResult r = run_script(script);
    std::istringstream lines(r.out);
    int read = 0;
    for (std::string line; std::getline(lines, line);) {
        INFO(line);
        REQUIRE(line.rfind("{", 0) == 0);
        const auto j = nlohmann::json::parse(line);
        int stored = 0, counted = 0;
        for (const auto& run : j.at("runs")) {
            stored += run.at("stored").get<int>();
            counted += run.at("counters").at("outcomes").value("stored", 0);
        }
        CHECK(stored == j.at("total").get<int>());
        CHECK(counted == stored);
        ++read;
    }
    CHECK(read == rounds);
}

TEST_CASE("a terminal without cursor controls gets plain progress, NO_COLOR no colours",
          "[cli][hostile-env][terminal]") {
    if (!have_program("script")) {
        WARN("skipped: util-linux script is not installed, so no pseudo-terminal");
        return;
    }
    // On a terminal kenken redraws its progress in place and colours its log lines; a
    // dumb terminal (TERM=dumb: Emacs's shell) showed "^[[2K" before each line, and
    // NO_COLOR (https://no-color.org) was ignored.
    TempPath db("terminal.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 -n 300 --threads 1").status ==
            0);
    const std::regex colour("\x1b\\[[0-9;]*m");
    const std::string verify = kKenken + " verify --db " + db.str();
    // Two settings after one interruption: --resume warns that they are ignored.
    const std::string resume = kKenken + " generate --resume --sizes 5 --db " + db.str();
    const std::string interrupted =
        kKenken + " generate -q --add --db " + db.str() + " --sizes 4 -n 20 --stop-after 3";
    // A terminal that takes controls: redrawn, coloured (so the terminal works).
    REQUIRE(run_shell(interrupted).status == 130);
    std::string shown = on_terminal("TERM=xterm", resume);
    INFO(shown);
    CHECK_THAT(shown, Catch::Contains("\x1b[2K"));
    CHECK(std::regex_search(shown, colour));
    CHECK_THAT(on_terminal("TERM=xterm", verify), Catch::Contains("\x1b[2K"));
    for (const char* term : {"TERM=dumb", "TERM=", "env -u TERM"}) {
        REQUIRE(run_shell(interrupted).status == 130);
        shown = on_terminal(term, resume);
        INFO(term << ": " << shown);
        CHECK_THAT(shown, Catch::Contains("resuming run"));
        CHECK_THAT(shown, Catch::Contains("4x4"));  // the progress, as plain lines
        CHECK_THAT(shown, !Catch::Contains("\x1b"));
        shown = on_terminal(term, verify);
        CHECK_THAT(shown, Catch::Contains("verified"));
        CHECK_THAT(shown, !Catch::Contains("\x1b"));
    }
    REQUIRE(run_shell(interrupted).status == 130);
    shown = on_terminal("TERM=xterm NO_COLOR=1", resume);
    INFO(shown);
    CHECK_THAT(shown, Catch::Contains("warning"));
    CHECK_FALSE(std::regex_search(shown, colour));
    CHECK_THAT(shown, Catch::Contains("\x1b[2K"));  // colours only: progress still redrawn
}

TEST_CASE("a machine without fonts is named as such, not blamed on the book's words",
          "[cli][hostile-env][fonts]") {
    // With no font fontconfig can find, cairo sets text in a stroke font of its own with
    // ASCII letters only, and export said "the rules holds \u00d7 (U+00D7), which the
    // book's font (DejaVu Sans) cannot print", exit 2, about a text the user never wrote.
    TempPath db("no-fonts.db"), fonts("no-fonts.conf"), pdf("no-fonts.pdf"), svg("no-fonts-svg");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 -n 3").status == 0);
    write_file(fonts, "<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n");
    const std::string env = "FONTCONFIG_FILE=" + fonts.str() + " ";
    for (const std::string& extra : {std::string(), std::string(" --dry-run")}) {
        const CliResult r =
            run_shell(env + kKenken + " export --db " + db.str() + " -n 2 -o " + pdf.str() + extra);
        INFO(r.out);
        CHECK(r.status == 1);
        CHECK_THAT(r.out, Catch::Contains("no font to typeset a PDF with"));
        CHECK_THAT(r.out, Catch::Contains("DejaVu Sans"));
        CHECK_THAT(r.out, !Catch::Contains("U+00D7"));
        CHECK_FALSE(fs::exists(pdf.path));
    }
    // An SVG pack leaves its text to the viewer's fonts.
    const CliResult r =
        run_shell(env + kKenken + " export --db " + db.str() + " -n 2 -o " + svg.str() + ".svg");
    INFO(r.out);
    CHECK(r.status == 0);
    fs::remove_all(svg.str() + ".svg");
    CHECK(run_kenken("packs --db " + db.str()).out.find("pdf") == std::string::npos);
}

TEST_CASE("locale, TMPDIR, HOME and TZ do not change what kenken reads or writes",
          "[cli][hostile-env][locale]") {
    // kenken never adopts the user's locale: a decimal comma (de_DE, fr_FR) or Turkish
    // case rules would change how scores, sizes and trims are read and printed. Every
    // output here must be the same byte for byte in any environment.
    TempPath db("env-same.db"), book("env-same-book.toml"), file_as_tmp("env-same-tmp");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4-5 -n 20").status == 0);
    write_file(book, "title = \"Same\"\ntrim = \"8.5x11\"\nbleed = true\n");
    write_file(file_as_tmp, "not a folder");
    const std::string commands[] = {
        "stats --json --db " + db.str(),
        "query --format json --min-score 1.5 --max-score 1e9 --db " + db.str(),
        "query --format dataset --order random --seed 3 --db " + db.str(),
        "export --dry-run --db " + db.str() + " -n 10 -o x.pdf --book " + book.str(),
        "query --format keen --min-score 0.5 --db " + db.str()};
    std::vector<std::string> settings = {"TMPDIR=" + file_as_tmp.str(), "TMPDIR=/nonexistent",
                                         "env -u HOME", "TZ=Nowhere/Else-14:30"};
    for (const char* locale : {"de_DE.UTF-8", "fr_FR.UTF-8", "tr_TR.UTF-8"}) {
        if (!locale_installed(locale)) {
            WARN("skipped the locale " << locale << ": it is not installed (locale -a)");
            continue;
        }
        settings.push_back(std::string("LC_ALL=") + locale);
        settings.push_back(std::string("LANG=") + locale + " LC_NUMERIC=" + locale);
    }
    settings.push_back("LC_ALL=xx_YY.UTF-8");  // unknown: C
    for (const std::string& command : commands) {
        const CliResult plain = run_shell("LC_ALL=C " + kKenken + " " + command);
        REQUIRE(plain.status == 0);
        for (const std::string& setting : settings) {
            const CliResult r = run_shell(setting + " " + kKenken + " " + command);
            INFO(setting << " kenken " << command);
            CHECK(r.status == 0);
            CHECK(r.out == plain.out);
        }
    }
}

TEST_CASE("a limit on open files is named, not \"unable to open database file\"",
          "[cli][hostile-env][limits]") {
    // SQLite says only "unable to open database file" when the process may open no more
    // files (ulimit -n), and a corpus takes several: the file, its -wal and -shm files.
    if (kSanitized) {
        // The sanitizers' runtime needs descriptors of its own: under 4 to 7 a UBSan
        // report in CLI11's set-up came first. The Release build checks the message.
        WARN("skipped in the sanitizer build: its runtime needs descriptors of its own");
        return;
    }
    TempPath db("open-files.db"), fresh("open-files-new.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 -n 3").status == 0);
    // The limit counts from the lowest free descriptor: those a test runner leaves open
    // past the standard three are closed first.
    const std::string close_inherited = "exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-; ";
    int named = 0;
    for (int limit = 4; limit <= 7; ++limit)
        for (const std::string& command : {"stats --db " + db.str(), "query --db " + db.str(),
                                           "generate -q --sizes 4 -n 3 --db " + fresh.str()}) {
            const CliResult r = run_script(close_inherited + "ulimit -n " + std::to_string(limit) +
                                           "; " + kKenken + " " + command);
            INFO("ulimit -n " << limit << "; kenken " << command << ": " << r.out);
            // Enough for this command, or too few to load kenken at all.
            if (r.status == 0 || r.status == 127) continue;
            ++named;
            CHECK(r.status == 1);
            CHECK((r.out.find("ulimit -n") != std::string::npos ||
                   r.out.find("Too many open files") != std::string::npos));
            fresh.clear();
        }
    CHECK(named > 0);
}

TEST_CASE("a process limit that refuses threads leaves one thread working, never a crash",
          "[cli][hostile-env][limits]") {
    // Under `prlimit --nproc=1` (as a user other than root) no thread starts: generate
    // died of SIGSEGV in the flow graph's unwinding, verify -j 1 of std::terminate when
    // its thread limit was lifted, and solve and grade even with -j 1 said "internal
    // error" (the long-search notice's thread).
    if (kSanitized) {
        // LeakSanitizer stops the process in a thread of its own at exit.
        WARN("skipped in the sanitizer build: its leak check needs a thread of its own");
        return;
    }
    if (!have_program("prlimit")) {
        WARN("skipped: prlimit (util-linux) is missing");
        return;
    }
    TempPath folder("no-threads");
    fs::create_directory(folder.path);
    fs::permissions(folder.path, fs::perms::all);
    const std::string limited = "prlimit --nproc=1 " + as_user() + kKenken + " ";
    // Copies the other user can read: a clone under /root (mode 700) kept the test data
    // from them ("cannot read the file: Permission denied" on a fresh machine).
    const auto readable = [&](const std::string& name) {
        const fs::path copy = folder.path / name;
        fs::copy_file(kTestData + "/" + name, copy);
        fs::permissions(copy,
                        fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
        return copy.string();
    };
    const std::string small = readable("seed001-4x4.neknek");
    const std::string big = readable("big-cages-1.neknek");
    for (const std::string& command :
         {"solve -j 1 " + small, "solve -j 2 " + small, "grade -j 1 " + small,
          "grade -j 2 " + small, "solve -j 2 " + big}) {
        const CliResult r = run_shell(limited + command);
        const CliResult unlimited = run_shell(kKenken + " " + command);
        INFO(command << ": " << r.out);
        CHECK_THAT(r.out, !Catch::Contains("internal error"));
        // The same answer as without the limit (big-cages-1 has two solutions: 3).
        CHECK((unlimited.status == 0 || unlimited.status == 3));
        CHECK(r.status == unlimited.status);
        CHECK(r.out == unlimited.out);
    }
    const std::string db = (folder.path / "c.db").string();
    const CliResult made = run_shell(limited + "generate -q --sizes 4 -n 10 -j 2 --db " + db);
    INFO(made.out);
    CHECK(made.status == 0);
    CHECK_THAT(made.out, Catch::Contains("only 1 of the 2 threads"));
    for (const char* threads : {"-j 1", "-j 2", ""}) {
        const CliResult checked = run_shell(limited + "verify " + threads + " --db " + db);
        INFO("verify " << threads << ": " << checked.out);
        CHECK(checked.status == 0);
        CHECK_THAT(checked.out, Catch::Contains("verified 10 puzzles: 10 agree"));
    }
}

TEST_CASE("parallel.sh under a locale with a decimal comma ends a finished run with 0",
          "[cli][hostile-env][locale]") {
    // bash's printf reads numbers in the user's locale: under de_DE it refused bc's
    // "0.47" ("Ungültige Zahl"), printed "made in 0,0 s" and, under set -e, ended a run
    // whose shards were made and merged with status 1.
    if (!have_program("parallel")) {
        WARN("skipped: GNU parallel is not installed");
        return;
    }
    if (!locale_installed("de_DE.UTF-8")) {
        WARN("skipped: the locale de_DE.UTF-8 is not installed (locale -a)");
        return;
    }
    TempPath out("decimal-comma.db");
    const CliResult r = run_shell("LC_ALL=de_DE.UTF-8 KENKEN=" + kKenken + " '" +
                                  (kSource / "scripts/cluster/parallel.sh").string() + "' 2 " +
                                  out.str() + " --sizes 4 -n 10");
    fs::remove_all(out.str() + ".shards");
    INFO(r.out);
    CHECK(r.status == 0);
    CHECK(std::regex_search(r.out,
                            std::regex("made in [0-9]+\\.[0-9] s, merged in [0-9]+\\.[0-9] s")));
}

TEST_CASE("progress on a narrow terminal fits its width", "[cli][hostile-env][terminal]") {
    if (!have_program("script")) {
        WARN("skipped: util-linux script is not installed, so no pseudo-terminal");
        return;
    }
    // Below 21 columns the progress took the terminal for 80 wide: each line wrapped, and
    // the next redraw moved up fewer rows than it had taken (generate) or went back to
    // the last row only (verify), leaving old text behind.
    TempPath db("narrow.db");
    const std::string narrow = "stty cols 15; " + kKenken;
    for (const std::string& command :
         {"generate --db " + db.str() + " --sizes 4 -n 300 --threads 1",
          "verify --db " + db.str()}) {
        const std::string shown = on_terminal("TERM=xterm", narrow + " " + command);
        INFO(command << ": " << shown);
        int lines = 0;
        for (std::size_t at = 0; (at = shown.find("\x1b[2K", at)) != std::string::npos; ++lines) {
            at += 4;
            // verify clears its line and its report follows on stdout.
            if (shown.compare(at, 8, "verified") == 0) continue;
            const std::size_t end = shown.find_first_of("\r\n", at);
            CHECK(std::min(end, shown.size()) - at <= 14);
        }
        CHECK(lines > 0);
    }
}

TEST_CASE("an export to stdout spools in TMPDIR and takes an empty one for /tmp",
          "[cli][hostile-env][tmpdir]") {
    // An empty TMPDIR said "cannot make a temporary file in  for the pack"; mktemp(1)
    // and most tools read it as unset.
    TempPath db("tmpdir-spool.db");
    make_small_corpus(db.str());
    const std::string export_two = kKenken + " export --format neknek -n 2 -o - --db " + db.str();
    const CliResult empty = run_shell("TMPDIR= " + export_two);
    CHECK(empty.status == 0);
    CHECK(occurrences(empty.out, "#\t4") == 2);
    // A folder that is not there is named, and nothing is recorded or printed.
    const CliResult missing = run_shell("TMPDIR=/nonexistent " + export_two);
    CHECK(missing.status == 1);
    CHECK_THAT(missing.out, Catch::Contains("cannot make a temporary file in /nonexistent for "
                                            "the pack to stdout (TMPDIR names the folder)"));
    CHECK(occurrences(missing.out, "#\t4") == 0);
    CHECK_THAT(run_kenken("stats --db " + db.str()).out,
               Catch::Contains("packs: 1 (2 puzzles published)"));
}
