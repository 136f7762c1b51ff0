// Internal to db/pack's export (export.cpp): the chosen puzzles of a pack written out.
// The puzzles are read back from the corpus in pack order as they are written, so
// memory does not grow with the pack, and each chosen entry's digest becomes that of
// the puzzle as written (Corpus::still_as_read then checks it before the pack is
// recorded).
#pragma once

#include <filesystem>
#include <ostream>
#include <vector>

#include "db/pack/export.h"
#include "db/store/corpus.h"

namespace kk::db {

// Thrown when a chosen puzzle is gone from the corpus while its pack is written: the
// pack is chosen again.
struct ChosenGone {};

// A dry run of a PDF pack: its plan, pages and the most puzzles held at once, into
// result.
void plan_pdf_pack(Corpus& corpus, const ExportRequest& req, std::vector<PackEntry>& chosen,
                   ExportResult& result);

// A text pack (format a text format) to out; relabelled gets the variants the format
// could not label.
void write_text(Corpus& corpus, std::vector<PackEntry>& chosen, PackFormat format,
                std::ostream& out, RelabelledVariants& relabelled);

// The pack in req's format under the name part (a file; an SVG pack a folder); fills
// the result's pages (pdf), files and relabelled variants.
void write_part(Corpus& corpus, const ExportRequest& req, std::vector<PackEntry>& chosen,
                const std::filesystem::path& part, ExportResult& result);

}  // namespace kk::db
