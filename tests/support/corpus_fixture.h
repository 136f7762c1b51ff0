// A small corpus for the [corpus], [query] and [export] tests: the seed puzzles in
// tests/data that have a solution, with levels and scores given here.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "core/io/formats.h"
#include "core/model/canonical.h"
#include "db/store/corpus.h"
#include "pipeline/factory/counters.h"
#include "tests/support/test_files.h"

namespace kk::test {

// A fresh folder under the system temp folder, removed with everything in it.
struct TempDir {
    std::filesystem::path path;
    TempDir() {
        std::string tmpl = (std::filesystem::temp_directory_path() / "kk-corpus-XXXXXX").string();
        path = mkdtemp(tmpl.data());
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    std::string file(const std::string& name) const { return (path / name).string(); }
};

struct SeedPuzzle {
    std::string name;
    Puzzle puzzle;
    Grid solution;
};

// "1 3 2\n2 1 3\n..." -> grid.
inline Grid read_solution_rows(const std::string& text) {
    Grid g;
    std::istringstream in(text);
    int v;
    while (in >> v) g.push_back(v);
    return g;
}

// Every tests/data/NAME.neknek that has a NAME.solution, sorted by name.
inline std::vector<SeedPuzzle> seed_puzzles() {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(kTestData))
        if (entry.path().extension() == ".neknek") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    std::vector<SeedPuzzle> out;
    for (const auto& f : files) {
        auto solution_file = f;
        solution_file.replace_extension(".solution");
        if (!std::filesystem::exists(solution_file)) continue;
        auto parsed = read_puzzles(slurp(f), Format::Neknek);
        out.push_back(
            {f.stem().string(), parsed.at(0).puzzle, read_solution_rows(slurp(solution_file))});
    }
    return out;
}

inline const char* const kTestLevels[] = {"easy", "normal", "hard", "extreme", "unreasonable"};

// The record the tests store for seed puzzle i: levels cycle through the five,
// scores are distinct and not in id order.
inline db::PuzzleRecord seed_record(const SeedPuzzle& s, int i, std::int64_t run_id) {
    db::PuzzleRecord r;
    db::describe_structure(s.puzzle, r);
    r.neknek = write_neknek(s.puzzle);
    r.solution = db::solution_text(s.solution);
    r.level = kTestLevels[i % 5];
    r.score = 1.0 + ((i * 7) % 15) * 0.5;
    r.canonical = canonical_form(s.puzzle);
    r.seed = 0xFEDCBA9876543210ULL + static_cast<std::uint64_t>(i);
    r.candidate = i;
    r.run_id = run_id;
    return r;
}

// A corpus at path holding every seed puzzle, stored by one finished run.
inline std::vector<SeedPuzzle> build_seed_corpus(const std::string& path) {
    auto seeds = seed_puzzles();
    db::Corpus corpus = db::Corpus::open(path);
    const auto run = corpus.begin_run("sizes = [3, 4, 5, 6, 7, 8]\n", 42, "3-8", "{}");
    corpus.begin();
    for (size_t i = 0; i < seeds.size(); ++i)
        corpus.insert_puzzle(seed_record(seeds[i], static_cast<int>(i), run));
    // The factory's counters for a run whose 15 candidates all made it to the corpus.
    RunCounters counters;
    counters.candidates = seeds.size();
    counters.passed.fill(seeds.size());
    counters.outcomes[static_cast<size_t>(Outcome::Stored)] = seeds.size();
    corpus.save_progress(run, "{\"next\":15}", counters.to_json().dump());
    corpus.commit();
    corpus.set_run_status(run, "finished", counters.to_json().dump(), true);
    return seeds;
}

}  // namespace kk::test
