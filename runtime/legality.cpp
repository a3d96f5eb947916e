// What is legal: the moves open at a decision, the bid-number solver (which numbers of each bid kind a
// condition allows, without evaluating it number by number), the calls open, and why a card is refused.
#include "runtime/game.hpp"

#include "runtime/expr.hpp"
#include "runtime/play_rules.hpp"

namespace spades {

// Why a bid kind is closed to the bidder whatever the number, or nullptr: its partner refused it this hand,
// or it is a bid for the side and a partner has already bid.
const char* game_state::bid_closed(int kind, int bidder) const {
  if (v->bids[kind].blind && bidder_looked(bidder)) return "a blind bid is made before looking at the cards";
  if ((refused[bidder] >> kind) & 1) return "partner refused it this hand";
  if (v->bids[kind].side && !v->bid_by_team)
    for (int m : v->members[v->team_of[bidder]])
      if (m != bidder && bids[m].kind >= 0) return "a bid for the side must come before partner's bid";
  return nullptr;
}

bool game_state::bidder_looked(int bidder) const {
  if (!v->bid_by_team) return looked[bidder];
  for (int m : v->members[bidder])
    if (looked[m]) return true;
  return false;
}

bool game_state::blind_decision() const {
  if (ph == phase::agree) return asking >= 0 && bids[asking].kind >= 0 && v->bids[bids[asking].kind].blind;
  if (ph != phase::bid) return false;
  for (int k = 0; k < (int)v->bids.size(); ++k)
    if (v->bids[k].blind && !bid_closed(k, turn))
      for (int n = v->bids[k].lo; n <= v->bids[k].hi; ++n)
        if (bid_allowed(k, n, turn)) return true;
  return false;
}

bool game_state::may_look(int seat) const {
  if (looked[seat] || ph == phase::play || ph == phase::over || acting_seat() != seat) return true;
  game_state after = *this;
  after.look(seat);
  return after.has_legal_move();
}

bool game_state::may_see_hand(int seat) const {
  if (looked[seat] || exposed(seat)) return true;
  bool blind_kinds = false;
  for (const bid_kind& k : v->bids) blind_kinds |= k.blind;
  if (!blind_kinds) return true;
  // the seat about to decide looks first, unless it may decide blind
  const bool deciding = ph != phase::deal && ph != phase::over && (team_decides() ? v->team_of[seat] == turn : acting_seat() == seat);
  return deciding && !blind_decision();
}

bool game_state::bid_allowed(int kind, int n, int bidder) const {
  const bid_kind& k = v->bids[kind];
  if (n < k.lo || n > k.hi) return false;
  if (k.when < 0) return true;
  eval_ctx cx{this, bidder_team(bidder), v->bid_by_team ? -1 : bidder, bidder};
  cx.this_bid = n;
  return eval(*v, k.when, cx) != 0;
}

// A call is open to its owner when not yet made, its conversion applies to the owner's bid,
// and its condition holds.
bool game_state::call_allowed(int k, int owner, bool by_team) const {
  const call_kind& c = v->calls[k];
  if (c.by_team != by_team || c.redeal != redeal_step()) return false;
  uint32_t made = by_team ? team_calls[owner] : player_calls[owner];
  if (made & (1u << k)) return false;
  if (c.from_kind >= 0) {
    // the bid being converted belongs to the bidder: the team when bidding by team, else the player
    if (by_team != v->bid_by_team || bidding_skipped || bids[owner].kind != c.from_kind || bid_converted[owner] || (!by_team && covered[owner])) return false;
  }
  return call_condition(k, owner, by_team);
}

bool game_state::call_condition(int k, int owner, bool by_team) const {
  const call_kind& c = v->calls[k];
  if (c.when < 0) return true;
  // a team call has no single bidder: partner_bid and partner_bid_is() are false there
  eval_ctx cx{this, by_team ? owner : v->team_of[owner], by_team ? -1 : owner, by_team ? -1 : owner};
  return eval(*v, c.when, cx) != 0;
}

namespace {

// A conjunction of a condition's parts, a part shared between conditions (its slot, -1: none) evaluated at
// most once per decision: the slots evaluated, and those that held, a bit each.
struct shared_parts {
  uint64_t evaluated = 0, holding = 0;
  bool hold(const variant& v, const std::vector<int>& parts, const std::vector<int8_t>& slots, const eval_ctx& cx) {
    for (size_t i = 0; i < parts.size(); ++i) {
      const uint64_t g = slots[i] >= 0 ? uint64_t{1} << slots[i] : 0;
      if (!(evaluated & g)) {
        evaluated |= g;
        if (eval(v, parts[i], cx) != 0) holding |= g;
        else return false;  // an unshared part (g == 0) that holds falls through to the next
      } else if (!(holding & g)) {
        return false;
      }
    }
    return true;
  }
};
}  // namespace

uint32_t game_state::open_calls(int owner, bool by_team) const {
  static_assert(max_calls <= 32 && max_call_parts <= 64);
  // the calls of the owner's kind and of this calls step, not yet made
  uint32_t left = (by_team ? v->team_call_mask : ~v->team_call_mask) & (redeal_step() ? v->redeal_call_mask : ~v->redeal_call_mask) &
                  ~(by_team ? team_calls[owner] : player_calls[owner]);
  left &= v->calls.size() == 32 ? ~0u : (1u << v->calls.size()) - 1;
  if (!left) return 0;
  uint32_t open = 0;
  shared_parts parts;
  const eval_ctx cx{this, by_team ? owner : v->team_of[owner], by_team ? -1 : owner, by_team ? -1 : owner};
  for (; left; left &= left - 1) {
    const int k = __builtin_ctz(left);
    const call_kind& c = v->calls[k];
    if (c.from_kind >= 0 &&
        (by_team != v->bid_by_team || bidding_skipped || bids[owner].kind != c.from_kind || bid_converted[owner] || (!by_team && covered[owner])))
      continue;
    if (parts.hold(*v, c.when_parts, c.when_slot, cx)) open |= 1u << k;
  }
  return open;
}

namespace {

// Do all these parts of a bid's condition (bid_kind::when_fixed, when_number) hold, in order?
bool parts_hold(const variant& v, const std::vector<int>& parts, const eval_ctx& cx) {
  for (int p : parts)
    if (eval(v, p, cx) == 0) return false;
  return true;
}

static_assert(max_tricks < 128);

template <class F> void each_number(number_mask m, F f) {
  for (; m; m &= m - 1) {
    const uint64_t lo = (uint64_t)m;
    f(lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(m >> 64)));
  }
}

// The numbers 0..127 below t.
number_mask below(__int128 t) {
  if (t <= 0) return 0;
  if (t >= 128) return ~number_mask{0};
  return (number_mask{1} << (int)t) - 1;
}

// The numbers k (0..127) with k `o` t.
number_mask comparing(op o, __int128 t) {
  switch (o) {
    case op::lt: return below(t);
    case op::le: return below(t + 1);
    case op::gt: return ~below(t + 1);
    case op::ge: return ~below(t);
    case op::eq: return t >= 0 && t < 128 ? number_mask{1} << (int)t : 0;
    default: return t >= 0 && t < 128 ? ~(number_mask{1} << (int)t) : ~number_mask{0};
  }
}

// x `o` y as y `flipped o` x.
op flipped(op o) {
  switch (o) {
    case op::lt: return op::gt;
    case op::le: return op::ge;
    case op::gt: return op::lt;
    case op::ge: return op::le;
    default: return o;
  }
}

// A side of a comparison that is the number bid plus or minus what does not read it: the number,
// `this_bid + E`, `E + this_bid`, `this_bid - E` or `E - this_bid`, as sign * this_bid + offset (E
// evaluated here, once). False for any other formula, or when some number 0..127 would overflow
// there (then the number-by-number evaluation meets the overflow itself).
bool linear_in_number(const variant& v, int node, const eval_ctx& cx, int& sign, int64_t& offset) {
  const expr_node& n = v.exprs[node];
  auto bare = [&](int i) { return v.exprs[i].o == op::var && v.exprs[i].v == var::this_bid; };
  if (bare(node)) { sign = 1; offset = 0; return true; }
  if (n.o != op::add && n.o != op::sub) return false;
  int other;
  if (bare(n.a) && !v.exprs[n.b].reads_number) { sign = 1; other = n.b; }
  else if (bare(n.b) && !v.exprs[n.a].reads_number) { sign = n.o == op::add ? 1 : -1; other = n.a; }
  else return false;
  const int64_t e = eval(v, other, cx);
  if (n.o == op::sub && sign == 1) {  // this_bid - E
    if (e < INT64_MIN + 128) return false;
    offset = -e;
    return true;
  }
  // this_bid + E, E + this_bid, E - this_bid
  if (e > INT64_MAX - 127 || e < INT64_MIN + 127) return false;
  offset = e;
  return true;
}

// The numbers among `dom` for which the formula `node` holds (is not 0), as evaluating it with each number
// as this_bid answers: what does not read the number is evaluated once, `and`, `or`, `not` and `if` split
// the numbers, a comparison of the number (plus or minus what does not read it) with what does not read
// it is answered for all numbers at once without the evaluator, and anything else is evaluated number by
// number. The formulas are pure, so only the count of evaluations differs; a failing part may fail here
// where the number-by-number order would not reach it (the caller then takes that order, which gives its
// own error first).
number_mask numbers_holding(const variant& v, int node, number_mask dom, eval_ctx& cx) {
  if (!dom) return 0;
  const expr_node& n = v.exprs[node];
  if (!n.reads_number) return eval(v, node, cx) != 0 ? dom : 0;
  switch (n.o) {
    case op::and_: return numbers_holding(v, n.b, numbers_holding(v, n.a, dom, cx), cx);
    case op::or_: {
      const number_mask a = numbers_holding(v, n.a, dom, cx);
      return a | numbers_holding(v, n.b, dom & ~a, cx);
    }
    case op::not_: return dom & ~numbers_holding(v, n.a, dom, cx);
    case op::if_: {
      const number_mask c = numbers_holding(v, n.a, dom, cx);
      return numbers_holding(v, n.b, c, cx) | numbers_holding(v, n.c, dom & ~c, cx);
    }
    case op::lt: case op::le: case op::gt: case op::ge: case op::eq: case op::ne: {
      // sign * k + offset `o` x, with x what does not read the number: k compared with a threshold
      const bool left = !v.exprs[n.b].reads_number, right = !v.exprs[n.a].reads_number;
      if (!left && !right) break;
      int sign;
      int64_t offset;
      if (!linear_in_number(v, left ? n.a : n.b, cx, sign, offset)) break;
      const int64_t x = eval(v, left ? n.b : n.a, cx);
      op o = left ? n.o : flipped(n.o);      // k' o x, k' = sign * k + offset
      const __int128 t = (__int128)x - offset;  // sign * k o t
      if (sign < 0) return dom & comparing(flipped(o), -t);  // -k o t: k (flipped o) -t
      return dom & comparing(o, t);
    }
    default: break;
  }
  number_mask out = 0;
  each_number(dom, [&](int k) {
    cx.this_bid = k;
    if (eval(v, node, cx) != 0) out |= number_mask{1} << k;
  });
  return out;
}

}  // namespace

