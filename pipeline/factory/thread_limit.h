// TBB's thread limit for a command (generate, verify), held down to the threads the
// system will start: under a process limit (ulimit -u) or a memory limit (ulimit -v),
// a worker TBB cannot start made it throw from deep inside a flow graph, which then
// crashed as it unwound (SIGSEGV), or from global_control's destructor (std::terminate).
#pragma once

#include <oneapi/tbb/global_control.h>

#include <memory>

namespace kk {

class ThreadLimit {
  public:
    // wanted: the threads asked for (1 or more). When the system refuses some, the
    // limit is the number it started, with a warning on stderr naming both.
    // Destroyed, it lifts the limit, unless that would ask for threads it refused.
    explicit ThreadLimit(int wanted);
    ~ThreadLimit();
    ThreadLimit(const ThreadLimit&) = delete;
    ThreadLimit& operator=(const ThreadLimit&) = delete;

    int threads() const { return threads_; }

  private:
    int threads_;
    // TBB's default threads could not all start: lifting the limit would make TBB try,
    // so it is kept for the rest of the process.
    bool refused_;
    std::unique_ptr<oneapi::tbb::global_control> control_;
};

// How many of `wanted` threads (this one included) the system lets run at once now:
// it starts wanted - 1 that wait until all are up, then ends them.
int startable_threads(int wanted);

}  // namespace kk
