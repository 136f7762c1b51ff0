#include "tests/support/cli_run.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/support/test_files.h"

namespace {}  // namespace

CliResult run_kenken(const std::string& args, const std::string& stdin_text) {
    static int counter = 0;
    const auto dir = std::filesystem::temp_directory_path();
    const std::string stem =
        (dir / ("kenken-cli-" + std::to_string(getpid()) + "-" + std::to_string(counter++)))
            .string();
    { std::ofstream(stem + ".in", std::ios::binary) << stdin_text; }
    const std::string cmd =
        kKenken + " " + args + " < " + stem + ".in > " + stem + ".out 2> " + stem + ".err";
    const int raw = std::system(cmd.c_str());
    CliResult r;
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = slurp(stem + ".out");
    r.err = slurp(stem + ".err");
    for (const char* ext : {".in", ".out", ".err"}) std::filesystem::remove(stem + ext);
    return r;
}

CliResult run_shell(const std::string& command) {
    TempPath out("shell.out");
    const int raw = std::system((command + " > " + out.str() + " 2>&1").c_str());
    CliResult r;
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = slurp(out.path);
    return r;
}

PeakRun run_measured(const std::string& args, const std::string& out_file, const std::string& tmp) {
    const std::string command =
        "TMPDIR='" + tmp + "' exec " + kKenken + " " + args + " >'" + out_file + "' 2>/dev/null";
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    REQUIRE(pid > 0);
    int status = 0;
    struct rusage usage {};
    REQUIRE(wait4(pid, &status, 0, &usage) == pid);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, usage.ru_maxrss, took.count()};
}

std::string as_user() {
    return getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
}

bool have_program(const std::string& name) {
    return run_shell("command -v " + name).status == 0;
}

CliResult under_a_live_run(const std::string& db, const std::string& action) {
    const std::string out = db + ".out";
    // In a subshell: run_shell sends only its command's last output to the result.
    return run_shell(
        "(timeout 10 " + kKenken + " generate --db " + db + " --sizes 5 -n 100000 -j 1 >" + out +
        " 2>&1 & pid=$!; " + "for i in $(seq 1 500); do [ \"$(stat -c %s " + db +
        " 2>/dev/null || echo 0)\" -gt 100000 ] && break; sleep 0.01; done; " + action +
        "; wait $pid; echo \"status $?\"; cat " + out + "; rm -f " + out + ")");
}

void make_small_corpus(const std::string& db) {
    REQUIRE(run_kenken("generate -q --db " + db + " --sizes 4 -n 6 --seed 2").status == 0);
}

std::string corpus_in(const TempPath& folder, const std::string& generate_args) {
    std::filesystem::create_directories(folder.path);
    const std::string db = (folder.path / "c.db").string();
    REQUIRE(run_kenken("generate -q --db " + db + " " + generate_args).status == 0);
    return db;
}