// The bids open to the bidder, a set of numbers per kind, in the kinds' order: a kind's condition is split
// (bid_kind::when_split) so that what does not read the number is evaluated once per decision (a part
// written alike in several kinds once for all of them), not once per number.
static_assert(max_bid_fixed_parts <= 64, "each_bid keeps a bit per leading part");

template <class Kind>
void game_state::each_bid(Kind&& kind) const {
  shared_parts fixed;  // the leading parts, by slot
  eval_ctx cx{this, bidder_team(turn), v->bid_by_team ? -1 : turn, turn};
  for (int k = 0; k < (int)v->bids.size(); ++k) {
    const bid_kind& bk = v->bids[k];
    if (bk.lo > bk.hi) continue;
    if ((bk.side || bk.blind || refused[turn]) && bid_closed(k, turn)) continue;
    if (bk.when < 0) {
      kind(k, bk.numbers());
      continue;
    }
    if (!bk.when_split) {
      number_mask allowed = 0;
      for (int n = bk.lo; n <= bk.hi; ++n)
        if (bid_allowed(k, n, turn)) allowed |= number_mask{1} << n;
      if (allowed) kind(k, allowed);
      continue;
    }
    if (!fixed.hold(*v, bk.when_fixed, bk.when_fixed_slot, cx)) continue;
    number_mask open = bk.numbers();  // computed once the leading parts hold
    if (!bk.when_number.empty()) {
      try {
        for (int p : bk.when_number) open = numbers_holding(*v, p, open, cx);
      } catch (...) {  // number by number, in the order that gives the error first
        open = 0;
        for (int n = bk.lo; n <= bk.hi; ++n) {
          cx.this_bid = n;
          if (parts_hold(*v, bk.when_number, cx)) open |= number_mask{1} << n;
        }
      }
    }
    if (open) kind(k, open);
  }
}

