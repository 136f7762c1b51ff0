// Test helper: the JSON records of a JSON-lines text (blank lines skipped).
#pragma once

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

inline std::vector<nlohmann::json> json_lines(const std::string& text) {
    std::vector<nlohmann::json> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
        if (!line.empty()) out.push_back(nlohmann::json::parse(line));
    return out;
}
