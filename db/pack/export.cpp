// Packs (export.h): the puzzles chosen, the pack written beside its name with no lock
// held (pack_contents.h), then recorded and placed in one write transaction.
#include "db/pack/export.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "core/io/new_file.h"
#include "core/io/stop_signals.h"
#include "db/pack/pack_contents.h"
#include "db/pack/pack_parts.h"
#include "db/pack/stdout_spool.h"

namespace kk::db {
namespace fs = std::filesystem;
namespace {

// Books run by size, then from the easiest to the hardest; text packs easiest first.
void book_order(std::vector<PackEntry>& chosen, bool by_size) {
    std::stable_sort(chosen.begin(), chosen.end(),
                     [by_size](const PackEntry& a, const PackEntry& b) {
                         if (by_size && a.size != b.size) return a.size < b.size;
                         return a.score != b.score ? a.score < b.score : a.id < b.id;
                     });
}

// The target must be a name we may create: not empty, not an existing folder (an
// svg pack may go into an empty one), not a device or a pipe.
void check_out(const ExportRequest& req) {
    if (req.out.empty()) throw std::invalid_argument("--out is empty");
    const fs::path out(req.out);
    if (out.filename().empty() || out.filename() == "." || out.filename() == "..") {
        // An SVG pack is a folder, so "not a file" told its user nothing to do.
        if (req.format == PackFormat::Svg)
            throw std::invalid_argument("--out " + req.out +
                                        " names a folder that exists: an SVG pack is a new "
                                        "folder, so name one that does not exist (-o pages, "
                                        "say)");
        throw std::invalid_argument("--out " + req.out + " names a folder, not a file");
    }
    if (names_open_descriptor(out))
        throw std::invalid_argument("--out " + req.out + kOpenDescriptor);
    // A pack under such a name was recorded, and the next export into the folder took
    // it for a killed export's part and removed it (or put it in place over another
    // pack's name).
    if (part_pid(out.filename().string()))
        throw std::invalid_argument("--out " + req.out +
                                    " has the form of export's own hidden part files "
                                    "(.NAME.kkpart-PID), which the next export into the "
                                    "folder removes: choose another name");
    std::error_code ec;
    if (req.format == PackFormat::Svg) {
        if (fs::exists(out, ec) && !(fs::is_directory(out, ec) && fs::is_empty(out, ec)))
            throw std::invalid_argument(req.out +
                                        " already exists: svg packs go into a new or empty folder");
    } else if (fs::is_directory(out, ec)) {
        throw std::invalid_argument("--out " + req.out + " is a folder, not a file");
    } else if (fs::exists(out, ec) && !fs::is_regular_file(out, ec)) {
        // The pack is renamed into place: over /dev/null it would replace the device.
        throw std::invalid_argument("--out " + req.out +
                                    " is not a regular file (a device or a pipe): name a file, "
                                    "or give --out - for standard output");
    }
    if (const std::string problem = folder_problem(out); !problem.empty())
        throw std::invalid_argument("--out " + req.out + ": " + problem);
    // A svg pack is a folder of files, a pdf or text pack one file.
    if (const std::string problem = umask_problem(req.format == PackFormat::Svg ? 0700 : 0600);
        !problem.empty() && !req.dry_run)
        throw std::runtime_error("--out " + req.out + ": " + problem);  // not bad input: exit 1
    // The pack is written beside its name and then renamed: in a folder we may not write
    // in it failed only once the book was made (minutes with worked solutions), and named
    // the hidden part file ("cannot write .book.pdf.kkpart-PID"), or cairo's raw error.
    if (!req.dry_run && ::access(folder_of(out).c_str(), W_OK | X_OK) != 0)
        throw std::runtime_error("--out " + req.out + ": cannot make files in the folder " +
                                 folder_of(out).string() + ": " + std::strerror(errno));
    if (const std::size_t max = folder_name_max(out); out.filename().string().size() > max)
        throw std::invalid_argument(
            "--out: the file name is " + std::to_string(out.filename().string().size()) +
            " bytes long, more than its folder takes (" + std::to_string(max) + ")");
}

}  // namespace

std::optional<PackFormat> parse_pack_format(const std::string& name) {
    return parse_name(kPackFormats, name);
}

const char* pack_format_name(PackFormat f) {
    return name_of(kPackFormats, f).data();
}

bool is_text_format(PackFormat f) {
    return f != PackFormat::Pdf && f != PackFormat::Svg;
}

namespace {

// How often a pack is chosen and written: again when, by the time it is recorded, another
// export took some of its puzzles (or a merge changed one); the last try holds the lock.
constexpr int kExportAttempts = 3;

// The filter's first req.count puzzles, in pack order; fewer when fewer match.
std::vector<PackEntry> choose(Corpus& corpus, const ExportRequest& req, QueryFilter filter,
                              ExportResult& result) {
    result.available = corpus.count(filter);
    if (result.available < req.count) return {};
    filter.limit = req.count;
    std::vector<PackEntry> chosen;
    PuzzleCursor cursor = corpus.scan(filter);
    for (PuzzleRecord r; cursor.next(r);) {
        record_score(r);  // a damaged score stops the pack, named, before it is sorted on
        chosen.push_back({r.id, r.size, r.score, record_digest(r)});
    }
    book_order(chosen, req.format == PackFormat::Pdf || req.format == PackFormat::Svg);
    for (const PackEntry& e : chosen) result.puzzle_ids.push_back(e.id);
    return chosen;
}

// The last pack recorded here whose file `out` is, while out exists (0: none). Asked in
// the write transaction that records the pack and lasts until it is placed: asked
// before the export (as the command did), two exports at once to one name each found
// none, and neither said that the other's file was replaced.
std::int64_t pack_at(Corpus& corpus, const fs::path& out) {
    std::error_code ec;
    if (!fs::exists(out, ec)) return 0;
    std::int64_t last = 0;
    for (const PackRow& p : corpus.packs())
        if (p.out != "-" && same_file(p.out, out.string())) last = std::max(last, p.id);
    return last;
}

PackRow pack_row(const ExportRequest& req, const QueryFilter& filter) {
    nlohmann::json filters = nlohmann::json::parse(filter_json(filter));
    filters["allow_repeats"] = req.allow_repeats;
    filters["solutions"] = req.solutions;
    if (req.format == PackFormat::Pdf) {
        filters["trim"] = req.layout.trim.name;
        filters["bleed"] = req.layout.bleed;
        filters["large_print"] = req.layout.large_print;
        filters["walkthrough"] = req.layout.walkthrough;
    }
    PackRow pack;
    pack.title = req.words.title;
    pack.filters = filters.dump();
    pack.format = pack_format_name(req.format);
    pack.out = req.out == "-" ? "-" : fs::absolute(req.out).string();
    return pack;
}

// A pack that failed because its folder was removed, or made read-only, while it was
// written: said so. It was "filesystem error: cannot rename: No such file or directory
// [dir/.o.pdf.kkpart-PID] [dir/.o.pdf.kkpack-1.kkpart-PID]", naming hidden files.
void throw_if_folder_changed(const fs::path& out) {
    std::string why = folder_problem(out);
    if (why.empty() && ::access(folder_of(out).c_str(), W_OK | X_OK) != 0)
        why = "cannot make files in the folder " + folder_of(out).string() + " (" +
              std::strerror(errno) + ")";
    if (!why.empty())
        throw std::runtime_error("--out " + out.string() + ": " + why +
                                 " any more: it changed while the pack was written; nothing "
                                 "written or recorded");
}

}  // namespace

ExportResult export_pack(Corpus& corpus, const ExportRequest& req) {
    if (req.count < 1) throw std::invalid_argument("--count must be at least 1");
    const bool to_stdout = req.out == "-";
    if (to_stdout && !is_text_format(req.format))
        throw std::invalid_argument("only text formats can be written to stdout (--out -)");
    if (!to_stdout) check_out(req);
    QueryFilter filter = req.filter;
    normalise(filter);
    filter.fresh = filter.fresh || !req.allow_repeats;
    filter.limit.reset();
    ExportResult settled;
    if (!to_stdout && !req.dry_run) settled = settle_stale_parts(corpus, req.out);

    // Choose and write, then record: the pack is written with no lock held (a book with
    // worked solutions takes minutes, and a generate waiting to commit a batch failed
    // after its 10 s busy timeout), then recorded in one write transaction that first
    // checks its puzzles are still as chosen: another export may have taken some
    // meanwhile, and then this one is chosen and written again. The last try holds the
    // write transaction from the choice on, as every export once did, so it cannot be
    // overtaken. The transaction commits once the whole file is beside its name, marked
    // with the pack's id, and the file is named after it; a failure before the commit
    // rolls it back and removes the file, one after it unpublishes the pack.
    const fs::path out(req.out), part = part_path(out);
    // Ctrl-C or kill while the part is written removes it (it was left until the next
    // export into that folder); the placing and recording wait for nothing to stop them.
    std::optional<RemoveOnStopSignal> stop_guard;
    if (!to_stdout && !req.dry_run) stop_guard.emplace(part.string());
    std::optional<StdoutSpool> spool;  // the text of a pack for stdout
    if (to_stdout && !req.dry_run) spool.emplace();
    for (int attempt = 1;; ++attempt) {
        const bool hold = attempt == kExportAttempts;
        if (hold) corpus.begin();
        std::int64_t committed = 0;  // the pack recorded; its file is placed after
        try {
            ExportResult result;
            std::vector<PackEntry> chosen = choose(corpus, req, filter, result);
            if (result.available < req.count || static_cast<int>(chosen.size()) < req.count) {
                corpus.abandon();
                result.puzzle_ids.clear();
                return result;
            }
            if (req.dry_run) {
                if (req.format == PackFormat::Pdf) plan_pdf_pack(corpus, req, chosen, result);
                corpus.abandon();
                return result;
            }
            if (to_stdout) {
                write_text(corpus, chosen, req.format, spool->rewrite(), result.relabelled);
                spool->finish();
            } else
                write_part(corpus, req, chosen, part, result);
            if (!hold) {
                corpus.begin();
                if (!corpus.still_as_read(chosen, filter.fresh)) {
                    corpus.abandon();
                    std::error_code ec;
                    fs::remove_all(part, ec);
                    continue;
                }
            }
            if (req.replace && !to_stdout) result.replaced_pack = pack_at(corpus, out);
            result.pack_id = corpus.record_pack(pack_row(req, filter), result.puzzle_ids);
            if (to_stdout) {
                // Written whole, then committed: a failed write records nothing.
                spool->copy_to_stdout();
                result.files.push_back("-");
                corpus.commit();
                return result;
            }
            // From here a stop signal waits. The part is renamed to say which pack it
            // is, the record commits, and then the part takes its name: a kill between
            // any two steps leaves a ready part that the next export into this folder
            // settles by the record (settle_ready_part). Placed first and recorded
            // after, a kill in between left a whole pack unrecorded, whose puzzles the
            // next book printed again.
            stop_guard->hold();
            const fs::path ready = part_path(out, result.pack_id, corpus_tag(corpus));
            fs::rename(part, ready);
            committed = result.pack_id;
            corpus.commit();
            // The empty folder the pack may go into, if there still is one: rmdir, not
            // remove, which also deleted a file another export had placed at that name
            // meanwhile (its recorded pack lost its file, and both named it). --force
            // replaces what is there (a link included), as it asks.
            if (req.format == PackFormat::Svg && req.replace) {
                std::error_code ec;
                fs::remove(out, ec);
            } else if (req.format == PackFormat::Svg) {
                ::rmdir(out.c_str());
            }
            place_part(ready, out, req.replace);
            if (result.files.empty()) result.files.push_back(req.out);
            result.settled = std::move(settled.settled);
            result.unpublished = std::move(settled.unpublished);
            stop_guard->release();
            return result;
        } catch (const ChosenGone&) {
            // Another process deleted a chosen puzzle while the pack was written: chosen
            // again (with the lock held from the choice on, nothing can go).
            std::error_code ec;
            fs::remove_all(part, ec);
            corpus.abandon();
            if (hold) {
                if (stop_guard) stop_guard->release();
                throw std::runtime_error("a chosen puzzle vanished while the pack was written");
            }
        } catch (...) {
            std::error_code ec;
            fs::remove_all(part, ec);
            if (committed) {
                // Recorded, not placed (its name was taken meanwhile): unpublished, so
                // its puzzles are fresh again. If even that fails, the ready part stays
                // for the next export to settle.
                try {
                    corpus.delete_pack(committed);
                    fs::remove_all(part_path(out, committed, corpus_tag(corpus)), ec);
                } catch (...) {
                }
            }
            corpus.abandon();
            if (stop_guard) stop_guard->release();
            if (!to_stdout) throw_if_folder_changed(out);
            throw;
        }
    }
}

}  // namespace kk::db