int game_state::bid_moves(move* out) const {
  int count = 0;
  each_bid([&](int k, number_mask open) { each_number(open, [&](int n) { out[count++] = move::make_bid(k, n); }); });
  return count;
}

// The legal bids in bid_moves' order, a set of numbers per kind, so that the one drawn is found without
// listing them all.
bool game_state::random_bid(rng& r, move& out) const {
  // from: the index of its first bid; the numbers as two words (a 128-bit member made of two register halves
  // was stored in halves and read back whole: a stalled store-to-load forwarding at every kind)
  struct open_kind { int kind, from; uint64_t low, high; };
  std::array<open_kind, max_bid_kinds> kinds;
  int n_kinds = 0, total = 0;
  each_bid([&](int k, number_mask open) {
    const uint64_t low = (uint64_t)open, high = (uint64_t)(open >> 64);
    kinds[n_kinds++] = {k, total, low, high};
    total += __builtin_popcountll(low) + __builtin_popcountll(high);
  });
  if (total == 0) return false;
  const int i = (int)r.below((uint32_t)total);
  int j = n_kinds - 1;
  while (kinds[j].from > i) --j;
  // the number: the (i - from)-th of the kind's, at once when they are a run (a kind without condition)
  int nth = i - kinds[j].from, base = 0;
  uint64_t w = kinds[j].low;
  if (const int low = __builtin_popcountll(w); nth >= low) {
    w = kinds[j].high;
    nth -= low;
    base = 64;
  }
  const int first = __builtin_ctzll(w);
  const uint64_t run = w >> first;
  if ((run & (run + 1)) == 0) {
    out = move::make_bid(kinds[j].kind, base + first + nth);
    return true;
  }
  for (; nth > 0; --nth) w &= w - 1;
  out = move::make_bid(kinds[j].kind, base + __builtin_ctzll(w));
  return true;
}

