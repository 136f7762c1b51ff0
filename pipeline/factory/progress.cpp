#include "pipeline/factory/progress.h"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstdio>
#include <string>

namespace kk {
namespace {

int made(const SteeringStats& s, int n) {
    return s.stored_size[static_cast<size_t>(n)];
}

// The rate is taken over the last stretch of the run: this long at most, and at most
// half of the run so far (the first moments fill the easy levels in a burst).
constexpr double kRateWindowSeconds = 30.0;

std::string eta_text(double seconds) {
    if (seconds < 0 || seconds > 1e7) return "--:--";
    const long s = static_cast<long>(seconds + 0.5);
    char buf[32];
    if (s >= 3600)
        std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
    return buf;
}

}  // namespace

ProgressReporter::ProgressReporter(const FactoryConfig& config, const SteeringStats& start)
    : config_(config),
      start_(start),
      tty_(isatty(STDERR_FILENO) != 0),
      t0_(std::chrono::steady_clock::now()),
      last_(t0_) {}

void ProgressReporter::update(const SteeringStats& live, bool force) {
    const auto now = std::chrono::steady_clock::now();
    const auto interval = tty_ ? std::chrono::milliseconds(250) : std::chrono::milliseconds(5000);
    if (!force && now - last_ < interval) return;
    last_ = now;
    draw(live);
}

void ProgressReporter::draw(const SteeringStats& live) {
    const auto now = std::chrono::steady_clock::now();
    const double elapsed = std::chrono::duration<double>(now - t0_).count();
    Sample current{now, live.stored_size};
    if (samples_.empty()) samples_.push_back({t0_, start_.stored_size});
    const double window = std::min(kRateWindowSeconds, elapsed / 2);
    while (samples_.size() > 1 &&
           std::chrono::duration<double>(now - samples_[1].at).count() >= window)
        samples_.pop_front();
    const Sample& past = samples_.front();
    const double span = std::max(std::chrono::duration<double>(now - past.at).count(), 1e-3);
    samples_.push_back(current);
    std::string text;
    const auto& q = config_.quotas;
    for (size_t i = 0; i < q.sizes.size(); ++i) {
        const int n = q.sizes[i];
        const size_t slot = static_cast<size_t>(n);
        const int quota = q.size_total(i);
        const int done = std::min(made(live, n), quota);
        const double rate = (current.made[slot] - past.made[slot]) / span;
        const double eta = rate > 0 ? (quota - done) / rate : -1;
        char line[256];
        int len = std::snprintf(line, sizeof line, "%dx%d %6d/%-6d %7.1f/s  ETA %s", n, n, done,
                                quota, rate, done >= quota ? "done" : eta_text(eta).c_str());
        if (q.by_level()) {
            // Keen's level letters: easy, normal, hard, extreme (x), unreasonable.
            for (int l = 0; l < kGradedLevels; ++l) {
                if (!q.per_level[static_cast<size_t>(l)]) continue;
                len += std::snprintf(
                    line + len, sizeof line - static_cast<size_t>(len), "  %c %d/%d%s", "enhxu"[l],
                    live.stored[static_cast<size_t>(n)][static_cast<size_t>(l)],
                    q.per_level[static_cast<size_t>(l)],
                    live.unreachable[static_cast<size_t>(n)][static_cast<size_t>(l)] ? "!" : "");
                if (len >= static_cast<int>(sizeof line)) break;
            }
        }
        text += line;
        text += '\n';
    }
    if (tty_) {
        std::string out;
        if (lines_drawn_) out += "\033[" + std::to_string(lines_drawn_) + "A";
        for (size_t pos = 0; pos < text.size();) {
            size_t nl = text.find('\n', pos);
            out += "\033[2K" + text.substr(pos, nl - pos + 1);
            pos = nl + 1;
        }
        std::fputs(out.c_str(), stderr);
        std::fflush(stderr);
        lines_drawn_ = static_cast<int>(q.sizes.size());
    } else {
        for (size_t pos = 0; pos < text.size();) {
            size_t nl = text.find('\n', pos);
            spdlog::info("{}", text.substr(pos, nl - pos));
            pos = nl + 1;
        }
    }
}

void ProgressReporter::finish(const SteeringStats& live) {
    draw(live);
}

}  // namespace kk
