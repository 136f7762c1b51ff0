// Format names, detection, and the read/write dispatch. Each format lives in its
// own core/io/<format>.cpp.
#include "core/io/formats.h"

#include <algorithm>

#include "core/io/readers_internal.h"
#include "core/io/utf8.h"

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

// Index of the first character at or after `at` that is not a space or a tab.
size_t skip_blanks(std::string_view s, size_t at) {
    while (at < s.size() && (s[at] == ' ' || s[at] == '\t')) ++at;
    return at;
}

// "12+,3 4" or "5,0": a J cage line. `spaced` lets blanks stand around the op, as
// the j reader does ("12 + ,3 4"), but not inside the target: "1 2+,3" is no j line.
bool is_j_line(std::string_view line, bool spaced = false) {
    line = trim(line);
    size_t digits = leading_digits(line);
    if (digits == 0 || digits == line.size()) return false;
    size_t at = spaced ? skip_blanks(line, digits) : digits;
    if (at < line.size() && line[at] != ',' && op_from_symbol(line[at]) && line[at] != '!' &&
        line[at] != '=')
        ++at;
    if (spaced) at = skip_blanks(line, at);
    return at < line.size() && line[at] == ',';
}

// The format the first line names by its mark; nullopt when none fits.
std::optional<Format> recognise_format(const TextLines& lines) {
    auto first = std::find_if(lines.begin(), lines.end(),
                              [](const TextLine& l) { return !is_blank(l.text); });
    if (first == lines.end()) return Format::Neknek;
    const std::string_view line = trim(first->text);
    if (line.starts_with('#')) {
        // "# 1." (even "# 1") comments may open a CanCan file, or a list of Keen ids: the
        // first line after the comments tells them from a neknek header and its cages.
        for (auto it = first; it != lines.end(); ++it) {
            std::string_view t = trim(it->text);
            if (t.empty() || t.starts_with('#')) continue;
            if (is_cancan_key(t)) return Format::Cancan;
            return is_keen_id(t) ? Format::Keen : Format::Neknek;
        }
        return Format::Neknek;
    }
    if (is_keen_id(line)) return Format::Keen;
    if (is_fahda_header(line)) return Format::Fahda;
    if (is_j_line(line)) return Format::J;
    if (is_cancan_key(line)) return Format::Cancan;
    return std::nullopt;
}

// The format an unrecognised first line is most like, read loosely: spaces taken out
// ("a = 60x" is a cancan key), or around a j cage's op as the j reader allows them
// ("3 ,0", "12 +,3 4"), or a neknek cage ("+ 3 A1 A2") that lacks its header.
std::optional<Format> likely_format(std::string_view line) {
    std::string packed;  // the marks stand at the start: a long line is not copied whole
    for (char c : line.substr(0, 256))
        if (c != ' ' && c != '\t') packed += c;
    const auto words = split_words(line, 2);
    if (!words.empty() && (words[0] == "?" || op_from_word(words[0]))) return Format::Neknek;
    if (is_keen_id(packed)) return Format::Keen;
    if (is_j_line(line, true)) return Format::J;
    if (is_cancan_key(packed)) return Format::Cancan;
    return std::nullopt;
}

// Auto-detection found no format: a reader's complaint would describe its own form.
ParseError not_recognised(const TextLine& line, std::optional<Format> likely) {
    std::string what = "the format is not recognised from " + quoted(trim(line.text)) +
                       " (not a neknek header '#<TAB>size', a cancan key line, a j cage, a "
                       "fahda 'size cages' header nor a Keen id); ";
    if (likely)
        what += std::string("it looks like ") + format_name(*likely) + ": try --format " +
                format_name(*likely);
    else
        what += "name it with --format neknek, cancan, j, fahda or keen";
    return ParseError(line.number, what);
}

// The format to read an Auto text as; throws when none is recognised, unless the
// text is most like neknek, whose reader then says what it lacks.
Format auto_format(const TextLines& lines) {
    if (auto format = recognise_format(lines)) return *format;
    const TextLine first = *std::find_if(lines.begin(), lines.end(),
                                         [](const TextLine& l) { return !is_blank(l.text); });
    const auto likely = likely_format(trim(first.text));
    if (likely == Format::Neknek) return Format::Neknek;
    throw not_recognised(first, likely);
}

}  // namespace

