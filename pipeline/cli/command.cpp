#include "pipeline/cli/command.h"

#include "kenken_version.h"  // generated: cmake/version_info.cmake

namespace kk::cli {
namespace {

int g_exit = kOk;

}  // namespace

void set_exit(int status) {
    g_exit = status;
}
int exit_status() {
    return g_exit;
}

// No default: a status added to Exit without a meaning here is a compiler warning.
const char* exit_meaning(Exit status) {
    switch (status) {
        case kOk:
            return "success";
        case kFailure:
            return "failure other than the input (I/O, database)";
        case kBadInput:
            return "bad input or command line (file, line and reason on stderr)";
        case kAmbiguous:
            return "a puzzle has more than one solution";
        case kNoSolution:
            return "a puzzle has no solution";
        case kVerifyFailed:
            return "a stored puzzle does not agree with its record";
        case kNotEnough:
            return "fewer puzzles match than asked for; nothing written";
        case kWrongAnswer:
            return "the answer breaks a rule (the first is named)";
        case kInterrupted:
            return "interrupted (Ctrl-C); --resume continues";
    }
    return "?";
}

std::string help_footer(std::initializer_list<Exit> statuses,
                        std::initializer_list<const char*> examples) {
    std::string s = "Exit status:\n";
    for (Exit e : statuses) {
        std::string code = std::to_string(static_cast<int>(e));
        s += "  " + code + std::string(code.size() < 5 ? 5 - code.size() : 1, ' ') +
             exit_meaning(e) + "\n";
    }
    if (examples.size()) {
        s += "\nExamples:\n";
        for (const char* e : examples) s += std::string("  ") + e + "\n";
    }
    return s;
}

std::string version_text() {
    return std::string("kenken ") + kVersion + " (git " + kGitRevision + ")";
}

}  // namespace kk::cli
