// Runs the kenken binary for CLI tests: exit status, stdout and stderr.
#pragma once

#include <string>

struct CliResult {
    int status = -1;
    std::string out, err;
};

// Runs `kenken ARGS` through the shell (ARGS are shell words), feeding stdin_text.
CliResult run_kenken(const std::string& args, const std::string& stdin_text = "");

// Runs a shell command line (sh -c); its exit status and stdout+stderr together in out.
CliResult run_shell(const std::string& command);
