// fahda form (seed001): "n k", n rows of cage numbers 1..k, then one line of k
// rules such as "7+ 2= 2- 6x 2/" (rule i for cage i, '=' a given).
#include <string>

#include "core/io/readers_internal.h"

namespace kk {
namespace {

using LineIt = TextLines::iterator;

// Next non-blank line at or after it; throws when the text ends first.
LineIt next_filled(LineIt it, LineIt end, int last_line, const std::string& wanted) {
    while (it != end && is_blank(it->text)) ++it;
    if (it == end) throw ParseError(last_line, "the text ends where " + wanted + " should be");
    return it;
}

void parse_rule(std::string_view word, Cage& cage, int line) {
    std::string_view number = word;
    cage.op = Op::Given;
    if (!word.empty() && !is_digit(word.back())) {
        const std::string_view sign = last_character(word);
        auto op = op_from_word(sign);
        if (!op) throw ParseError(line, unknown_operation(sign, word, "+ - x / or ="));
        cage.op = *op;
        number.remove_suffix(sign.size());
    }
    cage.target = parse_target(number, line);
}

// Reads one puzzle starting at its header line; leaves `it` after the rules line.
ParsedPuzzle read_one(LineIt& it, LineIt end, int last_line) {
    const TextLine header = *it++;
    auto words = split_words(header.text, 3);
    if (words.size() != 2 || !all_digits(words[0]) || !all_digits(words[1]))
        throw ParseError(header.number,
                         "expected the header 'size cages', got " + quoted(trim(header.text)));
    const std::int64_t n = *parse_count(words[0], kMaxSize + 1);
    const std::int64_t k = *parse_count(words[1], kMaxCells + 1);
    if (n < 1 || n > kMaxSize)
        throw ParseError(header.number, "size " + std::string(words[0]) + " is outside 1..9");
    if (k < 1 || k > n * n)
        throw ParseError(header.number, "cage count " + std::string(words[1]) + " is outside 1.." +
                                            std::to_string(n * n));

    DraftPuzzle draft;
    draft.line = header.number;
    draft.puzzle.size = static_cast<int>(n);
    draft.puzzle.cages.resize(k);
    draft.cage_lines.assign(k, header.number);
    for (int r = 0; r < n; ++r) {
        it = next_filled(it, end, last_line, "row " + std::to_string(r + 1) + " of cage numbers");
        const TextLine row = *it++;
        // Counted before they are kept: a row of 32 million words took 512 MB.
        if (const auto words = count_words(row.text); static_cast<std::int64_t>(words) != n)
            throw ParseError(row.number, "row has " + std::to_string(words) +
                                             " cage numbers, expected " + std::to_string(n));
        auto cells = split_words(row.text);
        for (int c = 0; c < n; ++c) {
            auto id = parse_count(cells[c], k);
            if (!id || *id < 1 || *id > k)
                throw ParseError(row.number, "cage number " + quoted(cells[c]) +
                                                 " is not one of 1.." + std::to_string(k));
            Cage& cage = draft.puzzle.cages[*id - 1];
            if (cage.cells.empty()) draft.cage_lines[*id - 1] = row.number;
            cage.cells.push_back(static_cast<int>(r * n + c));
        }
    }
    it = next_filled(it, end, last_line, "the line of cage rules");
    const TextLine rules_line = *it++;
    if (const auto words = count_words(rules_line.text); static_cast<std::int64_t>(words) != k)
        throw ParseError(rules_line.number,
                         std::to_string(words) + " rules for " + std::to_string(k) + " cages");
    auto rules = split_words(rules_line.text);
    for (size_t i = 0; i < rules.size(); ++i) {
        Cage& cage = draft.puzzle.cages[i];
        parse_rule(rules[i], cage, rules_line.number);
        if (cage.cells.empty())
            throw ParseError(rules_line.number,
                             "cage " + std::to_string(i + 1) + " has a rule but no cells");
    }
    return finish_puzzle(std::move(draft));
}

}  // namespace

void read_fahda(const TextLines& lines, const PuzzleSink& each) {
    const int last_line = lines.last_number();
    for (auto it = lines.begin(); it != lines.end();) {
        if (is_blank(it->text)) {
            ++it;
            continue;
        }
        each(read_one(it, lines.end(), last_line));
    }
}

std::string write_fahda(const Puzzle& p) {
    require_form_carries(p, "the fahda form", false);
    Puzzle q = p;
    normalize(q);
    const int n = q.size;
    const auto owner = cage_of_cells(q);
    std::string out = std::to_string(n) + " " + std::to_string(q.cages.size()) + "\n";
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            if (c) out += ' ';
            out += std::to_string(owner[r * n + c] + 1);
        }
        out += '\n';
    }
    for (size_t i = 0; i < q.cages.size(); ++i) {
        const Cage& cage = q.cages[i];
        if (i) out += ' ';
        out += std::to_string(cage.target);
        switch (cage.op) {
            case Op::Given:
                out += '=';
                break;
            case Op::Mul:
                out += 'x';
                break;
            default:
                out += op_symbol(cage.op);
                break;
        }
    }
    return out + "\n";
}

}  // namespace kk
