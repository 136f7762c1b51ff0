// The subcommands: each file in pipeline/cli adds one to the app; main() lists them.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>

#include "core/io/utf8.h"  // shown_name: a message naming a file prints it escaped

namespace kk::cli {

// Exit statuses: the one mapping every command uses (README lists it; each has its
// meaning in exit_meaning(), which every command's help quotes). The same fault
// gives the same status whatever the command.
enum Exit : int {
    kOk = 0,
    // The corpus or the system: a missing, empty, damaged or foreign corpus file,
    // a database or I/O error, an internal error.
    kFailure = 1,
    // Input that cannot be used: a puzzle file, configuration or command line
    // (including an empty --db); file, line and reason on stderr.
    kBadInput = 2,
    kAmbiguous = 3,      // a puzzle with more than one solution
    kNoSolution = 4,     // a puzzle with no solution
    kVerifyFailed = 5,   // `verify`: a stored puzzle does not agree, or the file fails
                         // SQLite's integrity check; `merge`: a shard's row is damaged
    kNotEnough = 6,      // `export` asked for more puzzles than match
    kWrongAnswer = 7,    // `check`: the answer breaks a rule
    kUndecided = 8,      // `solve`/`grade`: --max-seconds ran out before a puzzle was decided
    kWrongShard = 10,    // `merge` met a shard of another configuration or seed
    kLocked = 9,         // `generate`, `merge`: another generate or merge is writing this corpus
    kInterrupted = 130,  // `generate` or `merge` was stopped (SIGINT/SIGTERM/SIGHUP)
};

// One line for the help: what the status means.
const char* exit_meaning(Exit status);

// The foot of a command's help: its exit statuses (0, 1 and 2, which every command can
// give, and those listed), in order, then examples (one command a line).
std::string help_footer(std::initializer_list<Exit> statuses,
                        std::initializer_list<const char*> examples);

// Called first in main(): a standard stream the caller closed (>&-, 2>&-, <&-) left its
// number free, and the next file kenken opened took it, so progress lines went into the
// corpus's lock file and a report could go into a book. Each closed one is held by
// /dev/null opened so that using the stream still fails as if it were closed.
void hold_closed_standard_streams();

// Whether standard input was closed when kenken started (its number is held since).
bool standard_input_closed();

// Flushes what the command wrote to standard output; "" when all of it was written,
// else why not (a full disk, a closed stream): main() then says so and exits 1,
// instead of 0 with the report lost.
std::string flush_output();
// Whether writing to standard output has failed already (a full disk): a command with
// more to write stops working for a reader that gets none of it, and main() says why.
bool output_failed();
// A command that has said itself what its lost report means (export: the pack is made
// all the same) marks it so, and main() adds no second, generic message.
void mark_output_loss_said();
bool output_loss_said();
// For a command whose work is committed before its report (export, packs --delete):
// flushes the report; when it is lost, says on stderr "COMMAND: DONE; only this report
// was lost (why)" and what follows, marks it said, and returns kFailure (a rerun would
// do the work twice). kOk when the report is written.
int report_after_commit(const std::string& command, const std::string& done,
                        const std::string& then = "");

// A text form (cancan, a Keen id) that wrote puzzles of a variant it cannot name
// (db::RelabelledVariants: variant -> puzzles): the same puzzles, which read back as
// standard; says so on stderr, a line a variant ("query: warning: ..."). The variant's
// label was lost without a word.
void warn_relabelled(const std::string& command, const std::string& form,
                     const std::map<std::string, int>& relabelled);

// Validators for options whose numbers CLI11 would otherwise take too kindly:
// an unsigned 64-bit integer in decimal (no sign, no wrap-around: -1 and 2^64 are
// errors), and a finite number (nan and inf are errors).
CLI::Validator uint64_text();
CLI::Validator finite_number();

// A whole number in decimal from lo to hi (a sign only before a negative one): every
// integer option uses it instead of CLI::Range, whose "Value 1e3 not in range 1 to
// 100" and "Could not convert" messages neither name the problem nor catch overflow.
CLI::Validator whole_number(std::int64_t lo, std::int64_t hi);

// Every option that takes a value, and every positional file, of every command refuses
// an empty one ("--sizes ''" silently meant the default sizes, "--trim ''" A4, "solve
// ''" named no file), except the book's text lines (--title, --subtitle, --author,
// --copyright), which may be blank. Call once all commands are added.
void refuse_empty_values(CLI::App& app);

// --max-seconds S (solve, grade): a finite number of seconds above 0 (CLI11's
// PositiveNumber lets nan through, which would mean no limit at all).
CLI::Option* add_max_seconds_option(CLI::App* sub, double& seconds);

// A --max-seconds value in messages as the user gave it: the shortest text that reads
// back as it (1234567, 0.0000001 as 1e-07; the stream's default printed 1.23457e+06).
std::string seconds_text(double seconds);

// The one convention for a puzzle --max-seconds left undecided (exit 8), in every
// command that has the option: its result says "undecided" on stdout with the others
// (solve's line, grade's row, a JSON record, bench's and verify's counts), and this
// line on stderr says why, the same words in every command and with --json too:
// "WHAT: undecided: no answer within --max-seconds S[ while DOING]".
std::string undecided_reason(double max_seconds, const std::string& doing = "");
void say_undecided(const std::string& what, double max_seconds);

// --db FILE, required (and, as every option, not empty: SQLite would take "" for a
// throwaway temporary database).
CLI::Option* add_db_option(CLI::App* sub, std::string& db, const std::string& description);

// -j/--threads for one puzzle's search (solve, grade): with big cages the two restarted
// searches run side by side; the answers are the same for any value. Default: 2 when
// the machine has two cores or more.
CLI::Option* add_search_threads_option(CLI::App* sub, int& threads);

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
void add_merge_command(CLI::App& app);

void set_exit(int status);
int exit_status();

// "kenken 1.1.0 (git abc1234)".
std::string version_text();

// A file name as one shell word, for the commands a message suggests ("continue with:
// kenken generate --db 'my corpus.db' --resume"): quoted when it holds anything but
// letters, digits and -_./+,:@%, or starts with '-'; as $'...' with \xHH escapes when
// it holds a byte that does not print.
std::string shell_word(const std::string& text);

// Whether a writer's error says the corpus could not grow: a full disk, or a file size
// limit (ulimit -f), after which what was committed is kept and the same command goes on
// once there is room. Only the full disk said so; the limit left the user guessing.
bool out_of_room(std::string_view error);

}  // namespace kk::cli
