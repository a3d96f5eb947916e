// compile: each name in a formula becomes a variable node of a known kind; each statement a runtime stmt.
#include "lang/compile.hpp"

#include <algorithm>
#include <initializer_list>

#include <fmt/format.h>

namespace spades::lang {

namespace {

const char* scope_name(scope s) {
  switch (s) {
    case scope::game: return "a `skip when` condition";
    case scope::bidding: return "a bid's `allow when` condition";
    case scope::play: return "a play condition";
    case scope::team: return "a team rule or end condition";
    case scope::player: return "a player rule";
  }
  return "";
}

// Where a name that exists but is out of scope can be used ("" when that says nothing new).
const char* where_known(const std::string& n, bool is_bid_or_call) {
  if (n == "broken" || n == "trick") return "it is known only in play conditions";
  if (n == "tricks") return "it is known only in scoring rules and end conditions";
  if (n == "bid" || is_bid_or_call) return "it is known only in bid and announcement conditions, scoring rules and end conditions";
  if (n == "team_tricks" || n == "team_bid" || n == "last_trick") return "it is known only in player rules";
  if (n == "team_bids_made" || n == "partner_bid" || n == "this_bid" || n == "bids_made" || n == "bids_total")
    return "it is known only in bid and announcement conditions";
  if (n == "blind") return "it is known only in bid and announcement conditions, scoring rules and end conditions";
  return "";
}

struct compiler {
  variant& v;
  const std::vector<item>* drops;
  std::vector<std::pair<std::string, int>> lets;  // visible lets: name -> slot
  int next_let = 0;

  int add(expr_node n, pos at) {
    n.file = at.file;
    n.line = at.line;
    n.col = at.col;
    v.exprs.push_back(n);
    return (int)v.exprs.size() - 1;
  }

  int index_of(const std::vector<std::string>& names, const std::string& n) {
    auto f = std::find(names.begin(), names.end(), n);
    return f == names.end() ? -1 : (int)(f - names.begin());
  }
  // The `drop` that removed `name` as one of `kinds`, if any.
  const item* dropped(const std::string& name, std::initializer_list<const char*> kinds) const {
    if (!drops) return nullptr;
    for (const item& d : *drops)
      for (const char* k : kinds)
        if (d.args.size() == 2 && d.args[0].text == k && d.args[1].text == name) return &d;
    return nullptr;
  }
  // "'x' is already a counter" for a `let` that would hide one.
  std::string taken_as(const std::string& n) {
    if (index_of(v.counters, n) >= 0) return "a counter";
    if (index_of(v.option_names, n) >= 0) return "an option";
    if (bid_index(n) >= 0) return "a bid";
    return "";
  }
  int bid_index(const std::string& n) {
    for (size_t i = 0; i < v.bids.size(); ++i)
      if (v.bids[i].name == n) return (int)i;
    return -1;
  }

