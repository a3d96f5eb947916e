// The JSON summary of `spades sim` (cli/sim_report.hpp).
#include "cli/sim_report.hpp"

#include <stdexcept>

#include "cli/games.hpp"
#include "cli/shard.hpp"

namespace spades::cli {

namespace {

double per(long long n, long long of) { return of ? (double)n / (double)of : 0.0; }

long long count_at(const nlohmann::ordered_json& j, const char* key) {
  const auto& x = j.at(key);
  if (!x.is_number_integer() || x.get<long long>() < 0) throw std::invalid_argument(std::string("'") + key + "' is not a count");
  return x.get<long long>();
}

}  // namespace

void sim_totals::add(const sim_totals& o) {
  games += o.games, hands += o.hands, draws += o.draws, stopped += o.stopped, thrown_in += o.thrown_in;
  for (size_t t = 0; t < wins.size(); ++t) {
    wins[t] += o.wins[t];
    points[t] += o.points[t];
    for (size_t k = 0; k < tally[t].size(); ++k) tally[t][k] += o.tally[t][k];
  }
  for (size_t k = 0; k < bid_chosen.size(); ++k) bid_chosen[k] += o.bid_chosen[k], bid_legal[k] += o.bid_legal[k];
  for (size_t k = 0; k < call_chosen.size(); ++k) call_chosen[k] += o.call_chosen[k], call_legal[k] += o.call_legal[k];
}

nlohmann::ordered_json sim_json(const sim_totals& s) {
  nlohmann::ordered_json j;
  j["variant"] = s.variant;
  j["games"] = s.games;
  j["hands"] = s.hands;
  j["hands_per_game"] = per(s.hands, s.games);
  j["seed"] = s.seed;
  j["draws"] = s.draws;
  j["stopped"] = s.stopped;
  if (s.redeals) j["thrown_in"] = s.thrown_in;
  if (s.interrupted) j["interrupted"] = true;
  for (size_t t = 0; t < s.teams.size(); ++t) {
    nlohmann::ordered_json tj;
    tj["bots"] = s.side_bots[t];
    tj["wins"] = s.wins[t];
    tj["win_rate"] = per(s.wins[t], s.games);
    auto [lo, hi] = wilson(s.wins[t], s.games);
    tj["win_rate_95"] = {lo, hi};
    tj["average_hand_score"] = s.hands ? (double)s.points[t] / (double)s.hands : 0.0;
    nlohmann::ordered_json ph = nlohmann::ordered_json::object();
    for (size_t k = 0; k < s.tallies.size(); ++k) {
      tj[s.tallies[k]] = s.tally[t][k];
      ph[s.tallies[k]] = per(s.tally[t][k], s.hands);
    }
    tj["per_hand"] = ph;
    j["sides"][s.teams[t]] = tj;
  }
  for (size_t k = 0; k < s.bids.size(); ++k) j["bids"][s.bids[k]] = {{"chosen", s.bid_chosen[k]}, {"legal", s.bid_legal[k]}};
  for (size_t k = 0; k < s.calls.size(); ++k) j["calls"][s.calls[k]] = {{"chosen", s.call_chosen[k]}, {"legal", s.call_legal[k]}};
  return j;
}

sim_totals sim_totals_from_json(const nlohmann::ordered_json& j, const nlohmann::json& points) {
  sim_totals s;
  s.variant = j.at("variant").get<std::string>();
  s.seed = j.at("seed").get<uint64_t>();
  s.games = count_at(j, "games"), s.hands = count_at(j, "hands"), s.draws = count_at(j, "draws"), s.stopped = count_at(j, "stopped");
  s.redeals = j.contains("thrown_in");
  if (s.redeals) s.thrown_in = count_at(j, "thrown_in");
  s.interrupted = j.contains("interrupted");
  for (const auto& [team, tj] : j.at("sides").items()) {
    s.teams.push_back(team);
    s.side_bots.push_back(tj.at("bots").get<std::string>());
    s.wins.push_back(count_at(tj, "wins"));
    s.points.push_back(big_read(points.at(team)));
    if (s.teams.size() == 1)
      for (const auto& [name, x] : tj.at("per_hand").items()) s.tallies.push_back(name);
    std::vector<long long> row;
    for (const std::string& name : s.tallies) row.push_back(count_at(tj, name.c_str()));
    s.tally.push_back(row);
  }
  for (const auto& [name, b] : j.at("bids").items()) {
    s.bids.push_back(name);
    s.bid_chosen.push_back(count_at(b, "chosen"));
    s.bid_legal.push_back(count_at(b, "legal"));
  }
  if (j.contains("calls"))
    for (const auto& [name, c] : j.at("calls").items()) {
      s.calls.push_back(name);
      s.call_chosen.push_back(count_at(c, "chosen"));
      s.call_legal.push_back(count_at(c, "legal"));
    }
  return s;
}

}  // namespace spades::cli
