// The rule-following bot: a player that reads only the compiled variant and the state, and its chooser for
// the game loop.
#pragma once
#include "bots/context.hpp"
#include "runtime/game.hpp"

namespace spades {

// A sensible move for the player to act: bids and calls chosen by the variant's own scoring of the
// outcomes the hand makes likely, wins cheaply, ducks when it cannot win, protects a partner's nil and
// keeps its own, and wins the tricks a call needs.
// `cx` is the game's (bots/context.hpp): what the bot keeps from one decision to the next.
move bot_move(const game_state& st, rng& r, bot_context& cx);
// The rule-following bot at every seat, as a chooser for run_game (runtime/loop.hpp), with a context of its
// own for the game.
struct bot_chooser {
  bot_context cx;
  explicit bot_chooser(const variant& v) : cx(v) {}
  explicit bot_chooser(std::shared_ptr<const bot_calibration> cal) : cx(std::move(cal)) {}
  bool operator()(const game_state& st, rng& r, move& out) {
    out = bot_move(st, r, cx);
    return true;
  }
};
// The bot's estimate of the tricks a seat's hand will take, calibrated so that over random deals the
// seats' estimates add up to the tricks of a hand.
double estimate_tricks(const game_state& st, int seat, const bot_context& cx);

// A hand's raw valuation from the compiled ranking (trumps, top trumps, jokers, two packs), the number of
// seats and sides and the hand size: expected tricks playing to win, cards sure to win at once, and the
// danger of taking a trick playing to take none.
struct hand_value {
  double tricks = 0;
  double sure = 0;
  double danger = 0;
  double plain_danger = 0;  // a plainer, more fearful guess of it (by the square of the cards out above each card)
  double incidental = 0;  // middle cards' chances the rules leave out, in units the calibration prices
};
hand_value value_hand(const variant& v, card_set hand, int seat);

}  // namespace spades