  // The variable `name` in scope `sc`, or a diagnostic.
  expr_node variable(const expr& e, scope sc) {
    const std::string& n = e.text;
    expr_node x;
    x.o = op::var;
    bool team_like = sc == scope::team || sc == scope::player || sc == scope::bidding;
    bool scored = sc == scope::team || sc == scope::player;
    for (auto it = lets.rbegin(); it != lets.rend(); ++it)
      if (it->first == n) { x.v = var::let; x.value = it->second; return x; }
    if (int i = index_of(v.option_names, n); i >= 0) { x.v = var::option; x.value = i; return x; }
    if (n == "hand") { x.v = var::hand; return x; }
    if (n == "first_hand") { x.v = var::first_hand; return x; }
    if (sc != scope::game) {
      if (int i = index_of(v.counters, n); i >= 0) { x.v = var::counter; x.value = i; return x; }
      if (n == "score") { x.v = var::score; return x; }
      if (n == "behind") { x.v = var::behind; return x; }
    }
    if (sc == scope::play) {
      if (n == "broken") { x.v = var::broken; return x; }
      if (n == "trick") { x.v = var::trick; return x; }
    }
    if (sc == scope::bidding) {
      if (n == "team_bids_made") { x.v = var::team_bids_made; return x; }
      if (n == "partner_bid") { x.v = var::partner_bid; return x; }
      if (n == "this_bid") { x.v = var::this_bid; return x; }
      if (n == "bids_made") { x.v = var::bids_made; return x; }
      if (n == "bids_total") { x.v = var::bids_total; return x; }
    }
    if (team_like) {
      bool player = sc == scope::player;
      if (n == "tricks" && scored) { x.v = player ? var::player_tricks : var::team_tricks; return x; }
      if (n == "bid") {
        if (player && v.bid_by_team)
          throw diag_error(e.at, "'bid' of a player has no meaning when teams bid (`order teams`): use the team's `bid` in a team rule");
        x.v = player ? var::player_bid : var::team_bid;
        return x;
      }
      if (n == "last_trick" && player) { x.v = var::last_trick; v.uses_trick_order = true; return x; }
      for (size_t i = 0; i < v.calls.size(); ++i)
        if (v.calls[i].name == n) { x.v = player ? var::player_call : var::team_call; x.value = (int64_t)i; return x; }
      if (n == "blind") { x.v = player ? var::player_blind : var::team_blind; return x; }
      if (n == "team_tricks" && player) { x.v = var::team_tricks; return x; }
      if (n == "team_bid" && player) { x.v = var::team_bid; return x; }
      if (int i = bid_index(n); i >= 0) { x.v = player ? var::player_kind : var::team_kind; x.value = int64_t{1} << i; return x; }
    }
    // not visible here: say where it would be, or suggest a near name
    std::vector<std::string> known{"hand", "first_hand"};
    for (auto& l : lets) known.push_back(l.first);
    known.insert(known.end(), v.option_names.begin(), v.option_names.end());
    if (sc != scope::game) {
      known.insert(known.end(), v.counters.begin(), v.counters.end());
      known.insert(known.end(), {"score", "behind"});
    }
    if (sc == scope::play) known.insert(known.end(), {"broken", "trick"});
    if (team_like) {
      known.insert(known.end(), {"blind", "bid"});
      for (auto& b : v.bids) known.push_back(b.name);
      for (auto& c : v.calls) known.push_back(c.name);
      if (scored) known.push_back("tricks");
      if (sc == scope::player) known.insert(known.end(), {"team_tricks", "team_bid", "last_trick"});
      if (sc == scope::bidding) known.insert(known.end(), {"team_bids_made", "partner_bid", "this_bid", "bids_made", "bids_total"});
    }
    static const std::vector<std::string> elsewhere{"broken", "trick", "tricks", "bid", "team_tricks", "team_bid", "score", "behind", "blind",
                                                    "last_trick", "team_bids_made", "partner_bid", "this_bid", "bids_made", "bids_total"};
    bool is_call = std::any_of(v.calls.begin(), v.calls.end(), [&](auto& c) { return c.name == n; });
    bool other = std::count(elsewhere.begin(), elsewhere.end(), n) || index_of(v.counters, n) >= 0 || bid_index(n) >= 0 || is_call;
    if (other) {
      std::string why = where_known(n, bid_index(n) >= 0 || is_call);
      throw diag_error(e.at, fmt::format("'{}' cannot be used in {}{}", n, scope_name(sc), why.empty() ? "" : ": " + why));
    }
    if (const item* d = dropped(n, {"bid", "counter"}))
      throw diag_error(e.at, fmt::format("unknown name '{}': the {} '{}' is dropped", n, d->args[0].text, n), {{d->at, "dropped here"}});
    throw diag_error(e.at, fmt::format("unknown name '{}'{}", n, did_you_mean(n, known)));
  }

