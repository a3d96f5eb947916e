// elaborate_end: `end` -> the target, tie rules, win and lose conditions and the hand limit; then the one
// check that the game can end at all, which needs scoring elaborated first.
#include <algorithm>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "lang/elaborate.hpp"
#include "lang/range.hpp"

namespace spades::lang {

namespace {

// target N | target OPTION
void target(elaboration& e) {
  variant& v = e.v;
  const item* it = e.find(block_kind::end, form::target);
  if (!it) return;
  v.has_target = true;
  const word& w = it->as<setting>().value;
  if (std::isalpha((unsigned char)w.text[0]) || w.text[0] == '_') {
    v.target_option = e.syms.index(w.text, symbol_kind::option);
    if (v.target_option < 0)
      fail(w.at, fmt::format("unknown option '{}' (a target is a number or an option){}", w.text, did_you_mean(w.text, v.option_names)));
  } else {
    v.target = to_int(w, -max_number, max_number, "the target");
  }
}

// tie RULE [when CONDITION], in order: the first that holds applies, so none may follow an unconditional one.
void ties(elaboration& e) {
  const item* unconditional = nullptr;
  for (const item& it : e.items(block_kind::end)) {
    if (it.kind != form::tie) continue;
    if (unconditional)
      fail(it.at, "this tie rule can never apply: the one before it has no condition", {{unconditional->at, "this tie rule always applies"}});
    if (!it.cond) unconditional = &it;
    tie_choice c;
    c.rule = choose_word(*it.name, tie_rule_words, "tie rule");
    c.when = e.formulas.compile_opt(it.cond, scope::game);
    e.v.ties.push_back(c);
  }
}

bool has(const std::vector<spades::stmt>& body, bool (*pred)(const spades::stmt&)) {
  for (const spades::stmt& s : body)
    if (pred(s) || has(s.then_body, pred) || has(s.else_body, pred)) return true;
  return false;
}
bool ends(const spades::stmt& s) { return s.o == stmt_op::win || s.o == stmt_op::lose; }
bool scores(const spades::stmt& s) { return s.o == stmt_op::points; }

// Where a formula starts as written: a binary operator's node stands at the operator.
pos leftmost(const formula& f) { return f.kind == formula::binary && !f.args.empty() ? leftmost(f.args[0]) : f.at; }

// Whether the formula names a bid kind or an announcement a `drop` removed: it reads 0 there, by design (a base's
// nil rule in a variant without nil), so a condition false for that reason is no mistake of the author's.
bool reads_dropped(const elaboration& e, const formula& f) {
  if (f.kind == formula::name && e.syms.dropped(f.text, {form::bid, form::announce})) return true;
  return std::any_of(f.args.begin(), f.args.end(), [&](const formula& a) { return reads_dropped(e, a); });
}

// A rule whose condition no hand can satisfy, by the ranges of what it reads (lang/range.hpp): a mistake,
// like a tie rule that can never apply.
void check_rules_can_apply(elaboration& e, const range_analysis& any_hand) {
  const std::vector<const symbol*> rules = e.syms.of(symbol_kind::rule);
  for (size_t i = 0; i < e.v.rules.size() && i < rules.size(); ++i) {
    const score_rule& r = e.v.rules[i];
    if (r.when < 0 || !any_hand.condition(i).only(0)) continue;
    const item* decl = rules[i]->decl;
    if (decl && decl->cond && reads_dropped(e, *decl->cond)) continue;
    fail(decl && decl->cond ? leftmost(*decl->cond) : e.v.at(e.v.exprs[r.when]),
         fmt::format("rule '{}' can never apply: its condition is false in every hand (no value of what it reads can satisfy it)", r.name),
         {{rules[i]->at, "the rule is declared here"}});
  }
}

// "-100" for a range's end, as a note names it
std::string points_text(long double x) { return fmt::format("{}", (long long)x); }

// The rules that can take points from a score in the first hand, lowest first, as notes (at most three).
std::vector<note> rules_taking(const elaboration& e, const range_analysis& first) {
  const std::vector<const symbol*> rules = e.syms.of(symbol_kind::rule);
  std::vector<size_t> taking;
  for (size_t i = 0; i < e.v.rules.size() && i < rules.size(); ++i)
    if (first.points(i).lo < 0) taking.push_back(i);
  std::stable_sort(taking.begin(), taking.end(), [&](size_t a, size_t b) { return first.points(a).lo < first.points(b).lo; });
  std::vector<note> out;
  for (size_t i : taking) {
    if (out.size() == 3) break;
    out.push_back({rules[i]->at, fmt::format("rule '{}' takes at most {} points from a score in the first hand", e.v.rules[i].name,
                                            points_text(-first.points(i).lo))});
  }
  return out;
}

// A game needs a way to end: a target some rule's points can reach, a win/lose condition or statement,
// or an explicit hand limit.
void check_game_can_end(elaboration& e) {
  const variant& v = e.v;
  bool by_rules = false, points = false;
  for (const score_rule& r : v.rules) {
    by_rules |= has(r.body, ends);
    points |= has(r.body, scores);
  }
  bool by_condition = v.win_when >= 0 || v.lose_when >= 0 || by_rules;
  if (!v.has_target && !by_condition && !e.find(block_kind::end, form::max_hands)) {
    const resolved_block* b = e.r.find(block_kind::end);
    fail(b ? b->at : pos{e.r.chain.empty() ? -1 : 0, 1, 1},
         "this game could never end: give it a `target`, a `win when` or `lose when` condition, or `max_hands` in 'end'");
  }
  const range_analysis any_hand(v, false);
  check_rules_can_apply(e, any_hand);
  // a target above every score that can ever be made: no rule scores points, so scores stay at 0
  int64_t goal = v.target_option >= 0 ? v.option_defaults[v.target_option] : v.target;
  if (v.has_target && goal > 0 && !points && !by_condition)
    fail(e.find(block_kind::end, form::target)->at, fmt::format("this game could never end: no scoring rule gives points, so no score can reach the target {} "
                                                  "(add scoring rules, or a `win when` / `lose when` condition)", goal));
  // scores start at 0 and move only by `points`: decided by the ranges every `points` formula can take
  // (lang/range.hpp); a target given by an option is left alone, since players may set it
  if (!v.has_target || v.target_option >= 0 || by_condition || e.find(block_kind::end, form::max_hands)) return;
  const pos at = e.find(block_kind::end, form::target)->at;
  if (goal > 0 && any_hand.hand_points().hi <= 0)
    fail(at, fmt::format("this game could never end: no scoring rule can give a positive number of points, so no score can reach the "
                         "target {} (add scoring rules, or a `win when` / `lose when` condition)", goal));
  if (goal > 0) return;
  if (any_hand.hand_points().lo >= 0)
    fail(at, fmt::format("this game is over after its first hand: scores start at 0 and no scoring rule can give negative points, so every "
                         "score is at or above the target {} at once", goal));
  const range_analysis first(v, true);
  const value_range hand = first.hand_points();
  if (hand.lo >= (long double)goal)
    fail(at, fmt::format("this game is over after its first hand: scores start at 0 and the first hand can take at most {} points from a "
                         "score, so every score is at or above the target {} after it", points_text(-hand.lo), goal),
         rules_taking(e, first));
}

}  // namespace

void elaborate_end(elaboration& e) {
  variant& v = e.v;
  target(e);
  ties(e);
  if (const item* it = e.find(block_kind::end, form::win)) v.win_when = e.formulas.compile(*it->cond, scope::team);
  if (const item* it = e.find(block_kind::end, form::lose)) v.lose_when = e.formulas.compile(*it->cond, scope::team);
  if (const item* it = e.find(block_kind::end, form::max_hands)) v.max_hands = to_int(it->as<setting>().value, 1, 100000, "max_hands");
  check_game_can_end(e);
}

}  // namespace spades::lang
