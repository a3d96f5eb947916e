// range: an interval analysis of the scoring formulas (range.hpp). One hand's scoring is run on ranges in
// place of values: each rule in turn, for a team (and up to each of its players), every `if` both ways unless
// its condition is decided, so that lets and (for the first hand) counters carry what earlier statements may
// have left. Ends are long doubles, so that an unbounded end is an infinity and every int64 is exact.
#include "lang/range.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "runtime/limits.hpp"

namespace spades::lang {

namespace {

constexpr long double inf = std::numeric_limits<long double>::infinity();
const value_range any{-inf, inf};

value_range hull(value_range a, value_range b) { return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)}; }
value_range boolean() { return {0, 1}; }
// true, false, or either, by whether the range holds 0 and anything else
value_range truth(value_range a) { return a.only(0) ? value_range{0, 0} : !a.has(0) ? value_range{1, 1} : boolean(); }
value_range decided(bool sure_true, bool sure_false) { return sure_true ? value_range{1, 1} : sure_false ? value_range{0, 0} : boolean(); }

// x * y where 0 * infinity is 0: a product with a factor 0 is 0, however large the other
long double times(long double x, long double y) { return x == 0 || y == 0 ? 0 : x * y; }
value_range product(value_range a, value_range b) {
  const long double c[] = {times(a.lo, b.lo), times(a.lo, b.hi), times(a.hi, b.lo), times(a.hi, b.hi)};
  return {*std::min_element(c, c + 4), *std::max_element(c, c + 4)};
}
value_range scaled(value_range a, long double k) { return product(a, {k, k}); }
value_range sum(value_range a, value_range b) { return {a.lo + b.lo, a.hi + b.hi}; }  // -inf + inf never: lo + lo, hi + hi

// floor(a / b) over the ranges: monotone in each on either side of b = 0, so the corners of each side bound it
value_range quotient(value_range a, value_range b) {
  std::vector<long double> ds;
  if (b.lo < 0) ds.insert(ds.end(), {b.lo, std::min(b.hi, (long double)-1)});
  if (b.hi > 0) ds.insert(ds.end(), {std::max(b.lo, (long double)1), b.hi});
  if (ds.empty()) return any;  // always a division by zero: a run-time error, not a value
  value_range out{inf, -inf};
  for (long double d : ds)
    for (long double n : {a.lo, a.hi}) {
      if (std::isinf(n) && std::isinf(d)) return any;
      const long double q = std::isinf(d) ? (n == 0 ? 0 : (n > 0) == (d > 0) ? 0 : -1) : std::floor(n / d);
      out = {std::min(out.lo, q), std::max(out.hi, q)};
    }
  return out;
}
// a mod b has b's sign (or is 0) and is smaller than |b|; a dividend from 0 to below a positive divisor is itself
value_range remainder(value_range a, value_range b) {
  if (b.lo > 0) return a.lo >= 0 && a.hi < b.lo ? a : value_range{0, b.hi - 1};
  if (b.hi < 0) return {b.lo + 1, 0};
  return {std::min((long double)0, b.lo + 1), std::max((long double)0, b.hi - 1)};
}

// What one team's turn at the scoring has done so far.
struct abstract_state {
  bool reached = false;              // some run of the rules gets here
  std::vector<value_range> lets, counters;
  value_range own{}, others{}, named{};  // points to the team in scope; to every other team; to a named team
};
abstract_state join(const abstract_state& a, const abstract_state& b) {
  if (!a.reached) return b;
  if (!b.reached) return a;
  abstract_state out = a;
  for (size_t i = 0; i < out.lets.size(); ++i) out.lets[i] = hull(a.lets[i], b.lets[i]);
  for (size_t i = 0; i < out.counters.size(); ++i) out.counters[i] = hull(a.counters[i], b.counters[i]);
  out.own = hull(a.own, b.own), out.others = hull(a.others, b.others), out.named = hull(a.named, b.named);
  return out;
}

struct analysis {
  const variant& v;
  bool first_hand;
  value_range bid, tricks{}, cards{};
  long double members_lo = 0, members_hi = 0;

