// Compiles the scoring rules to a register program (see score_code.hpp) and runs it. The compiler walks
// each rule once per scope it runs in; a value the scope fixes (the team's seats, how its bids are
// kept) is decided here, once, rather than on every read while a hand is scored.
#include "runtime/score_code.hpp"

#include <algorithm>
#include <cstring>
#include <map>

#include "runtime/expr.hpp"
#include "runtime/game.hpp"
#include "runtime/scoring.hpp"

namespace spades {

enum class sc_op : uint8_t {
  stop, mov, eval,  // eval: the tree walk of formula x in the instruction's scope (rare values, card functions)
  ld_option, ld_counter, ld_score, ld_tricks, ld_seat_tricks, ld_bid, ld_bids, ld_kind, ld_any_kind, ld_blind,
  ld_any_blind, ld_call,
  add, sub, mul, div, mod, neg, abs, not_, truth, lt, le, gt, ge, eq, ne, min, max,
  jmp, jz, jnz, jlt, jle, jgt, jge, jeq, jne, jkind, jnkind,
  points, counter_add, counter_sub, counter_set, tally, win, lose
};

namespace {

// Programs needing more registers are left to the tree walk (no ruleset comes near it).

struct too_large {};

class compiler {
 public:
  explicit compiler(const variant& v) : v_(v) {}

  score_code run() {
    for (const score_rule& rule : v_.rules)
      for (int t = 0; t < v_.teams; ++t) {
        if (!rule.per_player) {
          instance(rule, t, -1);
          continue;
        }
        for (int p : v_.members[t]) instance(rule, t, p);
      }
    emit({sc_op::stop});
    // registers: the lets, the temporaries, then the constants, whose place is known only now
    c_.const_base = max_lets + temps_;
    c_.registers = c_.const_base + (int)c_.consts.size();
    if (c_.registers > max_registers) throw too_large{};
    for (sc_ins& i : c_.code) {
      if (i.a & const_tag) i.a = (uint16_t)(c_.const_base + (i.a & ~const_tag));
      if (i.b & const_tag) i.b = (uint16_t)(c_.const_base + (i.b & ~const_tag));
    }
    c_.rules = v_.rules.data();
    c_.exprs = v_.exprs.data();
    return std::move(c_);
  }

 private:
  // Until the end, a constant's register is its index in the pool with this bit set (operands a and b
  // only: a constant is never written).
  static constexpr uint16_t const_tag = 0x8000;

  const variant& v_;
  score_code c_;
  int next_temp_ = 0, temps_ = 0;  // each statement's temporaries start again at the first
  int team_ = -1, player_ = -1;    // the scope being compiled

  int konst(int64_t x) {
    for (size_t i = 0; i < c_.consts.size(); ++i)
      if (c_.consts[i] == x) return const_tag | (int)i;
    if (c_.consts.size() >= max_registers) throw too_large{};
    c_.consts.push_back(x);
    return const_tag | (int)(c_.consts.size() - 1);
  }
  bool is_const(int r, int64_t& x) const {
    if (!(r & const_tag)) return false;
    x = c_.consts[r & ~const_tag];
    return true;
  }
  int temp() {
    int r = max_lets + next_temp_++;
    temps_ = std::max(temps_, next_temp_);
    if (r >= max_registers) throw too_large{};
    return r;
  }

  int here() const { return (int)c_.code.size(); }
  int emit(sc_ins i) {
    i.team = (int8_t)team_;
    i.player = (int8_t)player_;
    c_.code.push_back(i);
    return here() - 1;
  }
  void patch(int at) { c_.code[at].x = here(); }

  void instance(const score_rule& rule, int t, int p) {
    next_temp_ = 0;
    team_ = t;
    player_ = p;
    std::vector<int> skip;
    if (rule.when >= 0) branch(rule.when, false, skip);
    body(rule.body);
    for (int j : skip) patch(j);
  }

  void body(const std::vector<stmt>& stmts) {
    for (const stmt& s : stmts) statement(s);
  }

