// Progress of a run, on stderr: on a terminal a live line per size (made/quota,
// rate, ETA, levels) fitted to the terminal's width; otherwise a log line every few
// seconds. Nothing with quiet.
#pragma once

#include <array>
#include <chrono>
#include <deque>
#include <string>

#include "pipeline/factory/config.h"
#include "pipeline/factory/steering.h"

namespace kk {

class ProgressReporter {
  public:
    ProgressReporter(const FactoryConfig& config, const SteeringStats& start, bool quiet = false);
    void update(const SteeringStats& live, bool force = false);
    void finish(const SteeringStats& live);

  private:
    void draw(const SteeringStats& live);

    const FactoryConfig& config_;
    SteeringStats start_;
    bool tty_, quiet_;
    int lines_drawn_ = 0;
    std::chrono::steady_clock::time_point t0_, last_;
    // Recent samples of puzzles made per size and level. The rates shown are over the
    // last stretch of the run, not its whole: the last levels of a quota are the
    // rarest, so the run's average would promise too early an end.
    struct Sample {
        std::chrono::steady_clock::time_point at;
        std::array<std::array<int, kGradedLevels>, kSizeSlots> made;
        std::array<int, kSizeSlots> made_size;
    };
    std::deque<Sample> samples_;
};

// One size's progress line, at most width characters: the levels in full
// ("h 234/400") when they fit, else as percentages ("h 58%"), else cut.
// Exposed for tests.
struct SizeProgress {
    int size = 0, done = 0, quota = 0;
    double rate = 0;     // puzzles a second, recently
    double eta = -1;     // seconds to the end of the size's slowest level; <0: unknown
    bool by_level = false;
    std::array<int, kGradedLevels> level_done{}, level_quota{};
    std::array<bool, kGradedLevels> unreachable{};
};
std::string progress_line(const SizeProgress& p, int width);

// "1:23" or "1:02:03"; "--:--" when unknown (negative or absurd).
std::string eta_text(double seconds);

// The slowest level decides when a size is done: the largest remaining/rate over its
// unfinished levels (unreachable ones excepted); unknown (-1) when one of them has
// made nothing lately.
double size_eta(const std::array<int, kGradedLevels>& remaining,
                const std::array<double, kGradedLevels>& rate,
                const std::array<bool, kGradedLevels>& unreachable);

}  // namespace kk
