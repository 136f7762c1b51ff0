// Hostile use of sharded runs and merging, and the messages that name a user's file.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <string>

#include "tests/support/cli_run.h"
#include "tests/support/corpus_rows.h"
#include "tests/support/test_files.h"
#include "tests/support/test_mount.h"

namespace fs = std::filesystem;

namespace {

bool has_control_byte(const std::string& s) {
    for (const char c : s)
        if ((static_cast<unsigned char>(c) < 0x20 && c != '\n') || c == 0x7F) return true;
    return false;
}

long count_lines(const std::string& s) {
    return std::count(s.begin(), s.end(), '\n');
}

// `cmake --install` of this build into prefix; the installed kenken.
fs::path install_into(const TempPath& prefix) {
    const fs::path build = fs::path(kKenken).parent_path();
    const CliResult installed = run_shell("cmake --install " + shell_quoted(build) + " --prefix " +
                                          shell_quoted(prefix.path));
    INFO(installed.out);
    REQUIRE(installed.status == 0);
    return prefix.path / "bin/kenken";
}

}  // namespace

TEST_CASE("a file name with a newline or a terminal escape is shown escaped in messages",
          "[cli][hostile-shards][names]") {
    // "a\nb\x1b[31m.txt:1: expected ..." spanned two lines and turned the terminal red.
    TempPath folder("odd-names");
    fs::create_directories(folder.path);
    const fs::path odd = folder.path / "a\nb\x1b[31m.txt";
    write_file(odd, "junk\n");
    const std::string quoted = "'" + odd.string() + "'";
    const std::string shown = (folder.path / "a\\nb\\x1b[31m.txt").string();
    for (const std::string command : {"solve", "grade", "bench"}) {
        const CliResult r = run_kenken(command + " " + quoted);
        INFO(command << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::StartsWith(shown + ":1: "));
        CHECK(count_lines(r.err) == 1);
        CHECK_FALSE(has_control_byte(r.err));
    }
    // A configuration file, a book file and an answer name the file the same way.
    write_file(odd, "[run]\nsizes = 'x'\n");
    CliResult r =
        run_kenken("generate --db " + (folder.path / "c.db").string() + " --config " + quoted);
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(shown + ":2: "));
    CHECK(count_lines(r.err) == 1);
    CHECK_FALSE(has_control_byte(r.err));
    const std::string puzzle = kTestData + "/seed001-4x4.neknek";
    // A grid that breaks a rule ("4 2 3 1" alone, no grid, is bad input now: stderr).
    write_file(odd, "4 2 3 1\n4 2 3 1\n1 3 2 4\n2 1 4 3\n");
    r = run_kenken("check " + puzzle + " " + quoted);
    INFO(r.out);
    CHECK(r.status == 7);
    CHECK_THAT(r.out, Catch::StartsWith(shown + ": wrong: "));
    CHECK(count_lines(r.out) == 1);
    // An ordinary name, backslashes and all, reads as it did.
    const fs::path plain = folder.path / "back\\slash.txt";
    write_file(plain, "junk\n");
    r = run_kenken("solve '" + plain.string() + "'");
    CHECK_THAT(r.err, Catch::StartsWith(plain.string() + ":1: "));
}

TEST_CASE("an export whose report is lost says so once", "[cli][hostile-shards][export]") {
    // export's own line ("pack 1 is written ... only this report was lost") was followed
    // by main's generic "kenken: cannot write the output: the stream failed ...".
    TempPath db("lost-once.db"), pdf("lost-once.pdf");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 2").status == 0);
    const CliResult r = run_shell("{ " + kKenken + " export --db " + db.str() + " -n 1 -o " +
                                  pdf.str() + " >/dev/full; }");
    INFO(r.out);
    CHECK(r.status == 1);
    CHECK_THAT(r.out, Catch::Contains("only this report was lost"));
    CHECK_THAT(r.out, !Catch::Contains("cannot write the output"));
    // One line on the report; the warning that a 4-page book is short for print on
    // demand is another matter.
    const std::string said = std::regex_replace(r.out, std::regex("export: warning: [^\n]*\n"), "");
    CHECK(count_lines(said) == 1);
}

TEST_CASE("an SVG pack named as a folder that exists says to name a new one",
          "[cli][hostile-shards][export]") {
    // "--out . names a folder, not a file": true of a PDF, but an SVG pack is a folder.
    TempPath db("svg-dot.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 2").status == 0);
    for (const std::string& out : {std::string("."), std::string(".."), db.str() + "/.."}) {
        const CliResult r = run_kenken("export --db " + db.str() + " -n 1 --format svg -o " + out);
        INFO(out << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("an SVG pack is a new folder"));
        CHECK_THAT(r.err, Catch::Contains("name one that does not exist"));
    }
    // A PDF is a file: that message stays.
    CHECK_THAT(run_kenken("export --db " + db.str() + " -n 1 --format pdf -o .").err,
               Catch::Contains("names a folder, not a file"));
}

