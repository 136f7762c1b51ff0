// The subcommands: each file in pipeline/cli adds one to the app; main() lists them.
#pragma once

#include <CLI/CLI.hpp>
#include <initializer_list>
#include <string>

namespace kk::cli {

// Exit statuses shared by every command: the one list. Each has its meaning in
// exit_meaning() (command.cpp), which every command's help quotes.
enum Exit : int {
    kOk = 0,
    kFailure = 1,        // something other than the input went wrong (I/O, database)
    kBadInput = 2,       // input that cannot be read: file, line and reason on stderr
    kAmbiguous = 3,      // a puzzle with more than one solution
    kNoSolution = 4,     // a puzzle with no solution
    kVerifyFailed = 5,   // `verify` found a stored puzzle that does not agree
    kNotEnough = 6,      // `export` asked for more puzzles than match
    kWrongAnswer = 7,    // `check`: the answer breaks a rule
    kInterrupted = 130,  // `generate` stopped by Ctrl-C, as a shell reports SIGINT
};

// One line for the help: what the status means.
const char* exit_meaning(Exit status);

// The foot of a command's help: its exit statuses, then examples (one command a line).
std::string help_footer(std::initializer_list<Exit> statuses,
                        std::initializer_list<const char*> examples);

// Each adds its subcommand to the app; the callback it installs stores the exit
// status with set_exit().
void add_solve_command(CLI::App& app);
void add_grade_command(CLI::App& app);
void add_check_command(CLI::App& app);
void add_generate_command(CLI::App& app);
void add_verify_command(CLI::App& app);
void add_stats_command(CLI::App& app);
void add_query_command(CLI::App& app);
void add_export_command(CLI::App& app);
void add_packs_command(CLI::App& app);
void add_bench_command(CLI::App& app);

void set_exit(int status);
int exit_status();

// "kenken 1.1.0 (git abc1234)".
std::string version_text();

}  // namespace kk::cli
