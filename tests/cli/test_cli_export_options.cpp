// export's options as a publisher sets them (issue 49): flags over the book file, the
// options a format cannot use, what an SVG clue needs to fit, and the messages.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "tests/support/cli_run.h"
#include "tests/support/json_lines.h"
#include "tests/support/test_files.h"

namespace fs = std::filesystem;

namespace {

// A corpus of 3x3 puzzles, the smallest grids a pack draws.
void small_corpus(const TempPath& db) {
    REQUIRE(run_kenken("generate -q --db " + db.str() + " --sizes 3 -n 3 --seed 4").status == 0);
}

// The filters the corpus's only pack recorded.
nlohmann::json only_pack_filters(const TempPath& db) {
    const auto packs = json_lines(run_kenken("packs --db " + db.str() + " --json").out);
    REQUIRE(packs.size() == 1);
    return packs[0].at("filters");
}

}  // namespace

TEST_CASE("a flag given false wins over the book file as a flag given true does",
          "[cli][export][options49]") {
    // "--book book-6x9.toml --solutions=false" printed the answer key and recorded
    // "solutions":true; "--large-print=false --per-page 4" with a large-print book was
    // refused, blaming the book.
    TempPath db("flags-over-book.db"), book("flags-over-book.toml"), pdf("flags-over-book.pdf");
    small_corpus(db);
    write_file(book, "title = \"B\"\nsolutions = true\nbleed = true\nlarge_print = true\n");
    const std::string export_to =
        "export --db " + db.str() + " -n 1 -o " + pdf.str() + " --book " + book.str() + " ";
    CliResult r = run_kenken(export_to + "--dry-run");
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("solutions: page") && Catch::Contains("with bleed"));
    r = run_kenken(export_to + "--dry-run --solutions=false --bleed=false");
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, !Catch::Contains("solutions: page") && !Catch::Contains("with bleed"));
    r = run_kenken(export_to + "--dry-run --large-print=false --per-page 4");
    INFO(r.err);
    CHECK(r.status == 0);
    r = run_kenken(export_to + "--solutions=false");
    INFO(r.err);
    REQUIRE(r.status == 0);
    const nlohmann::json filters = only_pack_filters(db);
    CHECK(filters.at("solutions") == false);
    CHECK(filters.at("bleed") == true);
}
