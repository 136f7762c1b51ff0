// kenken export: a pack of K puzzles chosen by the filters, as a printable PDF,
// an SVG folder or a text format, recorded in the corpus.
#include "db/pack/export.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>

#include "core/io/utf8.h"
#include "pipeline/cli/book_config.h"
#include "pipeline/cli/command.h"
#include "pipeline/cli/filter_options.h"
#include "pipeline/cli/lock_wait.h"
#include "pipeline/cli/same_file.h"

namespace kk::cli {
namespace {

namespace fs = std::filesystem;

struct ExportArgs {
    std::string db, out, format, book, trim, paper, level_names;
    std::optional<std::string> title, subtitle, author, copyright;
    std::optional<int> per_page, walkthrough;
    // Unset unless given: given, true or false, each wins over the book file.
    std::optional<bool> solutions, bleed, large_print;
    bool allow_repeats = false, force = false, dry_run = false;
    FilterOptions filters;
    int count = 0;
};

const std::vector<std::string> kFormats = {"pdf",  "svg",    "neknek", "json",
                                           "keen", "cancan", "dataset"};

// The format an extension names, "" when it names none. In any case: Book.PDF is a PDF
// (it needed --format).
std::string format_of_extension(std::string ext) {
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (ext == ".pdf") return "pdf";
    if (ext == ".svg") return "svg";  // a folder of SVG files (a PDF named .svg was written)
    if (ext == ".neknek") return "neknek";
    if (ext == ".json" || ext == ".jsonl") return "json";
    if (ext == ".keen") return "keen";
    if (ext == ".cancan") return "cancan";
    return "";
}

// May a file of this format carry this extension? One that names another format
// may not; JSON lines (json, dataset) take .json and .jsonl; others (.txt) fit all.
bool extension_fits(const std::string& format, const std::string& ext) {
    const std::string named = format_of_extension(ext);
    if (named.empty()) return true;
    return named == format || (format == "dataset" && named == "json");
}

// The format to write: --format, else --out's extension. Empty with a reason when
// neither says, or they disagree.
std::string choose_format(const ExportArgs& a, std::string& problem) {
    const std::string ext = a.out == "-" ? "" : fs::path(a.out).extension().string();
    if (a.format.empty()) {
        const std::string f = format_of_extension(ext);
        if (f.empty())
            problem = a.out == "-" ? "--out - needs --format (a text format)"
                                   : "cannot tell the format from \"" + shown_name(a.out) +
                                         "\" (.pdf, .svg, .json, .jsonl, .neknek, .keen, .cancan): "
                                         "give --format";
        return f;
    }
    if (a.out != "-" && !extension_fits(a.format, ext)) {
        problem = "--format " + shown_name(a.format) + " does not fit the file name \"" +
                  shown_name(a.out) + "\"";
        return "";
    }
    return a.format;
}

std::string plural(size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// "an SVG pack", "a JSON pack", "a neknek pack": the format as a message names it ("a svg
// pack" read wrong twice over).
std::string a_pack_of(db::PackFormat format) {
    switch (format) {
        case db::PackFormat::Pdf:
            return "a PDF pack";
        case db::PackFormat::Svg:
            return "an SVG pack";
        case db::PackFormat::Json:
            return "a JSON pack";
        case db::PackFormat::Keen:
            return "a Keen pack";
        case db::PackFormat::Cancan:
            return "a CanCan pack";
        default:
            return std::string("a ") + db::pack_format_name(format) + " pack";
    }
}

// Why a text pack takes no --solutions: it either has no place for them or carries them
// always (the option changed no byte, yet the pack recorded "solutions":true).
std::string no_solutions_reason(db::PackFormat format) {
    const bool carries = format == db::PackFormat::Json || format == db::PackFormat::Dataset ||
                         format == db::PackFormat::Cancan;
    return a_pack_of(format) + " " +
           (carries ? "carries each puzzle's solution already" : "has no place for solutions");
}

// Whether a pack of this format has no use for a book file's key, as for its flag
// (pdf_option_given): a text pack takes only the title, an SVG pack the level names and
// the solutions too.
bool book_key_unused(const std::string& key, db::PackFormat format) {
    if (format == db::PackFormat::Pdf || key == "title") return false;
    if (key == "levels" || key == "solutions") return db::is_text_format(format);
    return true;
}

// The first key of the book file a pack of this format has no use for, refused with
// the file and line: an SVG pack dropped a book's trim and walkthrough without a word.
void refuse_unused_book_keys(const std::string& book, std::vector<BookKeySet> set,
                             db::PackFormat format) {
    // The file's first, not toml++'s order (by name).
    std::stable_sort(set.begin(), set.end(),
                     [](const BookKeySet& x, const BookKeySet& y) { return x.line < y.line; });
    for (const BookKeySet& k : set) {
        if (!book_key_unused(k.key, format)) continue;
        const std::string where = shown_name(book) + ":" + std::to_string(k.line) + ": ";
        if (k.key == "solutions")
            throw std::invalid_argument(
                where + "solutions = true is for books (pdf, svg): " + no_solutions_reason(format));
        throw std::invalid_argument(where + (k.key == "levels" ? "[levels]" : k.key) +
                                    " is for books (pdf" + (k.key == "levels" ? ", svg" : "") +
                                    "): " + a_pack_of(format) + " has no use for it");
    }
}

// A book prints its title on its title page and in its metadata: a blank one printed a
// book with no title, where a blank level name is refused. (A text pack's title is its
// label only, and may be blank.)
void refuse_blank_title(const ExportArgs& a, const db::ExportRequest& req) {
    if (req.format != db::PackFormat::Pdf) return;
    std::string title = req.words.title;
    std::erase_if(title, [](char c) { return c == '\n' || c == '\r'; });
    if (!db::prints_blank(title)) return;
    throw std::invalid_argument(
        (a.title ? std::string("--title") : "title in " + shown_name(a.book)) +
        " is blank: a book needs a title (its title page and PDF metadata print it)");
}

// The line of the book file's per_page, 0 when the flag gives it or nothing does: a
// refusal of the count then names the file and line, not --per-page.
int book_per_page_line(const ExportArgs& a, const std::vector<BookKeySet>& set) {
    if (a.per_page) return 0;
    for (const BookKeySet& k : set)
        if (k.key == "per_page") return k.line;
    return 0;
}

// The book: the TOML first, then the flags over it. Returns book_per_page_line().
int fill_book(const ExportArgs& a, db::ExportRequest& req) {
    std::vector<BookKeySet> set;
    if (!a.book.empty()) {
        read_book_config(a.book, req.words, req.layout, &set);
        refuse_unused_book_keys(a.book, set, req.format);
    }
    const int per_page_line = book_per_page_line(a, set);
    req.solutions = a.solutions.value_or(req.layout.solutions);
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
    if (a.bleed) req.layout.bleed = *a.bleed;
    if (a.large_print) req.layout.large_print = *a.large_print;
    if (a.per_page) {
        if (*a.per_page != 1 && *a.per_page != 2 && *a.per_page != 4 && *a.per_page != 6)
            throw std::invalid_argument("--per-page must be 1, 2, 4 or 6");
        req.layout.per_page = *a.per_page;
    }
    // One of the two from the book file (which refuses both at once), the other a flag.
    if (req.layout.large_print && req.layout.per_page > 2)
        throw std::invalid_argument(
            std::string(a.large_print ? "--large-print"
                                      : "large_print = true in " + shown_name(a.book)) +
            " takes 1 or 2 puzzles a page, but " +
            (a.per_page ? "--per-page "
                        : a.book + ":" + std::to_string(per_page_line) + " sets per_page = ") +
            std::to_string(req.layout.per_page));
    if (a.walkthrough) {
        if (*a.walkthrough < 0) throw std::invalid_argument("--walkthrough must be 0 or more");
        req.layout.walkthrough = *a.walkthrough;
    }
    if (!a.level_names.empty()) {
        const auto names = db::split_levels(a.level_names);
        if (names.size() != 5 || db::has_blank_item(a.level_names))
            throw std::invalid_argument(
                "--level-names takes five names, easiest first, separated by commas");
        std::copy(names.begin(), names.end(), req.words.level_names.begin());
    }
    if (const std::string problem = db::book_words_problem(req.words); !problem.empty())
        throw std::invalid_argument(problem);
    refuse_blank_title(a, req);
    // Two levels of one name made a contents with two sections of that name, and a
    // reader who could not tell which was harder.
    const auto& names = req.words.level_names;
    for (size_t i = 0; i < names.size(); ++i)
        for (size_t k = i + 1; k < names.size(); ++k)
            if (names[i] == names[k])
                throw std::invalid_argument(
                    "two levels would print as \"" + printable_cut(names[i], 400) + "\" (" +
                    std::string(kGraded[i].name) + " and " + std::string(kGraded[k].name) +
                    "): give each level its own name (" +
                    (a.level_names.empty() ? "[levels] in " + shown_name(a.book)
                                           : "--level-names") +
                    ", easiest first)");
    return per_page_line;
}

// The book's planner names the count "--per-page N" when it leaves clues too small: one
// the book file set is named as the file's key, with its line.
std::string naming_per_page_source(const std::string& message, const ExportArgs& a,
                                   int per_page_line) {
    const std::string flag = "--per-page ";
    if (per_page_line == 0 || message.rfind(flag, 0) != 0) return message;
    return a.book + ":" + std::to_string(per_page_line) +
           ": per_page = " + message.substr(flag.size());
}

// The first option given that only a PDF book uses (and, for a text pack, --level-names,
// which SVG captions print), "" when none: they were ignored without a word ("-o
// train.jsonl --walkthrough 5" gave no worked solutions; an SVG pack graded its
// walkthrough puzzles and printed none). --title names the pack.
std::string pdf_option_given(const ExportArgs& a, bool text) {
    const std::pair<bool, const char*> options[] = {
        {!a.trim.empty(), "--trim"},
        {!a.paper.empty(), "--paper"},
        {a.bleed.value_or(false), "--bleed"},
        {a.per_page.has_value(), "--per-page"},
        {a.large_print.value_or(false), "--large-print"},
        {a.walkthrough.value_or(0) > 0, "--walkthrough"},
        {a.subtitle.has_value(), "--subtitle"},
        {a.author.has_value(), "--author"},
        {a.copyright.has_value(), "--copyright"},
        {text && !a.level_names.empty(), "--level-names"},
    };
    for (const auto& [given, name] : options)
        if (given) return name;
    return "";
}

void print_dry_run(const db::ExportRequest& req, const db::ExportResult& r) {
    std::cout << "dry run: " << plural(r.puzzle_ids.size(), "puzzle", "puzzles") << " of "
              << r.available << " available would go to " << shown_name(req.out);
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
    const std::string format_name = choose_format(a, problem);
    if (format_name.empty()) {
        std::cerr << "export: " << problem << "\n";
        return kBadInput;
    }
    const auto format = db::parse_pack_format(format_name);
    if (a.out == "-" && !db::is_text_format(*format)) {
        std::cerr << "export: " << a_pack_of(*format)
                  << " cannot go to stdout (--out -): give a file\n";
        return kBadInput;
    }
    // --force overwrites a file, never the corpus the pack comes from.
    if (a.out != "-" && is_corpus_file(a.out, a.db)) {
        std::cerr << "export: " << shown_name(a.out) << " is the corpus " << shown_name(a.db)
                  << " or a file kept beside it: the pack would destroy it\n";
        return kBadInput;
    }
    // Checked before "already exists (--force overwrites it)", which /dev/stdout on a
    // redirected stdout drew, and whose --force replaced the link.
    if (a.out != "-" && names_open_descriptor(a.out)) {
        std::cerr << "export: --out " << shown_name(a.out) << db::kOpenDescriptor << "\n";
        return kBadInput;
    }
    std::error_code ec;
    // A symbolic link to nothing exists too: it was taken for a free name, the pack was
    // made and then refused as having "appeared while the pack was written".
    const bool link = a.out != "-" && fs::is_symlink(fs::symlink_status(a.out, ec));
    const bool dangling = link && !fs::exists(fs::status(a.out, ec));
    if (a.out != "-" && *format != db::PackFormat::Svg &&
        (fs::is_regular_file(a.out, ec) || dangling) && !a.force) {
        std::cerr << "export: " << shown_name(a.out) << " already exists"
                  << (dangling ? " as a symbolic link to nothing (--force replaces the link)\n"
                               : " (--force overwrites it)\n");
        return kBadInput;
    }
    db::ExportRequest req;
    req.out = a.out;
    // An svg pack is a folder, and "pages/" names one as well as "pages" does.
    if (*format == db::PackFormat::Svg)
        while (req.out.size() > 1 && req.out.back() == '/') req.out.pop_back();
    // An SVG pack is a new folder put in place of its name: a link there (to an empty
    // folder, or to nothing) was replaced by the folder, the link lost without --force.
    if (*format == db::PackFormat::Svg && !a.force &&
        fs::is_symlink(fs::symlink_status(req.out, ec))) {
        std::cerr << "export: " << shown_name(a.out)
                  << " is a symbolic link: an SVG pack is a new folder made in its place, so "
                     "name a folder that does not exist (--force replaces the link)\n";
        return kBadInput;
    }
    req.format = *format;
    if (*format != db::PackFormat::Pdf)
        if (const std::string option = pdf_option_given(a, db::is_text_format(*format));
            !option.empty()) {
            std::cerr << "export: " << option << " is for books (pdf"
                      << (option == "--level-names" ? ", svg" : "") << "): " << a_pack_of(*format)
                      << " has no use for it\n";
            return kBadInput;
        }
    if (db::is_text_format(*format) && a.solutions.value_or(false)) {
        std::cerr << "export: --solutions is for books (pdf, svg): " << no_solutions_reason(*format)
                  << "\n";
        return kBadInput;
    }
    int per_page_line = 0;
    try {
        per_page_line = fill_book(a, req);
    } catch (const std::invalid_argument& e) {
        std::cerr << "export: " << shown_name(e.what()) << "\n";
        return kBadInput;
    }
    if (*format == db::PackFormat::Pdf) {
        // The machine's fault, not the words': checked first.
        if (const std::string problem = db::missing_font(); !problem.empty()) {
            std::cerr << "export: " << problem << "\n";
            return kFailure;
        }
        if (const std::string problem = db::unprintable_words(req.words); !problem.empty()) {
            std::cerr << "export: " << problem << "\n";
            return kBadInput;
        }
    }
    req.dry_run = a.dry_run;
    req.replace = a.force;
    req.allow_repeats = a.allow_repeats;
    req.filter = *filter;
    req.count = a.count;
    // With the pack on stdout, the summary goes to stderr.
    std::ostream& report = a.out == "-" ? std::cerr : std::cout;
    try {
        // A dry run only reads: a corpus it may not write (a read-only share) was refused
        // with "attempt to write a readonly database".
        db::Corpus corpus =
            a.dry_run ? db::Corpus::open_read_only(a.db) : db::Corpus::open_existing(a.db);
        if (!a.dry_run) wait_out_other_writers(corpus, a.db, warn_on_stderr("export"));
        const db::ExportResult r = db::export_pack(corpus, req);
        if (static_cast<int>(r.puzzle_ids.size()) < a.count) {
            std::cerr << "export: " << r.available
                      << (r.available == 1 ? " puzzle matches" : " puzzles match")
                      << (a.allow_repeats ? "" : " (not yet published)") << ", " << a.count
                      << " asked for; nothing written\n";
            return kNotEnough;
        }
        for (const std::string& warning : r.warnings)
            std::cerr << "export: warning: " << warning << "\n";
        if (a.dry_run) {
            print_dry_run(req, r);
            return kOk;
        }
        warn_relabelled("export", format_name, r.relabelled);
        report << "pack " << r.pack_id << ": " << r.puzzle_ids.size()
               << (r.puzzle_ids.size() == 1 ? " puzzle" : " puzzles") << " to "
               << (a.out == "-" ? "stdout" : shown_name(a.out));
        if (r.pages) report << " (" << r.pages << " pages)";
        if (*format == db::PackFormat::Svg)
            report << " (" << plural(r.files.size(), "file", "files") << ")";
        report << "\n";
        for (const std::string& file : r.settled)
            std::cerr << "export: note: " << shown_name(file)
                      << " put in place: its export was stopped after recording the pack\n";
        for (const auto& [id, file] : r.unpublished)
            std::cerr << "export: note: pack " << id << " unpublished (its puzzles are fresh "
                      << "again): its export was stopped after recording the pack, and "
                      << shown_name(file) << " held another file by then\n";
        // --force may replace the file of a pack recorded here: that pack then lives in
        // the corpus only, its puzzles still published.
        if (const std::int64_t replaced = r.replaced_pack)
            std::cerr << "export: warning: " << shown_name(a.out) << " held pack " << replaced
                      << ", which stays recorded with its puzzles published (kenken packs --db "
                      << shell_word(a.db) << " --delete " << replaced << " frees them)\n";
        // The pack is made whatever becomes of its report: a lost report (stdout on a full
        // disk, or closed) said only "cannot write the output", exit 1, and an export run
        // again printed a second book of other puzzles.
        if (a.out == "-") return kOk;
        return report_after_commit("export",
                                   "pack " + std::to_string(r.pack_id) + " is written to " +
                                       shown_name(a.out) + " and recorded",
                                   ": `kenken packs --db " + shell_word(a.db) + " --show " +
                                       std::to_string(r.pack_id) + "` shows it");
    } catch (const std::invalid_argument& e) {
        std::cerr << "export: " << shown_name(naming_per_page_source(e.what(), a, per_page_line))
                  << "\n";
        return kBadInput;
    } catch (const std::exception& e) {
        std::cerr << "export: " << shown_name(e.what()) << "\n";
        return kFailure;
    }
}

// Adds a flag whose absence is told apart from --name=false: given either way, it wins
// over the book file (a book's "solutions = true" outlived --solutions=false). The value
// lands in out when settle() runs, after parsing.
class GivenFlags {
  public:
    void add(CLI::App* sub, const std::string& name, std::optional<bool>& out,
             const std::string& help) {
        auto value = std::make_shared<bool>(false);
        CLI::Option* option = sub->add_flag(name, *value, help);
        settle_.push_back([option, value, &out] {
            out.reset();
            if (option->count()) out = *value;
        });
    }
    void settle() const {
        for (const auto& f : settle_) f();
    }

  private:
    std::vector<std::function<void()>> settle_;
};

}  // namespace

void add_export_command(CLI::App& app) {
    auto args = std::make_shared<ExportArgs>();
    auto flags = std::make_shared<GivenFlags>();
    auto* sub = app.add_subcommand(
        "export",
        "Write a pack of puzzles (PDF, SVG or text) and record it. Ctrl-C, SIGTERM or SIGHUP "
        "while it is written leaves neither file nor record; once the pack is whole it is "
        "placed and recorded first.");
    add_db_option(sub, args->db, "Corpus file");
    sub->add_option("-o,--out", args->out,
                    "Output file (svg: a new folder; '-': stdout, text formats only)")
        ->required();
    sub->add_option("-n,--count", args->count, "How many puzzles")
        ->required()
        ->check(whole_number(1, 100'000'000));
    sub->add_option("--format", args->format,
                    "Format, in any case (pdf, PDF); default: from --out's extension, in any case "
                    "(.pdf .svg .json .jsonl "
                    ".neknek .keen .cancan). dataset: JSON lines {question, answer, metadata}")
        ->transform(CLI::IsMember(kFormats, CLI::ignore_case));
    sub->add_flag("--force", args->force, "Overwrite an existing file");
    flags->add(sub, "--solutions", args->solutions, "Add the answer key (pdf: pages at the back)");
    sub->add_flag("--dry-run", args->dry_run,
                  "Say what would go in (count, pages, sections); write and record nothing");
    sub->add_option(
        "--book", args->book,
        "Book TOML: title, subtitle, author, copyright, rules, [levels] names, "
        "trim, bleed, per_page, large_print, solutions, walkthrough; a flag given wins over it, "
        "true or false (--solutions=false)");
    sub->add_option("--title", args->title, "Title of the book and the pack");
    sub->add_option("--subtitle", args->subtitle, "Subtitle (title page, PDF subject)");
    sub->add_option("--author", args->author, "Author (title page, PDF metadata)");
    sub->add_option("--copyright", args->copyright, "Copyright line");
    sub->add_option("--level-names", args->level_names,
                    "Printed names of the five levels, easiest first, comma-separated "
                    "(default Gentle,Moderate,Tricky,Tough,Fiendish)");
    CLI::Option* trim =
        sub->add_option("--trim", args->trim,
                        "Page size: a4, letter, 6x9, 7x10, 8x10, 8.25x11, 8.5x11, 5.5x8.5, WxH "
                        "(inches) or WxHmm (default a4)");
    // Both given, --trim won without a word ("--trim 6x9 --paper a4" made a 6x9 book).
    sub->add_option("--paper", args->paper, "Same as --trim (kept for old scripts)")
        ->excludes(trim);
    flags->add(sub, "--bleed", args->bleed,
               "Add 0.125 in bleed at the outside edge, top and bottom");
    sub->add_option("--per-page", args->per_page,
                    "Puzzles a page: 1, 2, 4 or 6 (default: chosen so clues are at least 9 pt)")
        ->check(whole_number(1, 6));
    flags->add(sub, "--large-print", args->large_print,
               "Clues at least 14 pt, thicker lines, 1 or 2 puzzles a page");
    sub->add_option("--walkthrough", args->walkthrough,
                    "Worked solutions, step by step, for the first K puzzles")
        ->check(whole_number(0, 10'000));

    CLI::Option* repeats = sub->add_flag("--allow-repeats", args->allow_repeats,
                                         "Also take puzzles published in earlier packs");
    add_filter_options(sub, args->filters, false);
    // Only puzzles never exported, and those exported too: one of them is a mistake.
    // The pack is always put in book order; --order only chooses which puzzles go in.
    if (CLI::Option* order = sub->get_option_no_throw("--order"))
        order->description(
            "Which matching puzzles go in when more match than -n: by id, by score (lowest "
            "first) or at random (reproducible with --seed); the pack itself is always "
            "ordered easiest first (a PDF or SVG by size, then score)");
    if (CLI::Option* fresh = sub->get_option_no_throw("--fresh")) {
        repeats->excludes(fresh);
        // Kept so that query's filters can be used as they are; it changes nothing here.
        fresh->description(
            "Only puzzles never exported in a pack: export's default already (a no-op, "
            "kept so query's filters work here; --allow-repeats takes the others too)");
    }
    sub->footer(
        help_footer({kOk, kFailure, kBadInput, kNotEnough},
                    {"kenken export --db corpus.db -n 50 --level hard -o hard.pdf",
                     "kenken export --db corpus.db -n 10 --size 6 -o - --format neknek",
                     "kenken export --db corpus.db -n 1000 -o train.jsonl --format dataset"}));
    sub->callback([args, flags] {
        flags->settle();
        set_exit(run(*args));
    });
}

}  // namespace kk::cli
