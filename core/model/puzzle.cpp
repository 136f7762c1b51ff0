#include "core/model/puzzle.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace kk {

char op_symbol(Op op) {
    const OpName* e = entry_of(kOps, op);
    return e ? e->symbol : '?';
}

const char* op_glyph(Op op) {
    const OpName* e = entry_of(kOps, op);
    return e ? e->glyph.data() : "?";
}

std::string_view op_word(Op op) {
    return name_of(kOps, op);
}

std::optional<Op> op_from_symbol(char c) {
    for (const OpName& e : kOps)
        if (e.symbol == c || e.aliases.find(c) != std::string_view::npos) return e.value;
    return std::nullopt;
}

std::string rules_name(const Rules& rules) {
    std::string out;
    auto add = [&out](const char* name) {
        if (!out.empty()) out += ',';
        out += name;
    };
    if (rules.hidden) add("hidden");
    if (rules.ops == op_bit(Op::Mul)) add("mult-only");
    if (rules.ops == (op_bit(Op::Add) | op_bit(Op::Sub))) add("add-sub");
    if (rules.killer) add("killer");
    return out.empty() ? "standard" : out;
}

std::optional<Rules> parse_rules(const std::string& names, std::string* error) {
    Rules rules;
    bool ops_named = false;
    std::vector<std::string> seen;
    std::size_t start = 0;
    auto fail = [error](const std::string& why) -> std::optional<Rules> {
        if (error) *error = why;
        return std::nullopt;
    };
    while (start <= names.size()) {
        std::size_t end = names.find(',', start);
        if (end == std::string::npos) end = names.size();
        const std::string name = names.substr(start, end - start);
        start = end + 1;
        if (name.empty() && names.empty()) break;
        if (name == "standard" && names == "standard") break;
        // "killer," and "killer,killer" were taken for "killer", where --sizes 4, is
        // refused: a name left out, or one meant to be another?
        if (name.empty()) return fail("an empty item in '" + names + "'");
        if (std::find(seen.begin(), seen.end(), name) != seen.end())
            return fail(name + " is named twice in '" + names + "'");
        seen.push_back(name);
        if (name == "hidden") {
            rules.hidden = true;
        } else if (name == "killer") {
            rules.killer = true;
        } else if (name == "standard") {
            // Said "unknown variant 'standard' (use standard, ...)".
            return fail(
                "standard is the rules with no variant: it cannot be combined with "
                "others (a comma list of hidden, mult-only, add-sub, killer)");
        } else if (name == "mult-only" || name == "add-sub") {
            if (ops_named) return fail("mult-only and add-sub cannot be combined");
            ops_named = true;
            rules.ops = name == "mult-only" ? op_bit(Op::Mul) : op_bit(Op::Add) | op_bit(Op::Sub);
        } else {
            return fail("unknown variant '" + name +
                        "' (use standard, or a comma list of hidden, mult-only, add-sub, killer)");
        }
    }
    return rules;
}

OpSet cage_ops(const Cage& cage, const Rules& rules) {
    if (!rules.hidden || cage.op == Op::Given || cage.cells.size() == 1) return op_bit(cage.op);
    if (cage.cells.size() == 2) return rules.ops;
    return static_cast<OpSet>(rules.ops & (op_bit(Op::Add) | op_bit(Op::Mul)));
}

std::string cell_name(int size, int cell) {
    return {static_cast<char>('A' + cell / size), static_cast<char>('1' + cell % size)};
}

std::string rc_name(int size, int cell) {
    // Sizes stop at 9, so row and column are single digits.
    return {'r', static_cast<char>('1' + cell / size), 'c', static_cast<char>('1' + cell % size)};
}

std::vector<int> cage_of_cells(const Puzzle& p) {
    std::vector<int> owner(p.size * p.size, -1);
    for (size_t k = 0; k < p.cages.size(); ++k)
        for (int c : p.cages[k].cells)
            if (c >= 0 && c < p.size * p.size) owner[c] = static_cast<int>(k);
    return owner;
}

