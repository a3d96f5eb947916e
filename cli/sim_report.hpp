// The JSON summary of `spades sim`, from totals that a run adds up and that `spades merge` reads back from
// the summaries of a run's shards: one printer for both, so that merged shards print what one run prints.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace spades::cli {

struct sim_totals {
  std::string variant;
  uint64_t seed = 0;
  bool redeals = false;      // the variant has a call that throws the hand in: thrown_in is reported
  bool interrupted = false;
  long long games = 0, hands = 0, draws = 0, stopped = 0, thrown_in = 0;
  std::vector<std::string> teams, side_bots, tallies, bids, calls;  // the names, in the variant's order
  std::vector<long long> wins;                 // per team
  std::vector<__int128> points;                // per team: the hands' points, summed
  std::vector<std::vector<long long>> tally;   // per team, per tally
  std::vector<long long> bid_chosen, bid_legal, call_chosen, call_legal;

  // Adds another slice of the same run (the same names).
  void add(const sim_totals& o);
};

nlohmann::ordered_json sim_json(const sim_totals& t);
// The totals of a summary sim_json printed, its points from `points` (a shard's sums: decimal strings per
// team); throws std::invalid_argument or nlohmann::json::exception when it is not one.
sim_totals sim_totals_from_json(const nlohmann::ordered_json& j, const nlohmann::json& points);

}  // namespace spades::cli
