// The subcommands: each file in pipeline/cli adds one to the app; main() lists them.
#pragma once

#include <CLI/CLI.hpp>

namespace kk::cli {

// Exit statuses shared by every command.
enum Exit : int {
    kOk = 0,
    kFailure = 1,       // something other than the input went wrong (I/O, database)
    kBadInput = 2,      // input that cannot be read: file, line and reason on stderr
    kAmbiguous = 3,     // a puzzle with more than one solution
    kNoSolution = 4,    // a puzzle with no solution
    kVerifyFailed = 5,  // `verify` found a stored puzzle that does not agree
    kNotEnough = 6,     // `export` asked for more puzzles than match
    kWrongShard = 7,    // `merge` met a shard of another configuration or seed
};

// Each adds its subcommand to the app; the callback it installs stores the exit
// status with set_exit().
void add_solve_command(CLI::App& app);
void add_grade_command(CLI::App& app);
void add_generate_command(CLI::App& app);
void add_verify_command(CLI::App& app);
void add_stats_command(CLI::App& app);
void add_query_command(CLI::App& app);
void add_export_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_merge_command(CLI::App& app);

void set_exit(int status);
int exit_status();

}  // namespace kk::cli
