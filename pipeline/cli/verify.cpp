// kenken verify: re-reads every stored puzzle, solves and grades it again, and
// checks that solution, level and score agree with what is stored.
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_pipeline.h>

#include <array>
#include <atomic>
#include <iostream>
#include <memory>
#include <mutex>

#include "core/grade/grader.h"
#include "core/io/formats.h"
#include "core/model/canonical.h"
#include "core/model/features.h"
#include "core/solve/solver.h"
#include "db/store/corpus.h"
#include "pipeline/cli/command.h"
#include "pipeline/factory/config.h"

namespace kk::cli {
namespace {

struct VerifyOptions {
    std::string db;
};

// What is wrong with one stored puzzle, or empty when it agrees.
std::string check_record(const db::PuzzleRecord& r, double max_singletons) {
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
    const SolveResult s = solve(p, 2);
    if (s.count != 1) return s.count == 0 ? "no solution" : "more than one solution";
    if (db::solution_text(s.solutions[0]) != r.solution) return "stored solution differs";
    const Grade g = grade(p, false, kNoNodeLimit, &s.solutions[0]);
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
};

int run_verify(const VerifyOptions& o) {
    try {
        auto corpus = db::Corpus::open_existing(o.db);
        // The single-cell maximum each run used.
        std::map<std::int64_t, double> max_singletons;
        for (const auto& run : corpus.runs()) {
            try {
                max_singletons[run.id] = parse_config(run.config, "run").max_singletons;
            } catch (const std::exception&) {
                max_singletons[run.id] = -1;
            }
        }
        // Rows stream through a bounded pipeline (read in order, check in parallel,
        // tally in order), so memory stays flat whatever the corpus holds.
        db::PuzzleCursor cursor = corpus.scan(db::QueryFilter{});
        std::map<int, std::array<int, kGradedLevels>> ok_counts;  // size -> per level
        std::size_t total = 0;
        int bad = 0;
        const std::size_t tokens =
            4 * static_cast<std::size_t>(oneapi::tbb::info::default_concurrency());
        oneapi::tbb::parallel_pipeline(
            tokens, oneapi::tbb::make_filter<void, Checked*>(
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
                                c->problem = check_record(
                                    c->record, it == max_singletons.end() ? -1 : it->second);
                                return c;
                            }) &
                        oneapi::tbb::make_filter<Checked*, void>(
                            oneapi::tbb::filter_mode::serial_in_order, [&](Checked* raw) {
                                std::unique_ptr<Checked> c(raw);
                                ++total;
                                if (c->problem.empty()) {
                                    Level l;
                                    if (parse_level(c->record.level, l) &&
                                        static_cast<int>(l) < kGradedLevels)
                                        ++ok_counts[c->record.size][static_cast<size_t>(l)];
                                    return;
                                }
                                ++bad;
                                if (bad <= 20)
                                    std::cerr << "puzzle " << c->record.id << ": " << c->problem
                                              << "\n";
                            }));
        std::cout << "verified " << total << " puzzles: " << total - bad << " agree, " << bad
                  << " do not\n";
        for (auto& [size, counts] : ok_counts) {
            std::cout << "  " << size << "x" << size << ":";
            for (int l = 0; l < kGradedLevels; ++l)
                std::cout << " " << level_name(static_cast<Level>(l)) << " "
                          << counts[static_cast<size_t>(l)];
            std::cout << "\n";
        }
        return bad ? kVerifyFailed : kOk;
    } catch (const db::DbError& e) {
        std::cerr << "verify: " << e.what() << "\n";
        return kFailure;
    }
}

}  // namespace

void add_verify_command(CLI::App& app) {
    auto o = std::make_shared<VerifyOptions>();
    auto* sub = app.add_subcommand(
        "verify",
        "Re-read every stored puzzle, solve it again (exactly one solution, equal to the stored "
        "one) and re-grade it (same level and score). Exit 0 only when all agree, 5 otherwise.");
    sub->add_option("--db", o->db, "Corpus file")->required()->check(CLI::ExistingFile);
    sub->callback([o] { set_exit(run_verify(*o)); });
}

}  // namespace kk::cli
