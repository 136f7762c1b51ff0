// Packs: K puzzles chosen by the filters, written as a file (or an SVG folder)
// and recorded in the corpus once the file is complete.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
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

// Text formats can go to standard output: ExportRequest::out "-".
bool is_text_format(PackFormat f);

std::optional<PackFormat> parse_pack_format(const std::string& name);
const char* pack_format_name(PackFormat f);

struct ExportRequest {
    std::string out;  // the file; for svg, the folder; "-": stdout (text formats)
    PackFormat format = PackFormat::Pdf;
    std::string title = "KenKen";
    Paper paper = Paper::A4;
    bool solutions = false;
    bool allow_repeats = false;  // otherwise only puzzles never published before
    QueryFilter filter;          // its order picks which puzzles; the pack is by score
    int count = 0;
    std::string date;  // for the title page; empty: today (UTC)
};

struct ExportResult {
    int available = 0;                     // puzzles matching the filters
    std::int64_t pack_id = 0;              // 0 when nothing was written (not enough puzzles)
    std::vector<std::int64_t> puzzle_ids;  // in pack order, number 1 first
    int pages = 0;                         // pdf only
    std::vector<std::string> files;        // what was written
};

// Chooses, writes and records a pack. Fewer matching puzzles than asked for:
// writes nothing and returns pack_id 0. Throws on I/O or database errors, leaving
// no partial file behind.
ExportResult export_pack(Corpus& corpus, const ExportRequest& request);

}  // namespace kk::db
