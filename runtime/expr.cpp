// Tree-walking evaluation over the variant's expression pool. Overflow and division by zero are
// rule errors that name the formula's source position, never silent wraparound.
#include "runtime/expr.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "runtime/scoring.hpp"

namespace spades {

namespace {

[[noreturn]] void fail(const variant& v, const expr_node& n, const char* what,
                       rule_error::cause why = rule_error::cause::rules) {
  throw rule_error(v, v.at(n), fmt::format("{} while evaluating this formula", what), why);
}

// What the formula reads of the hand: the facts scoring gives, else the state's own.
hand_facts facts_in(const eval_ctx& cx) { return cx.facts ? *cx.facts : facts_of(*cx.st); }

// A hand recorded from its trick counts alone (game_state::record_tricks) has no order of tricks.
void need_trick_order(const variant& v, const expr_node& n, const hand_facts& s) {
  if (s.last_trick_winner < 0) fail(v, n, "the order of tricks is unknown", rule_error::cause::trick_order_unknown);
}

// The seats a card function reads: the player in scope, else every member of the team in scope.
uint32_t seats_in_scope(const variant& v, const expr_node& n, const eval_ctx& cx) {
  if (cx.player >= 0) return 1u << cx.player;
  if (cx.team < 0) fail(v, n, "a card function used where no player or team is in scope");
  uint32_t m = 0;
  for (int s : v.members[cx.team]) m |= 1u << s;
  return m;
}

card_set cards_of(const card_set* per_seat, uint32_t seats) {
  card_set all;
  for (int s = 0; seats; ++s, seats >>= 1)
    if (seats & 1) all |= per_seat[s];
  return all;
}

// Was trick i won by the seats, with a card of the group (and, for `trumped`, by trumping)?
bool won_trick(const hand_facts& s, const expr_node& n, card_set group, uint32_t seats, int i) {
  int w = s.trick_winner[i], c = s.trick_win_card[i];
  if (w < 0 || c < 0 || !((seats >> w) & 1) || !group.has(c)) return false;
  return n.v != var::trumped || ((s.trumped_tricks >> i) & 1);
}

// Out of line: the formulas of most variants never call it, and their variables stay cheap to read.
[[gnu::noinline]] int64_t card_function(const variant& v, const expr_node& n, const eval_ctx& cx) {
  const hand_facts s = facts_in(cx);
  card_set group = v.card_groups[n.value];
  if (v.card_group_rel[n.value].any()) group = cx.st->relative_cards(group, v.card_group_rel[n.value], cx.card);
  if (n.v == var::led_is) return cx.st->ph == phase::play && cx.st->played > 0 && group.has(cx.st->trick_cards[0]);
  const uint32_t seats = seats_in_scope(v, n, cx);
  if (!s.deal_known) fail(v, n, "the cards dealt are unknown", rule_error::cause::cards_unknown);
  if (n.v == var::held) return (cards_of(s.held, seats) & group).count();
  if (n.v == var::dealt) return (cards_of(s.dealt, seats) & group).count();
  if (!s.trick_cards_known) fail(v, n, "the cards of the tricks are unknown", rule_error::cause::trick_cards_unknown);
  if (n.v == var::won_cards) return (cards_of(s.won_cards, seats) & group).count();
  const int played = std::min(s.tricks, max_tricks);
  if (n.v == var::final_run) {
    int64_t run = 0;
    for (int i = played - 1; i >= 0 && won_trick(s, n, group, seats, i); --i) ++run;
    return run;
  }
  if (n.a >= 0) {  // trick k: 1 is the first, -1 the last played; one not played reads 0
    int64_t k = eval(v, n.a, cx);
    int64_t i = k > 0 ? k - 1 : played + k;
    return k != 0 && i >= 0 && i < played && won_trick(s, n, group, seats, (int)i);
  }
  int64_t count = 0;
  for (int i = 0; i < played; ++i) count += won_trick(s, n, group, seats, i);
  return count;
}

// The builtin writes its result through the pointer; read it only after the call.
template <class F>
int64_t checked(const variant& v, const expr_node& n, F op) {
  int64_t r;
  if (op(&r)) fail(v, n, "arithmetic overflow");
  return r;
}

// Of the hand's first n tricks (n from the node's child), how many did `mine` win?
template <class Mine>
int64_t first_tricks(const variant& v, const expr_node& n, const eval_ctx& cx, Mine mine) {
  const hand_facts s = facts_in(cx);
  need_trick_order(v, n, s);
  int64_t k = eval(v, n.a, cx);
  int64_t won = 0;
  for (int64_t i = 0; i < k && i < s.tricks && i < max_tricks; ++i) won += mine(s.trick_winner[i]);
  return won;
}

// The player's rarer values, out of line: var_value's common cases then need no saved registers.
[[gnu::noinline]] int64_t other_player_var(const variant& v, const expr_node& n, const eval_ctx& cx) {
  const game_state& s = *cx.st;
  const int p = cx.player;
  switch (n.v) {
    case var::player_call: {
      const call_kind& c = v.calls[n.value];
      return c.by_team ? (s.team_calls[v.team_of[p]] >> n.value) & 1 : (s.player_calls[p] >> n.value) & 1;
    }
    case var::player_first_tricks: return first_tricks(v, n, cx, [&](int seat) { return seat == p; });
    case var::last_trick: {
      const hand_facts f = facts_in(cx);
      need_trick_order(v, n, f);
      return f.last_trick_winner == p;
    }
    default: return 0;
  }
}

inline int64_t player_var(const variant& v, const expr_node& n, const eval_ctx& cx) {
  const game_state& s = *cx.st;
  int p = cx.player;
  if (p < 0) fail(v, n, "a player's value used where no player is in scope");
  switch (n.v) {
    case var::player_tricks: return cx.facts ? cx.facts->tricks_won[p] : s.tricks_won[p];
    case var::player_bid: {
      const bid_made& b = v.bid_by_team ? s.bids[v.team_of[p]] : s.bids[p];
      return b.kind < 0 ? 0 : b.n;
    }
    case var::player_kind: {  // value: a bit per bid kind (`nil or blind_nil` is one node)
      const bid_made& b = v.bid_by_team ? s.bids[v.team_of[p]] : s.bids[p];
      return b.kind >= 0 && ((n.value >> b.kind) & 1);
    }
    case var::player_blind: {
      const bid_made& b = v.bid_by_team ? s.bids[v.team_of[p]] : s.bids[p];
      return b.kind >= 0 && v.bids[b.kind].blind;
    }
    default: return other_player_var(v, n, cx);
  }
}

// The team's rarer values, out of line (as other_player_var).
[[gnu::noinline]] int64_t other_team_var(const variant& v, const expr_node& n, const eval_ctx& cx) {
  const game_state& s = *cx.st;
  const int t = cx.team;
  switch (n.v) {
    case var::team_call: {
      int64_t any = (s.team_calls[t] >> n.value) & 1;
      for (int m : v.members[t]) any |= (s.player_calls[m] >> n.value) & 1;
      return any;
    }
    case var::team_first_tricks: return first_tricks(v, n, cx, [&](int seat) { return v.team_of[seat] == t; });
    case var::team_bids_made: {
      if (v.bid_by_team) return s.bids[t].kind >= 0;
      int64_t k = 0;
      for (int m : v.members[t]) k += s.bids[m].kind >= 0;
      return k;
    }
    case var::partner_bid: {
      int p = cx.bidder >= 0 && !v.bid_by_team ? v.partner[cx.bidder] : -1;
      return p >= 0 && s.bids[p].kind >= 0;
    }
    case var::team_kind:
    case var::team_blind: {
      auto match = [&](const bid_made& b) {
        if (b.kind < 0) return false;
        return n.v == var::team_kind ? ((n.value >> b.kind) & 1) != 0 : v.bids[b.kind].blind;
      };
      if (v.bid_by_team) return match(s.bids[t]);
      for (int m : v.members[t])
        if (match(s.bids[m])) return 1;
      return 0;
    }
    default: return 0;
  }
}

// The highest score of the other teams minus the team's (game_state::behind, over the scores given).
int64_t behind(const variant& v, const std::array<int64_t, max_teams>& score, int team) {
  int64_t best = INT64_MIN;
  for (int t = 0; t < v.teams; ++t)
    if (t != team && score[t] > best) best = score[t];
  return best == INT64_MIN ? 0 : best - score[team];
}

inline int64_t team_var(const variant& v, const expr_node& n, const eval_ctx& cx) {
  const game_state& s = *cx.st;
  int t = cx.team;
  if (t < 0) fail(v, n, "a team's value used where no team is in scope");
  switch (n.v) {
    case var::score: return cx.facts ? (*cx.facts->score)[t] : s.score[t];
    case var::behind: return behind(v, cx.facts ? *cx.facts->score : s.score, t);
    case var::counter: return cx.facts ? (*cx.facts->counters)[t][n.value] : s.counters[t][n.value];
    case var::team_tricks: {
      const int* won = cx.facts ? cx.facts->tricks_won : s.tricks_won.data();
      int64_t sum = 0;
      for (int m : v.members[t]) sum += won[m];
      return sum;
    }
    case var::team_bid: {
      if (v.bid_by_team) return s.bids[t].kind < 0 ? 0 : s.bids[t].n;
      int64_t sum = 0;
      for (int m : v.members[t]) sum += s.bids[m].kind < 0 ? 0 : s.bids[m].n;
      return sum;
    }
    default: return other_team_var(v, n, cx);
  }
}

// `dealer`, `dealer_left` ...: whether the seat in scope (a team: any member) is that seat of this hand.
[[gnu::noinline]] int64_t seat_relative(const variant& v, const expr_node& n, const eval_ctx& cx) {
  const int d = cx.st->dealer, seats = v.seats;
  const int target = n.v == var::dealer ? d : n.v == var::dealer_left ? (d + 1) % seats : n.v == var::dealer_right ? (d + seats - 1) % seats : v.partner[d];
  if (target < 0) return 0;  // no partner
  const int me = cx.player >= 0 ? cx.player : cx.bidder;
  if (me >= 0) return me == target;
  if (cx.team < 0) fail(v, n, "a seat's value used where no seat is in scope");
  return v.team_of[target] == cx.team;
}

// The value of a variable node (no dispatch on the node's operation: leaves come here directly).
int64_t var_value(const variant& v, const expr_node& n, const eval_ctx& cx) {
  switch (n.v) {
    case var::option: return cx.st->options[n.value];
    case var::let: return cx.lets[n.value];
    // during a hand (and its scoring) the hand being played; after it (end conditions) the hand just played
    case var::hand: return cx.facts ? cx.facts->hand : cx.st->hands_played + (cx.st->hand_scored ? 0 : 1);
    case var::first_hand: return (cx.facts ? cx.facts->hand : cx.st->hands_played + (cx.st->hand_scored ? 0 : 1)) == 1;
    case var::broken: return cx.st->broken;
    case var::this_bid: return cx.this_bid;
    case var::bids_made: return cx.st->bids_made;
    case var::bids_total: {
      int64_t sum = 0;
      for (int b = 0; b < v.bidders(); ++b) sum += cx.st->bids[b].kind >= 0 ? cx.st->bids[b].n : 0;
      return sum;
    }
    case var::partner_kind: {
      int me = cx.player >= 0 ? cx.player : cx.bidder;
      int p = me >= 0 && !v.bid_by_team ? v.partner[me] : -1;
      return p >= 0 && cx.st->bids[p].kind == n.value;
    }
    case var::trick: return cx.st->trick + 1;
    case var::held: case var::dealt: case var::won_cards: case var::won_with: case var::trumped: case var::final_run: case var::led_is:
      return card_function(v, n, cx);
    // the trick so far, for the player to play (conditions of what may be played)
    case var::leading: return cx.st->ph == phase::play && cx.st->played == 0;
    case var::void_led: return cx.st->ph == phase::play && cx.st->played > 0 && (cx.st->hands[cx.st->turn] & cx.st->led_mask).empty();
    case var::led_trump: return cx.st->ph == phase::play && cx.st->played > 0 && v.trump.has(cx.st->trick_cards[0]);
    case var::winning: return cx.card >= 0 && (cx.st->played == 0 || beats(v, cx.card, cx.st->win_card));
    case var::dealer: case var::dealer_left: case var::dealer_right: case var::dealer_partner: return seat_relative(v, n, cx);
    // the trick's leader, for the player to play (play conditions only: a player is in scope)
    case var::leader: return cx.st->ph == phase::play && cx.player == cx.st->leader;
    case var::leader_side: return cx.st->ph == phase::play && cx.st->team_in_hand(cx.player) == cx.st->team_in_hand(cx.st->leader);
    case var::player_tricks: case var::player_bid: case var::player_kind: case var::player_blind:
    case var::player_call: case var::player_first_tricks: case var::last_trick:
      return player_var(v, n, cx);
    default: return team_var(v, n, cx);
  }
}

// Literals and variables are read in place, sparing a dispatch through the big switch; a `let` (the
// named parts of a scoring rule, read again and again) without a call at all.
inline int64_t operand(const variant& v, int idx, const eval_ctx& cx) {
  const expr_node& c = v.exprs[idx];
  if (c.o == op::num) return c.value;
  if (c.o == op::var) return c.v == var::let ? cx.lets[c.value] : var_value(v, c, cx);
  return eval(v, idx, cx);
}

// Out of line, so that eval's own frame stays small: a sum copies the context for each member.
[[gnu::noinline]] int64_t sum_members(const variant& v, const expr_node& n, const eval_ctx& cx) {
  if (cx.team < 0) fail(v, n, "sum/count used where no team is in scope");
  eval_ctx inner = cx;
  int64_t acc = 0;
  for (int m : v.members[cx.team]) {
    inner.player = m;
    int64_t x = operand(v, n.a, inner);
    if (n.o == op::count) x = x != 0;
    if (__builtin_add_overflow(acc, x, &acc)) fail(v, n, "arithmetic overflow");
  }
  return acc;
}

}  // namespace

void formula_error(const variant& v, int node, const char* what) { fail(v, v.exprs[node], what); }

int64_t eval(const variant& v, int idx, const eval_ctx& cx) {
  const expr_node& n = v.exprs[idx];
  switch (n.o) {
    case op::num: return n.value;
    case op::var: return n.v == var::let ? cx.lets[n.value] : var_value(v, n, cx);
    case op::neg: { int64_t x = operand(v, n.a, cx); return checked(v, n, [&](int64_t* o) { return __builtin_sub_overflow((int64_t)0, x, o); }); }
    case op::not_: return !operand(v, n.a, cx);
    case op::and_: return operand(v, n.a, cx) && operand(v, n.b, cx);
    case op::or_: return operand(v, n.a, cx) || operand(v, n.b, cx);
    case op::if_: return operand(v, n.a, cx) ? operand(v, n.b, cx) : operand(v, n.c, cx);
    case op::abs: { int64_t x = operand(v, n.a, cx); return x < 0 ? checked(v, n, [&](int64_t* o) { return __builtin_sub_overflow((int64_t)0, x, o); }) : x; }
    case op::sum:
    case op::count: return sum_members(v, n, cx);
    default: break;
  }
  int64_t a = operand(v, n.a, cx), b = operand(v, n.b, cx);
  switch (n.o) {
    case op::add: return checked(v, n, [&](int64_t* o) { return __builtin_add_overflow(a, b, o); });
    case op::sub: return checked(v, n, [&](int64_t* o) { return __builtin_sub_overflow(a, b, o); });
    case op::mul: return checked(v, n, [&](int64_t* o) { return __builtin_mul_overflow(a, b, o); });
    case op::div:
    case op::mod: {
      if (b == 0) fail(v, n, "division by zero");
      if (a == INT64_MIN && b == -1) fail(v, n, "arithmetic overflow");
      // floor division, so that -7 / 10 == -1 and the modulo is never negative for a positive divisor
      int64_t q = a / b, m = a % b;
      if (m != 0 && ((m < 0) != (b < 0))) { q -= 1; m += b; }
      return n.o == op::div ? q : m;
    }
    case op::lt: return a < b;
    case op::le: return a <= b;
    case op::gt: return a > b;
    case op::ge: return a >= b;
    case op::eq: return a == b;
    case op::ne: return a != b;
    case op::min: return a < b ? a : b;
    case op::max: return a > b ? a : b;
    default: return 0;
  }
}

}  // namespace spades
