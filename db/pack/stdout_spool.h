// Internal to db/pack: the spool a text pack for stdout is written to first.
#pragma once

#include <array>
#include <ostream>
#include <streambuf>
#include <string>

namespace kk::db {

// A text pack for stdout is written to a temporary file first and copied out once it
// is recorded: a pack chosen again must not print twice, and its text held in memory
// grew with the pack. The file has no name from the start (in $TMPDIR, else /tmp), so
// nothing is left behind however the process ends (a reader gone, a kill).
class StdoutSpool : private std::streambuf {
  public:
    // Throws std::runtime_error (naming the folder) when no temporary file can be made.
    StdoutSpool();
    ~StdoutSpool() override;
    StdoutSpool(const StdoutSpool&) = delete;
    StdoutSpool& operator=(const StdoutSpool&) = delete;

    // Empty, to be written (again).
    std::ostream& rewrite();
    // What was written, whole: throws when the disk took less.
    void finish();
    // Copies the text to stdout; throws when stdout takes less.
    void copy_to_stdout();

  private:
    [[noreturn]] void fail();
    int overflow(int ch) override;
    int sync() override;

    std::string dir_;  // where it is
    int fd_ = -1;
    std::array<char, 1 << 16> buffer_{};
    std::ostream stream_;
};

}  // namespace kk::db
