// The factory's progress line: it fits the terminal, and its ETA waits for the
// slowest level.
#include <catch2/catch.hpp>

#include "pipeline/factory/progress.h"

using namespace kk;

TEST_CASE("a progress line with 4-digit quotas fits 80 columns", "[progress]") {
    SizeProgress p;
    p.size = 9;
    p.quota = 5000;
    p.done = 4321;
    p.rate = 123.4;
    p.eta = 3 * 3600 + 5;
    p.by_level = true;
    p.level_quota = {1000, 1000, 1000, 1000, 1000};
    p.level_done = {1000, 1000, 999, 321, 1};
    p.unreachable[4] = true;
    const std::string narrow = progress_line(p, 79);
    CHECK(narrow.size() <= 79);
    CHECK(narrow.find("9x9") == 0);
    CHECK(narrow.find("3:00:05") != std::string::npos);
    CHECK(narrow.find("e ok") != std::string::npos);
    CHECK(narrow.find("h 99%") != std::string::npos);
    CHECK(narrow.find("u 0%!") != std::string::npos);
    // A wide terminal gets the counts in full.
    const std::string wide = progress_line(p, 200);
    CHECK(wide.find("h 999/1000") != std::string::npos);
    CHECK(wide.find("x 321/1000") != std::string::npos);
    // Never wider than asked, whatever the numbers.
    p.quota = 99999999;
    CHECK(progress_line(p, 40).size() <= 40);
}

TEST_CASE("a size's ETA is that of its slowest level", "[progress]") {
    // 100 easy to go at 50/s (2 s), 10 extreme at 0.1/s (100 s): 100 s, not 110/50.1.
    CHECK(size_eta({100, 0, 0, 10, 0}, {50, 0, 0, 0.1, 0}, {}) == Approx(100));
    // A level that made nothing lately: unknown, not optimistic.
    CHECK(size_eta({100, 0, 0, 10, 0}, {50, 0, 0, 0, 0}, {}) < 0);
    // Unless it has been given up.
    CHECK(size_eta({100, 0, 0, 10, 0}, {50, 0, 0, 0, 0}, {false, false, false, true, false}) ==
          Approx(2));
    CHECK(eta_text(-1) == "--:--");
    CHECK(eta_text(83) == "1:23");
}