TEST_CASE("a variant's quotas count only that variant's puzzles",
          "[cli][hostile-shards][variants]") {
    // A killer run on a corpus holding 10 standard 4x4 puzzles said "already holds the
    // 10 puzzles its quotas ask for" and made none; merged killer shards were "full".
    TempPath db("variant-quota.db");
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 10").status == 0);
    const CliResult r =
        run_kenken("generate -q --db " + db.str() + " --sizes 4 --count 10 --variant killer");
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK_THAT(r.out, !Catch::Contains("already holds"));
    const CliResult stats = run_kenken("stats --db " + db.str());
    CHECK_THAT(stats.out, Catch::Contains("killer"));
    CHECK(count_lines(
              run_kenken("query --db " + db.str() + " --variant killer --format json").out) == 10);

    // The shards of a killer run merged into a corpus of standard puzzles: the merge
    // reports their shortfall, and --top-up makes it.
    TempPath s0("variant-s0.db"), s1("variant-s1.db"), out("variant-out.db");
    const std::string run = " --sizes 4 --count 12 --seed 3 --variant killer";
    REQUIRE(run_kenken("generate -q --db " + s0.str() + " --shard 0/2" + run).status == 0);
    REQUIRE(run_kenken("generate -q --db " + s1.str() + " --shard 1/2" + run).status == 0);
    REQUIRE(run_kenken("generate -q --db " + out.str() + " --sizes 4 --count 12").status == 0);
    const CliResult merged = run_kenken("merge --db " + out.str() + " " + s1.str());
    INFO(merged.out << merged.err);
    CHECK(merged.status == 0);
    CHECK_THAT(merged.out, Catch::Contains("4x4: 6 short (6 of 12)"));
}

TEST_CASE("merge refuses a shard that is still being written, merging nothing",
          "[cli][hostile-shards][merge]") {
    // The shard was merged as far as its run had got (exit 0), and the copied run stayed
    // "running" in the merged corpus for ever after.
    TempPath shard("live-shard.db"), out("live-out.db");
    const std::string kenken = kKenken;
    const CliResult r = run_shell(
        "{ " + kenken + " generate --db " + shard.str() +
        " --shard 0/2 --sizes 9 --count 20000 --threads 1 >/dev/null 2>&1 & p=$!; "
        "i=0; while [ $i -lt 300 ] && ! " +
        kenken + " stats --db " + shard.str() +
        " >/dev/null 2>&1; do sleep 0.1; i=$((i+1)); done; " + kenken + " merge --db " + out.str() +
        " " + shard.str() + "; echo \"merge status $?\"; kill $p; wait $p; }");
    INFO(r.out);
    CHECK_THAT(r.out, Catch::Contains("merge status 9"));
    CHECK_THAT(r.out, Catch::Contains(shard.str() + " is still being written (kenken generate"));
    CHECK_FALSE(fs::exists(out.path));
    // Once its writer has ended the shard merges.
    CHECK(run_kenken("merge --db " + out.str() + " " + shard.str()).status == 0);
}

TEST_CASE("slurm-array.sbatch refuses at submission what every task would fail on",
          "[cli][hostile-shards][scripts]") {
    // "-j 2" was submitted (exit 0), then each array task failed on "--threads: At Most 1
    // required but received 2" and the merge job never ran.
    // No Slurm here: a stand-in sbatch on PATH records what the script submits.
    TempPath folder("sbatch stand-in");
    fs::create_directories(folder.path / "bin");
    const fs::path log = folder.path / "sbatch.log";
    write_file(folder.path / "bin/sbatch",
               "#!/bin/sh\necho \"$@\" >> " + shell_quoted(log) + "\necho 42\n");
    fs::permissions(folder.path / "bin/sbatch", fs::perms::owner_all);
    const std::string submit = "PATH=" + shell_quoted(folder.path / "bin") +
                               ":$PATH KENKEN=" + kKenken + " " +
                               shell_quoted(kSource / "scripts/cluster/slurm-array.sbatch");
    const std::string dir = shell_quoted(folder.path / "run dir");
    const struct {
        std::string args, says;
    } cases[] = {
        {"2 " + dir + " -j 2 --sizes 4", "-j is set by the script"},
        {"2 " + dir + " --threads=2", "--cpus-per-task"},
        {"2 " + dir + " --db x.db", "--db is set by the script"},
        {"20000 " + dir + " --sizes 4", "from 1 to 10000"},
    };
    for (const auto& c : cases) {
        const CliResult r = run_shell(submit + " " + c.args);
        INFO(c.args << ": " << r.out);
        CHECK(r.status == 2);
        CHECK_THAT(r.out, Catch::Contains(c.says));
        CHECK_FALSE(fs::exists(log));
    }
    const CliResult fine = run_shell(submit + " 2 " + dir + " --sizes 4 --count 4");
    INFO(fine.out);
    CHECK(fine.status == 0);
    CHECK(fs::exists(log));
}

