// formula_text: each node printed under the precedence of spec/language.md's operator table; names come
// from the variant's tables (options, counters, bids, calls, lets, card groups) and the vocabulary.
#include "lang/formula_text.hpp"

#include <bit>

#include <fmt/format.h>

namespace spades::lang {

namespace {

// Precedence levels of the operator table: a child printed below the level its place needs is bracketed.
enum level : int { lowest = 0, or_level = 1, and_level = 2, not_level = 3, cmp_level = 4, add_level = 5, mul_level = 6, neg_level = 7, primary = 8 };

const char* binary_symbol(op o) {
  switch (o) {
    case op::add: return "+";
    case op::sub: return "-";
    case op::mul: return "*";
    case op::div: return "/";
    case op::mod: return "%";
    case op::lt: return "<";
    case op::le: return "<=";
    case op::gt: return ">";
    case op::ge: return ">=";
    case op::eq: return "==";
    case op::ne: return "!=";
    case op::and_: return "and";
    case op::or_: return "or";
    default: return "?";
  }
}

int level_of(op o) {
  switch (o) {
    case op::or_: return or_level;
    case op::and_: return and_level;
    case op::not_: return not_level;
    case op::lt: case op::le: case op::gt: case op::ge: case op::eq: case op::ne: return cmp_level;
    case op::add: case op::sub: return add_level;
    case op::mul: case op::div: case op::mod: return mul_level;
    case op::neg: return neg_level;
    default: return primary;
  }
}

class printer {
 public:
  printer(const variant& v) : v_(v) {}

  // The text of `node` placed where at least `need` binds without brackets.
  std::string text(int node, scope sc, int need) {
    const expr_node& n = v_.exprs.at(node);
    int own = n.o == op::var ? var_level(n) : level_of(n.o);
    std::string s = bare(n, sc);
    // an `if … then … else` runs as far right as it can: bracketed wherever an operator stands beside it
    bool open_if = n.o == op::if_ && need > lowest;
    return own < need || open_if ? fmt::format("({})", s) : s;
  }

 private:
  // A set of bid kinds compiled into one test (`nil or blind_nil`) reads as an `or`.
  int var_level(const expr_node& n) const {
    bool kinds = n.v == var::team_kind || n.v == var::player_kind;
    return kinds && std::popcount((uint64_t)n.value) > 1 ? or_level : primary;
  }

  std::string bare(const expr_node& n, scope sc) {
    switch (n.o) {
      case op::num: return std::to_string(n.value);
      case op::var: return variable(n, sc);
      case op::neg: return fmt::format("-{}", text(n.a, sc, neg_level));
      case op::not_: return fmt::format("not {}", text(n.a, sc, not_level));
      case op::if_: return fmt::format("if {} then {} else {}", text(n.a, sc, lowest), text(n.b, sc, lowest), text(n.c, sc, lowest));
      case op::min: return fmt::format("min({}, {})", text(n.a, sc, lowest), text(n.b, sc, lowest));
      case op::max: return fmt::format("max({}, {})", text(n.a, sc, lowest), text(n.b, sc, lowest));
      case op::abs: return fmt::format("abs({})", text(n.a, sc, lowest));
      case op::sum: return fmt::format("sum({})", text(n.a, scope::player, lowest));
      case op::count: return fmt::format("count({})", text(n.a, scope::player, lowest));
      default: break;
    }
    // binary: left-associative but for comparisons, which take one on each side
    int l = level_of(n.o);
    bool cmp = l == cmp_level;
    if (const std::string* word = choice_word(n)) return fmt::format("{} {} {}", text(n.a, sc, l + 1), binary_symbol(n.o), *word);
    return fmt::format("{} {} {}", text(n.a, sc, cmp ? l + 1 : l), binary_symbol(n.o), text(n.b, sc, l + 1));
  }

  std::string kinds(int64_t bits) const {
    std::string out;
    for (size_t k = 0; k < v_.bids.size(); ++k)
      if (bits >> k & 1) out += fmt::format("{}{}", out.empty() ? "" : " or ", v_.bids[k].name);
    return out;
  }

