// kenken: solve, grade and manufacture KenKen puzzles.
#include <exception>
#include <iostream>

#include "pipeline/cli/command.h"

int main(int argc, char** argv) {
    CLI::App app{
        "KenKen Factory: solves, grades and manufactures KenKen puzzles into a SQLite corpus."};
    app.require_subcommand(1);
    // The commands, in the order --help lists them.
    for (auto add :
         {kk::cli::add_solve_command, kk::cli::add_grade_command, kk::cli::add_generate_command,
          kk::cli::add_verify_command, kk::cli::add_stats_command, kk::cli::add_query_command,
          kk::cli::add_export_command, kk::cli::add_bench_command, kk::cli::add_merge_command})
        add(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help exits 0; a bad command line is bad input, like a bad file.
        return app.exit(e) == 0 ? kk::cli::kOk : kk::cli::kBadInput;
    } catch (const std::exception& e) {
        // Commands report what they expect; anything else still ends with a message
        // and a status, never an abort. An open batch is rolled back by SQLite.
        std::cerr << "kenken: internal error: " << e.what() << "\n";
        return kk::cli::kFailure;
    }
    return kk::cli::exit_status();
}
