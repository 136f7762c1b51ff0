// A tmpfs mounted on a folder for the length of a test (root only), to be made read-only
// as a DVD, a share or a container's read-only volume is: SQLite can make no -shm file.
#pragma once

#include <filesystem>
#include <string>

#include "tests/support/cli_run.h"

struct TmpfsMount {
    std::string at;
    bool mounted = false;
    // Makes the folder and mounts a tmpfs of size ("4m") on it; mounted says whether
    // that was allowed (not as a user: skip the test).
    TmpfsMount(const std::filesystem::path& folder, const std::string& size) : at(folder.string()) {
        std::filesystem::create_directories(folder);
        mounted = run_shell("mount -t tmpfs -o size=" + size + " tmpfs " + at).status == 0;
    }
    ~TmpfsMount() {
        if (mounted) run_shell("umount " + at);
    }
    TmpfsMount(const TmpfsMount&) = delete;
    TmpfsMount& operator=(const TmpfsMount&) = delete;
    bool remount_read_only() const { return run_shell("mount -o remount,ro " + at).status == 0; }
};
