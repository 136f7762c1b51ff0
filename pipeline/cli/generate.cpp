// kenken generate: fills a corpus with unique, graded puzzles until the quotas are full.
#include <spdlog/spdlog.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <set>

#include "core/io/stop_signals.h"
#include "core/io/utf8.h"
#include "db/store/writer_lock.h"
#include "pipeline/cli/command.h"
#include "pipeline/cli/config_search.h"
#include "pipeline/cli/lock_wait.h"
#include "pipeline/factory/factory.h"

namespace kk::cli {
namespace {

struct GenerateOptions {
    std::string db, config, sizes, per_level, shard;
    std::optional<std::string> variant;
    std::optional<int> count, threads;
    std::optional<std::uint64_t> seed;
    // Read as text and checked by run_generate: a hidden option has no name in CLI11's
    // messages, so a bad value said only ": '-1' is not a whole number ...".
    std::optional<std::string> stop_after;
    std::optional<double> max_singletons;
    bool resume = false, add = false, quiet = false, top_up = false;
};

// Settings of a run's configuration, which --resume and --top-up take as stored (with
// --top-up, --variant and --add were ignored without a word).
bool run_settings_given(const GenerateOptions& o) {
    return !o.config.empty() || !o.sizes.empty() || !o.per_level.empty() || o.count || o.seed ||
           o.max_singletons || o.variant || !o.shard.empty() || o.add;
}

// Flags override the file; --count and --per-level replace the file's quotas.
bool apply_flags(const GenerateOptions& o, FactoryConfig& c) {
    // Each parser's message with the option the user typed.
    const char* option = "--sizes";
    try {
        if (!o.sizes.empty()) c.quotas.sizes = parse_sizes(o.sizes);
        option = "--per-level";
        if (!o.per_level.empty()) {
            c.quotas.per_level = parse_per_level(o.per_level);
        } else if (o.count) {
            c.quotas.per_level = {};
        }
        if (o.count) {
            c.quotas.per_size = spread_count(*o.count, c.quotas.sizes.size());
        } else if (!o.sizes.empty()) {
            int total = 0;
            for (int q : c.quotas.per_size) total += q;
            c.quotas.per_size = spread_count(total, c.quotas.sizes.size());
        }
    } catch (const std::invalid_argument& e) {
        std::cerr << "generate: " << option << ": " << shown_name(reason_of(e.what())) << "\n";
        return false;
    }
    if (o.variant) {
        std::string why;
        auto rules = parse_rules(*o.variant, &why);
        if (!rules) {
            std::cerr << "generate: --variant: " << why << "\n";
            return false;
        }
        set_variant(c, *rules);
    }
    if (!o.shard.empty()) {
        std::string why;
        auto shard = parse_shard(o.shard, &why);
        if (!shard) {
            std::cerr << "generate: --shard: " << why << "\n";
            return false;
        }
        c.shard = *shard;
    }
    if (o.seed) c.seed = *o.seed;
    if (o.threads) c.threads = *o.threads;
    if (o.max_singletons) c.max_singletons = *o.max_singletons;
    return true;
}

// A damaged file is not written to: SQLite's quick check first (linear in the
// file's size, milliseconds for a large corpus); `verify` runs the full check.
void check_sound(db::Corpus& corpus, const std::string& path) {
    const auto problems = corpus.integrity_problems(false);
    if (!problems.empty())
        throw db::DbError(path + " is damaged (SQLite quick_check: " + problems.front() +
                          "); not writing to it");
}

std::string shard_name(ShardId s) {
    return s.count > 1 ? "shard " + shard_text(s) : std::string("an unsplit run");
}

// "" unless the corpus holds a run made here of another shard than s, or an unsplit run
// when s is a shard (merged runs and the top-up stream aside): then what it holds. The
// quotas counted the other shard's puzzles ("already holds the 1 puzzles"), and merge
// took the file for that shard alone.
std::string other_shard(db::Corpus& corpus, ShardId s) {
    db::RunCursor runs = corpus.scan_runs();
    for (db::RunRow run; runs.next(run);) {
        const ShardId made{run.shard_index, run.shard_count};
        if (!run.origin.empty() || made.index >= made.count) continue;
        if ((made.count > 1 || s.count > 1) && (made.index != s.index || made.count != s.count))
            return shard_name(made) + "'s puzzles";
    }
    return "";
}

// The first run merge copied in from a shard, if any (the statement ends with the call).
std::optional<db::RunRow> first_merged_run(db::Corpus& corpus) {
    db::RunCursor runs = corpus.scan_runs();
    for (db::RunRow run; runs.next(run);)
        if (!run.origin.empty()) return run;
    return std::nullopt;
}

// The first run made here (not merged in) after run id, if any: a stale interrupted run
// resumed after a newer one had filled the quotas made them all again on top (a count of
// 100 ended with 196 puzzles).
std::optional<std::int64_t> later_run(db::Corpus& corpus, std::int64_t id) {
    db::RunCursor runs = corpus.scan_runs();
    for (db::RunRow run; runs.next(run);)
        if (run.id > id && run.origin.empty()) return run.id;
    return std::nullopt;
}

int say_generate_locked(const std::string& db, const std::string& holder) {
    std::cerr << "generate: " << shown_name(db) << " is being written by another process ("
              << holder << "); one writer per corpus: wait for it to end, or stop it "
              << "and continue with --resume\n";
    return kLocked;
}

// A run's stored configuration (for --resume, and the shards' for --top-up). One that
// is empty or does not read back is a damaged corpus (an empty one resumed with the
// default quotas), not bad input.
FactoryConfig stored_config(const db::RunRow& run, const std::string& db) {
    const std::string where = db + " (run " + std::to_string(run.id) + ")";
    if (run.config.find_first_not_of(" \t\r\n") == std::string::npos)
        throw db::DbError(where + " has no stored configuration: the corpus is damaged");
    try {
        return parse_config(run.config, where);
    } catch (const ConfigError& e) {
        throw db::DbError(std::string(e.what()) +
                          " (the run's stored configuration: the corpus is damaged)");
    }
}

// The configuration of a new run (not --resume): the file or name given, or the
// default, with the flags applied. Checked before the corpus is touched, so that a bad
// setting leaves no file behind. An exit status when it cannot be had.
std::optional<int> read_configuration(const GenerateOptions& o, FactoryConfig& config) {
    if (o.config.empty()) {
        config = default_config();
    } else {
        const auto path = find_config(o.config);
        if (!path) {
            std::cerr << "generate: no configuration \"" << shown_name(o.config)
                      << "\" (a file, or a name in:";
            // Quoted as the shell would take them: a prefix with a space in it
            // ("/opt/my tools") read as two folders.
            for (const std::string& folder : config_folders())
                std::cerr << " " << shell_word(folder);
            std::cerr << ")\n";
            return kBadInput;
        }
        config = load_config(*path);
    }
    if (!apply_flags(o, config)) return kBadInput;
    return std::nullopt;
}

// --resume: the corpus's latest interrupted run, with the configuration it started
// with. An exit status when there is none to resume.
std::optional<int> open_resumed_run(const GenerateOptions& o, std::optional<db::Corpus>& corpus,
                                    FactoryConfig& config, FactoryOptions& fo) {
    corpus.emplace(db::Corpus::open_existing(o.db));
    check_sound(*corpus, o.db);
    auto run = corpus->latest_unfinished_run();
    if (!run) {
        std::cerr << shown_name(o.db) << ": no interrupted run to resume\n";
        return kFailure;
    }
    if (const auto later = later_run(*corpus, run->id)) {
        std::cerr << "generate: " << shown_name(o.db) << ": run " << run->id
                  << " was interrupted, but run " << *later
                  << " began after it and finished: resuming run " << run->id
                  << " now would make its quotas again on top of run " << *later
                  << "'s; start a new run instead (the same command without --resume)\n";
        return kFailure;
    }
    // A resumed run keeps the configuration it started with.
    config = stored_config(*run, o.db);
    if (run_settings_given(o))
        spdlog::warn(
            "--resume keeps run {}'s configuration; the other settings given "
            "are ignored (--threads still applies)",
            run->id);
    fo.resume = run->id;
    spdlog::info("resuming run {}", run->id);
    return std::nullopt;
}

// --top-up: a merged corpus's own stream after the shards', with their configuration,
// once every shard is in. An exit status when there is nothing to top up (or not yet).
std::optional<int> open_top_up_run(const GenerateOptions& o, std::optional<db::Corpus>& corpus,
                                   FactoryConfig& config) {
    corpus.emplace(db::Corpus::open_existing(o.db));
    // The shards' configuration, stored with the runs `merge` copied in.
    const std::optional<db::RunRow> merged = first_merged_run(*corpus);
    if (!merged) {
        std::cerr << shown_name(o.db) << ": no merged shards to top up (see kenken merge)\n";
        return kFailure;
    }
    config = stored_config(*merged, o.db);
    if (run_settings_given(o))
        spdlog::warn(
            "--top-up uses the configuration of the merged shards; the other settings "
            "given are ignored (--threads still applies)");
    // Topping up before every shard is in would make their share twice.
    // A shard counts as merge counts it, merged in or made here: into a shard's own
    // file merge said "finished shards: 3 of 3, top up with ...", and --top-up
    // then found 2 of 3 (the file's own run has no origin).
    const std::string fingerprint = shard_fingerprint(config);
    std::set<int> finished;
    db::RunCursor shard_runs = corpus->scan_runs();
    for (db::RunRow run; shard_runs.next(run);) {
        if (run.shard_count != merged->shard_count || run.status != "finished" ||
            run.shard_index >= run.shard_count)
            continue;
        try {
            if (shard_fingerprint(parse_config(run.config, "run")) == fingerprint)
                finished.insert(run.shard_index);
        } catch (const ConfigError&) {
            // Not one of these shards: merge did not count it either.
        }
    }
    if (static_cast<int>(finished.size()) < merged->shard_count) {
        std::cerr << shown_name(o.db) << ": " << finished.size() << " of " << merged->shard_count
                  << " shards merged finished; merge the others before --top-up\n";
        return kFailure;
    }
    // Nothing short is nothing to make, as for a plain generate: a top-up run
    // again recorded an empty run each time.
    if (shortfall(config.quotas, held_counts(*corpus, config.rules)) == 0) {
        std::cout << shown_name(o.db) << " already holds the " << config.quotas.total()
                  << " puzzles the shards' quotas ask for: nothing to top up\n";
        return kOk;
    }
    // The stream after the last shard's: its own candidates, the same each time.
    config.shard = ShardId{merged->shard_count, merged->shard_count};
    spdlog::info("topping up {} from shard stream {}", o.db, shard_text(config.shard));
    return std::nullopt;
}

// A new run: the corpus opened or made (and locked as a file once it exists), and what
// it already holds counted against the quotas unless --add. An exit status when the run
// must not start, or has nothing to make.
std::optional<int> open_new_run(const GenerateOptions& o, db::WriterLock& lock,
                                std::optional<db::Corpus>& corpus, const FactoryConfig& config) {
    corpus.emplace(db::Corpus::open(o.db));
    // A corpus made just now is locked only now that it exists.
    std::string holder;
    if (!lock.hold_corpus_file(o.db, holder)) return say_generate_locked(o.db, holder);
    check_sound(*corpus, o.db);
    if (const std::string other = other_shard(*corpus, config.shard); !other.empty()) {
        std::cerr << "generate: " << shown_name(o.db) << " holds " << other << ": "
                  << shard_name(config.shard)
                  << " goes into a corpus of its own (kenken merge joins them)\n";
        return kBadInput;
    }
    if (o.add) return std::nullopt;
    // Quotas are targets for the corpus: say what it holds, and stop when it already
    // meets them.
    const Quotas share = shard_quotas(config.quotas, config.shard);
    const int missing = shortfall(share, held_counts(*corpus, config.rules));
    const int asked = share.total();
    // A shard whose share is nothing still records its (empty) run once: without one,
    // merge counted it missing for ever and --top-up was refused.
    db::RunRow any;
    const bool empty_shard = asked == 0 && !corpus->scan_runs().next(any);
    if (empty_shard && !o.quiet)
        std::cerr << "shard " << shard_text(config.shard)
                  << "'s share of the quotas is 0 puzzles: recording an empty run, "
                     "so that merge counts the shard\n";
    if (missing == 0 && !empty_shard) {
        std::cout << shown_name(o.db) << " already holds the " << asked
                  << " puzzles its quotas ask for: nothing to make (--add makes "
                     "that many more)\n";
        return kOk;
    }
    if (missing < asked && !o.quiet)
        std::cerr << shown_name(o.db) << " already holds " << asked - missing << " of the " << asked
                  << " puzzles the quotas ask for: making " << missing << "\n";
    return std::nullopt;
}

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
        } else if (!std::filesystem::exists(o.db)) {
            std::cerr << "generate: " << shown_name(o.db)
                      << ": no such corpus file, nothing to resume\n";
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
    sub->add_flag("--resume", o->resume, "Continue the latest interrupted run in --db");
    sub->add_flag("-q,--quiet", o->quiet, "No progress on stderr (the final report stays)");
    sub->add_flag("--top-up", o->top_up,
                  "In a merged corpus: make what duplicates across shards left short of the "
                  "shards' quotas, from a stream of its own (deterministic)")
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
