#include "pipeline/factory/progress.h"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "core/io/terminal.h"

namespace kk {
namespace {

// The rate is taken over the last stretch of the run: this long at most, and at most
// half of the run so far (the first moments fill the easy levels in a burst).
constexpr double kRateWindowSeconds = 30.0;

// Keen's level letters: easy, normal, hard, extreme (x), unreasonable.
constexpr char kLevelLetters[] = "enhxu";

}  // namespace

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

double size_eta(const std::array<int, kGradedLevels>& remaining,
                const std::array<double, kGradedLevels>& rate,
                const std::array<bool, kGradedLevels>& unreachable) {
    double eta = 0;
    for (size_t l = 0; l < remaining.size(); ++l) {
        if (remaining[l] <= 0 || unreachable[l]) continue;
        if (rate[l] <= 0) return -1;
        eta = std::max(eta, remaining[l] / rate[l]);
    }
    return eta;
}

std::string progress_line(const SizeProgress& p, int width) {
    char head[128];
    std::snprintf(head, sizeof head, "%dx%d %5d/%-5d %6.1f/s ETA %-7s", p.size, p.size, p.done,
                  p.quota, p.rate, p.done >= p.quota ? "done" : eta_text(p.eta).c_str());
    std::string line = head;
    if (p.by_level) {
        std::string full, short_form;
        for (int l = 0; l < kGradedLevels; ++l) {
            const size_t i = static_cast<size_t>(l);
            if (!p.level_quota[i]) continue;
            const char* mark = p.unreachable[i] ? "!" : "";
            const int done = std::min(p.level_done[i], p.level_quota[i]);
            char part[64];
            std::snprintf(part, sizeof part, " %c %d/%d%s", kLevelLetters[l], done,
                          p.level_quota[i], mark);
            full += part;
            if (done >= p.level_quota[i])
                std::snprintf(part, sizeof part, " %c ok%s", kLevelLetters[l], mark);
            else
                std::snprintf(part, sizeof part, " %c %d%%%s", kLevelLetters[l],
                              done * 100 / p.level_quota[i], mark);
            short_form += part;
        }
        line += static_cast<int>(line.size() + full.size()) <= width ? full : short_form;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    if (static_cast<int>(line.size()) > width) line.resize(static_cast<size_t>(width));
    return line;
}

ProgressReporter::ProgressReporter(const FactoryConfig& config, const SteeringStats& start,
                                   bool quiet)
    : config_(config),
      start_(start),
      tty_(redraws_in_place(STDERR_FILENO)),
      quiet_(quiet),
      t0_(std::chrono::steady_clock::now()),
      last_(t0_) {}

void ProgressReporter::update(const SteeringStats& live, bool force) {
    if (quiet_) return;
    const auto now = std::chrono::steady_clock::now();
    const auto interval = tty_ ? std::chrono::milliseconds(250) : std::chrono::milliseconds(5000);
    if (!force && now - last_ < interval) return;
    last_ = now;
    draw(live);
}

void ProgressReporter::draw(const SteeringStats& live) {
    const auto now = std::chrono::steady_clock::now();
    const double elapsed = std::chrono::duration<double>(now - t0_).count();
    if (samples_.empty()) samples_.push_back({t0_, start_.stored, start_.stored_size});
    const double window = std::min(kRateWindowSeconds, elapsed / 2);
    while (samples_.size() > 1 &&
           std::chrono::duration<double>(now - samples_[1].at).count() >= window)
        samples_.pop_front();
    const Sample past = samples_.front();
    const double span = std::max(std::chrono::duration<double>(now - past.at).count(), 1e-3);
    samples_.push_back({now, live.stored, live.stored_size});

    const int width = tty_ ? terminal_columns(STDERR_FILENO) - 1 : 1000;
    const auto& q = config_.quotas;
    std::vector<std::string> lines;
    for (size_t i = 0; i < q.sizes.size(); ++i) {
        const size_t slot = static_cast<size_t>(q.sizes[i]);
        SizeProgress p;
        p.size = q.sizes[i];
        p.quota = q.size_total(i);
        p.by_level = q.by_level();
        p.rate = (live.stored_size[slot] - past.made_size[slot]) / span;
        if (p.by_level) {
            std::array<int, kGradedLevels> remaining{};
            std::array<double, kGradedLevels> rate{};
            for (size_t l = 0; l < static_cast<size_t>(kGradedLevels); ++l) {
                p.level_quota[l] = q.per_level[l];
                p.level_done[l] = live.stored[slot][l];
                p.unreachable[l] = live.unreachable[slot][l];
                p.done += std::min(p.level_done[l], p.level_quota[l]);
                remaining[l] = p.level_quota[l] - p.level_done[l];
                rate[l] = (live.stored[slot][l] - past.made[slot][l]) / span;
            }
            p.eta = size_eta(remaining, rate, p.unreachable);
        } else {
            p.done = std::min(live.stored_size[slot], p.quota);
            p.eta = p.rate > 0 ? (p.quota - p.done) / p.rate : -1;
        }
        lines.push_back(progress_line(p, width));
    }
    if (tty_) {
        std::string out;
        if (lines_drawn_) out += "\033[" + std::to_string(lines_drawn_) + "A";
        for (const std::string& line : lines) out += "\r\033[2K" + line + "\n";
        std::fputs(out.c_str(), stderr);
        std::fflush(stderr);
        lines_drawn_ = static_cast<int>(lines.size());
    } else {
        for (const std::string& line : lines) spdlog::info("{}", line);
    }
}

void ProgressReporter::finish(const SteeringStats& live) {
    if (!quiet_) draw(live);
}

}  // namespace kk
