// Checks for a file a command is about to make (a corpus, a pack): the folder it goes
// into, and how long a name that folder takes.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace kk {

// The folder the file goes into ("." for a bare name).
std::filesystem::path folder_of(const std::filesystem::path& file);

// "" when the file's folder exists, else "DIR is not a folder" (a file stands there) or
// "no folder DIR".
std::string folder_problem(const std::filesystem::path& file);

// The longest file name the file's folder takes (pathconf NAME_MAX; 255, the Linux file
// systems' limit, when the folder cannot say).
std::size_t folder_name_max(const std::filesystem::path& file);

// "" when the process's umask leaves the owner the permissions in `needed` (0600: read
// and write; 0700 for a folder to write into) on what it makes, else why not. Under
// umask 0277 a new corpus was made read-only and generate then failed with "cannot write
// CORPUS", blaming the file it had just made (and the lock file stayed unwritable).
std::string umask_problem(unsigned needed);

// Whether the name is, or leads through symbolic links to, a process's open file
// (/dev/stdout, /dev/fd/N, /proc/self/fd/N): not a file to make. `export -o /dev/stdout
// --force`, stdout redirected to a file, renamed the pack over the /dev/stdout link
// itself (the pack never reached stdout, and /dev/stdout was gone for the machine).
bool names_open_descriptor(const std::filesystem::path& file);

// The same file by inode (links, other spellings), or, while either does not exist
// yet, by real path ("merge --db new.db new.db" created new.db, then failed attaching it).
bool same_file(const std::string& a, const std::string& b);

}  // namespace kk
