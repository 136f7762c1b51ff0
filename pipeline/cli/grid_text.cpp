#include "pipeline/cli/grid_text.h"

namespace kk::cli {

std::string grid_text(const Grid& g, int n) {
    std::string s;
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            if (c) s += ' ';
            s += std::to_string(g[static_cast<size_t>(r * n + c)]);
        }
        s += '\n';
    }
    return s;
}

nlohmann::ordered_json grid_json(const Grid& g, int n) {
    auto rows = nlohmann::ordered_json::array();
    for (int r = 0; r < n; ++r) {
        auto row = nlohmann::ordered_json::array();
        for (int c = 0; c < n; ++c) row.push_back(g[static_cast<size_t>(r * n + c)]);
        rows.push_back(row);
    }
    return rows;
}

}  // namespace kk::cli