TEST_CASE("slurm-array.sbatch finds kenken without its own path, or says it cannot",
          "[cli][hostile-shards][scripts]") {
    // Without KENKEN the jobs ran `kenken` from their node's PATH: where it was not, each
    // task failed in its log ("kenken: command not found", status 127) after a submission
    // that said nothing, and the merge never ran. A job cannot look beside itself either:
    // Slurm runs a spooled copy of the script (under /var/spool).
    TempPath folder("sbatch kenken");
    const fs::path tree = folder.path / "tree", bin = folder.path / "bin";
    fs::create_directories(tree / "scripts");
    fs::create_directories(bin);
    fs::copy(kSource / "scripts/cluster", tree / "scripts/cluster");
    const fs::path log = folder.path / "sbatch.log";
    // The stand-in sbatch records its arguments and the KENKEN it passes on (--export=ALL).
    write_file(bin / "sbatch",
               "#!/bin/sh\necho \"$@ KENKEN=$KENKEN\" >> " + shell_quoted(log) + "\necho 42\n");
    fs::permissions(bin / "sbatch", fs::perms::owner_all);
    const std::string env = "env -u KENKEN PATH=" + shell_quoted(bin) + ":/usr/bin:/bin ";
    const std::string submit = env + "bash " +
                               shell_quoted(tree / "scripts/cluster/slurm-array.sbatch") + " 2 " +
                               shell_quoted(folder.path / "run") + " --sizes 4 --count 4";
    if (run_shell(env + "sh -c 'command -v kenken'").status == 0) {
        WARN("a kenken is installed in /usr/bin or /bin: not tested");
        return;
    }

    const CliResult none = run_shell(submit);
    INFO(none.out);
    CHECK(none.status == 2);
    CHECK_THAT(none.out, Catch::Contains("no kenken binary: none on PATH and no " +
                                         (tree / "build/kenken").string()));
    CHECK_FALSE(fs::exists(log));

    // The tree's build/kenken, passed to the jobs by its full path.
    fs::create_directories(tree / "build");
    fs::create_symlink(kKenken.c_str(), tree / "build/kenken");
    const CliResult built = run_shell(submit);
    INFO(built.out);
    CHECK(built.status == 0);
    const std::string resolved = fs::canonical(kKenken).string();
    CHECK(count_lines(slurp(log)) == 2);
    CHECK_THAT(slurp(log),
               Catch::Contains("KENKEN=" + resolved + "\n") && !Catch::Contains("KENKEN=\n"));

    // A job from a spooled copy, submitted by hand without KENKEN: the submission folder's
    // build/kenken, or a message naming the node and what was looked for.
    const fs::path spool = folder.path / "spool/slurm_script";
    fs::create_directories(spool.parent_path());
    fs::copy_file(tree / "scripts/cluster/slurm-array.sbatch", spool);
    fs::create_directories(folder.path / "run/shards");
    const std::string job = env +
                            "SLURM_JOB_ID=9 SLURM_ARRAY_TASK_ID=0 SLURM_ARRAY_TASK_COUNT=2 "
                            "SLURM_SUBMIT_DIR=";
    const std::string job_args = " bash " + shell_quoted(spool) + " " +
                                 shell_quoted(folder.path / "run") + " --sizes 4 --count 4";
    const CliResult lost = run_shell(job + shell_quoted(folder.path) + job_args);
    INFO(lost.out);
    CHECK(lost.status == 1);
    CHECK_THAT(lost.out, Catch::Contains("no kenken binary on ") &&
                             Catch::Contains((folder.path / "build/kenken").string()) &&
                             Catch::Contains("set KENKEN"));
    const CliResult found = run_shell(job + shell_quoted(tree) + job_args);
    INFO(found.out);
    CHECK(found.status == 0);
    CHECK(run_kenken("verify --db " + shell_quoted(folder.path / "run/shards/shard-0.db")).status ==
          0);
}

TEST_CASE("slurm-array.sbatch's merge job runs on a node without /usr/bin/time",
          "[cli][hostile-shards][scripts]") {
    // The merge job ran "/usr/bin/time -v kenken merge": on a node without GNU time it
    // failed ("No such file or directory") and left the shards unmerged.
    // /usr/bin/time is hidden in a mount namespace of the test's own.
    if (run_shell("unshare -m --propagation private true").status != 0) {
        WARN("no mount namespace here (unshare -m): not tested");
        return;
    }
    TempPath dir("sbatch no time");
    fs::create_directories(dir.path / "shards");
    for (const std::string i : {"0", "1"})
        REQUIRE(run_kenken("generate -q --db " +
                           shell_quoted(dir.path / ("shards/shard-" + i + ".db")) + " --shard " +
                           i + "/2 --sizes 4 --count 6 --threads 1")
                    .status == 0);
    const std::string merge_job =
        "SLURM_JOB_ID=7 KENKEN_STEP=merge KENKEN_SHARDS=2 KENKEN=" + kKenken + " bash " +
        shell_quoted(kSource / "scripts/cluster/slurm-array.sbatch") + " " + shell_quoted(dir.path);
    const fs::path job = dir.path / "merge-job.sh";
    write_file(job, merge_job + "\n");
    const CliResult r = run_shell(
        "unshare -m --propagation private sh -c \"{ [ ! -e /usr/bin/time ] || mount --bind "
        "/dev/null /usr/bin/time; } && sh " +
        shell_quoted(job) + "\"");
    INFO(r.out);
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("no GNU time on this node"));
    CHECK(run_kenken("verify --db " + shell_quoted(dir.path / "corpus.db")).status == 0);
    // Where GNU time is, its figures are still given.
    if (have_program("time")) {
        fs::remove(dir.path / "corpus.db");
        const CliResult timed = run_shell(merge_job);
        INFO(timed.out);
        CHECK(timed.status == 0);
        CHECK_THAT(timed.out, Catch::Contains("Maximum resident"));
    }
}

namespace {

// A stand-in for kenken that runs the real one and, once a `merge` has run, exports a
// pack from the corpus named by EXPORT_FROM: an export made while the merge job runs.
fs::path kenken_exporting_after_merge(const fs::path& folder) {
    const fs::path wrapper = folder / "kenken";
    write_file(wrapper, "#!/bin/bash\n" + shell_quoted(kKenken) +
                            " \"$@\" || exit\n"
                            "[ \"$1\" != merge ] || " +
                            shell_quoted(kKenken) +
                            " export --db \"$EXPORT_FROM\" -n 2 --format neknek "
                            "-o \"$EXPORT_FROM.during.txt\" >/dev/null\n");
    fs::permissions(wrapper, fs::perms::owner_all);
    return wrapper;
}

// Two shards of one split in folder/shards/shard-I.db, and folder/corpus.db holding
// the first with one pack exported from it.
void shards_and_corpus_with_a_pack(const fs::path& folder) {
    fs::create_directories(folder / "shards");
    for (const std::string i : {"0", "1"})
        REQUIRE(run_kenken("generate -q --db " +
                           shell_quoted(folder / ("shards/shard-" + i + ".db")) + " --shard " + i +
                           "/2 --sizes 4 --count 12 --threads 1 --seed 5")
                    .status == 0);
    const std::string corpus = shell_quoted(folder / "corpus.db");
    REQUIRE(run_kenken("merge --db " + corpus + " " + shell_quoted(folder / "shards/shard-0.db"))
                .status == 0);
    REQUIRE(run_kenken("export --db " + corpus + " -n 2 --format neknek -o " +
                       shell_quoted(folder / "before.txt"))
                .status == 0);
}

// After a merge job that an export ran beside: the export ran (its note is there), and
// the corpus lists both packs, the one made before and the one made during the merge.
void check_both_packs_kept(const fs::path& corpus) {
    REQUIRE(fs::exists(corpus.string() + ".during.txt"));
    const CliResult packs = run_kenken("packs --json --db " + shell_quoted(corpus));
    INFO(packs.out);
    CHECK(occurrences(packs.out, "\"id\":") == 2);
    CHECK(run_kenken("verify --db " + shell_quoted(corpus)).status == 0);
}

}  // namespace

