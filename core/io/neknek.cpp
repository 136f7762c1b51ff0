// neknek, the corpus's own text: "#\tn", then "op\ttarget\tA1 A2 ..." per cage.
// Hidden operators are written '?' (Heyeck's convention). Other rules than these
// (killer, mult-only, add-sub) follow the size on the header: "#\t6\tkiller".
#include <string>

#include "core/io/readers_internal.h"

namespace kk {
namespace {

std::string grid_name(int n) {
    return std::to_string(n) + "x" + std::to_string(n);
}

// "#\t6" -> 6, "#\t6\tkiller" -> 6 and the rules. Anything else on a '#' line is a
// broken header.
int parse_header(const TextLine& line, Rules& rules) {
    auto words = split_words(line.text.substr(1), 3);
    if (words.empty()) throw ParseError(line.number, "header '#' has no size after it");
    if (words.size() > 2)
        throw ParseError(line.number, "header must be '#', the size and at most a variant, not " +
                                          quoted(trim(line.text)));
    // The size first: "# Keen puzzles" (a comment) said "unknown variant 'puzzles'".
    auto size = parse_count(words[0], kMaxSize + 1);
    if (!size) throw ParseError(line.number, "size " + quoted(words[0]) + " is not a number");
    if (*size < 1 || *size > kMaxSize)
        throw ParseError(line.number, "size " + std::string(words[0]) + " is outside 1..9");
    if (words.size() == 2) {
        std::string why;
        auto parsed = parse_rules(std::string(words[1]), &why);
        if (!parsed || parsed->hidden)
            throw ParseError(
                line.number,
                parsed ? "hidden operators are written '?' on the cages, not on the header"
                       : "header must be '#' and the size alone, or with a variant "
                         "(killer, mult-only, add-sub), not " +
                             quoted(trim(line.text)) + ": " + why);
        rules = *parsed;
    }
    return static_cast<int>(*size);
}

// "C4" -> cell index, row letter first (case-insensitive), column digit second.
int parse_cell(std::string_view word, int n, int line) {
    const bool shaped =
        word.size() == 2 &&
        ((word[0] >= 'A' && word[0] <= 'Z') || (word[0] >= 'a' && word[0] <= 'z')) &&
        word[1] >= '1' && word[1] <= '9';
    if (!shaped)
        throw ParseError(line, quoted(word) + " is not a cell name (row letter, column digit: A1)");
    const int row = (word[0] >= 'a' ? word[0] - 'a' : word[0] - 'A');
    const int col = word[1] - '1';
    if (row >= n || col >= n)
        throw ParseError(line,
                         "cell " + std::string(word) + " is outside the " + grid_name(n) + " grid");
    return row * n + col;
}

// hidden: set when the op is '?'.
Cage parse_cage(const TextLine& line, int n, bool& hidden) {
    // The op, the target and one cell more than the grid has: a cage of that many holds
    // one twice, which the check reports; the rest of the line is not kept.
    auto words = split_words(line.text, 2 + static_cast<std::size_t>(n * n) + 1);
    const std::string_view op_word = words[0];
    std::optional<Op> op;
    hidden = op_word == "?";
    if (hidden) op = Op::Add;  // not part of a hidden puzzle: normalize fixes it
    if (!hidden) op = op_from_word(op_word);
    if (!op) throw ParseError(line.number, unknown_operation(op_word, "", "! + - * / x or ?"));
    if (words.size() < 2) throw ParseError(line.number, "cage has no target");
    Cage cage;
    cage.op = *op;
    cage.target = parse_target(words[1], line.number);
    if (words.size() < 3) throw ParseError(line.number, "cage has no cells");
    for (size_t i = 2; i < words.size(); ++i)
        cage.cells.push_back(parse_cell(words[i], n, line.number));
    return cage;
}

}  // namespace

void read_neknek(const TextLines& lines, const PuzzleSink& each) {
    std::optional<DraftPuzzle> draft;
    auto finish = [&] { each(finish_puzzle(std::move(*draft))); };
    for (const TextLine line : lines) {
        if (is_blank(line.text)) continue;
        if (trim(line.text).starts_with('#')) {
            if (draft) finish();
            draft.emplace();
            draft->line = line.number;
            draft->puzzle.size = parse_header({line.number, trim(line.text)}, draft->puzzle.rules);
            continue;
        }
        if (!draft)
            throw ParseError(line.number, "expected a '#<TAB>size' header before the cages, got " +
                                              quoted(trim(line.text)));
        bool hidden = false;
        draft->puzzle.cages.push_back(parse_cage(line, draft->puzzle.size, hidden));
        note_hidden(*draft, hidden, line.number);
        draft->cage_lines.push_back(line.number);
        refuse_overfull(*draft);
    }
    if (draft) finish();
}

std::string write_neknek(const Puzzle& p) {
    Puzzle q = p;
    normalize(q);
    std::string out = "#\t" + std::to_string(q.size);
    Rules header = q.rules;
    header.hidden = false;  // said by the '?' cages
    if (!header.standard()) out += "\t" + rules_name(header);
    out += "\n";
    for (const Cage& cage : q.cages) {
        out += q.rules.hidden && cage.op != Op::Given ? '?' : op_symbol(cage.op);
        out += '\t';
        out += std::to_string(cage.target);
        out += '\t';
        for (size_t i = 0; i < cage.cells.size(); ++i) {
            if (i) out += ' ';
            out += cell_name(q.size, cage.cells[i]);
        }
        out += '\n';
    }
    return out;
}

}  // namespace kk
