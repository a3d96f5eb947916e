// Scoring a hand as a function: the facts of a hand (what the variant's scoring formulas read) in, the
// hand's result (points, counters, tallies, flags) out, nothing else written. The game applies the result
// (game_state::score_hand), the breakdown asks for it rule by rule, and the bots score guessed outcomes
// with it (guess_hand, verdict_after) without copying a game_state.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "runtime/game.hpp"

namespace spades {

using team_counters = std::array<std::array<int64_t, max_counters>, max_teams>;
using team_tallies = std::array<std::array<int64_t, max_tallies>, max_teams>;

// What a hand's scoring reads, as a read-only view (pointers to arrays held elsewhere, per seat or per
// trick): the game before the hand, the tricks and the cards of the hand. Nothing in it is written.
struct hand_facts {
  // the bids, calls and options of the hand, and what the formulas read of the play (read there)
  const game_state* game = nullptr;
  // the game before the hand
  const std::array<int64_t, max_teams>* score = nullptr;  // the scores before the hand (`score`, `behind`)
  const team_counters* counters = nullptr;                // the counters as the hand is scored
  const team_tallies* tallies = nullptr;                  // the tallies before the hand (not read by formulas)
  int hand = 0;                                           // the hand's number in the game, from 1
  // the tricks: the count per seat, the seat that won each trick (-1: unknown), the last trick's winner
  // (-1: the order is unknown), and how many tricks were played
  const int* tricks_won = nullptr;
  const int8_t* trick_winner = nullptr;
  int last_trick_winner = -1;
  int tricks = 0;
  // the cards, per seat: held now, dealt, won in tricks; per trick the card that won it (-1: unknown),
  // and a bit per trick won by trumping; whether the deal and the tricks' cards are known at all
  const card_set* held = nullptr;
  const card_set* dealt = nullptr;
  const card_set* won_cards = nullptr;
  const int16_t* trick_win_card = nullptr;
  uint64_t trumped_tricks = 0;
  bool deal_known = false, trick_cards_known = false;
};

// The facts as the state holds them: the hand just played (or under way), and the game before it.
hand_facts facts_of(const game_state& st);

// What a hand's scoring gives each team. Only the variant's teams, counters and tallies are set.
struct hand_result {
  std::array<int64_t, max_teams> points;     // the hand's points
  team_counters counters;                    // the counters after the hand
  team_tallies tallies;                      // the tallies after the hand
  std::array<uint8_t, max_teams> won, lost;  // a rule's `win` / `lose` ran for the team
};

// Scores a hand: the variant's scoring rules in order, per team or per player, over the facts. With
// `after_each`, also the result as it stands after each rule, in rule order (the breakdown's lines are the
// differences); the tree walk runs then. Throws rule_error as the formulas do (nothing is written then).
hand_result score(const variant& v, const hand_facts& f, std::vector<hand_result>* after_each = nullptr);

// ---- scoring a guessed outcome (the bots), without a copy of the state ----

// A guessed outcome of the hand under way: `won` tricks per seat, won in `order` (the seat that won each
// trick, as many as the hand has tricks), each seat taken to bring home the cards it holds now besides
// those it has won, a trick not yet played won by no known card, no card held any more, and the dummy's
// tricks and cards its controller's: held apart from the state they are guessed from (which must outlive
// them, unchanged).
struct guessed_hand {
  const game_state* game = nullptr;
  std::array<int, max_seats> tricks_won{};
  std::array<int8_t, max_tricks> trick_winner{};
  int last_trick_winner = -1;
  std::array<card_set, max_seats> won_cards{}, dealt{};
  std::array<int16_t, max_tricks> trick_win_card{};
  // The facts to score: the game's scores, counters and tallies before the hand (point `counters`
  // elsewhere to score under other counters).
  hand_facts facts() const;
};
guessed_hand guess_hand(const game_state& st, const std::array<int, max_seats>& won, const int8_t* order);
// The same in two steps, for many guesses of one state: what every guess of it shares (no tricks set),
// then a guess's tricks (each call replaces the last's).
guessed_hand guess_base(const game_state& st);
void set_guessed_tricks(guessed_hand& g, const std::array<int, max_seats>& won, const int8_t* order);

// How the game would stand had the hand the facts describe been scored with result `r`: what
// check_game_end decides after game_state::score_hand (`end` none: the game goes on). The facts' game is
// the state before the hand is scored.
game_verdict verdict_after(const variant& v, const hand_facts& f, const hand_result& r);

}  // namespace spades
