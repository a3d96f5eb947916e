// elaborate_play: `play` -> who leads first, lead restrictions and restrictions of every card played
// (forbid), when trumps break, following rules and forced plays (force).
#include <fmt/format.h>

#include "lang/elaborate.hpp"

namespace spades::lang {

namespace {

// The first node of the formula that reads the card in question, for a message that points at it.
const expr_node* card_reader(const variant& v, int node) {
  if (node < 0) return nullptr;
  const expr_node& n = v.exprs[node];
  if (n.o == op::var && n.v == var::winning) return &n;
  for (int k : {n.a, n.b, n.c})
    if (const expr_node* r = card_reader(v, k)) return r;
  return nullptr;
}

// lead SEAT | lead holder CARDS [leading it]
void lead(elaboration& e) {
  variant& v = e.v;
  const item* it = e.find(block_kind::play, form::lead);
  if (!it) return;
  const auto& a = it->as<listing>().words;
  if (a[0].text != word_of(lead_start_words, lead_start::holder)) {
    if (a.size() != 1) fail(a[1].at, "expected the end of the line after the leading seat");
    v.lead = choose_word(a[0], lead_start_words, "first leader");
    return;
  }
  if (a.size() < 2) fail(a[0].at, "expected `lead holder CARD...`: the first of these cards held leads");
  v.lead = lead_start::holder;
  size_t end = a.size();
  if (end >= 3 && a[end - 2].text == "leading" && a[end - 1].text == "it") {
    v.lead_holder_card = true;  // and the opening lead is that very card
    end -= 2;
  }
  if (end < 2) fail(a[0].at, "expected `lead holder CARD... [leading it]`: the first of these cards held leads");
  for (size_t i = 1; i < end; ++i) v.lead_holder.push_back(card_of(v, a[i]));
}

// forbid NAME lead CARDS [when CONDITION] ["reason"]
forbid_rule forbid(elaboration& e, const symbol& s) {
  const item& it = *s.decl;
  forbid_rule f;
  f.name = s.name;
  const std::vector<word>& cards = it.as<forbid_decl>().cards;
  f.cards = card_group(e.v, cards, 0);
  e.v.text.forbid_groups.push_back(joined(cards, 0));
  if (it.str) f.reason = it.str->text;
  f.when = e.formulas.compile_opt(it.cond, scope::play);
  if (const expr_node* n = card_reader(e.v, f.when))
    fail(e.v.at(*n), "'winning' is about a card played to a trick: a lead restriction has none (use `forbid NAME play`)");
  return f;
}

// forbid NAME play CARDS [when CONDITION] ["reason"]
play_forbid forbid_play(elaboration& e, const symbol& s) {
  const item& it = *s.decl;
  play_forbid f;
  f.name = s.name;
  const std::vector<word>& cards = it.as<forbid_decl>().cards;
  f.cards = card_group(e.v, cards, 0);
  e.v.text.play_forbid_groups.push_back(joined(cards, 0));
  if (it.str) f.reason = it.str->text;
  f.when = e.formulas.compile_opt(it.cond, scope::play);
  return f;
}

// force NAME play lowest|highest|any CARDS [when CONDITION] ["reason"]
play_force force_play(elaboration& e, const symbol& s) {
  const item& it = *s.decl;
  const auto& a = it.as<force_decl>().play;  // lowest|highest|any CARDS
  play_force f;
  f.name = s.name;
  if (a.size() < 2) fail(a.back().at, "expected `force NAME play lowest|highest|any CARDS`: which cards, and which of them");
  f.pick = choose_word(a[0], force_pick_words, "choice");
  f.cards = card_group(e.v, a, 1);
  f.group = joined(a, 1);
  if (it.str) f.reason = it.str->text;
  f.when = e.formulas.compile_opt(it.cond, scope::play);
  return f;
}

// force NAME lead CARDS play WHO highest|lowest CARDS ["reason"]
force_rule force(elaboration& e, const symbol& s) {
  const item& it = *s.decl;
  const force_decl& d = it.as<force_decl>();
  const auto& a = d.play;  // WHO highest|lowest CARDS
  force_rule f;
  f.name = s.name;
  f.lead = card_group(e.v, d.lead, 0);
  if (a.size() < 2) fail(it.at, "expected `force NAME lead CARDS play WHO highest|lowest CARDS`");
  f.who = choose_word(a[0], force_who_words, "player group");
  constexpr enum_word<bool> picks[] = {{"highest", true}, {"lowest", false}};  // force_rule::highest
  f.highest = choose_word(a[1], picks, "choice");
  f.among = card_group(e.v, a, 2);
  e.v.text.force_lead_groups.push_back(joined(d.lead, 0));
  e.v.text.force_among_groups.push_back(joined(a, 2));
  if (f.among.empty()) fail(a[1].at, "expected the cards to choose from after highest/lowest");
  if (it.str) f.reason = it.str->text;
  return f;
}

}  // namespace

void elaborate_play(elaboration& e) {
  variant& v = e.v;
  lead(e);
  for (const symbol* s : e.syms.of(symbol_kind::forbid)) {
    if (s->decl->as<forbid_decl>().plays) v.play_forbids.push_back(forbid_play(e, *s));
    else v.forbids.push_back(forbid(e, *s));
  }
  if (const item* it = e.find(block_kind::play, form::broken_by))
    for (const word& w : it->as<listing>().words) {
      constexpr enum_word<bool variant::*> breaks[] = {
          {"discard", &variant::broken_by_discard}, {"lead", &variant::broken_by_lead}, {"win", &variant::broken_by_win}};
      v.*choose_word(w, breaks, "way of breaking trump") = true;
    }
  for (const symbol* s : e.syms.of(symbol_kind::force)) {
    if (!s->decl->as<force_decl>().on_lead) v.play_forces.push_back(force_play(e, *s));
    else v.forces.push_back(force(e, *s));
  }
  if (const item* it = e.find(block_kind::play, form::follow))
    v.follow = choose_word(it->as<setting>().value, follow_rule_words, "follow rule");
}

}  // namespace spades::lang
