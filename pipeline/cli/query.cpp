// kenken query: the stored puzzles that match the filters, as a table or a format.
#include <iostream>
#include <memory>
#include <stdexcept>

#include "core/io/utf8.h"
#include "db/pack/text.h"
#include "db/store/corpus.h"
#include "pipeline/cli/command.h"
#include "pipeline/cli/filter_options.h"

namespace kk::cli {
namespace {

struct QueryArgs {
    std::string db;
    FilterOptions filters;
    std::string format = "table";
};

int run(const QueryArgs& a) {
    std::string problem;
    const auto filter = a.filters.to_filter(problem);
    if (!filter) {
        std::cerr << "query: " << problem << "\n";
        return kBadInput;
    }
    const auto format = db::parse_text_format(a.format);
    if (!format) {
        std::cerr << "query: unknown format \"" << shown_name(a.format)
                  << "\" (table, neknek, json, keen, cancan)\n";
        return kBadInput;
    }
    try {
        db::Corpus corpus = db::Corpus::open_read_only(a.db);
        // Both passes read the same puzzles: one a generate stored between them was
        // written unchecked.
        corpus.hold_snapshot();
        // Keen ids and the cancan form cannot carry every variant's rules: a first
        // pass finds such a puzzle before anything is written (it was found half way,
        // after the puzzles before it, and called a corpus fault).
        if (*format == db::TextFormat::Keen || *format == db::TextFormat::Cancan) {
            std::ostream discard(nullptr);
            db::RecordWriter probe(discard, *format);
            db::PuzzleCursor cursor = corpus.scan(*filter);
            for (db::PuzzleRecord r; cursor.next(r);) {
                try {
                    probe.write(r);
                } catch (const std::invalid_argument& e) {
                    std::cerr << "query: " << shown_name(e.what()) << "\n";  // it names the puzzle
                    return kBadInput;
                }
            }
        }
        // A row at a time: memory stays flat however many rows match.
        db::PuzzleCursor cursor = corpus.scan(*filter);
        db::RecordWriter writer(std::cout, *format);
        for (db::PuzzleRecord r; cursor.next(r) && std::cout;) writer.write(r);
        std::cout.flush();
        warn_relabelled("query", a.format, writer.relabelled());
        return std::cout ? kOk : kFailure;
    } catch (const std::exception& e) {
        std::cerr << "query: " << shown_name(e.what()) << "\n";
        return kFailure;
    }
}

}  // namespace

void add_query_command(CLI::App& app) {
    auto args = std::make_shared<QueryArgs>();
    auto* sub = app.add_subcommand("query", "List the stored puzzles that match the filters");
    add_db_option(sub, args->db, "Corpus file (read only)");
    add_filter_options(sub, args->filters, true);
    sub->add_option("--format", args->format,
                    "Output: a table, a puzzle format, json (the shared record, docs/json.md) "
                    "or dataset (JSON lines {question, answer, metadata})")
        ->check(CLI::IsMember({"table", "neknek", "json", "keen", "cancan", "dataset"}))
        ->capture_default_str();
    sub->footer(help_footer({kOk, kFailure, kBadInput},
                            {"kenken query --db corpus.db --size 6 --level hard --limit 10",
                             "kenken query --db corpus.db --order random --seed 7 --limit 3 "
                             "--format json | kenken solve -"}));
    sub->callback([args] { set_exit(run(*args)); });
}

}  // namespace kk::cli
