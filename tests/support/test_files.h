// Test helpers: the test data and the kenken binary, a file's whole contents, a file
// written, a temporary path.
#pragma once

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

// tests/data, where the puzzle files the tests read are.
inline const std::string kTestData = KENKEN_TEST_DATA;

// The kenken binary the tests run.
inline const std::string kKenken = KENKEN_BINARY;

// The source tree (tests/data's grandparent): its scripts and configurations.
inline const std::filesystem::path kSource =
    std::filesystem::path(kTestData).parent_path().parent_path();

// A path as one shell word (no test path holds a single quote).
inline std::string shell_quoted(const std::filesystem::path& path) {
    return "'" + path.string() + "'";
}

// How many times needle occurs in text (overlaps counted).
inline int occurrences(const std::string& text, const std::string& needle) {
    int n = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
    return n;
}

inline std::string slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    INFO("reading " << path.string());
    REQUIRE(in.good());
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void write_file(const std::filesystem::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

// A path in the temporary folder, unique to this process, removed (with the lock file and SQLite's
// -wal, -shm and -journal companions) before use and after.
struct TempPath {
    std::filesystem::path path;
    explicit TempPath(const std::string& name)
        : path(std::filesystem::temp_directory_path() /
               ("kenken-test-" + std::to_string(getpid()) + "-" + name)) {
        clear();
    }
    ~TempPath() { clear(); }
    TempPath(const TempPath&) = delete;
    TempPath& operator=(const TempPath&) = delete;
    // Never throws: it runs in the destructor, also while a failed REQUIRE unwinds
    // (a test may leave a folder here, or a file in it).
    void clear() noexcept {
        std::error_code ignored;
        for (const char* ext : {"", "-wal", "-shm", "-journal", ".lock", ".new"})
            std::filesystem::remove_all(path.string() + ext, ignored);
    }
    std::string str() const { return path.string(); }
};

inline void write_file(const TempPath& p, const std::string& text) {
    write_file(p.path, text);
}
