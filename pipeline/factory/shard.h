// Shards: one run's quotas split over N processes or machines. Every shard runs the
// same configuration and seed; shard I makes its own share of each quota from its own
// candidate stream, so shards never make the same candidate and any shard rerun alone
// makes the same puzzles. `kenken merge` joins the shard corpora.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "pipeline/factory/quotas.h"

namespace kk {

struct FactoryConfig;

struct ShardId {
    int index = 0;  // 0..count-1; index == count is the top-up stream of a merged corpus
    int count = 1;  // 1: the run is not split
};

// "I/N" with 0 <= I < N <= 100000; nullopt with why in *error otherwise.
std::optional<ShardId> parse_shard(const std::string& text, std::string* error);
std::string shard_text(ShardId s);

// Shard I's share of a quota q: q / N, and one more for q % N of the shards. Which
// shards take the remainder rotates with `cell`, so small quotas spread evenly.
int shard_share(int quota, ShardId s, int cell);
// Every size and size x level quota replaced by the shard's share. A top-up shard
// (index == count) keeps the whole quotas.
Quotas shard_quotas(const Quotas& q, ShardId s);

// The seed of shard I's candidate stream: the run seed itself when the run is not
// split, otherwise a SplitMix64 mix of (seed, I, N), distinct for every shard.
std::uint64_t stream_seed(std::uint64_t seed, ShardId s);

// The configuration with what does not change the puzzles made (shard, threads,
// batch) set aside, as TOML: shards that agree here belong to one run.
std::string shard_fingerprint(const FactoryConfig& c);

}  // namespace kk