  int compile_expr(const expr& e, scope sc) {
    expr_node x;
    switch (e.kind) {
      case expr::number:
      case expr::boolean:
        x.o = op::num;
        x.value = e.value;
        return add(x, e.at);
      case expr::name:
        return add(variable(e, sc), e.at);
      case expr::unary:
        x.o = e.text == "-" ? op::neg : op::not_;
        x.a = compile_expr(e.args[0], sc);
        return add(x, e.at);
      case expr::cond:
        x.o = op::if_;
        x.a = compile_expr(e.args[0], sc);
        x.b = compile_expr(e.args[1], sc);
        x.c = compile_expr(e.args[2], sc);
        return add(x, e.at);
      case expr::call: {
        const std::string& f = e.text;
        size_t want = (f == "min" || f == "max") ? 2 : 1;
        if (e.args.size() != want)
          throw diag_error(e.at, fmt::format("{}() takes {} argument{}, not {}", f, want, want == 1 ? "" : "s", e.args.size()));
        if (f == "first_tricks") {
          if (sc != scope::team && sc != scope::player)
            throw diag_error(e.at, "first_tricks() reads the tricks of a played hand: use it in a scoring rule");
          x.o = op::var;
          x.v = sc == scope::team ? var::team_first_tricks : var::player_first_tricks;
          x.a = compile_expr(e.args[0], sc);
          v.uses_trick_order = true;
          return add(x, e.at);
        }
        if (f == "partner_bid_is") {
          if (sc != scope::bidding && sc != scope::player)
            throw diag_error(e.at, "partner_bid_is() looks at a player's partner: use it in a bid's condition or a player rule");
          if (e.args[0].kind != expr::name || bid_index(e.args[0].text) < 0) {
            std::vector<std::string> names;
            for (auto& b : v.bids) names.push_back(b.name);
            throw diag_error(e.args[0].at, fmt::format("partner_bid_is() takes the name of a bid{}", e.args[0].kind == expr::name ? did_you_mean(e.args[0].text, names) : std::string{}));
          }
          x.o = op::var;
          x.v = var::partner_kind;
          x.value = bid_index(e.args[0].text);
          return add(x, e.at);
        }
        if (f == "sum" || f == "count") {
          if (sc != scope::team) throw diag_error(e.at, fmt::format("{}() adds up a team's players: use it in a team rule", f));
          x.o = f == "sum" ? op::sum : op::count;
          x.a = compile_expr(e.args[0], scope::player);
          return add(x, e.at);
        }
        x.o = f == "min" ? op::min : f == "max" ? op::max : op::abs;
        x.a = compile_expr(e.args[0], sc);
        if (want == 2) x.b = compile_expr(e.args[1], sc);
        return add(x, e.at);
      }
      case expr::binary: {
        static const std::pair<const char*, op> ops[] = {
            {"+", op::add}, {"-", op::sub}, {"*", op::mul}, {"/", op::div}, {"%", op::mod}, {"<", op::lt},
            {"<=", op::le}, {">", op::gt}, {">=", op::ge}, {"==", op::eq}, {"!=", op::ne}, {"and", op::and_}, {"or", op::or_}};
        for (auto& [t, o] : ops)
          if (e.text == t) x.o = o;
        x.a = compile_expr(e.args[0], sc);
        x.b = compile_expr(e.args[1], sc);
        // `nil or blind_nil`: one test of a set of bid kinds
        if (x.o == op::or_) {
          expr_node &l = v.exprs[x.a], &r = v.exprs[x.b];
          if (l.o == op::var && r.o == op::var && l.v == r.v && (l.v == var::player_kind || l.v == var::team_kind)) {
            l.value |= r.value;
            return x.a;
          }
        }
        return add(x, e.at);
      }
    }
    return -1;
  }

