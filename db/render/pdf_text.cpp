#include "db/render/pdf_text.h"

#include <algorithm>

#include "core/io/utf8.h"

namespace kk::db::pdf {

void set_font(cairo_t* cr, double size, bool bold, const char* face) {
    cairo_select_font_face(cr, face, CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
}

double text_width(cairo_t* cr, const std::string& text) {
    cairo_text_extents_t ext;
    cairo_text_extents(cr, text.c_str(), &ext);
    return ext.x_advance;
}

void show_text(cairo_t* cr, const std::string& text, double x, double y, Align align) {
    const double w = text_width(cr, text);
    cairo_move_to(cr, align == Align::Left ? x : align == Align::Centre ? x - w / 2 : x - w, y);
    cairo_show_text(cr, text.c_str());
}

namespace {

// A word wider than width in pieces that fit (split between UTF-8 characters), so a
// long name or URL stays on the page; the last piece is returned to go on filling.
std::string split_long_word(cairo_t* cr, std::string word, double width,
                            std::vector<std::string>& lines) {
    while (word.size() > 1 && text_width(cr, word) > width) {
        size_t fit = 0;  // bytes of the longest head that fits: at least one character
        for (size_t i = 0; i < word.size();) {
            const size_t len = std::max<size_t>(1, utf8_sequence_length(word, i));
            if (fit > 0 && text_width(cr, word.substr(0, i + len)) > width) break;
            fit = i += len;
        }
        if (fit >= word.size()) break;
        lines.push_back(word.substr(0, fit));
        word.erase(0, fit);
    }
    return word;
}

}  // namespace

std::vector<std::string> wrap(cairo_t* cr, const std::string& text, double width) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string line, word;
        const std::string para = text.substr(start, end - start);
        size_t i = 0;
        while (i <= para.size()) {
            size_t sp = para.find(' ', i);
            if (sp == std::string::npos) sp = para.size();
            word = para.substr(i, sp - i);
            i = sp + 1;
            if (word.empty()) continue;
            if (text_width(cr, word) > width) {
                if (!line.empty()) lines.push_back(line);
                line = split_long_word(cr, word, width, lines);
                continue;
            }
            const std::string tried = line.empty() ? word : line + " " + word;
            if (!line.empty() && text_width(cr, tried) > width) {
                lines.push_back(line);
                line = word;
            } else {
                line = tried;
            }
        }
        lines.push_back(line);
        start = end + 1;
    }
    return lines;
}

}  // namespace kk::db::pdf