  analysis(const variant& var, bool first) : v(var), first_hand(first) {
    long double lo = 0, hi = 0;  // no bid reads 0
    for (const bid_kind& k : v.bids) lo = std::min(lo, (long double)k.lo), hi = std::max(hi, (long double)k.hi);
    for (const call_kind& c : v.calls)
      if (c.to_kind >= 0) lo = std::min(lo, (long double)c.to_n), hi = std::max(hi, (long double)c.to_n);
    // a raise round adds to a side's number: any number a bid holds
    if (std::any_of(v.course.begin(), v.course.end(), [](const hand_step& s) { return s.raise; })) lo = -128, hi = 127;
    bid = {lo, hi};
    tricks = {0, (long double)v.tricks_per_hand};
    members_lo = inf;
    for (const std::vector<int>& m : v.members)
      members_lo = std::min(members_lo, (long double)m.size()), members_hi = std::max(members_hi, (long double)m.size());
    if (v.members.empty()) members_lo = 0;
  }

  value_range option(int64_t o) const {
    if (o < 0 || o >= (int64_t)v.option_specs.size()) return any;
    const option_spec& spec = v.option_specs[o];
    if (spec.type == option_type::boolean) return boolean();
    if (spec.type == option_type::choice) return {0, spec.words.empty() ? 0 : (long double)spec.words.size() - 1};
    if (spec.listed.empty()) return {(long double)spec.lo, (long double)spec.hi};
    const auto [mn, mx] = std::minmax_element(spec.listed.begin(), spec.listed.end());
    return {(long double)*mn, (long double)*mx};
  }

  value_range variable(const expr_node& n, const abstract_state& st) const {
    switch (n.v) {
      case var::option: return option(n.value);
      case var::let: return n.value >= 0 && n.value < (int64_t)st.lets.size() ? st.lets[n.value] : any;
      case var::counter: return first_hand && n.value >= 0 && n.value < (int64_t)st.counters.size() ? st.counters[n.value] : any;
      case var::score: case var::behind: return first_hand ? value_range{0, 0} : any;
      case var::hand: return first_hand ? value_range{1, 1} : value_range{1, inf};
      case var::first_hand: return first_hand ? value_range{1, 1} : boolean();
      case var::team_tricks: case var::player_tricks: case var::team_first_tricks: case var::player_first_tricks: return tricks;
      case var::player_bid: case var::this_bid: return bid;
      case var::team_bid: return v.bid_by_team ? bid : hull(scaled(bid, members_lo), scaled(bid, members_hi));
      case var::bids_total: return scaled(bid, v.bidders());
      case var::team_bids_made: return {0, members_hi};
      case var::bids_made: return {0, (long double)v.seats};
      case var::trick: return {1, (long double)v.tricks_per_hand + 1};
      // how many cards of a group, tricks won with one: never fewer than none
      case var::held: case var::dealt: case var::won_cards: case var::won_with: case var::trumped: case var::final_run: return {0, inf};
      default: return boolean();  // bid kinds, blind, calls, broken, the last trick, leading, winning, the dealer's seats
    }
  }

  value_range binary(const expr_node& n, value_range a, value_range b) const {
    switch (n.o) {
      case op::add: return sum(a, b);
      case op::sub: return sum(a, {-b.hi, -b.lo});
      case op::mul: return product(a, b);
      case op::div: return quotient(a, b);
      case op::mod: return remainder(a, b);
      case op::lt: return decided(a.hi < b.lo, a.lo >= b.hi);
      case op::le: return decided(a.hi <= b.lo, a.lo > b.hi);
      case op::gt: return decided(a.lo > b.hi, a.hi <= b.lo);
      case op::ge: return decided(a.lo >= b.hi, a.hi < b.lo);
      case op::eq: return decided(a.lo == a.hi && b.lo == b.hi && a.lo == b.lo, a.hi < b.lo || b.hi < a.lo);
      case op::ne: return decided(a.hi < b.lo || b.hi < a.lo, a.lo == a.hi && b.lo == b.hi && a.lo == b.lo);
      case op::min: return {std::min(a.lo, b.lo), std::min(a.hi, b.hi)};
      case op::max: return {std::max(a.lo, b.lo), std::max(a.hi, b.hi)};
      default: return any;
    }
  }

