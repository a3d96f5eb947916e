// A run split over machines: `--shard I/N` takes the I-th of N disjoint slices of a run's seeded games (or
// boards), and its --json summary carries what `spades merge` needs to give back exactly the summary of the
// whole run (docs/scale-out.md).
#pragma once
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "cli/args.hpp"

namespace spades::cli {

struct shard_spec {
  int index = 1, of = 1;  // the I-th (1-based) of N
  bool given = false;     // --shard was given
};
// --shard I/N from the arguments (usage_error when malformed or out of bounds).
shard_spec read_shard(const args& a);
// The games [first, first + count) of `total` that shard `s` plays: the I-th of N slices as even as can be.
std::pair<long long, long long> shard_games(const shard_spec& s, long long total);

// A 128-bit sum as decimal text, and back (std::invalid_argument when it is not one).
std::string big_text(__int128 x);
__int128 big_read(const nlohmann::json& j);

// The "shard" object of a shard's summary: which slice, the run it is a slice of (everything that must be
// the same in every shard: command, variant, seed, games asked for, options, bots ...), and its raw sums.
nlohmann::ordered_json shard_json(const shard_spec& s, const nlohmann::ordered_json& run, const nlohmann::ordered_json& sums);

int cmd_merge(int argc, char** argv);

}  // namespace spades::cli
