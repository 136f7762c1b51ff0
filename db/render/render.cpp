#include "db/render/render.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <stdexcept>

namespace kk::db {
namespace {

constexpr const char* kFont = "DejaVu Sans";
constexpr double kMargin = 48;  // points, all round
// Largest cells, in points: small grids on a roomy page stay the size of a book's.
constexpr double kMaxPuzzleCell = 46, kMaxSolutionCell = 20;

struct PageSize {
    double width, height;
};

PageSize page_size(Paper paper) {
    return paper == Paper::A4 ? PageSize{595.28, 841.89} : PageSize{612, 792};
}

std::string size_name(int n) {
    return std::to_string(n) + "\u00d7" + std::to_string(n);
}

void set_font(cairo_t* cr, double size, bool bold) {
    cairo_select_font_face(cr, kFont, CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
}

// Draws text with its baseline at y: left-aligned at x, or centred on x.
void show_text(cairo_t* cr, const std::string& text, double x, double y, bool centred) {
    cairo_text_extents_t ext;
    cairo_text_extents(cr, text.c_str(), &ext);
    cairo_move_to(cr, centred ? x - ext.width / 2 - ext.x_bearing : x, y);
    cairo_show_text(cr, text.c_str());
}

// Hidden operators: the target alone; the solver finds the operation.
std::string cage_label(const Cage& cage, const Rules& rules) {
    return std::to_string(cage.target) + (rules.hidden ? "" : op_glyph(cage.op));
}

// What the rules page adds for a variant: one short paragraph per rule that differs.
std::vector<std::string> variant_rules_text(const Rules& rules) {
    std::vector<std::string> out;
    if (rules.hidden) {
        out.push_back("Operations hidden: a cage shows only its number; find the operation");
        out.push_back("too (two-cell cages may use any of the four, larger ones + or \u00d7).");
    }
    if (rules.ops == op_bit(Op::Mul)) out.push_back("Multiplication only: every cage multiplies.");
    if (rules.ops == (op_bit(Op::Add) | op_bit(Op::Sub)))
        out.push_back("Addition and subtraction only.");
    if (rules.killer) out.push_back("Killer rule: no digit appears twice within a cage.");
    return out;
}

// Thin lines between all cells, then thick lines where neighbouring cells belong
// to different cages and round the border: what a printed KenKen looks like.
void draw_cage_lines(cairo_t* cr, const Puzzle& p, double x, double y, double cell) {
    const int n = p.size;
    const std::vector<int> owner = cage_of_cells(p);
    auto cage_at = [&](int r, int c) { return owner[static_cast<size_t>(r * n + c)]; };

    cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
    cairo_set_line_width(cr, std::max(0.4, cell * 0.015));
    for (int k = 1; k < n; ++k) {
        cairo_move_to(cr, x + k * cell, y);
        cairo_line_to(cr, x + k * cell, y + n * cell);
        cairo_move_to(cr, x, y + k * cell);
        cairo_line_to(cr, x + n * cell, y + k * cell);
    }
    cairo_stroke(cr);

    const double thick = std::clamp(cell * 0.06, 1.0, 2.6);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, thick);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const double x0 = x + c * cell, y0 = y + r * cell;
            if (c + 1 < n && cage_at(r, c) != cage_at(r, c + 1)) {
                cairo_move_to(cr, x0 + cell, y0);
                cairo_line_to(cr, x0 + cell, y0 + cell);
            }
            if (r + 1 < n && cage_at(r, c) != cage_at(r + 1, c)) {
                cairo_move_to(cr, x0, y0 + cell);
                cairo_line_to(cr, x0 + cell, y0 + cell);
            }
        }
    cairo_stroke(cr);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    cairo_set_line_width(cr, thick * 1.3);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
    cairo_rectangle(cr, x, y, n * cell, n * cell);
    cairo_stroke(cr);
}

// Target and operation, small, in the top-left corner of each cage's first cell
// (the first in reading order, which is in the cage's top row, leftmost).
void draw_cage_labels(cairo_t* cr, const Puzzle& p, double x, double y, double cell) {
    const int n = p.size;
    set_font(cr, std::clamp(cell * 0.22, 6.0, 10.5), false);
    cairo_font_extents_t fe;
    cairo_font_extents(cr, &fe);
    for (const Cage& cage : p.cages) {
        const int first = cage.cells.front();
        const double cx = x + (first % n) * cell + cell * 0.09;
        const double cy = y + (first / n) * cell + cell * 0.07 + fe.ascent;
        show_text(cr, cage_label(cage, p.rules), cx, cy, false);
    }
}

void draw_digits(cairo_t* cr, int n, const Grid& g, double x, double y, double cell) {
    set_font(cr, cell * 0.55, false);
    cairo_font_extents_t fe;
    cairo_font_extents(cr, &fe);
    for (int i = 0; i < n * n; ++i) {
        const double cx = x + (i % n + 0.5) * cell;
        const double cy = y + (i / n + 0.5) * cell + (fe.ascent - fe.descent) / 2;
        show_text(cr, std::to_string(g[static_cast<size_t>(i)]), cx, cy, true);
    }
}

void draw_puzzle(cairo_t* cr, const Puzzle& p, double x, double y, double cell) {
    draw_cage_lines(cr, p, x, y, cell);
    draw_cage_labels(cr, p, x, y, cell);
}

void draw_solution(cairo_t* cr, const Puzzle& p, const Grid& g, double x, double y, double cell) {
    draw_cage_lines(cr, p, x, y, cell);
    draw_digits(cr, p.size, g, x, y, cell);
}

std::string caption(const BookPuzzle& bp) {
    return "No. " + std::to_string(bp.number) + "   " + size_name(bp.puzzle.size) + "   " +
           bp.level;
}

// "4×4, 6×6" and "easy, hard": what the title page says the book holds.
std::string sizes_text(const Book& book) {
    std::set<int> sizes;
    for (const auto& bp : book.puzzles) sizes.insert(bp.puzzle.size);
    std::string out;
    for (int n : sizes) out += (out.empty() ? "" : ", ") + size_name(n);
    return out;
}

std::string levels_text(const Book& book) {
    static const char* order[] = {"easy", "normal", "hard", "extreme", "unreasonable"};
    std::set<std::string> levels;
    for (const auto& bp : book.puzzles) levels.insert(bp.level);
    std::string out;
    for (const char* l : order)
        if (levels.count(l)) out += (out.empty() ? "" : ", ") + std::string(l);
    return out;
}

void draw_title_page(cairo_t* cr, const Book& book, PageSize page) {
    const double cx = page.width / 2;
    cairo_set_source_rgb(cr, 0, 0, 0);
    set_font(cr, 34, true);
    show_text(cr, book.title, cx, page.height * 0.32, true);
    set_font(cr, 16, false);
    const size_t k = book.puzzles.size();
    show_text(cr, std::to_string(k) + (k == 1 ? " puzzle" : " puzzles"), cx,
              page.height * 0.32 + 48, true);
    show_text(cr, "Sizes: " + sizes_text(book), cx, page.height * 0.32 + 76, true);
    show_text(cr, "Levels: " + levels_text(book), cx, page.height * 0.32 + 100, true);
    set_font(cr, 12, false);
    show_text(cr, book.date, cx, page.height * 0.32 + 132, true);

    static const char* rules[] = {
        "How to play",
        "Fill each n\u00d7n grid with the digits 1 to n, each once in every row and column.",
        "The digits in a heavily outlined cage make the number in its corner with the",
        "operation shown: + adds them, \u00d7 multiplies them, \u2212 and \u00f7 take the",
        "larger of two digits and the smaller. A number alone is the digit of its cell.",
    };
    double y = page.height * 0.66;
    set_font(cr, 12, true);
    show_text(cr, rules[0], kMargin + 20, y, false);
    set_font(cr, 10.5, false);
    for (size_t i = 1; i < std::size(rules); ++i)
        show_text(cr, rules[i], kMargin + 20, y += 17, false);
    // Variants: each distinct rule set in the book, in order of first use.
    std::vector<Rules> seen;
    for (const BookPuzzle& bp : book.puzzles)
        if (std::find(seen.begin(), seen.end(), bp.puzzle.rules) == seen.end())
            seen.push_back(bp.puzzle.rules);
    for (const Rules& r : seen) {
        const auto lines = variant_rules_text(r);
        if (lines.empty()) continue;
        y += 8;
        if (seen.size() > 1) {
            set_font(cr, 10.5, true);
            show_text(cr, rules_name(r) + " puzzles:", kMargin + 20, y += 17, false);
            set_font(cr, 10.5, false);
        }
        for (const std::string& line : lines) show_text(cr, line, kMargin + 20, y += 17, false);
    }
    if (book.solutions) {
        set_font(cr, 10.5, false);
        show_text(cr, "Solutions are at the back.", kMargin + 20, y += 25, false);
    }
}

void draw_page_footer(cairo_t* cr, const Book& book, PageSize page, int page_number) {
    cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
    set_font(cr, 9, false);
    show_text(cr, book.title + "   \u00b7   " + std::to_string(page_number), page.width / 2,
              page.height - kMargin / 2, true);
    cairo_set_source_rgb(cr, 0, 0, 0);
}

struct Slots {
    int columns, rows;
};

Slots slots_for(int per_page) {
    switch (per_page) {
        case 6:
            return {2, 3};
        case 4:
            return {2, 2};
        default:
            return {1, 2};
    }
}

// Puzzle i..j-1 on one page: grids as large as the slots allow, caption beneath.
void draw_puzzle_page(cairo_t* cr, const std::vector<const BookPuzzle*>& on_page, int per_page,
                      PageSize page) {
    const Slots s = slots_for(per_page);
    const double caption_h = 28;
    const double slot_w = (page.width - 2 * kMargin) / s.columns;
    const double slot_h = (page.height - 2 * kMargin) / s.rows;
    for (size_t i = 0; i < on_page.size(); ++i) {
        const BookPuzzle& bp = *on_page[i];
        const int n = bp.puzzle.size;
        const double cell =
            std::min(std::min(slot_w * 0.86, (slot_h - caption_h) * 0.9) / n, kMaxPuzzleCell);
        const double side = cell * n;
        const double sx = kMargin + static_cast<double>(i % s.columns) * slot_w;
        const double sy = kMargin + static_cast<double>(i / s.columns) * slot_h;
        const double gx = sx + (slot_w - side) / 2;
        const double gy = sy + (slot_h - caption_h - side) / 2;
        draw_puzzle(cr, bp.puzzle, gx, gy, cell);
        set_font(cr, 11, false);
        show_text(cr, caption(bp), sx + slot_w / 2, gy + side + 20, true);
    }
}

constexpr int kSolutionColumns = 3, kSolutionRows = 4;

void draw_solution_page(cairo_t* cr, const std::vector<const BookPuzzle*>& on_page, PageSize page,
                        bool first) {
    double top = kMargin;
    if (first) {
        set_font(cr, 18, true);
        show_text(cr, "Solutions", page.width / 2, kMargin + 6, true);
        top += 24;
    }
    const double slot_w = (page.width - 2 * kMargin) / kSolutionColumns;
    const double slot_h = (page.height - kMargin - top) / kSolutionRows;
    for (size_t i = 0; i < on_page.size(); ++i) {
        const BookPuzzle& bp = *on_page[i];
        const double cell = std::min(std::min(slot_w * 0.8, (slot_h - 22) * 0.9) / bp.puzzle.size,
                                     kMaxSolutionCell);
        const double side = cell * bp.puzzle.size;
        const double sx = kMargin + static_cast<double>(i % kSolutionColumns) * slot_w;
        const double sy = top + static_cast<double>(i / kSolutionColumns) * slot_h;
        const double gx = sx + (slot_w - side) / 2, gy = sy + 20;
        set_font(cr, 10, true);
        show_text(cr, std::to_string(bp.number), sx + slot_w / 2, sy + 14, true);
        draw_solution(cr, bp.puzzle, bp.solution, gx, gy, cell);
    }
}

// Greedy pages: a puzzle joins the current page while the page, laid out for its
// largest size, still has a slot for it.
std::vector<std::vector<const BookPuzzle*>> puzzle_pages(const Book& book,
                                                         std::vector<int>& per_page) {
    std::vector<std::vector<const BookPuzzle*>> pages;
    int largest = 0;
    for (const BookPuzzle& bp : book.puzzles) {
        const int grown = std::max(largest, bp.puzzle.size);
        if (pages.empty() || static_cast<int>(pages.back().size()) + 1 > puzzles_per_page(grown)) {
            pages.emplace_back();
            per_page.push_back(0);
            largest = bp.puzzle.size;
        } else {
            largest = grown;
        }
        pages.back().push_back(&bp);
        per_page.back() = puzzles_per_page(largest);
    }
    return pages;
}

void check_surface(cairo_surface_t* surface, const std::string& path) {
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS)
        throw std::runtime_error("cannot write " + path + ": " +
                                 cairo_status_to_string(cairo_surface_status(surface)));
}

}  // namespace