int game_state::legal_moves(move* out) const {
  int count = 0;
  switch (ph) {
    case phase::bid:
      count = bid_moves(out);
      break;
    case phase::agree:
    case phase::draw:
      out[count++] = move::make_choice(1);
      out[count++] = move::make_choice(0);
      break;
    case phase::raise:
      for (int n = side_bid(turn) + 1; n <= raise_limit(turn); ++n) out[count++] = move::make_raise(n);
      out[count++] = move::make_raise(-1);
      break;
    case phase::call:
      for (uint32_t open = calls_open; open; open &= open - 1) out[count++] = move::make_call(__builtin_ctz(open));
      out[count++] = move::make_call(-1);
      break;
    case phase::exchange:
      if (exchange_offer) {  // agree, decline, or agree by passing a first card
        out[count++] = move::make_choice(1);
        out[count++] = move::make_choice(0);
      }
      hands[turn].for_each([&](int c) { out[count++] = move::make_card(c); });
      break;
    case phase::pass:
    case phase::discard:
      hands[turn].for_each([&](int c) { out[count++] = move::make_card(c); });
      break;
    case phase::play:
      legal_cards().for_each([&](int c) { out[count++] = move::make_card(c); });
      break;
    default:
      break;
  }
  return count;
}

bool game_state::has_legal_move() const {
  switch (ph) {
    case phase::bid:
      for (int k = 0; k < (int)v->bids.size(); ++k)
        for (int n = v->bids[k].lo; n <= v->bids[k].hi && !bid_closed(k, turn); ++n)
          if (v->bids[k].when < 0 || bid_allowed(k, n, turn)) return true;
      return false;
    case phase::call: return true;  // declining is always open
    case phase::agree: return true;
    case phase::raise: return true;  // passing is always open
    case phase::draw: return true;
    case phase::pass:
    case phase::discard:
    case phase::exchange: return exchange_offer || !hands[turn].empty();
    case phase::play: return !hands[turn].empty();  // the play rules never take away every card
    default: return false;
  }
}

card_set game_state::legal_cards() const {
  if (ph != phase::play) return {};
  auto none = [](const play_refusal&, card_set) {};
  return v->narrow ? play_rules<true>(none) : play_rules<false>(none);
}

int game_state::random_card(rng& r) const {
  auto none = [](const play_refusal&, card_set) {};
  if (v->narrow) {
    const card_set legal = play_rules<true>(none);
    return set_ops<true>::nth(legal, (int)r.below((uint32_t)set_ops<true>::count(legal)));
  }
  const card_set legal = play_rules<false>(none);
  return legal.nth((int)r.below((uint32_t)legal.count()));
}

card_set game_state::relative_cards(card_set in, const relative_group& rel, int card) const {
  auto cards = [&](uint8_t words) {
    card_set s;
    if ((words & rel_led) && ph == phase::play && played > 0) s |= led_mask;
    if (card < 0) return s;
    if (words & rel_card) s.add(card);
    if (words & rel_card_suit) s |= v->follow_mask[v->follow_suit[card]];
    if (words & rel_above) s |= v->above_mask[card];
    if (words & rel_below) s |= v->below_mask[card];
    return s;
  };
  return (in | cards(rel.in)) & ~(rel.out_cards | cards(rel.out));
}

play_refusal game_state::refusal(int c) const {
  play_refusal first;
  card_set legal = play_rules<false>([&](const play_refusal& r, card_set taken) {
    if (first.rule == play_rule::none && taken.has(c)) first = r;
  });
  // a rule lifted after refusing (nothing left to lead) refuses nothing
  return legal.has(c) ? play_refusal{} : first;
}

}  // namespace spades
