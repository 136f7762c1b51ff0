// kenken check PUZZLE ANSWER: does the answer (the grid, a row a line) meet every
// rule of the puzzle? Exit 0 when it does; 7 naming the first rule it breaks.
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <vector>

#include "core/io/text_lines.h"
#include "core/io/utf8.h"
#include "pipeline/cli/command.h"
#include "pipeline/cli/input.h"

namespace kk::cli {
namespace {

// An answer is n lines of n values: a megabyte is far more than any, and a device
// such as /dev/zero ends in a message.
constexpr std::size_t kMaxAnswerBytes = std::size_t{1} << 20;

struct CheckOptions {
    std::string puzzle, answer, format = "auto";
};

// A row written as one run of n digits ("4231"), as grids are often copied from
// puzzle pages and other solvers, read as its digits ("4 2 3 1"); other lines as they
// are. Sizes are at most 9, so a digit is a value.
std::string split_digit_run(const std::string& line, int n) {
    std::istringstream words(line);
    std::string word, extra;
    if (!(words >> word) || (words >> extra) || static_cast<int>(word.size()) != n || n < 2 ||
        word.find_first_not_of("0123456789") != std::string::npos)
        return line;
    std::string out;
    for (char digit : word) {
        if (!out.empty()) out += ' ';
        out += digit;
    }
    return out;
}

// Why an answer cannot be scored: it is no grid of numbers (bad input, as a bad puzzle
// file), or one with a number no cell can hold (a wrong answer, as a 5 in a 4x4).
struct AnswerProblem {
    std::string reason;
    int line = 0;  // of the answer's text; 0: the answer as a whole
    bool malformed = true;
};

// "r1c2 holds 18446744073709551617, outside 1..4": a number past int named by its cell,
// as a small one is (it was "row 1: '18446744073709551617' is outside 1..4"). A cell past
// the grid (a row too long, refused for its shape then) is named by its row.
std::string past_int_value(const std::string& word, int n, int row, int column) {
    constexpr std::size_t kShown = 24;  // a line of a million digits is not echoed whole
    const std::string shown = word.size() <= kShown ? word
                                                    : word.substr(0, kShown) + "... (" +
                                                          std::to_string(word.size()) + " digits)";
    const std::string where =
        row < n && column < n ? rc_name(n, row * n + column) : "row " + std::to_string(row + 1);
    return where + " holds " + shown + ", outside 1.." + std::to_string(n);
}

// The answer's values in reading order; nullopt with the problem when it is not a
// size x size grid of numbers (blank lines and spaces, commas or tabs between values
// are fine, and so is a row of n digits with nothing between them).
std::optional<Grid> read_answer(const std::string& text, int n, AnswerProblem& problem) {
    Grid g;
    // Notepad starts a UTF-8 file with a byte order mark: it is no part of the first value.
    // Lines may end in CR alone (old Mac text): a right answer read as one row of n*n.
    std::string body(without_bom(text));
    for (size_t i = 0; i < body.size(); ++i)
        if (body[i] == '\r' && (i + 1 == body.size() || body[i + 1] != '\n')) body[i] = '\n';
    std::istringstream in{body};
    std::string line;
    int rows = 0, line_number = 0;
    // A number past int is outside 1..n, a wrong answer, but only once the text is a
    // grid at all: a row of 16 digits, or a number too long in a grid of 5 rows, was
    // "wrong" (exit 7) where the shape makes it bad input (exit 2).
    std::optional<AnswerProblem> outside;
    while (std::getline(in, line)) {
        ++line_number;
        for (char& c : line)
            if (c == ',' || c == '\t' || c == '\r' || c == '|') c = ' ';
        std::istringstream cells(split_digit_run(line, n));
        std::string word;
        int in_row = 0;
        while (cells >> word) {
            int v = 0;
            try {
                size_t used = 0;
                v = std::stoi(word, &used);
                if (used != word.size()) throw std::invalid_argument(word);
            } catch (const std::exception&) {
                // Digits past int are a number all the same, and so outside 1..n.
                const size_t sign = word[0] == '-' || word[0] == '+';
                const bool digits = word.size() > sign &&
                                    word.find_first_not_of("0123456789", sign) == std::string::npos;
                // quoted(): cut short, and no raw ESC or NUL from the file reaches the
                // terminal (they were echoed as they were).
                const AnswerProblem found{digits ? past_int_value(word, n, rows, in_row)
                                                 : "row " + std::to_string(rows + 1) + ": " +
                                                       kk::quoted(word) + " is not a number",
                                          line_number, !digits};
                if (!digits) {
                    problem = found;
                    return std::nullopt;
                }
                if (!outside) outside = found;
            }
            g.push_back(v);
            ++in_row;
        }
        if (in_row == 0) continue;
        ++rows;
        if (in_row != n) {
            problem = {"row " + std::to_string(rows) + " has " + std::to_string(in_row) +
                           (in_row == 1 ? " value" : " values") + ", not " + std::to_string(n),
                       line_number};
            return std::nullopt;
        }
    }
    if (rows != n) {
        problem = {"the answer has " + std::to_string(rows) + (rows == 1 ? " row" : " rows") +
                   ", not " + std::to_string(n)};
        return std::nullopt;
    }
    if (outside) {
        problem = *outside;
        return std::nullopt;
    }
    return g;
}

// The first rule the grid breaks, in the order values, rows, columns, cages; empty
// when it meets them all.
std::string first_broken_rule(const Puzzle& p, const Grid& g) {
    const int n = p.size;
    for (int cell = 0; cell < n * n; ++cell)
        if (g[static_cast<size_t>(cell)] < 1 || g[static_cast<size_t>(cell)] > n)
            return rc_name(n, cell) + " holds " + std::to_string(g[static_cast<size_t>(cell)]) +
                   ", outside 1.." + std::to_string(n);
    for (int line = 0; line < 2 * n; ++line) {
        const bool row = line < n;
        const int k = row ? line : line - n;
        std::vector<int> seen(static_cast<size_t>(n + 1), -1);
        for (int i = 0; i < n; ++i) {
            const int cell = row ? k * n + i : i * n + k;
            const int v = g[static_cast<size_t>(cell)];
            if (seen[static_cast<size_t>(v)] >= 0)
                return std::string(row ? "row " : "column ") + std::to_string(k + 1) + " holds " +
                       std::to_string(v) + " twice (" + rc_name(n, seen[static_cast<size_t>(v)]) +
                       " and " + rc_name(n, cell) + ")";
            seen[static_cast<size_t>(v)] = cell;
        }
    }
    for (const Cage& c : p.cages) {
        if (cage_holds(c, p.rules, g)) continue;
        std::string cells, values;
        for (int cell : c.cells) {
            cells += (cells.empty() ? "" : " ") + rc_name(n, cell);
            values += (values.empty() ? "" : " ") + std::to_string(g[static_cast<size_t>(cell)]);
        }
        // A hidden cage shows its target only: name it with a ? as neknek does.
        const bool hidden = p.rules.hidden && c.cells.size() > 1;
        const std::string cage = "cage " + std::to_string(c.target) +
                                 (hidden ? "?" : op_glyph(c.op)) + " (" + cells + ") holds " +
                                 values;
        if (p.rules.killer) {
            std::vector<int> count(static_cast<size_t>(n + 1), 0);
            for (int cell : c.cells)
                if (++count[static_cast<size_t>(g[static_cast<size_t>(cell)])] == 2)
                    return cage + ": " + std::to_string(g[static_cast<size_t>(cell)]) +
                           " twice in one cage (killer rule)";
        }
        return cage + ", which does not make " + std::to_string(c.target) +
               (hidden ? " with any operation the rules allow" : "");
    }
    return {};
}

int run_check(const CheckOptions& o) {
    if (o.puzzle == "-" && o.answer == "-") {
        std::cerr << "check: the puzzle and the answer cannot both come from stdin\n";
        return kBadInput;
    }
    Puzzle p;
    long long count = 0;
    if (!for_each_input({o.puzzle}, o.format, [&](SourcedPuzzle&& sp) {
            if (++count == 1) p = std::move(sp.parsed.puzzle);
        }))
        return kBadInput;
    if (count != 1) {
        // Escaped, as every name in a message (an ESC in it reached the terminal raw),
        // and stdin by the name the other messages give it ("-" was printed).
        std::cerr << shown_name(o.puzzle == "-" ? "<stdin>" : o.puzzle) << ": holds " << count
                  << " puzzles; check takes one\n";
        return kBadInput;
    }
    const std::string shown = o.answer == "-" ? "<stdin>" : shown_name(o.answer);
    std::string problem;
    const std::string text = read_text_input(o.answer, kMaxAnswerBytes, "an answer grid", problem);
    // An answer in UTF-16 may be right: it cannot be read, which is not "wrong".
    if (problem.empty()) problem = utf16_problem(text);
    if (!problem.empty()) {
        std::cerr << shown << ": " << problem << "\n";
        return kBadInput;
    }
    AnswerProblem unread;
    const auto grid = read_answer(text, p.size, unread);
    // An answer that is no grid of n rows of n numbers cannot be scored: bad input (it
    // was "wrong", exit 7, as an answer that breaks a rule).
    if (!grid && unread.malformed) {
        std::cerr << shown << (unread.line ? ":" + std::to_string(unread.line) : "")
                  << ": not an answer grid of " << p.size << " rows of " << p.size
                  << " numbers: " << unread.reason << "\n";
        return kBadInput;
    }
    if (!grid) {
        std::cout << shown << ": wrong: " << unread.reason << "\n";
        return kWrongAnswer;
    }
    const std::string broken = first_broken_rule(p, *grid);
    if (!broken.empty()) {
        std::cout << shown << ": wrong: " << broken << "\n";
        return kWrongAnswer;
    }
    std::cout << shown << ": correct\n";
    return kOk;
}

}  // namespace

void add_check_command(CLI::App& app) {
    auto o = std::make_shared<CheckOptions>();
    auto* sub = app.add_subcommand("check",
                                   "Check an answer: does the grid meet every rule of the puzzle?");
    sub->add_option("puzzle", o->puzzle, "The puzzle file (one puzzle, any format; '-': stdin)")
        ->required();
    sub->add_option(
           "answer", o->answer,
           "The answer: the grid, a row a line, values separated by spaces or a row of digits "
           "('-': stdin); text that is no grid of n rows of n numbers is bad input (exit 2)")
        ->required();
    add_format_option(sub, o->format);
    sub->footer(help_footer({kOk, kBadInput, kWrongAnswer},
                            {"kenken check puzzle.txt answer.txt",
                             "printf '1 2\\n2 1\\n' | kenken check puzzle.txt -"}));
    sub->callback([o] { set_exit(run_check(*o)); });
}

}  // namespace kk::cli