int puzzles_per_page(int size) {
    return size <= 5 ? 6 : size == 6 ? 4 : 2;
}

int render_pdf(const Book& book, const std::string& path) {
    const PageSize page = page_size(book.paper);
    cairo_surface_t* surface = cairo_pdf_surface_create(path.c_str(), page.width, page.height);
    check_surface(surface, path);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, book.title.c_str());
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "kenken export");
    cairo_t* cr = cairo_create(surface);
    int pages = 0;
    auto next_page = [&] {
        draw_page_footer(cr, book, page, ++pages);
        cairo_show_page(cr);
    };

    draw_title_page(cr, book, page);
    cairo_show_page(cr);
    ++pages;

    std::vector<int> per_page;
    const auto layout = puzzle_pages(book, per_page);
    for (size_t i = 0; i < layout.size(); ++i) {
        draw_puzzle_page(cr, layout[i], per_page[i], page);
        next_page();
    }
    if (book.solutions) {
        const size_t per = kSolutionColumns * kSolutionRows;
        for (size_t i = 0; i < book.puzzles.size(); i += per) {
            std::vector<const BookPuzzle*> on_page;
            for (size_t j = i; j < std::min(i + per, book.puzzles.size()); ++j)
                on_page.push_back(&book.puzzles[j]);
            draw_solution_page(cr, on_page, page, i == 0);
            next_page();
        }
    }
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    const cairo_status_t status = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS)
        throw std::runtime_error("cannot write " + path + ": " + cairo_status_to_string(status));
    return pages;
}

