#include <sys/wait.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "db/pack/export.h"
#include "db/pack/text.h"
#include "tests/support/corpus_fixture.h"
#include "tests/support/test_files.h"

using namespace kk;
using kk::test::TempDir;

namespace {

std::vector<std::int64_t> ids_of(const std::vector<db::PuzzleRecord>& rs) {
    std::vector<std::int64_t> ids;
    for (const auto& r : rs) ids.push_back(r.id);
    return ids;
}

// The same filter written out in C++ over every stored puzzle.
template <class Keep>
std::vector<std::int64_t> ids_where(const std::vector<db::PuzzleRecord>& all, Keep keep) {
    std::vector<std::int64_t> ids;
    for (const auto& r : all)
        if (keep(r)) ids.push_back(r.id);
    return ids;
}

bool uses_only(const Puzzle& p, const std::string& allowed) {
    for (const Cage& c : p.cages)
        if (c.op != Op::Given && allowed.find(op_symbol(c.op)) == std::string::npos) return false;
    return true;
}

struct Shell {
    int status = -1;
    std::string out;
};

// Runs the kenken binary with arguments; stdout captured, stderr to a file.
Shell kenken(const std::string& args, const std::string& err_file = "/dev/null") {
    Shell sh;
    const std::string cmd = kKenken + " " + args + " 2>" + err_file;
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) return sh;
    char buf[4096];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, pipe)) > 0) sh.out.append(buf, got);
    const int raw = pclose(pipe);
    sh.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return sh;
}

int count_pdf_pages(const std::string& pdf) {
    // cairo writes one "/Type /Page" object per page (and "/Type /Pages" for the tree).
    const std::regex page(R"(/Type\s*/Page[^s])");
    return static_cast<int>(
        std::distance(std::sregex_iterator(pdf.begin(), pdf.end(), page), std::sregex_iterator()));
}

}  // namespace

TEST_CASE("each filter returns exactly the matching puzzles", "[query]") {
    TempDir dir;
    const std::string path = dir.file("c.db");
    test::build_seed_corpus(path);
    db::Corpus c = db::Corpus::open_existing(path);
    const auto all = c.all_puzzles();
    REQUIRE(all.size() >= 10);

    db::QueryFilter f;
    SECTION("no filter: everything") {
        CHECK(ids_of(c.query(f)) == ids_of(all));
    }
    SECTION("size") {
        for (int n = 3; n <= 9; ++n) {
            f.sizes = {n};
            CHECK(ids_of(c.query(f)) == ids_where(all, [n](auto& r) { return r.size == n; }));
        }
    }
    SECTION("levels") {
        CHECK(db::split_levels(" hard, easy ,,") == std::vector<std::string>{"hard", "easy"});
        f.levels = db::split_levels("easy,extreme");
        const auto want =
            ids_where(all, [](auto& r) { return r.level == "easy" || r.level == "extreme"; });
        CHECK_FALSE(want.empty());
        CHECK(ids_of(c.query(f)) == want);
        CHECK(c.count(f) == static_cast<int>(want.size()));
    }
    SECTION("score range") {
        f.min_score = 2.5;
        f.max_score = 5.0;
        const auto want = ids_where(all, [](auto& r) { return r.score >= 2.5 && r.score <= 5.0; });
        CHECK_FALSE(want.empty());
        CHECK(want.size() < all.size());
        CHECK(ids_of(c.query(f)) == want);
    }
    SECTION("operations") {
        for (std::string ops : {"+", "+-", "+*", "+-*", "*/", "+-*/"}) {
            f.ops = ops;
            const auto want =
                ids_where(all, [&](auto& r) { return uses_only(db::record_puzzle(r), ops); });
            INFO("--ops " << ops);
            CHECK(ids_of(c.query(f)) == want);
        }
    }
    SECTION("largest cage") {
        f.max_cage = 3;
        const auto want = ids_where(all, [](auto& r) {
            for (const Cage& cage : db::record_puzzle(r).cages)
                if (cage.cells.size() > 3) return false;
            return true;
        });
        CHECK_FALSE(want.empty());
        CHECK(want.size() < all.size());
        CHECK(ids_of(c.query(f)) == want);
    }
    SECTION("filters combine and the limit cuts") {
        f.sizes = {6};
        f.max_score = 6;
        f.limit = 1;
        const auto want = ids_where(all, [](auto& r) { return r.size == 6 && r.score <= 6; });
        REQUIRE(want.size() > 1);
        CHECK(ids_of(c.query(f)) == std::vector<std::int64_t>{want.front()});
    }
    SECTION("bad filters are refused") {
        f.levels = {"tricky"};
        CHECK(db::filter_problem(f));
        CHECK_THROWS_AS(c.query(f), db::DbError);
        f.levels.clear();
        f.ops = "+x";
        CHECK(db::filter_problem(f));
        f.ops.reset();
        // Swapped bounds were an empty answer, silently.
        f.min_score = 500;
        f.max_score = 100;
        CHECK(db::filter_problem(f).value_or("") == "--min-score 500 is above --max-score 100");
        f.max_score = 500;
        CHECK_FALSE(db::filter_problem(f));
    }
}

