// The PDF book: planned page by page first (so the contents, the captions and the
// answer key know every page number), then drawn (pdf_plan.h), a page at a time, into
// the file; and the checks that its fonts can print the book's words.
#include <cairo-pdf.h>
#include <cairo.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <stdexcept>

#include "core/io/utf8.h"
#include "db/render/clues.h"
#include "db/render/pdf_plan.h"
#include "db/render/pdf_style.h"
#include "db/render/pdf_text.h"
#include "db/render/render.h"

// The pdf:: names are brought in function by function: the render library compiles as
// one unity batch (db/CMakeLists.txt), where a file-wide directive would reach svg.cpp.
namespace kk::db {
namespace {

// The PDF's file, written by cairo through write(); keeps the first error's errno.
class PdfFile {
  public:
    explicit PdfFile(const std::string& path) : f_(std::fopen(path.c_str(), "wb")) {
        if (!f_) error_ = errno ? errno : EIO;
    }
    ~PdfFile() { close(); }
    PdfFile(const PdfFile&) = delete;
    PdfFile& operator=(const PdfFile&) = delete;

    static cairo_status_t write(void* self, const unsigned char* data, unsigned int length) {
        auto* file = static_cast<PdfFile*>(self);
        if (!file->error_ && std::fwrite(data, 1, length, file->f_) != length)
            file->error_ = errno ? errno : EIO;
        return file->error_ ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
    }
    // Closes the file (a full disk may only show here); the first error, or 0.
    int close() {
        if (f_ && std::fclose(f_) != 0 && !error_) error_ = errno ? errno : EIO;
        f_ = nullptr;
        return error_;
    }

