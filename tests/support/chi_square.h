// Chi-square goodness-of-fit helpers for the generator tests.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

namespace kk::test {

// Pearson's statistic of observed counts against equal expected counts.
inline double chi_square_uniform(const std::vector<std::int64_t>& counts) {
    double total = 0;
    for (auto c : counts) total += static_cast<double>(c);
    const double expected = total / static_cast<double>(counts.size());
    double stat = 0;
    for (auto c : counts) {
        const double d = static_cast<double>(c) - expected;
        stat += d * d / expected;
    }
    return stat;
}

// Upper critical value of chi-square with k degrees of freedom at p = 0.001, by the
// Wilson–Hilferty cube-root normal approximation (good to a few tenths for k >= 9).
inline double chi_square_critical_p001(double k) {
    const double z = 3.090232;  // standard normal upper 0.001 quantile
    const double a = 2.0 / (9.0 * k);
    const double t = 1.0 - a + z * std::sqrt(a);
    return k * t * t * t;
}

}  // namespace kk::test
