// Internal to db/pack's export: the hidden part files a pack is written to beside its
// target, and what a killed export left of them.
//
// Files are written under a hidden name beside the target, ".NAME.kkpart-PID", and
// renamed over it when complete and recorded: never half a file under the real name.
// A part whose process is gone (killed) is removed, or if it was recorded put in
// place, by the next export into that folder.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "db/pack/export.h"
#include "db/store/corpus.h"

namespace kk::db {

// The part's name keeps as much of the target's as fits: a target name near the
// limit is valid, and the part must be too. With a pack id, the name of a part that
// is whole and recorded as that pack (".NAME.kkpack-ID-CORPUS.kkpart-PID"): it waits
// under it while the record commits, and then takes its own name. CORPUS is
// corpus_tag's: pack ids are a corpus's own, so two corpora exporting into one folder
// each settle only their own parts.
std::filesystem::path part_path(const std::filesystem::path& out, std::int64_t pack_id = 0,
                                const std::string& corpus = "");

// The corpus file's identity (its device and inode, as 16 hex digits): the same under
// any name for it (a link, a moved file), another for another corpus.
std::string corpus_tag(Corpus& corpus);

// The process id in a name of a part's form (".NAME.kkpart-PID"), or 0.
long part_pid(const std::string& name);

// Parts left by exports that were killed (their process is gone) are removed, but a
// ready one is settled by its record; another corpus's ready parts are left to it.
// Returns what was put in place or unpublished.
ExportResult settle_stale_parts(Corpus& corpus, const std::filesystem::path& out);

// Moves the finished part to its name. Without replace, only if nothing is there by
// then: two exports to one new name both passed the command's "already exists" check,
// and each renamed over the other's file, so every pack but the last was recorded with a
// file that no longer held it.
void place_part(const std::filesystem::path& part, const std::filesystem::path& out, bool replace);

}  // namespace kk::db
