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

TEST_CASE("a text pack refuses --solutions, which it cannot change, naming the format",
          "[cli][export][options49]") {
    // neknek, keen, cancan and json packs with --solutions were byte for byte the ones
    // without, yet recorded "solutions":true.
    TempPath db("text-solutions.db");
    small_corpus(db);
    for (const std::string format : {"neknek", "keen", "cancan", "json", "dataset"}) {
        const CliResult r =
            run_kenken("export --db " + db.str() + " -n 1 -o - --solutions --format " + format);
        INFO(format << ": " << r.err);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::StartsWith("export: --solutions is for books (pdf, svg)") &&
                              Catch::Contains(format + " pack"));
        CHECK(r.out.empty());
    }
    CHECK(run_kenken("packs --db " + db.str()).out == "no packs\n");
    // Given false it asks for nothing.
    CHECK(run_kenken("export --db " + db.str() + " -n 1 -o - --solutions=false --format json")
              .status == 0);
}

TEST_CASE("a book file's keys a pack cannot use are refused as their flags are",
          "[cli][export][options49]") {
    // "--book book-6x9.toml" with an SVG or neknek pack dropped its trim and walkthrough
    // without a word (the SVG pack took its solutions).
    TempPath db("book-keys.db"), book("book-keys.toml"), folder("book-keys-svg"),
        text("book-keys.neknek");
    small_corpus(db);
    const auto export_with = [&](const std::string& toml, const TempPath& out) {
        write_file(book, toml);
        return run_kenken("export --db " + db.str() + " -n 1 --book " + book.str() + " -o " +
                          out.str() + (&out == &folder ? " --format svg" : ""));
    };
    for (const TempPath* out : {&folder, &text})
        for (const std::string key : {"trim = \"6x9\"", "bleed = true", "per_page = 2",
                                      "large_print = true", "walkthrough = 3", "subtitle = \"S\"",
                                      "author = \"A\"", "copyright = \"C\"", "rules = \"R\""}) {
            const CliResult r = export_with("title = \"T\"\n" + key + "\n", *out);
            INFO(out->str() << " " << key << ": " << r.err);
            CHECK(r.status == 2);
            CHECK_THAT(r.err, Catch::StartsWith("export: " + book.str() +
                                                ":2: " + key.substr(0, key.find(' ')) +
                                                " is for books (pdf)"));
            CHECK_FALSE(fs::exists(out->path));
        }
    CliResult r = export_with("[levels]\neasy = \"E\"\n", text);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(":1: [levels] is for books (pdf, svg)"));
    r = export_with("solutions = true\n", text);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains(":1: solutions = true is for books (pdf, svg)"));
    CHECK(run_kenken("packs --db " + db.str()).out == "no packs\n");
    // What asks for nothing passes (the shipped files write these), and an SVG pack takes
    // the title, the level names and the solutions.
    const std::string nothing =
        "title = \"T\"\nauthor = \"\"\nbleed = false\nper_page = 0\nwalkthrough = 0\n";
    r = export_with(nothing + "solutions = true\n[levels]\neasy = \"E\"\n", folder);
    INFO(r.err);
    CHECK(r.status == 0);
    r = export_with(nothing, text);
    INFO(r.err);
    CHECK(r.status == 0);
}

TEST_CASE("export's help says --fresh is its default already", "[cli][export][options49]") {
    // It read "Only puzzles never exported in a pack", as if export took published ones
    // without it; the pack is the same with it or without.
    const CliResult help = run_kenken("export --help");
    REQUIRE(help.status == 0);
    CHECK_THAT(help.out, Catch::Contains("export's default already (a no-op"));
}
