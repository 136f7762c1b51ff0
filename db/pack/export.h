// Packs: K puzzles chosen by the filters, written as a file (a PDF book, an SVG
// folder or a text format) and recorded in the corpus in the same transaction.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "db/pack/text.h"
#include "db/render/render.h"
#include "db/store/corpus.h"

namespace kk::db {

enum class PackFormat { Pdf, Svg, Neknek, Json, Keen, Cancan, Dataset };
// Each pack format's name and, for the text ones, how its puzzles are written.
struct PackFormatName {
    PackFormat value;
    std::string_view name;
    TextFormat text;  // Table: not a text format
};
inline constexpr PackFormatName kPackFormats[] = {
    {PackFormat::Pdf, "pdf", TextFormat::Table},
    {PackFormat::Svg, "svg", TextFormat::Table},
    {PackFormat::Neknek, "neknek", TextFormat::Neknek},
    {PackFormat::Json, "json", TextFormat::Json},
    {PackFormat::Keen, "keen", TextFormat::Keen},
    {PackFormat::Cancan, "cancan", TextFormat::Cancan},
    {PackFormat::Dataset, "dataset", TextFormat::Dataset},
};

// Said of an --out that is a process's open file (/dev/stdout, /dev/fd/N), after its name.
inline constexpr const char* kOpenDescriptor =
    " is an open file of the process (standard output?), not a file to make: give --out - "
    "for standard output";

// Text formats can go to standard output: ExportRequest::out "-".
bool is_text_format(PackFormat f);

std::optional<PackFormat> parse_pack_format(const std::string& name);
const char* pack_format_name(PackFormat f);

struct ExportRequest {
    std::string out;  // the file; for svg, the folder; "-": stdout (text formats)
    PackFormat format = PackFormat::Pdf;
    BookWords words;    // words.title also names the pack
    BookLayout layout;  // pdf: trim, bleed, per page, large print, walkthrough
    bool solutions = false;
    bool allow_repeats = false;  // otherwise only puzzles never published before
    bool dry_run = false;        // choose and plan, but write and record nothing
    bool replace = false;        // the pack may replace an existing file (--force)
    QueryFilter filter;          // its order picks which puzzles
    int count = 0;
    std::string date;  // for the copyright page; empty: today (UTC)
};

struct ExportResult {
    int available = 0;                     // puzzles matching the filters
    std::int64_t pack_id = 0;              // 0 when nothing was recorded
    std::vector<std::int64_t> puzzle_ids;  // in pack order, number 1 first
    int pages = 0;                         // pdf only
    std::optional<BookPlan> plan;          // pdf only
    std::vector<std::string> warnings;     // pdf: book_warnings, for stderr
    std::vector<std::string> files;        // what was written
    // pdf, svg: the most of the pack's puzzles in memory at once (read from the corpus
    // a few at a time as the pages are drawn, so it does not grow with the pack).
    std::size_t most_puzzles_held = 0;
    RelabelledVariants relabelled;  // text formats: variants read back as others
    // With replace: the last pack recorded in this corpus whose file this pack replaced
    // (0: none), decided while the pack is recorded, so that of two exports to one name
    // at once the second learns of the first's.
    std::int64_t replaced_pack = 0;
    // Packs' files put in place for exports into this folder that were killed after
    // recording their pack and before naming its file.
    std::vector<std::string> settled;
    // Packs such an export recorded whose name another file took before it was put
    // there (its own --force target, or a newer file): unpublished (id, file). They
    // were unpublished without a word.
    std::vector<std::pair<std::int64_t, std::string>> unpublished;
};

// Chooses, writes and records a pack: books (pdf, svg) by size and then easiest
// first, text packs easiest first. Fewer matching puzzles than asked for, or a dry
// run: writes and records nothing (pack_id 0). Throws std::invalid_argument for a
// bad request, other exceptions on I/O or database errors, leaving neither file nor
// record behind.
ExportResult export_pack(Corpus& corpus, const ExportRequest& request);

}  // namespace kk::db
