#include <oneapi/tbb/flow_graph.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "db/store/bounded_json.h"
#include "pipeline/factory/factory.h"
#include "pipeline/factory/progress.h"
#include "pipeline/factory/stages.h"
#include "pipeline/factory/steering.h"
#include "pipeline/factory/thread_limit.h"
#include "pipeline/factory/writer.h"

namespace kk {
namespace {

using namespace oneapi::tbb;
using flow::continue_msg;

// Builds the graph and runs it until the source stops and every candidate in flight
// has reached the writer.
//
//   source -> limiter -> build (the stage bodies of kStages, in its order) -> sequencer
//          -> writer --(decrement)--> limiter
// (today: tiling, single-cell filter, latin, operators, uniqueness, grading, record)
//
// The parallel stages share one node: a node each bought nothing but a task hop and a
// queue per stage. It runs one candidate per thread and queues the rest in index
// order: with unlimited concurrency each candidate was a task, and tasks run newest
// first, so the oldest in flight came last and the writer, which takes them in order,
// waited on it while the window filled and a thread stood idle. Candidates come from a
// fixed pool: the limiter keeps at most L in flight (plus one the source holds back)
// and the writer frees them in index order, so candidate i's slot is long free again
// when i + 2L needs it (at most L + 1 are out, and they leave in index order).
void run_graph(const FactoryConfig& config, Steering& steering, CorpusWriter& writer,
               std::uint64_t first_index, const FactoryOptions& options, int threads) {
    flow::graph g;
    std::uint64_t next = first_index;
    const std::uint64_t stream = stream_seed(config.seed, config.shard);
    const std::uint64_t last = options.stop_after ? first_index + options.stop_after : 0;
    std::vector<Candidate> pool(static_cast<size_t>(2 * config.in_flight));

    // Every stage of kStages but the writer, in order; each runs only on a candidate
    // that no earlier stage stopped.
    std::vector<std::function<void(Candidate&)>> bodies;
    for (int i = 0; i + 1 < kStageCount; ++i)
        bodies.push_back(stages::body_of(kStages[i].value, config, steering, options.interrupt));

    flow::input_node<Candidate*> source(g, [&](flow_control& fc) -> Candidate* {
        const bool interrupted = options.interrupt && options.interrupt->load();
        // (Searches in flight see the same flag through their candidate's stop condition.)
        if (interrupted) writer.request_stop();
        if (writer.done() || writer.stopping() || (last && next >= last)) {
            fc.stop();
            return nullptr;
        }
        Candidate* c = &pool[static_cast<size_t>((next - first_index) % pool.size())];
        c->reset(stream, next++);
        return c;
    });
    flow::limiter_node<Candidate*> limiter(g, static_cast<size_t>(config.in_flight));
    flow::function_node<Candidate*, Candidate*> build(
        g, static_cast<size_t>(threads), [&bodies](Candidate* c) {
            for (size_t i = 0; i < bodies.size() && c->outcome == Outcome::Pending; ++i) {
                c->entered |= 1u << i;
                bodies[i](*c);
            }
            return c;
        });
    flow::sequencer_node<Candidate*> sequencer(
        g, [first_index](Candidate* const& c) { return c->index - first_index; });
    flow::function_node<Candidate*, continue_msg> write(g, flow::serial, [&](Candidate* c) {
        writer.accept(*c);
        return continue_msg();
    });

    flow::make_edge(source, limiter);
    flow::make_edge(limiter, build);
    flow::make_edge(build, sequencer);
    flow::make_edge(sequencer, write);
    flow::make_edge(write, limiter.decrementer());

    // A throw out of the graph (a worker the system would not start) must not unwind
    // the nodes while their tasks are still queued: that crashed (SIGSEGV). The run stops,
    // the tasks drain, then the error goes on.
    try {
        source.activate();
        g.wait_for_all();
    } catch (...) {
        writer.request_stop();
        g.cancel();
        try {
            g.wait_for_all();
        } catch (...) {
        }
        throw;
    }
}

// A new run with the seed of earlier runs starts after their candidates: the same
// seed and index would make the same puzzles again, only to be dropped as duplicates.
std::uint64_t first_free_index(db::Corpus& corpus, std::uint64_t seed) {
    std::uint64_t first = 0;
    db::RunCursor runs = corpus.scan_runs();
    for (db::RunRow run; runs.next(run);) {
        if (run.seed != seed || run.progress.empty()) continue;
        try {
            const auto progress = db::parse_stored_json(run.progress);
            if (progress && progress->contains("next_index"))
                first = std::max(first, progress->at("next_index").get<std::uint64_t>());
        } catch (const nlohmann::json::exception&) {
        }
    }
    return first;
}

db::DbError damaged_progress(std::int64_t run_id, const std::exception& e) {
    return db::DbError("run " + std::to_string(run_id) +
                       ": its saved progress cannot be read, the corpus is damaged (" + e.what() +
                       ")");
}

// What was given up of the quotas, said as RunCounters::given_up.
std::vector<std::string> given_up_quotas(const Quotas& quotas, const SteeringStats& live) {
    std::vector<std::string> given_up;
    for (size_t i = 0; i < quotas.sizes.size(); ++i) {
        const int n = quotas.sizes[i];
        const auto slot = static_cast<size_t>(n);
        const std::string square = std::to_string(n) + "x" + std::to_string(n);
        if (!quotas.by_level()) {
            if (live.size_unreachable[slot] && live.stored_size[slot] < quotas.size_total(i))
                given_up.push_back(square + ": " + std::to_string(live.stored_size[slot]) + " of " +
                                   std::to_string(quotas.size_total(i)));
            continue;
        }
        for (int l = 0; l < kGradedLevels; ++l) {
            const auto level = static_cast<size_t>(l);
            if (live.unreachable[slot][level] && live.stored[slot][level] < quotas.per_level[level])
                given_up.push_back(square + " " + level_name(static_cast<Level>(l)) + ": " +
                                   std::to_string(live.stored[slot][level]) + " of " +
                                   std::to_string(quotas.per_level[level]));
        }
    }
    return given_up;
}

}  // namespace

HeldCounts held_counts(db::Corpus& corpus, const Rules& rules) {
    HeldCounts held{};
    for (const auto& [key, count] : corpus.counts_by_size_level_of_rules(rules_name(rules))) {
        Level l;
        if (key.first < 0 || key.first > kMaxSize || !parse_level(key.second, l) ||
            static_cast<int>(l) >= kGradedLevels)
            continue;
        held[static_cast<size_t>(key.first)][static_cast<size_t>(l)] = count;
    }
    return held;
}

int shortfall(const Quotas& quotas, const HeldCounts& held) {
    int missing = 0;
    for (size_t i = 0; i < quotas.sizes.size(); ++i) {
        const auto& have = held[static_cast<size_t>(quotas.sizes[i])];
        if (quotas.by_level()) {
            for (int l = 0; l < kGradedLevels; ++l)
                missing += std::max(
                    0, quotas.per_level[static_cast<size_t>(l)] - have[static_cast<size_t>(l)]);
        } else {
            int total = 0;
            for (int k : have) total += k;
            missing += std::max(0, quotas.size_total(i) - total);
        }
    }
    return missing;
}

FactoryResult run_factory(db::Corpus& corpus, const FactoryConfig& run_config,
                          const FactoryOptions& options) {
    // A shard works to its share of the quotas; the run keeps the whole configuration.
    FactoryConfig config = run_config;
    config.quotas = shard_quotas(run_config.quotas, run_config.shard);
    const ThreadLimit limit(options.threads > 0 ? options.threads : info::default_concurrency());
    const int threads = limit.threads();

    FactoryResult result;
    Steering steering(config);
    std::uint64_t first_index = 0;
    if (options.resume) {
        auto run = corpus.run(*options.resume);
        result.run_id = run->id;
        // What a run saved with each batch; edited or damaged, it is the corpus's fault,
        // said as such (it was an internal error).
        try {
            const auto progress = db::parse_bounded_json<nlohmann::json>(
                run->progress.empty() ? "{}" : run->progress);
            if (progress.contains("next_index")) {
                first_index = progress.at("next_index").get<std::uint64_t>();
                steering.restore(progress.at("steering"), first_index);
                result.counters =
                    RunCounters::from_json(db::parse_bounded_json<nlohmann::json>(run->counters));
            }
        } catch (const nlohmann::json::exception& e) {
            throw damaged_progress(run->id, e);
        } catch (const db::JsonPastBounds& e) {
            throw damaged_progress(run->id, e);
        }
        corpus.set_run_status(run->id, "running", result.counters.to_json().dump(), false);
    } else {
        // A top-up (shard N/N) always counts what the merged corpus holds.
        if (options.corpus_targets || config.shard.index >= config.shard.count)
            steering.preload(held_counts(corpus, config.rules));
        first_index = first_free_index(corpus, config.seed);
        result.run_id = corpus.begin_run(config_to_toml(run_config), config.seed,
                                         sizes_text(config.quotas.sizes), config.quotas.to_json());
        if (config.shard.count > 1 || config.shard.index > 0)
            corpus.set_run_shard(result.run_id, config.shard.index, config.shard.count);
        // Saved at once: a run interrupted before its first batch resumes from here,
        // with what the corpus held when it began.
        const nlohmann::json start{{"next_index", first_index}, {"steering", steering.save()}};
        corpus.save_progress(result.run_id, start.dump(), result.counters.to_json().dump());
    }

    ProgressReporter progress(config, steering.live(), options.quiet);
    CorpusWriter writer(corpus, result.run_id, config, steering, result.counters, progress,
                        first_index);
    writer.check_corpus_with(options.corpus_lost);
    const auto t0 = std::chrono::steady_clock::now();
    run_graph(config, steering, writer, first_index, options, threads);
    writer.finish();
    result.counters.wall_seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    progress.finish(steering.live());

    result.finished = writer.done();
    result.counters.given_up = given_up_quotas(config.quotas, steering.live());
    if (options.corpus_lost)
        if (const std::string problem = options.corpus_lost(); !problem.empty())
            throw db::DbError(problem);
    // Stopped while another process held the corpus: the run keeps its last saved
    // progress and stays resumable (finished_at is still NULL).
    if (!writer.begin_unless_stopped()) {
        result.finished = false;
        return result;
    }
    try {
        corpus.set_run_status(result.run_id, result.finished ? "finished" : "interrupted",
                              result.counters.to_json().dump(), result.finished);
        corpus.commit();
    } catch (...) {
        corpus.abandon();
        throw;
    }
    return result;
}

}  // namespace kk
