#include "core/solve/impacts.h"

#include <bit>
#include <cmath>

namespace kk {

void Impacts::clear() {
    for (auto& values : mean_) values.fill(0.0f);
}

float Impacts::log_space(const Mask* cand, int cells) {
    // log2 of 0..16 candidates (0 and 1 add nothing).
    static constexpr float kLog2[17] = {0.0f,       0.0f,       1.0f,       1.5849625f, 2.0f,
                                        2.3219281f, 2.5849625f, 2.8073549f, 3.0f,       3.1699250f,
                                        3.3219281f, 3.4594316f, 3.5849625f, 3.7004397f, 3.8073549f,
                                        3.9068906f, 4.0f};
    float space = 0.0f;
    for (int cell = 0; cell < cells; ++cell) space += kLog2[count_values(cand[cell])];
    return space;
}

float Impacts::impact_of(float log_before, float log_after) {
    return 1.0f - std::exp2(log_after - log_before);
}

void Impacts::learn(int cell, int value, float impact) {
    float& m = mean_[cell][value];
    m += kRate * (impact - m);
}

int Impacts::least_space_cell(const Mask* cand, int cells) const {
    int best = -1;
    float best_space = 0.0f;
    for (int cell = 0; cell < cells; ++cell) {
        const Mask m = cand[cell];
        if (count_values(m) < 2) continue;
        float space = 0.0f;
        for (unsigned x = m; x; x &= x - 1) space += 1.0f - mean_[cell][std::countr_zero(x)];
        if (best < 0 || space < best_space) {
            best = cell;
            best_space = space;
        }
    }
    return best;
}

}  // namespace kk
