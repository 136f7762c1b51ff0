// Format names, detection, and the read/write dispatch. Each format lives in its
// own core/io/<format>.cpp.
#include "core/io/formats.h"

#include <algorithm>

#include "core/io/readers_internal.h"

namespace kk {

const char* format_name(Format f) {
    return name_of(kFormats, f).data();
}

std::optional<Format> parse_format_name(std::string_view name) {
    return parse_name(kFormats, name);
}

namespace {

// Length of the run of digits at the start of s.
size_t leading_digits(std::string_view s) {
    size_t i = 0;
    while (i < s.size() && is_digit(s[i])) ++i;
    return i;
}

// "a=12x" style first word: a CanCan key line.
bool is_cancan_key(std::string_view line) {
    line = trim(line);
    return line.size() > 2 &&
           ((line[0] >= 'a' && line[0] <= 'z') || (line[0] >= 'A' && line[0] <= 'Z')) &&
           line[1] == '=';
}

// "6:..." or "6dh:...": a Keen game id (digits, parameter letters, colon).
bool is_keen_id(std::string_view line) {
    line = trim(line);
    size_t digits = leading_digits(line);
    if (digits == 0) return false;
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) return false;
    auto params = line.substr(digits, colon - digits);
    return std::all_of(params.begin(), params.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c);
    });
}

// "n k": the fahda header.
bool is_fahda_header(std::string_view line) {
    auto words = split_words(line, 3);
    return words.size() == 2 && all_digits(words[0]) && all_digits(words[1]);
}

// "12+,3 4" or "5,0": a J cage line.
bool is_j_line(std::string_view line) {
    line = trim(line);
    size_t digits = leading_digits(line);
    if (digits == 0 || digits == line.size()) return false;
    size_t at = digits;
    if (line[at] != ',' && op_from_symbol(line[at]) && line[at] != '!' && line[at] != '=') ++at;
    return at < line.size() && line[at] == ',';
}

}  // namespace

Format detect_format(std::string_view text) {
    const TextLines lines(text);
    auto first = std::find_if(lines.begin(), lines.end(),
                              [](const TextLine& l) { return !is_blank(l.text); });
    if (first == lines.end()) return Format::Neknek;
    const std::string_view line = trim(first->text);
    if (line.starts_with('#')) {
        // "# 1." (even "# 1") comments may open a CanCan file: a key line after the
        // comments tells it from a neknek header followed by cages.
        for (auto it = first; it != lines.end(); ++it) {
            std::string_view t = trim(it->text);
            if (t.empty() || t.starts_with('#')) continue;
            return is_cancan_key(t) ? Format::Cancan : Format::Neknek;
        }
        return Format::Neknek;
    }
    if (is_keen_id(line)) return Format::Keen;
    if (is_fahda_header(line)) return Format::Fahda;
    if (is_j_line(line)) return Format::J;
    if (is_cancan_key(line)) return Format::Cancan;
    return Format::Neknek;
}

void for_each_puzzle(std::string_view text, Format format, const PuzzleSink& each) {
    reject_binary(text);
    const TextLines lines(text);
    if (std::all_of(lines.begin(), lines.end(), [](const TextLine& l) { return is_blank(l.text); }))
        throw ParseError(1, "no puzzle found: the text is empty");
    if (format == Format::Auto) format = detect_format(text);
    int count = 0;
    const PuzzleSink counted = [&](ParsedPuzzle&& p) {
        ++count;
        each(std::move(p));
    };
    switch (format) {
        case Format::Auto:
        case Format::Neknek:
            read_neknek(lines, counted);
            break;
        case Format::Cancan:
            read_cancan(lines, counted);
            break;
        case Format::J:
            read_j(lines, counted);
            break;
        case Format::Fahda:
            read_fahda(lines, counted);
            break;
        case Format::Keen:
            read_keen(lines, counted);
            break;
    }
    if (count == 0)
        throw ParseError(1, std::string("no puzzle found in ") + format_name(format) + " text");
}

std::vector<ParsedPuzzle> read_puzzles(std::string_view text, Format format) {
    std::vector<ParsedPuzzle> puzzles;
    for_each_puzzle(text, format, [&](ParsedPuzzle&& p) { puzzles.push_back(std::move(p)); });
    return puzzles;
}

void require_form_carries(const Puzzle& p, const char* form, bool hidden_ok) {
    if (p.rules.hidden && !hidden_ok)
        throw std::invalid_argument(std::string(form) +
                                    " cannot carry hidden operations; use neknek, which writes "
                                    "them '?'");
    // '?' reads back as any of + - x /: hidden,mult-only written so was read back as
    // another puzzle (hidden over all four operations), perhaps of several solutions.
    if (p.rules.hidden && p.rules.ops != kArithmeticOps)
        throw std::invalid_argument(std::string(form) + " cannot carry hidden operations of " +
                                    rules_name(p.rules) +
                                    " ('?' reads back as any of + - x /); use neknek");
    if (p.rules.killer)
        throw std::invalid_argument(std::string(form) +
                                    " cannot carry the killer rule (no digit twice in a cage); "
                                    "use neknek");
}

void note_hidden(DraftPuzzle& draft, bool hidden, Op op, int line) {
    if (hidden && !draft.hidden_line) draft.hidden_line = line;
    if (!hidden && op != Op::Given && !draft.shown_line) draft.shown_line = line;
}

ParsedPuzzle finish_puzzle(DraftPuzzle draft) {
    if (draft.hidden_line && draft.shown_line)
        throw ParseError(std::max(draft.hidden_line, draft.shown_line),
                         "a puzzle mixes hidden ('?') and shown operations");
    if (draft.hidden_line) draft.puzzle.rules.hidden = true;
    for (Cage& cage : draft.puzzle.cages) std::sort(cage.cells.begin(), cage.cells.end());
    if (auto issue = check_puzzle(draft.puzzle)) {
        int line = draft.line;
        if (issue->cage >= 0 && issue->cage < std::ssize(draft.cage_lines))
            line = draft.cage_lines[issue->cage];
        throw ParseError(line, issue->message);
    }
    normalize(draft.puzzle);
    return {std::move(draft.puzzle), std::move(draft.solution), draft.line};
}

void refuse_overfull(const DraftPuzzle& draft) {
    const int n = draft.puzzle.size;
    if (std::ssize(draft.puzzle.cages) <= n * n) return;
    finish_puzzle(draft);  // throws: n * n cells cannot hold more than n * n cages
    throw ParseError(draft.cage_lines.back(), "more cages than the grid has cells");
}

bool form_keeps_rules(const Puzzle& p, Format f) {
    if (p.rules.standard() || f == Format::Neknek || f == Format::Auto) return true;
    // Read back as a reader would: what the writer does not refuse is the same puzzle,
    // but its variant (mult-only, add-sub) may come back as standard.
    return read_puzzles(write_puzzle(p, f), f).front().puzzle.rules == p.rules;
}

std::string write_puzzle(const Puzzle& p, Format f) {
    switch (f) {
        case Format::Auto:
        case Format::Neknek:
            return write_neknek(p);
        case Format::Cancan:
            return write_cancan(p);
        case Format::J:
            return write_j(p);
        case Format::Fahda:
            return write_fahda(p);
        case Format::Keen:
            return write_keen(p);
    }
    return write_neknek(p);
}

}  // namespace kk