TEST_CASE("the cluster merge jobs keep a pack exported while they merge",
          "[cli][hostile-shards][scripts]") {
    // The Slurm and k8s merge jobs copied corpus.db to local disk, merged the copy and
    // moved it back over the corpus: a pack exported meanwhile ("pack 2 ...", exit 0)
    // was gone from `packs` afterwards.
    SECTION("slurm-array.sbatch") {
        TempPath dir("sbatch during");
        shards_and_corpus_with_a_pack(dir.path);
        const fs::path wrapper = kenken_exporting_after_merge(dir.path);
        const CliResult r = run_shell(
            "SLURM_JOB_ID=8 KENKEN_STEP=merge KENKEN_SHARDS=2 KENKEN=" + shell_quoted(wrapper) +
            " EXPORT_FROM=" + shell_quoted(dir.path / "corpus.db") + " bash " +
            shell_quoted(kSource / "scripts/cluster/slurm-array.sbatch") + " " +
            shell_quoted(dir.path));
        INFO(r.out);
        REQUIRE(r.status == 0);
        check_both_packs_kept(dir.path / "corpus.db");
    }
    SECTION("k8s-indexed-job.yaml") {
        if (run_shell("python3 -c 'import yaml'").status != 0) {
            WARN("no python3 yaml module here: not tested");
            return;
        }
        TempPath dir("k8s-during");  // no space: the pod script's paths are unquoted
        shards_and_corpus_with_a_pack(dir.path / "corpus");
        fs::create_directories(dir.path / "scratch");
        fs::create_directories(dir.path / "bin");
        kenken_exporting_after_merge(dir.path / "bin");
        const fs::path pod = dir.path / "pod.py";
        write_file(pod, R"PY(import os, re, subprocess, sys, yaml
manifest, tmp = sys.argv[1], sys.argv[2]
jobs = [d for d in yaml.safe_load_all(open(manifest)) if d and d["kind"] == "Job"]
box = next(j for j in jobs if j["metadata"]["name"] == "kenken-merge")["spec"]["template"]["spec"]["containers"][0]
# The volumes' mount points where a path starts ("/corpus/corpus.db" holds "/corpus" twice).
script = re.sub(r"(?<![\w.])/(scratch|corpus)/", tmp + r"/\1/", box["args"][0])
run = dict(os.environ, PATH=tmp + "/bin:" + os.environ["PATH"], SHARDS="2",
           EXPORT_FROM=tmp + "/corpus/corpus.db")
sys.exit(subprocess.run(["bash", "-ec", script], env=run).returncode))PY");
        const CliResult r =
            run_shell("python3 " + shell_quoted(pod) + " " +
                      shell_quoted(kSource / "scripts/cluster/k8s-indexed-job.yaml") + " " +
                      shell_quoted(dir.path));
        INFO(r.out);
        REQUIRE(r.status == 0);
        check_both_packs_kept(dir.path / "corpus/corpus.db");
    }
}

TEST_CASE("the k8s shard pods pass their CPU request as --threads",
          "[cli][hostile-shards][scripts]") {
    // The pods ran "kenken generate ... $GENERATE_OPTS" with no --threads: a thread per
    // core of the node, whatever the pod's request of 1 CPU.
    // No cluster here: the shard pod's script runs with what Kubernetes would give it
    // (THREADS from its resourceFieldRef, whole cores rounded up), /scratch and /corpus
    // in a folder of the test's own, and a small GENERATE_OPTS.
    if (run_shell("python3 -c 'import yaml'").status != 0) {
        WARN("no python3 yaml module here: not tested");
        return;
    }
    TempPath dir("k8s-pod");  // no space: the pod script's paths are unquoted
    fs::create_directories(dir.path / "bin");
    fs::create_symlink(kKenken.c_str(), dir.path / "bin/kenken");
    const fs::path pod = dir.path / "pod.py";
    write_file(pod, R"PY(import math, os, sqlite3, subprocess, sys, yaml
manifest, tmp = sys.argv[1], sys.argv[2]
jobs = [d for d in yaml.safe_load_all(open(manifest)) if d and d["kind"] == "Job"]
pod = next(j for j in jobs if j["metadata"]["name"] == "kenken-shards")["spec"]["template"]
box = pod["spec"]["containers"][0]
env = {e["name"]: e for e in box["env"]}
if "THREADS" not in env:
    sys.exit("no THREADS in the shard pod's environment")
ref = env["THREADS"]["valueFrom"]["resourceFieldRef"]
assert ref.get("containerName", box["name"]) == box["name"], ref
kind, resource = ref["resource"].split(".")
cpu = str(box["resources"][kind][resource])
cores = float(cpu[:-1]) / 1000 if cpu.endswith("m") else float(cpu)
threads = math.ceil(cores / float(ref.get("divisor", "1")))
script = box["args"][0].replace("/scratch", tmp + "/scratch").replace("/corpus", tmp + "/corpus")
os.makedirs(tmp + "/scratch")
run = dict(os.environ, PATH=tmp + "/bin:" + os.environ["PATH"], JOB_COMPLETION_INDEX="1",
           SHARDS=env["SHARDS"]["value"], GENERATE_OPTS="--sizes 4 --count 16 -q",
           THREADS=str(threads))
subprocess.run(["bash", "-ec", script], env=run, check=True, stdout=subprocess.DEVNULL)
config = sqlite3.connect(tmp + "/corpus/shards/shard-1.db").execute("SELECT config FROM runs").fetchone()[0]
if "threads = %d\n" % threads not in config:
    sys.exit("the shard ran with other threads than its %s CPU:\n%s" % (cpu, config))
print("threads", threads))PY");
    const CliResult r = run_shell("python3 " + shell_quoted(pod) + " " +
                                  shell_quoted(kSource / "scripts/cluster/k8s-indexed-job.yaml") +
                                  " " + shell_quoted(dir.path));
    INFO(r.out);
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("threads 1"));
}

