#include "pipeline/cli/command.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <set>
#include <thread>

#include "kenken_version.h"  // generated: cmake/version_info.cmake

namespace kk::cli {
namespace {

int g_exit = kOk;
bool g_output_loss_said = false;
bool g_stdin_closed = false;

}  // namespace

void hold_closed_standard_streams() {
    for (int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO}) {
        if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        if (fd == STDIN_FILENO) g_stdin_closed = true;
        // Open the wrong way round: a read of stdin or a write of stdout or stderr still
        // fails (EBADF) as on the closed stream, and is reported as before.
        const int held =
            ::open("/dev/null", (fd == STDIN_FILENO ? O_WRONLY : O_RDONLY) | O_CLOEXEC);
        if (held < 0 || held == fd) continue;
        ::dup2(held, fd);
        ::close(held);
    }
}

bool standard_input_closed() {
    return g_stdin_closed;
}

void set_exit(int status) {
    g_exit = status;
}
int exit_status() {
    return g_exit;
}

void mark_output_loss_said() {
    g_output_loss_said = true;
}
bool output_loss_said() {
    return g_output_loss_said;
}

std::string flush_output() {
    errno = 0;
    std::cout.flush();
    const bool failed = std::fflush(stdout) != 0 || std::ferror(stdout) || std::cout.fail();
    if (!failed) return {};
    if (errno) return std::strerror(errno);
    return "the stream failed (a full disk, a file size limit (ulimit -f), or a closed pipe)";
}

bool output_failed() {
    return std::cout.fail() || std::ferror(stdout);
}

int report_after_commit(const std::string& command, const std::string& done,
                        const std::string& then) {
    const std::string problem = flush_output();
    if (problem.empty()) return kOk;
    std::cerr << command << ": " << done << "; only this report was lost (" << problem << ")"
              << then << "\n";
    mark_output_loss_said();
    return kFailure;
}

void warn_relabelled(const std::string& command, const std::string& form,
                     const std::map<std::string, int>& relabelled) {
    for (const auto& [variant, puzzles] : relabelled)
        std::cerr << command << ": warning: the " << form << " form cannot carry the variant "
                  << variant << ": its " << puzzles << (puzzles == 1 ? " puzzle" : " puzzles")
                  << " (the same, operations shown) read back as standard; neknek and json "
                     "keep it\n";
}

CLI::Validator uint64_text() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            std::uint64_t value = 0;
            const char* end = text.data() + text.size();
            const auto [ptr, ec] = std::from_chars(text.data(), end, value);
            if (text.empty() || text[0] < '0' || text[0] > '9' || ptr != end)
                return "'" + text + "' is not a whole number from 0 to 18446744073709551615";
            if (ec == std::errc::result_out_of_range)
                return "'" + text + "' is larger than 18446744073709551615 (2^64-1)";
            return {};
        },
        "UINT64");
}

CLI::Validator finite_number() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            // Plain decimal, as the whole numbers: strtod would take "0x10" as 16 and
            // " 5" as 5.
            double value = 0;
            const char* end = text.data() + text.size();
            const auto [ptr, ec] = std::from_chars(text.data(), end, value);
            if (text.empty() || ptr != end || ec == std::errc::invalid_argument)
                return "'" + text + "' is not a number";
            // Out of range: past a double (1e999), or so small it is 0 (1e-999).
            if (ec == std::errc::result_out_of_range &&
                std::isinf(std::strtod(text.c_str(), nullptr)))
                return "'" + text + "' is not a finite number";
            if (!std::isfinite(value)) return "'" + text + "' is not a finite number";
            return {};
        },
        "NUMBER");
}

CLI::Validator whole_number(std::int64_t lo, std::int64_t hi) {
    const std::string range = "from " + std::to_string(lo) + " to " + std::to_string(hi);
    return CLI::Validator(
        [lo, hi, range](std::string& text) -> std::string {
            std::int64_t value = 0;
            const char* end = text.data() + text.size();
            const auto [ptr, ec] = std::from_chars(text.data(), end, value);
            const bool digits =
                !text.empty() && (text[0] == '-' || (text[0] >= '0' && text[0] <= '9'));
            if (!digits || ptr != end ||
                (ec != std::errc{} && ec != std::errc::result_out_of_range))
                return "'" + text + "' is not a whole number " + range;
            if (ec == std::errc::result_out_of_range || value < lo || value > hi)
                return "'" + text + "' is outside " + std::to_string(lo) + ".." +
                       std::to_string(hi);
            return {};
        },
        std::to_string(lo) + ".." + std::to_string(hi));
}

void refuse_empty_values(CLI::App& app) {
    static const std::set<std::string> kMayBeBlank = {"--title", "--subtitle", "--author",
                                                      "--copyright"};
    for (CLI::App* sub : app.get_subcommands({}))
        for (CLI::Option* opt : sub->get_options()) {
            if (opt->get_type_size_min() == 0 || kMayBeBlank.count(opt->get_name())) continue;
            // What an empty value fails to say: a file to read, a value the command needs,
            // or a choice the default would have made.
            const std::string why = opt->get_positional() ? "an empty file name names no file"
                                    : opt->get_required()
                                        ? "an empty value names nothing (it is required)"
                                        : "an empty value (leave the option out for its default)";
            opt->check(CLI::Validator(
                [why](std::string& text) { return text.empty() ? why : std::string{}; }, ""));
        }
}

