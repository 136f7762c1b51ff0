// kenken query: the stored puzzles that match the filters, as a table or a format.
#include <iostream>
#include <memory>

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
        std::cerr << "query: unknown format \"" << a.format
                  << "\" (table, neknek, json, keen, cancan)\n";
        return kBadInput;
    }
    try {
        db::Corpus corpus = db::Corpus::open_existing(a.db);
        // A row at a time: memory stays flat however many rows match.
        db::PuzzleCursor cursor = corpus.scan(*filter);
        db::RecordWriter writer(std::cout, *format);
        for (db::PuzzleRecord r; cursor.next(r) && std::cout;) writer.write(r);
        std::cout.flush();
        return std::cout ? kOk : kFailure;
    } catch (const std::exception& e) {
        std::cerr << "query: " << e.what() << "\n";
        return kFailure;
    }
}

}  // namespace

void add_query_command(CLI::App& app) {
    auto args = std::make_shared<QueryArgs>();
    auto* sub = app.add_subcommand("query", "List the stored puzzles that match the filters");
    sub->add_option("--db", args->db, "Corpus file")->required();
    add_filter_options(sub, args->filters, true);
    sub->add_option("--format", args->format, "table, neknek, json, keen or cancan");
    sub->callback([args] { set_exit(run(*args)); });
}

}  // namespace kk::cli
