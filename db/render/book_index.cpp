#include "db/render/book_index.h"

#include <algorithm>

namespace kk::db {
namespace {

// Puzzles read at once when one is not at hand: pages are drawn in book order.
constexpr std::size_t kWindow = 64;

}  // namespace

BookIndex::BookIndex(const Book& book, const std::function<void(const BookPuzzle&)>& look_at)
    : book_(book) {
    entries_.reserve(puzzle_count(book));
    read_puzzles(book, 0, puzzle_count(book), [&](std::shared_ptr<const BookPuzzle> bp) {
        auto level = std::find(levels_.begin(), levels_.end(), bp->level);
        if (level == levels_.end()) level = levels_.insert(levels_.end(), bp->level);
        auto rules = std::find(rules_.begin(), rules_.end(), bp->puzzle.rules);
        if (rules == rules_.end()) rules = rules_.insert(rules_.end(), bp->puzzle.rules);
        smallest_ = std::min(smallest_, bp->puzzle.size);
        largest_ = std::max(largest_, bp->puzzle.size);
        entries_.push_back({bp->id, bp->number, static_cast<std::uint16_t>(level - levels_.begin()),
                            static_cast<std::uint8_t>(bp->puzzle.size),
                            static_cast<std::uint8_t>(rules - rules_.begin())});
        look_at(*bp);
    });
}

std::shared_ptr<const BookPuzzle> BookIndex::puzzle(std::size_t i) const {
    if (i < window_first_ || i >= window_first_ + window_.size()) {
        window_.clear();  // before the next are read: at most one window in memory
        window_first_ = i;
        read_puzzles(
            book_, i, std::min(kWindow, entries_.size() - i),
            [&](std::shared_ptr<const BookPuzzle> bp) { window_.push_back(std::move(bp)); });
    }
    return window_.at(i - window_first_);
}

}  // namespace kk::db