CLI::Option* add_max_seconds_option(CLI::App* sub, double& seconds) {
    return sub
        ->add_option("--max-seconds", seconds,
                     "Give up on a puzzle after this many seconds: it is reported undecided "
                     "and the exit status is 8 (default: no limit)")
        ->check(finite_number())
        ->check(CLI::Validator(
            [](std::string& text) -> std::string {
                return std::strtod(text.c_str(), nullptr) > 0
                           ? std::string{}
                           : "'" + text + "' is not a number of seconds above 0";
            },
            "SECONDS"));
}

std::string seconds_text(double seconds) {
    char text[64];
    const auto [end, ec] = std::to_chars(text, text + sizeof text, seconds);
    return ec == std::errc{} ? std::string(text, end) : std::to_string(seconds);
}

std::string undecided_reason(double max_seconds, const std::string& doing) {
    return "undecided: no answer within --max-seconds " + seconds_text(max_seconds) +
           (doing.empty() ? "" : " while " + doing);
}

void say_undecided(const std::string& what, double max_seconds) {
    std::cout.flush();  // after the result it explains, when both reach a terminal
    std::cerr << what << ": " << undecided_reason(max_seconds) << "\n";
}

CLI::Option* add_db_option(CLI::App* sub, std::string& db, const std::string& description) {
    // Not empty: refuse_empty_values() checks every option, this one too. Not "-": a
    // writer (merge, generate) made a corpus file called "-", and a reader said "-: no
    // such corpus file"; every command now refuses it alike.
    const CLI::Validator not_a_stream(
        [](const std::string& value) {
            return value == "-" ? std::string(
                                      "a corpus cannot be stdin or stdout ('-'): name "
                                      "the corpus file (./- for one called '-')")
                                : std::string();
        },
        "", "corpus file");
    return sub->add_option("--db", db, description)
        ->required()
        ->type_name("FILE")
        ->check(not_a_stream);
}

CLI::Option* add_search_threads_option(CLI::App* sub, int& threads) {
    threads = std::thread::hardware_concurrency() >= 2 ? 2 : 1;
    return sub
        ->add_option("-j,--threads", threads,
                     "Threads for one puzzle: with big cages the solver's two restarted searches, "
                     "and the grader's long trial and error, run side by side (up to about twice "
                     "as fast on long searches); the answers do not depend on it (1 or 2; "
                     "default: 2 on two cores or more)")
        ->check(whole_number(1, 2))
        ->capture_default_str();
}

// No default: a status added to Exit without a meaning here is a compiler warning.
const char* exit_meaning(Exit status) {
    switch (status) {
        case kOk:
            return "success";
        case kFailure:
            return "the corpus is missing, damaged or not a corpus; I/O error (output that "
                   "cannot be written), database or internal error";
        case kBadInput:
            return "bad input or command line (file, line and reason on stderr)";
        case kAmbiguous:
            return "a puzzle has more than one solution";
        case kNoSolution:
            return "a puzzle has no solution";
        case kVerifyFailed:
            return "a stored puzzle does not agree, or the file fails integrity_check or lacks an "
                   "index (merge: a shard's row does not read back; nothing merged)";
        case kNotEnough:
            return "fewer puzzles match than asked for; nothing written";
        case kWrongAnswer:
            return "the answer breaks a rule (the first is named)";
        case kUndecided:
            return "--max-seconds ran out before a puzzle was decided (undecided)";
        case kLocked:
            return "another kenken generate or merge is writing this corpus (one writer)";
        case kWrongShard:
            return "`merge` met a shard of another configuration or seed (--force merges it)";
        case kInterrupted:
            return "interrupted (Ctrl-C, SIGTERM or SIGHUP): generate --resume, or the same "
                   "merge again, continues";
    }
    return "?";
}

std::string help_footer(std::initializer_list<Exit> statuses,
                        std::initializer_list<const char*> examples) {
    // Every command can end 1 (output that cannot be written, a database or internal
    // error: main() says so) and 2 (a bad command line): solve, grade and check left
    // out 1, stats and verify 2.
    std::set<int> listed = {kOk, kFailure, kBadInput};
    for (Exit e : statuses) listed.insert(e);
    std::string s = "Exit status:\n";
    for (int status : listed) {
        const Exit e = static_cast<Exit>(status);
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

std::string shell_word(const std::string& text) {
    const bool plain = !text.empty() && text[0] != '-' &&
                       text.find_first_not_of(
                           "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                           "-_./+,:@%") == std::string::npos;
    if (plain) return text;
    // A name with a leading '-' is given as ./-name (an option otherwise).
    const std::string lead = text[0] == '-' ? "./" : "";
    if (shown_name(text) != text) {
        // As $'...', which bash, zsh and ksh read back: printable()'s escapes (\\,
        // \n, \xHH) are theirs, and only a quote needs one more. A newline or a
        // terminal escape in a name went out raw inside '...'.
        std::string word = "$'" + lead;
        for (const char c : printable(text)) {
            if (c == '\'') word += '\\';
            word += c;
        }
        return word + "'";
    }
    std::string word = "'" + lead;
    for (char c : text) word += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return word + "'";
}

bool out_of_room(std::string_view error) {
    return error.find("disk is full") != std::string_view::npos ||
           error.find("(ulimit -f)") != std::string_view::npos;
}

}  // namespace kk::cli
