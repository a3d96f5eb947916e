// Scoring a hand: the variant's rules run in order, per team or per player, as a pure function of the
// hand's facts (the bids, the tricks, the cards and the game so far) into the hand's result. Points of all
// rules are added to the score when the game applies the result, so `score` in a formula is always the
// score before this hand; counters are the result's as the rules change them.
#include "runtime/scoring.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "runtime/expr.hpp"
#include "runtime/score_code.hpp"

namespace spades {

namespace {

// The first n values of a row (a team's counters or tallies), the rest left as they are: a fixed size,
// copied in place (a copy of n values would be a call to memcpy, a row cleared a `rep stos`; both cost more,
// a guess at a time, than the scoring they serve).
template <size_t N>
[[gnu::always_inline]] inline void copy_first(std::array<int64_t, N>& to, const std::array<int64_t, N>& from, int n) {
  static_assert(N >= 4);
  if (n <= 4) std::memcpy(to.data(), from.data(), 4 * sizeof(int64_t));
  else to = from;
}

struct runner {
  const variant& v;
  hand_result& out;
  std::array<int64_t, max_lets>& lets;

  void exec(const std::vector<stmt>& body, const eval_ctx& cx) {
    for (const stmt& s : body) {
      switch (s.o) {
        case stmt_op::let: lets[s.slot] = eval(v, s.expr, cx); break;
        case stmt_op::points: points(s, eval(v, s.expr, cx), cx.team); break;
        case stmt_op::counter_add: add(out.counters[cx.team][s.slot], eval(v, s.expr, cx), s); break;
        case stmt_op::counter_sub: {
          int64_t x = eval(v, s.expr, cx);
          if (x == INT64_MIN) overflow(s);
          add(out.counters[cx.team][s.slot], -x, s);
          break;
        }
        case stmt_op::counter_set: out.counters[cx.team][s.slot] = eval(v, s.expr, cx); break;
        case stmt_op::if_:
          if (eval(v, s.expr, cx)) exec(s.then_body, cx);
          else exec(s.else_body, cx);
          break;
        case stmt_op::tally: ++out.tallies[cx.team][s.slot]; break;
        case stmt_op::win: out.won[cx.team] = 1; break;
        case stmt_op::lose: out.lost[cx.team] = 1; break;
      }
    }
  }
  // `points [to opponents|to TEAM] EXPR`: the team in scope's, every other team's, or the named team's
  void points(const stmt& s, int64_t x, int team) {
    if (s.to == points_to_scope) return add(out.points[team], x, s);
    if (s.to >= 0) return add(out.points[s.to], x, s);
    for (int t = 0; t < v.teams; ++t)
      if (t != team) add(out.points[t], x, s);
  }
  void add(int64_t& into, int64_t x, const stmt& s) {
    if (__builtin_add_overflow(into, x, &into)) overflow(s);
  }
  [[noreturn]] void overflow(const stmt& s) {
    const expr_node& n = v.exprs[s.expr];
    throw rule_error(v, v.at(n), "arithmetic overflow while scoring");
  }
  // One rule for every team (and each of its players, for a rule of each player) whose condition holds.
  void rule(const score_rule& rule, eval_ctx cx) {
    for (int t = 0; t < v.teams; ++t) {
      cx.team = t;
      if (!rule.per_player) {
        cx.player = -1;
        if (eval_cond(v, rule.when, cx)) exec(rule.body, cx);
        continue;
      }
      for (int p : v.members[t]) {
        cx.player = p;
        if (eval_cond(v, rule.when, cx)) exec(rule.body, cx);
      }
    }
  }
};

}  // namespace

hand_facts facts_of(const game_state& st) {
  hand_facts f;
  f.game = &st;
  f.score = &st.score;
  f.counters = &st.counters;
  f.tallies = &st.tallies;
  f.hand = st.hands_played + (st.hand_scored ? 0 : 1);
  f.tricks_won = st.tricks_won.data();
  f.trick_winner = st.trick_winner.data();
  f.last_trick_winner = st.last_trick_winner;
  f.tricks = st.trick;
  f.held = st.hands.data();
  f.dealt = st.dealt.data();
  f.won_cards = st.won_cards.data();
  f.trick_win_card = st.trick_win_card.data();
  f.trumped_tricks = st.trumped_tricks;
  f.deal_known = st.deal_known;
  f.trick_cards_known = st.trick_cards_known;
  return f;
}

hand_result score(const variant& v, const hand_facts& f, std::vector<hand_result>* after_each) {
  // the variant's teams, counters and tallies only: nothing to copy past them, once a hand
  hand_result r;
  r.points = {};
  r.won = {};
  r.lost = {};
  const int counters = (int)v.counters.size(), tallies = (int)v.tallies.size();
  for (int t = 0; t < v.teams; ++t) {
    copy_first(r.counters[t], (*f.counters)[t], counters);
    copy_first(r.tallies[t], (*f.tallies)[t], tallies);
  }
  // the compiled scoring reads the counters from the result (and gives the tree walk facts that do)
  if (!after_each && v.scoring && v.scoring->compiled_for(v)) {
    run_scoring(v, f, r, *v.scoring);
    return r;
  }
  // the formulas read the counters as the rules change them: the result's
  hand_facts during = f;
  during.counters = &r.counters;
  // not cleared: a let is visible only after its statement (lang/formula.cpp), so no slot is read unwritten
  std::array<int64_t, max_lets> lets;
  runner run{v, r, lets};
  eval_ctx cx{f.game};
  cx.lets = lets.data();
  cx.facts = &during;
  for (const score_rule& rule : v.rules) {
    run.rule(rule, cx);
    if (after_each) after_each->push_back(r);
  }
  return r;
}

namespace {
const std::array<card_set, max_seats> no_cards{};  // a guessed hand's cards held: none
}  // namespace

hand_facts guessed_hand::facts() const {
  const game_state& st = *game;
  hand_facts f;
  f.game = game;
  f.score = &st.score;
  f.counters = &st.counters;
  f.tallies = &st.tallies;
  f.hand = st.hands_played + (st.hand_scored ? 0 : 1);
  f.tricks_won = tricks_won.data();
  f.trick_winner = trick_winner.data();
  f.last_trick_winner = last_trick_winner;
  f.tricks = st.v->tricks_per_hand;
  f.held = no_cards.data();
  f.dealt = dealt.data();
  f.won_cards = won_cards.data();
  f.trick_win_card = trick_win_card.data();
  f.trumped_tricks = st.trumped_tricks;
  f.deal_known = st.deal_known;
  f.trick_cards_known = st.trick_cards_known;
  return f;
}

// The facts of the state with the guessed tricks recorded (as record_tricks records them, the cards of the
// tricks played still known), the cards held brought home, and the dummy folded into its controller
// (fold_dummy).
guessed_hand guess_hand(const game_state& st, const std::array<int, max_seats>& won, const int8_t* order) {
  guessed_hand g = guess_base(st);
  set_guessed_tricks(g, won, order);
  return g;
}

guessed_hand guess_base(const game_state& st) {
  const variant& v = *st.v;
  guessed_hand g;
  g.game = &st;
  g.won_cards = st.won_cards;
  for (int s = 0; s < v.seats; ++s) g.won_cards[s] |= st.hands[s];
  g.trick_win_card = st.trick_win_card;
  for (int i = st.trick; i < max_tricks; ++i) g.trick_win_card[i] = -1;
  g.dealt = st.dealt;
  if (st.controller >= 0) {  // the dummy's cards are its player's (its tricks: set_guessed_tricks)
    const int d = v.dummy, c = st.controller;
    g.won_cards[c] |= g.won_cards[d];
    g.won_cards[d] = {};
    g.dealt[c] |= g.dealt[d];
    g.dealt[d] = {};
  }
  return g;
}

void set_guessed_tricks(guessed_hand& g, const std::array<int, max_seats>& won, const int8_t* order) {
  const game_state& st = *g.game;
  const variant& v = *st.v;
  const int d = st.controller >= 0 ? v.dummy : -1, c = st.controller;
  g.tricks_won = won;
  const int n = std::min(v.tricks_per_hand, max_tricks);
  if (n > 0) std::memcpy(g.trick_winner.data(), order, (size_t)n);
  g.last_trick_winner = n > 0 ? g.trick_winner[n - 1] : -1;
  if (d >= 0) {  // the dummy's tricks are its player's
    g.tricks_won[c] += g.tricks_won[d];
    g.tricks_won[d] = 0;
    for (int i = 0; i < n; ++i)
      if (g.trick_winner[i] == d) g.trick_winner[i] = (int8_t)c;
    if (g.last_trick_winner == d) g.last_trick_winner = c;
  }
}

game_verdict verdict_after(const variant& v, const hand_facts& f, const hand_result& r) {
  // the scores, counters and flags as game_state::finish_scoring leaves them
  std::array<int64_t, max_teams> after = *f.score;
  for (int t = 0; t < v.teams; ++t)
    if (__builtin_add_overflow(after[t], r.points[t], &after[t]))
      throw rule_error(v, {}, "arithmetic overflow: a score left the 64-bit range");
  hand_facts now = f;
  now.score = &after;
  now.counters = &r.counters;
  now.tallies = &r.tallies;
  std::array<uint8_t, max_teams> won = r.won, lost = r.lost;
  f.game->end_conditions(won, lost, &now);
  return f.game->decide_end(after, won, lost, f.game->hands_played + 1, &now);
}

void game_state::score_hand() {
  hand_points = {};
  if (controller >= 0) fold_dummy();  // once a hand: the dummy's tricks and cards are its player's
  const hand_result r = spades::score(*v, facts_of(*this));  // the function, not the member
  const int n_counters = (int)v->counters.size(), n_tallies = (int)v->tallies.size();
  for (int t = 0; t < v->teams; ++t) {
    hand_points[t] = r.points[t];
    copy_first(counters[t], r.counters[t], n_counters);
    copy_first(tallies[t], r.tallies[t], n_tallies);
    won_flag[t] |= r.won[t];
    lost_flag[t] |= r.lost[t];
  }
  finish_scoring();
}

// The hand's points into the scores; then whether the game is over.
void game_state::finish_scoring() {
  for (int t = 0; t < v->teams; ++t)
    if (__builtin_add_overflow(score[t], hand_points[t], &score[t]))
      throw rule_error(*v, {}, "arithmetic overflow: a score left the 64-bit range");
  ++hands_played;
  hand_scored = true;
  check_game_end();
}

}  // namespace spades
