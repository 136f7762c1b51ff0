// Simon Tatham's Keen game ids, "PARAMS:BLOCKS,CLUES", one per line.
//
// BLOCKS walks the 2n(n-1) internal edges (vertical ones in reading order, then
// horizontal ones in transposed order) plus one virtual edge at the end, writing
// for each dividing line the count of non-lines before it: '_' = 0, 'a'..'y' =
// 1..25, while 'z' is 25 non-lines with no line after them. Runs of three or more
// equal characters are then shortened to the character and a decimal count.
// CLUES: a letter (a + s - m x d /) and the target for each cage by first cell.
// Multiplication-only puzzles (Keen's 'm' parameter) mark every cage 'm', single
// cells too; hidden operations and the killer rule have no Keen form.
#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

#include "core/io/readers_internal.h"

namespace kk {
namespace {

// The two cells on either side of internal edge `pos` of an n x n grid.
std::pair<int, int> edge_cells(int pos, int n) {
    if (pos < n * (n - 1)) {
        const int y = pos / (n - 1), x = pos % (n - 1);
        return {y * n + x, y * n + x + 1};
    }
    const int x = pos / (n - 1) - n, y = pos % (n - 1);
    return {y * n + x, (y + 1) * n + x};
}

// Union-find over cells; the root is the smallest cell of its set.
struct CellSets {
    std::vector<int> parent;
    explicit CellSets(int cells) : parent(cells) { std::iota(parent.begin(), parent.end(), 0); }
    int root(int c) {
        while (parent[c] != c) c = parent[c] = parent[parent[c]];
        return c;
    }
    void merge(int a, int b) {
        a = root(a), b = root(b);
        if (a > b) std::swap(a, b);
        parent[b] = a;
    }
};

// Decodes BLOCKS into cell sets; throws on malformed or short structures.
CellSets decode_blocks(std::string_view blocks, int n, int line) {
    const int edges = 2 * n * (n - 1);
    CellSets sets(n * n);
    int pos = 0;
    size_t i = 0;
    while (i < blocks.size()) {
        const char ch = blocks[i++];
        if (ch != '_' && (ch < 'a' || ch > 'z'))
            throw ParseError(line, "invalid character " + quoted(std::string_view(&ch, 1)) +
                                       " in the Keen block structure");
        const int non_lines = ch == '_' ? 0 : ch == 'z' ? 25 : ch - 'a' + 1;
        const bool line_after = ch != 'z';
        size_t digits = i;
        while (digits < blocks.size() && is_digit(blocks[digits])) ++digits;
        std::int64_t repeat = 1;
        if (digits > i) {
            repeat = *parse_count(blocks.substr(i, digits - i), edges + 1);
            if (repeat == 0) throw ParseError(line, "repeat count 0 in the Keen block structure");
            i = digits;
        }
        for (std::int64_t r = 0; r < repeat; ++r) {
            for (int k = 0; k < non_lines; ++k, ++pos) {
                if (pos >= edges)
                    throw ParseError(line, "too much data in the Keen block structure");
                auto [a, b] = edge_cells(pos, n);
                sets.merge(a, b);
            }
            if (line_after && ++pos > edges + 1)
                throw ParseError(line, "too much data in the Keen block structure");
        }
    }
    if (pos != edges + 1)
        throw ParseError(line, "not enough data in the Keen block structure (truncated id?)");
    return sets;
}

// Reads CLUES onto the cages (in first-cell order); a 1-cell cage is a given.
// Returns whether every clue is 'm' with a single cell among them marked 'm' too
// (Keen's multiplication-only mode; its standard mode marks single cells 'a').
bool decode_clues(std::string_view clues, std::vector<Cage>& cages, int line) {
    size_t i = 0;
    bool all_mul = true, single_mul = false;
    for (size_t k = 0; k < cages.size(); ++k) {
        if (i >= clues.size())
            throw ParseError(line, "too few Keen clues: " + std::to_string(k) + " for " +
                                       std::to_string(cages.size()) + " cages (truncated id?)");
        const char letter = clues[i++];
        Cage& cage = cages[k];
        switch (letter) {
            case 'a':
                cage.op = Op::Add;
                break;
            case 's':
                cage.op = Op::Sub;
                break;
            case 'm':
                cage.op = Op::Mul;
                break;
            case 'd':
                cage.op = Op::Div;
                break;
            default:
                throw ParseError(line, "unknown Keen clue type " +
                                           quoted(std::string_view(&letter, 1)) +
                                           " (expected a, s, m or d)");
        }
        all_mul = all_mul && letter == 'm';
        single_mul = single_mul || (letter == 'm' && cage.cells.size() == 1);
        if (cage.cells.size() == 1) cage.op = Op::Given;
        size_t end = i;
        while (end < clues.size() && is_digit(clues[end])) ++end;
        if (end == i)
            throw ParseError(line, std::string("Keen clue '") + letter + "' has no number");
        cage.target = parse_target(clues.substr(i, end - i), line);
        i = end;
    }
    if (i < clues.size()) throw ParseError(line, "too many Keen clues for the block structure");
    return all_mul && single_mul;
}

DraftPuzzle decode_keen_id(std::string_view id, int line) {
    id = trim(id);
    const size_t colon = id.find(':');
    if (colon == std::string_view::npos)
        throw ParseError(line, "a Keen game id is 'size:description'; no ':' in " + quoted(id));
    size_t digits = 0;
    while (digits < colon && is_digit(id[digits])) ++digits;
    if (digits == 0) throw ParseError(line, "a Keen game id starts with the size");
    const std::int64_t size = *parse_count(id.substr(0, digits), kMaxSize + 1);
    if (size < 1 || size > kMaxSize)
        throw ParseError(line, "size " + std::string(id.substr(0, digits)) + " is outside 1..9");
    const int n = static_cast<int>(size);

    const std::string_view desc = id.substr(colon + 1);
    const size_t comma = desc.find(',');
    CellSets sets = decode_blocks(desc.substr(0, comma), n, line);
    if (comma == std::string_view::npos)
        throw ParseError(line, "Keen id is truncated: no ',' and clues after the block structure");

    DraftPuzzle draft;
    draft.line = line;
    draft.puzzle.size = n;
    std::vector<int> cage_of_root(n * n, -1);
    for (int c = 0; c < n * n; ++c) {
        int& k = cage_of_root[(sets.root(c))];
        if (k < 0) {
            k = static_cast<int>(draft.puzzle.cages.size());
            draft.puzzle.cages.emplace_back();
            draft.cage_lines.push_back(line);
        }
        draft.puzzle.cages[k].cells.push_back(c);
    }
    const bool mult_mode = decode_clues(desc.substr(comma + 1), draft.puzzle.cages, line);
    // "6dhm:..." names the mode in its parameters; a bare "6:..." shows it by its clues.
    const bool m_param = id.substr(digits, colon - digits).find('m') != std::string_view::npos;
    if (mult_mode || m_param) draft.puzzle.rules.ops = op_bit(Op::Mul);
    return draft;
}

// The edge string before run compression: counts of non-lines before each line.
std::string edge_runs(const Puzzle& p) {
    const int n = p.size, edges = 2 * n * (n - 1);
    const auto owner = cage_of_cells(p);
    std::string out;
    int run = 0;
    for (int pos = 0; pos <= edges; ++pos) {
        bool edge = pos == edges;
        if (!edge) {
            auto [a, b] = edge_cells(pos, n);
            edge = owner[a] != owner[b];
        }
        if (!edge) {
            ++run;
            continue;
        }
        for (; run > 25; run -= 25) out += 'z';
        out += run ? static_cast<char>('a' - 1 + run) : '_';
        run = 0;
    }
    return out;
}

// Runs of three or more equal characters become the character and the count.
std::string compress_runs(const std::string& s) {
    std::string out;
    for (size_t i = 0; i < s.size();) {
        size_t j = i;
        while (j < s.size() && s[j] == s[i]) ++j;
        const size_t len = j - i;
        out += s[i];
        if (len == 2) out += s[i];
        if (len > 2) out += std::to_string(len);
        i = j;
    }
    return out;
}

char clue_letter(Op op) {
    switch (op) {
        case Op::Sub:
            return 's';
        case Op::Mul:
            return 'm';
        case Op::Div:
            return 'd';
        default:
            return 'a';  // Keen has no given: a 1-cell sum says the same
    }
}

}  // namespace

Puzzle read_keen_id(std::string_view id) {
    return finish_puzzle(decode_keen_id(id, 1)).puzzle;
}

void read_keen(const TextLines& lines, const PuzzleSink& each) {
    for (const TextLine line : lines) {
        // A '#' line is a comment (a list of ids headed "# Keen puzzles"): no id starts so.
        if (is_blank(line.text) || trim(line.text).starts_with('#')) continue;
        each(finish_puzzle(decode_keen_id(line.text, line.number)));
    }
}

std::string write_keen(const Puzzle& p) {
    require_form_carries(p, "Keen ids", false);
    Puzzle q = p;
    normalize(q);
    const bool mult_only = q.rules.ops == op_bit(Op::Mul);
    // Keen shows its multiplication-only mode by a 1-cell cage's 'm'; with none the id
    // read back as standard, so the mode goes in the parameters, as Keen takes them
    // ("4m:", as in "4dhm").
    const bool given = std::any_of(q.cages.begin(), q.cages.end(),
                                   [](const Cage& c) { return c.cells.size() == 1; });
    std::string out = std::to_string(q.size) + (mult_only && !given ? "m:" : ":") +
                      compress_runs(edge_runs(q)) + ",";
    for (const Cage& cage : q.cages) {
        out += mult_only ? 'm' : clue_letter(cage.op);
        out += std::to_string(cage.target);
    }
    return out;
}

}  // namespace kk
