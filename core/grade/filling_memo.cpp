#include "core/grade/filling_memo.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace kk {
namespace {

constexpr int kWays = 4;

// An entry as 16-bit fields: the key, then the summary, then the fill by cell.
constexpr int kKeyFields = FillingMemo::kMaxKeptCells + 1;
constexpr int kValuesField = kKeyFields;
constexpr int kRowNeedFields = kValuesField + 1;
constexpr int kColNeedFields = kRowNeedFields + kMaxSize;
constexpr int kFillFields = kColNeedFields + kMaxSize;
constexpr int kEntryFields = kFillFields + FillingMemo::kMaxKeptCells;
// ... read and written a 64-bit word at a time (atomically: another thread may be at it).
constexpr int kKeyWords = kKeyFields / 4;
constexpr int kEntryWords = (kEntryFields + 3) / 4;
static_assert(kKeyFields % 4 == 0, "the key fills whole words");

struct Fields {
    std::uint16_t f[4 * kEntryWords];
};

// Nonzero, from the hash bits the bucket index does not use.
std::uint16_t tag_of(std::uint64_t hash) {
    return static_cast<std::uint16_t>((hash >> 48) | 1u);
}

std::uint16_t tag_at(std::uint64_t tags, int way) {
    return static_cast<std::uint16_t>(tags >> (16 * way));
}

std::uint64_t load(std::uint64_t& word) {
    return std::atomic_ref<std::uint64_t>(word).load(std::memory_order_relaxed);
}
void store(std::uint64_t& word, std::uint64_t value) {
    std::atomic_ref<std::uint64_t>(word).store(value, std::memory_order_relaxed);
}

// The entries' words, uninitialized. A big table is asked for in huge pages: filling
// 13 MB of fresh 4 KB pages cost a page fault each, 6% of a long grade's time in a VM.
struct FreeWords {
    void operator()(std::uint64_t* p) const { std::free(p); }
};
using Words = std::unique_ptr<std::uint64_t[], FreeWords>;

Words new_words(std::size_t count) {
    constexpr std::size_t kHugePage = std::size_t{2} << 20;
    const std::size_t bytes = count * sizeof(std::uint64_t);
    const bool huge = bytes >= kHugePage;
    void* p = huge ? std::aligned_alloc(kHugePage, (bytes + kHugePage - 1) / kHugePage * kHugePage)
                   : std::malloc(bytes);
    if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (huge) madvise(p, bytes, MADV_HUGEPAGE);  // a hint: without, plain pages
#endif
    return Words(static_cast<std::uint64_t*>(p));
}

}  // namespace

struct FillingMemo::Table {
    struct Bucket {
        std::atomic<std::uint32_t> seq{0};   // odd while a writer is at the bucket
        std::atomic<std::uint64_t> tags{0};  // 16 bits a way, 0: empty
    };
    std::unique_ptr<Bucket[]> buckets;
    Words words;  // kEntryWords an entry, kWays a bucket
    std::size_t bucket_mask = 0;
    std::size_t kept = 0;  // keeps since it last grew (while it may grow)

    std::size_t entries() const { return buckets ? (bucket_mask + 1) * kWays : 0; }
    std::uint64_t* entry(std::size_t bucket, int way) {
        return &words[(bucket * kWays + static_cast<std::size_t>(way)) * kEntryWords];
    }
    void grow(std::size_t to_entries);
    void put(std::uint64_t hash, const std::uint64_t* entry, unsigned& next_way);
};

namespace {

std::uint64_t hash_of(const std::uint64_t* key) {
    std::uint64_t h = 0;
    for (int w = 0; w < kKeyWords; ++w) {
        h = (h ^ key[w]) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
    }
    return h ^ (h >> 32);
}

}  // namespace

FillingMemo::FillingMemo() = default;
FillingMemo::~FillingMemo() = default;

