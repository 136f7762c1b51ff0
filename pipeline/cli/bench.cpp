// `kenken bench`: times the exact solver on puzzle files and prints, per size,
// the median, 90th percentile and largest solve time with the answers found.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/grade/grader.h"
#include "core/solve/solver.h"
#include "db/pack/puzzle_json.h"
#include "pipeline/cli/command.h"
#include "pipeline/cli/input.h"

namespace kk::cli {
namespace {

struct BenchOptions {
    std::vector<std::string> files;
    std::string format = "auto";
    int limit = 2;
    int repeat = 5;
    bool warm = false;
    bool grade = false;  // time grade() instead of solve()
    bool json = false;
};

struct SizeFigures {
    std::vector<double> micros;  // best time of each puzzle
    std::uint64_t nodes = 0;
    int unique = 0, ambiguous = 0, impossible = 0;
};

// Best of `repeat` runs in microseconds; `result` keeps the last run's answer. Cold:
// the cage tables are built afresh for every run, as for a one-off `kenken solve`.
// Warm: the solver's table cache keeps what earlier puzzles built, as in a factory
// run; one run per puzzle, since a repeat would find its own tables.
double time_solve(const Puzzle& p, int limit, int repeat, bool warm, SolveResult& result) {
    static Solver shared;
    double best = 0;
    for (int r = 0; r < (warm ? 1 : repeat); ++r) {
        if (!warm) shared.forget_tables();
        auto start = std::chrono::steady_clock::now();
        result = shared.solve(p, limit);
        auto stop = std::chrono::steady_clock::now();
        double us = std::chrono::duration<double, std::micro>(stop - start).count();
        if (r == 0 || us < best) best = us;
    }
    return best;
}

// Best of `repeat` grade() runs in microseconds; `result` keeps the last run's grade.
double time_grade(const Puzzle& p, int repeat, Grade& result) {
    double best = 0;
    for (int r = 0; r < repeat; ++r) {
        auto start = std::chrono::steady_clock::now();
        result = grade(p);
        auto stop = std::chrono::steady_clock::now();
        double us = std::chrono::duration<double, std::micro>(stop - start).count();
        if (r == 0 || us < best) best = us;
    }
    return best;
}

// What a puzzle with one solution found is: with --limit 1 the search stops at the
// first, so it proves nothing about a second ("unique" counted ambiguous puzzles).
const char* one_found(const BenchOptions& o) {
    return o.grade || o.limit >= 2 ? "unique" : "solved";
}

// Nearest-rank percentile of sorted values.
double percentile(const std::vector<double>& sorted, double q) {
    size_t rank = static_cast<size_t>(q * static_cast<double>(sorted.size()) + 0.999999);
    return sorted[std::clamp<size_t>(rank, 1, sorted.size()) - 1];
}

double median(const std::vector<double>& sorted) {
    size_t n = sorted.size();
    return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

void print_table(const std::map<int, SizeFigures>& by_size, const BenchOptions& o) {
    if (o.grade)
        std::printf("grade(puzzle), best of %d runs, steady_clock, microseconds\n", o.repeat);
    else if (o.warm)
        std::printf(
            "solve(puzzle, limit %d), warm table cache, one run each, steady_clock, "
            "microseconds\n",
            o.limit);
    else
        std::printf(
            "solve(puzzle, limit %d), cold tables, best of %d runs, steady_clock, "
            "microseconds\n",
            o.limit, o.repeat);
    std::printf("%-5s %8s %10s %10s %10s %10s %7s %9s %10s\n", "size", "puzzles", "median_us",
                "p90_us", "max_us", "mean_nodes", one_found(o), "ambiguous", "impossible");
    for (auto& [n, f] : by_size) {
        std::vector<double> t = f.micros;
        std::sort(t.begin(), t.end());
        std::printf("%dx%-3d %8zu %10.1f %10.1f %10.1f %10.2f %7d %9d %10d\n", n, n, t.size(),
                    median(t), percentile(t, 0.9), t.back(),
                    static_cast<double>(f.nodes) / static_cast<double>(t.size()), f.unique,
                    f.ambiguous, f.impossible);
    }
}

// One JSON object: what was timed and the figures of each size.
void print_json(const std::map<int, SizeFigures>& by_size, const BenchOptions& o) {
    nlohmann::ordered_json j;
    j["schema"] = db::kJsonSchema;
    j["timed"] = o.grade ? "grade" : "solve";
    j["limit"] = o.limit;
    j["cache"] = o.warm ? "warm" : "cold";
    j["repeat"] = o.warm && !o.grade ? 1 : o.repeat;
    nlohmann::ordered_json sizes = nlohmann::ordered_json::array();
    for (auto& [n, f] : by_size) {
        std::vector<double> t = f.micros;
        std::sort(t.begin(), t.end());
        sizes.push_back(
            {{"size", n},
             {"puzzles", t.size()},
             {"median_us", median(t)},
             {"p90_us", percentile(t, 0.9)},
             {"max_us", t.back()},
             {"mean_nodes", static_cast<double>(f.nodes) / static_cast<double>(t.size())},
             {one_found(o), f.unique},
             {"ambiguous", f.ambiguous},
             {"impossible", f.impossible}});
    }
    j["sizes"] = sizes;
    std::printf("%s\n", db::json_line(j).c_str());
}

int run_bench(const BenchOptions& o) {
    std::vector<SourcedPuzzle> puzzles;
    if (!read_inputs(o.files, o.format, puzzles)) return kBadInput;
    std::map<int, SizeFigures> by_size;
    for (const SourcedPuzzle& sp : puzzles) {
        const Puzzle& p = sp.parsed.puzzle;
        SolveResult r;
        SizeFigures& f = by_size[p.size];
        if (o.grade) {  // nodes: trial-and-error search nodes
            Grade g;
            f.micros.push_back(time_grade(p, o.repeat, g));
            f.nodes += g.search_nodes;
            ++(g.level == Level::Ambiguous    ? f.ambiguous
               : g.level == Level::Impossible ? f.impossible
                                              : f.unique);
            continue;
        }
        f.micros.push_back(time_solve(p, o.limit, o.repeat, o.warm, r));
        f.nodes += r.nodes;
        if (r.count == 0)
            ++f.impossible;
        else if (r.count == 1)
            ++f.unique;
        else
            ++f.ambiguous;
    }
    if (o.json)
        print_json(by_size, o);
    else
        print_table(by_size, o);
    return std::fflush(stdout) == 0 ? kOk : kFailure;
}

}  // namespace

void add_bench_command(CLI::App& app) {
    auto o = std::make_shared<BenchOptions>();
    auto* sub = app.add_subcommand(
        "bench",
        "Time the exact solver (or, with --grade, the grader) on puzzle files: per size, "
        "median/p90/max microseconds");
    sub->add_option("files", o->files, "Puzzle files (any format; '-' or none: stdin)");
    add_format_option(sub, o->format);
    sub->add_option("--limit", o->limit, "Solutions to count: 2 proves uniqueness")
        ->check(whole_number(1, 1'000'000))
        ->capture_default_str();
    sub->add_flag("--warm", o->warm,
                  "Keep the solver's cage-table cache across puzzles, as a factory run does "
                  "(default: cold, tables built for every run)");
    sub->add_option("--repeat", o->repeat, "Runs per puzzle; the best one counts")
        ->check(whole_number(1, 1'000'000))
        ->capture_default_str();
    sub->add_flag("--grade", o->grade, "Time the grader (grade()) instead of the solver");
    sub->add_flag("--json", o->json, "The figures as one JSON object");
    sub->footer(help_footer(
        {kOk, kFailure, kBadInput},
        {"kenken bench tests/data/*.neknek", "kenken bench --warm --json puzzles.neknek",
         "kenken bench --grade --repeat 1 puzzles.keen"}));
    sub->callback([o] { set_exit(run_bench(*o)); });
}

}  // namespace kk::cli
