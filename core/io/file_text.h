// Reading a whole text file, or a stream, with a size cap: endless input such as
// /dev/zero ends in a message, not in memory growing without bound.
#pragma once

#include <cstddef>
#include <istream>
#include <string>

namespace kk {

// "larger than N MiB: not WHAT": what the readers below say of input past the cap.
std::string over_cap_problem(std::size_t max_bytes, const std::string& what);

// Appends the stream to text, up to max_bytes. Returns "" when it reads fine, else the
// problem: "larger than N MiB: not WHAT", or "cannot read the file". what names
// what the input should be ("a puzzle file").
std::string read_capped(std::istream& in, std::size_t max_bytes, const std::string& what,
                        std::string& text);

// The same for a file by its path (a regular file past the cap is refused unread); a folder, a
// missing or unreadable file is a problem too ("is a folder, not WHAT", "cannot read the file: no
// such file").
std::string read_file_capped(const std::string& path, std::size_t max_bytes,
                             const std::string& what, std::string& text);

}  // namespace kk
