#include "pipeline/cli/input.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>

#include "db/pack/puzzle_json.h"

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
        problem = std::filesystem::exists(file, ec) ? "cannot read the file"
                                                    : "cannot read the file: no such file";
        return text;
    }
    problem = read_capped(in, text);
    return text;
}

bool looks_like_json(const std::string& text) {
    const size_t first = text.find_first_not_of(" \t\r\n");
    return first != std::string::npos && text[first] == '{';
}

// JSON lines: one record a line, blank lines skipped.
std::vector<SourcedPuzzle> read_json_lines(const std::string& text, const std::string& shown) {
    std::vector<SourcedPuzzle> out;
    std::istringstream in(text);
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        nlohmann::json record;
        try {
            record = nlohmann::json::parse(line);
        } catch (const nlohmann::json::parse_error& e) {
            throw ParseError(number, std::string("not JSON: ") + e.what());
        }
        std::string problem;
        auto p = db::puzzle_from_json(record, problem);
        if (!p) throw ParseError(number, problem);
        SourcedPuzzle sp;
        sp.source = shown + "#" + std::to_string(out.size() + 1);
        if (record.contains("id") && record["id"].is_number_integer())
            sp.id = record["id"].get<std::int64_t>();
        sp.parsed.puzzle = std::move(p->puzzle);
        sp.parsed.solution = std::move(p->solution);
        sp.parsed.line = number;
        out.push_back(std::move(sp));
    }
    if (out.empty()) throw ParseError(1, "no puzzle in the JSON lines");
    return out;
}

}  // namespace

bool read_inputs(const std::vector<std::string>& files, const std::string& format,
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
            if (format == "json" || (format == "auto" && looks_like_json(text))) {
                for (SourcedPuzzle& sp : read_json_lines(text, shown)) out.push_back(std::move(sp));
                continue;
            }
            const Format f = format == "auto" ? Format::Auto : *parse_format_name(format);
            auto puzzles = read_puzzles(text, f);
            for (size_t i = 0; i < puzzles.size(); ++i)
                out.push_back(
                    {shown + "#" + std::to_string(i + 1), std::nullopt, std::move(puzzles[i])});
        } catch (const ParseError& e) {
            std::cerr << shown << ":" << e.line << ": " << e.what() << "\n";
            return false;
        }
    }
    return true;
}

std::vector<std::string> format_names() {
    return {"auto", "neknek", "cancan", "j", "fahda", "keen", "json"};
}

void add_format_option(CLI::App* sub, std::string& format) {
    sub->add_option("--format", format,
                    "Input format; auto detects it from the text (json: JSON lines as query "
                    "--format json writes)")
        ->check(CLI::IsMember(format_names()))
        ->capture_default_str();
}

}  // namespace kk::cli
