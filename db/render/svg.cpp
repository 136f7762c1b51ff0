// SVG written as text, not through cairo: cairo's SVG surface turns text into glyph
// outlines, and a layout program needs the clues as <text> it can edit.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "db/render/clues.h"
#include "db/render/render.h"

namespace kk::db {
namespace {

std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    std::string s = buf;
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s;
}

std::string escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

void line(std::ostream& o, double x1, double y1, double x2, double y2) {
    o << "<line x1=\"" << num(x1) << "\" y1=\"" << num(y1) << "\" x2=\"" << num(x2) << "\" y2=\""
      << num(y2) << "\"/>\n";
}

void text(std::ostream& o, const std::string& cls, double x, double y, const std::string& t,
          const std::string& style = "") {
    o << "<text class=\"" << cls << "\" x=\"" << num(x) << "\" y=\"" << num(y) << "\""
      << (style.empty() ? "" : " style=\"" + style + "\"") << ">" << escape(t) << "</text>\n";
}

constexpr double kCell = 40, kClueSize = 10, kMinClueSize = 9, kKeyLine = kMinClueSize * 1.4,
                 kCaptionSize = 11;

// A squeeze factor rounded down, so that the text never comes out wider than measured.
std::string scale_factor(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4f", std::floor(v * 10000) / 10000);
    return buf;
}

// One clue in the size it was laid out in. A condensed clue is drawn in the regular
// face (DejaVu Sans, fonts-dejavu-core) squeezed by a transform to its condensed width:
// named 'DejaVu Sans Condensed' (fonts-dejavu-extra), a viewer without that face drew
// it in the regular one and a 60480x ran over the cage line into the next clue. A clue
// wider than its cell also carries textLength, so that a viewer drawing it in another
// font still fits it to the width measured here (rsvg ignores it; browsers keep it).
void clue_text(std::ostream& o, cairo_t* measure, const ClueText& clue, double x, double y,
               double cell_room) {
    const double regular = clue_advance(measure, clue.text, clue.size, false);
    o << "<text class=\"clue\"";
    if (clue.condensed)
        o << " x=\"0\" y=\"0\" transform=\"translate(" << num(x) << " " << num(y) << ") scale("
          << scale_factor(clue.width / regular) << " 1)\"";
    else
        o << " x=\"" << num(x) << "\" y=\"" << num(y) << "\"";
    if (clue.size != kClueSize) o << " style=\"font-size:" << num(clue.size) << "px\"";
    if (clue.condensed || regular > cell_room)
        o << " textLength=\"" << num(regular) << "\" lengthAdjust=\"spacingAndGlyphs\"";
    o << ">" << escape(clue.text) << "</text>\n";
}

// One puzzle (or its solution) as a standalone SVG document.
std::string puzzle_svg(cairo_t* measure, const BookPuzzle& bp, const BookWords& words,
                       bool solution) {
    const Puzzle& p = bp.puzzle;
    const int n = p.size;
    const double cell = kCell, margin = 16, caption_h = 30, side = cell * n;
    const ClueLayout clues = lay_out_clues(measure, p, cell, kClueSize, cell, kMinClueSize);
    const auto key = key_lines(measure, clues.key, side, kMinClueSize);
    double key_w = 0;
    for (const std::string& l : key)
        key_w = std::max(key_w, clue_advance(measure, l, kMinClueSize, false));
    const double key_h = key.empty() ? 0 : static_cast<double>(key.size()) * kKeyLine + 4;
    // Each file stands alone, with no rules page: a variant's grid looks like a
    // standard one, so its caption names the kind ("No. 3 · Gentle · #5 · Killer").
    const bool variant = kind_title(p.rules) != "Standard";
    const std::string caption = "No. " + std::to_string(bp.number) + " \u00b7 " +
                                level_title(words, bp.level) + " \u00b7 #" + std::to_string(bp.id) +
                                (variant ? " \u00b7 " + kind_title(p.rules) : "") +
                                (solution ? " \u00b7 solution" : "");
    // As wide as the grid, its key and its caption (a 3x3 grid is narrower than
    // "No. 1 · Gentle · #9 · solution"), the grid in the middle.
    const double w =
        std::max({side, key_w, clue_advance(measure, caption, kCaptionSize, false)}) + 2 * margin;
    const double h = side + 2 * margin + key_h + caption_h;
    const double left = (w - side) / 2;
    std::ostringstream o;
    o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(w) << "pt\" height=\""
      << num(h) << "pt\" viewBox=\"0 0 " << num(w) << " " << num(h) << "\">\n"
      << "<style>text{font-family:'DejaVu Sans',Arial,sans-serif;fill:#000}"
         ".clue{font-size:10px}.digit{font-size:22px;text-anchor:middle}"
         ".key{font-size:9px}.caption{font-size:11px;text-anchor:middle;fill:#444}</style>\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n";
    const std::vector<int> owner = cage_of_cells(p);
    auto cage_at = [&](int r, int c) { return owner[static_cast<size_t>(r * n + c)]; };
    o << "<g id=\"cells\" stroke=\"#777\" stroke-width=\"0.6\">\n";
    for (int k = 1; k < n; ++k) {
        line(o, left + k * cell, margin, left + k * cell, margin + side);
        line(o, left, margin + k * cell, left + side, margin + k * cell);
    }
    o << "</g>\n<g id=\"cages\" stroke=\"#000\" stroke-width=\"2.4\" stroke-linecap=\"square\">\n";
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const double x0 = left + c * cell, y0 = margin + r * cell;
            if (c + 1 < n && cage_at(r, c) != cage_at(r, c + 1))
                line(o, x0 + cell, y0, x0 + cell, y0 + cell);
            if (r + 1 < n && cage_at(r, c) != cage_at(r + 1, c))
                line(o, x0, y0 + cell, x0 + cell, y0 + cell);
        }
    o << "</g>\n<rect x=\"" << num(left) << "\" y=\"" << num(margin) << "\" width=\"" << num(side)
      << "\" height=\"" << num(side) << "\" fill=\"none\" stroke=\"#000\" stroke-width=\"3\"/>\n";
    o << "<g id=\"clues\">\n";
    const double pad = clue_pad(cell);
    for (size_t c = 0; c < p.cages.size(); ++c) {
        const int first = p.cages[c].cells.front();
        clue_text(o, measure, clues.clues[c], left + (first % n) * cell + pad,
                  margin + (first / n) * cell + 11, cell - 2 * pad);
    }
    o << "</g>\n";
    if (!key.empty()) {
        o << "<g id=\"key\">\n";
        for (size_t i = 0; i < key.size(); ++i)
            text(o, "key", std::min(left, (w - key_w) / 2),
                 margin + side + static_cast<double>(i + 1) * kKeyLine, key[i]);
        o << "</g>\n";
    }
    if (solution) {
        o << "<g id=\"digits\">\n";
        for (int i = 0; i < n * n; ++i)
            text(o, "digit", left + (i % n + 0.5) * cell, margin + (i / n + 0.5) * cell + 10,
                 std::to_string(bp.solution[static_cast<size_t>(i)]));
        o << "</g>\n";
    }
    text(o, "caption", w / 2, margin + side + key_h + 22, caption);
    o << "</svg>\n";
    return o.str();
}

}  // namespace

