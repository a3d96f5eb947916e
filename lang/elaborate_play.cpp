// elaborate_play: `play` -> who leads first and when trumps break; the restrictions on what may be played
// (forbid, force, follow, refuse, prefer) are lowered into the core by elaborate_restrict.cpp.
#include <fmt/format.h>

#include "lang/elaborate.hpp"

namespace spades::lang {

namespace {

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

}  // namespace

void elaborate_play(elaboration& e) {
  variant& v = e.v;
  lead(e);
  lowered_play restrictions;
  lower_forbids(e, restrictions);
  if (const item* it = e.find(block_kind::play, form::broken_by))
    for (const word& w : it->as<listing>().words) {
      constexpr enum_word<bool variant::*> breaks[] = {
          {"discard", &variant::broken_by_discard}, {"lead", &variant::broken_by_lead}, {"win", &variant::broken_by_win}};
      v.*choose_word(w, breaks, "way of breaking trump") = true;
    }
  lower_forces(e, restrictions);
  if (const item* it = e.find(block_kind::play, form::follow))
    restrictions.follow = choose_word(it->as<setting>().value, follow_rule_words, "follow rule");
  lower_restrictions(e, std::move(restrictions));
}

}  // namespace spades::lang
