// kenken solve: prints each puzzle's solution(s); exit status says unique/ambiguous/none.
#include <atomic>
#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/solve/solver.h"
#include "pipeline/cli/command.h"
#include "pipeline/cli/grid_text.h"
#include "pipeline/cli/input.h"
#include "pipeline/cli/json_record.h"
#include "pipeline/cli/search_notice.h"

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

// A text listing holds up to this many solutions before it prints any, so that its first
// line can say how many there are, as it always did; past it (--limit N, a puzzle with
// very many) they are printed as the search finds them, and a last line gives the count:
// a million solutions in the memory of a thousand.
constexpr int kListedAtOnce = 1000;

// One puzzle's text listing: the solutions as the search gives them (solve()'s sink).
class TextListing {
  public:
    TextListing(const std::string& name, int size) : name_(name), size_(size) {}

    void add(const Grid& g) {
        if (!streaming_ && kept_.size() < kListedAtOnce) {
            kept_.push_back(g);
            return;
        }
        if (!streaming_) {
            streaming_ = true;
            std::cout << name_ << ": more than one solution; listed as they are found:\n";
            for (size_t k = 0; k < kept_.size(); ++k)
                std::cout << (k ? "\n" : "") << grid_text(kept_[k], size_);
            std::vector<Grid>().swap(kept_);
        }
        std::cout << "\n" << grid_text(g, size_);
    }

    // The end of the listing: found solutions in all (at most limit), or, undecided,
    // the line that says so.
    void finish(int found, int limit, bool undecided, double max_seconds) {
        if (streaming_) std::cout << "\n";
        if (undecided) {
            // The result; why (the budget) goes to stderr, as in every command.
            std::cout << name_ << ": undecided (" << found << " solution" << (found == 1 ? "" : "s")
                      << " found so far)\n";
            say_undecided(name_, max_seconds);
            return;
        }
        if (streaming_) {
            std::cout << name_ << ": " << found << (found >= limit ? " or more" : "")
                      << " solutions found\n";
            return;
        }
        if (found == 0) {
            std::cout << name_ << ": no solution\n";
            return;
        }
        if (found > 1)
            std::cout << name_ << ": more than one solution; " << found
                      << (found >= limit ? " or more" : "") << " found:\n";
        for (size_t k = 0; k < kept_.size(); ++k)
            std::cout << (k ? "\n" : "") << grid_text(kept_[k], size_);
    }

  private:
    std::string name_;
    int size_;
    std::vector<Grid> kept_;  // until the listing streams
    bool streaming_ = false;
};

int run_solve(const SolveOptions& o) {
    int status = kOk;
    bool first = true;
    // Without a budget a hostile puzzle can search for a minute: say so once it runs long.
    SearchNotice notice("solve", o.max_seconds > 0 ? 0 : notice_seconds());
    const bool read = for_each_input(o.files, o.format, [&](SourcedPuzzle&& sp) {
        // Output that cannot be written (a full disk): the rest is not solved for nothing.
        if (output_failed()) return;
        const Puzzle& p = sp.parsed.puzzle;
        const auto t0 = std::chrono::steady_clock::now();
        // A listing whose output fails stops its search too.
        std::atomic<bool> output_gone{false};
        StopCondition stop;
        stop.flag = &output_gone;
        if (o.max_seconds > 0) stop = StopCondition::after(o.max_seconds, &output_gone);
        std::optional<TextListing> listing;
        std::vector<Grid> first_two;  // --json shows two
        if (!o.json) {
            if (!first) std::cout << "\n";
            first = false;
            listing.emplace(shown_name(sp.source), p.size);
        }
        const SolutionSink sink = [&](const Grid& g) {
            if (listing)
                listing->add(g);
            else if (first_two.size() < 2)
                first_two.push_back(g);
            if (output_failed()) output_gone = true;
        };
        notice.begin(shown_name(sp.source));
        SolveResult r = solve(p, o.limit, &stop, o.threads, &sink);
        notice.end();
        // The search stopped because its listing could not be written: that is the
        // report (kenken: cannot write the output), not an "undecided" puzzle.
        if (output_gone) return;
        const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(
                                std::chrono::steady_clock::now() - t0)
                                .count();
        if (r.undecided)
            status = std::max(status, static_cast<int>(kUndecided));
        else if (r.count == 0)
            status = std::max(status, static_cast<int>(kNoSolution));
        else if (r.count > 1)
            status = std::max(status, static_cast<int>(kAmbiguous));
        if (listing) {
            listing->finish(r.count, o.limit, r.undecided, o.max_seconds);
            return;
        }
        // The shared record's start (schema, and the id of a stored puzzle, which was
        // lost once: only "source" was written).
        nlohmann::ordered_json j = record_for(sp);
        if (r.undecided) {
            say_undecided(shown_name(sp.source), o.max_seconds);
            j["size"] = p.size;
            j["undecided"] = true;
            j["solutions_found"] = r.count;
        } else {
            j["solution"] =
                r.count ? grid_json(first_two[0], p.size) : nlohmann::ordered_json(nullptr);
            j["solutions"] = std::min(r.count, 2);
            j["second"] =
                r.count > 1 ? grid_json(first_two[1], p.size) : nlohmann::ordered_json(nullptr);
        }
        j["micros"] = micros;
        std::cout << db::json_line(j) << "\n";
    });
    return read ? status : static_cast<int>(kBadInput);
}

}  // namespace

void add_solve_command(CLI::App& app) {
    auto o = std::make_shared<SolveOptions>();
    auto* sub = app.add_subcommand("solve", "Solve puzzles exactly and prove each answer unique");
    add_puzzle_inputs(sub, o->files, o->format);
    add_solution_limit_option(sub, o->limit,
                              "Count solutions up to this many (2 proves uniqueness; 1 stops at "
                              "the first, so exit 0 and \"solutions\": 1 then say one was found, "
                              "not that it is the only one); past 1000 they are listed as found, "
                              "the count last");
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