  std::vector<spades::stmt> compile_body(const std::vector<lang::stmt>& body, scope sc) {
    std::vector<spades::stmt> out;
    size_t mark = lets.size();
    for (const lang::stmt& s : body) {
      spades::stmt r;
      switch (s.kind) {
        case lang::stmt::let: {
          if (std::string taken = taken_as(s.name); !taken.empty())
            throw diag_error(s.name_at, fmt::format("'{}' is already {}; choose another name for this `let`", s.name, taken));
          for (size_t i = mark; i < lets.size(); ++i)
            if (lets[i].first == s.name) throw diag_error(s.name_at, fmt::format("'{}' is already defined in this block", s.name));
          if (next_let == max_lets) throw diag_error(s.at, fmt::format("too many `let` values (the limit is {})", max_lets));
          r.o = stmt_op::let;
          r.expr = compile_expr(*s.value, sc);
          r.slot = next_let++;
          lets.push_back({s.name, r.slot});
          break;
        }
        case lang::stmt::points:
          r.o = stmt_op::points;
          r.expr = compile_expr(*s.value, sc);
          break;
        case lang::stmt::assign: {
          int c = index_of(v.counters, s.name);
          if (c < 0 && dropped(s.name, {"counter"}))
            throw diag_error(s.name_at, fmt::format("'{}' is not a counter: the counter '{}' is dropped", s.name, s.name),
                             {{dropped(s.name, {"counter"})->at, "dropped here"}});
          if (c < 0)
            throw diag_error(s.name_at, fmt::format("'{}' is not a counter: declare it with `counter {}` in 'scoring'{}", s.name, s.name,
                                                    did_you_mean(s.name, v.counters)));
          r.o = s.op == "+=" ? stmt_op::counter_add : s.op == "-=" ? stmt_op::counter_sub : stmt_op::counter_set;
          r.slot = c;
          r.expr = compile_expr(*s.value, sc);
          break;
        }
        case lang::stmt::if_:
          r.o = stmt_op::if_;
          r.expr = compile_expr(*s.value, sc);
          r.then_body = compile_body(s.then_body, sc);
          r.else_body = compile_body(s.else_body, sc);
          break;
        case lang::stmt::tally: {
          int t = index_of(v.tallies, s.name);
          if (t < 0 && dropped(s.name, {"tally"}))
            throw diag_error(s.name_at, fmt::format("unknown tally '{}': the tally '{}' is dropped", s.name, s.name),
                             {{dropped(s.name, {"tally"})->at, "dropped here"}});
          if (t < 0)
            throw diag_error(s.name_at, fmt::format("unknown tally '{}': declare it with `tally {}` in 'scoring'{}", s.name, s.name,
                                                    did_you_mean(s.name, v.tallies)));
          r.o = stmt_op::tally;
          r.slot = t;
          break;
        }
        case lang::stmt::win: r.o = stmt_op::win; break;
        case lang::stmt::lose: r.o = stmt_op::lose; break;
      }
      out.push_back(std::move(r));
    }
    lets.resize(mark);
    return out;
  }
};

}  // namespace

static bool has_points(const std::vector<spades::stmt>& body) {
  for (const spades::stmt& s : body)
    if (s.o == stmt_op::points || has_points(s.then_body) || has_points(s.else_body)) return true;
  return false;
}

std::unique_ptr<variant> compile(checked c, const sources& src, const std::string& file) {
  variant& v = *c.v;
  v.file = file;
  for (int i = 0; i < src.size(); ++i) v.files.push_back(src.path(i));
  compiler k{v, c.drops, {}, 0};
  for (const pending_expr& p : c.exprs) *p.slot = k.compile_expr(*p.e, p.sc);
  for (auto& [it, rule] : c.rules) rule->body = k.compile_body(it->body, rule->per_player ? scope::player : scope::team);
  // the usual lead restriction, `when not broken`, is tested directly on the hot path
  for (forbid_rule& f : v.forbids)
    if (f.when >= 0 && v.exprs[f.when].o == op::not_ && v.exprs[v.exprs[f.when].a].o == op::var &&
        v.exprs[v.exprs[f.when].a].v == var::broken)
      f.unless_broken = true;
  // a target above every score that can ever be made: no rule scores points, so scores stay at 0
  bool scores = false;
  for (const score_rule& r : v.rules) scores |= has_points(r.body);
  int64_t target = v.target_option >= 0 ? v.option_defaults[v.target_option] : v.target;
  if (v.has_target && target > 0 && !scores && !c.ends_by_condition)
    throw diag_error(c.target_at, fmt::format("this game could never end: no scoring rule gives points, so no score can reach the target {} "
                                              "(add scoring rules, or a `win when` / `lose when` condition)", target));
  return std::move(c.v);
}

}  // namespace spades::lang
