// elaborate_end: `end` -> the target, tie rules, win and lose conditions and the hand limit; then the one
// check that the game can end at all, which needs scoring elaborated first.
#include <optional>

#include <fmt/format.h>

#include "lang/elaborate.hpp"

namespace spades::lang {

namespace {

// target N | target OPTION
void target(elaboration& e) {
  variant& v = e.v;
  const item* it = e.find("end", "target");
  if (!it) return;
  v.has_target = true;
  const word& w = it->args.at(0);
  if (std::isalpha((unsigned char)w.text[0]) || w.text[0] == '_') {
    v.target_option = e.syms.index(w.text, symbol_kind::option);
    if (v.target_option < 0)
      fail(w.at, fmt::format("unknown option '{}' (a target is a number or an option){}", w.text, did_you_mean(w.text, v.option_names)));
  } else {
    v.target = to_int(w, -1000000000, 1000000000, "the target");
  }
}

// tie RULE [when CONDITION], in order: the first that holds applies, so none may follow an unconditional one.
void ties(elaboration& e) {
  const item* unconditional = nullptr;
  for (const item& it : e.items("end")) {
    if (it.kw != "tie") continue;
    if (unconditional)
      fail(it.at, "this tie rule can never apply: the one before it has no condition", {{unconditional->at, "this tie rule always applies"}});
    if (!it.cond) unconditional = &it;
    tie_choice c;
    std::string t = choose(it.args.at(0), {"another_hand", "draw", "next_hand_decides"}, "tie rule");
    c.rule = t == "draw" ? tie_rule::draw : t == "next_hand_decides" ? tie_rule::next_hand_decides : tie_rule::another_hand;
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

// The value of a formula made of literals and unary minus only (`-5`, `false`); nothing otherwise.
std::optional<int64_t> constant(const variant& v, int node) {
  const expr_node& n = v.exprs.at(node);
  if (n.o == op::num) return n.value;
  if (n.o == op::neg)
    if (std::optional<int64_t> a = constant(v, n.a)) return -*a;
  return std::nullopt;
}

// Whether some `points` statement the body can reach may give a positive / a negative number: a literal
// decides its sign, anything else may be either; an `if` whose condition is a literal takes one branch.
void point_signs(const variant& v, const std::vector<spades::stmt>& body, bool& positive, bool& negative) {
  for (const spades::stmt& s : body) {
    if (s.o == stmt_op::points) {
      std::optional<int64_t> c = constant(v, s.expr);
      positive |= !c || *c > 0;
      negative |= !c || *c < 0;
    } else if (s.o == stmt_op::if_) {
      std::optional<int64_t> c = s.expr >= 0 ? constant(v, s.expr) : std::nullopt;
      if (!c || *c != 0) point_signs(v, s.then_body, positive, negative);
      if (!c || *c == 0) point_signs(v, s.else_body, positive, negative);
    }
  }
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
  if (!v.has_target && !by_condition && !e.find("end", "max_hands")) {
    const resolved_block* b = e.r.find("end");
    fail(b ? b->at : pos{e.r.chain.empty() ? -1 : 0, 1, 1},
         "this game could never end: give it a `target`, a `win when` or `lose when` condition, or `max_hands` in 'end'");
  }
  // a target above every score that can ever be made: no rule scores points, so scores stay at 0
  int64_t goal = v.target_option >= 0 ? v.option_defaults[v.target_option] : v.target;
  if (v.has_target && goal > 0 && !points && !by_condition)
    fail(e.find("end", "target")->at, fmt::format("this game could never end: no scoring rule gives points, so no score can reach the target {} "
                                                  "(add scoring rules, or a `win when` / `lose when` condition)", goal));
  // scores start at 0 and move only by `points`: decided where every reachable `points` is a literal (a
  // rule `when false` never runs); a target given by an option is left alone, since players may set it
  if (!v.has_target || v.target_option >= 0 || by_condition || e.find("end", "max_hands")) return;
  bool positive = false, negative = false;
  for (const score_rule& r : v.rules)
    if (std::optional<int64_t> c = r.when >= 0 ? constant(v, r.when) : std::nullopt; !c || *c != 0)
      point_signs(v, r.body, positive, negative);
  const pos at = e.find("end", "target")->at;
  if (goal > 0 && !positive)
    fail(at, fmt::format("this game could never end: no scoring rule can give a positive number of points, so no score can reach the "
                         "target {} (add scoring rules, or a `win when` / `lose when` condition)", goal));
  if (goal <= 0 && !negative)
    fail(at, fmt::format("this game is over after its first hand: scores start at 0 and no scoring rule can give negative points, so every "
                         "score is at or above the target {} at once", goal));
}

}  // namespace

void elaborate_end(elaboration& e) {
  variant& v = e.v;
  target(e);
  ties(e);
  if (const item* it = e.find("end", "win")) v.win_when = e.formulas.compile(*it->cond, scope::team);
  if (const item* it = e.find("end", "lose")) v.lose_when = e.formulas.compile(*it->cond, scope::team);
  if (const item* it = e.find("end", "max_hands")) v.max_hands = to_int(it->args.at(0), 1, 100000, "max_hands");
  check_game_can_end(e);
}

}  // namespace spades::lang
