// elaborate_end: `end` -> the target, tie rules, win and lose conditions and the hand limit; then the one
// check that the game can end at all, which needs scoring elaborated first.
#include <algorithm>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "lang/elaborate.hpp"

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

// The value of a formula made of literals and unary minus only (`-5`, `false`); nothing otherwise.
std::optional<int64_t> constant(const variant& v, int node) {
  const expr_node& n = v.exprs.at(node);
  if (n.o == op::num) return n.value;
  if (n.o == op::neg)
    if (std::optional<int64_t> a = constant(v, n.a)) return -*a;
  return std::nullopt;
}

// The signs a formula's value may take, as a set: a bit for negative, for zero, for positive. Used only to
// refuse a game that can never end, so it must never be too narrow: anything it cannot bound is "any".
constexpr uint8_t s_neg = 1, s_zero = 2, s_pos = 4, s_any = 7, s_nonneg = s_zero | s_pos;

uint8_t sign_of(int64_t x) { return x < 0 ? s_neg : x == 0 ? s_zero : s_pos; }
uint8_t flip(uint8_t s) { return (uint8_t)((s & s_zero) | (s & s_neg ? s_pos : 0) | (s & s_pos ? s_neg : 0)); }

// Applies `f` to every pair of single signs of `a` and `b` (as -1, 0, 1) and joins the results.
template <class F>
uint8_t pairs(uint8_t a, uint8_t b, F f) {
  uint8_t out = 0;
  for (int x = -1; x <= 1; ++x)
    for (int y = -1; y <= 1; ++y)
      if ((a & (1 << (x + 1))) && (b & (1 << (y + 1)))) out |= f(x, y);
  return out;
}

struct sign_analysis {
  const variant& v;
  std::vector<uint8_t> lets = std::vector<uint8_t>(max_lets, 0);  // what each `let` slot is ever given
  bool bids_nonneg = true;  // every number a bid or a conversion can make is at least 0

  explicit sign_analysis(const variant& var) : v(var) {
    for (const bid_kind& k : v.bids) bids_nonneg &= k.lo >= 0;
    for (const call_kind& c : v.calls) bids_nonneg &= c.to_n >= 0;
    // the `let` slots: the union of what every `let` assigns, to a fixed point (lets read other lets)
    for (int round = 0; round < 3 * max_lets + 1; ++round) {
      std::vector<uint8_t> before = lets;
      for (const score_rule& r : v.rules) assign_lets(r.body);
      if (lets == before) break;
    }
  }

  void assign_lets(const std::vector<spades::stmt>& body) {
    for (const spades::stmt& s : body) {
      if (s.o == stmt_op::let && s.slot >= 0 && s.slot < (int)lets.size()) lets[s.slot] |= of(s.expr);
      assign_lets(s.then_body);
      assign_lets(s.else_body);
    }
  }

  uint8_t option(int o) const {
    if (o < 0 || o >= (int)v.option_specs.size()) return s_any;
    const option_spec& spec = v.option_specs[o];
    if (spec.type != option_type::number) return s_nonneg;  // true/false, or a word's position
    if (!spec.listed.empty()) {
      uint8_t out = 0;
      for (int64_t x : spec.listed) out |= sign_of(x);
      return out;
    }
    return (uint8_t)((spec.lo < 0 ? s_neg : 0) | (spec.lo <= 0 && spec.hi >= 0 ? s_zero : 0) | (spec.hi > 0 ? s_pos : 0));
  }

  uint8_t variable(const expr_node& n) const {
    switch (n.v) {
      case var::option: return option((int)n.value);
      case var::let: return n.value >= 0 && n.value < (int64_t)lets.size() && lets[n.value] ? lets[n.value] : s_any;
      case var::counter: case var::score: case var::behind: return s_any;
      case var::team_bid: case var::player_bid: case var::this_bid: case var::bids_total:
        return bids_nonneg ? s_nonneg : s_any;
      default: return s_nonneg;  // counts of hands, tricks, bids, cards, and 0/1 flags
    }
  }

