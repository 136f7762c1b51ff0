// Random cage layouts for tests of reasoning over whole bands and grids, which does not
// need cages connected: cells dealt in reading order.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

// Each cell's cage (0..ncages-1) for an n x n grid, cages of 1..max_size cells.
inline std::vector<std::uint8_t> cages_in_reading_order(int n, int max_size, std::mt19937& rng,
                                                        int& ncages) {
    std::vector<std::uint8_t> cage_of(static_cast<size_t>(n * n));
    ncages = 0;
    for (int cell = 0; cell < n * n;) {
        const int size = 1 + static_cast<int>(rng() % static_cast<unsigned>(max_size));
        for (int j = 0; j < size && cell < n * n; ++j, ++cell)
            cage_of[static_cast<size_t>(cell)] = static_cast<std::uint8_t>(ncages);
        ++ncages;
    }
    return cage_of;
}
