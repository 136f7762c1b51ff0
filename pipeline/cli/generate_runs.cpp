// How `kenken generate` starts a run: the configuration, then the corpus for a resumed,
// topped-up or new run (generate_runs.h).
#include "pipeline/cli/generate_runs.h"

#include <spdlog/spdlog.h>

#include <iostream>
#include <set>

#include "core/io/utf8.h"
#include "pipeline/cli/command.h"
#include "pipeline/cli/config_search.h"

namespace kk::cli {
namespace {

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
}  // namespace

int say_generate_locked(const std::string& db, const std::string& holder) {
    std::cerr << "generate: " << shown_name(db) << " is being written by another process ("
              << holder << "); one writer per corpus: wait for it to end, or stop it "
              << "and continue with --resume\n";
    return kLocked;
}
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

std::optional<int> open_resumed_run(const GenerateOptions& o, std::optional<db::Corpus>& corpus,
                                    FactoryConfig& config, FactoryOptions& fo) {
    corpus.emplace(db::Corpus::open_existing(o.db));
    check_sound(*corpus, o.db);
    auto run = corpus->latest_unfinished_run();
    // The corpus is sound; --resume names nothing in it: a command line that cannot be
    // used (it ended 1, the status of a missing or damaged corpus).
    if (!run) {
        std::cerr << "generate: " << shown_name(o.db)
                  << ": no interrupted run to resume (--resume continues one that was stopped; "
                     "without it a new run starts)\n";
        return kBadInput;
    }
    if (const auto later = later_run(*corpus, run->id)) {
        std::cerr << "generate: " << shown_name(o.db) << ": run " << run->id
                  << " was interrupted, but run " << *later
                  << " began after it and finished: resuming run " << run->id
                  << " now would make its quotas again on top of run " << *later
                  << "'s; start a new run instead (the same command without --resume)\n";
        return kBadInput;
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

std::optional<int> open_top_up_run(const GenerateOptions& o, std::optional<db::Corpus>& corpus,
                                   FactoryConfig& config) {
    corpus.emplace(db::Corpus::open_existing(o.db));
    // The shards' configuration, stored with the runs `merge` copied in.
    const std::optional<db::RunRow> merged = first_merged_run(*corpus);
    if (!merged) {
        std::cerr << "generate: " << shown_name(o.db)
                  << ": no merged shards to top up (see kenken merge)\n";
        return kBadInput;  // as --resume with nothing to resume
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

}  // namespace kk::cli
