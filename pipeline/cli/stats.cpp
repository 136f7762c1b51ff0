// kenken stats: what the corpus holds, by size and level, and the runs that made it.
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>

#include "core/io/text_lines.h"
#include "core/io/utf8.h"
#include "core/model/level.h"
#include "core/model/puzzle.h"
#include "db/pack/puzzle_json.h"
#include "db/store/bounded_json.h"
#include "db/store/corpus.h"
#include "db/store/writer_lock.h"
#include "pipeline/cli/command.h"
#include "pipeline/factory/counters.h"

namespace kk::cli {
namespace {

void print_counts(const std::map<std::pair<int, std::string>, int>& counts) {
    std::set<int> sizes;
    for (const auto& [key, n] : counts) sizes.insert(key.first);
    std::printf("%-6s", "size");
    for (const LevelName& l : kGraded) std::printf(" %12s", l.name.data());
    std::printf(" %8s\n", "total");
    std::map<std::string, int> column;
    int all = 0;
    for (int size : sizes) {
        std::printf("%-6s", (std::to_string(size) + "x" + std::to_string(size)).c_str());
        int row = 0;
        for (const LevelName& level : kGraded) {
            const std::string l(level.name);
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
    for (const LevelName& l : kGraded) std::printf(" %12d", column[std::string(l.name)]);
    std::printf(" %8d\n", all);
}

// Counters not in the factory's form, as stored: escaped, and cut (a megabyte of them
// filled the screen).
std::string counters_as_stored(const std::string& text) {
    if (text.empty()) return "";
    return "      counters: " + printable_cut(text, 200) + "\n";
}

// The run's stage table, as `generate` printed it at the end, indented.
std::string counters_table(const std::string& text) {
    const auto stored = db::parse_stored_json(text);
    if (!stored) return counters_as_stored(text);
    RunCounters counters;
    try {
        counters = RunCounters::from_json(*stored);
    } catch (const nlohmann::json::exception&) {
        return counters_as_stored(text);
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

// A run's status as stats shows it. "running" is stored when a run starts and left so
// by a generate killed with SIGKILL (or a crash, a power cut): stats said "running"
// for ever after. A run runs only while a writer holds the corpus's lock, which the
// kernel drops when its process ends, however it ends: with none, the run has stopped
// (`generate --resume` continues it). A merged run that had not finished in its shard
// is "unfinished": nothing runs it here (the shard's --resume, then a merge, finishes it).
std::string shown_status(const db::RunRow& r, bool writer_live) {
    if (r.status != "running") return r.status;
    if (!r.origin.empty()) return "unfinished";
    return writer_live ? r.status : "stopped";
}

void print_runs(db::Corpus& corpus, bool writer_live) {
    const auto stored = corpus.counts_by_run();
    db::RunCursor cursor = corpus.scan_runs();
    db::RunRow r;
    if (!cursor.next(r)) {
        std::printf("\nno runs\n");
        return;
    }
    std::printf("\n%4s  %20s  %-12s  %-20s  %-20s  %8s\n", "run", "seed", "sizes", "started",
                "finished/status", "stored");
    do {
        auto it = stored.find(r.id);
        const std::string end = r.finished_at ? *r.finished_at : shown_status(r, writer_live);
        std::printf("%4lld  %20llu  %-12s  %-20s  %-20s  %8d\n", static_cast<long long>(r.id),
                    static_cast<unsigned long long>(r.seed), printable(r.sizes).c_str(),
                    printable(r.started_at).c_str(), printable(end).c_str(),
                    it == stored.end() ? 0 : it->second);
        if (r.shard_count > 1 || r.shard_index > 0)
            std::printf("      shard %d/%d%s\n", r.shard_index, r.shard_count,
                        r.shard_index >= r.shard_count ? " (top-up)" : "");
        // The shard's file name as merge was given it: a newline in it broke the table.
        if (!r.origin.empty())
            std::printf("      merged from %s (run %lld)\n", printable(r.origin).c_str(),
                        static_cast<long long>(r.origin_run));
        std::fputs(counters_table(r.counters).c_str(), stdout);
    } while (cursor.next(r));
}

void print_packs(db::Corpus& corpus) {
    const auto totals = corpus.pack_totals();
    std::printf("\npacks: %lld (%lld puzzles published)\n", static_cast<long long>(totals.packs),
                static_cast<long long>(totals.published));
}

// Counts by size and level, the runs and the packs as one JSON object.
void print_json(db::Corpus& corpus, bool writer_live) {
    nlohmann::ordered_json j;
    j["schema"] = db::kJsonSchema;
    nlohmann::ordered_json counts = nlohmann::ordered_json::object();
    int total = 0;
    for (const auto& [key, n] : corpus.counts_by_size_level()) {
        counts[std::to_string(key.first)][key.second] = n;
        total += n;
    }
    j["counts"] = counts;
    j["total"] = total;
    // The object is written in three parts, the runs one at a time between them: as
    // one value, 60,000 runs took 870 MB.
    const std::string head = db::json_line(j);
    std::printf("%s,\"runs\":[", head.substr(0, head.size() - 1).c_str());
    const auto stored = corpus.counts_by_run();
    db::RunCursor cursor = corpus.scan_runs();
    bool first = true;
    for (db::RunRow r; cursor.next(r); first = false) {
        auto it = stored.find(r.id);
        nlohmann::ordered_json run = {
            {"id", r.id},
            {"seed", r.seed},
            {"sizes", r.sizes},
            {"started", r.started_at},
            {"finished", r.finished_at ? nlohmann::ordered_json(*r.finished_at)
                                       : nlohmann::ordered_json(nullptr)},
            {"status", shown_status(r, writer_live)},
            {"stored", it == stored.end() ? 0 : it->second}};
        // Text that is not the factory's JSON is left out (verify names it).
        if (auto quotas = db::parse_stored_ordered_json(r.quotas))
            if (auto counters = db::parse_stored_ordered_json(r.counters)) {
                run["quotas"] = std::move(*quotas);
                run["counters"] = std::move(*counters);
            }
        std::printf("%s%s", first ? "" : ",", db::json_line(run).c_str());
    }
    nlohmann::ordered_json tail;
    const auto totals = corpus.pack_totals();
    tail["packs"] = totals.packs;
    tail["published"] = totals.published;
    std::printf("],%s\n", db::json_line(tail).substr(1).c_str());
}

// The first stored values stats would show as something they are not (a run's seed
// 'abc' as 0, rules 'bogus' as a variant), or "" when there are none. Only the runs
// and the variants: verify checks every column, which takes a scan each.
std::string misleading_records(db::Corpus& corpus) {
    if (const auto runs = corpus.type_problems("runs"); !runs.empty()) return runs.front();
    for (const auto& [key, n] : corpus.counts_by_rules_size_level()) {
        const std::string& name = std::get<0>(key);
        const auto rules = parse_rules(name);
        if (!rules || rules_name(*rules) != name)
            return std::to_string(n) + " puzzle" + (n == 1 ? "" : "s") + " of " +
                   std::to_string(std::get<1>(key)) + "x" + std::to_string(std::get<1>(key)) +
                   " stored with rules " + kk::quoted(name) + ", which name no variant";
    }
    return "";
}

int run(const std::string& path, bool json) {
    try {
        db::Corpus corpus = db::Corpus::open_read_only(path);
        // One moment's figures: the totals, the runs' counts and their counters agree.
        corpus.hold_snapshot();
        if (const std::string problem = misleading_records(corpus); !problem.empty()) {
            std::cerr << "stats: " << shown_name(path) << " is damaged: " << problem
                      << " (kenken verify --db " << shell_word(path)
                      << " lists every damaged record)\n";
            return kFailure;
        }
        // Asked after the snapshot is taken: a run whose writer has ended since shows
        // as stopped, which it is by now (asked before, a run started in between was
        // "stopped" while it ran).
        const bool writer_live = db::WriterLock::writer_of(path).has_value();
        if (json) {
            print_json(corpus, writer_live);
            return std::fflush(stdout) == 0 ? kOk : kFailure;
        }
        const auto by_rules = corpus.counts_by_rules_size_level();
        std::set<std::string> variants;
        for (const auto& [key, n] : by_rules) variants.insert(std::get<0>(key));
        if (variants.size() <= 1 && (variants.empty() || *variants.begin() == "standard")) {
            print_counts(corpus.counts_by_size_level());
        } else {
            // A table per variant: each is its own kind of puzzle.
            bool first = true;
            for (const std::string& v : variants) {
                std::map<std::pair<int, std::string>, int> counts;
                for (const auto& [key, n] : by_rules)
                    if (std::get<0>(key) == v) counts[{std::get<1>(key), std::get<2>(key)}] = n;
                std::printf("%svariant %s\n", first ? "" : "\n", v.c_str());
                first = false;
                print_counts(counts);
            }
        }
        print_runs(corpus, writer_live);
        print_packs(corpus);
        return std::fflush(stdout) == 0 ? kOk : kFailure;
    } catch (const std::exception& e) {
        std::cerr << "stats: " << shown_name(e.what()) << "\n";
        return kFailure;
    }
}

}  // namespace

void add_stats_command(CLI::App& app) {
    auto path = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    auto* sub = app.add_subcommand("stats", "Count the corpus by size and level; list the runs");
    add_db_option(sub, *path, "Corpus file (read only)");
    sub->add_flag("--json", *json, "One JSON object: counts by size and level, runs, packs");
    sub->footer(help_footer({kOk, kFailure},
                            {"kenken stats --db corpus.db", "kenken stats --db corpus.db --json"}));
    sub->callback([path, json] { set_exit(run(*path, *json)); });
}

}  // namespace kk::cli