  void statement(const stmt& s) {
    next_temp_ = 0;
    switch (s.o) {
      case stmt_op::let: into(s.expr, s.slot); break;
      case stmt_op::points: {
        int r = value(s.expr);
        if (s.to == points_to_scope) points(r, team_, s.expr);
        else if (s.to >= 0) points(r, s.to, s.expr);
        else
          for (int t = 0; t < v_.teams; ++t)
            if (t != team_) points(r, t, s.expr);
        break;
      }
      case stmt_op::counter_add: emit({sc_op::counter_add, 0, 0, 0, (uint16_t)value(s.expr), 0, s.expr, s.slot}); break;
      case stmt_op::counter_sub: emit({sc_op::counter_sub, 0, 0, 0, (uint16_t)value(s.expr), 0, s.expr, s.slot}); break;
      case stmt_op::counter_set: emit({sc_op::counter_set, 0, 0, 0, (uint16_t)value(s.expr), 0, s.expr, s.slot}); break;
      case stmt_op::if_: {
        std::vector<int> to_else;
        branch(s.expr, false, to_else);
        body(s.then_body);
        if (s.else_body.empty()) {
          for (int j : to_else) patch(j);
          break;
        }
        int over = emit({sc_op::jmp});
        for (int j : to_else) patch(j);
        body(s.else_body);
        patch(over);
        break;
      }
      case stmt_op::tally: emit({sc_op::tally, 0, 0, 0, 0, 0, s.slot}); break;
      case stmt_op::win: emit({sc_op::win}); break;
      case stmt_op::lose: emit({sc_op::lose}); break;
    }
  }
  void points(int r, int to, int node) { emit({sc_op::points, 0, 0, 0, (uint16_t)r, 0, node, to}); }

  // ---- values ----
  // The register holding the node's value: a constant's or a let's own, else a new temporary.
  int value(int node) {
    const expr_node& n = v_.exprs[node];
    if (n.o == op::num) return konst(n.value);
    if (n.o == op::var && n.v == var::let) return (int)n.value;
    if (int r = fold(node); r >= 0) return r;
    int d = temp();
    into(node, d);
    return d;
  }

  // A node whose operands are constants, computed now where that cannot fail (a failure is left to the
  // run, which raises it where the tree walk would); -1 if not.
  int fold(int node) {
    const expr_node& n = v_.exprs[node];
    auto is_leaf_const = [&](int child, int64_t& x) {
      return child >= 0 && v_.exprs[child].o == op::num && (x = v_.exprs[child].value, true);
    };
    int64_t a = 0, b = 0, r = 0;
    switch (n.o) {
      case op::neg: if (is_leaf_const(n.a, a) && !__builtin_sub_overflow(int64_t{0}, a, &r)) return konst(r); return -1;
      case op::not_: if (is_leaf_const(n.a, a)) return konst(a == 0); return -1;
      case op::add: case op::sub: case op::mul: case op::lt: case op::le: case op::gt: case op::ge: case op::eq:
      case op::ne: case op::min: case op::max: break;
      default: return -1;
    }
    if (!is_leaf_const(n.a, a) || !is_leaf_const(n.b, b)) return -1;
    switch (n.o) {
      case op::add: return __builtin_add_overflow(a, b, &r) ? -1 : konst(r);
      case op::sub: return __builtin_sub_overflow(a, b, &r) ? -1 : konst(r);
      case op::mul: return __builtin_mul_overflow(a, b, &r) ? -1 : konst(r);
      case op::lt: return konst(a < b);
      case op::le: return konst(a <= b);
      case op::gt: return konst(a > b);
      case op::ge: return konst(a >= b);
      case op::eq: return konst(a == b);
      case op::ne: return konst(a != b);
      case op::min: return konst(a < b ? a : b);
      default: return konst(a > b ? a : b);
    }
  }

  // The node's value written to register d, as the last thing done on every path, so that d may be a
  // let the formula itself reads.
  void into(int node, int d) {
    const expr_node& n = v_.exprs[node];
    auto u = [](int r) { return (uint16_t)r; };
    switch (n.o) {
      case op::num: emit({sc_op::mov, 0, 0, u(d), u(konst(n.value))}); return;
      case op::var: variable(node, d); return;
      case op::neg: case op::abs: case op::not_: {
        if (int f = fold(node); f >= 0) { emit({sc_op::mov, 0, 0, u(d), u(f)}); return; }
        int a = value(n.a);
        emit({n.o == op::neg ? sc_op::neg : n.o == op::abs ? sc_op::abs : sc_op::not_, 0, 0, u(d), u(a), 0, node});
        return;
      }
      case op::and_: case op::or_: {
        std::vector<int> to_false;
        branch(node, false, to_false);
        emit({sc_op::mov, 0, 0, u(d), u(konst(1))});
        int over = emit({sc_op::jmp});
        for (int j : to_false) patch(j);
        emit({sc_op::mov, 0, 0, u(d), u(konst(0))});
        patch(over);
        return;
      }
      case op::if_: {
        std::vector<int> to_else;
        branch(n.a, false, to_else);
        into(n.b, d);
        int over = emit({sc_op::jmp});
        for (int j : to_else) patch(j);
        into(n.c, d);
        patch(over);
        return;
      }
      case op::sum: case op::count: sum(node, d); return;
      default: break;
    }
    if (int f = fold(node); f >= 0) { emit({sc_op::mov, 0, 0, u(d), u(f)}); return; }
    int a = value(n.a), b = value(n.b);
    emit({binary(n.o), 0, 0, u(d), u(a), u(b), node});
  }

