// Internal to db/render's PDF book: text on a cairo page, in the book's fonts.
#pragma once

#include <cairo.h>

#include <string>
#include <vector>

#include "db/render/pdf_style.h"

namespace kk::db::pdf {

void set_font(cairo_t* cr, double size, bool bold, const char* face = kFont);
// The advance of text at the current font.
double text_width(cairo_t* cr, const std::string& text);

enum class Align { Left, Centre, Right };
// text with its left end, centre or right end at x, its baseline at y.
void show_text(cairo_t* cr, const std::string& text, double x, double y, Align align);

// Words filled into lines no wider than width, at the current font; "\n" breaks, and a
// word wider than width is split between characters.
std::vector<std::string> wrap(cairo_t* cr, const std::string& text, double width);

}  // namespace kk::db::pdf