  // An end that is no number (an infinity less another) could be anything.
  value_range of(int node, const abstract_state& st) const {
    const value_range r = of_node(node, st);
    return std::isnan(r.lo) || std::isnan(r.hi) ? any : r;
  }
  value_range of_node(int node, const abstract_state& st) const {
    if (node < 0) return {1, 1};  // no condition: always
    const expr_node& n = v.exprs.at(node);
    switch (n.o) {
      case op::num: return {(long double)n.value, (long double)n.value};
      case op::var: return variable(n, st);
      case op::neg: {
        const value_range a = of(n.a, st);
        return {-a.hi, -a.lo};
      }
      case op::not_: {
        const value_range a = truth(of(n.a, st));
        return {1 - a.hi, 1 - a.lo};
      }
      case op::and_: {
        const value_range a = truth(of(n.a, st)), b = truth(of(n.b, st));
        return decided(a.lo == 1 && b.lo == 1, a.hi == 0 || b.hi == 0);
      }
      case op::or_: {
        const value_range a = truth(of(n.a, st)), b = truth(of(n.b, st));
        return decided(a.lo == 1 || b.lo == 1, a.hi == 0 && b.hi == 0);
      }
      case op::if_: {
        const value_range c = truth(of(n.a, st));
        return c.lo == 1 ? of(n.b, st) : c.hi == 0 ? of(n.c, st) : hull(of(n.b, st), of(n.c, st));
      }
      case op::abs: {
        const value_range a = of(n.a, st);
        return a.lo >= 0 ? a : a.hi <= 0 ? value_range{-a.hi, -a.lo} : value_range{0, std::max(-a.lo, a.hi)};
      }
      case op::sum: {
        const value_range a = of(n.a, st);
        return hull(scaled(a, members_lo), scaled(a, members_hi));
      }
      case op::count: return {0, members_hi};
      default: return binary(n, of(n.a, st), of(n.b, st));
    }
  }

  abstract_state exec(const std::vector<stmt>& body, abstract_state st) const {
    for (const stmt& s : body) {
      if (!st.reached) return st;
      switch (s.o) {
        case stmt_op::let:
          if (s.slot >= 0 && s.slot < (int)st.lets.size()) st.lets[s.slot] = of(s.expr, st);
          break;
        case stmt_op::points: {
          const value_range x = of(s.expr, st);
          value_range& into = s.to == points_to_scope ? st.own : s.to == points_to_opponents ? st.others : st.named;
          into = sum(into, x);
          break;
        }
        case stmt_op::counter_add: case stmt_op::counter_sub: case stmt_op::counter_set: {
          if (s.slot < 0 || s.slot >= (int)st.counters.size()) break;
          const value_range x = of(s.expr, st);
          value_range& c = st.counters[s.slot];
          c = s.o == stmt_op::counter_set ? x : s.o == stmt_op::counter_add ? sum(c, x) : sum(c, {-x.hi, -x.lo});
          break;
        }
        case stmt_op::if_: {
          const value_range c = truth(of(s.expr, st));
          abstract_state then_st = st, else_st = st;
          then_st.reached = c.hi == 1, else_st.reached = c.lo == 0;
          st = join(exec(s.then_body, then_st), exec(s.else_body, else_st));
          break;
        }
        default: break;  // tallies, win and lose leave the score alone
      }
    }
    return st;
  }
};

}  // namespace

range_analysis::range_analysis(const variant& v, bool first_hand) {
  const analysis a(v, first_hand);
  abstract_state st;
  st.reached = true;
  st.counters.assign(v.counters.size(), any);
  if (first_hand)
    for (size_t c = 0; c < v.counters.size() && c < v.counter_init.size(); ++c) st.counters[c] = {(long double)v.counter_init[c], (long double)v.counter_init[c]};
  for (const score_rule& r : v.rules) {
    st.lets.assign(max_lets, any);
    st.own = st.others = st.named = {};
    const value_range when = truth(a.of(r.when, st));
    conditions_.push_back(when);
    // a rule of each team runs once for it; a rule of each player once for each member, each under its own
    // condition: from none up to every member
    abstract_state done = st;
    done.reached = when.lo == 0 || r.per_player;
    abstract_state run = st;
    run.reached = when.hi == 1;
    for (long double k = 0; k < (r.per_player ? a.members_hi : 1); ++k) {
      run = a.exec(r.body, run);
      done = join(done, run);
    }
    const long double others = v.teams > 1 ? v.teams - 1 : 0;
    points_.push_back(done.reached ? sum(sum(done.own, scaled(done.others, others)), scaled(done.named, v.teams)) : value_range{});
    if (done.reached) st = done;
  }
}

value_range range_analysis::hand_points() const {
  value_range total{};
  for (const value_range& p : points_) total = sum(total, p);
  return total;
}

}  // namespace spades::lang
