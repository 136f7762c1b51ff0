// kenken verify: re-reads every stored puzzle, solves and grades it again, and
// checks that solution, level and score agree with what is stored.
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_pipeline.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>

#include "core/grade/grader.h"
#include "core/io/formats.h"
#include "core/io/terminal.h"
#include "core/model/canonical.h"
#include "core/model/features.h"
#include "core/solve/solver.h"
#include "db/pack/puzzle_json.h"
#include "db/store/corpus.h"
#include "db/store/record.h"
#include "pipeline/cli/command.h"
#include "pipeline/factory/config.h"
#include "pipeline/factory/thread_limit.h"

namespace kk::cli {
namespace {

struct VerifyOptions {
    std::string db;
    std::optional<int> threads;
    bool quiet = false, json = false;
    double max_seconds = 0;  // per puzzle; 0: no limit
};

// The problems verify names: the first on stderr, more with --json. A corpus with every
// puzzle damaged listed them all in memory (200,000 took 125 MB) and in one line.
constexpr int kProblemsShown = 20;
constexpr int kProblemsListed = 10'000;

// "verify: 1200/6000 puzzles (20%), ETA 0:12" redrawn in place on a terminal.
void draw_progress(size_t done, size_t total, double seconds) {
    const double eta =
        done ? seconds * static_cast<double>(total - done) / static_cast<double>(done) : 0;
    const long s = static_cast<long>(eta + 0.5);
    char line[128];
    std::snprintf(line, sizeof line, "verify: %zu/%zu puzzles (%zu%%), ETA %ld:%02ld", done, total,
                  total ? done * 100 / total : 100, s / 60, s % 60);
    // Cut to the terminal: a wrapped line is not redrawn in place.
    const auto width = static_cast<std::size_t>(terminal_columns(STDERR_FILENO) - 1);
    std::fprintf(stderr, "\r\033[2K%.*s", static_cast<int>(std::min(width, std::strlen(line))),
                 line);
    std::fflush(stderr);
}

// What is wrong with one stored puzzle, or empty when it agrees. max_seconds > 0 bounds
// its solve and grade together (a corpus edited by hand may hold a puzzle no search ends
// on soon): past it, undecided is set.
std::string check_record(const db::PuzzleRecord& r, double max_singletons, double max_seconds,
                         bool& undecided) {
    std::vector<ParsedPuzzle> parsed;
    try {
        parsed = read_puzzles(r.neknek, Format::Neknek);
    } catch (const ParseError& e) {
        return "neknek text line " + std::to_string(e.line) + ": " + e.what();
    }
    if (parsed.size() != 1)
        return "neknek text holds " + std::to_string(parsed.size()) + " puzzles";
    const Puzzle& p = parsed[0].puzzle;
    if (write_neknek(p) != r.neknek) return "neknek text is not in canonical order";
    if (p.size != r.size) return "size differs from the text";
    if (rules_name(p.rules) != r.rules)
        return "rules " + rules_name(p.rules) + " in the text != stored " + r.rules;
    // The figures queries filter on (--ops, --max-cage): wrong ones would pick wrong puzzles.
    db::PuzzleRecord text;
    db::describe_structure(p, text);
    const std::pair<const char*, std::pair<std::string, std::string>> figures[] = {
        {"cages", {std::to_string(text.cages), std::to_string(r.cages)}},
        {"singletons", {std::to_string(text.singletons), std::to_string(r.singletons)}},
        {"max_cage", {std::to_string(text.max_cage), std::to_string(r.max_cage)}},
        {"ops", {text.ops, r.ops}}};
    for (const auto& [column, values] : figures)
        if (values.first != values.second)
            return std::string(column) + " " + values.second + " stored, " + values.first +
                   " in the text";
    const StopCondition stop = StopCondition::after(max_seconds);
    const StopCondition* bound = max_seconds > 0 ? &stop : nullptr;
    const SolveResult s = solve(p, 2, bound);
    undecided = s.undecided;
    if (undecided) return undecided_reason(max_seconds, "solving");
    if (s.count != 1) return s.count == 0 ? "no solution" : "more than one solution";
    if (db::solution_text(s.solutions[0]) != r.solution) return "stored solution differs";
    const Grade g = grade(p, false, kNoNodeLimit, &s.solutions[0], bound);
    undecided = g.undecided;
    if (undecided) return undecided_reason(max_seconds, "grading");
    if (level_name(g.level) != r.level)
        return std::string("level ") + level_name(g.level) + " != stored " + r.level;
    if (g.score != r.score)
        return "score " + std::to_string(g.score) + " != stored " + std::to_string(r.score);
    if (canonical_form(p) != r.canonical) return "canonical form differs";
    if (max_singletons >= 0 && exceeds_singletons(p, max_singletons))
        return "more single-cell cages than the run allowed";
    return {};
}

// One row on its way through the verify pipeline.
struct Checked {
    db::PuzzleRecord record;
    std::string problem;
    bool undecided = false;  // the problem is --max-seconds running out
};

int run_verify(const VerifyOptions& o) {
    try {
        auto corpus = db::Corpus::open_read_only(o.db);
        // The file before its puzzles: a damaged file is reported, not re-graded.
        const auto damaged = [&](const std::vector<std::string>& problems, const char* what) {
            if (problems.empty()) return false;
            std::cerr << "verify: " << shown_name(o.db) << " " << what << ":\n";
            for (const std::string& line : problems) std::cerr << "  " << line << "\n";
            return true;
        };
        // SQLite's full integrity check (every page, index and constraint); then the
        // schema (an index dropped by hand only slows queries, so opening allowed it);
        // then rows pointing at nothing (edited or deleted by hand: SQLite does not
        // enforce the references).
        if (damaged(corpus.integrity_problems(true), "fails SQLite's integrity check") ||
            damaged(corpus.schema_problems(), "lacks part of the corpus schema") ||
            damaged(corpus.reference_problems(), "has rows that point at nothing") ||
            damaged(corpus.pack_row_problems(), "has packs whose records disagree with them") ||
            damaged(corpus.type_problems(), "holds values of the wrong type") ||
            damaged(corpus.run_row_problems(), "has runs whose saved state does not read"))
            return kVerifyFailed;
        // The single-cell maximum each run used. Runs one after another mostly share
        // their configuration's text, read once (each read took 0.45 ms: 27 s before
        // the first puzzle in a corpus of 60,000 runs).
        std::map<std::int64_t, double> max_singletons;
        db::RunCursor runs = corpus.scan_runs();
        std::optional<std::string> last_config;
        double last_max = -1;
        for (db::RunRow run; runs.next(run);) {
            if (run.config != last_config) {
                try {
                    last_max = parse_config(run.config, "run").max_singletons;
                } catch (const std::exception&) {
                    last_max = -1;
                }
                last_config = std::move(run.config);
            }
            max_singletons[run.id] = last_max;
        }
        const ThreadLimit limit(o.threads.value_or(oneapi::tbb::info::default_concurrency()));
        const int threads = limit.threads();
        // Rows stream through a bounded pipeline (read in order, check in parallel,
        // tally in order, at most 4 rows per thread in flight), so memory stays flat
        // whatever the corpus holds.
        const size_t expected = static_cast<size_t>(corpus.count(db::QueryFilter{}));
        db::PuzzleCursor cursor = corpus.scan(db::QueryFilter{});
        const bool live = !o.quiet && redraws_in_place(STDERR_FILENO);
        const auto t0 = std::chrono::steady_clock::now();
        std::map<int, std::array<int, kGradedLevels>> ok_counts;  // size -> per level
        size_t total = 0;
        int bad = 0, undecided = 0;  // bad: disagreements, undecided not among them
        nlohmann::ordered_json disagree = nlohmann::ordered_json::array();
        oneapi::tbb::parallel_pipeline(
            4 * static_cast<size_t>(threads),
            oneapi::tbb::make_filter<void, Checked*>(
                oneapi::tbb::filter_mode::serial_in_order,
                [&](oneapi::tbb::flow_control& fc) -> Checked* {
                    auto c = std::make_unique<Checked>();
                    if (!cursor.next(c->record)) {
                        fc.stop();
                        return nullptr;
                    }
                    return c.release();
                }) &
                oneapi::tbb::make_filter<Checked*, Checked*>(
                    oneapi::tbb::filter_mode::parallel,
                    [&](Checked* c) {
                        auto it = max_singletons.find(c->record.run_id);
                        c->problem =
                            check_record(c->record, it == max_singletons.end() ? -1 : it->second,
                                         o.max_seconds, c->undecided);
                        return c;
                    }) &
                oneapi::tbb::make_filter<Checked*, void>(
                    oneapi::tbb::filter_mode::serial_in_order, [&](Checked* raw) {
                        std::unique_ptr<Checked> c(raw);
                        const db::PuzzleRecord& r = c->record;
                        ++total;
                        if (live && total % 256 == 0)
                            draw_progress(
                                total, std::max(expected, total),
                                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
                                    .count());
                        if (c->problem.empty()) {
                            Level l;
                            if (parse_level(r.level, l) && static_cast<int>(l) < kGradedLevels)
                                ++ok_counts[r.size][static_cast<size_t>(l)];
                            return;
                        }
                        ++(c->undecided ? undecided : bad);
                        if (bad + undecided <= kProblemsShown)
                            std::cerr << "puzzle " << r.id << ": " << c->problem << "\n";
                        if (o.json && bad + undecided <= kProblemsListed)
                            disagree.push_back({{"id", r.id}, {"problem", c->problem}});
                    }));
        if (live) std::fputs("\r\033[2K", stderr);
        const int problems = bad + undecided;
        if (problems > kProblemsShown)
            std::cerr << "... and " << problems - kProblemsShown << " more problems"
                      << (o.json ? "" : " (--json lists the first 10000)") << "\n";
        if (o.json) {
            nlohmann::ordered_json j;
            j["schema"] = db::kJsonSchema;
            j["verified"] = total;
            j["agree"] = total - static_cast<size_t>(bad + undecided);
            j["disagree"] = bad;
            j["undecided"] = undecided;
            nlohmann::ordered_json counts = nlohmann::ordered_json::object();
            for (auto& [size, per_level] : ok_counts)
                for (int l = 0; l < kGradedLevels; ++l)
                    counts[std::to_string(size)][level_name(static_cast<Level>(l))] =
                        per_level[static_cast<size_t>(l)];
            j["agree_by_size"] = counts;
            j["problems"] = disagree;
            j["problems_left_out"] = std::max(0, problems - kProblemsListed);
            std::cout << db::json_line(j) << "\n";
            return bad ? kVerifyFailed : undecided ? kUndecided : kOk;
        }
        std::cout << "verified " << total << " puzzles: " << total - bad - undecided << " agree, "
                  << bad << " do not";
        if (undecided) std::cout << ", " << undecided << " undecided within --max-seconds";
        std::cout << "\n";
        for (auto& [size, counts] : ok_counts) {
            std::cout << "  " << size << "x" << size << ":";
            for (int l = 0; l < kGradedLevels; ++l)
                std::cout << " " << level_name(static_cast<Level>(l)) << " "
                          << counts[static_cast<size_t>(l)];
            std::cout << "\n";
        }
        return bad ? kVerifyFailed : undecided ? kUndecided : kOk;
    } catch (const db::DbError& e) {
        std::cerr << "verify: " << shown_name(e.what()) << "\n";
        return kFailure;
    }
}

}  // namespace

void add_verify_command(CLI::App& app) {
    auto o = std::make_shared<VerifyOptions>();
    auto* sub = app.add_subcommand(
        "verify",
        "Re-read every stored puzzle, solve it again (exactly one solution, equal to the stored "
        "one) and re-grade it (same level and score), after SQLite's integrity check of the file.");
    add_db_option(sub, o->db, "Corpus file (read only)");
    sub->add_option("-j,--threads", o->threads, "Worker threads (default: every core)")
        ->check(whole_number(1, 1024));
    sub->add_flag("-q,--quiet", o->quiet, "No progress line on a terminal");
    sub->add_flag("--json", o->json,
                  "One JSON object: verified, agree, disagree, undecided, counts, the first 10000 "
                  "problems found and how many more there are");
    add_max_seconds_option(sub, o->max_seconds)
        ->description(
            "Give up on a puzzle after this many seconds of solving and grading: it is "
            "reported undecided, and with no disagreement the exit status is 8 (default: no "
            "limit; factory puzzles take milliseconds)");
    sub->footer(
        help_footer({kOk, kFailure, kVerifyFailed, kUndecided},
                    {"kenken verify --db corpus.db", "kenken verify --db corpus.db --json -j 2"}));
    sub->callback([o] { set_exit(run_verify(*o)); });
}

}  // namespace kk::cli
