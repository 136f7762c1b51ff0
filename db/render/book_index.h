// What a book's plan needs of each puzzle, a few bytes, with the puzzles themselves
// read a window at a time when a page is drawn: a book's memory does not grow with
// its puzzles.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "db/render/book.h"

namespace kk::db {

class BookIndex {
  public:
    // Reads every puzzle once, in book order, handing each to look_at too (what the
    // plan measures of whole puzzles, such as the keys under big-cage grids).
    BookIndex(const Book& book, const std::function<void(const BookPuzzle&)>& look_at);

    std::size_t size() const { return entries_.size(); }
    int number(std::size_t i) const { return entries_[i].number; }
    std::int64_t id(std::size_t i) const { return entries_[i].id; }
    int size_of(std::size_t i) const { return entries_[i].size; }
    // The stored level's name ("easy"); same_level compares without a string.
    const std::string& level(std::size_t i) const { return levels_[entries_[i].level]; }
    bool same_level(std::size_t i, std::size_t j) const {
        return entries_[i].level == entries_[j].level;
    }
    // Each distinct rule set, in order of first use.
    const std::vector<Rules>& rules() const { return rules_; }
    // Puzzle i's rule set (a book of several kinds names each puzzle's).
    const Rules& rules_of(std::size_t i) const { return rules_[entries_[i].rules]; }
    int smallest() const { return smallest_; }
    int largest() const { return largest_; }

    // Puzzle i whole, read with those after it when it is not at hand.
    std::shared_ptr<const BookPuzzle> puzzle(std::size_t i) const;

  private:
    struct Entry {
        std::int64_t id;
        std::int32_t number;
        std::uint16_t level;  // in levels_
        std::uint8_t size;
        std::uint8_t rules;  // in rules_: there are 12 rule sets, the entry stays 16 bytes
    };
    const Book& book_;
    std::vector<Entry> entries_;
    std::vector<std::string> levels_;
    std::vector<Rules> rules_;
    int smallest_ = 99, largest_ = 0;
    mutable std::size_t window_first_ = 0;
    mutable std::vector<std::shared_ptr<const BookPuzzle>> window_;
};

}  // namespace kk::db