TEST_CASE("generate --top-up warns that --variant and --add are ignored, as other settings",
          "[cli][hostile-shards][top-up]") {
    // --top-up --variant killer topped up standard puzzles (the shards' rules) without a
    // word, while --seed or --count given there drew a warning.
    TempPath s0("warn-s0.db"), s1("warn-s1.db"), out("warn-out.db");
    const std::string run = " --sizes 4 --count 8 --seed 4";
    REQUIRE(run_kenken("generate -q --db " + s0.str() + " --shard 0/2" + run).status == 0);
    REQUIRE(run_kenken("generate -q --db " + s1.str() + " --shard 1/2" + run).status == 0);
    REQUIRE(run_kenken("merge --db " + out.str() + " " + s0.str() + " " + s1.str()).status == 0);
    for (const std::string given : {"--variant killer", "--add"}) {
        const CliResult r = run_kenken("generate -q --db " + out.str() + " --top-up " + given);
        INFO(given << ": " << r.err);
        CHECK(r.status == 0);
        CHECK_THAT(r.err, Catch::Contains("the other settings given are ignored"));
    }
}

TEST_CASE("generate --top-up with nothing short records no run, as a plain generate",
          "[cli][hostile-shards][top-up]") {
    // A top-up run again (or with every quota full) recorded an empty run each time,
    // where a plain generate with nothing to make records none and says so.
    TempPath s0("full-s0.db"), s1("full-s1.db"), out("full-out.db");
    const std::string run = " --sizes 3 --count 30 --seed 1 --threads 1";
    REQUIRE(run_kenken("generate -q --db " + s0.str() + " --shard 0/2" + run).status == 0);
    REQUIRE(run_kenken("generate -q --db " + s1.str() + " --shard 1/2" + run).status == 0);
    REQUIRE(run_kenken("merge --db " + out.str() + " " + s0.str() + " " + s1.str()).status == 0);
    REQUIRE(run_kenken("generate -q --db " + out.str() + " --top-up").status == 0);
    const int runs = run_rows(out.str());
    const CliResult r = run_kenken("generate -q --db " + out.str() + " --top-up");
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK(run_rows(out.str()) == runs);
    CHECK_THAT(r.out, Catch::Contains(out.str() + " already holds the 30 puzzles the shards' "
                                                  "quotas ask for: nothing to top up"));
}

TEST_CASE("generate --top-up or --resume of a missing corpus leaves no lock file behind",
          "[cli][hostile-shards][top-up]") {
    // --top-up took the writer's lock before it found no corpus: a .lock file was left
    // beside a corpus that never existed (--resume checked first).
    TempPath missing("never-made.db");
    for (const char* how : {"--top-up", "--resume"}) {
        const CliResult r = run_kenken("generate -q --db " + missing.str() + " " + how);
        INFO(how << ": " << r.err);
        CHECK(r.status == 1);
        CHECK_THAT(r.err, Catch::Contains("no such corpus file"));
        CHECK_FALSE(fs::exists(missing.str() + ".lock"));
        CHECK_FALSE(fs::exists(missing.path));
    }
}

TEST_CASE("kenken installed under a prefix with a space finds configurations by name",
          "[cli][hostile-shards][install]") {
    // The folders searched were listed with a space between them, so "/tmp/my prefix/..."
    // read as two folders.
    TempPath prefix("install prefix");
    const fs::path kenken = install_into(prefix);
    TempPath elsewhere("install elsewhere");
    fs::create_directories(elsewhere.path / "overnight");  // a folder by the name, here
    const std::string in = "cd " + shell_quoted(elsewhere.path) + " && " + shell_quoted(kenken);
    CliResult r = run_shell(in + " generate -q --db c.db --config overnight --sizes 4 -n 2");
    INFO(r.out);
    CHECK(r.status == 0);
    r = run_shell(in + " generate --db d.db --config nosuch");
    CHECK(r.status == 2);
    CHECK_THAT(r.out, Catch::Contains("'" + (prefix.path / "share/kenken/configs").string() + "'"));
}

