#include "pipeline/factory/factory.h"

#include <oneapi/tbb/flow_graph.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <thread>

#include "pipeline/factory/writer.h"
#include "pipeline/factory/progress.h"
#include "pipeline/factory/stages.h"
#include "pipeline/factory/steering.h"

namespace kk {
namespace {

using namespace oneapi::tbb;
using flow::continue_msg;
using flow::unlimited;

// Builds the graph and runs it until the source stops and every candidate in flight
// has reached the writer.
//
//   source -> limiter -> latin -> tiling -> operators -> singletons -> uniqueness
//          -> grading -> sequencer -> writer --(decrement)--> limiter
void run_graph(const FactoryConfig& config, Steering& steering, CorpusWriter& writer,
               std::uint64_t first_index, const FactoryOptions& options) {
    flow::graph g;
    std::uint64_t next = first_index;
    const std::uint64_t stream = stream_seed(config.seed, config.shard);
    const std::uint64_t last = options.stop_after ? first_index + options.stop_after : 0;

    // Nodes.
    flow::input_node<CandidatePtr> source(g, [&](flow_control& fc) -> CandidatePtr {
        const bool interrupted = options.interrupt && options.interrupt->load();
        if (interrupted) writer.request_stop();
        if (writer.done() || writer.stopping() || (last && next >= last)) {
            fc.stop();
            return {};
        }
        auto c = std::make_shared<Candidate>();
        c->index = next++;
        c->rng = Rng(stream, c->index);
        return c;
    });
    flow::limiter_node<CandidatePtr> limiter(g, static_cast<size_t>(config.in_flight));
    auto stage = [&g](auto body) {
        return flow::function_node<CandidatePtr, CandidatePtr>(g, unlimited,
                                                               [body](CandidatePtr c) {
                                                                   body(*c);
                                                                   return c;
                                                               });
    };
    auto latin = stage([&](Candidate& c) { stages::plan_and_sample_latin(c, steering); });
    auto tiling = stage([&](Candidate& c) { stages::tile(c, config); });
    auto operators = stage([&](Candidate& c) { stages::assign_ops(c, config); });
    auto singletons = stage([&](Candidate& c) { stages::filter_singletons(c, config); });
    auto uniqueness = stage([](Candidate& c) { stages::check_unique(c); });
    auto grading = stage([&](Candidate& c) { stages::grade_level(c, config); });
    flow::sequencer_node<CandidatePtr> sequencer(
        g, [first_index](const CandidatePtr& c) { return c->index - first_index; });
    flow::function_node<CandidatePtr, continue_msg> write(g, flow::serial, [&](CandidatePtr c) {
        writer.accept(*c);
        return continue_msg();
    });

    // Edges.
    flow::make_edge(source, limiter);
    flow::make_edge(limiter, latin);
    flow::make_edge(latin, tiling);
    flow::make_edge(tiling, operators);
    flow::make_edge(operators, singletons);
    flow::make_edge(singletons, uniqueness);
    flow::make_edge(uniqueness, grading);
    flow::make_edge(grading, sequencer);
    flow::make_edge(sequencer, write);
    flow::make_edge(write, limiter.decrementer());

    source.activate();
    g.wait_for_all();
}

}  // namespace

FactoryResult run_factory(db::Corpus& corpus, const FactoryConfig& run_config,
                          const FactoryOptions& options) {
    // A shard works to its share of the quotas; the run keeps the whole configuration.
    FactoryConfig config = run_config;
    config.quotas = shard_quotas(run_config.quotas, run_config.shard);
    const int threads = options.threads > 0 ? options.threads : info::default_concurrency();
    global_control parallelism(global_control::max_allowed_parallelism,
                               static_cast<size_t>(threads));

    FactoryResult result;
    Steering steering(config);
    std::uint64_t first_index = 0;
    bool restored = false;
    if (options.resume) {
        auto run = corpus.run(*options.resume);
        result.run_id = run->id;
        const auto progress = nlohmann::json::parse(run->progress.empty() ? "{}" : run->progress);
        if (progress.contains("next_index")) {
            first_index = progress.at("next_index").get<std::uint64_t>();
            steering.restore(progress.at("steering"), first_index);
            result.counters = RunCounters::from_json(nlohmann::json::parse(run->counters));
            restored = true;
        }
        corpus.set_run_status(run->id, "running", result.counters.to_json().dump(), false);
    } else {
        result.run_id = corpus.begin_run(config_to_toml(run_config), config.seed,
                                         sizes_text(config.quotas.sizes), config.quotas.to_json());
        if (config.shard.count > 1 || config.shard.index > 0)
            corpus.set_run_shard(result.run_id, config.shard.index, config.shard.count);
    }

    if (config.shard.index >= config.shard.count && !restored)
        steering.preload(corpus.counts_by_size_level());

    ProgressReporter progress(config, steering.live());
    CorpusWriter writer(corpus, result.run_id, config, steering, result.counters, progress,
                        first_index);
    const auto t0 = std::chrono::steady_clock::now();
    run_graph(config, steering, writer, first_index, options);
    writer.finish();
    result.counters.wall_seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    progress.finish(steering.live());

    result.finished = writer.done();
    corpus.set_run_status(result.run_id, result.finished ? "finished" : "interrupted",
                          result.counters.to_json().dump(), result.finished);
    return result;
}

}  // namespace kk
