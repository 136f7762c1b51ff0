// kenken stats: what the corpus holds, by size and level, and the runs that made it.
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>

#include "db/store/corpus.h"
#include "pipeline/cli/command.h"
#include "pipeline/factory/counters.h"

namespace kk::cli {
namespace {

constexpr const char* kLevels[] = {"easy", "normal", "hard", "extreme", "unreasonable"};

void print_counts(const std::map<std::pair<int, std::string>, int>& counts) {
    std::set<int> sizes;
    for (const auto& [key, n] : counts) sizes.insert(key.first);
    std::printf("%-6s", "size");
    for (const char* l : kLevels) std::printf(" %12s", l);
    std::printf(" %8s\n", "total");
    std::map<std::string, int> column;
    int all = 0;
    for (int size : sizes) {
        std::printf("%-6s", (std::to_string(size) + "x" + std::to_string(size)).c_str());
        int row = 0;
        for (const char* l : kLevels) {
            auto it = counts.find({size, l});
            const int n = it == counts.end() ? 0 : it->second;
            std::printf(" %12d", n);
            row += n;
            column[l] += n;
        }
        std::printf(" %8d\n", row);
        all += row;
    }
    std::printf("%-6s", "total");
    for (const char* l : kLevels) std::printf(" %12d", column[l]);
    std::printf(" %8d\n", all);
}

// The run's stage table, as `generate` printed it at the end, indented.
std::string counters_table(const std::string& text) {
    RunCounters counters;
    try {
        counters = RunCounters::from_json(nlohmann::json::parse(text));
    } catch (const nlohmann::json::exception&) {
        return text.empty() ? "" : "      counters: " + text + "\n";  // not the factory's form
    }
    std::string out;
    const std::string table = counters.table();
    for (size_t pos = 0; pos < table.size();) {
        const size_t nl = table.find('\n', pos);
        if (nl > pos) out += "      " + table.substr(pos, nl - pos);
        out += "\n";
        pos = nl + 1;
    }
    return out;
}

void print_runs(db::Corpus& corpus) {
    const auto runs = corpus.runs();
    if (runs.empty()) {
        std::printf("\nno runs\n");
        return;
    }
    const auto stored = corpus.counts_by_run();
    std::printf("\n%4s  %20s  %-12s  %-20s  %-20s  %8s\n", "run", "seed", "sizes", "started",
                "finished/status", "stored");
    for (const db::RunRow& r : runs) {
        auto it = stored.find(r.id);
        const std::string end = r.finished_at ? *r.finished_at : r.status;
        std::printf("%4lld  %20llu  %-12s  %-20s  %-20s  %8d\n", static_cast<long long>(r.id),
                    static_cast<unsigned long long>(r.seed), r.sizes.c_str(), r.started_at.c_str(),
                    end.c_str(), it == stored.end() ? 0 : it->second);
        if (r.shard_count > 1 || r.shard_index > 0)
            std::printf("      shard %d/%d%s\n", r.shard_index, r.shard_count,
                        r.shard_index >= r.shard_count ? " (top-up)" : "");
        if (!r.origin.empty())
            std::printf("      merged from %s (run %lld)\n", r.origin.c_str(),
                        static_cast<long long>(r.origin_run));
        std::fputs(counters_table(r.counters).c_str(), stdout);
    }
}

void print_packs(db::Corpus& corpus) {
    const auto packs = corpus.packs();
    int published = 0;
    for (const auto& p : packs) published += p.count;
    std::printf("\npacks: %zu (%d puzzles published)\n", packs.size(), published);
}

int run(const std::string& path) {
    try {
        db::Corpus corpus = db::Corpus::open_existing(path);
        print_counts(corpus.counts_by_size_level());
        print_runs(corpus);
        print_packs(corpus);
        return std::fflush(stdout) == 0 ? kOk : kFailure;
    } catch (const std::exception& e) {
        std::cerr << "stats: " << e.what() << "\n";
        return kFailure;
    }
}

}  // namespace

void add_stats_command(CLI::App& app) {
    auto path = std::make_shared<std::string>();
    auto* sub = app.add_subcommand("stats", "Count the corpus by size and level; list the runs");
    sub->add_option("--db", *path, "Corpus file")->required();
    sub->callback([path] { set_exit(run(*path)); });
}

}  // namespace kk::cli
