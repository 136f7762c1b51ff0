#include "db/pack/dataset.h"

#include <nlohmann/json.hpp>

#include "db/pack/puzzle_json.h"
#include "db/pack/text.h"

namespace kk::db {
namespace {

const char* op_ascii(Op op) {
    switch (op) {
        case Op::Given:
            return "";
        case Op::Add:
            return "+";
        case Op::Sub:
            return "-";
        case Op::Mul:
            return "*";
        case Op::Div:
            return "/";
    }
    return "?";
}

// What the variant changes, in the statement's words (nothing for standard rules).
std::string variant_rules(const Rules& rules) {
    std::string s;
    if (rules.hidden) {
        std::string ops;
        for (Op op : {Op::Add, Op::Sub, Op::Mul, Op::Div})
            if (rules.ops & op_bit(op)) ops += std::string(ops.empty() ? "" : " ") + op_ascii(op);
        s += "The operations are hidden: a cage shows its target followed by ?, and its "
             "operation is one of " +
             ops + " (a cage of three or more cells only + or *) that makes the target. ";
    } else if (rules.ops != kArithmeticOps) {
        s += "Every cage uses only these operations: ";
        for (Op op : {Op::Add, Op::Sub, Op::Mul, Op::Div})
            if (rules.ops & op_bit(op)) s += std::string(op_ascii(op)) + " ";
        s.back() = '.';
        s += ' ';
    }
    s += rules.killer ? "No number may repeat within a cage. "
                      : "Numbers may repeat within a cage if they are in different rows and "
                        "columns. ";
    return s;
}

}  // namespace

std::string puzzle_statement(const Puzzle& p) {
    const std::string n = std::to_string(p.size);
    std::string s = "Solve this " + n + "x" + n +
                    " KenKen puzzle. Fill the grid with the numbers 1 to " + n +
                    " so that each number appears exactly once in every row and every column. "
                    "The grid is divided into cages. The numbers in a cage must give the "
                    "cage's target when combined with its operation: + adds them, * multiplies "
                    "them, - is the larger minus the smaller of two cells, / is the larger "
                    "divided by the smaller of two cells; a cage of one cell with no operation "
                    "holds its target. " +
                    variant_rules(p.rules) + "Cells are named rRcC, rows 1 to " + n +
                    " from the top, columns 1 to " + n + " from the left.\n\nCages:\n";
    for (const Cage& c : p.cages) {
        const bool hidden = p.rules.hidden && c.cells.size() > 1;
        s += std::to_string(c.target) + (hidden ? "?" : op_ascii(c.op)) + ":";
        for (int cell : c.cells) s += " " + rc_name(p.size, cell);
        s += "\n";
    }
    s += "\nAnswer with the filled grid: " + n + " lines of " + n +
         " numbers separated by single spaces, the top row first.";
    return s;
}

std::string grid_text(const Grid& g, int size) {
    std::string s;
    for (int r = 0; r < size; ++r) {
        for (int c = 0; c < size; ++c) {
            if (c) s += ' ';
            s += std::to_string(g[static_cast<size_t>(r * size + c)]);
        }
        s += '\n';
    }
    return s;
}

std::string dataset_json(const PuzzleRecord& r) {
    const Puzzle p = record_puzzle(r);
    nlohmann::ordered_json j;
    j["question"] = puzzle_statement(p);
    j["answer"] = grid_text(record_solution(r, p), p.size);
    j["metadata"] = {{"id", r.id},       {"size", p.size},           {"rules", puzzle_rules(p)},
                     {"level", r.level}, {"score", record_score(r)}, {"seed", r.seed}};
    return j.dump();
}

}  // namespace kk::db