  static sc_op binary(op o) {
    switch (o) {
      case op::add: return sc_op::add;
      case op::sub: return sc_op::sub;
      case op::mul: return sc_op::mul;
      case op::div: return sc_op::div;
      case op::mod: return sc_op::mod;
      case op::lt: return sc_op::lt;
      case op::le: return sc_op::le;
      case op::gt: return sc_op::gt;
      case op::ge: return sc_op::ge;
      case op::eq: return sc_op::eq;
      case op::ne: return sc_op::ne;
      case op::min: return sc_op::min;
      default: return sc_op::max;
    }
  }

  // sum(X) / count(X): X in each member's scope, added up in member order; overflow is the sum's.
  void sum(int node, int d) {
    const expr_node& n = v_.exprs[node];
    if (team_ < 0) return fallback(node, d);
    const int saved = player_;
    const std::vector<int>& ms = v_.members[team_];
    int acc = konst(0);
    for (size_t i = 0; i < ms.size(); ++i) {
      player_ = ms[i];
      int x = value(n.a);
      if (n.o == op::count) {
        int y = temp();
        emit({sc_op::truth, 0, 0, (uint16_t)y, (uint16_t)x});
        x = y;
      }
      player_ = saved;
      const bool last = i + 1 == ms.size();
      if (i == 0) {
        if (!last) { acc = x; continue; }
        emit({sc_op::mov, 0, 0, (uint16_t)d, (uint16_t)x});
        return;
      }
      int to = last ? d : temp();
      emit({sc_op::add, 0, 0, (uint16_t)to, (uint16_t)acc, (uint16_t)x, node});
      acc = to;
    }
    player_ = saved;
    if (ms.empty()) emit({sc_op::mov, 0, 0, (uint16_t)d, (uint16_t)acc});
  }

  void fallback(int node, int d) { emit({sc_op::eval, 0, 0, (uint16_t)d, 0, 0, node}); }

  // The variables the scope fixes are read directly; the others (and any out of its scope, whose error
  // the tree walk raises) through the tree walk.
  void variable(int node, int d) {
    const expr_node& n = v_.exprs[node];
    const uint16_t ud = (uint16_t)d;
    const int t = team_, p = player_;
    switch (n.v) {
      case var::let: emit({sc_op::mov, 0, 0, ud, (uint16_t)n.value}); return;
      case var::option: emit({sc_op::ld_option, 0, 0, ud, 0, 0, (int32_t)n.value}); return;
      case var::counter: if (t >= 0) { emit({sc_op::ld_counter, 0, 0, ud, 0, 0, (int32_t)n.value}); return; } break;
      case var::score: if (t >= 0) { emit({sc_op::ld_score, 0, 0, ud}); return; } break;
      case var::team_tricks: if (t >= 0) { emit({sc_op::ld_seat_tricks, 0, 0, ud, 0, 0, 0, seats(t)}); return; } break;
      case var::team_bid:
        if (t >= 0) {
          if (v_.bid_by_team) emit({sc_op::ld_bid, 0, 0, ud, 0, 0, t});
          else emit({sc_op::ld_bids, 0, 0, ud, 0, 0, 0, seats(t)});
          return;
        }
        break;
      case var::team_kind:
        if (t >= 0) {
          if (v_.bid_by_team) emit({sc_op::ld_kind, 0, 0, ud, 0, 0, t, n.value});
          else emit({sc_op::ld_any_kind, 0, 0, ud, 0, 0, (int32_t)seats(t), n.value});
          return;
        }
        break;
      case var::team_blind:
        if (t >= 0) {
          if (v_.bid_by_team) emit({sc_op::ld_blind, 0, 0, ud, 0, 0, t});
          else emit({sc_op::ld_any_blind, 0, 0, ud, 0, 0, 0, seats(t)});
          return;
        }
        break;
      case var::player_tricks: if (p >= 0) { emit({sc_op::ld_tricks, 0, 0, ud, 0, 0, p}); return; } break;
      case var::player_bid: if (p >= 0) { emit({sc_op::ld_bid, 0, 0, ud, 0, 0, bidder(p)}); return; } break;
      case var::player_kind: if (p >= 0) { emit({sc_op::ld_kind, 0, 0, ud, 0, 0, bidder(p), n.value}); return; } break;
      case var::player_blind: if (p >= 0) { emit({sc_op::ld_blind, 0, 0, ud, 0, 0, bidder(p)}); return; } break;
      case var::partner_kind: {
        const int q = partner_of(p);
        if (q < 0) emit({sc_op::mov, 0, 0, ud, (uint16_t)konst(0)});
        else emit({sc_op::ld_kind, 0, 0, ud, 0, 0, q, int64_t{1} << n.value});
        return;
      }
      // a call's bit: in team_calls of team a - 1 (a > 0), or in player_calls of the seats of k
      case var::team_call:
        if (t >= 0) { emit({sc_op::ld_call, 0, 0, ud, (uint16_t)(t + 1), 0, (int32_t)n.value, seats(t)}); return; }
        break;
      case var::player_call:
        if (p >= 0) {
          if (v_.calls[n.value].by_team) emit({sc_op::ld_call, 0, 0, ud, (uint16_t)(v_.team_of[p] + 1), 0, (int32_t)n.value, 0});
          else emit({sc_op::ld_call, 0, 0, ud, 0, 0, (int32_t)n.value, int64_t{1} << p});
          return;
        }
        break;
      default: break;
    }
    fallback(node, d);
  }
  int bidder(int seat) const { return v_.bid_by_team ? v_.team_of[seat] : seat; }
  // partner_bid_is: the player in scope's partner (no bidder is in scope while scoring), or -1
  int partner_of(int p) const { return p >= 0 && !v_.bid_by_team ? v_.partner[p] : -1; }
  int64_t seats(int t) const {
    int64_t m = 0;
    for (int s : v_.members[t]) m |= int64_t{1} << s;
    return m;
  }

