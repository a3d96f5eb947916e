// The Monte Carlo bot: at each card it plays it deals the cards it cannot see in ways consistent with what its
// seat knows, plays each legal card out to the end of the hand with the rule-following bot at every seat,
// and takes the card of best average by the variant's own scoring. It reads only the compiled variant, so it
// plays every ruleset; its other decisions (bids, passes, calls, discards, draws ...) are the
// rule-following bot's.
#pragma once
#include <array>
#include <cstdint>

#include "bots/bot.hpp"
#include "runtime/game.hpp"

namespace spades {

// What one seat knows of where the cards are, from what it has seen this hand: its own hand (the state's),
// the cards played, the cards it passed or gave and where they went, the cards it put out of play or saw
// drawn and gave up, an exposed dummy (the state's), and the cards a seat cannot hold because a play rule
// would have refused the card it played had it held them (a void shown by not following suit, a trump led
// by a seat that holds nothing else). It is told every move through an observer's hooks.
class seat_knowledge {
 public:
  void start(int seat);                                  // a new hand was dealt
  void moving(const game_state& st, const move& m);      // a move is about to be applied to `st`
  void moved(const game_state& st);                      // it was

  int seat() const { return seat_; }
  card_set played() const { return played_; }
  card_set played_by(int s) const { return played_by_[s]; }
  card_set lacks(int s) const { return lacks_[s]; }
  // The cards known to be in seat s's hand now (passed to it, or the exposed dummy's).
  card_set holds(const game_state& st, int s) const;
  // The cards known to be out of play (not in a hand, not played).
  card_set out(const game_state& st) const;
  // The cards whose place the seat cannot see: the deck less its hand, the played, the known.
  card_set unseen(const game_state& st) const;

 private:
  int seat_ = -1;
  card_set played_, out_, given_;
  std::array<card_set, max_seats> played_by_{}, holds_{}, lacks_{};
  game_state probe_;  // a copy of the state in which the mover is given two cards, to ask the play rules
};

// Deals, into `world` (a copy of `st`), the cards seat k.seat() cannot see: every other seat gets as many
// as it holds, the cards it is known to hold among them and none it is known to lack (with `strict`; the
// lacks are left out otherwise), the rest out of play. False when no such deal was found.
bool sample_world(const seat_knowledge& k, const game_state& st, rng& r, game_state& world, bool strict);

struct mc_options {
  int budget = 300;  // playouts per decision, shared among the candidates
};

class mc_bot {
 public:
  mc_bot(int seat, uint64_t seed, mc_options o) : r_(seed), o_(o) { know_.start(seat); }
  void dealt(const game_state&) { know_.start(know_.seat()); }
  void moving(const game_state& st, const move& m) { know_.moving(st, m); }
  void moved(const game_state& st) { know_.moved(st); }
  // The move for the decision pending, which is this bot's seat's. `cx` is the game's bot context: the
  // playouts' rule-following decisions keep their answers there, with the other bots' of the game.
  move choose(const game_state& st, bot_context& cx);
  const seat_knowledge& knowledge() const { return know_; }

 private:
  double playout(const game_state& st, const move& m, bot_context& cx);
  double value(const game_state& before, const game_state& after, int team);
  void price_carried(const game_state& st);

  rng r_;
  mc_options o_;
  seat_knowledge know_;
  // buffers kept from one decision to the next: no allocation per playout
  game_state world_, scratch_;
  std::array<double, max_teams> unit_{};  // what one unit of the carried counter costs a side, this hand
  int priced_hand_ = -1, priced_redeals_ = -1;
};

}  // namespace spades
