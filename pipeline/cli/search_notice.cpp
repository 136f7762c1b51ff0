#include "pipeline/cli/search_notice.h"

#include <pthread.h>

#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <system_error>

namespace kk::cli {

double notice_seconds() {
    const char* text = std::getenv("KENKEN_NOTICE_SECONDS");
    if (!text || !*text) return kDefaultNoticeSeconds;
    char* end = nullptr;
    errno = 0;
    const double seconds = std::strtod(text, &end);
    if (*end || errno || !std::isfinite(seconds) || seconds < 0) {
        std::cerr << "kenken: warning: KENKEN_NOTICE_SECONDS='" << text
                  << "' is not a number of seconds (0 or more); using " << kDefaultNoticeSeconds
                  << "\n";
        return kDefaultNoticeSeconds;
    }
    return seconds;
}

SearchNotice::SearchNotice(const std::string& command, double after)
    : after_(after > 365 * 24 * 3600.0 ? 0 : after), command_(command) {}

SearchNotice::~SearchNotice() {
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
    }
    changed_.notify_all();
    if (thread_) thread_->join();
}

void SearchNotice::begin(const std::string& name) {
    if (!(after_ > 0)) return;
    {
        std::lock_guard lock(mutex_);
        name_ = name;
        began_ = std::chrono::steady_clock::now();
        ++puzzle_;
        searching_ = true;
    }
    // A thread the system will not start (ulimit -u, ulimit -v) only costs the word.
    if (!thread_) try {
            thread_.emplace([this] { watch(); });
        } catch (const std::system_error&) {
            after_ = 0;
            return;
        }
    changed_.notify_all();
}

void SearchNotice::end() {
    if (!(after_ > 0)) return;
    {
        std::lock_guard lock(mutex_);
        searching_ = false;
    }
    changed_.notify_all();
}

void SearchNotice::watch() {
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
    const auto delay = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(after_));
    std::unique_lock lock(mutex_);
    unsigned long told = 0;  // the last puzzle a note was for
    for (;;) {
        changed_.wait(lock, [&] { return quit_ || (searching_ && puzzle_ != told); });
        if (quit_) return;
        const unsigned long puzzle = puzzle_;
        // Wakes when the search ends, the next begins or the delay passes.
        const bool moved = changed_.wait_until(
            lock, began_ + delay, [&] { return quit_ || !searching_ || puzzle_ != puzzle; });
        if (quit_) return;
        if (moved) {
            if (puzzle_ == puzzle) told = puzzle;  // ended: wait for the next begin()
            continue;
        }
        told = puzzle;
        // One write for the whole line, so that it does not interleave with another's.
        std::ostringstream text;
        text << command_ << ": warning: " << name_ << ": still searching after " << after_
             << " s; --max-seconds S gives up on a puzzle (exit 8), Ctrl-C stops\n";
        std::cerr << text.str() << std::flush;
        std::cerr.clear();
    }
}

}  // namespace kk::cli