Format detect_format(std::string_view text) {
    return recognise_format(TextLines(text)).value_or(Format::Neknek);
}

void for_each_puzzle(std::string_view text, Format format, const PuzzleSink& each) {
    reject_binary(text);
    const TextLines lines(text);
    if (std::all_of(lines.begin(), lines.end(), [](const TextLine& l) { return is_blank(l.text); }))
        throw ParseError(1, "no puzzle found: the text is empty");
    if (format == Format::Auto) format = auto_format(lines);
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

void note_hidden(DraftPuzzle& draft, bool hidden, int line) {
    draft.written_hidden.push_back(hidden ? 1 : 0);
    draft.op_lines.push_back(line);
}

namespace {

// The signs people type for the operations (kenken prints them: + − × ÷).
struct SignName {
    std::string_view sign;
    Op op;
    const char* ascii;  // what to write instead, in ASCII
};
constexpr SignName kSigns[] = {
    {"\u00d7", Op::Mul, "x or *"}, {"\u00f7", Op::Div, "/"}, {"\u2212", Op::Sub, "-"}};

// A one-cell cage holds its target whatever its operation says, '?' too: it neither
// hides nor shows one. A larger '?' cage makes the puzzle hidden; refuses a puzzle
// with both that and a larger cage showing its operation.
void settle_hidden(DraftPuzzle& draft) {
    int hidden_line = 0, shown_line = 0;
    auto& cages = draft.puzzle.cages;
    for (std::size_t k = 0; k < cages.size(); ++k) {
        const bool hidden = k < draft.written_hidden.size() && draft.written_hidden[k];
        const int line = k < draft.op_lines.size() ? draft.op_lines[k] : draft.line;
        if (cages[k].cells.size() == 1) {
            if (hidden) cages[k].op = Op::Given;
        } else if (hidden) {
            if (!hidden_line) hidden_line = line;
        } else if (cages[k].op != Op::Given && !shown_line) {
            shown_line = line;
        }
    }
    if (hidden_line && shown_line)
        throw ParseError(std::max(hidden_line, shown_line),
                         "a puzzle mixes hidden ('?') and shown operations");
    if (hidden_line) draft.puzzle.rules.hidden = true;
}

// "x or * for ×, / for ÷, - for −": what to write for each sign.
std::string ascii_signs() {
    std::string out;
    for (const SignName& s : kSigns) {
        if (!out.empty()) out += ", ";
        out += std::string(s.ascii) + " for " + std::string(s.sign);
    }
    return out;
}

}  // namespace

std::optional<Op> op_from_word(std::string_view word) {
    if (word.size() == 1) return op_from_symbol(word[0]);
    for (const SignName& s : kSigns)
        if (word == s.sign) return s.op;
    return std::nullopt;
}

std::string_view last_character(std::string_view word) {
    std::size_t start = word.size() - 1;
    // Back over UTF-8 continuation bytes (10xxxxxx) to the character's first byte.
    while (start > 0 && (static_cast<unsigned char>(word[start]) & 0xC0) == 0x80) --start;
    return word.substr(start);
}

std::string unknown_operation(std::string_view op, std::string_view word,
                              std::string_view expected) {
    // The character itself (printable keeps UTF-8 and escapes control bytes): quoted()
    // showed '\xC3\x97' for a multiplication sign, or its last byte alone.
    std::string out = "unknown operation '" + printable_cut(op, 8) + "'";
    if (!word.empty()) out += " in '" + printable_cut(word, 24) + "'";
    out += " (expected " + std::string(expected);
    const bool ascii = std::all_of(op.begin(), op.end(),
                                   [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    if (!ascii) out += "; in ASCII, " + ascii_signs();
    return out + ")";
}

ParsedPuzzle finish_puzzle(DraftPuzzle draft) {
    settle_hidden(draft);
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
