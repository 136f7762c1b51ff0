// The book TOML (`export --book FILE`): the printed words and the layout of a book.
#pragma once

#include <string>
#include <vector>

#include "db/render/book.h"

namespace kk::cli {

// A key the file set to something (not false, 0 or ""), and its line: a pack that has
// no use for it (an SVG pack, a trim) refuses it as it refuses the flag.
struct BookKeySet {
    std::string key;
    int line = 0;
};

// Reads path into words and layout, keeping what the file does not set; each key set to
// something goes in set when given. Throws std::invalid_argument naming the file, the
// line and what is wrong.
void read_book_config(const std::string& path, db::BookWords& words, db::BookLayout& layout,
                      std::vector<BookKeySet>* set = nullptr);

// The same for the file's text (path: for the messages). Each word it accepts passes
// db::book_field_problem (the title and subtitle together are for the caller to check,
// after the command line), and its layout keeps per_page, walkthrough and trim in range.
void parse_book_config(const std::string& text, const std::string& path, db::BookWords& words,
                       db::BookLayout& layout, std::vector<BookKeySet>* set = nullptr);

}  // namespace kk::cli
