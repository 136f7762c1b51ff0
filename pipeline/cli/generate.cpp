// kenken generate: fills a corpus with unique, graded puzzles until the quotas are full.
#include <spdlog/spdlog.h>

#include <csignal>
#include <iostream>
#include <memory>
#include <set>

#include "pipeline/cli/command.h"
#include "pipeline/factory/factory.h"

namespace kk::cli {
namespace {

std::atomic<bool> g_interrupt{false};

extern "C" void on_interrupt(int) {
    g_interrupt = true;
    // A second Ctrl-C ends the process at once; SQLite rolls back the open batch.
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
}

struct GenerateOptions {
    std::string db, config, sizes, per_level, shard;
    std::optional<int> count, threads;
    std::optional<std::uint64_t> seed, stop_after;
    std::optional<double> max_singletons;
    bool resume = false, top_up = false;
};

// Flags override the file; --count and --per-level replace the file's quotas.
bool apply_flags(const GenerateOptions& o, FactoryConfig& c) {
    try {
        if (!o.sizes.empty()) c.quotas.sizes = parse_sizes(o.sizes);
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
        std::cerr << "generate: " << e.what() << "\n";
        return false;
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

int run_generate(const GenerateOptions& o) {
    try {
        // The configuration is checked before the corpus is touched: a bad setting
        // leaves no file behind.
        FactoryConfig config;
        FactoryOptions fo;
        std::optional<db::Corpus> corpus;
        if (o.resume) {
            corpus.emplace(db::Corpus::open_existing(o.db));
            auto run = corpus->latest_unfinished_run();
            if (!run) {
                std::cerr << o.db << ": no interrupted run to resume\n";
                return kFailure;
            }
            // A resumed run keeps the configuration it started with.
            config = parse_config(run->config, o.db + " (run " + std::to_string(run->id) + ")");
            if (!o.config.empty() || !o.sizes.empty() || !o.per_level.empty() || o.count ||
                o.seed || o.max_singletons || !o.shard.empty())
                spdlog::warn(
                    "--resume keeps run {}'s configuration; the other settings given "
                    "are ignored (--threads still applies)",
                    run->id);
            fo.resume = run->id;
            spdlog::info("resuming run {}", run->id);
        } else if (o.top_up) {
            corpus.emplace(db::Corpus::open_existing(o.db));
            // The shards' configuration, stored with the runs `merge` copied in.
            std::optional<db::RunRow> merged;
            for (auto& run : corpus->runs())
                if (!run.origin.empty()) {
                    merged = run;
                    break;
                }
            if (!merged) {
                std::cerr << o.db << ": no merged shards to top up (see kenken merge)\n";
                return kFailure;
            }
            config =
                parse_config(merged->config, o.db + " (run " + std::to_string(merged->id) + ")");
            if (!o.config.empty() || !o.sizes.empty() || !o.per_level.empty() || o.count ||
                o.seed || o.max_singletons || !o.shard.empty())
                spdlog::warn(
                    "--top-up uses the configuration of the merged shards; the other settings "
                    "given are ignored (--threads still applies)");
            // Topping up before every shard is in would make their share twice.
            std::set<int> finished;
            for (auto& run : corpus->runs())
                if (!run.origin.empty() && run.shard_count == merged->shard_count &&
                    run.status == "finished")
                    finished.insert(run.shard_index);
            if (static_cast<int>(finished.size()) < merged->shard_count) {
                std::cerr << o.db << ": " << finished.size() << " of " << merged->shard_count
                          << " shards merged finished; merge the others before --top-up\n";
                return kFailure;
            }
            // The stream after the last shard's: its own candidates, the same each time.
            config.shard = ShardId{merged->shard_count, merged->shard_count};
            spdlog::info("topping up {} from shard stream {}", o.db, shard_text(config.shard));
        } else {
            config = o.config.empty() ? default_config() : load_config(o.config);
            if (!apply_flags(o, config)) return kBadInput;
            corpus.emplace(db::Corpus::open(o.db));
        }
        fo.threads = o.threads.value_or(config.threads);
        fo.stop_after = o.stop_after.value_or(0);
        fo.interrupt = &g_interrupt;

        g_interrupt = false;
        std::signal(SIGINT, on_interrupt);
        std::signal(SIGTERM, on_interrupt);
        const FactoryResult r = run_factory(*corpus, config, fo);
        std::signal(SIGINT, SIG_DFL);
        std::signal(SIGTERM, SIG_DFL);

        std::cout << "run " << r.run_id << (r.finished ? " finished" : " interrupted") << "\n\n"
                  << r.counters.table();
        if (!r.finished) {
            std::cout << "\ncontinue with: kenken generate --db " << o.db << " --resume\n";
            return 130;  // as a shell reports a process ended by SIGINT
        }
        return kOk;
    } catch (const ConfigError& e) {
        std::cerr << e.what() << "\n";
        return kBadInput;
    } catch (const db::DbError& e) {
        std::cerr << "generate: " << e.what() << "\n";
        return kFailure;
    }
}

}  // namespace

void add_generate_command(CLI::App& app) {
    auto o = std::make_shared<GenerateOptions>();
    auto* sub = app.add_subcommand(
        "generate",
        "Manufacture puzzles into a SQLite corpus until the quotas are full. Ctrl-C stops after "
        "the current batch is committed; --resume continues the run. Exit 0 when finished, 130 "
        "when interrupted, 2 for a bad configuration, 1 for a database error.");
    sub->add_option("--db", o->db, "Corpus file (created when absent)")->required();
    sub->add_option("--config", o->config, "TOML configuration (see configs/default.toml)")
        ->check(CLI::ExistingFile);
    sub->add_option("--sizes", o->sizes, "Sizes: 4-9, 6 or 4,6,9");
    sub->add_option("--count", o->count, "Puzzles in all, spread evenly over the sizes")
        ->check(CLI::Range(1, 100'000'000));
    sub->add_option("--per-level", o->per_level,
                    "Puzzles of each level for each size: easy=N,normal=N,hard=N,extreme=N,"
                    "unreasonable=N");
    sub->add_option("--seed", o->seed, "Run seed: one seed gives one corpus, whatever the threads");
    sub->add_option("--threads", o->threads, "Worker threads (default: every core)")
        ->check(CLI::Range(1, 1024));
    sub->add_option("--max-singletons", o->max_singletons,
                    "Largest share of 1-cell cages a puzzle may have (default 0.2)")
        ->check(CLI::Range(0.0, 1.0));
    sub->add_option("--shard", o->shard,
                    "Make shard I of N (0-based): its share of every quota, from its own "
                    "candidate stream; join shards with `kenken merge`");
    sub->add_flag("--resume", o->resume, "Continue the latest interrupted run in --db");
    sub->add_flag("--top-up", o->top_up,
                  "In a merged corpus: make what duplicates across shards left short of the "
                  "shards' quotas, from a stream of its own (deterministic)")
        ->excludes("--resume");
    sub->add_option("--stop-after", o->stop_after,
                    "Stop as if interrupted after this many candidates (for tests)")
        ->group("");
    sub->callback([o] { set_exit(run_generate(*o)); });
}

}  // namespace kk::cli
