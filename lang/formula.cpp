// formula: each name becomes a variable node of the kind the vocabulary gives it in that scope; each
// statement a runtime stmt. A name out of its scope is told where it can be used.
#include "lang/formula.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "lang/elaborate.hpp"

namespace spades::lang {

namespace {

symbol_kind kind_of(declared_kind c) {
  switch (c) {
    case declared_kind::option: return symbol_kind::option;
    case declared_kind::counter: return symbol_kind::counter;
    case declared_kind::bid_kind: return symbol_kind::bid;
    case declared_kind::call: return symbol_kind::call;
  }
  return symbol_kind::option;
}

// The symbol kind a class row names, or false for a plain variable or function.
bool row_kind(const builtin& row, symbol_kind& out) {
  if (row.kind != builtin::name_class) return false;
  out = kind_of(row.declared);
  return true;
}

bool visible(const builtin& row, scope sc) { return row.scopes & bit(sc); }

}  // namespace

std::optional<int64_t> constant_value(const variant& v, int node) {
  const expr_node& n = v.exprs.at(node);
  auto arg = [&](int child) { return child >= 0 ? constant_value(v, child) : std::nullopt; };
  switch (n.o) {
    case op::num: return n.value;
    case op::or_:
    case op::and_: {
      // one side decides: `x or true` holds, `x and false` does not, whatever x
      const bool decider = n.o == op::or_;
      std::optional<int64_t> a = arg(n.a), b = arg(n.b);
      if ((a && (*a != 0) == decider) || (b && (*b != 0) == decider)) return decider ? 1 : 0;
      if (a && b) return decider ? 0 : 1;
      return std::nullopt;
    }
    case op::if_: {
      std::optional<int64_t> c = arg(n.a);
      if (c) return arg(*c != 0 ? n.b : n.c);
      std::optional<int64_t> x = arg(n.b), y = arg(n.c);
      return x && y && *x == *y ? x : std::nullopt;
    }
    case op::var:
    case op::sum:
    case op::count: return std::nullopt;
    default: break;
  }
  std::optional<int64_t> a = arg(n.a);
  if (!a) return std::nullopt;
  int64_t r = 0;
  switch (n.o) {
    case op::neg: return __builtin_sub_overflow(int64_t{0}, *a, &r) ? std::nullopt : std::optional<int64_t>(r);
    case op::not_: return *a == 0;
    case op::abs: return *a < 0 ? (__builtin_sub_overflow(int64_t{0}, *a, &r) ? std::nullopt : std::optional<int64_t>(r)) : a;
    default: break;
  }
  std::optional<int64_t> b = arg(n.b);
  if (!b) return std::nullopt;
  switch (n.o) {
    case op::add: return __builtin_add_overflow(*a, *b, &r) ? std::nullopt : std::optional<int64_t>(r);
    case op::sub: return __builtin_sub_overflow(*a, *b, &r) ? std::nullopt : std::optional<int64_t>(r);
    case op::mul: return __builtin_mul_overflow(*a, *b, &r) ? std::nullopt : std::optional<int64_t>(r);
    case op::lt: return *a < *b;
    case op::le: return *a <= *b;
    case op::gt: return *a > *b;
    case op::ge: return *a >= *b;
    case op::eq: return *a == *b;
    case op::ne: return *a != *b;
    case op::min: return std::min(*a, *b);
    case op::max: return std::max(*a, *b);
    default: return std::nullopt;  // division and remainder: left to the run (a zero divisor is its error)
  }
}

int formula_compiler::add(expr_node n, pos at) {
  n.file = at.file;
  n.line = at.line;
  n.col = at.col;
  v_.exprs.push_back(n);
  return (int)v_.exprs.size() - 1;
}

// The first row that gives `n` a meaning in `sc` (with the declared thing's index for a class), or nullptr.
const builtin* formula_compiler::visible_row(const std::string& n, scope sc, int64_t& index) const {
  for (const builtin& row : builtins()) {
    if (!visible(row, sc) || row.kind == builtin::function) continue;
    symbol_kind k;
    if (row_kind(row, k)) {
      if (int i = syms_.index(n, k); i >= 0) { index = k == symbol_kind::bid ? int64_t{1} << i : i; return &row; }
    } else if (row.name == n) {
      return &row;
    }
  }
  return nullptr;
}

expr_node formula_compiler::builtin_variable(const builtin& row, const formula& e, scope sc, int64_t index) {
  expr_node x;
  x.o = op::var;
  x.v = sc == scope::player ? row.player_var : row.other_var;
  // a play condition is about the player to play: a bid kind there is that player's own bid
  if (sc == scope::play && x.v == var::team_kind) x.v = var::player_kind;
  x.value = index;
  if (x.v == var::player_bid && v_.bid_by_team)
    throw diag_error(e.at, "'bid' of a player has no meaning when teams bid (`order teams`): use the team's `bid` in a team rule");
  if (x.v == var::last_trick) v_.uses_trick_order = true;
  if (x.v == var::option && v_.option_specs.at(index).type == option_type::choice)
    throw diag_error(e.at, fmt::format("the option '{}' is a choice of words ({}): a formula compares it with one of them (`{} == {}`)", e.text,
                                       v_.option_specs[index].allowed(), e.text, v_.option_specs[index].words.at(0)));
  return x;
}

// The variable `name` in scope `sc`: a `let`, else the vocabulary's first visible row, else a diagnostic.
expr_node formula_compiler::variable(const formula& e, scope sc) {
  for (auto it = lets_.rbegin(); it != lets_.rend(); ++it)
    if (it->first == e.text) {
      expr_node x;
      x.o = op::var;
      x.v = var::let;
      x.value = it->second;
      return x;
    }
  int64_t index = 0;
  if (const builtin* row = visible_row(e.text, sc, index)) return builtin_variable(*row, e, sc, index);
  if (dropped_call_or_bid(e.text, sc)) {
    expr_node zero;  // a dropped bid kind or announcement is never made
    zero.o = op::num;
    return zero;
  }
  unknown_name(e, sc);
}

// A bid kind or announcement a `drop` removed, named where bid kinds (or calls) can be read: it reads 0.
bool formula_compiler::dropped_call_or_bid(const std::string& n, scope sc) const {
  const item* d = syms_.dropped(n, {form::bid, form::announce});
  if (!d) return false;
  declared_kind wanted = d->as<drop_decl>().of == form::bid ? declared_kind::bid_kind : declared_kind::call;
  for (const builtin& row : builtins())
    if (row.kind == builtin::name_class && row.declared == wanted) return visible(row, sc);
  return false;
}

// A name not visible here: where it would be, why it is gone, or a near name that is visible.
void formula_compiler::unknown_name(const formula& e, scope sc) const {
  const std::string& n = e.text;
  std::vector<std::string> known;
  for (auto& l : lets_) known.push_back(l.first);
  for (const builtin& row : builtins()) {
    if (row.kind == builtin::function) continue;
    symbol_kind k;
    bool is_class = row_kind(row, k);
    if (is_class ? syms_.index(n, k) >= 0 : row.name == n)
      throw diag_error(e.at, fmt::format("'{}' cannot be used in {}: {}", n, scope_title(sc), where_known(row.scopes)));
    if (!visible(row, sc)) continue;
    if (is_class) for (auto& s : syms_.names(k)) known.push_back(s);
    else known.emplace_back(row.name);
  }
  if (const item* d = syms_.dropped(n, {form::bid, form::counter}))
    throw diag_error(e.at, fmt::format("unknown name '{}': the {} '{}' is dropped", n, d->as<drop_decl>().kind.text, n), {{d->at, "dropped here"}});
  // the names there are, so that an author who guessed learns the vocabulary of this place
  std::vector<std::string> listed;
  for (const std::string& k : known)
    if (std::find(listed.begin(), listed.end(), k) == listed.end()) listed.push_back(k);
  if (syms_.conditions)
    for (const named_condition& c : *syms_.conditions) listed.push_back(c.name.text);
  throw diag_error(e.at, fmt::format("unknown name '{}'{}", n, did_you_mean(n, listed)),
                   {{pos{}, fmt::format("the names known in {}: {}", scope_title(sc), fmt::join(listed, ", "))}});
}

// held(GROUP), won_with(GROUP, k) ...: the group compiled to a card set the node indexes.
int formula_compiler::card_call(const formula& e, const builtin& row, scope sc) {
  static const std::pair<const char*, var> kinds[] = {{"held", var::held}, {"dealt", var::dealt}, {"won", var::won_cards},
                                                      {"won_with", var::won_with}, {"trumped", var::trumped}, {"final_run", var::final_run},
                                                      {"led_is", var::led_is}};
  const std::string& f = e.text;
  // the grammar admits at most one trick number; only won_with() and trumped() take it
  if (!e.args.empty() && f != "won_with" && f != "trumped")
    throw diag_error(e.args.back().at, fmt::format("{}() takes a card group only", f));
  if (!visible(row, sc)) throw diag_error(e.at, fmt::format(fmt::runtime(row.misplaced), f));
  expr_node x;
  x.o = op::var;
  for (auto& [name, kind] : kinds)
    if (f == name) x.v = kind;
  if (x.v != var::held && x.v != var::dealt && x.v != var::led_is) v_.uses_trick_cards = true;
  x.value = (int64_t)v_.card_groups.size();
  const group_reading g = read_card_group(v_, e.group, 0);
  if (g.candidate && sc != scope::play)
    throw diag_error(g.candidate->at, fmt::format("'{}' is relative to the card in question: only the condition of a play restriction has one "
                                                  "(refuse, prefer, forbid … play, force … play)", g.candidate->text));
  if (g.led && sc != scope::play) throw diag_error(g.led->at, "'led' is the suit led: only a play condition has one");
  v_.card_groups.push_back(g.cards);
  v_.card_group_rel.push_back(g.rel);
  v_.text.card_group_texts.push_back(joined(e.group, 0));
  if (!e.args.empty()) x.a = compile(e.args[0], sc);
  return add(x, e.at);
}

int formula_compiler::call(const formula& e, scope sc) {
  const std::string& f = e.text;
  const builtin* found = find_builtin(f);  // the grammar admits only the vocabulary's functions
  if (!found || found->kind != builtin::function) throw diag_error(e.at, fmt::format("internal error: '{}' is not in the vocabulary", f));
  const builtin& row = *found;
  if (!e.group.empty()) return card_call(e, row, sc);
  if ((int)e.args.size() != row.arity)
    throw diag_error(e.at, fmt::format("{}() takes {} argument{}, not {}", f, row.arity, row.arity == 1 ? "" : "s", e.args.size()));
  if (!visible(row, sc)) throw diag_error(e.at, fmt::format(fmt::runtime(row.misplaced), f));
  expr_node x;
  if (f == "first_tricks") {
    x.o = op::var;
    x.v = sc == scope::team ? var::team_first_tricks : var::player_first_tricks;
    x.a = compile(e.args[0], sc);
    v_.uses_trick_order = true;
  } else if (f == "partner_bid_is") {
    const formula& a = e.args[0];
    int i = a.kind == formula::name ? syms_.index(a.text, symbol_kind::bid) : -1;
    if (i < 0 && a.kind == formula::name && syms_.dropped(a.text, {form::bid})) {
      x.o = op::num;  // a dropped bid kind: no partner ever bids it
      return add(x, e.at);
    }
    if (i < 0)
      throw diag_error(a.at, fmt::format("partner_bid_is() takes the name of a bid{}",
                                         a.kind == formula::name ? did_you_mean(a.text, syms_.names(symbol_kind::bid)) : std::string{}));
    x.o = op::var;
    x.v = var::partner_kind;
    x.value = i;
  } else if (f == "sum" || f == "count") {
    x.o = f == "sum" ? op::sum : op::count;
    x.a = compile(e.args[0], scope::player);  // each member in turn
  } else {
    x.o = f == "min" ? op::min : f == "max" ? op::max : op::abs;
    x.a = compile(e.args[0], sc);
    if (row.arity == 2) x.b = compile(e.args[1], sc);
  }
  return add(x, e.at);
}

// The index of the choice option `e` names (a name no `let` hides), or -1.
int formula_compiler::choice_option(const formula& e) const {
  if (e.kind != formula::name) return -1;
  for (const auto& l : lets_)
    if (l.first == e.text) return -1;
  const int i = syms_.index(e.text, symbol_kind::option);
  return i >= 0 && v_.option_specs.at(i).type == option_type::choice ? i : -1;
}

// OPTION == WORD | OPTION != WORD: a choice option against one of its words (its value is the word's place).
int formula_compiler::choice_test(const formula& e, int option) {
  const formula& w = e.args[1];
  const std::vector<std::string>& words = v_.option_specs[option].words;
  auto found = w.kind == formula::name ? std::find(words.begin(), words.end(), w.text) : words.end();
  if (found == words.end())
    throw diag_error(w.at, fmt::format("the option '{}' is one of the words {}: compare it with one of them{}", e.args[0].text,
                                       v_.option_specs[option].allowed(), w.kind == formula::name ? did_you_mean(w.text, words) : std::string{}));
  expr_node o, n, x;
  o.o = op::var;
  o.v = var::option;
  o.value = option;
  n.o = op::num;
  n.value = found - words.begin();
  x.o = e.text == "==" ? op::eq : op::ne;
  x.a = add(o, e.args[0].at);
  x.b = add(n, w.at);
  return add(x, e.at);
}

int formula_compiler::binary(const formula& e, scope sc) {
  if (e.text == "==" || e.text == "!=")
    if (const int option = choice_option(e.args[0]); option >= 0) return choice_test(e, option);
  static const std::pair<const char*, op> ops[] = {
      {"+", op::add}, {"-", op::sub}, {"*", op::mul}, {"/", op::div}, {"%", op::mod}, {"<", op::lt},
      {"<=", op::le}, {">", op::gt}, {">=", op::ge}, {"==", op::eq}, {"!=", op::ne}, {"and", op::and_}, {"or", op::or_}};
  expr_node x;
  for (auto& [t, o] : ops)
    if (e.text == t) x.o = o;
  x.a = compile(e.args[0], sc);
  x.b = compile(e.args[1], sc);
  // `nil or blind_nil`: one test of a set of bid kinds
  if (x.o == op::or_) {
    expr_node &l = v_.exprs[x.a], &r = v_.exprs[x.b];
    if (l.o == op::var && r.o == op::var && l.v == r.v && (l.v == var::player_kind || l.v == var::team_kind)) {
      l.value |= r.value;
      return x.a;
    }
  }
  return add(x, e.at);
}

int formula_compiler::compile(const formula& e, scope sc) {
  expr_node x;
  switch (e.kind) {
    case formula::number:
    case formula::boolean:
      x.o = op::num;
      x.value = e.value;
      return add(x, e.at);
    case formula::name: return name(e, sc);
    case formula::unary:
      x.o = e.text == "-" ? op::neg : op::not_;
      x.a = compile(e.args[0], sc);
      return add(x, e.at);
    case formula::cond:
      x.o = op::if_;
      x.a = compile(e.args[0], sc);
      x.b = compile(e.args[1], sc);
      x.c = compile(e.args[2], sc);
      return add(x, e.at);
    case formula::call: return call(e, sc);
    case formula::binary: return binary(e, sc);
  }
  return -1;
}

// `let NAME = EXPR`: a new slot, visible to the end of the block.
spades::stmt formula_compiler::let(const lang::statement& s, size_t mark, scope sc) {
  const char* taken = syms_.find(s.name, symbol_kind::counter) ? "a counter"
                      : syms_.find(s.name, symbol_kind::option) ? "an option"
                      : syms_.find(s.name, symbol_kind::bid)    ? "a bid"
                                                                : nullptr;
  if (taken) throw diag_error(s.name_at, fmt::format("'{}' is already {}; choose another name for this `let`", s.name, taken));
  for (size_t i = mark; i < lets_.size(); ++i)
    if (lets_[i].first == s.name) throw diag_error(s.name_at, fmt::format("'{}' is already defined in this block", s.name));
  if (next_let_ == max_lets) throw diag_error(s.at, fmt::format("too many `let` values (the limit is {})", max_lets));
  spades::stmt r;
  r.o = stmt_op::let;
  r.expr = compile(*s.value, sc);
  r.slot = next_let_++;
  lets_.push_back({s.name, r.slot});
  v_.text.let_names.resize(next_let_);
  v_.text.let_names[r.slot] = s.name;
  return r;
}

spades::stmt formula_compiler::assign(const lang::statement& s, scope sc) {
  int c = syms_.index(s.name, symbol_kind::counter);
  if (c < 0)
    if (const item* d = syms_.dropped(s.name, {form::counter}))
      throw diag_error(s.name_at, fmt::format("'{}' is not a counter: the counter '{}' is dropped", s.name, s.name), {{d->at, "dropped here"}});
  if (c < 0)
    throw diag_error(s.name_at, fmt::format("'{}' is not a counter: declare it with `counter {}` in 'scoring'{}", s.name, s.name,
                                            did_you_mean(s.name, syms_.names(symbol_kind::counter))));
  spades::stmt r;
  r.o = s.op == "+=" ? stmt_op::counter_add : s.op == "-=" ? stmt_op::counter_sub : stmt_op::counter_set;
  r.slot = c;
  r.expr = compile(*s.value, sc);
  return r;
}

spades::stmt formula_compiler::tally(const lang::statement& s) {
  int t = syms_.index(s.name, symbol_kind::tally);
  if (t < 0)
    if (const item* d = syms_.dropped(s.name, {form::tally}))
      throw diag_error(s.name_at, fmt::format("unknown tally '{}': the tally '{}' is dropped", s.name, s.name), {{d->at, "dropped here"}});
  if (t < 0)
    throw diag_error(s.name_at, fmt::format("unknown tally '{}': declare it with `tally {}` in 'scoring'{}", s.name, s.name,
                                            did_you_mean(s.name, syms_.names(symbol_kind::tally))));
  spades::stmt r;
  r.o = stmt_op::tally;
  r.slot = t;
  return r;
}

// `points to opponents` (every team but the one in scope) or `points to TEAM` (a team's name or its
// seats' joined names).
int formula_compiler::points_to(const lang::statement& s) const {
  if (s.name == "opponents") return points_to_opponents;
  if (int t = v_.find_team(s.name); t >= 0) return t;
  std::vector<std::string> known{"opponents"};
  known.insert(known.end(), v_.team_names.begin(), v_.team_names.end());
  std::string hint = did_you_mean(s.name, known);
  if (hint.empty()) hint = fmt::format(" (expected opponents or a team: {})", fmt::join(v_.team_names, ", "));
  throw diag_error(s.name_at, fmt::format("unknown team '{}' to give points to{}", s.name, hint));
}

std::vector<spades::stmt> formula_compiler::compile_body(const std::vector<lang::statement>& body, scope sc) {
  std::vector<spades::stmt> out;
  size_t mark = lets_.size();
  for (const lang::statement& s : body) {
    spades::stmt r;
    switch (s.kind) {
      case lang::statement::let: r = let(s, mark, sc); break;
      case lang::statement::points:
        r.o = stmt_op::points;
        if (!s.name.empty()) r.to = points_to(s);
        r.expr = compile(*s.value, sc);
        break;
      case lang::statement::assign: r = assign(s, sc); break;
      case lang::statement::if_:
        r.o = stmt_op::if_;
        r.expr = compile(*s.value, sc);
        r.then_body = compile_body(s.then_body, sc);
        r.else_body = compile_body(s.else_body, sc);
        break;
      case lang::statement::tally: r = tally(s); break;
      case lang::statement::win: r.o = stmt_op::win; break;
      case lang::statement::lose: r.o = stmt_op::lose; break;
    }
    out.push_back(std::move(r));
  }
  lets_.resize(mark);
  return out;
}

}  // namespace spades::lang
