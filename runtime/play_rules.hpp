// The play rules (which cards the seat to play may play), as templates shared by legality.cpp (legal
// cards, refusals) and playouts.cpp (the random playouts, where they must stay inlined).
#pragma once
#include "runtime/expr.hpp"
#include "runtime/game.hpp"

namespace spades {

// The one place that decides which cards the seat to play may play. The play rules are applied in
// order to its hand; each rule that takes cards away tells `refuse(refusal, cards taken)`, so the first
// rule to refuse a card is the reason it is illegal. legal_cards passes a no-op (the hot path: it
// compiles away); refusal() records the rule for one card.
template <bool Narrow, class Refuse>
card_set game_state::play_rules(Refuse&& refuse) const {
  using ops = set_ops<Narrow>;
  const card_set hand = hands[turn];
  if (played == 0) {
    if (trick == 0 && opening_card >= 0 && ops::has(hand, opening_card)) {
      card_set only = card_set::of(opening_card);
      refuse(play_refusal{play_rule::opening_card, -1, (int16_t)opening_card}, hand & ~only);
      return only;
    }
    card_set forbidden;
    for (const forbid_rule& f : v->forbids) {
      // `unless broken` is read directly; only other conditions need the evaluator
      if (!ops::empty(hand & f.cards) && (f.unless_broken ? !broken : eval_cond(*v, f.when, eval_ctx{this, team_in_hand(turn), turn}))) {
        refuse(play_refusal{play_rule::forbid, (int16_t)(&f - v->forbids.data()), -1}, hand & f.cards & ~forbidden);
        forbidden |= f.cards;
      }
    }
    // A restriction that would leave nothing to lead is lifted (the "only spades left" rule).
    card_set allowed = hand & ~forbidden;
    if (ops::empty(allowed)) allowed = hand;
    return v->play_conditions ? play_conditions<Narrow>(allowed, refuse) : allowed;
  }
  if (!v->forces.empty()) {
    const int lead_card = trick_cards[0];
    const bool partner = team_in_hand(turn) == team_in_hand(leader);
    for (const force_rule& f : v->forces) {
      if (!f.lead.has(lead_card)) continue;
      if (f.who == force_who::opponents ? partner : f.who == force_who::partner ? !partner : false) continue;
      card_set among = hand & f.among;
      if (among.empty()) continue;
      int pick = -1;
      among.for_each([&](int c) {
        if (pick < 0 || (f.highest ? v->power[c] > v->power[pick] : v->power[c] < v->power[pick])) pick = c;
      });
      refuse(play_refusal{play_rule::force, (int16_t)(&f - v->forces.data()), (int16_t)pick}, hand & ~card_set::of(pick));
      return card_set::of(pick);
    }
  }
  card_set same = hand & led_mask;
  card_set base = ops::empty(same) ? hand : same;
  if (!ops::empty(same)) refuse(play_refusal{play_rule::follow_suit, v->follow_suit[trick_cards[0]], -1}, hand & ~same);
  if (v->play_conditions) base = play_conditions<Narrow>(base, refuse);
  if (v->follow == follow_rule::beat) {
    card_set better;
    ops::for_each(base, [&](int c) { if (beats<Narrow>(*v, c, win_card)) ops::add(better, c); });
    if (!ops::empty(better)) {
      refuse(play_refusal{play_rule::follow_beat, -1, -1}, base & ~better);
      return better;
    }
  }
  return base;
}

// The conditional rules on every card played, applied to `base` (what leading or following leaves):
// each `forbid ... play` whose condition holds takes its cards away, unless that would leave nothing (then
// it is lifted); then the first `force ... play` whose condition holds and whose cards are among those
// left narrows them to its lowest, its highest, or all of them.
template <bool Narrow, class Refuse>
card_set game_state::play_conditions(card_set base, Refuse&& refuse) const {
  eval_ctx cx{this, team_in_hand(turn), turn};
  // the cards of `group` for which a condition holds: all or none, unless it reads the card in question
  auto holding = [&](card_set group, const auto& rule) {
    if (group.empty() || !rule.per_card) return group.empty() || eval_cond(*v, rule.when, cx) ? group : card_set{};
    if (rule.when_card.empty()) {  // not split: the whole condition card by card
      card_set out;
      group.for_each([&](int c) { cx.card = c; if (eval_cond(*v, rule.when, cx)) out.add(c); });
      cx.card = -1;
      return out;
    }
    for (int p : rule.when_fixed)
      if (eval(*v, p, cx) == 0) return card_set{};
    card_set out;
    group.for_each([&](int c) {
      cx.card = c;
      for (int p : rule.when_card)
        if (eval(*v, p, cx) == 0) return;
      out.add(c);
    });
    cx.card = -1;
    return out;
  };
  for (const play_forbid& f : v->play_forbids) {
    card_set barred = holding(base & f.cards, f);
    card_set left = base & ~barred;
    if (left.empty() || barred.empty()) continue;
    refuse(play_refusal{play_rule::forbid_play, (int16_t)(&f - v->play_forbids.data()), -1}, barred);
    base = left;
  }
  for (const play_force& f : v->play_forces) {
    card_set among = holding(base & f.cards, f);
    if (among.empty()) continue;
    int pick = -1;
    if (f.pick != force_pick::any)
      among.for_each([&](int c) {
        if (pick < 0 || (f.pick == force_pick::highest ? v->power[c] > v->power[pick] : v->power[c] < v->power[pick])) pick = c;
      });
    card_set only = pick < 0 ? among : card_set::of(pick);
    refuse(play_refusal{play_rule::force_play, (int16_t)(&f - v->play_forces.data()), (int16_t)pick}, base & ~only);
    return only;
  }
  return base;
}

}  // namespace spades
