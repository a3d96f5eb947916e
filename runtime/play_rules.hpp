// The play rules (which cards the seat to play may play), as templates shared by legality.cpp (legal
// cards, refusals) and playouts.cpp (the random playouts, where they must stay inlined).
#pragma once
#include "runtime/expr.hpp"
#include "runtime/game.hpp"

namespace spades {

// Of `group`, the cards for which the restriction's condition holds: all or none, unless it reads the card
// in question (then card by card, the parts that do not read it first, once).
template <bool Narrow>
[[gnu::always_inline]] inline card_set game_state::restriction_holds(const play_restriction& r, card_set group) const {
  using ops = set_ops<Narrow>;
  if (ops::empty(group)) return group;
  if (r.beat) {  // `when not winning`: the cards that do not beat the one winning the trick (none at a lead)
    if (played == 0) return card_set{};
    card_set out;
    ops::for_each(group, [&](int c) { if (!beats<Narrow>(*v, c, win_card)) ops::add(out, c); });
    return out;
  }
  if (r.unless_broken) return broken ? card_set{} : group;
  eval_ctx cx{this, team_in_hand(turn), turn};
  if (!r.per_card) return eval_cond(*v, r.when, cx) ? group : card_set{};
  if (r.when_card.empty()) {  // not split: the whole condition card by card
    card_set out;
    group.for_each([&](int c) { cx.card = c; if (eval_cond(*v, r.when, cx)) out.add(c); });
    return out;
  }
  for (int p : r.when_fixed)
    if (eval(*v, p, cx) == 0) return card_set{};
  card_set out;
  if (r.held_group >= 0) {  // held(G) > 0, G read for each card: the seat's hand against G's cards
    const card_set fixed = v->card_groups[r.held_group];
    const relative_group& rel = v->card_group_rel[r.held_group];
    group.for_each([&](int c) { if (!(hands[turn] & relative_cards(fixed, rel, c)).empty()) out.add(c); });
    return out;
  }
  group.for_each([&](int c) {
    cx.card = c;
    for (int p : r.when_card)
      if (eval(*v, p, cx) == 0) return;
    out.add(c);
  });
  return out;
}

// The one place that decides which cards the seat to play may play: the restrictions (variant::restrictions,
// every form of the language lowered into them) applied in order to its hand. Each restriction that takes
// cards away tells `refuse(refusal, cards taken)`, so the first to refuse a card is the reason it is
// illegal. legal_cards passes a no-op (the hot path: it compiles away); refusal() records the rule for one
// card. A refusal that would leave nothing is lifted; of the preferences, the first that applies decides.
// Each restriction is applied by its plan step (runtime/plan.cpp): following suit and `follow beat` without a
// condition to evaluate, so that a variant of the older forms pays for no more than it did before the core.
template <bool Narrow, class Refuse>
[[gnu::always_inline]] inline card_set game_state::play_rules(Refuse&& refuse) const {
  using ops = set_ops<Narrow>;
  const card_set hand = hands[turn];
  const bool lead = played == 0;
  card_set base = hand, joint;
  bool preferred = false;
  const play_restriction* rs = v->restrictions.data();
  for (const int16_t i : lead ? v->lead_steps : v->follow_steps) {
    const play_restriction& r = rs[i];
    switch (r.step) {
      case restrict_step::follow: {  // following suit: every card but the suit led's, while one is held
        const card_set same = base & led_mask;
        if (ops::empty(same) || ops::empty(base & ~same)) continue;
        refuse(play_refusal{r.form, v->follow_suit[trick_cards[0]], -1}, base & ~same);
        base = same;
        continue;
      }
      case restrict_step::beat: {  // `follow beat`: the cards that beat the one winning the trick, if any
        if (lead) continue;  // the core's `when not winning` applies at a lead too, where every card is winning
        card_set better;
        ops::for_each(base, [&](int c) { if (beats<Narrow>(*v, c, win_card)) ops::add(better, c); });
        if (ops::empty(better) || ops::empty(base & ~better)) continue;
        refuse(play_refusal{r.form, i, -1}, base & ~better);
        base = better;
        continue;
      }
      case restrict_step::opening:
        if (trick == 0 && opening_card >= 0 && ops::has(hand, opening_card)) {
          const card_set only = card_set::of(opening_card);
          refuse(play_refusal{r.form, i, (int16_t)opening_card}, hand & ~only);
          return only;
        }
        continue;
      case restrict_step::joint:  // the lead forbids: the union of those that hold, lifted together
        if (!ops::empty(restriction_holds<Narrow>(r, base & r.cards))) {
          refuse(play_refusal{r.form, i, -1}, base & r.cards & ~joint);
          joint |= r.cards;
        }
        if (r.joint_end && !ops::empty(base & ~joint)) base &= ~joint;
        continue;
      case restrict_step::refuse: {
        const card_set barred = restriction_holds<Narrow>(r, base & restriction_group(r));
        const card_set left = base & ~barred;
        if (ops::empty(left) || ops::empty(barred)) continue;
        const int16_t index = r.form == play_rule::follow_suit ? v->follow_suit[trick_cards[0]] : i;
        refuse(play_refusal{r.form, index, -1}, barred);
        base = left;
        continue;
      }
      case restrict_step::force:  // its condition (`led_is(LED) and WHO`) tested from the card led and the seats
        if (preferred || !ops::has(r.led, trick_cards[0])) continue;
        if (r.who != force_who::others && (team_in_hand(turn) == team_in_hand(leader)) == (r.who == force_who::opponents)) continue;
        [[fallthrough]];
      case restrict_step::prefer: {
        if (preferred) continue;
        const card_set group = base & restriction_group(r);
        const card_set among = r.step == restrict_step::force ? group : restriction_holds<Narrow>(r, group);
        if (ops::empty(among)) continue;
        int pick = -1;
        if (r.kind != restrict_kind::any)
          ops::for_each(among, [&](int c) {
            if (pick < 0 || (r.kind == restrict_kind::highest ? v->power[c] > v->power[pick] : v->power[c] < v->power[pick])) pick = c;
          });
        const card_set only = pick < 0 ? among : card_set::of(pick);
        refuse(play_refusal{r.form, i, (int16_t)pick}, base & ~only);
        if (r.step == restrict_step::force) return only;  // a force on a card led decides the card outright
        base = only;
        preferred = true;
        continue;
      }
    }
  }
  return base;
}

// A restriction's group: its cards, with the relative word `led` read (the card in question is only in conditions).
inline card_set game_state::restriction_group(const play_restriction& r) const {
  if (!r.rel.any()) return r.cards;
  card_set group = r.cards;
  if ((r.rel.in & rel_led) && played > 0) group |= led_mask;
  group &= ~r.rel.out_cards;
  if ((r.rel.out & rel_led) && played > 0) group &= ~led_mask;
  return group;
}

}  // namespace spades
