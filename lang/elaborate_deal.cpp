// elaborate_deal: `deal` -> hand size, the cards dealt, what happens to leftover cards (out, a kitty and
// its discard, a stock to draw from), passing to partner and the rotation of the deal.
#include <fmt/format.h>

#include "lang/elaborate.hpp"

namespace spades::lang {

namespace {

// deal_size N and `leftover stock`: fewer cards dealt than a hand, the rest of the deck a stock the
// course's `draw` step draws from. Returns whether the deal deals whole hands (no stock).
bool deal_size(elaboration& e) {
  variant& v = e.v;
  const item* ds = e.find(block_kind::deal, form::deal_size);
  if (ds) v.deal_size = to_int(ds->as<setting>().value, 0, v.hand_size, "deal_size (at most the hand size)");
  if (v.leftover != leftover_rule::stock) {
    if (ds && v.deal_size < v.hand_size)
      fail(ds->as<setting>().value.at, fmt::format("dealing {} cards of a hand of {} leaves the players short: the rest are drawn from a stock, which needs `leftover stock`",
                                       v.deal_size, v.hand_size));
    return true;
  }
  const item* lo = e.find(block_kind::deal, form::leftover);
  const int nc = (int)v.cards.size();
  if (nc == v.deal_size * v.seats)
    fail(lo->at, fmt::format("`leftover stock` but the deal leaves no stock: {} players with {} cards each take the whole deck of {} (set `deal_size` below the hand size)",
                             v.seats, v.deal_size, nc));
  return false;
}

// hand_size and leftover: the deck must divide, or the rest go out or to a kitty. Returns the rest.
int hand_size(elaboration& e) {
  variant& v = e.v;
  const int nc = (int)v.cards.size();
  const item* hs = e.find(block_kind::deal, form::hand_size);
  if (const item* lo = e.find(block_kind::deal, form::leftover)) {
    v.leftover = choose_word(lo->as<setting>().value, leftover_rule_words, "leftover rule");
  }
  if (hs) {
    v.hand_size = to_int(hs->as<setting>().value, 1, max_cards, "hand_size");
    if (v.hand_size * v.seats > nc)
      fail(hs->as<setting>().value.at, fmt::format("{} players with {} cards each need {} cards, but the deck has {}", v.seats, v.hand_size, v.hand_size * v.seats, nc));
  } else {
    v.hand_size = nc / v.seats;
  }
  // without hand_size, the deck and the player count clash: point at the deck, note the count
  const item* players = e.find(block_kind::players, form::count) ? e.find(block_kind::players, form::count) : e.find(block_kind::players, form::seats);
  const resolved_block* deck = e.r.find(block_kind::cards);
  pos at = hs ? hs->at : deck ? deck->at : players ? players->at : pos{};
  std::vector<note> notes;
  if (!hs && deck && players) notes.push_back({players->at, "the number of players is set here"});
  int rest = nc - v.hand_size * v.seats;
  if (rest > 0 && v.leftover == leftover_rule::none)
    fail(at, fmt::format("the deck of {} cards does not divide among {} players ({} left over): set `leftover out` in 'deal', or change the deck", nc, v.seats, rest),
         notes);
  if (v.hand_size == 0) fail(at, fmt::format("the deck of {} cards has fewer cards than the {} players", nc, v.seats), notes);
  v.tricks_per_hand = v.hand_size;
  return rest;
}

// kitty dealer | kitty holder CARDS: who takes the leftover cards.
void kitty(elaboration& e) {
  const item* kit = e.find(block_kind::deal, form::kitty);
  if (!kit) return;
  if (e.v.leftover != leftover_rule::kitty) fail(kit->at, "`kitty` says who takes the leftover cards: it needs `leftover kitty`");
  const auto& a = kit->as<listing>().words;
  constexpr enum_word<taker_rule> kitty_takers[] = {taker_rule_words[0], taker_rule_words[1]};  // dealer, holder
  const taker_rule who = choose_word(a[0], kitty_takers, "kitty taker");
  if (who == taker_rule::dealer && a.size() > 1) fail(a[1].at, "expected the end of the line after `kitty dealer`");
  if (who != taker_rule::holder) return;
  if (a.size() < 2) fail(a[0].at, "expected `kitty holder CARD...`: the holder of the first of these cards dealt takes the kitty");
  for (size_t i = 1; i < a.size(); ++i) e.v.kitty_holder.push_back(card_of(e.v, a[i]));
}

// Does the course have a `discard extra` step (whoever holds more than a hand discards down to it)?
bool discards_extra(const elaboration& e) {
  for (const item& it : e.items(block_kind::course))
    if (const step_decl& s = it.as<step_decl>(); s.kind.text == word_of(step_kind_words, step_kind::discard) && !s.args.empty() && s.args[0].text == "extra")
      return true;
  return false;
}

// discard N before|after bidding: the kitty's taker comes back to a hand's size.
void discard(elaboration& e, int rest) {
  variant& v = e.v;
  const item* lo = e.find(block_kind::deal, form::leftover);
  const item* dis = e.find(block_kind::deal, form::discard);
  if (v.leftover == leftover_rule::kitty) {
    if (rest == 0) fail(lo->at, "`leftover kitty` but no cards are left over after the deal");
    if (!dis && !discards_extra(e)) fail(lo->at, fmt::format("the kitty's taker holds {} extra cards: add `discard {} before bidding` or `discard {} after bidding` in 'deal', or a `discard extra` step in 'course'", rest, rest, rest));
  }
  if (!dis) return;
  if (v.leftover != leftover_rule::kitty) fail(dis->at, "`discard` is for the taker of the kitty: it needs `leftover kitty`");
  const count_decl& d = dis->as<count_decl>();
  v.discard = to_int(d.count, 1, max_cards, "the number of cards discarded");
  if (v.discard != rest) fail(d.count.at, fmt::format("the kitty's taker must discard {} cards to come back to {}, not {}", rest, v.hand_size, v.discard));
  const std::optional<size_t> when = phrase(d.rest, {{"before", "bidding"}, {"after", "bidding"}});
  if (!when) fail(d.rest.at(0).at, fmt::format("expected `before bidding` or `after bidding`, found '{}'", joined(d.rest, 0)));
  v.discard_before_bidding = *when == 0;
}

// pass N to partner
void pass(elaboration& e) {
  variant& v = e.v;
  const item* it = e.find(block_kind::deal, form::pass);
  if (!it) return;
  const count_decl& p = it->as<count_decl>();
  v.pass_count = to_int(p.count, 1, v.hand_size, "the number of cards passed");
  if (!phrase(p.rest, {{"to", "partner"}})) fail(p.rest.at(0).at, fmt::format("expected `pass N to partner`, found '{}'", joined(p.rest, 0)));
  for (int s = 0; s < v.seats; ++s)
    if (v.partner[s] < 0) fail(it->at, "passing to partner needs every player to have exactly one partner", because_of_teams(e, it->at));
}

}  // namespace

void elaborate_deal(elaboration& e) {
  int rest = hand_size(e);
  e.v.deal_size = e.v.hand_size;
  if (!deal_size(e)) rest = (int)e.v.cards.size() - e.v.deal_size * e.v.seats;  // the stock
  kitty(e);
  discard(e, rest);
  pass(e);
  if (const item* it = e.find(block_kind::deal, form::rotate)) {
    constexpr enum_word<int> rotations[] = {{"left", 1}, {"right", -1}, {"none", 0}};  // variant::rotate
    e.v.rotate = choose_word(it->as<setting>().value, rotations, "rotation");
  }
}

}  // namespace spades::lang