TEST_CASE("order by score and a random order reproducible by seed", "[query]") {
    TempDir dir;
    const std::string path = dir.file("c.db");
    test::build_seed_corpus(path);
    db::Corpus c = db::Corpus::open_existing(path);
    const auto all_ids = ids_of(c.all_puzzles());

    db::QueryFilter f;
    f.order = db::Order::Score;
    const auto by_score = c.query(f);
    CHECK(std::is_sorted(by_score.begin(), by_score.end(),
                         [](auto& a, auto& b) { return a.score < b.score; }));

    f.order = db::Order::Random;
    f.seed = 11;
    const auto first = ids_of(c.query(f));
    CHECK(ids_of(c.query(f)) == first);
    db::Corpus other = db::Corpus::open_existing(path);  // a new connection, same order
    CHECK(ids_of(other.query(f)) == first);
    f.seed = 12;
    const auto second = ids_of(c.query(f));
    CHECK(second != first);
    CHECK(first != all_ids);
    auto sorted = first;
    std::sort(sorted.begin(), sorted.end());
    CHECK(sorted == all_ids);  // a permutation: nothing lost, nothing repeated
}

TEST_CASE("json lines carry the puzzle and its solution rows and its grade", "[query]") {
    TempDir dir;
    const std::string path = dir.file("c.db");
    test::build_seed_corpus(path);
    db::Corpus c = db::Corpus::open_existing(path);
    for (const auto& r : c.all_puzzles()) {
        const auto j = nlohmann::json::parse(db::record_json(r));
        CHECK(j.at("id") == r.id);
        CHECK(j.at("grade").at("level") == r.level);
        // Scores are whole numbers: written as integers (the fixture's halves round).
        CHECK(j.at("schema") == 1);
        CHECK(j.at("grade").at("score").is_number_integer());
        CHECK(j.at("grade").at("score") == std::llround(r.score));
        CHECK(j.at("puzzle").at("rules").at("variant") == "standard");
        CHECK(j.at("puzzle").at("neknek") == r.neknek);
        // Rebuild the puzzle from the cage data alone; the solution rows must solve it.
        Puzzle p;
        p.size = j.at("puzzle").at("size");
        const std::map<std::string, Op> ops = {{"given", Op::Given},
                                               {"add", Op::Add},
                                               {"sub", Op::Sub},
                                               {"mul", Op::Mul},
                                               {"div", Op::Div}};
        for (const auto& cj : j.at("puzzle").at("cages")) {
            Cage cage{ops.at(cj.at("op")), cj.at("target"), {}};
            for (const auto& rc : cj.at("cells"))
                cage.cells.push_back(rc.at(0).get<int>() * p.size + rc.at(1).get<int>());
            p.cages.push_back(cage);
        }
        CHECK(p == db::record_puzzle(r));
        Grid g;
        for (const auto& row : j.at("solution")) {
            CHECK(row.size() == static_cast<size_t>(p.size));
            for (int v : row) g.push_back(v);
        }
        CHECK(is_solution(p, g));
    }
}

