// Scoring a hand: the variant's rules run in order, per team or per player, as pure functions of
// the bids, the tricks and the game so far. Points of all rules are added to the score at the end,
// so `score` in a formula is always the score before this hand.
#include <fmt/format.h>

#include "runtime/expr.hpp"
#include "runtime/game.hpp"
#include "runtime/score_code.hpp"

namespace spades {

namespace {

struct runner {
  game_state& st;
  const variant& v;
  std::array<int64_t, max_lets>& lets;

  void exec(const std::vector<stmt>& body, const eval_ctx& cx) {
    for (const stmt& s : body) {
      switch (s.o) {
        case stmt_op::let: lets[s.slot] = eval(v, s.expr, cx); break;
        case stmt_op::points: points(s, eval(v, s.expr, cx), cx.team); break;
        case stmt_op::counter_add: add(st.counters[cx.team][s.slot], eval(v, s.expr, cx), s); break;
        case stmt_op::counter_sub: {
          int64_t x = eval(v, s.expr, cx);
          if (x == INT64_MIN) overflow(s);
          add(st.counters[cx.team][s.slot], -x, s);
          break;
        }
        case stmt_op::counter_set: st.counters[cx.team][s.slot] = eval(v, s.expr, cx); break;
        case stmt_op::if_:
          if (eval(v, s.expr, cx)) exec(s.then_body, cx);
          else exec(s.else_body, cx);
          break;
        case stmt_op::tally: ++st.tallies[cx.team][s.slot]; break;
        case stmt_op::win: st.won_flag[cx.team] = 1; break;
        case stmt_op::lose: st.lost_flag[cx.team] = 1; break;
      }
    }
  }
  // `points [to opponents|to TEAM] EXPR`: the team in scope's, every other team's, or the named team's
  void points(const stmt& s, int64_t x, int team) {
    if (s.to == points_to_scope) return add(st.hand_points[team], x, s);
    if (s.to >= 0) return add(st.hand_points[s.to], x, s);
    for (int t = 0; t < v.teams; ++t)
      if (t != team) add(st.hand_points[t], x, s);
  }
  void add(int64_t& into, int64_t x, const stmt& s) {
    if (__builtin_add_overflow(into, x, &into)) overflow(s);
  }
  [[noreturn]] void overflow(const stmt& s) {
    const expr_node& n = v.exprs[s.expr];
    throw rule_error(v, v.at(n), "arithmetic overflow while scoring");
  }
};

}  // namespace

void game_state::score_hand() {
  // not cleared: a let is visible only after its statement (lang/formula.cpp), so no slot is read unwritten
  std::array<int64_t, max_lets> lets;
  runner r{*this, *v, lets};
  hand_points = {};
  if (controller >= 0) fold_dummy();  // once a hand: the dummy's tricks and cards are its player's
  if (v->scoring && v->scoring->compiled_for(*v)) {
    run_scoring(*this, *v->scoring);
    return finish_scoring();
  }
  for (const score_rule& rule : v->rules) {
    eval_ctx cx{this};
    cx.lets = lets.data();
    for (int t = 0; t < v->teams; ++t) {
      cx.team = t;
      if (!rule.per_player) {
        cx.player = -1;
        if (eval_cond(*v, rule.when, cx)) r.exec(rule.body, cx);
        continue;
      }
      for (int p : v->members[t]) {
        cx.player = p;
        if (eval_cond(*v, rule.when, cx)) r.exec(rule.body, cx);
      }
    }
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