  // ---- conditions ----
  // Jumps (their places added to `to`) when the node's truth is `when`; falls through otherwise.
  void branch(int node, bool when, std::vector<int>& to) {
    const expr_node& n = v_.exprs[node];
    switch (n.o) {
      case op::num:
        if ((n.value != 0) == when) to.push_back(emit({sc_op::jmp}));
        return;
      case op::not_: return branch(n.a, !when, to);
      case op::and_: case op::or_: {
        // and: false as soon as a is false; or: true as soon as a is true
        const bool decider = n.o == op::or_;
        if (when == decider) {
          branch(n.a, when, to);
          branch(n.b, when, to);
          return;
        }
        std::vector<int> decided;
        branch(n.a, decider, decided);
        branch(n.b, when, to);
        for (int j : decided) patch(j);
        return;
      }
      case op::lt: case op::le: case op::gt: case op::ge: case op::eq: case op::ne: {
        if (int f = fold(node); f >= 0) {
          int64_t x = 0;
          is_const(f, x);
          if ((x != 0) == when) to.push_back(emit({sc_op::jmp}));
          return;
        }
        int a = value(n.a), b = value(n.b);
        to.push_back(emit({compare_jump(when ? n.o : negated_comparison(n.o)), 0, 0, 0, (uint16_t)a, (uint16_t)b}));
        return;
      }
      case op::var:
        if (n.v == var::player_kind && player_ >= 0) {
          to.push_back(emit({when ? sc_op::jkind : sc_op::jnkind, 0, 0, 0, 0, 0, -1, n.value}));
          c_.code.back().d = (uint16_t)bidder(player_);
          return;
        }
        if (n.v == var::partner_kind && partner_of(player_) >= 0) {
          to.push_back(emit({when ? sc_op::jkind : sc_op::jnkind, 0, 0, 0, 0, 0, -1, int64_t{1} << n.value}));
          c_.code.back().d = (uint16_t)partner_of(player_);
          return;
        }
        break;
      default: break;
    }
    int r = value(node);
    to.push_back(emit({when ? sc_op::jnz : sc_op::jz, 0, 0, 0, (uint16_t)r}));
  }
  static sc_op compare_jump(op o) {
    switch (o) {
      case op::lt: return sc_op::jlt;
      case op::le: return sc_op::jle;
      case op::gt: return sc_op::jgt;
      case op::ge: return sc_op::jge;
      case op::eq: return sc_op::jeq;
      default: return sc_op::jne;
    }
  }
};

[[noreturn]] [[gnu::noinline]] void scoring_overflow(const variant& v, int node) {
  throw rule_error(v, v.at(v.exprs[node]), "arithmetic overflow while scoring");
}

// A formula left to the tree walk, over the facts with the counters as the rules have changed them so far.
[[gnu::noinline]] int64_t tree_value(const variant& v, const hand_facts& f, const hand_result& out, const sc_ins& i, const int64_t* lets) {
  hand_facts during = f;
  during.counters = &out.counters;
  eval_ctx cx{f.game, i.team, i.player};
  cx.lets = lets;
  cx.facts = &during;
  return eval(v, i.x, cx);
}

inline void add_points(const variant& v, int64_t& into, int64_t x, int node) {
  if (__builtin_add_overflow(into, x, &into)) scoring_overflow(v, node);
}

[[noreturn]] [[gnu::noinline]] void overflow(const variant& v, int node) { formula_error(v, node, "arithmetic overflow"); }

}  // namespace

std::shared_ptr<const score_code> compile_scoring(const variant& v) {
  try {
    return std::make_shared<const score_code>(compiler(v).run());
  } catch (const too_large&) {
    return nullptr;
  }
}

void run_scoring(const variant& v, const hand_facts& f, hand_result& out, const score_code& c) {
  const game_state& st = *f.game;
  int64_t r[max_registers];
  if (!c.consts.empty()) std::memcpy(r + c.const_base, c.consts.data(), c.consts.size() * sizeof(int64_t));
  const int64_t* lets = r;
  const sc_ins* const code = c.code.data();
  // threaded dispatch: each instruction jumps straight to the next one's handler
  static void* const handler[] = {&&op_stop, &&op_mov, &&op_eval, &&op_ld_option, &&op_ld_counter, &&op_ld_score, &&op_ld_tricks, &&op_ld_seat_tricks, &&op_ld_bid, &&op_ld_bids, &&op_ld_kind, &&op_ld_any_kind, &&op_ld_blind, &&op_ld_any_blind, &&op_ld_call, &&op_add, &&op_sub, &&op_mul, &&op_div, &&op_mod, &&op_neg, &&op_abs, &&op_not_, &&op_truth, &&op_lt, &&op_le, &&op_gt, &&op_ge, &&op_eq, &&op_ne, &&op_min, &&op_max, &&op_jmp, &&op_jz, &&op_jnz, &&op_jlt, &&op_jle, &&op_jgt, &&op_jge, &&op_jeq, &&op_jne, &&op_jkind, &&op_jnkind, &&op_points, &&op_counter_add, &&op_counter_sub, &&op_counter_set, &&op_tally, &&op_win, &&op_lose};
  const sc_ins* i = code;
#define NEXT_INSTRUCTION \
  do {                   \
    ++i;                 \
    goto* handler[(int)i->o]; \
  } while (0)
  goto* handler[(int)i->o];
  op_stop: return;
  op_mov: r[i->d] = r[i->a]; NEXT_INSTRUCTION;
  op_eval: r[i->d] = tree_value(v, f, out, *i, lets); NEXT_INSTRUCTION;
  op_ld_option: r[i->d] = st.options[i->x]; NEXT_INSTRUCTION;
  op_ld_counter: r[i->d] = out.counters[i->team][i->x]; NEXT_INSTRUCTION;
  op_ld_score: r[i->d] = (*f.score)[i->team]; NEXT_INSTRUCTION;
  op_ld_tricks: r[i->d] = f.tricks_won[i->x]; NEXT_INSTRUCTION;
  op_ld_seat_tricks: {
    int64_t sum = 0;
    for (uint64_t m = (uint64_t)i->k; m; m &= m - 1) sum += f.tricks_won[__builtin_ctzll(m)];
    r[i->d] = sum;
    NEXT_INSTRUCTION;
  }
  op_ld_bid: {
    const bid_made& b = st.bids[i->x];
    r[i->d] = b.kind < 0 ? 0 : b.n;
    NEXT_INSTRUCTION;
  }
  op_ld_bids: {
    int64_t sum = 0;
    for (uint64_t m = (uint64_t)i->k; m; m &= m - 1) {
      const bid_made& b = st.bids[__builtin_ctzll(m)];
      sum += b.kind < 0 ? 0 : b.n;
    }
    r[i->d] = sum;
    NEXT_INSTRUCTION;
  }
  op_ld_kind: {
    const int kind = st.bids[i->x].kind;
    r[i->d] = kind >= 0 && ((i->k >> kind) & 1);
    NEXT_INSTRUCTION;
  }
  op_ld_any_kind: {
    int64_t any = 0;
    for (uint32_t m = (uint32_t)i->x; m; m &= m - 1) {
      const int kind = st.bids[__builtin_ctz(m)].kind;
      any |= kind >= 0 && ((i->k >> kind) & 1);
    }
    r[i->d] = any;
    NEXT_INSTRUCTION;
  }
  op_ld_blind: {
    const int kind = st.bids[i->x].kind;
    r[i->d] = kind >= 0 && v.bids[kind].blind;
    NEXT_INSTRUCTION;
  }
  op_ld_any_blind: {
    int64_t any = 0;
    for (uint64_t m = (uint64_t)i->k; m; m &= m - 1) {
      const int kind = st.bids[__builtin_ctzll(m)].kind;
      any |= kind >= 0 && v.bids[kind].blind;
    }
    r[i->d] = any;
    NEXT_INSTRUCTION;
  }
  op_ld_call: {
    uint32_t bits = i->a ? st.team_calls[i->a - 1] : 0;
    for (uint64_t m = (uint64_t)i->k; m; m &= m - 1) bits |= st.player_calls[__builtin_ctzll(m)];
    r[i->d] = (bits >> i->x) & 1;
    NEXT_INSTRUCTION;
  }
  op_add: { int64_t x; if (__builtin_add_overflow(r[i->a], r[i->b], &x)) overflow(v, i->x); r[i->d] = x; NEXT_INSTRUCTION; }
  op_sub: { int64_t x; if (__builtin_sub_overflow(r[i->a], r[i->b], &x)) overflow(v, i->x); r[i->d] = x; NEXT_INSTRUCTION; }
  op_mul: { int64_t x; if (__builtin_mul_overflow(r[i->a], r[i->b], &x)) overflow(v, i->x); r[i->d] = x; NEXT_INSTRUCTION; }
  op_div:
  op_mod: {
    const int64_t a = r[i->a], b = r[i->b];
    if (b == 0) formula_error(v, i->x, "division by zero");
    if (a == INT64_MIN && b == -1) formula_error(v, i->x, "arithmetic overflow");
    // floor division, as the tree walk
    int64_t q = a / b, m = a % b;
    if (m != 0 && ((m < 0) != (b < 0))) { q -= 1; m += b; }
    r[i->d] = i->o == sc_op::div ? q : m;
    NEXT_INSTRUCTION;
  }
  op_neg: { int64_t x; if (__builtin_sub_overflow(int64_t{0}, r[i->a], &x)) overflow(v, i->x); r[i->d] = x; NEXT_INSTRUCTION; }
  op_abs: {
    const int64_t a = r[i->a];
    int64_t x = a;
    if (a < 0 && __builtin_sub_overflow(int64_t{0}, a, &x)) overflow(v, i->x);
    r[i->d] = x;
    NEXT_INSTRUCTION;
  }
  op_not_: r[i->d] = !r[i->a]; NEXT_INSTRUCTION;
  op_truth: r[i->d] = r[i->a] != 0; NEXT_INSTRUCTION;
  op_lt: r[i->d] = r[i->a] < r[i->b]; NEXT_INSTRUCTION;
  op_le: r[i->d] = r[i->a] <= r[i->b]; NEXT_INSTRUCTION;
  op_gt: r[i->d] = r[i->a] > r[i->b]; NEXT_INSTRUCTION;
  op_ge: r[i->d] = r[i->a] >= r[i->b]; NEXT_INSTRUCTION;
  op_eq: r[i->d] = r[i->a] == r[i->b]; NEXT_INSTRUCTION;
  op_ne: r[i->d] = r[i->a] != r[i->b]; NEXT_INSTRUCTION;
  op_min: r[i->d] = r[i->a] < r[i->b] ? r[i->a] : r[i->b]; NEXT_INSTRUCTION;
  op_max: r[i->d] = r[i->a] > r[i->b] ? r[i->a] : r[i->b]; NEXT_INSTRUCTION;
  op_jmp: i = code + i->x - 1; NEXT_INSTRUCTION;
  op_jz: if (!r[i->a]) i = code + i->x - 1; NEXT_INSTRUCTION;
  op_jnz: if (r[i->a]) i = code + i->x - 1; NEXT_INSTRUCTION;
  op_jlt: if (r[i->a] < r[i->b]) i = code + i->x - 1; NEXT_INSTRUCTION;
  op_jle: if (r[i->a] <= r[i->b]) i = code + i->x - 1; NEXT_INSTRUCTION;
  op_jgt: if (r[i->a] > r[i->b]) i = code + i->x - 1; NEXT_INSTRUCTION;
  op_jge: if (r[i->a] >= r[i->b]) i = code + i->x - 1; NEXT_INSTRUCTION;
  op_jeq: if (r[i->a] == r[i->b]) i = code + i->x - 1; NEXT_INSTRUCTION;
  op_jne: if (r[i->a] != r[i->b]) i = code + i->x - 1; NEXT_INSTRUCTION;
  op_jkind:
  op_jnkind: {
    const int kind = st.bids[i->d].kind;
    const bool is = kind >= 0 && ((i->k >> kind) & 1);
    if (is == (i->o == sc_op::jkind)) i = code + i->x - 1;
    NEXT_INSTRUCTION;
  }
  op_points: add_points(v, out.points[i->k], r[i->a], i->x); NEXT_INSTRUCTION;
  op_counter_add: add_points(v, out.counters[i->team][i->k], r[i->a], i->x); NEXT_INSTRUCTION;
  op_counter_sub: {
    const int64_t x = r[i->a];
    if (x == INT64_MIN) scoring_overflow(v, i->x);
    add_points(v, out.counters[i->team][i->k], -x, i->x);
    NEXT_INSTRUCTION;
  }
  op_counter_set: out.counters[i->team][i->k] = r[i->a]; NEXT_INSTRUCTION;
  op_tally: ++out.tallies[i->team][i->x]; NEXT_INSTRUCTION;
  op_win: out.won[i->team] = 1; NEXT_INSTRUCTION;
  op_lose: out.lost[i->team] = 1; NEXT_INSTRUCTION;
#undef NEXT_INSTRUCTION
}

namespace {

// trick_reads: the program followed along every path the bid kinds leave open. Each register's value: a
// constant, where the constants and the bid kinds alone fix it; a sum of some seats' tricks plus what reads no
// trick but through sums read already; only such (other); or, where paths with different sums meet, either
// (mixed, its sums read only if it is used). A sum is read when it is used as other than a sum (compared,
// multiplied, scored, jumped on). The paths are followed in the program's order, those meeting at a jump's
// target joined.
class trick_reader {
 public:
  trick_reader(const variant& v, const score_code& c, const std::array<bid_made, max_seats>& bids)
      : v_(v), c_(c), bids_(bids), now_((size_t)c.registers) {
    for (size_t k = 0; k < c.consts.size(); ++k) now_[(size_t)c.const_base + k] = constant(c.consts[k]);
  }