TEST_CASE("query on the command line", "[query]") {
    TempDir dir;
    const std::string path = dir.file("c.db");
    test::build_seed_corpus(path);
    db::Corpus c = db::Corpus::open_existing(path);
    const auto all = c.all_puzzles();

    SECTION("neknek output reads back as the stored puzzles") {
        const Shell sh = kenken("query --db " + shell_quoted(path) + " --size 6 --format neknek");
        REQUIRE(sh.status == 0);
        const auto parsed = read_puzzles(sh.out, Format::Neknek);
        std::vector<Puzzle> want;
        for (const auto& r : all)
            if (r.size == 6) want.push_back(db::record_puzzle(r));
        REQUIRE(parsed.size() == want.size());
        for (size_t i = 0; i < want.size(); ++i) CHECK(parsed[i].puzzle == want[i]);
    }
    SECTION("the table lists one line a puzzle under a header") {
        const Shell sh = kenken("query --db " + shell_quoted(path) + " --level hard");
        REQUIRE(sh.status == 0);
        const auto lines = std::count(sh.out.begin(), sh.out.end(), '\n');
        CHECK(lines == 1 + static_cast<long>(
                               ids_where(all, [](auto& r) { return r.level == "hard"; }).size()));
    }
    SECTION("not a corpus: exit 1 with a message") {
        const std::string notes = dir.file("notes.txt");
        std::ofstream(notes) << std::string(700, '#') << "\n";
        const std::string err = dir.file("err.txt");
        CHECK(kenken("query --db " + shell_quoted(notes), err).status == 1);
        CHECK_THAT(slurp(err), Catch::Contains("not a KenKen corpus"));
        CHECK(kenken("stats --db " + shell_quoted(dir.file("absent.db"))).status == 1);
        CHECK_FALSE(std::filesystem::exists(dir.file("absent.db")));
    }
    SECTION("an unknown level is bad input") {
        CHECK(kenken("query --db " + shell_quoted(path) + " --level tricky").status == 2);
    }
    SECTION("stats counts every stored puzzle") {
        const Shell sh = kenken("stats --db " + shell_quoted(path));
        REQUIRE(sh.status == 0);
        std::smatch m;
        REQUIRE(std::regex_search(
            sh.out, m, std::regex(R"(\ntotal\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+))")));
        CHECK(std::stoul(m[6]) == all.size());
        // the run's stage table: every stage passed all 15 candidates, none stored twice
        CHECK(std::regex_search(sh.out, std::regex(R"(writer\s+15\s+0\s)")));
        CHECK(std::regex_search(sh.out, std::regex(R"(stored\s+15\n)")));
    }
}

TEST_CASE("fresh excludes exported puzzles and export records packs", "[query][export]") {
    TempDir dir;
    const std::string path = dir.file("c.db");
    test::build_seed_corpus(path);
    db::Corpus c = db::Corpus::open_existing(path);
    const auto all = c.all_puzzles();

    db::ExportRequest req;
    req.format = db::PackFormat::Neknek;
    req.out = dir.file("first.neknek");
    req.count = 4;
    const auto first = db::export_pack(c, req);
    REQUIRE(first.pack_id > 0);
    REQUIRE(first.puzzle_ids.size() == 4);
    CHECK(c.pack_puzzle_ids(first.pack_id) == first.puzzle_ids);
    const auto packs = c.packs();
    REQUIRE(packs.size() == 1);
    CHECK(packs[0].count == 4);
    CHECK(packs[0].format == "neknek");
    CHECK_THAT(packs[0].filters, Catch::Contains("\"fresh\":true"));

    db::QueryFilter fresh;
    fresh.fresh = true;
    const std::set<std::int64_t> exported(first.puzzle_ids.begin(), first.puzzle_ids.end());
    CHECK(ids_of(c.query(fresh)) ==
          ids_where(all, [&](auto& r) { return exported.count(r.id) == 0; }));

    req.out = dir.file("second.neknek");
    const auto second = db::export_pack(c, req);
    REQUIRE(second.pack_id > first.pack_id);
    for (auto id : second.puzzle_ids) CHECK(exported.count(id) == 0);

    req.out = dir.file("repeat.neknek");
    req.allow_repeats = true;
    req.count = static_cast<int>(all.size());
    const auto repeat = db::export_pack(c, req);
    CHECK(repeat.puzzle_ids.size() == all.size());
}

TEST_CASE("asking for more puzzles than match writes nothing", "[export]") {
    TempDir dir;
    const std::string path = dir.file("c.db");
    test::build_seed_corpus(path);
    const std::string out = dir.file("big.pdf");
    const std::string err = dir.file("err.txt");
    const Shell sh = kenken(
        "export --db " + shell_quoted(path) + " --size 6 --count 50 --out " + shell_quoted(out),
        err);
    CHECK(sh.status == 6);
    CHECK_THAT(slurp(err), Catch::Contains("4 puzzles match"));
    CHECK_FALSE(std::filesystem::exists(out));
    CHECK_FALSE(std::filesystem::exists(out + ".part"));
    CHECK(db::Corpus::open_existing(path).packs().empty());
}

