// kenken generate: fills a corpus with unique, graded puzzles until the quotas are full.
#include <spdlog/spdlog.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "core/io/stop_signals.h"
#include "core/io/utf8.h"
#include "db/store/writer_lock.h"
#include "pipeline/cli/command.h"
#include "pipeline/cli/generate_runs.h"
#include "pipeline/cli/lock_wait.h"
#include "pipeline/factory/factory.h"

namespace kk::cli {
namespace {

int run_generate(const GenerateOptions& o) {
    std::uint64_t stop_after = 0;
    if (o.stop_after) {
        std::string text = *o.stop_after;
        if (const std::string problem = uint64_text()(text); !problem.empty()) {
            std::cerr << "generate: --stop-after: " << shown_name(problem) << "\n";
            return kBadInput;
        }
        stop_after = std::stoull(text);
    }
    // Ctrl-C is caught once the configuration is read, before the corpus is touched: one
    // arriving while the corpus opens stops the run before its first candidate, still
    // resumable. Not while the configuration is read: nothing is made by then, and a
    // caught signal only set a flag while the read waited, so --config naming a pipe no
    // one writes to held generate past SIGTERM for ever.
    std::optional<StopSignalsCaught> stop_signals;
    try {
        FactoryConfig config;
        FactoryOptions fo;
        if (!o.resume) {
            if (const auto status = read_configuration(o, config)) return *status;
        }
        // Checked before the lock is taken: its file was left beside a corpus that never
        // existed (--top-up of a missing file).
        if ((o.resume || o.top_up) && !std::filesystem::exists(o.db)) {
            std::cerr << "generate: " << shown_name(o.db) << ": no such corpus file, nothing to "
                      << (o.resume ? "resume" : "top up") << "\n";
            return kFailure;
        }
        stop_signals.emplace(true);
        // One writer per corpus, taken before the corpus is opened or made.
        std::string holder;
        std::optional<db::WriterLock> lock = db::WriterLock::try_acquire(o.db, "generate", holder);
        if (!lock) return say_generate_locked(o.db, holder);
        std::optional<db::Corpus> corpus;
        std::optional<int> stop_here;
        if (o.resume)
            stop_here = open_resumed_run(o, corpus, config, fo);
        else if (o.top_up)
            stop_here = open_top_up_run(o, corpus, config);
        else
            stop_here = open_new_run(o, *lock, corpus, config);
        if (stop_here) return *stop_here;
        // The run writes the corpus: its lock file stays beside it. A refusal before
        // this point removes one it made (a file that was no corpus kept a NAME.lock).
        lock->keep_lock_file();
        fo.corpus_targets = !o.add;
        fo.quiet = o.quiet;
        fo.threads = o.threads.value_or(config.threads);
        fo.stop_after = stop_after;
        fo.interrupt = stop_flag();
        // Its size taken now that it is open (and any hot journal rolled back).
        if (const std::string lost = lock->corpus_lost(o.db); !lost.empty())
            throw db::DbError(lost);
        fo.corpus_lost = [&lock, &corpus, &o] {
            std::string lost = lock->corpus_lost(o.db);
            // Not for a file truncated in place: the name still leads to it.
            if (!lost.empty() && !lock->still_named(o.db)) corpus->settle_log_of_moved_file();
            return lost;
        };

        // Another command's write transaction (an export to a pipe nobody reads) is
        // waited out, however long: a night's run failed after SQLite's 10 s.
        wait_out_other_writers(*corpus, o.db,
                               [](const std::string& text) { spdlog::warn("{}", text); });
        std::optional<FactoryResult> ran;
        try {
            ran.emplace(run_factory(*corpus, config, fo));
        } catch (const db::DbError&) {
            if (!corpus->gave_up_waiting()) throw;
            // Stopped before its first batch could be written: what the corpus held
            // before is all there, and the run (if it began) resumes.
            std::cerr << "generate: stopped while another process held " << shown_name(o.db)
                      << "'s write lock; nothing stored is lost (--resume, or the same command "
                         "again)\n";
            return kInterrupted;
        }
        const FactoryResult& r = *ran;
        release_stop_signals();

        std::cout << "run " << r.run_id << (r.finished ? " finished" : " interrupted") << "\n\n"
                  << r.counters.table();
        if (!r.finished) {
            std::cout << "\ncontinue with: kenken generate --db " << shell_word(o.db)
                      << " --resume\n";
            return kInterrupted;
        }
        return kOk;
    } catch (const ConfigError& e) {
        std::cerr << shown_name(e.what()) << "\n";
        return kBadInput;
    } catch (const db::DbError& e) {
        std::cerr << "generate: " << shown_name(e.what()) << "\n";
        // No room even to make the corpus: there is nothing to resume (the advice below
        // then failed with "no such corpus file").
        if (out_of_room(e.what()) && !o.resume && !o.top_up && !std::filesystem::exists(o.db)) {
            std::cerr << "generate: no room left to make " << shown_name(o.db)
                      << ": nothing was made; free space (or raise ulimit -f), then run the same "
                         "command again\n";
            return kFailure;
        }
        // SQLite rolled back the batch in progress; every batch before it is stored.
        if (out_of_room(e.what()))
            std::cerr
                << "generate: no room left for " << shown_name(o.db)
                << ": what was committed before is kept; free space (or raise ulimit -f), then "
                   "continue with: "
                   "kenken generate --db "
                << shell_word(o.db) << " --resume\n";
        return kFailure;
    }
}

}  // namespace

void add_generate_command(CLI::App& app) {
    auto o = std::make_shared<GenerateOptions>();
    auto* sub = app.add_subcommand(
        "generate",
        "Manufacture puzzles into a SQLite corpus until it holds what the quotas ask for (what "
        "is already there counts; --add makes the quotas on top). Ctrl-C, SIGTERM or SIGHUP "
        "stops after the current batch is committed (one ignored at the start, as SIGHUP "
        "under nohup, stays ignored); --resume continues the run.");
    add_db_option(sub, o->db, "Corpus file (created when absent)");
    sub->add_option(
        "--config", o->config,
        "TOML configuration: a file, or a name (default, overnight) looked up in the "
        "installed share/kenken/configs (a binary in its build folder: then the source tree's "
        "configs/)");
    sub->add_option("--sizes", o->sizes, "Sizes: 4-9, 6 or 4,6,9 (default: the configuration's)");
    auto* count = sub->add_option("-n,--count", o->count,
                                  "Puzzles in all, spread evenly over the sizes, any level")
                      ->check(whole_number(1, 100'000'000));
    sub->add_option("--per-level", o->per_level,
                    "Puzzles of each level for each size: easy=N,normal=N,hard=N,extreme=N,"
                    "unreasonable=N")
        ->excludes(count);
    sub->add_option("--variant", o->variant,
                    "Rules of the puzzles made: standard, or a comma list of hidden, mult-only, "
                    "add-sub, killer (e.g. hidden,killer)");
    sub->add_flag("--add", o->add,
                  "Make the quotas on top of what the corpus holds (default: the quotas are "
                  "targets for the whole corpus)");
    sub->add_option("--seed", o->seed,
                    "Run seed: one seed gives one corpus, whatever the threads (default: the "
                    "configuration's, 1)")
        ->check(uint64_text());
    sub->add_option("-j,--threads", o->threads, "Worker threads (default: every core)")
        ->check(whole_number(1, 1024));
    sub->add_option("--max-singletons", o->max_singletons,
                    "Largest share of 1-cell cages a puzzle may have (default: 0.2)")
        ->check(finite_number())
        // Said as the whole numbers say it: CLI11's Range said "Value 5. not in range
        // 0.000000 to 1.000000".
        ->check(CLI::Validator(
            [](std::string& text) -> std::string {
                const double share = std::strtod(text.c_str(), nullptr);
                return share >= 0 && share <= 1 ? std::string{}
                                                : "'" + text + "' is outside 0..1 (a share)";
            },
            "0..1"));
    sub->add_option("--shard", o->shard,
                    "Make shard I of N (0-based): its share of every quota, from its own "
                    "candidate stream; join shards with `kenken merge`");
    sub->add_flag("--resume", o->resume,
                  "Continue the latest interrupted run in --db (exit 2 when it has none to "
                  "resume, or a later run finished after it)");
    sub->add_flag("-q,--quiet", o->quiet, "No progress on stderr (the final report stays)");
    sub->add_flag("--top-up", o->top_up,
                  "In a merged corpus: make what duplicates across shards left short of the "
                  "shards' quotas, from a stream of its own (deterministic; exit 2 when the "
                  "corpus has no merged shards)")
        ->excludes("--resume");
    sub->add_option("--stop-after", o->stop_after,
                    "Stop as if interrupted after this many candidates (for tests)")
        ->group("");
    sub->footer(help_footer(
        {kOk, kFailure, kBadInput, kLocked, kInterrupted},
        {"kenken generate --db corpus.db", "kenken generate --db corpus.db --config overnight",
         "kenken generate --db corpus.db --sizes 6 -n 200 -j 2",
         "kenken generate --db corpus.db --sizes 9 --per-level hard=50,extreme=50 --add"}));
    sub->callback([o] { set_exit(run_generate(*o)); });
}

}  // namespace kk::cli