namespace {

// "a standard", "an add-sub": the article a rules name takes (it was "a add-sub").
std::string with_article(const std::string& name) {
    const bool vowel =
        !name.empty() && std::string_view("aeiou").find(name[0]) != std::string_view::npos;
    return (vowel ? "an " : "a ") + name;
}

// Flood fill inside the cage from its first cell; connected when it reaches all.
bool connected(const Cage& cage, int n) {
    std::vector<char> in(n * n, 0), seen(n * n, 0);
    for (int c : cage.cells) in[c] = 1;
    std::vector<int> stack{cage.cells.front()};
    seen[(cage.cells.front())] = 1;
    size_t reached = 0;
    while (!stack.empty()) {
        int c = stack.back();
        stack.pop_back();
        ++reached;
        int r = c / n, col = c % n;
        const int next[4][2] = {{r - 1, col}, {r + 1, col}, {r, col - 1}, {r, col + 1}};
        for (auto& rc : next) {
            if (rc[0] < 0 || rc[0] >= n || rc[1] < 0 || rc[1] >= n) continue;
            int d = rc[0] * n + rc[1];
            if (in[d] && !seen[d]) {
                seen[d] = 1;
                stack.push_back(d);
            }
        }
    }
    return reached == cage.cells.size();
}

}  // namespace

std::optional<PuzzleIssue> check_puzzle(const Puzzle& p) {
    const int n = p.size;
    if (n < 1 || n > kMaxSize)
        return PuzzleIssue{-1, "size " + std::to_string(n) + " is outside 1..9"};
    std::vector<int> owner(n * n, -1);
    for (size_t k = 0; k < p.cages.size(); ++k) {
        const Cage& cage = p.cages[k];
        const int ki = static_cast<int>(k);
        if (cage.cells.empty()) return PuzzleIssue{ki, "cage has no cells"};
        for (int c : cage.cells) {
            if (c < 0 || c >= n * n)
                return PuzzleIssue{ki, "cell " + std::to_string(c) + " is outside the grid"};
            if (owner[c] == ki)
                return PuzzleIssue{ki, "cell " + cell_name(n, c) + " is listed twice in this cage"};
            if (owner[c] >= 0)
                return PuzzleIssue{ki, "cell " + cell_name(n, c) + " is already in another cage"};
            owner[c] = ki;
        }
        if (cage.target <= 0) return PuzzleIssue{ki, "target must be a positive integer"};
        if (cage.target > kMaxTarget) return PuzzleIssue{ki, "target is too large"};
        const size_t m = cage.cells.size();
        switch (cage.op) {
            case Op::Given:
                if (m != 1) return PuzzleIssue{ki, "a given must have exactly 1 cell"};
                break;
            case Op::Sub:
            case Op::Div:
                if (m != 2)
                    return PuzzleIssue{ki, std::string("a ") + (cage.op == Op::Sub ? "-" : "/") +
                                               " cage must have exactly 2 cells, not " +
                                               std::to_string(m)};
                break;
            default:
                break;
        }
        if (cage.op != Op::Given && !p.rules.hidden && !(op_bit(cage.op) & p.rules.ops))
            return PuzzleIssue{ki, std::string("a ") + op_symbol(cage.op) +
                                       " cage is not allowed in " +
                                       with_article(rules_name(p.rules)) + " puzzle"};
        if (p.rules.hidden && !cage_ops(cage, p.rules))
            return PuzzleIssue{ki, "no operation of " + with_article(rules_name(p.rules)) +
                                       " puzzle applies to a cage of " + std::to_string(m) +
                                       " cells"};
        if (!connected(cage, n))
            return PuzzleIssue{ki, "cage at " + cell_name(n, cage.cells.front()) +
                                       " is not orthogonally connected"};
    }
    for (int c = 0; c < n * n; ++c)
        if (owner[c] < 0) return PuzzleIssue{-1, "cell " + cell_name(n, c) + " is in no cage"};
    return std::nullopt;
}

