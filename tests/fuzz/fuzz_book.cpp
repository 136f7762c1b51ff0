// libFuzzer target: the book TOML (`export --book FILE`). An invalid_argument naming
// the file is the expected answer to bad text; what is accepted must be printable field
// by field (db::book_field_problem finds nothing; the title and subtitle together are
// judged once the command line, which may replace either, had its say) with a layout
// in range, since export trusts it.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/model/level.h"
#include "db/render/book.h"
#include "pipeline/cli/book_config.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    kk::db::BookWords words;
    kk::db::BookLayout layout;
    try {
        kk::cli::parse_book_config(text, "fuzz.toml", words, layout);
    } catch (const std::invalid_argument& e) {
        if (std::string(e.what()).rfind("fuzz.toml", 0) != 0) std::abort();  // names the file
        return 0;
    }
    for (const auto& [key, text] :
         {std::pair<const char*, const std::string&>{"title", words.title},
          {"subtitle", words.subtitle},
          {"author", words.author},
          {"copyright", words.copyright},
          {"rules", words.rules}})
        if (!kk::db::book_field_problem(key, text).empty()) std::abort();
    for (std::size_t i = 0; i < words.level_names.size(); ++i)
        if (!kk::db::book_field_problem("levels." + std::string(kk::kGraded[i].name),
                                        words.level_names[i])
                 .empty())
            std::abort();
    const int per = layout.per_page;
    if (per != 0 && per != 1 && per != 2 && per != 4 && per != 6) std::abort();
    if (layout.walkthrough < 0 || layout.walkthrough > 10000) std::abort();
    // 3x4 to 17x22 inches, in points.
    if (!(layout.trim.width >= 3 * 72 - 0.01 && layout.trim.width <= 17 * 72 + 0.01 &&
          layout.trim.height >= 4 * 72 - 0.01 && layout.trim.height <= 22 * 72 + 0.01))
        std::abort();
    return 0;
}
