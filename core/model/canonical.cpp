#include "core/model/canonical.h"

#include <stdexcept>
#include <utility>

namespace kk {

namespace {

int map_cell(int cell, int n, int symmetry) {
    int r = cell / n, c = cell % n;
    if (symmetry & 1) c = n - 1 - c;
    if (symmetry & 2) r = n - 1 - r;
    if (symmetry & 4) std::swap(r, c);
    return r * n + c;
}

void check_symmetry(int symmetry) {
    if (symmetry < 0 || symmetry >= kSymmetries)
        throw std::invalid_argument("symmetry outside 0..7");
}

}  // namespace

Puzzle transform(const Puzzle& p, int symmetry) {
    check_symmetry(symmetry);
    Puzzle out = p;
    for (Cage& cage : out.cages)
        for (int& cell : cage.cells) cell = map_cell(cell, p.size, symmetry);
    normalize(out);
    return out;
}

Grid transform(const Grid& grid, int n, int symmetry) {
    check_symmetry(symmetry);
    Grid out(grid.size());
    for (int cell = 0; cell < n * n; ++cell)
        out[(map_cell(cell, n, symmetry))] =
            grid[cell];
    return out;
}

std::string compact_form(const Puzzle& p) {
    Puzzle q = p;
    normalize(q);
    std::string s = q.rules.standard() ? std::string() : rules_name(q.rules) + "|";
    s += std::to_string(q.size);
    for (const Cage& cage : q.cages) {
        s += ';';
        s += q.rules.hidden && cage.op != Op::Given ? '?' : op_symbol(cage.op);
        s += std::to_string(cage.target);
        char sep = ':';
        for (int cell : cage.cells) {
            s += sep;
            s += std::to_string(cell);
            sep = ',';
        }
    }
    return s;
}

std::string canonical_form(const Puzzle& p) {
    std::string best = compact_form(p);
    for (int s = 1; s < kSymmetries; ++s) {
        std::string form = compact_form(transform(p, s));
        if (form < best) best = std::move(form);
    }
    return best;
}

}  // namespace kk