void normalize(Puzzle& p) {
    // Hiding the operations of a puzzle whose cages are all single cells hides nothing:
    // it is the standard puzzle (and neknek, which says "hidden" only by '?' cages,
    // could not tell them apart).
    if (p.rules.hidden && std::all_of(p.cages.begin(), p.cages.end(),
                                      [](const Cage& c) { return c.cells.size() == 1; }))
        p.rules.hidden = false;
    for (Cage& cage : p.cages) {
        std::sort(cage.cells.begin(), cage.cells.end());
        if (p.rules.hidden) cage.op = cage.cells.size() == 1 ? Op::Given : Op::Add;
    }
    const auto by_first_cell = [](const Cage& a, const Cage& b) {
        if (a.cells.empty() || b.cells.empty()) return a.cells.size() < b.cells.size();
        return a.cells.front() < b.cells.front();
    };
    // A tiler's cages come in order already; stable_sort would still take a buffer.
    if (!std::is_sorted(p.cages.begin(), p.cages.end(), by_first_cell))
        std::stable_sort(p.cages.begin(), p.cages.end(), by_first_cell);
}

namespace {

bool holds_as(Op op, const Cage& cage, const Grid& grid) {
    std::int64_t acc = 0;
    switch (op) {
        case Op::Given:
            return grid[(cage.cells[0])] == cage.target;
        case Op::Add:
            for (int c : cage.cells) acc += grid[c];
            return acc == cage.target;
        case Op::Mul:
            acc = 1;
            for (int c : cage.cells) {
                acc *= grid[c];
                if (acc > cage.target) return false;
            }
            return acc == cage.target;
        case Op::Sub: {
            std::int64_t a = grid[(cage.cells[0])];
            std::int64_t b = grid[(cage.cells[1])];
            return a - b == cage.target || b - a == cage.target;
        }
        case Op::Div: {
            std::int64_t a = grid[(cage.cells[0])];
            std::int64_t b = grid[(cage.cells[1])];
            return a == b * cage.target || b == a * cage.target;
        }
    }
    return false;
}

}  // namespace

bool cage_holds(const Cage& cage, const Grid& grid) {
    return holds_as(cage.op, cage, grid);
}

bool cage_holds(const Cage& cage, const Rules& rules, const Grid& grid) {
    if (rules.killer) {
        unsigned seen = 0;
        for (int c : cage.cells) {
            const unsigned bit = 1u << grid[c];
            if (seen & bit) return false;
            seen |= bit;
        }
    }
    const OpSet ops = cage_ops(cage, rules);
    for (int op = 0; op <= static_cast<int>(Op::Div); ++op)
        if ((ops & op_bit(static_cast<Op>(op))) && holds_as(static_cast<Op>(op), cage, grid))
            return true;
    return false;
}

bool is_solution(const Puzzle& p, const Grid& grid) {
    const int n = p.size;
    if (static_cast<int>(grid.size()) != n * n) return false;
    for (int r = 0; r < n; ++r) {
        unsigned row = 0, col = 0;
        for (int c = 0; c < n; ++c) {
            int a = grid[r * n + c], b = grid[c * n + r];
            if (a < 1 || a > n || b < 1 || b > n) return false;
            row |= 1u << a;
            col |= 1u << b;
        }
        if (row != col || row != ((1u << (n + 1)) - 2)) return false;
    }
    for (const Cage& cage : p.cages)
        if (!cage_holds(cage, p.rules, grid)) return false;
    return true;
}

bool operator==(const Cage& a, const Cage& b) {
    return a.op == b.op && a.target == b.target && a.cells == b.cells;
}
bool operator==(const Puzzle& a, const Puzzle& b) {
    return a.size == b.size && a.rules == b.rules && a.cages == b.cages;
}

}  // namespace kk
