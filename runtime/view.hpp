// What one seat may see of a game, and nothing more: the one place every door that shows a game to a player
// (an outside bot's messages, a table) takes it from. Another seat's hand, the stock's order, what was passed
// between others, the deck's order and the seed are never in it.
#pragma once
#include <vector>

#include "runtime/game.hpp"

namespace spades {

// A trick as everyone at the table saw it played: who led, each card with its player, and who won it
// (-1 while it is under way).
struct trick_seen {
  int leader = -1, winner = -1;
  std::vector<std::pair<int, int>> cards;  // seat, card
};

// What the state itself forgets and the players remember: the hand's tricks card by card, and the cards
// each seat gave away face down (passed, exchanged, discarded). Kept by an observer of the game loop.
class table_memory {
 public:
  void dealt(const game_state& st);
  void moving(const game_state& st, const move& m);
  void moved(const game_state& st, const move& m);
  const std::vector<trick_seen>& tricks() const { return tricks_; }
  card_set given(int seat) const { return given_[seat]; }

 private:
  std::vector<trick_seen> tricks_;
  std::array<card_set, max_seats> given_{};
};

// May `seat` look at its own cards now? The single place that decides it: a seat holding cards sees them
// once it has looked, or when its decision cannot be made blind (game_state::may_see_hand).
bool may_see_own_hand(const game_state& st, int seat);

// The game as `seat` sees it.
struct seat_view {
  int seat = -1;
  int acting = -1;      // the seat whose decision is pending, or -1
  int acting_for = -1;  // the seat whose cards that decision plays (the dummy's, by its controller)
  phase ph = phase::deal;
  int hand = 0;         // hands played before this one
  int dealer = 0;
  bool hand_seen = false;  // may_see_own_hand
  card_set hand_cards;     // the seat's own cards, when hand_seen
  card_set received;       // cards that came to the seat this hand after the deal (passed to it, the kitty, drawn)
  card_set given;          // cards the seat gave away face down this hand
  int drawn = -1;          // the card the seat has drawn and looks at, or -1
  int dummy = -1;          // the dummy's seat, when its hand is exposed, and its cards
  card_set dummy_cards;
  int controller = -1;     // the player given the dummy this hand, or -1
  std::array<bid_made, max_seats> bids{};  // per bidder (a seat, or a team when bidding by team)
  std::array<uint32_t, max_seats> team_calls{}, player_calls{};
  std::vector<trick_seen> tricks;  // the hand's tricks, the one under way last
  std::array<int, max_seats> tricks_won{};
  bool broken = false;
  std::array<int64_t, max_teams> score{}, hand_points{};
  bool hand_scored = false;  // hand_points hold the hand just scored
  std::array<std::array<int64_t, max_counters>, max_teams> counters{};
  std::array<std::array<int64_t, max_tallies>, max_teams> tallies{};
};
seat_view view_of(const game_state& st, int seat, const table_memory& memory);

}  // namespace spades
