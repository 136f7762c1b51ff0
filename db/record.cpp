#include "db/record.h"

#include <algorithm>

namespace kk::db {

std::string ops_used(const Puzzle& p) {
    std::string ops;
    for (Op op : {Op::Add, Op::Sub, Op::Mul, Op::Div})
        if (std::any_of(p.cages.begin(), p.cages.end(), [op](const Cage& c) { return c.op == op; }))
            ops += op_symbol(op);
    return ops;
}

void describe_structure(const Puzzle& p, PuzzleRecord& r) {
    r.size = p.size;
    r.cages = static_cast<int>(p.cages.size());
    r.singletons = 0;
    r.max_cage = 0;
    for (const Cage& c : p.cages) {
        const int m = static_cast<int>(c.cells.size());
        if (m == 1) ++r.singletons;
        r.max_cage = std::max(r.max_cage, m);
    }
    r.ops = ops_used(p);
}

std::string solution_text(const Grid& g) {
    std::string s;
    s.reserve(g.size());
    for (int v : g) s += static_cast<char>('0' + v);
    return s;
}

Grid solution_grid(const std::string& digits) {
    Grid g;
    g.reserve(digits.size());
    for (char ch : digits) g.push_back(ch - '0');
    return g;
}

}  // namespace kk::db
