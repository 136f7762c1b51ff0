// Hidden part files beside an export's target (pack_parts.h).
#include "db/pack/pack_parts.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "core/io/new_file.h"

namespace kk::db {
namespace fs = std::filesystem;
namespace {

constexpr const char* kPartTag = ".kkpart-";
constexpr const char* kPackTag = ".kkpack-";  // a ready part: its pack id follows

bool all_digits(const std::string& s) {
    return !s.empty() && s.size() < 19 && s.find_first_not_of("0123456789") == std::string::npos;
}

bool process_alive(long pid) {
    return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM);
}

// A ready part whose export was killed: its pack committed, or not. The record names
// its file; when that is in this folder and starts as the part's name does, the pack
// was recorded, and its file is put in place, or, if the name has been taken since,
// the pack is unpublished, as the export would have done. With no such record (killed
// before the commit) the part goes. Adds what it did to settled.
//
// One settler at a time, under the corpus's write lock: two exports started together
// into the folder both saw the part, and the second, finding it renamed into place by
// the first, unpublished the pack, so its file stayed unrecorded and the next export
// printed its puzzles again. The part is looked for again once the lock is held.
void settle_ready_part(Corpus& corpus, const fs::path& part, std::int64_t pack_id,
                       const std::string& prefix, ExportResult& settled) {
    corpus.begin();
    try {
        std::error_code ec;
        if (!fs::exists(fs::symlink_status(part, ec))) {  // settled by another export
            corpus.abandon();
            return;
        }
        std::optional<PackRow> row;
        for (PackRow& p : corpus.packs())
            if (p.id == pack_id) row = std::move(p);
        const fs::path recorded = row ? fs::path(row->out) : fs::path();
        const bool ours = row && row->out != "-" &&
                          fs::equivalent(folder_of(recorded), folder_of(part), ec) &&
                          recorded.filename().string().rfind(prefix, 0) == 0;
        if (ours && ::renameat2(AT_FDCWD, part.c_str(), AT_FDCWD, recorded.c_str(),
                                RENAME_NOREPLACE) == 0) {
            corpus.abandon();  // nothing written: the record stands
            settled.settled.push_back(recorded.string());
            return;
        }
        if (ours && corpus.delete_pack(pack_id))
            settled.unpublished.emplace_back(pack_id, recorded.string());
        // Committed before the part goes: a kill in between leaves a part without a
        // record, which the next export removes, never a record without its file.
        corpus.commit();
        fs::remove_all(part, ec);
    } catch (...) {
        corpus.abandon();
        throw;
    }
}

}  // namespace

fs::path part_path(const fs::path& out, std::int64_t pack_id) {
    const std::string tail = (pack_id ? kPackTag + std::to_string(pack_id) : std::string()) +
                             kPartTag + std::to_string(::getpid());
    std::string name = out.filename().string();
    const std::size_t room = folder_name_max(out) - 1 - tail.size();
    if (name.size() > room) name.resize(room);
    return out.parent_path() / ("." + name + tail);
}

long part_pid(const std::string& name) {
    const size_t tag = name.rfind(kPartTag);
    if (name.empty() || name[0] != '.' || tag == std::string::npos) return 0;
    const std::string pid = name.substr(tag + std::strlen(kPartTag));
    return all_digits(pid) ? std::stol(pid) : 0;
}

ExportResult settle_stale_parts(Corpus& corpus, const fs::path& out) {
    const fs::path dir = out.parent_path().empty() ? fs::path(".") : out.parent_path();
    std::vector<fs::path> stale;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (const long pid = part_pid(it->path().filename().string()); pid && !process_alive(pid))
            stale.push_back(it->path());
    ExportResult settled;
    for (const fs::path& part : stale) {
        const std::string name = part.filename().string();
        const std::string head = name.substr(0, name.rfind(kPartTag));
        const size_t tag = head.rfind(kPackTag);
        const std::string id =
            tag == std::string::npos ? "" : head.substr(tag + std::strlen(kPackTag));
        if (all_digits(id)) {
            settle_ready_part(corpus, part, std::stoll(id), head.substr(1, tag - 1), settled);
            continue;
        }
        std::error_code rm;
        fs::remove_all(part, rm);
    }
    return settled;
}

void place_part(const fs::path& part, const fs::path& out, bool replace) {
    if (replace) {
        fs::rename(part, out);
        return;
    }
    if (::renameat2(AT_FDCWD, part.c_str(), AT_FDCWD, out.c_str(), RENAME_NOREPLACE) == 0) return;
    if (errno == EEXIST || errno == ENOTEMPTY)
        throw std::invalid_argument(
            out.string() +
            " appeared while the pack was written (another export to the same name?): nothing "
            "written or recorded" +
            (fs::is_directory(part) ? "" : "; --force replaces it"));
    // A file system without RENAME_NOREPLACE: the check and the rename are then two steps.
    if (errno != EINVAL && errno != ENOSYS)
        throw fs::filesystem_error("cannot rename", part, out,
                                   std::error_code(errno, std::generic_category()));
    std::error_code ec;
    if (fs::exists(out, ec) && !(fs::is_directory(out, ec) && fs::is_empty(out, ec)))
        throw std::invalid_argument(out.string() + " appeared while the pack was written");
    fs::rename(part, out);
}

}  // namespace kk::db