TEST_CASE("an installed kenken looks configuration names up in its prefix, not the source tree",
          "[cli][hostile-shards][install]") {
    // The installed binary also searched the build's source configs/: a name removed
    // from (or never installed in) the prefix was taken from the source tree, which may
    // be edited, of another version, or gone.
    TempPath prefix("install-prefix-only");
    const fs::path kenken = install_into(prefix);
    const fs::path configs = prefix.path / "share/kenken/configs";
    REQUIRE(fs::remove(configs / "overnight.toml"));
    TempPath elsewhere("install prefix only elsewhere");
    fs::create_directories(elsewhere.path);
    const std::string in = "cd " + shell_quoted(elsewhere.path) + " && " + shell_quoted(kenken);
    CliResult r = run_shell(in + " generate -q --db c.db --config overnight --sizes 4 -n 2");
    INFO(r.out);
    CHECK(r.status == 2);
    CHECK_THAT(r.out, Catch::Contains("no configuration \"overnight\" (a file, or a name in: " +
                                      configs.string() + ")"));
    CHECK_FALSE(fs::exists(elsewhere.path / "c.db"));
    // The binary in its build folder still finds the source tree's.
    r = run_shell("cd " + shell_quoted(elsewhere.path) + " && " + kKenken +
                  " generate -q --db b.db --config overnight --sizes 4 -n 2");
    CHECK(r.status == 0);
    r = run_shell("cd " + shell_quoted(elsewhere.path) + " && " + kKenken +
                  " generate --db b.db --config nosuch");
    CHECK_THAT(r.out, Catch::Contains((kSource / "configs").string()));
}

TEST_CASE("merge names a shard file with a newline or an escape on one line",
          "[cli][hostile-shards][names]") {
    // Its report line ("FILE (shard 0/2): 4 puzzles, ...") was split in two, and the
    // message of a refused shard too.
    TempPath folder("odd-shards"), out("odd-shards-out.db");
    fs::create_directories(folder.path);
    const fs::path s0 = folder.path / "s\n0\x1b[2J.db", s1 = folder.path / "s\n1.db";
    REQUIRE(run_kenken("generate -q --db " + shell_quoted(s0) + " --shard 0/2 --sizes 4 --count 4")
                .status == 0);
    REQUIRE(run_kenken("generate -q --db " + shell_quoted(s1) + " --shard 1/2 --sizes 4 --count 6")
                .status == 0);
    CliResult r = run_kenken("merge --db " + out.str() + " " + shell_quoted(s0));
    INFO(r.out);
    CHECK(r.status == 0);
    CHECK_THAT(r.out,
               Catch::Contains((folder.path / "s\\n0\\x1b[2J.db").string() + " (shard 0/2): "));
    CHECK_FALSE(has_control_byte(r.out));
    r = run_kenken("merge --db " + out.str() + " " + shell_quoted(s1));
    INFO(r.err);
    CHECK(r.status == 10);
    CHECK_THAT(r.err, Catch::Contains((folder.path / "s\\n1.db").string() + " (run 1) was made"));
    CHECK_FALSE(has_control_byte(r.err));
}

TEST_CASE("generate --top-up counts the shards merge counted, in a shard file too",
          "[cli][hostile-shards][top-up]") {
    // merge --db s0.db s1.db s2.db said "finished shards: 3 of 3" and "top up with:
    // kenken generate --db s0.db --top-up", which then refused: "2 of 3 shards merged".
    TempPath s0("own-s0.db"), s1("own-s1.db"), s2("own-s2.db");
    const std::string run = " --sizes 4 --count 120 --seed 7";
    for (const TempPath* s : {&s0, &s1, &s2}) {
        const std::string i = std::to_string(s == &s0 ? 0 : s == &s1 ? 1 : 2);
        REQUIRE(run_kenken("generate -q --db " + s->str() + " --shard " + i + "/3" + run).status ==
                0);
    }
    const CliResult merged = run_kenken("merge --db " + s0.str() + " " + s1.str() + " " + s2.str());
    INFO(merged.out);
    REQUIRE(merged.status == 0);
    CHECK_THAT(merged.out, Catch::Contains("finished shards: 3 of 3"));
    const CliResult top_up = run_kenken("generate -q --db " + s0.str() + " --top-up");
    INFO(top_up.err);
    CHECK(top_up.status == 0);
    CHECK_THAT(run_kenken("merge --db " + s0.str() + " " + s1.str()).out,
               Catch::Contains("every quota is full"));
}

TEST_CASE("merge names the shards it lacks as shards, not as a count",
          "[cli][hostile-shards][merge]") {
    // Shard 1/2 alone said "shards missing or unfinished: 0": shard 0, read as none.
    TempPath s1("lacks-s1.db"), out("lacks-out.db"), three("lacks-three.db"), out3("lacks-out3.db");
    const std::string run = " --sizes 4 --count 40 --seed 5";
    REQUIRE(run_kenken("generate -q --db " + s1.str() + " --shard 1/2" + run).status == 0);
    const CliResult one = run_kenken("merge --db " + out.str() + " " + s1.str());
    INFO(one.out);
    REQUIRE(one.status == 0);
    CHECK_THAT(one.out, Catch::Contains("shortfall: "));
    CHECK_THAT(one.out, Catch::Contains("\nshard 0 of 2 is missing or unfinished; merge it "
                                        "finished before topping up\n"));
    REQUIRE(run_kenken("generate -q --db " + three.str() + " --shard 1/3" + run).status == 0);
    const CliResult two = run_kenken("merge --db " + out3.str() + " " + three.str());
    INFO(two.out);
    CHECK_THAT(two.out, Catch::Contains("\nshards 0, 2 of 3 are missing or unfinished; merge "
                                        "them finished before topping up\n"));
}

