#include "db/pack/export.h"

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "db/pack/text.h"

namespace kk::db {
namespace fs = std::filesystem;
namespace {

std::string today_utc() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
    return buf;
}

TextFormat text_format(PackFormat f) {
    const PackFormatName* e = entry_of(kPackFormats, f);
    return e ? e->text : TextFormat::Neknek;
}

Book make_book(const ExportRequest& req, const std::vector<PuzzleRecord>& chosen) {
    Book book;
    book.title = req.title;
    book.date = req.date.empty() ? today_utc() : req.date;
    book.paper = req.paper;
    book.solutions = req.solutions;
    int number = 0;
    for (const PuzzleRecord& r : chosen)
        book.puzzles.push_back({++number, record_puzzle(r), solution_grid(r.solution), r.level});
    return book;
}

// Written beside the target, renamed over it when complete: never half a file.
std::string part_path(const std::string& out) {
    return out + ".part";
}

void write_text_file(const std::string& out, const std::string& text) {
    const std::string part = part_path(out);
    {
        std::ofstream f(part, std::ios::binary | std::ios::trunc);
        f << text;
        f.close();
        if (!f) {
            std::error_code ec;
            fs::remove(part, ec);
            throw std::runtime_error("cannot write " + out);
        }
    }
    fs::rename(part, out);
}

int write_pdf(const std::string& out, const Book& book) {
    const std::string part = part_path(out);
    try {
        const int pages = render_pdf(book, part);
        fs::rename(part, out);
        return pages;
    } catch (...) {
        std::error_code ec;
        fs::remove(part, ec);
        throw;
    }
}

std::vector<std::string> write_svg_folder(const std::string& out, const Book& book) {
    std::error_code ec;
    if (fs::exists(out) && !(fs::is_directory(out) && fs::is_empty(out)))
        throw std::runtime_error(out + " already exists: svg packs go into a new or empty folder");
    const std::string part = part_path(out);
    fs::remove_all(part, ec);
    fs::create_directories(part);
    try {
        auto files = render_svg(book, part);
        fs::remove(out, ec);  // the empty folder, if there was one
        fs::rename(part, out);
        return files;
    } catch (...) {
        fs::remove_all(part, ec);
        throw;
    }
}

}  // namespace

std::optional<PackFormat> parse_pack_format(const std::string& name) {
    return parse_name(kPackFormats, name);
}

const char* pack_format_name(PackFormat f) {
    return name_of(kPackFormats, f).data();
}

ExportResult export_pack(Corpus& corpus, const ExportRequest& req) {
    if (req.count < 1) throw std::invalid_argument("--count must be at least 1");
    QueryFilter filter = req.filter;
    filter.fresh = filter.fresh || !req.allow_repeats;
    filter.limit.reset();

    ExportResult result;
    result.available = corpus.count(filter);
    if (result.available < req.count) return result;

    filter.limit = req.count;
    std::vector<PuzzleRecord> chosen = corpus.query(filter);
    // The pack runs from the easiest to the hardest.
    std::stable_sort(chosen.begin(), chosen.end(),
                     [](const PuzzleRecord& a, const PuzzleRecord& b) {
                         return a.score != b.score ? a.score < b.score : a.id < b.id;
                     });

    switch (req.format) {
        case PackFormat::Pdf:
            result.pages = write_pdf(req.out, make_book(req, chosen));
            break;
        case PackFormat::Svg:
            result.files = write_svg_folder(req.out, make_book(req, chosen));
            break;
        default:
            write_text_file(req.out, write_records(chosen, text_format(req.format)));
            break;
    }
    if (result.files.empty()) result.files.push_back(req.out);

    for (const PuzzleRecord& r : chosen) result.puzzle_ids.push_back(r.id);
    nlohmann::json filters = nlohmann::json::parse(filter_json(filter));
    filters["allow_repeats"] = req.allow_repeats;
    filters["solutions"] = req.solutions;
    filters["paper"] = req.paper == Paper::A4 ? "a4" : "letter";
    PackRow pack;
    pack.title = req.title;
    pack.filters = filters.dump();
    pack.format = pack_format_name(req.format);
    pack.out = fs::absolute(req.out).string();
    result.pack_id = corpus.record_pack(pack, result.puzzle_ids);
    return result;
}

}  // namespace kk::db
