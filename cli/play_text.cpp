// The score table and the game's summary of `spades play` (cli/play_text.hpp).
#include "cli/play_text.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "cli/text_table.hpp"
#include "runtime/notation.hpp"

namespace spades::cli {

std::string bid_text(const game_state& st, int bidder) {
  if (st.bidding_skipped || st.bids[bidder].kind < 0) return "-";
  return format_bid(*st.v, st.bids[bidder].kind, st.bids[bidder].n);
}

std::string score_table(const game_state& st, int me, int width) {
  const variant& v = *st.v;
  size_t bid_width = 8;
  for (int b = 0; b < (v.bid_by_team ? v.teams : v.seats); ++b) bid_width = std::max(bid_width, bid_text(st, b).size() + 2);
  text_table t{"  ", "", {10, bid_width, 8, 8, 8}, {{"side", "bid", "tricks", "hand", "score"}}};
  // a counter's column at least two wider than its name, so that names never run together
  for (const auto& c : v.counters) t.rows[0].push_back(c), t.widths.push_back(std::max<size_t>(8, c.size() + 2));
  for (int side = 0; side < v.teams; ++side) {
    int tricks = 0;
    for (int m : v.members[side]) tricks += st.tricks_won[m];
    const bool alone = v.members[side].size() == 1;  // a side of one: its row is its player's
    const std::string bid = v.bid_by_team ? bid_text(st, side) : alone ? bid_text(st, v.members[side][0]) : "";
    std::vector<std::string> row{v.team_names[side], bid, std::to_string(tricks), std::to_string(st.hand_points[side]), std::to_string(st.score[side])};
    for (size_t c = 0; c < v.counters.size(); ++c) row.push_back(std::to_string(st.counters[side][c]));
    t.rows.push_back(std::move(row));
    for (int m : v.members[side]) {
      if (alone) break;
      const std::string seat = m == me ? v.seat_names[m] + " (you)" : v.seat_names[m];
      t.rows.push_back({"  " + seat, v.bid_by_team ? "" : bid_text(st, m), std::to_string(st.tricks_won[m])});
    }
  }
  std::string out = t.render(width);
  out.insert(out.begin(), '\n');
  return out + '\n';
}

std::string game_summary(const game_state& st, int width) {
  const variant& v = *st.v;
  auto spoken = [](std::string name) {
    std::replace(name.begin(), name.end(), '_', ' ');
    return name;
  };
  text_table t{"  ", "", {10, 8}, {{"side", "score"}}};
  for (const auto& c : v.counters) t.rows[0].push_back(spoken(c)), t.widths.push_back(std::max<size_t>(8, c.size() + 2));
  for (const auto& c : v.tallies) t.rows[0].push_back(spoken(c)), t.widths.push_back(std::max<size_t>(8, c.size() + 2));
  for (int side = 0; side < v.teams; ++side) {
    std::vector<std::string> row{v.team_names[side], std::to_string(st.score[side])};
    for (size_t c = 0; c < v.counters.size(); ++c) row.push_back(std::to_string(st.counters[side][c]));
    for (size_t c = 0; c < v.tallies.size(); ++c) row.push_back(std::to_string(st.tallies[side][c]));
    t.rows.push_back(std::move(row));
  }
  return fmt::format("\nGame summary: {} hand{} played.\n", st.hands_played, st.hands_played == 1 ? "" : "s") + t.render(width);
}

}  // namespace spades::cli
