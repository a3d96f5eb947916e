// A hand's score explained rule by rule: the hand's facts scored once by the scoring function, asked for
// the result after each rule; the difference each rule makes is its effect. Exact by construction (the
// same scoring code runs), and the playouts never pay for it.
#include "runtime/breakdown.hpp"

#include <fmt/format.h>

#include "runtime/expr.hpp"
#include "runtime/notation.hpp"
#include "runtime/scoring.hpp"

namespace spades {

namespace {

// What a rule's formulas read of the hand, for its words.
struct reads {
  bool bids = false, tricks = false;
};

void walk(const variant& v, int node, reads& r) {
  if (node < 0) return;
  const expr_node& n = v.exprs[node];
  if (n.o == op::var) {
    switch (n.v) {
      case var::team_bid: case var::team_kind: case var::team_blind: case var::player_bid: case var::player_kind:
      case var::player_blind: case var::partner_kind: r.bids = true; break;
      case var::team_tricks: case var::player_tricks: r.tricks = true; break;
      default: break;
    }
  }
  walk(v, n.a, r);
  walk(v, n.b, r);
  walk(v, n.c, r);
}

void walk(const variant& v, const std::vector<stmt>& body, reads& r) {
  for (const stmt& s : body) {
    walk(v, s.expr, r);
    walk(v, s.then_body, r);
    walk(v, s.else_body, r);
  }
}

std::string bid_text(const game_state& st, int bidder) {
  const bid_made& b = st.bids[bidder];
  return b.kind < 0 ? std::string("-") : format_bid(*st.v, b.kind, b.n);
}

// "bid 4+nil took 5" for the seats given (a team's members, or one player), as far as the rule reads them.
std::string read_text(const game_state& st, const reads& r, const std::vector<int>& seats, int team) {
  const variant& v = *st.v;
  std::string bid;
  if (r.bids && !st.bidding_skipped) {
    if (v.bid_by_team) bid = bid_text(st, team);
    else
      for (int s : seats) {
        if (!bid.empty()) bid += '+';
        bid += bid_text(st, s);
      }
  }
  int tricks = 0;
  for (int s : seats) tricks += st.tricks_won[s];
  std::string out;
  if (!bid.empty()) out = "bid " + bid;
  if (r.tricks || !bid.empty()) out += fmt::format("{}took {}", out.empty() ? "" : " ", tricks);
  return out;
}

// For a rule of each player: the players of `team` its condition selects, each with what the rule reads.
std::string players_text(const game_state& st, const score_rule& rule, const reads& r, int team) {
  const variant& v = *st.v;
  std::array<int64_t, max_lets> lets{};
  std::string out;
  for (int p : v.members[team]) {
    eval_ctx cx{&st, team, p};
    cx.lets = lets.data();
    if (!eval_cond(v, rule.when, cx)) continue;
    std::string what = read_text(st, r, {p}, team);
    out += fmt::format("{}{}{}{}", out.empty() ? "" : ", ", v.seat_names[p], what.empty() ? "" : " ", what);
  }
  return out;
}

// The state as the game would hold it had the hand been scored under the first k rules: `base` (the hand
// finished and scored under no rule) with their result applied, and the game's end conditions evaluated
// again over it (a rule that brings a team's `win when` about wins the game).
game_state after_rules(const game_state& base, const hand_result& r) {
  const variant& v = *base.v;
  game_state s = base;
  for (int t = 0; t < v.teams; ++t) {
    s.hand_points[t] = r.points[t];
    if (__builtin_add_overflow(base.score[t], r.points[t], &s.score[t]))
      throw rule_error(v, {}, "arithmetic overflow: a score left the 64-bit range");
    for (size_t k = 0; k < v.counters.size(); ++k) s.counters[t][k] = r.counters[t][k];
    for (size_t k = 0; k < v.tallies.size(); ++k) s.tallies[t][k] = r.tallies[t][k];
    s.won_flag[t] = r.won[t];
    s.lost_flag[t] = r.lost[t];
  }
  s.end_conditions(s.won_flag, s.lost_flag);
  return s;
}

}  // namespace

std::vector<rule_effect> explain_scoring(const game_state& before, const std::function<void(game_state&)>& finish) {
  const variant& v = *before.v;
  // the hand finished under no scoring rule: its facts are those the scoring reads (nothing scored
  // changes them), and it is the state under the first 0 rules
  variant none = v;
  none.rules.clear();
  game_state base = before;
  base.v = &none;
  finish(base);
  base.v = &v;
  std::vector<hand_result> steps;  // steps[k]: the result after rule k
  score(v, facts_of(base), &steps);
  std::vector<game_state> after{base};  // after[k]: scored under the first k rules
  for (const hand_result& r : steps) after.push_back(after_rules(base, r));
  std::vector<rule_effect> out;
  for (size_t k = 1; k <= v.rules.size(); ++k) {
    const game_state &a = after[k - 1], &b = after[k];
    const score_rule& rule = v.rules[k - 1];
    reads r;
    walk(v, rule.when, r);
    walk(v, rule.body, r);
    for (int t = 0; t < v.teams; ++t) {
      rule_effect e;
      e.rule = (int)k - 1;
      e.team = t;
      e.points = b.hand_points[t] - a.hand_points[t];
      for (size_t c = 0; c < v.counters.size(); ++c)
        if (a.counters[t][c] != b.counters[t][c]) e.counters.push_back({(int)c, a.counters[t][c], b.counters[t][c]});
      e.won = b.won_flag[t] && !a.won_flag[t];
      e.lost = b.lost_flag[t] && !a.lost_flag[t];
      bool tallied = a.tallies[t] != b.tallies[t];
      if (e.points == 0 && e.counters.empty() && !e.won && !e.lost && !tallied) continue;
      // what the rule read, as the hand stands once scored (a dummy's tricks are its player's by then)
      e.read = rule.per_player ? players_text(a, rule, r, t) : read_text(a, r, v.members[t], t);
      out.push_back(std::move(e));
    }
  }
  return out;
}

std::string effects_text(const variant& v, const std::vector<rule_effect>& effects, int team) {
  std::string out;
  for (const rule_effect& e : effects) {
    if (e.team != team) continue;
    std::string part = v.rules[e.rule].name + ":";
    std::string sep = " ";
    if (!e.read.empty()) { part += sep + e.read; sep = ", "; }
    if (e.points != 0) { part += fmt::format("{}{:+}", sep, e.points); sep = ", "; }
    for (const auto& c : e.counters) { part += fmt::format("{}{} {} -> {}", sep, v.counters[c.counter], c.from, c.to); sep = ", "; }
    if (e.won) { part += sep + "wins the game"; sep = ", "; }
    if (e.lost) { part += sep + "loses the game"; sep = ", "; }
    if (sep == " ") part += " +0";  // a rule that only kept a tally
    if (!out.empty()) out += "; ";
    out += part;
  }
  return out;
}

}  // namespace spades
