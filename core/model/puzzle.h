// The puzzle model: a size, and cages that tile the grid.
#pragma once

#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
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

struct Cage {
    Op op = Op::Given;
    std::int64_t target = 0;
    std::vector<int> cells;  // cell index r*n+c, kept in reading order by normalize()
};

struct Puzzle {
    int size = 0;
    std::vector<Cage> cages;  // ordered by first cell after normalize()
};

// A filled grid: size*size values 1..n in reading order.
using Grid = std::vector<int>;

// Largest target any reader accepts; larger ones are input errors, not puzzles.
constexpr std::int64_t kMaxTarget = 1'000'000'000'000LL;

// What is wrong with a puzzle's structure, and which cage (-1: the whole puzzle).
struct PuzzleIssue {
    int cage = -1;
    std::string message;
};

// Checks the structure: size 1..9, every cell in exactly one cage, cages connected,
// - and / on exactly 2 cells, a given on exactly 1 cell, targets positive. A puzzle
// that passes may still have no solution: that is the solver's answer, not an error.
std::optional<PuzzleIssue> check_puzzle(const Puzzle& p);

// Sorts cells in reading order and cages by their first cell (byte-stable output).
void normalize(Puzzle& p);

// Does this cage hold for the values in grid?
bool cage_holds(const Cage& cage, const Grid& grid);
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
