#include "pipeline/cli/input.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/io/file_text.h"
#include "core/io/utf8.h"
#include "db/pack/puzzle_json.h"
#include "db/store/bounded_json.h"
#include "pipeline/cli/command.h"

namespace kk::cli {
namespace {

bool looks_like_json(const std::string& text) {
    // After a UTF-8 byte order mark, which nlohmann::json skips too.
    const std::string_view body = without_bom(text);
    const size_t first = body.find_first_not_of(" \t\r\n");
    // '[': an array of records, refused by read_json_lines with a word on JSON lines
    // (the neknek reader called it a missing header).
    return first != std::string_view::npos && (body[first] == '{' || body[first] == '[');
}

constexpr const char* kOneALine = ": JSON lines take one record a line (jq -c writes them so)";

// Where the JSON value at the start of text ends (its length), when it is an object
// or an array: nullopt when the text does not start with a whole one.
std::optional<std::size_t> record_end(std::string_view text) {
    std::istringstream in{std::string(text)};
    nlohmann::json value;
    try {
        in >> value;  // reads one value, and no further: it ends at its '}' or ']'
    } catch (const nlohmann::json::exception&) {
        return std::nullopt;
    }
    if (!value.is_object() && !value.is_array()) return std::nullopt;
    const auto end = in.tellg();
    return end < 0 ? text.size() : static_cast<std::size_t>(end);
}

// Why a line is not one JSON value: a record and more on the line, a record going on
// to the lines after it, or no JSON (each was "a record over several lines": two
// records on a line, one with " xyz" after it, even a Keen id read with --format json).
std::string why_not_json(std::string_view line, std::string_view from_here,
                         const std::string& parse_error) {
    if (const auto end = record_end(line)) {
        const std::size_t after = line.find_first_not_of(" \t\r", *end);
        if (after != std::string_view::npos)
            return "text after the record at column " + std::to_string(after + 1) + kOneALine;
    }
    if (const auto end = record_end(from_here.substr(0, kMaxRecordBytes));
        end && *end > line.size())
        return std::string("a record over several lines") + kOneALine;
    // Not only syntax: a number past a double's range (1e400) is out_of_range.
    return "not JSON: " + parse_error;
}
}  // namespace

std::string read_text_input(const std::string& file, std::size_t max_bytes, const std::string& what,
                            std::string& problem) {
    std::string text;
    // A closed standard input reads as empty: say what it is instead.
    if (file == "-" && standard_input_closed()) {
        problem = "standard input is closed (give a file, or pipe the text in)";
        return text;
    }
    // A folder as stdin (< /) read as empty: "no puzzle found", or a "wrong" answer.
    struct stat st;
    if (file == "-" && ::fstat(STDIN_FILENO, &st) == 0 && S_ISDIR(st.st_mode)) {
        problem = "standard input is a folder, not " + what;
        return text;
    }
    problem = file == "-" ? read_capped(std::cin, max_bytes, what, text)
                          : read_file_capped(file, max_bytes, what, text);
    // A read error on stdin (EIO, say) ended the text as if it were whole.
    if (file == "-" && problem.empty() && std::ferror(stdin)) {
        problem = "cannot read standard input";
        std::clearerr(stdin);
    }
    return text;
}

void for_each_json_line(std::string_view text, const std::string& shown,
                        const InputVisitor& visit) {
    int number = 0, count = 0;
    while (!text.empty()) {
        const size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        const std::string_view from_here = text;
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        ++number;
        if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
        // Before the parse: a JSON value takes some 20 times its text in memory (a line
        // of 63 MB of cages took 1.2 GB, and 4.9 s, to be refused).
        if (line.size() > kMaxRecordBytes)
            throw ParseError(number, "a line of " + std::to_string(line.size()) +
                                         " bytes, past the 1 MiB a JSON record may take "
                                         "(kenken's own take a few KB)");
        nlohmann::json record;
        try {
            record = db::parse_bounded_json<nlohmann::json>(line);
        } catch (const db::JsonPastBounds& e) {
            throw ParseError(number, std::string("a JSON value ") + e.what());
        } catch (const nlohmann::json::exception& e) {
            throw ParseError(number, why_not_json(line, from_here, e.what()));
        }
        if (record.is_array())
            throw ParseError(number, std::string("an array of records") + kOneALine);
        std::string problem;
        std::optional<db::JsonPuzzle> p;
        try {
            p = db::puzzle_from_json(record, problem);
        } catch (const nlohmann::json::exception& e) {
            throw ParseError(number, std::string("not a puzzle record: ") + e.what());
        }
        if (!p) throw ParseError(number, problem);
        SourcedPuzzle sp;
        sp.source = shown + "#" + std::to_string(++count);
        if (record.contains("id") && record["id"].is_number_integer()) {
            // Past int64 an id wrapped round to a negative one.
            if (record["id"].is_number_unsigned() &&
                record["id"].get<std::uint64_t>() > std::numeric_limits<std::int64_t>::max())
                throw ParseError(number,
                                 "\"id\" " + record["id"].dump() + " is past any puzzle id");
            sp.id = record["id"].get<std::int64_t>();
        }
        sp.parsed.puzzle = std::move(p->puzzle);
        sp.parsed.solution = std::move(p->solution);
        sp.parsed.line = number;
        visit(std::move(sp));
    }
    if (count == 0) throw ParseError(1, "no puzzle in the JSON lines");
}

std::vector<SourcedPuzzle> read_json_lines(const std::string& text, const std::string& shown) {
    std::vector<SourcedPuzzle> out;
    for_each_json_line(text, shown, [&](SourcedPuzzle&& sp) { out.push_back(std::move(sp)); });
    return out;
}

namespace {

struct InputText {
    std::string name;   // the file's name as given (a JSON record's "source"), or <stdin>
    std::string shown;  // the name for messages: escaped when it holds a control byte
    std::string text;
};

// Reads every file whole, within kMaxInputBytes for all together; false (and the
// problem printed) when one cannot be read.
bool read_input_texts(const std::vector<std::string>& files, std::vector<InputText>& out) {
    std::vector<std::string> names = files;
    if (names.empty()) names.push_back("-");
    // The second "-" read nothing and said "the text is empty".
    if (std::count(names.begin(), names.end(), "-") > 1) {
        std::cerr << "<stdin>: '-' given twice: standard input can be read only once\n";
        return false;
    }
    // The cap holds for all the files together, so one file named a hundred times
    // cannot take a hundred times the memory.
    std::size_t taken = 0;
    for (const std::string& file : names) {
        const std::string name = file == "-" ? "<stdin>" : file;
        const std::string shown = shown_name(name);
        std::string problem;
        const std::size_t left = kMaxInputBytes - taken;
        std::string text = read_text_input(file, left, "a puzzle file", problem);
        // Not "not a puzzle file": a file of puzzles past the cap is one all the same
        // (query --format json writes 64 MiB for some 100,000 4x4 puzzles).
        if (problem == over_cap_problem(left, "a puzzle file"))
            problem = taken > 0 ? "with the files before it, more than " +
                                      std::to_string(kMaxInputBytes >> 20) +
                                      " MiB of puzzles in one command: give fewer files at a time"
                                : "larger than " + std::to_string(kMaxInputBytes >> 20) +
                                      " MiB, the most puzzle text one command reads: split it "
                                      "(split -l 50000 FILE part-) and give each part its own "
                                      "command";
        if (!problem.empty()) {
            std::cerr << shown << ": " << problem << "\n";
            return false;
        }
        taken += text.size();
        out.push_back({name, shown, std::move(text)});
    }
    return true;
}

// Parses one file's puzzles, handing each to visit; throws ParseError.
void parse_input(const InputText& in, const std::string& format, const InputVisitor& visit) {
    if (format == "json" || (format == "auto" && looks_like_json(in.text))) {
        for_each_json_line(in.text, in.name, visit);
        return;
    }
    const Format f = format == "auto" ? Format::Auto : *parse_format_name(format);
    int count = 0;
    for_each_puzzle(in.text, f, [&](ParsedPuzzle&& p) {
        visit({in.name + "#" + std::to_string(++count), std::nullopt, std::move(p)});
    });
}

}  // namespace

bool for_each_input(const std::vector<std::string>& files, const std::string& format,
                    const InputVisitor& visit) {
    std::vector<InputText> texts;
    if (!read_input_texts(files, texts)) return false;
    // Every puzzle is checked before any is handed on, so bad input anywhere stops a
    // command before its first answer. The first kKeptPuzzles are kept from that check;
    // past them each is parsed again as it is used, so memory holds the texts and a
    // bounded number of puzzles, never all of them.
    std::vector<SourcedPuzzle> kept;
    bool all_kept = true;
    for (const InputText& in : texts) {
        try {
            parse_input(in, format, [&](SourcedPuzzle&& sp) {
                if (!all_kept) return;
                if (kept.size() < kKeptPuzzles) {
                    kept.push_back(std::move(sp));
                    return;
                }
                all_kept = false;
                std::vector<SourcedPuzzle>().swap(kept);
            });
        } catch (const ParseError& e) {
            std::cerr << in.shown << ":" << e.line << ": " << e.what() << "\n";
            return false;
        }
    }
    if (all_kept) {
        for (SourcedPuzzle& sp : kept) visit(std::move(sp));
        return true;
    }
    for (const InputText& in : texts) parse_input(in, format, visit);
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

void add_puzzle_inputs(CLI::App* sub, std::vector<std::string>& files, std::string& format) {
    sub->add_option("files", files, "Puzzle files (any format; '-' or none: stdin)");
    add_format_option(sub, format);
}

void add_solution_limit_option(CLI::App* sub, int& limit, const std::string& help) {
    sub->add_option("--limit", limit, help)
        ->check(whole_number(1, 1'000'000))
        ->capture_default_str();
}

}  // namespace kk::cli
