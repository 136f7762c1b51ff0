// The book TOML (`export --book FILE`): the printed words and the layout of a book.
#pragma once

#include <string>

#include "db/render/book.h"

namespace kk::cli {

// Reads path into words and layout, keeping what the file does not set. Throws
// std::invalid_argument naming the file, the line and what is wrong.
void read_book_config(const std::string& path, db::BookWords& words, db::BookLayout& layout);

// The same for the file's text (path: for the messages). Each word it accepts passes
// db::book_field_problem (the title and subtitle together are for the caller to check,
// after the command line), and its layout keeps per_page, walkthrough and trim in range.
void parse_book_config(const std::string& text, const std::string& path, db::BookWords& words,
                       db::BookLayout& layout);

}  // namespace kk::cli
