// kenken export: a pack of K puzzles chosen by the filters, as a printable PDF,
// an SVG folder or a text format, recorded in the corpus.
#include "db/pack/export.h"

#include <iostream>
#include <memory>

#include "pipeline/cli/command.h"
#include "pipeline/cli/filter_options.h"

namespace kk::cli {
namespace {

struct ExportArgs {
    std::string db, out, format = "pdf", title = "KenKen", paper = "a4";
    bool solutions = false, allow_repeats = false;
    FilterOptions filters;
    int count = 0;
};

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
    if (a.paper != "a4" && a.paper != "letter") {
        std::cerr << "export: unknown paper \"" << a.paper << "\" (a4, letter)\n";
        return kBadInput;
    }
    if (a.count < 1) {
        std::cerr << "export: --count must be at least 1\n";
        return kBadInput;
    }
    req.out = a.out;
    req.format = *format;
    req.title = a.title;
    req.paper = a.paper == "a4" ? db::Paper::A4 : db::Paper::Letter;
    req.solutions = a.solutions;
    req.allow_repeats = a.allow_repeats;
    req.filter = *filter;
    req.count = a.count;
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
        std::cout << "pack " << r.pack_id << ": " << r.puzzle_ids.size()
                  << (r.puzzle_ids.size() == 1 ? " puzzle" : " puzzles") << " to " << a.out;
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
    sub->add_option("--title", args->title, "Title of the pack");
    sub->add_option("--paper", args->paper, "a4 or letter (pdf)");
    sub->add_flag("--solutions", args->solutions, "Add solutions (pdf: pages at the end)");
    sub->add_flag("--allow-repeats", args->allow_repeats,
                  "Also take puzzles published in earlier packs");
    sub->add_option("--count", args->count, "How many puzzles")->required();
    add_filter_options(sub, args->filters, false);
    sub->callback([args] { set_exit(run(*args)); });
}

}  // namespace kk::cli
