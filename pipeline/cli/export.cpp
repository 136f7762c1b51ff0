// kenken export: a pack of K puzzles chosen by the filters, as a printable PDF,
// an SVG folder or a text format, recorded in the corpus.
#include <filesystem>
#include <iostream>
#include <memory>

#include "db/pack/export.h"
#include "pipeline/cli/command.h"
#include "pipeline/cli/filter_options.h"

namespace kk::cli {
namespace {

namespace fs = std::filesystem;

struct ExportArgs {
    std::string db, out, format, title = "KenKen", paper = "a4";
    bool solutions = false, allow_repeats = false, force = false;
    FilterOptions filters;
    int count = 0;
};

const std::vector<std::string> kFormats = {"pdf",  "svg",    "neknek",  "json",
                                           "keen", "cancan", "dataset"};

// The format an extension names, "" when it names none.
std::string format_of_extension(const std::string& ext) {
    if (ext == ".pdf") return "pdf";
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
                                   : "cannot tell the format from \"" + a.out +
                                         "\" (.pdf, .json, .jsonl, .neknek, .keen, .cancan): "
                                         "give --format";
        return f;
    }
    if (a.out != "-" && !extension_fits(a.format, ext)) {
        problem = "--format " + a.format + " does not fit the file name \"" + a.out + "\"";
        return "";
    }
    return a.format;
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
        std::cerr << "export: " << format_name << " cannot go to stdout (--out -): give a file\n";
        return kBadInput;
    }
    std::error_code ec;
    if (a.out != "-" && *format != db::PackFormat::Svg && fs::exists(a.out, ec) &&
        !fs::is_directory(a.out, ec) && !a.force) {
        std::cerr << "export: " << a.out << " already exists (--force overwrites it)\n";
        return kBadInput;
    }
    db::ExportRequest req;
    req.out = a.out;
    req.format = *format;
    req.title = a.title;
    req.paper = a.paper == "a4" ? db::Paper::A4 : db::Paper::Letter;
    req.solutions = a.solutions;
    req.allow_repeats = a.allow_repeats;
    req.filter = *filter;
    req.count = a.count;
    // With the pack on stdout, the summary goes to stderr.
    std::ostream& report = a.out == "-" ? std::cerr : std::cout;
    try {
        db::Corpus corpus = db::Corpus::open_existing(a.db);
        const db::ExportResult r = db::export_pack(corpus, req);
        if (!r.pack_id) {
            std::cerr << "export: " << r.available
                      << (r.available == 1 ? " puzzle matches" : " puzzles match")
                      << (a.allow_repeats ? "" : " (not yet published)") << ", " << a.count
                      << " asked for; nothing written\n";
            return kNotEnough;
        }
        report << "pack " << r.pack_id << ": " << r.puzzle_ids.size()
               << (r.puzzle_ids.size() == 1 ? " puzzle" : " puzzles") << " to "
               << (a.out == "-" ? "stdout" : a.out);
        if (r.pages) report << " (" << r.pages << " pages)";
        if (*format == db::PackFormat::Svg) report << " (" << r.files.size() << " files)";
        report << "\n";
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
    add_db_option(sub, args->db, "Corpus file");
    sub->add_option("-o,--out", args->out,
                    "Output file (svg: a new folder; '-': stdout, text formats only)")
        ->required();
    sub->add_option("-n,--count", args->count, "How many puzzles")
        ->required()
        ->check(CLI::Range(1, 100'000'000));
    sub->add_option("--format", args->format,
                    "Format; default: from --out's extension (.pdf .json .jsonl .neknek .keen "
                    ".cancan). dataset: JSON lines {question, answer, metadata}")
        ->check(CLI::IsMember(kFormats));
    sub->add_flag("--force", args->force, "Overwrite an existing file");
    sub->add_option("--title", args->title, "Title of the pack")->capture_default_str();
    sub->add_option("--paper", args->paper, "Paper size (pdf)")
        ->check(CLI::IsMember({"a4", "letter"}))
        ->capture_default_str();
    sub->add_flag("--solutions", args->solutions, "Add solutions (pdf: pages at the end)");
    sub->add_flag("--allow-repeats", args->allow_repeats,
                  "Also take puzzles published in earlier packs");
    add_filter_options(sub, args->filters, false);
    sub->footer(help_footer({kOk, kFailure, kBadInput, kNotEnough},
                            {"kenken export --db corpus.db -n 50 --level hard -o hard.pdf",
                             "kenken export --db corpus.db -n 10 --size 6 -o - --format neknek",
                             "kenken export --db corpus.db -n 1000 -o train.jsonl --format dataset"}));
    sub->callback([args] { set_exit(run(*args)); });
}

}  // namespace kk::cli
