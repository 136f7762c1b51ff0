#include "pipeline/cli/input.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace kk::cli {
namespace {

bool slurp(const std::string& file, std::string& text) {
    if (file == "-") {
        std::ostringstream ss;
        ss << std::cin.rdbuf();
        text = ss.str();
        return true;
    }
    std::ifstream in(file, std::ios::binary);
    if (!in) return false;
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return !in.bad();
}

}  // namespace

bool read_inputs(const std::vector<std::string>& files, Format format,
                 std::vector<SourcedPuzzle>& out) {
    std::vector<std::string> names = files;
    if (names.empty()) names.push_back("-");
    for (const std::string& file : names) {
        const std::string shown = file == "-" ? "<stdin>" : file;
        std::string text;
        if (!slurp(file, text)) {
            std::cerr << shown << ": cannot read the file\n";
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
