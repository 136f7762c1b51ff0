// kenken: solve, grade and manufacture KenKen puzzles.
#include <spdlog/sinks/stdout_color_sinks.h>  // also declares stderr_color_mt
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <exception>
#include <iostream>
#include <new>
#include <string_view>
#include <system_error>

#include "core/io/terminal.h"
#include "core/io/utf8.h"
#include "pipeline/cli/command.h"
#include "pipeline/cli/stack_room.h"
#include "pipeline/cli/suggest.h"

namespace {

// A thread the system would not start: std::thread's error, or oneTBB's for a worker.
bool thread_refused(const std::exception& e) {
    if (const auto* system = dynamic_cast<const std::system_error*>(&e))
        return system->code() == std::errc::resource_unavailable_try_again;
    return std::string_view(e.what()).starts_with("pthread_create has failed");
}

int run_kenken(int argc, char** argv) {
    kk::cli::hold_closed_standard_streams();
    // A reader that closes the pipe (kenken query | head -1) ends us quietly, as with
    // a shell's default, also under a parent that ignores SIGPIPE: there every
    // command said "cannot write the output" and exit 1.
    std::signal(SIGPIPE, SIG_DFL);
    // Past a file size limit (ulimit -f) the kernel kills the writer with SIGXFSZ: no
    // message, and an export's part file left behind. Ignored, the write fails with
    // EFBIG, which every writer reports, rolls back and cleans up after.
    std::signal(SIGXFSZ, SIG_IGN);
    // Run from a folder since removed, a relative name failed as "No such file" or
    // "filesystem error: cannot make absolute path": say why first.
    if (char cwd[4096]; !::getcwd(cwd, sizeof cwd) && errno == ENOENT)
        std::cerr << "kenken: warning: the current folder has been removed: relative file "
                     "names cannot be found or made (cd to a folder that exists)\n";
    // Logs and progress go to stderr: stdout holds only what a command reports.
    // Coloured only where colours show: spdlog coloured under NO_COLOR too.
    spdlog::set_default_logger(spdlog::stderr_color_mt("kenken", kk::takes_colour(STDERR_FILENO)
                                                                     ? spdlog::color_mode::automatic
                                                                     : spdlog::color_mode::never));

    CLI::App app{
        "KenKen Factory: solves, grades and manufactures KenKen puzzles into a SQLite corpus."};
    app.require_subcommand(1);
    app.set_version_flag("--version", kk::cli::version_text(), "Print the version and exit");
    app.footer(
        "Run `kenken COMMAND --help` for a command's options, exit statuses and examples.\n"
        "\nExamples:\n"
        "  kenken generate --db corpus.db --config overnight\n"
        "  kenken export --db corpus.db -n 50 --level hard -o hard.pdf\n"
        "  kenken solve puzzle.txt");
    // The commands, in the order --help lists them.
    for (auto add :
         {kk::cli::add_solve_command, kk::cli::add_grade_command, kk::cli::add_check_command,
          kk::cli::add_generate_command, kk::cli::add_merge_command, kk::cli::add_verify_command,
          kk::cli::add_stats_command, kk::cli::add_query_command, kk::cli::add_export_command,
          kk::cli::add_packs_command, kk::cli::add_bench_command})
        add(app);
    // CLI11's own words, with an option's value cut when it is long (a bad value of
    // 100,000 digits was repeated whole in its message) and escaped when it does not
    // print (a terminal escape in a value reached the terminal raw).
    app.failure_message([](const CLI::App* a, const CLI::Error& e) {
        constexpr std::size_t kLongest = 1000, kShown = 600;
        const std::string what = e.what();
        std::string text =
            (what.size() > kLongest ? kk::printable_cut(what, kShown) : kk::shown_name(what)) +
            "\n";
        if (a->get_help_ptr())
            text += "Run with " + a->get_help_ptr()->get_name() + " for more information.\n";
        return text;
    });
    kk::cli::refuse_empty_values(app);
    if (const auto refused = kk::cli::refuse_unknown_first_word(app, argc, argv)) return *refused;
    bool printed_help = false;
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // A file named like an option: CLI11's "shards is required" or "not expected"
        // came first and misled; the suggestion alone says what to do.
        if ((dynamic_cast<const CLI::RequiredError*>(&e) ||
             dynamic_cast<const CLI::ExtrasError*>(&e)) &&
            kk::cli::file_taken_for_an_option(app)) {
            kk::cli::suggest_options(app);
            return kk::cli::kBadInput;
        }
        // An option the command does not know, named first, as when every required
        // one is given: CLI11 checked those first ("--db is required").
        if (dynamic_cast<const CLI::RequiredError*>(&e))
            if (const auto words = kk::cli::unknown_options_given(app); !words.empty()) {
                // ExtrasError joins its words last first.
                app.exit(CLI::ExtrasError(std::vector<std::string>(words.rbegin(), words.rend())));
                kk::cli::suggest_options(app);
                return kk::cli::kBadInput;
            }
        // A bad command line is bad input, like a bad file. --help and --version exit
        // 0 once their text is written (to /dev/full it was lost, and still 0).
        if (app.exit(e) != 0) {
            kk::cli::suggest_options(app);
            return kk::cli::kBadInput;
        }
        printed_help = true;
    } catch (const std::bad_alloc&) {
        // Under a memory limit (ulimit -v, a container) this is no fault of the code.
        std::cerr << "kenken: out of memory: the machine or a memory limit (ulimit -v) refused "
                     "more; give it smaller input or more memory\n";
        return kk::cli::kFailure;
    } catch (const std::exception& e) {
        if (thread_refused(e)) {
            std::cerr << "kenken: cannot start a thread: the system refused it (a process "
                         "limit, ulimit -u, or a memory limit, ulimit -v): run with -j 1 or "
                         "raise the limit\n";
            return kk::cli::kFailure;
        }
        // Commands report what they expect; anything else still ends with a message
        // and a status, never an abort. An open batch is rolled back by SQLite.
        std::cerr << "kenken: internal error: " << kk::shown_name(e.what()) << "\n";
        return kk::cli::kFailure;
    }
    // A report that never reached its reader (a full disk, a closed pipe) is a failure.
    if (const std::string problem = kk::cli::flush_output(); !problem.empty()) {
        if (!kk::cli::output_loss_said())
            std::cerr << "kenken: cannot write the output: " << problem << "\n";
        return kk::cli::kFailure;
    }
    return printed_help ? kk::cli::kOk : kk::cli::exit_status();
}

}  // namespace

int main(int argc, char** argv) {
    return kk::cli::run_with_stack_room(run_kenken, argc, argv);
}
