// The game state machine: a copyable state over an immutable compiled variant.
// Phases: deal (a chance step) -> bid -> exchange -> play -> (scored) -> deal ... -> over.
// Every guard and transition reads the variant's tables; nothing here knows which variant it runs.
#pragma once
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "runtime/rng.hpp"
#include "runtime/variant.hpp"

namespace spades {

enum class phase : uint8_t { deal, bid, exchange, play, over };

// A decision: a bid (kind index and number of tricks) or a card (to play, or to give in an exchange).
struct move {
  // no default member initialisers: move lists are arrays on the hot path
  enum type_t : uint8_t { bid, card } type;
  int16_t a;  // bid kind, or card id
  int16_t b;  // bid number
  static move make_bid(int kind, int n) { return {bid, (int16_t)kind, (int16_t)n}; }
  static move make_card(int c) { return {card, (int16_t)c, 0}; }
  bool operator==(const move&) const = default;
};

struct bid_made {
  int8_t kind = -1;  // -1: not bid (yet, or the hand bids itself)
  int8_t n = 0;
};

// A run-time failure of the rules themselves (arithmetic overflow in a formula, division by zero):
// the variant file is at fault, and the message points at its source.
struct rule_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Does card c beat card w, the card winning the trick so far?
inline bool beats(const variant& v, int c, int w) {
  bool tc = v.trump.has(c), tw = v.trump.has(w);
  if (tc != tw) return tc;
  if (!tc && v.follow_suit[c] != v.follow_suit[w]) return false;
  return v.later_wins ? v.power[c] >= v.power[w] : v.power[c] > v.power[w];
}

constexpr int max_moves = 160;  // bounds every legal-move list

struct game_state {
  const variant* v = nullptr;

  // ---- the game ----
  std::array<int64_t, max_teams> score{};
  std::array<std::array<int64_t, max_counters>, max_teams> counters{};
  std::array<std::array<int64_t, max_tallies>, max_teams> tallies{};  // statistics, not score
  std::array<int64_t, max_options> options{};
  int hands_played = 0;
  int dealer = 0;
  phase ph = phase::deal;
  int winner = -1;            // team; -1 with ph == over: a draw or a stop
  std::string end_reason;     // why the game ended (target, lose condition, hand limit)

  // ---- the hand ----
  std::array<card_set, max_seats> hands{};
  card_set out_of_play;
  std::array<bid_made, max_seats> bids{};  // per bidder: seat, or team when bidding by team
  int bids_made = 0;
  int turn = 0;               // the seat (or team, while bidding by team) to act
  bool bidding_skipped = false;
  // exchanges owed after bidding: from -> to, count
  std::array<std::array<int8_t, 3>, max_seats * 2> exchanges{};
  int exchange_count = 0, exchange_index = 0, exchange_left = 0;
  // play
  int trick = 0;              // 0-based trick number
  int leader = 0;
  int played = 0;             // cards in the current trick
  std::array<int16_t, max_seats> trick_cards{};
  int win_seat = -1, win_card = -1;
  card_set led_mask;          // the cards that follow the suit led
  bool broken = false;
  card_set lead_allowed;      // computed when a trick starts
  std::array<int, max_seats> tricks_won{};
  std::array<int64_t, max_teams> hand_points{};  // the last scored hand
  std::array<uint8_t, max_teams> won_flag{}, lost_flag{};
  int last_trick_winner = -1;

  // Starts a new game: scores, counters and options reset; `dealer` deals the first hand.
  void new_game(const variant& var, int first_dealer);
  // The chance step: shuffle and deal with `r`.
  void deal(rng& r);
  // Deal given hands (tests): hands[seat], the rest out of play.
  void deal_given(const std::array<card_set, max_seats>& given, card_set rest);

  int bidder_team(int bidder) const { return v->bid_by_team ? bidder : v->team_of[bidder]; }
  // Legal moves in the bid and exchange phases (and play, as cards); returns the count.
  int legal_moves(move* out) const;
  // Legal cards for the seat to play.
  card_set legal_cards() const;
  // Empty when legal, otherwise the reason in words.
  std::string why_illegal(const move& m) const;
  bool is_legal(const move& m) const { return why_illegal(m).empty(); }
  // Applies a legal move (the caller checks legality; apply does not).
  void apply(const move& m);
  // apply() for a card in the play phase (the hot path of playouts).
  void play_card(int card);

  // Scoring-only test hands: go straight from an owed exchange to the play.
  void skip_exchange() { if (ph == phase::exchange) start_play(); }
  // Scores from the current bids and tricks_won, then decides whether the game is over.
  void score_hand();

  // The seat whose decision is pending (for team bids: the team's first member).
  int acting_seat() const;
  int64_t behind(int team) const;

 private:
  void start_bidding();
  void after_bidding();
  void start_play();
  void start_trick(int seat);
  void finish_trick();
  void check_game_end();
  bool bid_allowed(int kind, int n, int bidder) const;
  int first_holder() const;
};

}  // namespace spades
