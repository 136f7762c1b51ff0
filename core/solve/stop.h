// When a long computation (a solve, a grade) must give up: a flag another thread
// sets (a signal handler, a shutting-down factory) or a point in time.
#pragma once

#include <atomic>
#include <chrono>

namespace kk {

struct StopCondition {
    using Clock = std::chrono::steady_clock;

    const std::atomic<bool>* flag = nullptr;  // stop once it reads true
    Clock::time_point deadline = Clock::time_point::max();

    // A condition that ends `seconds` from now (and on flag, when given).
    static StopCondition after(double seconds, const std::atomic<bool>* flag = nullptr) {
        StopCondition s;
        s.flag = flag;
        if (!(seconds < 1e9)) return s;  // no deadline (and no overflow)
        s.deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                        std::chrono::duration<double>(seconds));
        return s;
    }

    // Cheap enough for every few search nodes: one relaxed load, one clock read.
    bool reached() const {
        if (flag && flag->load(std::memory_order_relaxed)) return true;
        return deadline != Clock::time_point::max() && Clock::now() >= deadline;
    }
};

}  // namespace kk
