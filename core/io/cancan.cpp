// CanCan letter form: optional "# " comments, a key line "a=4x b=12+ c=5", n rows of
// cage letters, then optionally n "# " solution rows and more comments. Blank lines
// part puzzles.
#include <stdexcept>
#include <string>

#include "core/io/readers_internal.h"

namespace kk {
namespace {

constexpr int kLetters = 52;  // a-z then A-Z

int letter_index(char c) {
    if (c >= 'a' && c <= 'z') return c - 'a';
    if (c >= 'A' && c <= 'Z') return 26 + (c - 'A');
    return -1;
}

char letter_for(int index) {
    return static_cast<char>(index < 26 ? 'a' + index : 'A' + (index - 26));
}

bool is_comment(std::string_view text) {
    return trim(text).starts_with('#');
}

bool is_key_line(std::string_view text) {
    text = trim(text);
    return text.size() > 2 && letter_index(text[0]) >= 0 && text[1] == '=';
}

// Key line -> one cage per letter (no cells yet); letter_cage maps letters to cages.
void parse_key(const TextLine& line, DraftPuzzle& draft, std::vector<int>& letter_cage) {
    letter_cage.assign(kLetters, -1);
    // One entry more than there are letters names one twice, or is no entry: said at
    // that entry; the rest of the line is not kept.
    for (std::string_view word : split_words(line.text, kLetters + 1)) {
        if (word.size() < 3 || letter_index(word[0]) < 0 || word[1] != '=')
            throw ParseError(line.number, "key entry " + quoted(word) +
                                              " is not letter=target[op] (like c=15+)");
        const int letter = letter_index(word[0]);
        if (letter_cage[letter] >= 0)
            throw ParseError(line.number,
                             std::string("letter '") + word[0] + "' is twice in the key line");
        std::string_view number = word.substr(2);
        Cage cage;
        cage.op = Op::Given;
        const bool hidden = number.back() == '?';
        if (hidden) {
            cage.op = Op::Add;  // not part of a hidden puzzle: normalize fixes it
            number.remove_suffix(1);
        } else if (!is_digit(number.back())) {
            const std::string_view sign = last_character(number);
            auto op = op_from_word(sign);
            if (!op || *op == Op::Given)
                throw ParseError(line.number, unknown_operation(sign, word, "+ - x / ?"));
            cage.op = *op;
            number.remove_suffix(sign.size());
        }
        cage.target = parse_target(number, line.number);
        note_hidden(draft, hidden, line.number);
        letter_cage[letter] = static_cast<int>(draft.puzzle.cages.size());
        draft.puzzle.cages.push_back(cage);
        draft.cage_lines.push_back(line.number);
    }
}

// One row of cage letters onto the draft's cages.
void parse_row(const TextLine& line, int row, DraftPuzzle& draft,
               const std::vector<int>& letter_cage, std::vector<char>& placed) {
    const int n = draft.puzzle.size;
    // Counted before they are kept: a row of 32 million letters took 512 MB.
    if (const auto count = count_words(line.text); count != static_cast<std::size_t>(n))
        throw ParseError(line.number, "row has " + std::to_string(count) + " letters, expected " +
                                          std::to_string(n));
    auto words = split_words(line.text);
    for (int c = 0; c < n; ++c) {
        std::string_view word = words[c];
        const int letter = word.size() == 1 ? letter_index(word[0]) : -1;
        if (letter < 0) throw ParseError(line.number, quoted(word) + " is not a cage letter");
        const int k = letter_cage[letter];
        if (k < 0)
            throw ParseError(line.number, "letter " + quoted(word) + " is not in the key line");
        if (!placed[k]) draft.cage_lines[k] = line.number;
        placed[k] = 1;
        draft.puzzle.cages[k].cells.push_back(row * n + c);
    }
}

// "# 5 2 3 1 4 6" or "# 523146" -> the row's n values; nullopt for other comments.
std::optional<std::vector<int>> solution_row(std::string_view text, int n) {
    // n words, or one of n digits; more are not kept.
    auto words = split_words(trim(text).substr(1), static_cast<std::size_t>(n) + 1);
    if (words.size() == 1 && words[0].size() != static_cast<std::size_t>(n)) return std::nullopt;
    std::string digits;
    for (std::string_view w : words) digits += w;
    const bool spaced = static_cast<int>(words.size()) == n;
    const bool packed = words.size() == 1;
    if (!(spaced || packed) || static_cast<int>(digits.size()) != n || !all_digits(digits))
        return std::nullopt;
    std::vector<int> values;
    for (char d : digits) values.push_back(d - '0');
    return values;
}

std::string short_solution(int rows, int n) {
    return "the solution stops after " + std::to_string(rows) + " of " + std::to_string(n) +
           " rows";
}

using LineIt = TextLines::iterator;

// Reads one puzzle from its key line; leaves `it` after the puzzle's last line.
ParsedPuzzle read_one(LineIt& it, LineIt end, int last_line) {
    DraftPuzzle draft;
    std::vector<int> letter_cage;
    const TextLine key = *it++;
    draft.line = key.number;
    parse_key(key, draft, letter_cage);

    if (it == end || is_blank(it->text) || is_comment(it->text))
        throw ParseError(it == end ? last_line : it->number, "expected rows of cage letters");
    const auto width = count_words(it->text);
    if (width > kMaxSize)
        throw ParseError(it->number, "size " + std::to_string(width) + " is outside 1..9");
    const int n = static_cast<int>(width);
    draft.puzzle.size = n;
    std::vector<char> placed(draft.puzzle.cages.size(), 0);
    for (int r = 0; r < n; ++r, ++it) {
        if (it == end || is_blank(it->text) || is_comment(it->text))
            throw ParseError(it == end ? last_line : it->number,
                             "expected " + std::to_string(n) + " rows of cage letters, found " +
                                 std::to_string(r));
        parse_row(*it, r, draft, letter_cage, placed);
    }
    for (size_t k = 0; k < placed.size(); ++k)
        if (!placed[k])
            throw ParseError(key.number, "key letter '" +
                                             std::string(1, letter_for(static_cast<int>(k))) +
                                             "' has no cells");

    // Trailing "# " lines: solution rows (all n together) and other comments.
    Grid solution;
    int rows = 0;
    for (; it != end && is_comment(it->text); ++it) {
        auto values = rows < n ? solution_row(it->text, n) : std::nullopt;
        if (values) {
            solution.insert(solution.end(), values->begin(), values->end());
            ++rows;
        } else if (rows > 0 && rows < n) {
            throw ParseError(it->number, short_solution(rows, n));
        }
    }
    if (rows > 0 && rows < n)
        throw ParseError(it == end ? last_line : it->number, short_solution(rows, n));
    if (rows == n) draft.solution = std::move(solution);
    return finish_puzzle(std::move(draft));
}

}  // namespace

void read_cancan(const TextLines& lines, const PuzzleSink& each) {
    const int last_line = lines.last_number();
    for (auto it = lines.begin(); it != lines.end();) {
        if (is_blank(it->text) || is_comment(it->text)) {
            ++it;
            continue;
        }
        if (!is_key_line(it->text))
            throw ParseError(
                it->number, "expected a key line like 'a=12x b=3-', got " + quoted(trim(it->text)));
        each(read_one(it, lines.end(), last_line));
    }
}

std::string write_cancan(const Puzzle& p, const Grid* solution) {
    require_form_carries(p, "the cancan form", true);
    Puzzle q = p;
    normalize(q);
    if (q.cages.size() > kLetters)
        // invalid_argument, as for a rule the form cannot carry: the puzzle does not fit
        // the form (a length_error was taken for a fault of the corpus, exit 1).
        throw std::invalid_argument("the cancan form has 52 cage letters; this puzzle has " +
                                    std::to_string(q.cages.size()) + " cages; use neknek");
    const int n = q.size;
    std::string out;
    for (size_t k = 0; k < q.cages.size(); ++k) {
        const Cage& cage = q.cages[k];
        if (k) out += ' ';
        out += letter_for(static_cast<int>(k));
        out += '=';
        out += std::to_string(cage.target);
        if (q.rules.hidden && cage.op != Op::Given)
            out += '?';
        else if (cage.op == Op::Mul)
            out += 'x';
        else if (cage.op != Op::Given)
            out += op_symbol(cage.op);
    }
    out += '\n';
    const auto owner = cage_of_cells(q);
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            if (c) out += ' ';
            out += letter_for(owner[r * n + c]);
        }
        out += '\n';
    }
    if (solution) {
        for (int r = 0; r < n; ++r) {
            out += '#';
            for (int c = 0; c < n; ++c) {
                out += ' ';
                out += std::to_string((*solution)[r * n + c]);
            }
            out += '\n';
        }
    }
    return out;
}

}  // namespace kk
