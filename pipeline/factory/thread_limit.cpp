#include "pipeline/factory/thread_limit.h"

#include <oneapi/tbb/info.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace kk {
namespace {
// Limits kept for the rest of the process (reachable, so no leak to report).
std::vector<oneapi::tbb::global_control*>* kept_limits = nullptr;
}  // namespace

int startable_threads(int wanted) {
    std::mutex m;
    std::condition_variable all_up;
    bool release = false;
    std::vector<std::thread> started;
    // Each waits, so that the next one is counted beside it, not in its place.
    for (int i = 1; i < wanted; ++i) {
        try {
            started.emplace_back([&] {
                std::unique_lock lock(m);
                all_up.wait(lock, [&] { return release; });
            });
        } catch (const std::system_error&) {
            break;
        }
    }
    {
        std::lock_guard lock(m);
        release = true;
    }
    all_up.notify_all();
    for (std::thread& t : started) t.join();
    return static_cast<int>(started.size()) + 1;
}

ThreadLimit::ThreadLimit(int wanted) {
    // The default matters too: lifting a lower limit at the end starts its workers.
    const int most = std::max(wanted, oneapi::tbb::info::default_concurrency());
    const int startable = startable_threads(most);
    threads_ = std::min(wanted, startable);
    refused_ = startable < most;
    if (threads_ < wanted)
        spdlog::warn(
            "only {} of the {} threads asked for could be started (a process limit, "
            "ulimit -u, or a memory limit, ulimit -v): running on {}",
            threads_, wanted, threads_);
    control_ = std::make_unique<oneapi::tbb::global_control>(
        oneapi::tbb::global_control::max_allowed_parallelism, static_cast<size_t>(threads_));
}

ThreadLimit::~ThreadLimit() {
    // Lifting the limit makes TBB start the workers it was denied, and a refusal then
    // throws out of global_control's destructor (std::terminate): the process keeps it.
    if (!refused_) return;
    if (!kept_limits) kept_limits = new std::vector<oneapi::tbb::global_control*>;
    kept_limits->push_back(control_.release());
}

}  // namespace kk
