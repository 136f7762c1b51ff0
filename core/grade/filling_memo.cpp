#include "core/grade/filling_memo.h"

#include <cstring>

namespace kk {
namespace {

// Nonzero, from the hash bits the bucket index does not use.
std::uint16_t tag_of(std::uint64_t hash) {
    return static_cast<std::uint16_t>((hash >> 48) | 1u);
}

}  // namespace

FillingMemo::FillingMemo() = default;
FillingMemo::~FillingMemo() = default;

std::uint64_t FillingMemo::hash(const Key& key) {
    std::uint64_t words[sizeof(Key) / 8];
    std::memcpy(words, key.data(), sizeof(Key));
    std::uint64_t h = 0;
    for (std::uint64_t w : words) {
        h = (h ^ w) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
    }
    return h ^ (h >> 32);
}

bool FillingMemo::find(int cage, const int* cells, int count, const Candidates* cand,
                       CageSummary& summary, Candidates* fill) {
    key_ = Key{};
    if (count > kMaxKeptCells) return false;  // key_[0] == 0: keep() keeps nothing
    key_[0] = static_cast<std::uint16_t>(cage + 1);
    for (int j = 0; j < count; ++j) key_[j + 1] = cand[cells[j]];
    hash_ = hash(key_);
    if (!tags_) return false;
    const std::size_t bucket = hash_ & bucket_mask_;
    const Tags& tags = tags_[bucket];
    const std::uint16_t tag = tag_of(hash_);
    for (int w = 0; w < kWays; ++w) {
        if (tags[w] != tag) continue;
        const Entry& e = entries_[bucket * kWays + w];
        if (e.key != key_) continue;
        ++hits_;
        summary.values = e.values;
        summary.row_need = e.row_need;
        summary.col_need = e.col_need;
        for (int j = 0; j < count; ++j) fill[cells[j]] = e.fill[j];
        return true;
    }
    return false;
}

void FillingMemo::keep(const CageSummary& summary, const int* cells, int count,
                       const Candidates* fill) {
    if (!key_[0]) return;
    const std::size_t entries = tags_ ? (bucket_mask_ + 1) * kWays : 0;
    if (!tags_ || (2 * kept_ >= entries && entries < kMaxEntries)) grow();  // half full
    ++kept_;
    Entry& e = slot(hash_ & bucket_mask_, tag_of(hash_));
    e.key = key_;
    e.values = summary.values;
    e.row_need = summary.row_need;
    e.col_need = summary.col_need;
    for (int j = 0; j < count; ++j) e.fill[j] = fill[cells[j]];
    key_[0] = 0;  // kept once
}

// An empty way of the bucket, else the next one in turn; tagged for the caller to fill.
FillingMemo::Entry& FillingMemo::slot(std::size_t bucket, std::uint16_t tag) {
    Tags& tags = tags_[bucket];
    int way = -1;
    for (int w = 0; w < kWays && way < 0; ++w)
        if (!tags[w]) way = w;
    if (way < 0) way = static_cast<int>(next_way_++ % kWays);
    tags[way] = tag;
    return entries_[bucket * kWays + way];
}

// Twice the buckets (or the first ones), with the entries kept so far moved over.
void FillingMemo::grow() {
    const std::size_t old_buckets = tags_ ? bucket_mask_ + 1 : 0;
    const std::size_t buckets = old_buckets ? 2 * old_buckets : kFirstEntries / kWays;
    std::unique_ptr<Tags[]> old_tags = std::move(tags_);
    std::unique_ptr<Entry[]> old_entries = std::move(entries_);
    tags_ = std::make_unique<Tags[]>(buckets);  // zeroed: all empty
    entries_ = std::make_unique_for_overwrite<Entry[]>(buckets * kWays);
    bucket_mask_ = buckets - 1;
    kept_ = 0;
    for (std::size_t i = 0; i < old_buckets; ++i)
        for (int w = 0; w < kWays; ++w) {
            if (!old_tags[i][w]) continue;
            const Entry& e = old_entries[i * kWays + w];
            const std::uint64_t h = hash(e.key);
            slot(h & bucket_mask_, tag_of(h)) = e;
            ++kept_;
        }
}

}  // namespace kk