TEST_CASE("parallel.sh run again with fewer shards makes them, not keeps another split's",
          "[cli][hostile-shards][scripts]") {
    // After a 4-way run, "parallel.sh 2" kept shard-0.db and shard-1.db (shards 0/4 and
    // 1/4, finished), made nothing and merged half the puzzles: "finished shards: 2 of 4".
    if (!have_program("parallel") || !have_program("sqlite3")) {
        WARN("GNU parallel or sqlite3 is not installed: not run");
        return;
    }
    TempPath here("parallel again");
    fs::create_directories(here.path);
    const std::string in = "cd " + shell_quoted(here.path) + " && ";
    const std::string run =
        "JOBS=2 KENKEN=" + kKenken + " " + shell_quoted(kSource / "scripts/cluster/parallel.sh");
    const std::string opts = " --sizes 4 --count 40 --seed 3";
    REQUIRE(run_shell(in + run + " 4 first.db" + opts).status == 0);
    // The same shard folder, as a rerun with another N has.
    const CliResult again =
        run_shell(in + "SHARD_DIR=first.db.shards " + run + " 2 second.db" + opts);
    INFO(again.out);
    CHECK(again.status == 0);
    CHECK_THAT(again.out, Catch::Contains("finished shards: 2 of 2"));
    CHECK_THAT(again.out, Catch::Contains("2 shards made"));
}

TEST_CASE("a corpus or pack name with a newline or an escape is shown escaped by every command",
          "[cli][hostile-shards][names]") {
    // "stats: no\nsuch\x1b[1m.db: no such corpus file" went out raw: two lines, bold.
    TempPath folder("odd-corpus");
    fs::create_directories(folder.path);
    const fs::path odd = folder.path / "no\nsuch\x1b[1m.db";
    const std::string shown = (folder.path / "no\\nsuch\\x1b[1m.db").string();
    for (const std::string command :
         {"stats", "verify", "query", "packs", "export -n 1 -o x.pdf", "generate --resume"}) {
        const CliResult r = run_kenken(command + " --db " + shell_quoted(odd));
        INFO(command << ": " << r.err);
        CHECK(r.status == 1);
        CHECK_THAT(r.err, Catch::Contains(shown));
        CHECK(count_lines(r.err) == 1);
        CHECK_FALSE(has_control_byte(r.err));
    }
}

TEST_CASE("export's report and messages, and a bad option's value, show an odd name escaped",
          "[cli][hostile-shards][names]") {
    // "pack 1: 1 puzzle to \x1b[31mred.json" went to stdout raw, as did the dry run's
    // file, the name export could not tell a format from, and a --format value CLI11
    // refused: the terminal turned red.
    TempPath folder("odd-pack");
    fs::create_directories(folder.path);
    const fs::path db = folder.path / "c.db";
    REQUIRE(run_kenken("generate -q --db " + shell_quoted(db) + " --sizes 4 -n 3").status == 0);
    const std::string odd = (folder.path / "\x1b[31mred").string();
    const auto odd_as = [&odd](const char* ext) { return shell_quoted(fs::path(odd + ext)); };
    const std::string shown = (folder.path / "\\x1b[31mred").string();
    struct Case {
        std::string args;
        int status;
    };
    for (const Case& c : {Case{"export -n 1 -o " + odd_as(".json"), 0},
                          Case{"export -n 1 --dry-run -o " + odd_as(".pdf"), 0},
                          Case{"export -n 1 -o " + odd_as(".nope"), 2},
                          Case{"export -n 1 --format svg -o " + odd_as(".json"), 2}}) {
        const CliResult r = run_kenken(c.args + " --db " + shell_quoted(db));
        INFO(c.args << ": " << r.out << r.err);
        CHECK(r.status == c.status);
        CHECK_THAT(r.out + r.err, Catch::Contains(shown));
        CHECK_FALSE(has_control_byte(r.out + r.err));
    }
    const CliResult refused =
        run_kenken("query --format \"$(printf '\\033[31mx')\" --db " + shell_quoted(db));
    INFO(refused.err);
    CHECK(refused.status == 2);
    CHECK_THAT(refused.err, Catch::Contains("\\x1b[31mx"));
    CHECK_FALSE(has_control_byte(refused.err));
    // A command a message suggests names such a corpus as $'...', which a shell reads back.
    const fs::path odd_db = folder.path / "\x1b[31mcorpus.db", pack = folder.path / "p.json";
    fs::copy_file(db, odd_db);
    REQUIRE(run_kenken("export -n 1 --db " + shell_quoted(odd_db) + " -o " + shell_quoted(pack))
                .status == 0);
    const CliResult replaced = run_kenken("export -n 1 --force --db " + shell_quoted(odd_db) +
                                          " -o " + shell_quoted(pack));
    INFO(replaced.err);
    CHECK(replaced.status == 0);
    CHECK_THAT(replaced.err, Catch::Contains("kenken packs --db $'" + folder.str() +
                                             "/\\x1b[31mcorpus.db' --delete "));
    CHECK_FALSE(has_control_byte(replaced.err));
}

