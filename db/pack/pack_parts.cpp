// Hidden part files beside an export's target (pack_parts.h).
#include "db/pack/pack_parts.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
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

// The name export gives a part for out: pid's, and, once whole and recorded, its pack's
// id and its corpus's tag.
std::string part_name(const fs::path& out, std::int64_t pack_id, const std::string& corpus,
                      long pid) {
    const std::string tail =
        (pack_id ? kPackTag + std::to_string(pack_id) + (corpus.empty() ? "" : "-" + corpus)
                 : std::string()) +
        kPartTag + std::to_string(pid);
    std::string name = out.filename().string();
    const std::size_t room = folder_name_max(out) - 1 - tail.size();
    if (name.size() > room) name.resize(room);
    return "." + name + tail;
}

// A ready part whose export was killed: its pack committed, or not. It is the record's
// when its name is exactly the one that export gave it (the record's file name, the
// pack's id, this corpus's tag and the export's pid): then its file is put in place,
// or, if the name has been taken since, the pack is unpublished, as the export would
// have done. A name that only began like the record's file took another corpus's part
// for this one's pack of the same id. A folder moved since the kill keeps the file: it
// goes in place there, and the record says so. With no such record (killed before
// the commit) the part goes. Adds what it did to settled.
//
// One settler at a time, under the corpus's write lock: two exports started together
// into the folder both saw the part, and the second, finding it renamed into place by
// the first, unpublished the pack, so its file stayed unrecorded and the next export
// printed its puzzles again. The part is looked for again once the lock is held.
void settle_ready_part(Corpus& corpus, const fs::path& part, std::int64_t pack_id,
                       const std::string& tag, long pid, ExportResult& settled) {
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
        const fs::path here = folder_of(part) / recorded.filename();
        const bool ours = row && row->out != "-" && !recorded.filename().empty() &&
                          part.filename().string() == part_name(here, pack_id, tag, pid);
        if (ours) {
            const bool moved = !fs::equivalent(folder_of(recorded), folder_of(part), ec);
            const fs::path placed = moved ? fs::absolute(here) : recorded;
            if (moved) corpus.set_pack_out(pack_id, placed.string());
            if (::renameat2(AT_FDCWD, part.c_str(), AT_FDCWD, here.c_str(), RENAME_NOREPLACE) ==
                0) {
                if (moved)
                    corpus.commit();
                else
                    corpus.abandon();  // nothing written: the record stands
                settled.settled.push_back(placed.string());
                return;
            }
            if (corpus.delete_pack(pack_id))
                settled.unpublished.emplace_back(pack_id, placed.string());
        }
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

fs::path part_path(const fs::path& out, std::int64_t pack_id, const std::string& corpus) {
    return out.parent_path() / part_name(out, pack_id, corpus, ::getpid());
}

std::string corpus_tag(Corpus& corpus) {
    struct stat st {};
    if (::stat(corpus.file_name().c_str(), &st) != 0) return "0";
    char tag[17];
    std::snprintf(tag, sizeof tag, "%016llx",
                  static_cast<unsigned long long>(st.st_ino) * 0x9e3779b97f4a7c15ull ^
                      static_cast<unsigned long long>(st.st_dev));
    return tag;
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
    const std::string ours = corpus_tag(corpus);
    for (const fs::path& part : stale) {
        const std::string name = part.filename().string();
        const std::string head = name.substr(0, name.rfind(kPartTag));
        const size_t tag = head.rfind(kPackTag);
        // A ready part's "ID-CORPUS" (an older kenken's: "ID").
        const std::string ready =
            tag == std::string::npos ? "" : head.substr(tag + std::strlen(kPackTag));
        const std::string id = ready.substr(0, ready.find('-'));
        const std::string corpus_of =
            ready.find('-') == std::string::npos ? "" : ready.substr(ready.find('-') + 1);
        if (all_digits(id)) {
            // Another corpus's pack of this id: that corpus's next export settles it.
            if (!corpus_of.empty() && corpus_of != ours) continue;
            settle_ready_part(corpus, part, std::stoll(id), corpus_of, part_pid(name), settled);
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
