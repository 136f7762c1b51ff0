// Test helpers: folders for CLI tests that need more than a temporary path.
#pragma once

#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "tests/support/cli_run.h"
#include "tests/support/test_files.h"

// A folder anyone may write in (the tests run some commands as nobody).
struct SharedFolder {
    TempPath temp;
    explicit SharedFolder(const std::string& name) : temp(name) {
        std::filesystem::create_directory(temp.path);
        chmod(temp.str().c_str(), 0777);
    }
    ~SharedFolder() { chmod(temp.str().c_str(), 0755); }
    std::string operator/(const std::string& file) const { return (temp.path / file).string(); }
};

// A folder holding a small corpus of 4x4 puzzles (corpus.db, seed 3).
struct CorpusFolder {
    TempPath temp;
    std::string db;
    explicit CorpusFolder(const std::string& name) : temp(name) {
        std::filesystem::create_directory(temp.path);
        db = (temp.path / "corpus.db").string();
        REQUIRE(run_kenken("generate -q --db " + db + " --sizes 4 -n 6 --seed 3").status == 0);
    }
    std::string operator/(const std::string& file) const { return (temp.path / file).string(); }
};
