// Progress of a run: on a terminal a live line per size (made/quota, rate, ETA);
// otherwise a log line every few seconds.
#pragma once

#include <chrono>

#include "pipeline/factory_config.h"
#include "pipeline/steering.h"

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
};

}  // namespace kk
