// `kenken grade`: the level and score of each puzzle by human techniques, with the
// techniques used, and with --explain the solving path a step a line.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/grade/grader.h"
#include "pipeline/cli/command.h"
#include "pipeline/cli/grid_text.h"
#include "pipeline/cli/input.h"
#include "pipeline/cli/json_record.h"
#include "pipeline/cli/search_notice.h"

namespace kk::cli {
namespace {

struct GradeOptions {
    std::vector<std::string> files;
    std::string format = "auto";
    bool json = false;
    bool explain = false;
    double max_seconds = 0;  // per puzzle; 0: no limit
    int threads = 1;
};

// Exit status of one grade: the worst over all puzzles is the command's.
int status_of(Level level) {
    if (level == Level::Ambiguous) return kAmbiguous;
    if (level == Level::Impossible) return kNoSolution;
    return kOk;
}

// "SOURCE<TAB>NxN<TAB>LEVEL<TAB>SCORE"; with explain the steps and the solved grid follow,
// then an empty line.
void print_plain(const SourcedPuzzle& sp, const Grade& g, bool explain) {
    const int n = sp.parsed.puzzle.size;
    std::cout << shown_name(sp.source) << '\t' << n << 'x' << n << '\t' << level_name(g.level)
              << '\t' << db::score_int(g.score) << '\n';
    if (!explain) return;
    for (const std::string& step : g.steps) std::cout << step << '\n';
    if (!g.solution.empty()) std::cout << grid_text(g.solution, n);
    std::cout << '\n';
}

// The shared record with "solution" and "grade": level, score, the steps of each
// technique, search nodes and the solving path.
void print_json(const SourcedPuzzle& sp, const Grade& g, double micros) {
    const int n = sp.parsed.puzzle.size;
    nlohmann::ordered_json j = record_for(sp);
    j["solution"] = g.solution.empty() ? nlohmann::ordered_json(nullptr) : grid_json(g.solution, n);
    nlohmann::ordered_json techniques = nlohmann::ordered_json::object();
    for (int t = 0; t < kTechniqueCount; ++t)
        techniques[technique_name(static_cast<Technique>(t))] = g.counts[t];
    j["grade"] = {{"level", level_name(g.level)},     {"score", db::score_int(g.score)},
                  {"techniques", techniques},         {"search_nodes", g.search_nodes},
                  {"search_at_top", g.search_at_top}, {"steps", g.steps}};
    j["micros"] = static_cast<long long>(micros + 0.5);
    std::cout << db::json_line(j) << '\n';
}

int run_grade(const GradeOptions& o) {
    int status = kOk;
    // Without a budget a hostile puzzle can search for a minute: say so once it runs long.
    SearchNotice notice("grade", o.max_seconds > 0 ? 0 : notice_seconds());
    const bool read = for_each_input(o.files, o.format, [&](SourcedPuzzle&& sp) {
        // Output that cannot be written (a full disk): the rest is not graded for nothing.
        if (output_failed()) return;
        const auto start = std::chrono::steady_clock::now();
        const StopCondition budget = StopCondition::after(o.max_seconds);
        notice.begin(shown_name(sp.source));
        const Grade g =
            grade(sp.parsed.puzzle, o.explain || o.json, kNoNodeLimit, nullptr,
                  o.max_seconds > 0 ? &budget : nullptr, Level::Unreasonable, o.threads);
        notice.end();
        const auto stop = std::chrono::steady_clock::now();
        const double micros = std::chrono::duration<double, std::micro>(stop - start).count();
        if (g.undecided) {
            status = std::max(status, static_cast<int>(kUndecided));
            if (o.json) {
                // The shared record's start (schema, and a stored puzzle's id, once lost).
                nlohmann::ordered_json j = record_for(sp);
                j["size"] = sp.parsed.puzzle.size;
                j["level"] = "undecided";
                j["micros"] = static_cast<long long>(micros + 0.5);
                std::cout << db::json_line(j) << '\n';
            } else {
                const int n = sp.parsed.puzzle.size;
                std::cout << shown_name(sp.source) << '\t' << n << 'x' << n << "\tundecided\t-1\n";
            }
            say_undecided(shown_name(sp.source), o.max_seconds);
            return;
        }
        if (o.json)
            print_json(sp, g, micros);
        else
            print_plain(sp, g, o.explain);
        status = std::max(status, status_of(g.level));
    });
    std::cout.flush();
    return read ? status : static_cast<int>(kBadInput);
}

}  // namespace

void add_grade_command(CLI::App& app) {
    auto o = std::make_shared<GradeOptions>();
    auto* sub = app.add_subcommand(
        "grade",
        "Grade puzzles by human techniques: easy, normal, hard, extreme, unreasonable "
        "(or ambiguous/impossible), with a score");
    add_puzzle_inputs(sub, o->files, o->format);
    sub->add_flag("--json", o->json,
                  "One JSON object a line: the shared record (docs/json.md) with \"solution\" "
                  "and \"grade\": level, score, techniques, search_nodes, steps");
    add_max_seconds_option(sub, o->max_seconds);
    sub->add_flag("--explain", o->explain,
                  "The solving path, a step a line, ending with the solved grid");
    add_search_threads_option(sub, o->threads);
    sub->footer(help_footer({kOk, kBadInput, kAmbiguous, kNoSolution, kUndecided},
                            {"kenken grade puzzle.txt", "kenken grade --explain puzzle.txt",
                             "kenken query --db corpus.db --format json | kenken grade --json -"}));
    sub->callback([o] { set_exit(run_grade(*o)); });
}

}  // namespace kk::cli
