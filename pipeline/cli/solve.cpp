// kenken solve: prints each puzzle's solution(s); exit status says unique/ambiguous/none.
#include <chrono>
#include <iostream>
#include <memory>

#include "core/solve/solver.h"
#include "pipeline/cli/command.h"
#include "pipeline/cli/grid_text.h"
#include "pipeline/cli/input.h"
#include "pipeline/cli/json_record.h"

namespace kk::cli {
namespace {

struct SolveOptions {
    std::vector<std::string> files;
    std::string format = "auto";
    int limit = 2;
    bool json = false;
    double max_seconds = 0;  // per puzzle; 0: no limit
    int threads = 1;
};

int run_solve(const SolveOptions& o) {
    int status = kOk;
    bool first = true;
    const bool read = for_each_input(o.files, o.format, [&](SourcedPuzzle&& sp) {
        const Puzzle& p = sp.parsed.puzzle;
        const auto t0 = std::chrono::steady_clock::now();
        const StopCondition stop = StopCondition::after(o.max_seconds);
        SolveResult r = solve(p, o.limit, o.max_seconds > 0 ? &stop : nullptr, o.threads);
        const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(
                                std::chrono::steady_clock::now() - t0)
                                .count();
        if (r.undecided) {
            status = std::max(status, static_cast<int>(kUndecided));
            if (o.json) {
                // The shared record's start (schema, and the id of a stored puzzle, which
                // was lost: only "source" was written).
                nlohmann::ordered_json j = record_for(sp);
                j["size"] = p.size;
                j["undecided"] = true;
                j["solutions_found"] = r.count;
                j["micros"] = micros;
                std::cout << db::json_line(j) << "\n";
            } else {
                if (!first) std::cout << "\n";
                first = false;
                std::cout << shown_name(sp.source) << ": undecided: no answer within --max-seconds "
                          << o.max_seconds << " (" << r.count << " solution"
                          << (r.count == 1 ? "" : "s") << " found so far)\n";
            }
            return;
        }
        if (r.count == 0) status = std::max(status, static_cast<int>(kNoSolution));
        if (r.count > 1) status = std::max(status, static_cast<int>(kAmbiguous));

        if (o.json) {
            nlohmann::ordered_json j = record_for(sp);
            j["solution"] =
                r.count ? grid_json(r.solutions[0], p.size) : nlohmann::ordered_json(nullptr);
            j["solutions"] = std::min(r.count, 2);
            j["second"] =
                r.count > 1 ? grid_json(r.solutions[1], p.size) : nlohmann::ordered_json(nullptr);
            j["micros"] = micros;
            std::cout << db::json_line(j) << "\n";
            return;
        }
        if (!first) std::cout << "\n";
        first = false;
        if (r.count == 0) {
            std::cout << shown_name(sp.source) << ": no solution\n";
            return;
        }
        if (r.count > 1)
            std::cout << shown_name(sp.source) << ": more than one solution; " << r.count
                      << (r.count >= o.limit ? " or more" : "") << " found:\n";
        for (int k = 0; k < r.count; ++k) {
            if (k) std::cout << "\n";
            std::cout << grid_text(r.solutions[static_cast<size_t>(k)], p.size);
        }
    });
    return read ? status : static_cast<int>(kBadInput);
}

}  // namespace

void add_solve_command(CLI::App& app) {
    auto o = std::make_shared<SolveOptions>();
    auto* sub = app.add_subcommand("solve", "Solve puzzles exactly and prove each answer unique");
    add_puzzle_inputs(sub, o->files, o->format);
    add_solution_limit_option(sub, o->limit,
                              "Count solutions up to this many (2 proves uniqueness)");
    sub->add_flag("--json", o->json,
                  "One JSON object a line: the shared record (docs/json.md) with \"solution\", "
                  "\"solutions\" (0, 1, or 2 for two or more) and \"second\"");
    sub->footer(
        help_footer({kOk, kBadInput, kAmbiguous, kNoSolution, kUndecided},
                    {"kenken solve puzzle.txt", "kenken solve --json puzzles.neknek",
                     "kenken query --db corpus.db --limit 5 --format json | kenken solve -"}));
    add_max_seconds_option(sub, o->max_seconds);
    add_search_threads_option(sub, o->threads);
    sub->callback([o] { set_exit(run_solve(*o)); });
}

}  // namespace kk::cli
