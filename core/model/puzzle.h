// The puzzle model: a size, and cages that tile the grid.
#pragma once

#include <cstdint>
#include <iterator>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/model/named_enum.h"

namespace kk {

constexpr int kMaxSize = 9;
constexpr int kMaxCells = kMaxSize * kMaxSize;

// Cage operations. Given is a 1-cell cage whose target is the cell's value.
enum class Op : std::uint8_t { Given, Add, Sub, Mul, Div };

// The one table of the operations' names.
struct OpName {
    Op value;
    std::string_view name;     // word for JSON and tables: "add"
    char symbol;               // neknek: ! + - * /
    std::string_view aliases;  // other symbols readers accept for it
    std::string_view glyph;    // for people (UTF-8): "" for a given, + − × ÷
};
inline constexpr OpName kOps[] = {
    {Op::Given, "given", '!', "=", ""},   {Op::Add, "add", '+', "", "+"},
    {Op::Sub, "sub", '-', "", "\u2212"},  {Op::Mul, "mul", '*', "xX", "\u00d7"},
    {Op::Div, "div", '/', "%", "\u00f7"},
};
constexpr int kOpCount = static_cast<int>(std::size(kOps));

char op_symbol(Op op);
const char* op_glyph(Op op);
std::string_view op_word(Op op);
// The operation a symbol (or one of its aliases) stands for.
std::optional<Op> op_from_symbol(char c);

// A set of operations, one bit per Op (op_bit).
using OpSet = std::uint8_t;
constexpr OpSet op_bit(Op op) {
    return static_cast<OpSet>(1u << static_cast<unsigned>(op));
}
constexpr OpSet kArithmeticOps =
    op_bit(Op::Add) | op_bit(Op::Sub) | op_bit(Op::Mul) | op_bit(Op::Div);

// The rules a puzzle is played by. The default is the standard puzzle.
struct Rules {
    bool hidden = false;         // cages show their target only; the solver finds the op
    OpSet ops = kArithmeticOps;  // operations the cages use (hidden: may use)
    bool killer = false;         // no value twice within a cage
    bool standard() const { return *this == Rules{}; }
    bool operator==(const Rules&) const = default;
};

// Variant names: "standard", or a comma list of hidden, mult-only, add-sub, killer
// in that order (e.g. "hidden,killer").
std::string rules_name(const Rules& rules);
// Reads a comma list of those names (any order, "standard" alone, or empty for
// standard); nullopt with *error set when a name is unknown, named twice or empty
// ("killer,"), or they conflict.
std::optional<Rules> parse_rules(const std::string& names, std::string* error = nullptr);

struct Cage {
    Op op = Op::Given;
    std::int64_t target = 0;
    std::vector<int> cells;  // cell index r*n+c, kept in reading order by normalize()
};

struct Puzzle {
    int size = 0;
    std::vector<Cage> cages;  // ordered by first cell after normalize()
    Rules rules;

    // Spelled out so that Puzzle{n, cages} stays short for standard puzzles.
    Puzzle() = default;
    Puzzle(int size_, std::vector<Cage> cages_, Rules rules_ = {})
        : size(size_), cages(std::move(cages_)), rules(rules_) {}
};

// The concrete operations a cage may have under the rules: its own op when operators
// are shown; when hidden, Given for a 1-cell cage, the allowed ops for two cells, and
// the allowed of + and × for more.
OpSet cage_ops(const Cage& cage, const Rules& rules);

// A filled grid: size*size values 1..n in reading order.
using Grid = std::vector<int>;

// Largest target any reader accepts; larger ones are input errors, not puzzles. Any
// product cage of up to 18 cells fits (9^18 < 1.6 * 10^17), so merged big cages do. Every
// product the code forms stops at the target before its next factor (at most 9), so
// products stay below 9 * kMaxTarget + 9, under 2^63.
constexpr std::int64_t kMaxTarget = 1'000'000'000'000'000'000LL;
static_assert(kMaxTarget <= (std::numeric_limits<std::int64_t>::max() - 9) / 9);

// What is wrong with a puzzle's structure, and which cage (-1: the whole puzzle).
struct PuzzleIssue {
    int cage = -1;
    std::string message;
};

// Checks the structure: size 1..9, every cell in exactly one cage, cages connected,
// - and / on exactly 2 cells, a given on exactly 1 cell, targets positive, shown
// operations among the rules' allowed ones. A puzzle
// that passes may still have no solution: that is the solver's answer, not an error.
std::optional<PuzzleIssue> check_puzzle(const Puzzle& p);

// Sorts cells in reading order and cages by their first cell (byte-stable output).
// Under hidden operators a cage's op is not part of the puzzle: normalize sets it
// to Given for one cell and Add for more, so equal puzzles compare equal. Hidden
// operators on a puzzle of single cells only are dropped: nothing is hidden.
void normalize(Puzzle& p);

// Does this cage hold for the values in grid? (its shown op, no killer rule)
bool cage_holds(const Cage& cage, const Grid& grid);
// Does it hold under the rules: some op of cage_ops makes the target, and under the
// killer rule no value repeats in the cage?
bool cage_holds(const Cage& cage, const Rules& rules, const Grid& grid);
// Is grid a Latin square of the puzzle's size that meets every cage?
bool is_solution(const Puzzle& p, const Grid& grid);

// "A1" style name (row letter, column digit) as neknek writes it.
std::string cell_name(int size, int cell);
// "r3c4" style name for explanations.
std::string rc_name(int size, int cell);

// Cage index of every cell (size*size entries); -1 where no cage covers it.
std::vector<int> cage_of_cells(const Puzzle& p);

bool operator==(const Cage& a, const Cage& b);
bool operator==(const Puzzle& a, const Puzzle& b);

}  // namespace kk
