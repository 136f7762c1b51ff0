#include <oneapi/tbb/flow_graph.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <thread>
#include <vector>

#include "pipeline/factory/factory.h"
#include "pipeline/factory/progress.h"
#include "pipeline/factory/stages.h"
#include "pipeline/factory/steering.h"
#include "pipeline/factory/writer.h"

namespace kk {
namespace {

using namespace oneapi::tbb;
using flow::continue_msg;
using flow::unlimited;

// Builds the graph and runs it until the source stops and every candidate in flight
// has reached the writer.
//
//   source -> limiter -> build (every stage up to the stored row, in parallel)
//          -> sequencer -> writer --(decrement)--> limiter
//
// The stages share one node: all run with unlimited concurrency, so splitting them
// bought nothing but a task hop each. Candidates come from a fixed pool: the limiter
// keeps at most L in flight and the writer frees them in index order, so candidate i's
// slot is free again long before i + 4L needs it.
void run_graph(const FactoryConfig& config, Steering& steering, CorpusWriter& writer,
               std::uint64_t first_index, const FactoryOptions& options) {
    flow::graph g;
    std::uint64_t next = first_index;
    const std::uint64_t last = options.stop_after ? first_index + options.stop_after : 0;
    std::vector<Candidate> pool(static_cast<size_t>(4 * config.in_flight));

    flow::input_node<Candidate*> source(g, [&](flow_control& fc) -> Candidate* {
        const bool interrupted = options.interrupt && options.interrupt->load();
        if (interrupted) writer.request_stop();
        if (writer.done() || writer.stopping() || (last && next >= last)) {
            fc.stop();
            return nullptr;
        }
        Candidate* c = &pool[static_cast<size_t>((next - first_index) % pool.size())];
        c->reset(config.seed, next++);
        return c;
    });
    flow::limiter_node<Candidate*> limiter(g, static_cast<size_t>(config.in_flight));
    flow::function_node<Candidate*, Candidate*> build(g, unlimited, [&](Candidate* c) {
        stages::build(*c, steering, config);
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

    source.activate();
    g.wait_for_all();
}

}  // namespace

FactoryResult run_factory(db::Corpus& corpus, const FactoryConfig& config,
                          const FactoryOptions& options) {
    const int threads = options.threads > 0 ? options.threads : info::default_concurrency();
    global_control parallelism(global_control::max_allowed_parallelism,
                               static_cast<size_t>(threads));

    FactoryResult result;
    Steering steering(config);
    std::uint64_t first_index = 0;
    if (options.resume) {
        auto run = corpus.run(*options.resume);
        result.run_id = run->id;
        const auto progress = nlohmann::json::parse(run->progress.empty() ? "{}" : run->progress);
        if (progress.contains("next_index")) {
            first_index = progress.at("next_index").get<std::uint64_t>();
            steering.restore(progress.at("steering"), first_index);
            result.counters = RunCounters::from_json(nlohmann::json::parse(run->counters));
        }
        corpus.set_run_status(run->id, "running", result.counters.to_json().dump(), false);
    } else {
        result.run_id = corpus.begin_run(config_to_toml(config), config.seed,
                                         sizes_text(config.quotas.sizes), config.quotas.to_json());
    }

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
