// `kenken bench`: times the exact solver on puzzle files and prints, per size,
// the median, 90th percentile and largest solve time with the answers found.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
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
    double max_seconds = 0;  // per run; 0: no limit
    int seeds = 1;           // search seeds per puzzle (solve only): its median counts
};

struct SizeFigures {
    std::vector<double> micros;  // best time of each puzzle
    std::uint64_t nodes = 0;
    int unique = 0, ambiguous = 0, impossible = 0;
    int undecided = 0;        // a run met --max-seconds: left out of the times, which it would cut
    int undecided_seeds = 0;  // with --seeds: seeds that met it (their puzzles may count)
};

// Best of `repeat` runs in microseconds; `result` keeps the last run's answer. Cold:
// the cage tables are built afresh for every run, as for a one-off `kenken solve`.
// Warm: the solver's table cache keeps what earlier puzzles built, as in a factory
// run; one run per puzzle, since a repeat would find its own tables.
// An undecided run ends the repeats: the others would meet the same budget.
// seed: the solver's search seed (0: its own; see --seeds).
double time_solve(const Puzzle& p, int limit, int repeat, bool warm, double max_seconds, int seed,
                  SolveResult& result) {
    static Solver shared;
    shared.set_search_seed(static_cast<std::uint64_t>(seed));
    // Only the count is shown: a million grids kept for --limit 1000000 took 460 MB.
    static const SolutionSink discard = [](const Grid&) {};
    double best = 0;
    for (int r = 0; r < (warm ? 1 : repeat) && !result.undecided; ++r) {
        if (!warm) shared.forget_tables();
        const StopCondition budget = StopCondition::after(max_seconds);
        auto start = std::chrono::steady_clock::now();
        result = shared.solve(p, limit, max_seconds > 0 ? &budget : nullptr, 1, &discard);
        auto stop = std::chrono::steady_clock::now();
        double us = std::chrono::duration<double, std::micro>(stop - start).count();
        if (r == 0 || us < best) best = us;
    }
    return best;
}

