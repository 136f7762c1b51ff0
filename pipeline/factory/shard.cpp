#include "pipeline/factory/shard.h"

#include <charconv>

#include "core/model/rng.h"
#include "pipeline/factory/config.h"

namespace kk {

namespace {
// Every shard's path goes on one `kenken merge` command line: 10,000 paths of some 40
// bytes stay well inside Linux's 2 MiB for arguments, 100,000 did not.
constexpr int kMaxShards = 10000;

// A whole number; one past int is kMaxShards + 1, so the range check names it (it
// was "not I/N").
bool parse_int(const std::string& s, int& out) {
    const char* end = s.data() + s.size();
    auto [p, ec] = std::from_chars(s.data(), end, out);
    if (ec == std::errc::result_out_of_range && p == end) out = kMaxShards + 1;
    return (ec == std::errc() || ec == std::errc::result_out_of_range) && p == end && !s.empty();
}
}  // namespace

std::optional<ShardId> parse_shard(const std::string& text, std::string* error) {
    const auto slash = text.find('/');
    ShardId s;
    if (slash == std::string::npos || !parse_int(text.substr(0, slash), s.index) ||
        !parse_int(text.substr(slash + 1), s.count)) {
        if (error) *error = "shard '" + text + "' is not I/N (for example 0/4)";
        return std::nullopt;
    }
    if (s.count < 1 || s.count > kMaxShards || s.index < 0 || s.index >= s.count) {
        if (error)
            *error = "shard '" + text + "': need 0 <= I < N <= " + std::to_string(kMaxShards);
        return std::nullopt;
    }
    return s;
}

std::string shard_text(ShardId s) {
    return std::to_string(s.index) + "/" + std::to_string(s.count);
}

int shard_share(int quota, ShardId s, int cell) {
    if (s.index >= s.count) return quota;
    const int rotated = (s.index + s.count - cell % s.count) % s.count;
    return quota / s.count + (rotated < quota % s.count ? 1 : 0);
}

Quotas shard_quotas(const Quotas& q, ShardId s) {
    if (s.count == 1 || s.index >= s.count) return q;
    Quotas out = q;
    const bool by_level = q.by_level();
    for (size_t i = 0; i < out.per_size.size(); ++i)
        // With level quotas per_size is unused; zero keeps a shard whose level
        // shares are all zero from falling back to it.
        out.per_size[i] = by_level ? 0 : shard_share(q.per_size[i], s, static_cast<int>(i));
    for (size_t l = 0; l < out.per_level.size(); ++l)
        out.per_level[l] = shard_share(q.per_level[l], s, static_cast<int>(l));
    return out;
}

std::uint64_t stream_seed(std::uint64_t seed, ShardId s) {
    if (s.count == 1 && s.index == 0) return seed;
    std::uint64_t state = seed;
    std::uint64_t mixed = splitmix64_next(state);
    state =
        mixed ^ (static_cast<std::uint64_t>(s.count) << 32 | static_cast<std::uint32_t>(s.index));
    return splitmix64_next(state);
}

std::string shard_fingerprint(const FactoryConfig& c) {
    FactoryConfig k = c;
    k.shard = {};
    k.threads = 0;
    k.batch = 0;
    return config_to_toml(k);
}

}  // namespace kk
