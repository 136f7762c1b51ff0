#include "pipeline/cli/input.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace kk::cli {
namespace {

// Reads the whole stream, up to kMaxInputBytes; "" when it reads fine.
std::string read_capped(std::istream& in, std::string& text) {
    char buf[65536];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        text.append(buf, static_cast<size_t>(in.gcount()));
        if (text.size() > kMaxInputBytes)
            return "larger than " + std::to_string(kMaxInputBytes >> 20) +
                   " MiB: not a puzzle file (split it)";
    }
    return in.bad() ? "cannot read the file" : "";
}

// The file's text, or "" and the problem in problem.
std::string slurp(const std::string& file, std::string& problem) {
    std::string text;
    if (file == "-") {
        problem = read_capped(std::cin, text);
        return text;
    }
    std::error_code ec;
    if (std::filesystem::is_directory(file, ec)) {
        problem = "is a folder, not a puzzle file";
        return text;
    }
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        problem = std::filesystem::exists(file, ec) ? "cannot read the file" : "no such file";
        return text;
    }
    problem = read_capped(in, text);
    return text;
}

}  // namespace

bool read_inputs(const std::vector<std::string>& files, Format format,
                 std::vector<SourcedPuzzle>& out) {
    std::vector<std::string> names = files;
    if (names.empty()) names.push_back("-");
    for (const std::string& file : names) {
        const std::string shown = file == "-" ? "<stdin>" : file;
        std::string problem;
        const std::string text = slurp(file, problem);
        if (!problem.empty()) {
            std::cerr << shown << ": " << problem << "\n";
            return false;
        }
        try {
            auto puzzles = read_puzzles(text, format);
            for (size_t i = 0; i < puzzles.size(); ++i)
                out.push_back({shown + "#" + std::to_string(i + 1), std::move(puzzles[i])});
        } catch (const ParseError& e) {
            std::cerr << shown << ":" << e.line << ": " << e.what() << "\n";
            return false;
        }
    }
    return true;
}

std::vector<std::string> format_names() {
    return {"neknek", "cancan", "j", "fahda", "keen"};
}

}  // namespace kk::cli
