// Evaluation of compiled formulas and conditions, with checked arithmetic.
#pragma once
#include <cstdint>

#include "runtime/game.hpp"

namespace spades {

struct hand_facts;

struct eval_ctx {
  const game_state* st = nullptr;
  int team = -1;     // the team in scope
  int player = -1;   // the player in scope (-1: team scope)
  int bidder = -1;   // while bidding: who is bidding (eligibility)
  const int64_t* lets = nullptr;
  int64_t this_bid = 0;  // while checking a bid: its number
  int card = -1;         // while checking a card to play (`winning`): the card
  // while scoring (runtime/scoring.hpp): the hand's facts, read instead of the state's tricks, cards,
  // scores, counters and hand number (null: the state's own)
  const hand_facts* facts = nullptr;
};

// One seat in scope, as in a player rule or a bid's condition: its cards, its team (a step's or a
// misdeal's condition evaluated for a seat).
inline eval_ctx seat_ctx(const game_state& st, int seat) { return eval_ctx{&st, st.v->team_of[seat], seat}; }

int64_t eval(const variant& v, int node, const eval_ctx& cx);
// A formula's run-time error, as eval raises it: "<what> while evaluating this formula", at the formula.
[[noreturn]] void formula_error(const variant& v, int node, const char* what);
inline bool eval_cond(const variant& v, int node, const eval_ctx& cx) { return node < 0 || eval(v, node, cx) != 0; }

}  // namespace spades
