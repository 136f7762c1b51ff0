// A file system mounted on a folder for the length of a test (root only), to be made
// read-only as a DVD, a share or a container's read-only volume is: SQLite can make
// no -shm file there.
#pragma once

#include <filesystem>
#include <string>

#include "tests/support/cli_run.h"

class TestMount {
  public:
    // A tmpfs of size ("4m") on folder (made when missing).
    static TestMount tmpfs(const std::filesystem::path& folder, const std::string& size) {
        return TestMount(folder, "-t tmpfs -o size=" + size + " tmpfs", false);
    }
    // source's files, seen again at folder.
    static TestMount bind(const std::filesystem::path& source,
                          const std::filesystem::path& folder) {
        return TestMount(folder, "--bind " + source.string(), true);
    }
    ~TestMount() {
        if (mounted_) run_shell("umount " + at_);
    }
    TestMount(const TestMount&) = delete;
    TestMount& operator=(const TestMount&) = delete;

    // Whether mounting was allowed (not as a user: skip the test).
    bool mounted() const { return mounted_; }
    const std::string& at() const { return at_; }
    bool remount_read_only() const {
        return run_shell("mount -o remount,ro" + std::string(bind_ ? ",bind " : " ") + at_)
                   .status == 0;
    }

  private:
    TestMount(const std::filesystem::path& folder, const std::string& what, bool bind)
        : at_(folder.string()), bind_(bind) {
        std::filesystem::create_directories(folder);
        mounted_ = run_shell("mount " + what + " " + at_).status == 0;
    }
    std::string at_;
    bool bind_;
    bool mounted_ = false;
};