TEST_CASE("shards on a read-only file system merge, and writers there say why they cannot",
          "[cli][hostile][read-only]") {
    // On a read-only mount (a DVD, a share, a container's read-only volume) SQLite cannot
    // make a WAL corpus's -shm file: merge refused such shards as "cannot read S (...
    // unable to open database file)", and export and packs --delete said the same of a
    // corpus there, where stats and query read it.
    TempPath folder("review4-read-only");
    fs::create_directory(folder.path);
    const TestMount tmpfs = TestMount::tmpfs(folder.path / "ro", "4m");
    if (!tmpfs.mounted()) {
        WARN("mount is not allowed here (not root): skipped");
        return;
    }
    const std::string& mount = tmpfs.at();
    for (const char* shard : {"0/2", "1/2"}) {
        const std::string db = mount + "/s" + std::string(1, shard[0]) + ".db";
        REQUIRE(run_kenken("generate -q --db " + db + " --sizes 4 -n 12 --seed 5 --shard " + shard)
                    .status == 0);
        fs::remove(db + ".lock");
    }
    REQUIRE(run_kenken("export --db " + mount + "/s0.db -n 2 -o " + mount + "/p.neknek").status ==
            0);
    // A shard whose -wal file holds commits and whose -shm file is gone (killed, then
    // copied): read immutable, they would be left out.
    const std::string walled = mount + "/walled.db";
    REQUIRE(
        run_kenken("generate -q --db " + walled + " --sizes 4 -n 6 --seed 5 --shard 0/1").status ==
        0);
    REQUIRE(run_shell("python3 -c \"import sqlite3, os; c = sqlite3.connect('" + walled +
                      "', isolation_level=None); c.execute('PRAGMA wal_autocheckpoint=0'); "
                      "c.execute('UPDATE puzzles SET score = score + 1'); c.execute('UPDATE "
                      "puzzles SET score = score - 1'); os._exit(0)\" && rm " +
                      walled + "-shm && test -s " + walled + "-wal")
                .status == 0);
    // The same shards merged from a folder that can be written: what the merge should give.
    const std::string reference = (folder.path / "reference.db").string();
    REQUIRE(
        run_kenken("merge --db " + reference + " " + mount + "/s0.db " + mount + "/s1.db").status ==
        0);
    REQUIRE(tmpfs.remount_read_only());

    const std::string out = (folder.path / "merged.db").string();
    const CliResult merged =
        run_kenken("merge --db " + out + " " + mount + "/s0.db " + mount + "/s1.db");
    INFO(merged.out << merged.err);
    CHECK(merged.status == 0);
    const std::string all = " --format neknek --db ";
    CHECK(run_kenken("query" + all + out).out == run_kenken("query" + all + reference).out);
    CHECK_FALSE(run_kenken("query" + all + out).out.empty());

    // Since the twenty-sixth session such a shard is read with its commits
    // (test_cli_read_only_wal.cpp), where it was refused.
    const std::string walled_out = (folder.path / "walled-out.db").string();
    const CliResult walled_merge = run_kenken("merge --db " + walled_out + " " + walled);
    INFO(walled_merge.err);
    CHECK(walled_merge.status == 0);
    CHECK(run_kenken("query --format neknek --db " + walled_out).out ==
          run_kenken("query --format neknek --db " + walled).out);

    const std::string pack = (folder.path / "p.neknek").string();
    for (const std::string& command : {"export --db " + mount + "/s0.db -n 2 -o " + pack,
                                       "packs --db " + mount + "/s0.db --delete 1"}) {
        const CliResult r = run_kenken(command);
        INFO(command << ": " << r.err);
        CHECK(r.status == 1);
        CHECK_THAT(r.err, Catch::Contains("is on a read-only file system"));
        CHECK_THAT(r.err, !Catch::Contains("unable to open database file"));
    }
    CHECK_FALSE(fs::exists(pack));
    CHECK(run_kenken("packs --db " + mount + "/s0.db").status == 0);
}

TEST_CASE("a merged run its shard had not finished is shown unfinished, not running",
          "[cli][hostile-shards][merge]") {
    // A shard killed mid-run keeps its run "running"; merged, stats showed that run as
    // "running" in a corpus where nothing ran.
    TempPath shard("unfinished-shard.db"), out("unfinished-out.db");
    REQUIRE(run_kenken("generate -q --db " + shard.str() + " --shard 0/2 --sizes 4 -n 20 --seed 3")
                .status == 0);
    exec_sql(shard.str(), "UPDATE runs SET status = 'running', finished_at = NULL");
    REQUIRE(run_kenken("merge --db " + out.str() + " " + shard.str()).status == 0);
    const CliResult stats = run_kenken("stats --db " + out.str());
    REQUIRE(stats.status == 0);
    CHECK_THAT(stats.out, Catch::Contains("unfinished") && !Catch::Contains("running"));
    // The shard itself says stopped: no generate holds it (one that does shows running:
    // "stats shows a run whose generate was killed as stopped, a live one as running").
    CHECK_THAT(run_kenken("stats --db " + shard.str()).out, Catch::Contains("stopped"));
}

TEST_CASE("a top-up stopped and resumed ends with the corpus of one never stopped",
          "[cli][hostile-shards][resume]") {
    // A top-up starts mid-epoch (after the shards' candidates), so its first candidates
    // read snapshots it never wrote, holding what the corpus held at its start; a resume
    // left them empty, saw no puzzles stored, made sizes that were full, and ended with
    // other puzzles.
    TempPath folder("top-up-resume");
    fs::create_directory(folder.path);
    const auto at = [&](const std::string& name) { return (folder.path / name).string(); };
    std::string shards;
    for (int i = 0; i < 4; ++i) {
        REQUIRE(run_kenken("generate -q --db " + at("s" + std::to_string(i) + ".db") +
                           " --sizes 3-4 -n 300 --seed 5 --shard " + std::to_string(i) + "/4")
                    .status == 0);
        shards += " " + at("s" + std::to_string(i) + ".db");
    }
    const CliResult merged = run_kenken("merge --db " + at("m.db") + shards);
    REQUIRE(merged.status == 0);
    REQUIRE_THAT(merged.out, Catch::Contains("shortfall"));  // a top-up has work to do
    fs::copy_file(at("m.db"), at("whole.db"));
    REQUIRE(run_kenken("generate -q -j 1 --db " + at("whole.db") + " --top-up").status == 0);
    const std::string whole = run_kenken("query --format neknek --db " + at("whole.db")).out;
    for (const char* stop : {"10", "50", "200"}) {
        INFO("stopped after " << stop);
        const std::string db = at(std::string("stopped-") + stop + ".db");
        fs::copy_file(at("m.db"), db);
        CHECK(run_kenken("generate -q -j 1 --db " + db + " --top-up --stop-after " + stop).status ==
              130);
        CHECK(run_kenken("generate -q -j 2 --db " + db + " --resume").status == 0);
        CHECK(run_kenken("query --format neknek --db " + db).out == whole);
    }
}