// Best of `repeat` grade() runs in microseconds; `result` keeps the last run's grade.
// Cold as the solver's timing is: grade() solves first, and the solver's tables from
// the last run (or the last puzzle) made every run after the first a warm one.
double time_grade(const Puzzle& p, int repeat, double max_seconds, Grade& result) {
    double best = 0;
    for (int r = 0; r < repeat && !result.undecided; ++r) {
        forget_thread_tables();
        const StopCondition budget = StopCondition::after(max_seconds);
        auto start = std::chrono::steady_clock::now();
        result = grade(p, false, kNoNodeLimit, nullptr, max_seconds > 0 ? &budget : nullptr);
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

// One puzzle over search seeds 0..seeds-1 (each timed as time_solve does): the median
// time and nodes, and the answer, which every seed must give alike (the solver is
// exact; only the search's path depends on the seed). A slow puzzle's single time can
// be one seed's luck (docs/big-cages.md): its median over seeds is what a change to
// the search should move. A seed that meets --max-seconds counts at the time it took
// (at least the budget); when half the seeds or more do, the median is unknown and the
// puzzle is undecided. With one seed, this is time_solve's single answer.
struct SeededFigures {
    double micros = 0;
    std::uint64_t nodes = 0;
    int count = 0;            // solutions found, up to the limit, by every decided seed
    int undecided_seeds = 0;  // seeds that met --max-seconds
    bool undecided = false;   // the median itself is one of those
    bool agree = true;        // every decided seed found the same count
};
SeededFigures time_solve_over_seeds(const Puzzle& p, const BenchOptions& o) {
    std::vector<double> micros, nodes;
    SeededFigures f;
    int decided = 0;
    for (int seed = 0; seed < o.seeds; ++seed) {
        SolveResult r;
        micros.push_back(time_solve(p, o.limit, o.repeat, o.warm, o.max_seconds, seed, r));
        nodes.push_back(static_cast<double>(r.nodes));
        if (r.undecided) {
            ++f.undecided_seeds;
            continue;
        }
        if (decided++ == 0) f.count = r.count;
        f.agree = f.agree && r.count == f.count;
    }
    f.undecided = 2 * f.undecided_seeds >= o.seeds;
    std::sort(micros.begin(), micros.end());
    std::sort(nodes.begin(), nodes.end());
    f.micros = median(micros);
    f.nodes = static_cast<std::uint64_t>(median(nodes) + 0.5);
    return f;
}

void print_table(const std::map<int, SizeFigures>& by_size, const BenchOptions& o) {
    if (o.grade)
        std::printf("grade(puzzle), cold tables, best of %d runs, steady_clock, microseconds\n",
                    o.repeat);
    else if (o.warm)
        std::printf(
            "solve(puzzle, limit %d), warm table cache, one run each, steady_clock, "
            "microseconds\n",
            o.limit);
    else if (o.seeds > 1)
        std::printf(
            "solve(puzzle, limit %d), cold tables, best of %d runs, median over %d search "
            "seeds, steady_clock, microseconds\n",
            o.limit, o.repeat, o.seeds);
    else
        std::printf(
            "solve(puzzle, limit %d), cold tables, best of %d runs, steady_clock, "
            "microseconds\n",
            o.limit, o.repeat);
    std::printf("%-5s %8s %10s %10s %10s %10s %7s %9s %10s", "size", "puzzles", "median_us",
                "p90_us", "max_us", "mean_nodes", one_found(o), "ambiguous", "impossible");
    std::printf(o.max_seconds > 0 ? " %9s\n" : "\n", "undecided");
    for (auto& [n, f] : by_size) {
        std::vector<double> t = f.micros;
        std::sort(t.begin(), t.end());
        if (t.empty())  // every puzzle of this size undecided
            std::printf("%dx%-3d %8d %10s %10s %10s %10s %7d %9d %10d", n, n, 0, "-", "-", "-", "-",
                        0, 0, 0);
        else
            std::printf("%dx%-3d %8zu %10.1f %10.1f %10.1f %10.2f %7d %9d %10d", n, n, t.size(),
                        median(t), percentile(t, 0.9), t.back(),
                        static_cast<double>(f.nodes) / static_cast<double>(t.size()), f.unique,
                        f.ambiguous, f.impossible);
        if (o.max_seconds > 0) std::printf(" %9d", f.undecided);
        std::printf("\n");
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
    j["seeds"] = o.seeds;
    nlohmann::ordered_json sizes = nlohmann::ordered_json::array();
    for (auto& [n, f] : by_size) {
        std::vector<double> t = f.micros;
        std::sort(t.begin(), t.end());
        const auto figure = [&t](double x) {
            return t.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(x);
        };
        sizes.push_back({{"size", n},
                         {"puzzles", t.size()},
                         {"median_us", figure(t.empty() ? 0 : median(t))},
                         {"p90_us", figure(t.empty() ? 0 : percentile(t, 0.9))},
                         {"max_us", figure(t.empty() ? 0 : t.back())},
                         {"mean_nodes", figure(static_cast<double>(f.nodes) /
                                               static_cast<double>(std::max<size_t>(t.size(), 1)))},
                         {one_found(o), f.unique},
                         {"ambiguous", f.ambiguous},
                         {"impossible", f.impossible},
                         {"undecided", f.undecided},
                         {"undecided_seeds", f.undecided_seeds}});
    }
    j["sizes"] = sizes;
    std::printf("%s\n", db::json_line(j).c_str());
}

int run_bench(const BenchOptions& o) {
    std::map<int, SizeFigures> by_size;
    int status = kOk;
    const bool read = for_each_input(o.files, o.format, [&](SourcedPuzzle&& sp) {
        const Puzzle& p = sp.parsed.puzzle;
        SizeFigures& f = by_size[p.size];
        const auto undecided = [&] {
            ++f.undecided;
            status = kUndecided;
            say_undecided(shown_name(sp.source), o.max_seconds);
        };
        if (o.grade) {  // nodes: trial-and-error search nodes
            Grade g;
            const double micros = time_grade(p, o.repeat, o.max_seconds, g);
            if (g.undecided) {
                undecided();
                return;
            }
            f.micros.push_back(micros);
            f.nodes += g.search_nodes;
            ++(g.level == Level::Ambiguous    ? f.ambiguous
               : g.level == Level::Impossible ? f.impossible
                                              : f.unique);
            return;
        }
        const SeededFigures seeded = time_solve_over_seeds(p, o);
        f.undecided_seeds += seeded.undecided_seeds;
        if (seeded.undecided) {
            undecided();
            return;
        }
        if (seeded.undecided_seeds > 0)
            std::fprintf(stderr,
                         "%s: %d of %d search seeds undecided within --max-seconds %g (counted "
                         "at the time they took)\n",
                         shown_name(sp.source).c_str(), seeded.undecided_seeds, o.seeds,
                         o.max_seconds);
        if (!seeded.agree) {  // a search seed changed an exact answer: a solver bug
            std::fprintf(stderr,
                         "kenken bench: internal error: %s: the search seeds disagree on "
                         "the number of solutions\n",
                         shown_name(sp.source).c_str());
            status = kFailure;
        }
        f.micros.push_back(seeded.micros);
        f.nodes += seeded.nodes;
        if (seeded.count == 0)
            ++f.impossible;
        else if (seeded.count == 1)
            ++f.unique;
        else
            ++f.ambiguous;
    });
    if (!read) return kBadInput;
    if (o.json)
        print_json(by_size, o);
    else
        print_table(by_size, o);
    return std::fflush(stdout) == 0 ? status : kFailure;
}

}  // namespace

void add_bench_command(CLI::App& app) {
    auto o = std::make_shared<BenchOptions>();
    auto* sub = app.add_subcommand(
        "bench",
        "Time the exact solver (or, with --grade, the grader) on puzzle files: per size, "
        "median/p90/max microseconds");
    add_puzzle_inputs(sub, o->files, o->format);
    add_solution_limit_option(sub, o->limit, "Solutions to count: 2 proves uniqueness");
    sub->add_flag("--warm", o->warm,
                  "Keep the solver's cage-table cache across puzzles, as a factory run does: "
                  "one run a puzzle, so --repeat stays 1 (default: cold, tables built for "
                  "every run)");
    CLI::Option* repeat =
        sub->add_option("--repeat", o->repeat, "Runs per puzzle; the best one counts");
    repeat->check(whole_number(1, 1'000'000))->capture_default_str();
    // The grader decides uniqueness itself and time_grade() has no warm mode: --limit
    // and --warm were ignored under --grade while its report still named them.
    sub->add_flag("--grade", o->grade,
                  "Time the grader (grade()) instead of the solver; it always decides "
                  "uniqueness (the JSON's \"limit\" is 2), so --limit and --warm, which "
                  "only the solver's timing uses, are refused with it")
        ->excludes("--limit")
        ->excludes("--warm");
    sub->add_option("--seeds", o->seeds,
                    "Solve each puzzle with this many search seeds (0, 1, ...; 0 is the "
                    "solver's own) and count its median time and nodes: a big-cage puzzle's "
                    "time depends on the restarts' random values, so one seed can be luck")
        ->check(whole_number(1, 1000))
        ->capture_default_str()
        ->excludes("--grade")
        ->excludes("--warm");
    sub->add_flag("--json", o->json, "The figures as one JSON object");
    add_max_seconds_option(sub, o->max_seconds)
        ->description(
            "Give up on a run (one repeat of one puzzle, with one seed) after this many "
            "seconds: it is left out of the times and the exit status is 8; the whole bench "
            "may take --repeat x --seeds times as long a puzzle (default: no limit)");
    sub->footer(help_footer(
        {kOk, kFailure, kBadInput, kUndecided},
        {"kenken bench tests/data/*.neknek", "kenken bench --warm --json puzzles.neknek",
         "kenken bench --grade --repeat 1 puzzles.keen",
         "kenken bench --seeds 8 --repeat 1 --json slow-puzzles/*.neknek"}));
    sub->callback([o, repeat] {
        // A warm bench runs each puzzle once: --repeat 3 beside it ran once without a word.
        // Only a --repeat given is refused: the default (5) refused a plain --warm.
        if (o->warm && repeat->count() > 0 && o->repeat > 1) {
            std::cerr << "bench: --warm runs each puzzle once (the cache warms over the puzzles): "
                         "--repeat "
                      << o->repeat << " needs a cold bench (leave out --warm)\n";
            set_exit(kBadInput);
            return;
        }
        set_exit(run_bench(*o));
    });
}

}  // namespace kk::cli
