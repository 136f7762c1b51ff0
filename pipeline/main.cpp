// kenken: solve, grade and manufacture KenKen puzzles.
#include "pipeline/command.h"

int main(int argc, char** argv) {
    CLI::App app{
        "KenKen Factory: solves, grades and manufactures KenKen puzzles into a SQLite corpus."};
    app.require_subcommand(1);
    kk::cli::add_all_commands(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    }
    return kk::cli::exit_status();
}