  // `OPTION == WORD` of a choice option: the word its value stands for.
  const std::string* choice_word(const expr_node& n) const {
    if ((n.o != op::eq && n.o != op::ne) || n.a < 0 || n.b < 0) return nullptr;
    const expr_node &a = v_.exprs.at(n.a), &b = v_.exprs.at(n.b);
    if (a.o != op::var || a.v != var::option || b.o != op::num || a.value < 0 || a.value >= (int64_t)v_.option_specs.size()) return nullptr;
    const option_spec& o = v_.option_specs[a.value];
    return o.type == option_type::choice && b.value >= 0 && b.value < (int64_t)o.words.size() ? &o.words[b.value] : nullptr;
  }

  std::string card_call(const char* f, const expr_node& n, scope sc) {
    std::string group = n.value >= 0 && n.value < (int64_t)v_.text.card_group_texts.size() ? v_.text.card_group_texts[n.value] : "?";
    if (n.a >= 0) return fmt::format("{}({}, {})", f, group, text(n.a, sc, lowest));
    return fmt::format("{}({})", f, group);
  }

  std::string variable(const expr_node& n, scope sc) {
    auto at = [](const std::vector<std::string>& names, int64_t i) { return i >= 0 && i < (int64_t)names.size() ? names[i] : std::string("?"); };
    switch (n.v) {
      case var::option: return at(v_.option_names, n.value);
      case var::let: return at(v_.text.let_names, n.value);
      case var::counter: return at(v_.counters, n.value);
      case var::team_kind:
      case var::player_kind: return kinds(n.value);
      case var::team_call:
      case var::player_call: return n.value >= 0 && n.value < (int64_t)v_.calls.size() ? v_.calls[n.value].name : "?";
      case var::partner_kind: return fmt::format("partner_bid_is({})", n.value >= 0 && n.value < (int64_t)v_.bids.size() ? v_.bids[n.value].name : "?");
      case var::team_first_tricks:
      case var::player_first_tricks: return fmt::format("first_tricks({})", text(n.a, sc, lowest));
      case var::held: return card_call("held", n, sc);
      case var::dealt: return card_call("dealt", n, sc);
      case var::won_cards: return card_call("won", n, sc);
      case var::won_with: return card_call("won_with", n, sc);
      case var::trumped: return card_call("trumped", n, sc);
      case var::final_run: return card_call("final_run", n, sc);
      case var::led_is: return card_call("led_is", n, sc);
      default: return builtin_name(n.v, sc);
    }
  }

  // The vocabulary's name for a variable read in `sc` (the first row visible there that reads it).
  static std::string builtin_name(var x, scope sc) {
    for (const builtin& row : builtins())
      if (row.kind == builtin::variable && (row.scopes & bit(sc)) && (sc == scope::player ? row.player_var : row.other_var) == x)
        return std::string(row.name);
    for (const builtin& row : builtins())
      if (row.kind == builtin::variable && (row.player_var == x || row.other_var == x)) return std::string(row.name);
    return "?";
  }

  const variant& v_;
};

}  // namespace

std::string formula_text(const variant& v, int node, scope sc) {
  if (node < 0) return "";
  return printer(v).text(node, sc, lowest);
}

std::optional<std::string> negated_text(const variant& v, int node, scope sc) {
  if (node < 0) return std::nullopt;
  printer p(v);
  const expr_node& n = v.exprs.at(node);
  if (n.o == op::neg) return p.text(n.a, sc, lowest);
  // `-10 * x` is (-10) * x: the product without its sign (not a quotient: division rounds down)
  if (n.o == op::mul && v.exprs.at(n.a).o == op::neg) {
    const expr_node& m = v.exprs.at(n.a);
    return fmt::format("{} {} {}", p.text(m.a, sc, mul_level), binary_symbol(n.o), p.text(n.b, sc, mul_level + 1));
  }
  return std::nullopt;
}

}  // namespace spades::lang
