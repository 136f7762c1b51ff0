// A word on stderr when one puzzle's solve or grade runs long with no --max-seconds:
// a hostile puzzle (a wrong target among big cages) can take a minute to refute, and
// a silent minute looks like a hang. Internal to the command line.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace kk::cli {

// The delay before the word, in seconds: KENKEN_NOTICE_SECONDS when set (0: never),
// else kDefaultNoticeSeconds. A value that is not a number of seconds is warned about
// once and the default used.
double notice_seconds();
constexpr double kDefaultNoticeSeconds = 10;

// One per command run; begin() and end() bracket each puzzle's search (from one
// thread). A puzzle still searched `after` seconds after its begin() gets one warning,
// "COMMAND: warning: NAME: still searching after N s; --max-seconds S gives up on a
// puzzle (exit 8), Ctrl-C stops". Its thread blocks SIGPIPE: a stderr whose reader has
// gone loses the word, not the command (nor the main thread's quiet end by SIGPIPE).
class SearchNotice {
  public:
    // after <= 0, or past a year (a wait the clock's nanoseconds could overflow):
    // never says anything (and starts no thread).
    SearchNotice(const std::string& command, double after);
    ~SearchNotice();
    SearchNotice(const SearchNotice&) = delete;
    SearchNotice& operator=(const SearchNotice&) = delete;

    void begin(const std::string& name);
    void end();

  private:
    void watch();

    double after_;
    std::string command_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::string name_;
    std::chrono::steady_clock::time_point began_;
    unsigned long puzzle_ = 0;  // counts begin()s: a note is for the puzzle still searched
    bool searching_ = false, quit_ = false;
    std::optional<std::thread> thread_;  // started at the first begin()
};

}  // namespace kk::cli