TEST_CASE("text packs read back as the stored puzzles with the easiest first", "[export]") {
    TempDir dir;
    const std::string path = dir.file("c.db");
    test::build_seed_corpus(path);
    db::Corpus c = db::Corpus::open_existing(path);
    std::map<std::int64_t, db::PuzzleRecord> by_id;
    for (auto& r : c.all_puzzles()) by_id[r.id] = r;

    db::ExportRequest req;
    req.allow_repeats = true;
    req.count = 8;
    req.filter.order = db::Order::Random;
    req.filter.seed = 5;

    SECTION("neknek") {
        req.format = db::PackFormat::Neknek;
        req.out = dir.file("pack.neknek");
        const auto res = db::export_pack(c, req);
        const auto parsed = read_puzzles(slurp(req.out), Format::Neknek);
        REQUIRE(parsed.size() == 8);
        double last = -1;
        for (size_t i = 0; i < parsed.size(); ++i) {
            const auto& r = by_id.at(res.puzzle_ids[i]);
            CHECK(is_solution(parsed[i].puzzle, db::solution_grid(r.solution)));
            CHECK(r.score >= last);
            last = r.score;
        }
    }
    SECTION("keen") {
        req.format = db::PackFormat::Keen;
        req.out = dir.file("pack.keen");
        const auto res = db::export_pack(c, req);
        std::istringstream lines(slurp(req.out));
        std::string line;
        size_t i = 0;
        while (std::getline(lines, line)) {
            REQUIRE(i < res.puzzle_ids.size());
            const auto parsed = read_puzzles(line, Format::Keen);
            REQUIRE(parsed.size() == 1);
            CHECK(parsed[0].puzzle == db::record_puzzle(by_id.at(res.puzzle_ids[i])));
            ++i;
        }
        CHECK(i == 8);
    }
    SECTION("cancan carries the solutions") {
        req.format = db::PackFormat::Cancan;
        req.out = dir.file("pack.cancan");
        const auto res = db::export_pack(c, req);
        const auto parsed = read_puzzles(slurp(req.out), Format::Cancan);
        REQUIRE(parsed.size() == 8);
        for (size_t i = 0; i < parsed.size(); ++i) {
            const auto& r = by_id.at(res.puzzle_ids[i]);
            CHECK(parsed[i].puzzle == db::record_puzzle(r));
            REQUIRE(parsed[i].solution);
            CHECK(*parsed[i].solution == db::solution_grid(r.solution));
        }
    }
}

TEST_CASE("a PDF pack has a title page then puzzle pages then solution pages", "[export]") {
    TempDir dir;
    const std::string path = dir.file("c.db");
    test::build_seed_corpus(path);
    db::Corpus c = db::Corpus::open_existing(path);

    db::ExportRequest req;
    req.format = db::PackFormat::Pdf;
    req.filter.sizes = {4};  // four 4x4 puzzles: one puzzle page
    req.count = 4;
    req.solutions = true;
    req.out = dir.file("fours.pdf");
    const auto res = db::export_pack(c, req);
    REQUIRE(res.pack_id > 0);
    const std::string pdf = slurp(req.out);
    CHECK(pdf.rfind("%PDF", 0) == 0);
    // title, how to play, contents, the puzzles, the solutions
    CHECK(count_pdf_pages(pdf) == res.pages);
    CHECK(res.pages >= 5);

    // Every puzzle, mixed sizes, on Letter without solutions: between six and two
    // puzzles a page after the title page.
    req.filter.sizes.clear();
    std::string problem;
    req.layout.trim = *db::parse_trim("letter", problem);
    req.solutions = false;
    req.allow_repeats = true;
    req.count = 15;
    req.out = dir.file("all.pdf");
    const auto all = db::export_pack(c, req);
    const std::string pdf2 = slurp(req.out);
    CHECK(count_pdf_pages(pdf2) == all.pages);
    CHECK(all.pages >= 3 + 15 / 6);
    CHECK(all.pages <= 3 + 15 / 2 + 1);
    CHECK_THAT(pdf2, Catch::Contains("/MediaBox [ 0 0 612 792 ]"));
}

TEST_CASE("an SVG pack is a folder with one file a puzzle", "[export]") {
    TempDir dir;
    const std::string path = dir.file("c.db");
    test::build_seed_corpus(path);
    db::Corpus c = db::Corpus::open_existing(path);
    db::ExportRequest req;
    req.format = db::PackFormat::Svg;
    req.count = 3;
    req.solutions = true;
    req.out = dir.file("svgs");
    const auto res = db::export_pack(c, req);
    REQUIRE(res.files.size() == 6);
    for (const auto& name : res.files) {
        const std::string svg = slurp(req.out + "/" + name);
        CHECK_THAT(svg, Catch::Contains("<svg"));
    }
    CHECK(std::filesystem::exists(req.out + "/001.svg"));
    CHECK(std::filesystem::exists(req.out + "/003-solution.svg"));
    // The folder is now taken: a second pack into it is refused and not recorded.
    CHECK_THROWS(db::export_pack(c, req));
    CHECK(c.packs().size() == 1);
}
