// The execution plan of a compiled variant (plan.hpp): worked out from the rules' meaning alone.
#include "runtime/plan.hpp"

#include "runtime/score_code.hpp"

namespace spades {

namespace {

// The parts of a condition joined by `and`, in the order they are evaluated.
void conjuncts(const variant& v, int node, std::vector<int>& out) {
  const expr_node& n = v.exprs[node];
  if (n.o != op::and_) return out.push_back(node);
  conjuncts(v, n.a, out);
  conjuncts(v, n.b, out);
}

// Does the formula read the number bid? Marks each node (expr_node::reads_number) on the way.
bool reads_number(variant& v, int node) {
  if (node < 0) return false;
  expr_node& n = v.exprs[node];
  const bool a = reads_number(v, n.a), b = reads_number(v, n.b), c = reads_number(v, n.c);
  v.exprs[node].reads_number = (n.o == op::var && n.v == var::this_bid) || a || b || c;
  return v.exprs[node].reads_number;
}

// Does the formula read the card in question (`winning`, a card function's `card`, `card_suit`, `above`, `below`)?
bool reads_card(const variant& v, int node) {
  if (node < 0) return false;
  const expr_node& n = v.exprs[node];
  if (n.o == op::var && n.v == var::winning) return true;
  if (n.o == op::var && is_card_function(n.v) && ((v.card_group_rel[n.value].in | v.card_group_rel[n.value].out) & rel_candidate)) return true;
  return reads_card(v, n.a) || reads_card(v, n.b) || reads_card(v, n.c);
}

// The same formula, wherever it is written.
bool same_formula(const variant& v, int x, int y) {
  if (x < 0 || y < 0) return x == y;
  const expr_node &a = v.exprs[x], &b = v.exprs[y];
  return a.o == b.o && a.v == b.v && a.value == b.value && same_formula(v, a.a, b.a) && same_formula(v, a.b, b.b) &&
         same_formula(v, a.c, b.c);
}

// The slot of `part` among the distinct parts so far (a part written alike shares the first's slot), a new
// one while fewer than `max`; -1 when the slots are full.
int8_t shared_slot(const variant& v, std::vector<int>& distinct, int part, size_t max) {
  size_t slot = 0;
  while (slot < distinct.size() && !same_formula(v, distinct[slot], part)) ++slot;
  if (slot == distinct.size() && slot < max) distinct.push_back(part);
  return slot < distinct.size() ? (int8_t)slot : (int8_t)-1;
}

// Each bid's condition in two: the leading `and` parts that do not read the number (the same for every
// number of the kind, so evaluated once per decision) and the rest. Evaluated in that order, every part is
// reached exactly as evaluating the whole condition number by number reaches it: the same answers, and
// the same error first when a part fails.
void split_bids(variant& v) {
  std::vector<int> distinct;  // the first of each distinct leading part, by slot
  for (bid_kind& b : v.bids) {
    b.when_split = false;
    b.when_fixed.clear(), b.when_number.clear(), b.when_fixed_slot.clear();
    if (b.when < 0) continue;
    reads_number(v, b.when);
    std::vector<int> parts;
    conjuncts(v, b.when, parts);
    size_t fixed = 0;
    while (fixed < parts.size() && !v.exprs[parts[fixed]].reads_number) ++fixed;
    b.when_fixed.assign(parts.begin(), parts.begin() + fixed);
    b.when_number.assign(parts.begin() + fixed, parts.end());
    b.when_split = true;
    for (int part : b.when_fixed) b.when_fixed_slot.push_back(shared_slot(v, distinct, part, max_bid_fixed_parts));
  }
  v.bid_fixed_parts = (int)distinct.size();
}

// A call's condition split into all its `and` parts (a call has no number), shared between calls the same
// way: an owner's calls are asked in order, each part evaluated at most once.
void split_calls(variant& v) {
  std::vector<int> distinct;
  v.team_call_mask = v.redeal_call_mask = 0;
  for (size_t k = 0; k < v.calls.size(); ++k) {
    call_kind& c = v.calls[k];
    c.when_parts.clear(), c.when_slot.clear();
    if (c.by_team) v.team_call_mask |= 1u << k;
    if (c.redeal) v.redeal_call_mask |= 1u << k;
    if (c.when < 0) continue;
    conjuncts(v, c.when, c.when_parts);
    for (int part : c.when_parts) c.when_slot.push_back(shared_slot(v, distinct, part, max_call_parts));
  }
  v.call_parts = (int)distinct.size();
}

// A per-card condition's top-level `and` parts: the leading ones that do not read the card, evaluated
// once, and the rest, card by card, in the written order (the same answers and the same first error).
template <class Rule>
void split_per_card(const variant& v, Rule& f) {
  f.per_card = reads_card(v, f.when);
  f.when_fixed.clear(), f.when_card.clear();
  if (!f.per_card) return;
  std::vector<int> parts;
  conjuncts(v, f.when, parts);
  size_t k = 0;
  while (k < parts.size() && !reads_card(v, parts[k])) ++k;
  f.when_fixed.assign(parts.begin(), parts.begin() + k);
  f.when_card.assign(parts.begin() + k, parts.end());
}

// `held(G) > 0`, `held(G) != 0` or `held(G) >= 1` of a group with relative words: G's index, else -1.
int held_group_of(const variant& v, const std::vector<int>& card_parts) {
  if (card_parts.size() != 1) return -1;
  const expr_node& n = v.exprs[card_parts[0]];
  if (n.a < 0 || n.b < 0) return -1;
  const expr_node &f = v.exprs[n.a], &k = v.exprs[n.b];
  const bool positive = k.o == op::num && (((n.o == op::gt || n.o == op::ne) && k.value == 0) || (n.o == op::ge && k.value == 1));
  if (!positive || f.o != op::var || f.v != var::held || f.a >= 0) return -1;
  if (f.value < 0 || (size_t)f.value >= v.card_group_rel.size() || !v.card_group_rel[f.value].any()) return -1;
  return (int)f.value;
}

// Are the restrictions the plain ones the playouts play a trick at a time (play_plain_tricks): lead forbids
// `when not broken`, forces on a card led, following suit, and nothing else?
bool plain_restrictions(const variant& v) {
  for (const play_restriction& r : v.restrictions) {
    const bool plain = (r.form == play_rule::forbid && r.unless_broken && !r.rel.any()) || r.form == play_rule::force ||
                       r.form == play_rule::follow_suit || r.form == play_rule::opening_card;
    if (!plain) return false;
  }
  return true;
}

// Is the restriction's condition `not NAME` for the built-in name `name`?
bool when_not(const variant& v, const play_restriction& r, var name) {
  const auto& x = v.exprs;
  return r.when >= 0 && x[r.when].o == op::not_ && x[x[r.when].a].o == op::var && x[x[r.when].a].v == name;
}

void plan_play(variant& v) {
  v.lead_forbidden = v.forcing_leads = card_set{};
  for (play_restriction& r : v.restrictions) {
    // the usual lead restriction, `when not broken`, is tested directly on the hot path
    r.unless_broken = when_not(v, r, var::broken);
    // `refuse NAME all when not winning`, the core's spelling of `follow beat`, is that step too (at a lead
    // every card is winning: it refuses none there)
    if (r.kind == restrict_kind::refuse && when_not(v, r, var::winning)) r.beat = true;
    if (r.unless_broken) r.per_card = false, r.when_fixed.clear(), r.when_card.clear();
    else split_per_card(v, r);
    r.held_group = r.per_card ? held_group_of(v, r.when_card) : -1;
    r.step = r.form == play_rule::opening_card ? restrict_step::opening
             : r.joint                          ? restrict_step::joint
             : r.beat && !r.rel.any() && r.cards == v.deck ? restrict_step::beat
             : r.kind != restrict_kind::refuse  ? (r.form == play_rule::force ? restrict_step::force : restrict_step::prefer)
             : r.form == play_rule::follow_suit && r.when < 0 && r.rel.in == 0 && r.rel.out == rel_led && r.rel.out_cards.empty() &&
                       r.cards == v.deck
                 ? restrict_step::follow
                 : restrict_step::refuse;
    if (r.form == play_rule::forbid) v.lead_forbidden |= r.cards;
    if (r.form == play_rule::force) v.forcing_leads |= r.led;
  }
  v.plain_restrictions = plain_restrictions(v);
  v.lead_steps.clear(), v.follow_steps.clear();
  for (size_t i = 0; i < v.restrictions.size(); ++i) {
    if (v.restrictions[i].at != restrict_at::follow) v.lead_steps.push_back((int16_t)i);
    if (v.restrictions[i].at != restrict_at::lead) v.follow_steps.push_back((int16_t)i);
  }
}

// Per card, the cards of its suit above and below it: `above` and `below` read as two masks, not a walk of the suit.
// And whether a card of the deck has a twin there: another of its suit neither above nor below it.
void plan_ranks(variant& v) {
  const size_t n = v.cards.size();
  v.above_mask.assign(n, {});
  v.below_mask.assign(n, {});
  v.twin_cards = false;
  if (v.follow_suit.size() != n || v.power.size() != n) return;
  for (size_t c = 0; c < n; ++c) {
    if (v.follow_suit[c] < 0 || (size_t)v.follow_suit[c] >= v.follow_mask.size()) continue;
    const card_set suit = v.follow_mask[v.follow_suit[c]];
    suit.for_each([&](int o) {
      if (v.power[o] > v.power[c]) v.above_mask[c].add(o);
      if (v.power[o] < v.power[c]) v.below_mask[c].add(o);
    });
    if (v.deck.has((int)c)) {
      card_set level = suit & v.deck & ~v.above_mask[c] & ~v.below_mask[c];
      level.remove((int)c);
      v.twin_cards |= !level.empty();
    }
  }
}

}  // namespace

void prepare(variant& v) {
  v.narrow = v.cards.size() <= 64;
  plan_ranks(v);
  split_bids(v);
  split_calls(v);
  plan_play(v);
  v.scoring = compile_scoring(v);
}

}  // namespace spades