std::vector<std::string> render_svg(const Book& book, const std::string& dir) {
    const TextMeasure measure;  // clues are fitted to their cells in the style's fonts
    // Names as wide as the largest number, at least 3 digits, so that they sort in book
    // order: with 4 digits at most, 10000.svg sorted between 1000.svg and 1001.svg.
    // A book read from its source is numbered 1 to its count.
    int largest = static_cast<int>(puzzle_count(book));
    for (const BookPuzzle& bp : book.puzzles) largest = std::max(largest, bp.number);
    const int width = std::max<int>(3, static_cast<int>(std::to_string(largest).size()));
    std::vector<std::string> written;
    auto write_one = [&](const BookPuzzle& bp, bool solution) {
        char name[32];
        std::snprintf(name, sizeof name, "%0*d%s.svg", width, bp.number,
                      solution ? "-solution" : "");
        const std::string path = dir + "/" + name;
        errno = 0;
        std::ofstream f(path, std::ios::binary | std::ios::trunc);
        f << puzzle_svg(measure.get(), bp, book.words, solution);
        f.close();
        if (!f)
            throw std::runtime_error("cannot write " + path + ": " +
                                     (errno ? std::strerror(errno) : "the stream failed"));
        written.push_back(name);
    };
    // A puzzle at a time: memory does not grow with the pack.
    read_puzzles(book, 0, puzzle_count(book), [&](std::shared_ptr<const BookPuzzle> bp) {
        write_one(*bp, false);
        if (book.layout.solutions) write_one(*bp, true);
    });
    return written;
}

}  // namespace kk::db