  std::optional<std::vector<uint64_t>> run() {
    const int n = (int)c_.code.size();
    for (int at = 0; at < n; ++at) {
      if (auto w = waiting_.find(at); w != waiting_.end()) {
        if (live_) join(now_, w->second);
        else now_ = std::move(w->second);
        live_ = true;
        waiting_.erase(w);
      }
      if (live_ && !step(at)) return std::nullopt;
    }
    return masks_;
  }

 private:
  enum class is : uint8_t { constant, other, sum, mixed };
  struct value {
    is k = is::other;
    int64_t x = 0;   // the constant; mixed: the second sum's seats (0: none)
    uint64_t m = 0;  // the seats summed (mixed: the first sum's)
  };
  using regs = std::vector<value>;

  static value constant(int64_t x) { return {is::constant, x, 0}; }
  static value sum(uint64_t m) { return m ? value{is::sum, 0, m} : value{}; }

  void read_mask(uint64_t m) {
    if (m && std::find(masks_.begin(), masks_.end(), m) == masks_.end()) masks_.push_back(m);
  }
  // a value used as other than a sum: its sums are read, and it is other from then on
  void read(value& x) {
    if (x.k == is::sum || x.k == is::mixed) read_mask(x.m);
    if (x.k == is::mixed) read_mask((uint64_t)x.x);
    if (x.k != is::constant) x = value{};
  }
  void join(regs& into, regs& from) {
    for (size_t k = 0; k < into.size(); ++k) {
      value& a = into[k];
      value& b = from[k];
      if (a.k == b.k && a.x == b.x && a.m == b.m) continue;
      // either value: the sums of either kept apart, up to two
      uint64_t sums[4];
      int count = 0;
      for (const value* e : {&a, &b})
        for (uint64_t m : {e->k == is::sum || e->k == is::mixed ? e->m : 0, e->k == is::mixed ? (uint64_t)e->x : 0})
          if (m && std::find(sums, sums + count, m) == sums + count) sums[count++] = m;
      if (count > 2) {
        read(a);
        read(b);
      }
      a = count == 0 || count > 2 ? value{} : value{is::mixed, count > 1 ? (int64_t)sums[1] : 0, sums[0]};
    }
  }
  bool jump_to(int at, int to) {
    if (to <= at || to > (int)c_.code.size()) return false;  // a jump back: not followed
    auto [it, fresh] = waiting_.try_emplace(to, now_);
    if (!fresh) join(it->second, now_);
    return true;
  }
  bool kind_in(int seat, int64_t kinds) const {
    const int k = bids_[(size_t)seat].kind;
    return k >= 0 && ((kinds >> k) & 1);
  }
  bool blind(int seat) const {
    const int k = bids_[(size_t)seat].kind;
    return k >= 0 && v_.bids[(size_t)k].blind;
  }
  // the registers an instruction reads as operands
  static int operands(sc_op o) {
    switch (o) {
      case sc_op::neg: case sc_op::abs: case sc_op::not_: case sc_op::truth: case sc_op::jz: case sc_op::jnz:
      case sc_op::points: case sc_op::counter_add: case sc_op::counter_sub: case sc_op::counter_set:
        return 1;
      case sc_op::add: case sc_op::sub: case sc_op::mul: case sc_op::div: case sc_op::mod: case sc_op::lt: case sc_op::le:
      case sc_op::gt: case sc_op::ge: case sc_op::eq: case sc_op::ne: case sc_op::min: case sc_op::max: case sc_op::jlt:
      case sc_op::jle: case sc_op::jgt: case sc_op::jge: case sc_op::jeq: case sc_op::jne:
        return 2;
      default: return 0;
    }
  }
  // a load: the value it gives
  value load(const sc_ins& i) const {
    switch (i.o) {
      case sc_op::ld_tricks: return sum(uint64_t{1} << i.x);
      case sc_op::ld_seat_tricks: return sum((uint64_t)i.k);
      case sc_op::ld_kind: return constant(kind_in(i.x, i.k));
      case sc_op::ld_any_kind: {
        bool any = false;
        for (uint32_t m = (uint32_t)i.x; m; m &= m - 1) any |= kind_in(__builtin_ctz(m), i.k);
        return constant(any);
      }
      case sc_op::ld_blind: return constant(blind(i.x));
      case sc_op::ld_any_blind: {
        bool any = false;
        for (uint64_t m = (uint64_t)i.k; m; m &= m - 1) any |= blind(__builtin_ctzll(m));
        return constant(any);
      }
      default: return value{};  // an option, counter, score, bid's number or call: no trick, but not fixed here
    }
  }
  // a sum (or difference) that stays a sum of seats: sums of seats apart added, a sum less a sum of some of its
  // seats, a sum and what reads no trick
  static std::optional<value> summed(const sc_ins& i, const value& a, const value& b) {
    const bool sa = a.k == is::sum, sb = b.k == is::sum;
    if (i.o == sc_op::add) {
      if (sa && sb) return (a.m & b.m) ? std::nullopt : std::optional<value>(sum(a.m | b.m));
      if (sa || sb) return sum(sa ? a.m : b.m);
    }
    if (i.o == sc_op::sub) {
      if (sa && sb) return (b.m & ~a.m) ? std::nullopt : std::optional<value>(sum(a.m & ~b.m));
      if (sa) return sum(a.m);
    }
    return std::nullopt;
  }
  // what the operation gives of constants, into x; false where it might fail or overflow (then unknown)
  static bool fold(sc_op o, int64_t a, int64_t b, int64_t& x) {
    switch (o) {
      case sc_op::add: return !__builtin_add_overflow(a, b, &x);
      case sc_op::sub: return !__builtin_sub_overflow(a, b, &x);
      case sc_op::not_: case sc_op::jz: x = !a; return true;
      case sc_op::truth: case sc_op::jnz: x = a != 0; return true;
      case sc_op::lt: case sc_op::jlt: x = a < b; return true;
      case sc_op::le: case sc_op::jle: x = a <= b; return true;
      case sc_op::gt: case sc_op::jgt: x = a > b; return true;
      case sc_op::ge: case sc_op::jge: x = a >= b; return true;
      case sc_op::eq: case sc_op::jeq: x = a == b; return true;
      case sc_op::ne: case sc_op::jne: x = a != b; return true;
      case sc_op::min: x = std::min(a, b); return true;
      case sc_op::max: x = std::max(a, b); return true;
      default: return false;  // multiplication, division and the rest: never a kind's test
    }
  }

