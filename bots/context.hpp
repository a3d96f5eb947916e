// What the rule-following bot keeps between decisions: per compiled variant, its calibration from random
// deals (bot_calibration, made once and shared read-only by every game and thread), and per game, the
// answers that hold for a hand or a trick (bot_context, owned by whoever runs the game and passed in).
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "runtime/game.hpp"

namespace spades {

namespace bot_detail {

struct calibrated;  // bots/value.hpp

// The state an answer kept for a hand is asked of: the hand, its bids and calls, the scores and counters
// (what a bid is worth, and the conditions of some, read them).
struct hand_key {
  const variant* v = nullptr;
  int hands_played = -1, dealer = -1;
  std::array<bid_made, max_seats> bids{};
  std::array<uint32_t, max_seats> team_calls{}, player_calls{};
  std::array<int64_t, max_teams> score{};
  std::array<std::array<int64_t, max_counters>, max_teams> counters{};
  bool same(const game_state& st) const {
    if (v != st.v || hands_played != st.hands_played || dealer != st.dealer) return false;
    if (score != st.score || counters != st.counters) return false;
    for (int b = 0; b < max_seats; ++b)
      if (bids[b].kind != st.bids[b].kind || bids[b].n != st.bids[b].n) return false;
    return team_calls == st.team_calls && player_calls == st.player_calls;
  }
  void set(const game_state& st) {
    v = st.v;
    hands_played = st.hands_played;
    dealer = st.dealer;
    bids = st.bids;
    team_calls = st.team_calls;
    player_calls = st.player_calls;
    score = st.score;
    counters = st.counters;
  }
};

// The answers kept, each by the function of bots/ that asks it (an answer is the first one computed for its
// key: some read more of the state than the key holds, the cards held or the tricks' order, so a game's
// answers depend on the order it asks them in, which is the same on every run of the game).
struct hand_answers {
  struct {  // carried_unit: per hand
    const variant* v = nullptr;
    int hands_played = -1, dealer = -1;
    std::array<double, max_teams> unit{};
    std::array<bool, max_teams> known{};
  } carried;
  struct {  // bid_zero: per seat, 0 unknown, 1 no, 2 yes
    hand_key key;
    std::array<int8_t, max_seats> answer{};
  } zero;
  struct {  // scores_by_count: per seat
    hand_key key;
    std::array<bool, max_seats> known{};
    std::array<std::array<double, max_tricks + 1>, max_seats> by_count{};
  } counts;
  struct {  // tricks_pooled: per seat and partner, 0 unknown, 1 no, 2 yes
    hand_key key;
    std::array<std::array<int8_t, max_seats>, max_seats> answer{};
  } pooled;
  struct {  // trick_needed: per trick and seat, 0 unknown, 1 no, 2 yes
    hand_key key;
    int trick = -1;
    std::array<int8_t, max_seats> answer{};
  } needed;
  struct mate_entry {  // mate_choice: per bidding position (at most 64 kept)
    hand_key key;
    int seat = -1, choice = 0;
  };
  std::vector<mate_entry> mate_choices;
  struct {  // leaves_to_mate: per bid kind, 0 unknown, 1 no, 2 yes
    hand_key key;
    std::vector<int8_t> answer;
  } leaves;
};

}  // namespace bot_detail

// The rule-following bot's calibration of one compiled variant (its options included): computed from a
// fixed run of random deals when a bot first needs it, once whichever thread asks, then only read. Made
// for exactly this variant, so it is keyed by nothing; the variant must outlive it.
class bot_calibration {
 public:
  explicit bot_calibration(const variant& v);
  ~bot_calibration();
  bot_calibration(const bot_calibration&) = delete;
  bot_calibration& operator=(const bot_calibration&) = delete;
  const variant& for_variant() const { return v_; }
  const bot_detail::calibrated& get() const;

 private:
  const variant& v_;
  mutable std::once_flag once_;
  mutable std::unique_ptr<bot_detail::calibrated> cal_;
};

// One game's bot context: every rule-following decision of the game (the Monte Carlo bots' playouts
// included) reads and keeps its answers here. A copy keeps what the original had (play's `undo` goes back
// to one).
class bot_context {
 public:
  // with a calibration of its own, made when first needed
  explicit bot_context(const variant& v) : cal_(std::make_shared<const bot_calibration>(v)) {}
  // with one shared by the games of the variant
  explicit bot_context(std::shared_ptr<const bot_calibration> cal) : cal_(std::move(cal)) {}
  const bot_detail::calibrated& calibration() const { return cal_->get(); }
  const std::shared_ptr<const bot_calibration>& shared_calibration() const { return cal_; }
  bot_detail::hand_answers answers;

 private:
  std::shared_ptr<const bot_calibration> cal_;
};

}  // namespace spades