std::vector<std::string> render_svg(const Book& book, const std::string& dir) {
    const double cell = 40, margin = 16, caption_h = 30;
    const int width = book.puzzles.size() >= 1000 ? 4 : 3;
    std::vector<std::string> written;
    auto write_one = [&](const BookPuzzle& bp, bool solution) {
        char name[32];
        std::snprintf(name, sizeof name, "%0*d%s.svg", width, bp.number,
                      solution ? "-solution" : "");
        const std::string path = dir + "/" + name;
        const double side = cell * bp.puzzle.size;
        cairo_surface_t* surface = cairo_svg_surface_create(path.c_str(), side + 2 * margin,
                                                            side + 2 * margin + caption_h);
        check_surface(surface, path);
        cairo_t* cr = cairo_create(surface);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_paint(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        if (solution)
            draw_solution(cr, bp.puzzle, bp.solution, margin, margin, cell);
        else
            draw_puzzle(cr, bp.puzzle, margin, margin, cell);
        set_font(cr, 13, false);
        show_text(cr, caption(bp), margin + side / 2, margin + side + 22, true);
        cairo_destroy(cr);
        cairo_surface_finish(surface);
        const cairo_status_t status = cairo_surface_status(surface);
        cairo_surface_destroy(surface);
        if (status != CAIRO_STATUS_SUCCESS)
            throw std::runtime_error("cannot write " + path + ": " +
                                     cairo_status_to_string(status));
        written.push_back(name);
    };
    for (const BookPuzzle& bp : book.puzzles) {
        write_one(bp, false);
        if (book.solutions) write_one(bp, true);
    }
    return written;
}

}  // namespace kk::db