  private:
    std::FILE* f_;
    int error_ = 0;
};

bool right_to_left(char32_t c) {
    return (c >= 0x0590 && c <= 0x08FF) || (c >= 0xFB1D && c <= 0xFDFF) ||
           (c >= 0xFE70 && c <= 0xFEFF) || (c >= 0x10800 && c <= 0x10FFF) ||
           (c >= 0x1E800 && c <= 0x1EFFF);
}

std::string u_plus(char32_t c) {
    char text[16];
    std::snprintf(text, sizeof text, "U+%04X", static_cast<unsigned>(c));
    return text;
}

// Does every face the pages use (regular and bold, normal and condensed) have a glyph
// for this character? Glyph 0 is the font's empty box.
bool every_face_prints(cairo_t* cr, const std::string& character) {
    using namespace pdf;
    for (const char* face : {kFont, kCondensed})
        for (const bool bold : {false, true}) {
            set_font(cr, 10, bold, face);
            cairo_glyph_t* glyphs = nullptr;
            int count = 0;
            const cairo_status_t status = cairo_scaled_font_text_to_glyphs(
                cairo_get_scaled_font(cr), 0, 0, character.data(),
                static_cast<int>(character.size()), &glyphs, &count, nullptr, nullptr, nullptr);
            bool printed = status == CAIRO_STATUS_SUCCESS && count > 0;
            for (int g = 0; printed && g < count; ++g) printed = glyphs[g].index != 0;
            cairo_glyph_free(glyphs);
            if (!printed) return false;
        }
    return true;
}

}  // namespace

std::string missing_font() {
    using namespace pdf;
    const TextMeasure cr;
    for (const char* face : {kFont, kCondensed})
        for (const bool bold : {false, true}) {
            set_font(cr.get(), 10, bold, face);
            // A face fontconfig found is a FreeType font; cairo's fallback is a user font.
            if (cairo_scaled_font_get_type(cairo_get_scaled_font(cr.get())) != CAIRO_FONT_TYPE_FT)
                return std::string("no font to typeset a PDF with: fontconfig finds neither ") +
                       face + (bold ? " Bold" : "") +
                       " nor another font in its place (install the DejaVu fonts, e.g. the "
                       "package fonts-dejavu-core, or check FONTCONFIG_FILE and "
                       "FONTCONFIG_PATH); SVG and text packs need no font";
        }
    return "";
}

std::string unprintable_words(const BookWords& words) {
    using namespace pdf;
    std::vector<std::pair<std::string, const std::string*>> fields = {
        {"the title", &words.title},
        {"the subtitle", &words.subtitle},
        {"the author", &words.author},
        {"the copyright", &words.copyright},
        {"the rules", &words.rules}};
    for (size_t i = 0; i < words.level_names.size(); ++i)
        fields.emplace_back("the name of level " + std::string(kGraded[i].name),
                            &words.level_names[i]);
    const TextMeasure cr;
    std::map<char32_t, bool> prints;  // a long rules text repeats its characters
    for (const auto& [name, text] : fields)
        for (size_t i = 0; i < text->size();) {
            const size_t len = std::max<size_t>(utf8_sequence_length(*text, i), 1);
            const std::string character = text->substr(i, len);
            const char32_t c = utf8_code_point(*text, i, len);
            i += len;
            if (c < 0x20) continue;  // line breaks, where a field takes them
            if (right_to_left(c))
                return name + " holds right-to-left text (" + character + ", " + u_plus(c) +
                       "), which the PDF would print backwards: its text is laid out left to "
                       "right";
            auto [at, fresh] = prints.try_emplace(c, false);
            if (fresh) at->second = every_face_prints(cr.get(), character);
            if (!at->second)
                return name + " holds " + character + " (" + u_plus(c) +
                       "), which the book's font (" + kFont +
                       ") cannot print: the page would show an empty box";
        }
    return "";
}

BookPlan plan_pdf(const Book& book) {
    using namespace pdf;
    const TextMeasure measure;
    return plan_book(book, Measured(book, measure.get())).plan;
}

int render_pdf(const Book& book, const std::string& path) {
    using namespace pdf;
    const TextMeasure measure;
    const Measured measured(book, measure.get());
    const Planned planned = plan_book(book, measured);
    const BookLayout& lay = book.layout;
    const double bleed = lay.bleed ? kBleed : 0;
    const double page_w = lay.trim.width + bleed, page_h = lay.trim.height + 2 * bleed;
    // Through our own stream, so that a failed write says why ("No space left on
    // device"), where cairo only says "error while writing to output stream".
    PdfFile file(path);
    cairo_surface_t* surface =
        cairo_pdf_surface_create_for_stream(&PdfFile::write, &file, page_w, page_h);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS)
        throw std::runtime_error("cannot write " + path + ": " +
                                 cairo_status_to_string(cairo_surface_status(surface)));
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, book.words.title.c_str());
    if (!book.words.author.empty())
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR,
                                       book.words.author.c_str());
    if (!book.words.subtitle.empty())
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT,
                                       book.words.subtitle.c_str());
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "kenken export");
    cairo_t* cr = cairo_create(surface);
    const Style st = style_for(lay.large_print);
    const double gutter = planned.plan.gutter_inches * kIn;
    const double content_h = text_height(lay);
    const auto draw_page = [&](const Page& page, int number) {
        const bool odd = number % 2 == 1;
        // The trim's corner on this page: bleed lies outside it (right on odd pages).
        const double tx = odd ? 0 : bleed, ty = bleed;
        const double outside = outside_margin(lay.bleed);
        // A puzzle page's blocks, centred in the text area: a page of one big grid
        // otherwise leaves a third of the page empty at the bottom.
        const double shift = page.centred ? std::max(0.0, (content_h - page.used) / 2) : 0;
        const double x0 = tx + (odd ? gutter : outside), y0 = ty + kTop + shift;
        cairo_set_source_rgb(cr, 0, 0, 0);
        for (const Draw& d : page.draws) d(cr, x0, y0);
        if (page.numbered) {
            set_font(cr, st.page_number, false);
            const std::string num = std::to_string(number);
            const double y = ty + lay.trim.height - kBottom * 0.45;
            if (odd)
                show_text(cr, num, tx + lay.trim.width - outside, y, Align::Right);
            else
                show_text(cr, num, tx + outside, y, Align::Left);
        }
        cairo_show_page(cr);
    };
    try {
        // Again at the gutter the plan chose, drawing each page as it completes (its
        // puzzles read as it goes, which may fail: the pack is then chosen again).
        draw_book(book, measured, measure.get(), planned, draw_page);
    } catch (...) {
        cairo_destroy(cr);
        cairo_surface_destroy(surface);
        throw;
    }
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    const cairo_status_t status = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    const int error = file.close();
    if (status != CAIRO_STATUS_SUCCESS || error)
        throw std::runtime_error("cannot write " + path + ": " +
                                 (error ? std::strerror(error) : cairo_status_to_string(status)));
    return planned.plan.pages;
}

}  // namespace kk::db