bool FillingMemo::find(int cage, const int* cells, int count, const Candidates* cand,
                       CageSummary& summary, Candidates* fill) {
    key_ = Key{};
    if (count > kMaxKeptCells) return false;  // key_[0] == 0: keep() keeps nothing
    key_[0] = static_cast<std::uint16_t>(cage + 1);
    for (int j = 0; j < count; ++j) key_[j + 1] = cand[cells[j]];
    std::uint64_t key[kKeyWords];
    std::memcpy(key, key_.data(), sizeof key);
    hash_ = hash_of(key);
    if (!table_ || !table_->buckets) return false;
    Table& t = *table_;
    const std::size_t bucket = hash_ & t.bucket_mask;
    Table::Bucket& b = t.buckets[bucket];
    const std::uint32_t seq = b.seq.load(std::memory_order_acquire);
    if (seq & 1) return false;  // being written
    const std::uint64_t tags = b.tags.load(std::memory_order_relaxed);
    const std::uint16_t tag = tag_of(hash_);
    for (int w = 0; w < kWays; ++w) {
        if (tag_at(tags, w) != tag) continue;
        std::uint64_t* e = t.entry(bucket, w);
        Fields got;
        std::uint64_t words[kEntryWords];
        for (int i = 0; i < kEntryWords; ++i) words[i] = load(e[i]);
        std::atomic_thread_fence(std::memory_order_acquire);
        if (b.seq.load(std::memory_order_relaxed) != seq) return false;  // written meanwhile
        if (std::memcmp(words, key, sizeof key) != 0) continue;
        std::memcpy(got.f, words, sizeof words);
        ++hits_;
        summary.values = got.f[kValuesField];
        for (int i = 0; i < kMaxSize; ++i) {
            summary.row_need[i] = got.f[kRowNeedFields + i];
            summary.col_need[i] = got.f[kColNeedFields + i];
        }
        for (int j = 0; j < count; ++j) fill[cells[j]] = got.f[kFillFields + j];
        return true;
    }
    return false;
}

void FillingMemo::keep(const CageSummary& summary, const int* cells, int count,
                       const Candidates* fill) {
    if (!key_[0]) return;
    if (!table_) table_ = std::make_shared<Table>();
    Table& t = *table_;
    if (t.entries() < kMaxEntries) {  // not shared: share_table_of grows it to the end
        if (!t.buckets) t.grow(kFirstEntries);
        if (2 * t.kept >= t.entries()) t.grow(2 * t.entries());  // half full
        ++t.kept;
    }
    Fields put{};
    std::memcpy(put.f, key_.data(), sizeof key_);
    put.f[kValuesField] = summary.values;
    for (int i = 0; i < kMaxSize; ++i) {
        put.f[kRowNeedFields + i] = summary.row_need[i];
        put.f[kColNeedFields + i] = summary.col_need[i];
    }
    for (int j = 0; j < count; ++j) put.f[kFillFields + j] = fill[cells[j]];
    std::uint64_t words[kEntryWords];
    std::memcpy(words, put.f, sizeof words);
    t.put(hash_, words, next_way_);
    key_[0] = 0;  // kept once
}

void FillingMemo::share_table_of(FillingMemo& other) {
    if (!other.table_) other.table_ = std::make_shared<Table>();
    if (other.table_->entries() < kMaxEntries) other.table_->grow(kMaxEntries);
    table_ = other.table_;
}

// Into an empty way of the bucket, else the next one in turn. A bucket another thread is
// writing is left alone: the entry is not kept.
void FillingMemo::Table::put(std::uint64_t hash, const std::uint64_t* entry_words,
                             unsigned& next_way) {
    const std::size_t bucket = hash & bucket_mask;
    Bucket& b = buckets[bucket];
    std::uint32_t seq = b.seq.load(std::memory_order_relaxed);
    if ((seq & 1) || !b.seq.compare_exchange_strong(seq, seq + 1, std::memory_order_acquire))
        return;
    std::atomic_thread_fence(std::memory_order_release);
    std::uint64_t tags = b.tags.load(std::memory_order_relaxed);
    int way = -1;
    for (int w = 0; w < kWays && way < 0; ++w)
        if (!tag_at(tags, w)) way = w;
    if (way < 0) way = static_cast<int>(next_way++ % kWays);
    std::uint64_t* e = entry(bucket, way);
    for (int i = 0; i < kEntryWords; ++i) store(e[i], entry_words[i]);
    tags &= ~(std::uint64_t{0xffff} << (16 * way));
    tags |= std::uint64_t{tag_of(hash)} << (16 * way);
    b.tags.store(tags, std::memory_order_relaxed);
    b.seq.store(seq + 2, std::memory_order_release);
}

// To_entries (a power of two), with the entries kept so far moved over. Only while one
// thread uses the table.
void FillingMemo::Table::grow(std::size_t to_entries) {
    const std::size_t old_buckets = buckets ? bucket_mask + 1 : 0;
    std::unique_ptr<Bucket[]> old = std::move(buckets);
    Words old_words = std::move(words);
    const std::size_t count = to_entries / kWays;
    buckets = std::make_unique<Bucket[]>(count);
    words = new_words(to_entries * kEntryWords);
    bucket_mask = count - 1;
    kept = 0;
    unsigned next_way = 0;
    for (std::size_t i = 0; i < old_buckets; ++i) {
        const std::uint64_t tags = old[i].tags.load(std::memory_order_relaxed);
        for (int w = 0; w < kWays; ++w) {
            if (!tag_at(tags, w)) continue;
            const std::uint64_t* e =
                &old_words[(i * kWays + static_cast<std::size_t>(w)) * kEntryWords];
            put(hash_of(e), e, next_way);
            ++kept;
        }
    }
}

}  // namespace kk
