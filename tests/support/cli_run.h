// Runs the kenken binary for CLI tests: exit status, stdout and stderr.
#pragma once

#include <string>

#include "tests/support/sanitized.h"
#include "tests/support/test_files.h"  // kKenken

struct CliResult {
    int status = -1;
    std::string out, err;
};

// Runs `kenken ARGS` through the shell (ARGS are shell words), feeding stdin_text.
CliResult run_kenken(const std::string& args, const std::string& stdin_text = "");

// Runs a shell command line (sh -c); its exit status and stdout+stderr together in out.
CliResult run_shell(const std::string& command);

// Whether the shell finds program (on PATH): tests of optional tools skip without it.
bool have_program(const std::string& name);

// A command-line prefix that runs a command as nobody when we are root: root opens any
// file, whatever its mode.
std::string as_user();

// A corpus of six 4x4 puzzles (seed 2) made by `kenken generate`; REQUIREs that it was.
void make_small_corpus(const std::string& db);

// Makes folder and in it c.db by `kenken generate -q` with generate_args; returns its
// path. REQUIREs that generate succeeded.
std::string corpus_in(const TempPath& folder, const std::string& generate_args);

// Starts a long `generate` on db (at most 10 s), waits until its corpus has grown past
// its first batches (at most 5 s), runs action (a shell command) and then waits for the
// run: its exit status, then its output, in out as "status N" and the run's output.
CliResult under_a_live_run(const std::string& db, const std::string& action);

// `kenken ARGS` (shell words) with its output sent to out_file and TMPDIR set to tmp; its
// exit status, its peak resident memory in KiB, as the kernel counted it for that one
// process, and its wall-clock time.
struct PeakRun {
    int status = -1;
    long peak_kib = 0;
    double seconds = 0;
};
PeakRun run_measured(const std::string& args, const std::string& out_file, const std::string& tmp);
