// kenken export: a pack of K puzzles chosen by the filters, as a printable PDF book,
// an SVG folder or a text format, recorded in the corpus.
#include "db/pack/export.h"

#include <iostream>
#include <memory>

#include "pipeline/cli/book_config.h"
#include "pipeline/cli/command.h"
#include "pipeline/cli/filter_options.h"

namespace kk::cli {
namespace {

struct ExportArgs {
    std::string db, out, format = "pdf", book, trim, paper, level_names;
    std::optional<std::string> title, subtitle, author, copyright;
    std::optional<int> per_page, walkthrough;
    bool solutions = false, allow_repeats = false, bleed = false, large_print = false,
         dry_run = false;
    FilterOptions filters;
    int count = 0;
};

std::string plural(size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// The book: the TOML first, then the flags over it.
void fill_book(const ExportArgs& a, db::ExportRequest& req) {
    if (!a.book.empty()) read_book_config(a.book, req.words, req.layout);
    req.solutions = req.layout.solutions || a.solutions;
    if (a.title) req.words.title = *a.title;
    if (a.subtitle) req.words.subtitle = *a.subtitle;
    if (a.author) req.words.author = *a.author;
    if (a.copyright) req.words.copyright = *a.copyright;
    std::string problem;
    for (const std::string& t : {a.paper, a.trim}) {
        if (t.empty()) continue;
        const auto trim = db::parse_trim(t, problem);
        if (!trim) throw std::invalid_argument(problem);
        req.layout.trim = *trim;
    }
    if (a.bleed) req.layout.bleed = true;
    if (a.large_print) req.layout.large_print = true;
    if (a.per_page) {
        if (*a.per_page != 1 && *a.per_page != 2 && *a.per_page != 4 && *a.per_page != 6)
            throw std::invalid_argument("--per-page must be 1, 2, 4 or 6");
        req.layout.per_page = *a.per_page;
    }
    if (req.layout.large_print && req.layout.per_page > 2)
        throw std::invalid_argument("large print takes 1 or 2 puzzles a page");
    if (a.walkthrough) {
        if (*a.walkthrough < 0) throw std::invalid_argument("--walkthrough must be 0 or more");
        req.layout.walkthrough = *a.walkthrough;
    }
    if (!a.level_names.empty()) {
        const auto names = db::split_levels(a.level_names);
        if (names.size() != 5)
            throw std::invalid_argument(
                "--level-names takes five names, easiest first, separated by commas");
        std::copy(names.begin(), names.end(), req.words.level_names.begin());
    }
}

void print_dry_run(const db::ExportRequest& req, const db::ExportResult& r) {
    std::cout << "dry run: " << plural(r.puzzle_ids.size(), "puzzle", "puzzles") << " of "
              << r.available << " available would go to " << req.out;
    if (!r.plan) {
        std::cout << "; nothing written or recorded\n";
        return;
    }
    const db::BookPlan& p = *r.plan;
    std::cout << ": " << plural(static_cast<size_t>(p.pages), "page", "pages") << ", "
              << req.layout.trim.name << (req.layout.bleed ? " with bleed" : "") << ", gutter "
              << p.gutter_inches << " in; nothing written or recorded\n";
    for (const auto& [size, per] : p.per_page)
        std::cout << "  " << size << "x" << size << ": " << per << " a page\n";
    for (const db::BookSection& s : p.sections)
        std::cout << "  section " << s.size << "x" << s.size << " " << s.level << ": "
                  << plural(static_cast<size_t>(s.count), "puzzle", "puzzles") << ", page "
                  << s.page << "\n";
    if (p.walkthrough_page) std::cout << "  worked solutions: page " << p.walkthrough_page << "\n";
    if (p.solutions_page) std::cout << "  solutions: page " << p.solutions_page << "\n";
}

int run(const ExportArgs& a) {
    std::string problem;
    const auto filter = a.filters.to_filter(problem);
    if (!filter) {
        std::cerr << "export: " << problem << "\n";
        return kBadInput;
    }
    db::ExportRequest req;
    const auto format = db::parse_pack_format(a.format);
    if (!format) {
        std::cerr << "export: unknown format \"" << a.format
                  << "\" (pdf, svg, neknek, json, keen, cancan)\n";
        return kBadInput;
    }
    if (a.count < 1) {
        std::cerr << "export: --count must be at least 1\n";
        return kBadInput;
    }
    try {
        fill_book(a, req);
    } catch (const std::invalid_argument& e) {
        std::cerr << "export: " << e.what() << "\n";
        return kBadInput;
    }
    req.out = a.out;
    req.format = *format;
    req.allow_repeats = a.allow_repeats;
    req.dry_run = a.dry_run;
    req.filter = *filter;
    req.count = a.count;
    try {
        db::Corpus corpus = db::Corpus::open_existing(a.db);
        const db::ExportResult r = db::export_pack(corpus, req);
        if (static_cast<int>(r.puzzle_ids.size()) < a.count) {
            std::cerr << "export: " << r.available
                      << (r.available == 1 ? " puzzle matches" : " puzzles match")
                      << (a.allow_repeats ? "" : " (not yet published)") << ", " << a.count
                      << " asked for; nothing written\n";
            return kNotEnough;
        }
        if (a.dry_run) {
            print_dry_run(req, r);
            return kOk;
        }
        std::cout << "pack " << r.pack_id << ": "
                  << plural(r.puzzle_ids.size(), "puzzle", "puzzles") << " to " << a.out;
        if (r.pages) std::cout << " (" << r.pages << " pages)";
        if (*format == db::PackFormat::Svg) std::cout << " (" << r.files.size() << " files)";
        std::cout << "\n";
        return kOk;
    } catch (const std::invalid_argument& e) {
        std::cerr << "export: " << e.what() << "\n";
        return kBadInput;
    } catch (const std::exception& e) {
        std::cerr << "export: " << e.what() << "\n";
        return kFailure;
    }
}

}  // namespace

void add_export_command(CLI::App& app) {
    auto args = std::make_shared<ExportArgs>();
    auto* sub =
        app.add_subcommand("export", "Write a pack of puzzles (PDF, SVG or text) and record it");
    sub->add_option("--db", args->db, "Corpus file")->required();
    sub->add_option("--out", args->out, "Output file (for svg: a new folder)")->required();
    sub->add_option("--format", args->format, "pdf, svg, neknek, json, keen or cancan");
    sub->add_option("--count", args->count, "How many puzzles")->required();
    sub->add_flag("--solutions", args->solutions, "Add the answer key (pdf: pages at the back)");
    sub->add_flag("--allow-repeats", args->allow_repeats,
                  "Also take puzzles published in earlier packs");
    sub->add_flag("--dry-run", args->dry_run,
                  "Say what would go in (count, pages, sections); write and record nothing");
    sub->add_option("--book", args->book,
                    "Book TOML: title, subtitle, author, copyright, rules, [levels] names, "
                    "trim, bleed, per_page, large_print, solutions, walkthrough");
    sub->add_option("--title", args->title, "Title of the book and the pack");
    sub->add_option("--subtitle", args->subtitle, "Subtitle (title page, PDF subject)");
    sub->add_option("--author", args->author, "Author (title page, PDF metadata)");
    sub->add_option("--copyright", args->copyright, "Copyright line");
    sub->add_option("--level-names", args->level_names,
                    "Printed names of the five levels, easiest first, comma-separated "
                    "(default Gentle,Moderate,Tricky,Tough,Fiendish)");
    sub->add_option("--trim", args->trim,
                    "Page size: a4, letter, 6x9, 7x10, 8x10, 8.25x11, 8.5x11, 5.5x8.5, WxH "
                    "(inches) or WxHmm (default a4)");
    sub->add_option("--paper", args->paper, "Same as --trim (kept for old scripts)");
    sub->add_flag("--bleed", args->bleed, "Add 0.125 in bleed at the outside edge, top and bottom");
    sub->add_option("--per-page", args->per_page,
                    "Puzzles a page: 1, 2, 4 or 6 (default: chosen so clues are at least 9 pt)");
    sub->add_flag("--large-print", args->large_print,
                  "Clues at least 14 pt, thicker lines, 1 or 2 puzzles a page");
    sub->add_option("--walkthrough", args->walkthrough,
                    "Worked solutions, step by step, for the first K puzzles");
    add_filter_options(sub, args->filters, false);
    sub->callback([args] { set_exit(run(*args)); });
}

}  // namespace kk::cli
