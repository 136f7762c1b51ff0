// Subcommands register themselves here; main() builds the CLI from the list.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

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
};

// A command adds its subcommand to the app; the callback it installs stores the
// exit status with set_exit().
using Registration = std::function<void(CLI::App&)>;

struct CommandRegistrar {
    CommandRegistrar(int order, Registration add);
};

void add_all_commands(CLI::App& app);
void set_exit(int status);
int exit_status();

}  // namespace kk::cli
