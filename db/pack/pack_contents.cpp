// The chosen puzzles of a pack written out (pack_contents.h): a book read from the
// corpus as it is made, a few puzzles at a time, or text a puzzle at a time.
#include "db/pack/pack_contents.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/grade/grader.h"
#include "db/pack/text.h"

namespace kk::db {
namespace fs = std::filesystem;
namespace {

std::string today_utc() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
    return buf;
}

TextFormat text_format(PackFormat f) {
    const PackFormatName* e = entry_of(kPackFormats, f);
    return e ? e->text : TextFormat::Neknek;
}

// Reads the chosen puzzles back one at a time, in pack order, and hands each to use;
// each entry's digest becomes that of the puzzle as handed on, which still_as_read
// then checks. A puzzle gone meanwhile is skipped with digest 0: the pack is chosen
// again.
void for_each_chosen(Corpus& corpus, std::vector<PackEntry>& chosen,
                     const std::function<void(const PuzzleRecord&)>& use) {
    std::vector<std::int64_t> ids;
    ids.reserve(chosen.size());
    for (const PackEntry& e : chosen) ids.push_back(e.id);
    corpus.visit_puzzles(ids, [&](std::size_t i, const PuzzleRecord* r) {
        chosen[i].digest = r ? record_digest(*r) : 0;
        if (r) use(*r);
    });
}

// The chosen puzzles read from the corpus as the book needs them, a few at a time: a
// book held every one (about 0.8 KB a 4x4), and its memory grew with the pack. Each
// read is checked against the digest the puzzle was chosen with; one changed since
// then leaves its digest 0, so still_as_read chooses the pack again, and one gone
// throws ChosenGone. In the last attempt the write transaction held since the choice
// lets nothing change.
class ChosenPuzzles : public BookSource {
  public:
    ChosenPuzzles(Corpus& corpus, std::vector<PackEntry>& chosen, int walkthrough)
        : corpus_(corpus),
          chosen_(chosen),
          steps_(static_cast<std::size_t>(std::clamp<std::int64_t>(
              walkthrough, 0, static_cast<std::int64_t>(chosen.size())))) {}

    std::size_t count() const override { return chosen_.size(); }

    void read(std::size_t first, std::size_t n,
              const std::function<void(std::shared_ptr<const BookPuzzle>)>& use) override {
        n = std::min(n, chosen_.size() - std::min(first, chosen_.size()));
        std::vector<std::int64_t> ids;
        ids.reserve(std::min<std::size_t>(n, 1024));
        // In slices: the ids of a whole pack are a copy of it.
        for (std::size_t from = first; from < first + n; from += 1024) {
            ids.clear();
            for (std::size_t i = from; i < std::min(first + n, from + 1024); ++i)
                ids.push_back(chosen_[i].id);
            corpus_.visit_puzzles(ids, [&](std::size_t k, const PuzzleRecord* r) {
                if (!r) throw ChosenGone{};
                use(book_puzzle(from + k, *r));
            });
        }
    }

    // The most puzzles in memory at once so far.
    std::size_t most_held() const { return most_held_; }

  private:
    std::shared_ptr<const BookPuzzle> book_puzzle(std::size_t i, const PuzzleRecord& r) {
        PackEntry& e = chosen_[i];
        if (record_digest(r) != e.digest) e.digest = 0;
        Puzzle p = record_puzzle(r);
        Grid solution = record_solution(r, p);
        auto* bp = new BookPuzzle{
            static_cast<int>(i) + 1, std::move(p), std::move(solution), r.level, r.id, {}};
        std::shared_ptr<const BookPuzzle> held(bp, [this](const BookPuzzle* gone) {
            --held_;
            delete gone;
        });
        most_held_ = std::max(most_held_, ++held_);
        // The worked solutions: the grader's explanation, step by step, graded once
        // (the plan reads these puzzles in each of its rounds).
        if (i < steps_.size()) {
            if (!steps_[i]) steps_[i] = grade(bp->puzzle, true, kNoNodeLimit, &bp->solution).steps;
            bp->steps = *steps_[i];
        }
        return held;
    }

    Corpus& corpus_;
    std::vector<PackEntry>& chosen_;
    std::vector<std::optional<std::vector<std::string>>> steps_;  // of the walkthrough's
    std::size_t held_ = 0, most_held_ = 0;
};

// The book of the chosen puzzles, read from the corpus as it is made.
Book make_book(Corpus& corpus, const ExportRequest& req, std::vector<PackEntry>& chosen,
               std::shared_ptr<ChosenPuzzles>& puzzles) {
    Book book;
    book.words = req.words;
    book.layout = req.layout;
    book.layout.solutions = req.solutions;
    book.date = req.date.empty() ? today_utc() : req.date;
    // An SVG pack prints no worked solutions.
    puzzles = std::make_shared<ChosenPuzzles>(
        corpus, chosen, req.format == PackFormat::Pdf ? req.layout.walkthrough : 0);
    book.source = puzzles;
    return book;
}

// A text pack, a puzzle at a time.
void write_text_as(Corpus& corpus, std::vector<PackEntry>& chosen, TextFormat format,
                   std::ostream& out, RelabelledVariants& relabelled) {
    RecordWriter writer(out, format);
    for_each_chosen(corpus, chosen, [&](const PuzzleRecord& r) {
        if (out) writer.write(r);
    });
    relabelled = writer.relabelled();
}

void write_text_file(Corpus& corpus, std::vector<PackEntry>& chosen, TextFormat format,
                     const fs::path& file, RelabelledVariants& relabelled) {
    errno = 0;
    std::ofstream f(file, std::ios::binary | std::ios::trunc);
    write_text_as(corpus, chosen, format, f, relabelled);
    f.close();
    if (!f)
        throw std::runtime_error("cannot write " + file.string() + ": " +
                                 (errno ? std::strerror(errno) : "the stream failed"));
}

}  // namespace

void plan_pdf_pack(Corpus& corpus, const ExportRequest& req, std::vector<PackEntry>& chosen,
                   ExportResult& result) {
    std::shared_ptr<ChosenPuzzles> puzzles;
    result.plan = plan_pdf(make_book(corpus, req, chosen, puzzles));
    result.pages = result.plan->pages;
    result.warnings = book_warnings(req.words, chosen.size(), result.pages, req.layout.trim.name);
    result.most_puzzles_held = puzzles->most_held();
}

void write_text(Corpus& corpus, std::vector<PackEntry>& chosen, PackFormat format,
                std::ostream& out, RelabelledVariants& relabelled) {
    write_text_as(corpus, chosen, text_format(format), out, relabelled);
}

void write_part(Corpus& corpus, const ExportRequest& req, std::vector<PackEntry>& chosen,
                const fs::path& part, ExportResult& result) {
    std::shared_ptr<ChosenPuzzles> puzzles;
    switch (req.format) {
        case PackFormat::Pdf:
            result.pages = render_pdf(make_book(corpus, req, chosen, puzzles), part.string());
            result.warnings =
                book_warnings(req.words, chosen.size(), result.pages, req.layout.trim.name);
            break;
        case PackFormat::Svg:
            fs::create_directories(part);
            result.files = render_svg(make_book(corpus, req, chosen, puzzles), part.string());
            break;
        default:
            write_text_file(corpus, chosen, text_format(req.format), part, result.relabelled);
            return;
    }
    result.most_puzzles_held = puzzles->most_held();
}

}  // namespace kk::db