  uint8_t of(int node) const {
    if (node < 0) return s_any;
    const expr_node& n = v.exprs.at(node);
    switch (n.o) {
      case op::num: return sign_of(n.value);
      case op::var: return variable(n);
      case op::neg: return flip(of(n.a));
      case op::not_: case op::lt: case op::le: case op::gt: case op::ge: case op::eq: case op::ne: case op::and_: case op::or_:
      case op::count:
        return s_nonneg;
      case op::add: return pairs(of(n.a), of(n.b), [](int x, int y) { return x == -y && x ? s_any : sign_of(x + y); });
      case op::sub: return pairs(of(n.a), flip(of(n.b)), [](int x, int y) { return x == -y && x ? s_any : sign_of(x + y); });
      case op::mul: return pairs(of(n.a), of(n.b), [](int x, int y) { return sign_of(x * y); });
      // floor division may also give 0 (3 / 4); the remainder has the divisor's sign, or is 0
      case op::div: return pairs(of(n.a), of(n.b), [](int x, int y) { return (uint8_t)(sign_of(x * y) | s_zero); });
      case op::mod: return pairs(of(n.a), of(n.b), [](int x, int y) { return x == 0 ? s_zero : (uint8_t)(sign_of(y) | s_zero); });
      case op::if_: return (uint8_t)(of(n.b) | of(n.c));
      case op::min: return pairs(of(n.a), of(n.b), [](int x, int y) { return sign_of(std::min(x, y)); });
      case op::max: return pairs(of(n.a), of(n.b), [](int x, int y) { return sign_of(std::max(x, y)); });
      case op::abs: {
        uint8_t a = of(n.a);
        return (uint8_t)((a & s_zero) | (a & (s_neg | s_pos) ? s_pos : 0));
      }
      case op::sum: {
        uint8_t a = of(n.a);
        return (uint8_t)(s_zero | ((a & s_pos) ? s_pos : 0) | ((a & s_neg) ? s_neg : 0) | ((a & s_neg) && (a & s_pos) ? s_any : 0));
      }
    }
    return s_any;
  }
};

// Whether some `points` statement the body can reach may give a positive / a negative number, by the signs
// its formula can take; an `if` whose condition is a literal takes one branch.
void point_signs(const sign_analysis& signs, const std::vector<spades::stmt>& body, bool& positive, bool& negative) {
  const variant& v = signs.v;
  for (const spades::stmt& s : body) {
    if (s.o == stmt_op::points) {
      uint8_t can = signs.of(s.expr);
      positive |= (can & s_pos) != 0;
      negative |= (can & s_neg) != 0;
    } else if (s.o == stmt_op::if_) {
      std::optional<int64_t> c = s.expr >= 0 ? constant(v, s.expr) : std::nullopt;
      if (!c || *c != 0) point_signs(signs, s.then_body, positive, negative);
      if (!c || *c == 0) point_signs(signs, s.else_body, positive, negative);
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
  if (!v.has_target && !by_condition && !e.find(block_kind::end, form::max_hands)) {
    const resolved_block* b = e.r.find(block_kind::end);
    fail(b ? b->at : pos{e.r.chain.empty() ? -1 : 0, 1, 1},
         "this game could never end: give it a `target`, a `win when` or `lose when` condition, or `max_hands` in 'end'");
  }
  // a target above every score that can ever be made: no rule scores points, so scores stay at 0
  int64_t goal = v.target_option >= 0 ? v.option_defaults[v.target_option] : v.target;
  if (v.has_target && goal > 0 && !points && !by_condition)
    fail(e.find(block_kind::end, form::target)->at, fmt::format("this game could never end: no scoring rule gives points, so no score can reach the target {} "
                                                  "(add scoring rules, or a `win when` / `lose when` condition)", goal));
  // scores start at 0 and move only by `points`: decided by the signs every reachable `points` formula can
  // take (`points -tricks * 10` is never positive; a rule `when false` never runs); a target given by an
  // option is left alone, since players may set it
  if (!v.has_target || v.target_option >= 0 || by_condition || e.find(block_kind::end, form::max_hands)) return;
  bool positive = false, negative = false;
  sign_analysis signs(v);
  for (const score_rule& r : v.rules)
    if (std::optional<int64_t> c = r.when >= 0 ? constant(v, r.when) : std::nullopt; !c || *c != 0)
      point_signs(signs, r.body, positive, negative);
  const pos at = e.find(block_kind::end, form::target)->at;
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
  if (const item* it = e.find(block_kind::end, form::win)) v.win_when = e.formulas.compile(*it->cond, scope::team);
  if (const item* it = e.find(block_kind::end, form::lose)) v.lose_when = e.formulas.compile(*it->cond, scope::team);
  if (const item* it = e.find(block_kind::end, form::max_hands)) v.max_hands = to_int(it->as<setting>().value, 1, 100000, "max_hands");
  check_game_can_end(e);
}

}  // namespace spades::lang