  bool step(int at) {
    const sc_ins& i = c_.code[(size_t)at];
    const int uses = operands(i.o);
    value a = uses >= 1 ? now_[i.a] : value{}, b = uses >= 2 ? now_[i.b] : value{};
    if (a.k == is::mixed) read(a);
    if (b.k == is::mixed) read(b);
    const bool known = a.k == is::constant && (uses < 2 || b.k == is::constant);
    int64_t x = 0;
    const bool folded = known && fold(i.o, a.x, b.x, x);
    switch (i.o) {
      case sc_op::stop: live_ = false; return true;
      case sc_op::mov: now_[i.d] = now_[i.a]; return true;  // a copy keeps a mixed value as it is
      case sc_op::eval: return false;                       // a formula left to the tree walk may read anything
      case sc_op::jmp: live_ = false; return jump_to(at, i.x);
      case sc_op::jkind: case sc_op::jnkind: {
        if (kind_in(i.d, i.k) != (i.o == sc_op::jkind)) return true;
        live_ = false;
        return jump_to(at, i.x);
      }
      case sc_op::jz: case sc_op::jnz: case sc_op::jlt: case sc_op::jle: case sc_op::jgt: case sc_op::jge: case sc_op::jeq:
      case sc_op::jne:
        if (folded) {  // the way it goes
          if (!x) return true;
          live_ = false;
          return jump_to(at, i.x);
        }
        read(a);  // both ways
        read(b);
        return jump_to(at, i.x);
      case sc_op::points: case sc_op::counter_add: case sc_op::counter_sub: case sc_op::counter_set:
        read(a);
        return true;
      case sc_op::tally: case sc_op::win: case sc_op::lose: return true;
      default: break;
    }
    if (uses == 0) {
      now_[i.d] = load(i);
      return true;
    }
    if (auto s = summed(i, a, b)) now_[i.d] = *s;
    else if (folded) now_[i.d] = constant(x);
    else {
      read(a);
      read(b);
      now_[i.d] = value{};
    }
    return true;
  }

  const variant& v_;
  const score_code& c_;
  const std::array<bid_made, max_seats>& bids_;
  regs now_;
  bool live_ = true;
  std::map<int, regs> waiting_;  // jump targets ahead, with the registers of the paths that jump there
  std::vector<uint64_t> masks_;
};

}  // namespace

std::optional<std::vector<uint64_t>> trick_reads(const variant& v, const score_code& c, const std::array<bid_made, max_seats>& bids) {
  return trick_reader(v, c, bids).run();
}

}  // namespace spades
