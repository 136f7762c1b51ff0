// Progress of a run: on a terminal a live line per size (made/quota, rate, ETA);
// otherwise a log line every few seconds.
#pragma once

#include <array>
#include <chrono>
#include <deque>

#include "pipeline/factory/config.h"
#include "pipeline/factory/steering.h"

namespace kk {

class ProgressReporter {
  public:
    ProgressReporter(const FactoryConfig& config, const SteeringStats& start);
    void update(const SteeringStats& live, bool force = false);
    void finish(const SteeringStats& live);

  private:
    void draw(const SteeringStats& live);

    const FactoryConfig& config_;
    SteeringStats start_;
    bool tty_;
    int lines_drawn_ = 0;
    std::chrono::steady_clock::time_point t0_, last_;
    // Recent samples of puzzles made per size. The rate shown is over the last stretch
    // of the run, not its whole: the last levels of a quota are the rarest, so the
    // run's average would promise too early an end.
    struct Sample {
        std::chrono::steady_clock::time_point at;
        std::array<int, kSizeSlots> made;
    };
    std::deque<Sample> samples_;
};

}  // namespace kk
