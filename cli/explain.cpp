// spades explain FILE: the compiled variant's rules in plain sentences, section by section (players, cards,
// dealing, the course of a hand, bidding, calls, play, scoring, end, options); formulas are printed back
// from the compiled expression trees (lang/formula_text.hpp), so what is read is what the engine runs.
#include "cli/explain.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include <fmt/format.h>

#include "cli/explain_words.hpp"
#include "lang/formula_text.hpp"

namespace spades::cli {

namespace {

using lang::formula_text;
using lang::scope;
using lines = std::vector<std::string>;

// Every formula printed while explaining, so that the built-in names they read are explained once, at the end.
std::vector<std::string>* printed = nullptr;

std::string formula(const variant& v, int node, scope sc) {
  std::string t = formula_text(v, node, sc);
  if (printed) printed->push_back(t);
  return t;
}

// A condition in words (cli/explain_words.hpp), its formula kept for the names explained at the end.
std::string condition(const variant& v, int node, scope sc) {
  formula(v, node, sc);
  return condition_words(v, node, sc);
}

std::string list_and(const std::vector<std::string>& xs) {
  if (xs.empty()) return "";
  if (xs.size() == 1) return xs[0];
  std::string out;
  for (size_t i = 0; i + 1 < xs.size(); ++i) out += (i ? ", " : "") + xs[i];
  return out + " and " + xs.back();
}

std::string plural(int n, const char* one, const char* many) { return fmt::format("{} {}", n, n == 1 ? one : many); }

std::string seat_of_dealer(int offset, int seats) {
  int o = ((offset % seats) + seats) % seats;
  if (o == 0) return "the dealer";
  if (o == 1) return "the dealer's left";
  if (o == seats - 1) return "the dealer's right";
  return fmt::format("the seat {} places left of the dealer", o);
}

// "2C, else 3C, else 4C"
std::string first_of(const variant& v, const std::vector<int>& ids) {
  std::string out;
  for (size_t i = 0; i < ids.size(); ++i) out += (i ? ", else " : "") + v.cards.at(ids[i]).name;
  return out;
}

// A card group in words: `trump` the trumps, `all` every card, a suit letter that suit; cards, `rank` and
// `except` as written.
std::string group_words(const variant& v, const std::string& group) {
  std::string out;
  size_t i = 0;
  while (i <= group.size()) {
    size_t j = group.find(' ', i);
    if (j == std::string::npos) j = group.size();
    std::string w = group.substr(i, j - i);
    if (w == "trump") w = "trumps";
    else if (w == "all") w = "every card";
    else if (std::find(v.suit_names.begin(), v.suit_names.end(), w) != v.suit_names.end()) w = "the suit " + w;
    out += (out.empty() ? "" : " ") + w;
    i = j + 1;
  }
  return out;
}

std::string quoted_reason(const std::string& r) { return r.empty() ? "" : fmt::format(" (\"{}\")", r); }

// ---- players ----
lines players(const variant& v) {
  lines out;
  out.push_back(fmt::format("{} seats, clockwise: {}.", v.seats, list_and(v.seat_names)));
  bool alone = std::all_of(v.members.begin(), v.members.end(), [](auto& m) { return m.size() == 1; });
  if (alone) out.push_back("Each player plays alone: every player is a team of one.");
  else
    for (int t = 0; t < v.teams; ++t) {
      std::vector<std::string> names;
      for (int s : v.members[t]) names.push_back(v.seat_names[s]);
      std::string alias = v.team_aliases[t] != v.team_names[t] ? fmt::format(" (also {})", v.team_aliases[t]) : "";
      out.push_back(fmt::format("Team {}{}: {}.", v.team_names[t], alias, list_and(names)));
    }
  if (!alone) {
    std::vector<std::string> pairs;
    for (int s = 0; s < v.seats; ++s)
      if (v.partner[s] > s) pairs.push_back(v.seat_names[s] + " with " + v.seat_names[v.partner[s]]);
    if (!pairs.empty()) out.push_back(fmt::format("Partners: {}.", list_and(pairs)));
  }
  if (v.dummy >= 0)
    out.push_back(fmt::format("{} is a dummy seat with no player: it is dealt a hand and plays to every trick, but never deals, bids or "
                              "calls and is in no team; each hand a player is given it (see the course of a hand), plays its cards "
                              "as partner, and scores its tricks as their own.",
                              v.seat_names[v.dummy]));
  return out;
}

// ---- cards ----

lines cards(const variant& v) {
  lines out;
  int packs = 0;
  std::vector<std::string> ranks, jokers;
  int nranks = 0;
  for (const card_face& f : v.cards) {
    packs = std::max(packs, f.pack + 1);
    if (f.suit >= 0) nranks = std::max(nranks, f.rank + 1);
  }
  ranks.assign(nranks, "");
  for (const card_face& f : v.cards) {
    if (f.suit >= 0) ranks[f.rank] = v.rank_name(f);
    else if (std::find(jokers.begin(), jokers.end(), f.name) == jokers.end()) jokers.push_back(f.name);
  }
  ranks.erase(std::remove(ranks.begin(), ranks.end(), ""), ranks.end());
  out.push_back(fmt::format("{} cards: {} of the suits {}, ranked from high to low {}{}.", v.cards.size(),
                            packs == 2 ? "two packs" : "one pack", fmt::join(v.suit_names, " "), fmt::join(ranks, " "),
                            jokers.empty() ? "" : fmt::format(", with the jokers {} in each pack", fmt::join(jokers, " "))));
  // the cards a full pack would have that the deck lacks: the removed ones
  std::vector<std::string> removed;
  for (int p = 0; p < packs; ++p)
    for (size_t s = 0; s < v.suit_names.size(); ++s)
      for (const std::string& r : ranks) {
        std::string name = r + v.suit_names[s];
        bool there = std::any_of(v.cards.begin(), v.cards.end(), [&](const card_face& f) { return f.name == name && f.pack == p; });
        if (!there) removed.push_back(name);
      }
  if (!removed.empty()) out.push_back(fmt::format("Taken out of the deck: {}.", fmt::join(removed, " ")));
  if (v.trump_suit < 0) {
    out.push_back("There is no trump suit: a trick is won by the highest card of the suit led.");
  } else {
    out.push_back(fmt::format("Trumps: {}. A trump beats every card of another suit; otherwise the highest card of the suit led wins.",
                              v.suit_names[v.trump_suit]));
    // the trumps from the highest down, each name once
    std::vector<int> order;
    v.trump.for_each([&](int c) { order.push_back(c); });
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return v.power[a] > v.power[b]; });
    std::vector<std::string> names, top;
    for (int c : order)
      if (std::find(names.begin(), names.end(), v.cards[c].name) == names.end()) {
        names.push_back(v.cards[c].name);
        if (v.power[c] >= 1000) top.push_back(v.cards[c].name);
      }
    if (!top.empty())
      out.push_back(fmt::format("Above the trump suit's ranks, highest first: {}; they belong to the trump suit for following and winning.",
                                list_and(top)));
    out.push_back(fmt::format("The trumps from high to low: {}.", fmt::join(names, " ")));
  }
  if (packs == 2)
    out.push_back(v.later_wins ? "Two identical cards: the one played later wins." : "Two identical cards: the one played first wins.");
  return out;
}

// ---- dealing ----
lines dealing(const variant& v) {
  lines out;
  int left = (int)v.cards.size() - v.seats * v.deal_size;
  if (v.deal_size == 0) out.push_back(fmt::format("No cards are dealt: every player draws a hand of {} from the stock.", v.hand_size));
  else if (v.deal_size < v.hand_size)
    out.push_back(fmt::format("Each player is dealt {}, one at a time, clockwise from the dealer's left, and draws the rest of a hand of {} "
                              "from the stock.", plural(v.deal_size, "card", "cards"), v.hand_size));
  else out.push_back(fmt::format("Each player is dealt {}, one at a time, clockwise from the dealer's left.", plural(v.hand_size, "card", "cards")));
  switch (v.leftover) {
    case leftover_rule::none: break;
    case leftover_rule::out: out.push_back(fmt::format("The {} left over {} out of play for the hand.", plural(left, "card", "cards"), left == 1 ? "is" : "are")); break;
    case leftover_rule::kitty: out.push_back(fmt::format("The {} left over form a kitty, taken by one player (see the course of a hand).", plural(left, "card", "cards"))); break;
    case leftover_rule::stock: out.push_back(fmt::format("The {} left over form a face-down stock, in their shuffled order; what the draw leaves is out of play.", plural(left, "card", "cards"))); break;
  }
  out.push_back(fmt::format("A hand has {}.", plural(v.tricks_per_hand, "trick", "tricks")));
  out.push_back("The first dealer is drawn at random.");
  out.push_back(v.rotate == 1    ? "After each hand the deal passes to the left (the next seat clockwise)."
                : v.rotate == -1 ? "After each hand the deal passes to the right."
                                 : "The same player deals every hand.");
  return out;
}

// ---- the course of a hand ----
std::string pass_target(pass_to t) {
  switch (t) {
    case pass_to::partner: return "their partner";
    case pass_to::left: return "the player on their left";
    case pass_to::right: return "the player on their right";
    case pass_to::across: return "the player across the table";
  }
  return "";
}

std::string step_sentence(const variant& v, const hand_step& h) {
  switch (h.kind) {
    case step_kind::deal: return "the cards are dealt (see dealing).";
    case step_kind::take:
      switch (h.taker) {
        case taker_rule::dealer: return "the dealer takes the kitty.";
        case taker_rule::holder: return fmt::format("the player dealt {} takes the kitty (none of them dealt: the dealer).", first_of(v, h.cards));
        case taker_rule::side_bidding_more:
          if (h.one_each)
            return "the side whose bids add up to the most (a Nil counts 0) takes the kitty, its members one card each in turn, from "
                   "its member who bid the most (the first in bidding order on equal bids); sides tied for the most take one card each "
                   "in turn, from the first bidder's side.";
          return "the side whose bids add up to the most (a Nil counts 0) takes the kitty, its member who bid the most (the first in "
                 "bidding order on equal bids); sides tied for the most take one card each in turn, from the first bidder's side.";
      }
      return "";
    case step_kind::discard:
      if (h.extra) return fmt::format("every player holding more than {} cards discards the extra, out of play, one after another from the dealer's left.", v.hand_size);
      return fmt::format("the kitty's taker discards {}, out of play.", plural(h.count, "card", "cards"));
    case step_kind::pass:
      return fmt::format("every player passes {} to {}; each chooses in turn from the dealer's left, and the cards change hands together.",
                         plural(h.count, "card", "cards"), pass_target(h.to));
    case step_kind::bid:
      if (h.raise && v.bid_by_team) return "a raise round: each team in turn, from the first bidder's, may raise its bid or pass.";
      if (h.raise)
        return "a raise round: each side in turn, from the first bidder's side, may raise its bid to a higher total (added to its first "
               "member with a number bid) or pass.";
      return "the bidding (see bidding).";
    case step_kind::calls:
      if (h.redeal) return "before the bidding, each player in turn whose hand allows a misdeal may call it (see calls).";
      if (std::none_of(v.calls.begin(), v.calls.end(), [](const call_kind& c) { return !c.redeal; }))
        return "announcements and conversions: this variant has none, so the step is always passed over.";
      return "the announcements and conversions open to each side or player (see calls).";
    case step_kind::exchange:
      if (std::none_of(v.bids.begin(), v.bids.end(), [](const bid_kind& b) { return b.exchange > 0; }))
        return "the exchanges bids call for: no bid of this variant calls for one, so the step is always passed over.";
      return "the card exchanges that bids call for (see bidding), one bidder at a time in bidding order.";
    case step_kind::play: return "the tricks are played (see play); then the hand is scored (see scoring) and the end of the game is checked.";
    case step_kind::partner:
      return fmt::format("the dummy {} is given for the hand to the player who bid the most (the first in bidding order on equal bids), "
                         "who plays its cards; its hand is shown to every player from here on.", v.seat_names[v.dummy]);
    case step_kind::draw:
      return fmt::format("the players draw from the stock in turn, from {}, until each holds {} cards: {}.",
                         h.dealer_first ? "the dealer" : "the dealer's left", v.hand_size,
                         h.count == 1 ? "each turn takes the top card"
                                      : fmt::format("at each turn the drawer looks at up to {} cards one by one, keeping one: a card kept ends "
                                                    "the turn and the rest are discarded, and the last is kept if none was", h.count));
  }
  return "";
}

lines course(const variant& v) {
  lines out;
  for (size_t i = 0; i < v.course.size(); ++i) {
    const hand_step& h = v.course[i];
    std::string when = h.when >= 0 ? fmt::format(" Only when {}.", condition(v, h.when, scope::game)) : "";
    std::string s = step_sentence(v, h);
    out.push_back(fmt::format("{}. {} ({}): {}{}", i + 1, h.name, word_of(step_kind_words, h.kind), s, when));
  }
  out.push_back("A step with nothing to do in a hand is passed over.");
  return out;
}

// ---- bidding ----
std::string range_text(const bid_kind& b) { return b.lo == b.hi ? plural(b.lo, "trick", "tricks") : fmt::format("{} to {} tricks", b.lo, b.hi); }

std::string typed(const bid_kind& b) {
  if (b.words.empty()) return "a plain number";
  if (b.lo == b.hi) return fmt::format("\"{}\"", b.words);
  return fmt::format("\"{}\" and a number (\"{} {}\")", b.words, b.words, b.lo);
}

lines bid_lines(const variant& v, const bid_kind& b) {
  lines out;
  out.push_back(fmt::format("Bid {}: {}, for {}.", b.name, typed(b), range_text(b)));
  if (b.blind) out.push_back("  Blind: declared before looking at the cards.");
  if (b.when >= 0) out.push_back(fmt::format("  Only when {}{}.", condition(v, b.when, scope::bidding), quoted_reason(b.reason)));
  if (b.side) out.push_back("  A bid for the whole side: open only before a partner has bid; the partners' turns are then skipped.");
  if (b.agree) out.push_back("  Partner must agree at once; refused, the bidder bids again and may not make this bid again this hand.");
  if (b.exchange > 0)
    out.push_back(fmt::format("  After the bidding{}, the bidder gives {} to partner and partner gives {} back{}.",
                              b.exchange_when >= 0 ? fmt::format(" and when {}", condition(v, b.exchange_when, scope::bidding)) : "",
                              plural(b.exchange, "card", "cards"), b.exchange, b.exchange_optional ? ", if the bidder chooses to" : ""));
  for (const call_kind& c : v.calls)
    if (c.from_kind == (int)(&b - v.bids.data()))
      out.push_back(fmt::format("  The bidder may convert it once after the bidding by calling \"{}\" ({}): it becomes a bid {} of {}{}.", c.words,
                                c.name, v.bids.at(c.to_kind).name, c.to_n,
                                c.when >= 0 ? fmt::format(", when {}", condition(v, c.when, scope::bidding)) : ""));
  return out;
}

lines bidding(const variant& v) {
  lines out;
  if (v.bids.empty()) return {"There is no bidding: every bid reads 0."};
  std::string from = seat_of_dealer(v.bid_start, v.seats);
  if (v.bid_by_team)
    out.push_back(fmt::format("Each team makes one bid: the team of {} first, then the others in seat order; the member nearest {} "
                              "speaks for it.", from, from));
  else out.push_back(fmt::format("Each player bids once, clockwise from {}.", from));
  if (v.skip_bidding_when >= 0)
    out.push_back(fmt::format("A hand has no bidding (every bid reads 0) when, at its start: {}.", condition(v, v.skip_bidding_when, scope::game)));
  for (const bid_kind& b : v.bids)
    for (std::string& l : bid_lines(v, b)) out.push_back(std::move(l));
  return out;
}

// ---- calls ----
lines calls(const variant& v) {
  lines out;
  bool any = false;
  for (const call_kind& c : v.calls) {
    if (c.from_kind >= 0) continue;  // a conversion: told with its bid
    any = true;
    std::string who = c.by_team ? "a team (its member nearest the first bidder speaks)" : "a player";
    std::string when = c.when >= 0 ? fmt::format(" when {}{}", condition(v, c.when, scope::bidding), quoted_reason(c.redeal ? c.reason : "")) : "";
    if (c.redeal)
      out.push_back(fmt::format("Misdeal {} (\"{}\"): called by {} before the bidding{}; the hand is thrown in, nothing is scored, and "
                                "the same dealer deals again.", c.name, c.words, who, when));
    else out.push_back(fmt::format("Announcement {} (\"{}\"): made by {} after the bidding{}.", c.name, c.words, who, when));
  }
  if (any)
    out.push_back("Teams first, then players, in bidding order, each may make the calls open to them, one after another, or decline (\"no\").");
  return out;
}

// ---- play ----
std::string who_text(force_who w) {
  switch (w) {
    case force_who::opponents: return "each opponent of the leader";
    case force_who::others: return "each other player";
    case force_who::partner: return "the leader's partner";
  }
  return "";
}

// The relative words (runtime/restrict.hpp) the card functions of formula `node` read, as bits.
uint8_t relative_words_read(const variant& v, int node) {
  if (node < 0) return 0;
  const expr_node& n = v.exprs[node];
  uint8_t bits = n.o == op::var && is_card_function(n.v) ? v.card_group_rel[n.value].in | v.card_group_rel[n.value].out : 0;
  return bits | relative_words_read(v, n.a) | relative_words_read(v, n.b) | relative_words_read(v, n.c);
}

// What the relative words read in a restriction's condition and group mean, in a sentence.
std::string relative_meaning(uint8_t bits) {
  static constexpr std::pair<uint8_t, const char*> words[] = {
      {rel_card, "`card` means the card in question"}, {rel_card_suit, "`card_suit` the cards of its suit"},
      {rel_above, "`above` the cards of its suit ranked above it"}, {rel_below, "`below` the cards of its suit ranked below it"},
      {rel_led, "`led` the cards of the suit led"}};
  std::vector<std::string> said;
  for (auto [bit, text] : words)
    if (bits & bit) said.emplace_back(text);
  if (said.empty()) return "";
  if (!(bits & rel_card)) said[0].insert(said[0].find(' ') + 1, "means ");
  return " Of a card in question, " + list_and(said) + ".";
}

// Does formula `node` read variable `x`?
bool reads_var(const variant& v, int node, var x) {
  if (node < 0) return false;
  const expr_node& n = v.exprs[node];
  return (n.o == op::var && n.v == x) || reads_var(v, n.a, x) || reads_var(v, n.b, x) || reads_var(v, n.c, x);
}

// What the names of the trick led read in a restriction's condition mean, in a sentence.
std::string trick_meaning(const variant& v, int when) {
  std::vector<std::string> said;
  if (reads_var(v, when, var::led_is)) said.emplace_back("`led_is(…)` is 1 when the card led to the trick is one of the group");
  if (reads_var(v, when, var::leader)) said.emplace_back("`leader` when the player to play led it");
  if (reads_var(v, when, var::leader_side)) said.emplace_back("`leader_side` when the player to play is on the leader's side");
  return said.empty() ? "" : " Of the trick, " + list_and(said) + ".";
}

// A core restriction's sentence: which cards, when, and (a preference) which of them.
std::string core_restriction(const variant& v, const play_restriction& r) {
  const std::string when = r.when >= 0 ? " when " + condition(v, r.when, scope::play) : "";
  const std::string here = relative_meaning(relative_words_read(v, r.when) | r.rel.in | r.rel.out) + trick_meaning(v, r.when);
  if (r.kind == restrict_kind::refuse)
    return fmt::format("Restriction {} ({}): a card may not be played{}{}, unless that leaves nothing to play.{}", r.name, group_words(v, r.group), when,
                       quoted_reason(r.reason), here);
  const char* pick = r.kind == restrict_kind::lowest ? "the lowest" : r.kind == restrict_kind::highest ? "the highest" : "one";
  return fmt::format("Preference {} ({}): {}a player who may play a card of the group must play {} of them{}; the first preference that applies "
                     "decides.{}", r.name, group_words(v, r.group), when.empty() ? "" : when.substr(1) + ", ", pick, quoted_reason(r.reason), here);
}

// A sugar form's sentence, as it has always read.
std::string sugar_restriction(const variant& v, const play_restriction& r) {
  // a force on a card led says its condition (`led_is(…) and …`, the lowering's) in words, not as a formula
  const std::string when = r.when >= 0 && r.form != play_rule::force ? " when " + condition(v, r.when, scope::play) : "";
  switch (r.form) {
    case play_rule::forbid:
      return fmt::format("Lead rule {}: {} may not be led{}{}; if that leaves nothing to lead, any card may be led.", r.name, group_words(v, r.group),
                         when, quoted_reason(r.reason));
    case play_rule::force:
      return fmt::format("Forced play {}: when {} is led, {} holding any of {} must play the {} of them{}.", r.name, group_words(v, r.lead_group),
                         who_text(r.who), group_words(v, r.group), r.kind == restrict_kind::highest ? "highest" : "lowest", quoted_reason(r.reason));
    case play_rule::forbid_play:
      return fmt::format("Play rule {}: {} may not be played{}{}, unless nothing else is left.", r.name, group_words(v, r.group), when,
                         quoted_reason(r.reason));
    case play_rule::force_play: {
      const char* pick = r.kind == restrict_kind::lowest ? "the lowest" : r.kind == restrict_kind::highest ? "the highest" : "one";
      return fmt::format("Play rule {}: {}a player who may play a card of {} must play {} of them{}.", r.name,
                         r.when >= 0 ? when.substr(1) + ", " : "", group_words(v, r.group), pick, quoted_reason(r.reason));
    }
    case play_rule::follow_suit: return "A player holding a card of the suit led must play one; otherwise any card.";
    case play_rule::follow_beat: return "Among the cards allowed, a player must play one that beats the card winning the trick, if able.";
    default: return core_restriction(v, r);
  }
}

lines play(const variant& v) {
  lines out;
  std::string first;
  switch (v.lead) {
    case lead_start::dealer_left: first = "The player on the dealer's left leads to the first trick"; break;
    case lead_start::dealer: first = "The dealer leads to the first trick"; break;
    case lead_start::dealer_right: first = "The player on the dealer's right leads to the first trick"; break;
    case lead_start::holder:
      first = fmt::format("The player holding {} leads to the first trick{}", first_of(v, v.lead_holder), v.lead_holder_card ? ", and must lead that card" : "");
      break;
  }
  out.push_back(first + "; the winner of each trick leads the next.");
  // the restrictions in the order they apply, the lead forbids first and then when trumps break (as it has
  // always read); the opening card is in the sentence above
  auto say = [&](auto&& which) {
    for (const play_restriction& r : v.restrictions)
      if (which(r)) out.push_back(sugar_restriction(v, r));
  };
  say([](const play_restriction& r) { return r.form == play_rule::forbid; });
  std::vector<std::string> breaks;
  if (v.broken_by_discard) breaks.push_back("a trump played to a trick led in another suit");
  if (v.broken_by_lead) breaks.push_back("a trump led");
  if (v.broken_by_win) breaks.push_back("a trick led in another suit won by a trump");
  if (!breaks.empty()) {
    std::string s = breaks[0];
    for (size_t i = 1; i < breaks.size(); ++i) s += ", or " + breaks[i];
    out.push_back(fmt::format("Trumps are broken (broken becomes 1) by {}.", s));
  }
  say([](const play_restriction& r) { return r.form == play_rule::follow_suit; });
  say([](const play_restriction& r) { return r.form == play_rule::force; });
  say([](const play_restriction& r) { return r.form != play_rule::forbid && r.form != play_rule::follow_suit && r.form != play_rule::force &&
                                             r.form != play_rule::opening_card; });
  return out;
}

// ---- scoring ----
struct statement_printer {
  const variant& v;
  scope sc;
  lines& out;

  std::string f(int node) const { return formula(v, node, sc); }

  std::string scorer(int to) const {
    if (to == points_to_opponents) return "every other team";
    if (to >= 0) return fmt::format("team {}", v.team_names.at(to));
    return sc == scope::player ? "the player's team" : "the team";
  }

  // "the team scores 10 * contract", "the player's team loses bonus"
  std::string points(const stmt& s) const {
    if (std::optional<std::string> lost = lang::negated_text(v, s.expr, sc)) {
      if (printed) printed->push_back(*lost);
      return fmt::format("{} loses {} points", scorer(s.to), *lost);
    }
    return fmt::format("{} scores {} points", scorer(s.to), f(s.expr));
  }

  void body(const std::vector<stmt>& ss, int depth) {
    for (const stmt& s : ss) one(s, depth);
  }

  void one(const stmt& s, int depth) {
    std::string pad(2 * depth, ' ');
    switch (s.o) {
      case stmt_op::let: out.push_back(fmt::format("{}let {} = {}", pad, v.text.let_names.at(s.slot), f(s.expr))); break;
      case stmt_op::points: out.push_back(pad + points(s)); break;
      case stmt_op::counter_add: out.push_back(fmt::format("{}add {} to the counter {}", pad, f(s.expr), v.counters.at(s.slot))); break;
      case stmt_op::counter_sub: out.push_back(fmt::format("{}take {} from the counter {}", pad, f(s.expr), v.counters.at(s.slot))); break;
      case stmt_op::counter_set: out.push_back(fmt::format("{}set the counter {} to {}", pad, v.counters.at(s.slot), f(s.expr))); break;
      case stmt_op::tally: out.push_back(fmt::format("{}count one in the tally {}", pad, v.tallies.at(s.slot))); break;
      case stmt_op::win: out.push_back(fmt::format("{}{} wins the game", pad, sc == scope::player ? "the player's team" : "the team")); break;
      case stmt_op::lose: out.push_back(fmt::format("{}{} loses the game", pad, sc == scope::player ? "the player's team" : "the team")); break;
      case stmt_op::if_: branch(s, depth, "if"); break;
    }
  }

  // `if C { … } else if D { … } else { … }` as "if C:", "otherwise, if D:", "otherwise:"
  void branch(const stmt& s, int depth, const char* word) {
    std::string pad(2 * depth, ' ');
    out.push_back(fmt::format("{}{} {}:", pad, word, condition(v, s.expr, sc)));
    body(s.then_body, depth + 1);
    if (s.else_body.empty()) return;
    if (s.else_body.size() == 1 && s.else_body[0].o == stmt_op::if_) return branch(s.else_body[0], depth, "otherwise, if");
    out.push_back(pad + "otherwise:");
    body(s.else_body, depth + 1);
  }
};

lines scoring(const variant& v) {
  lines out;
  out.push_back("After each hand the rules below run in order; the points they give are added to the scores after the last rule.");
  for (size_t c = 0; c < v.counters.size(); ++c)
    out.push_back(fmt::format("Counter {}: a number kept for each team through the game, from {}{}.", v.counters[c], v.counter_init[c],
                              (int)c == v.bags_counter ? " (the bags of test hands)" : ""));
  if (!v.tallies.empty()) out.push_back(fmt::format("Tallies (counted for statistics, no effect on play): {}.", fmt::join(v.tallies, ", ")));
  for (const score_rule& r : v.rules) {
    scope sc = r.per_player ? scope::player : scope::team;
    std::string each = r.per_player ? "each player" : "each team";
    out.push_back(fmt::format("Rule {}, for {}{}:", r.name, each, r.when >= 0 ? " when " + condition(v, r.when, sc) : ""));
    statement_printer{v, sc, out}.body(r.body, 1);
  }
  if (v.rules.empty()) out.push_back("No rule scores anything.");
  return out;
}

// ---- end of the game ----
std::string tie_text(tie_rule t) {
  switch (t) {
    case tie_rule::another_hand: return "another hand is played";
    case tie_rule::draw: return "the game ends in a draw";
    case tie_rule::next_hand_decides: return "one more hand is played, after which the highest score wins";
  }
  return "";
}

lines end(const variant& v, const std::vector<int64_t>& values) {
  lines out;
  if (v.win_when >= 0) out.push_back(fmt::format("After each hand, a team wins when {}.", condition(v, v.win_when, scope::team)));
  if (v.lose_when >= 0) out.push_back(fmt::format("After each hand, a team loses when {}.", condition(v, v.lose_when, scope::team)));
  if (v.has_target) {
    std::string target = v.target_option >= 0 ? fmt::format("the option {} ({})", v.option_names[v.target_option], values.at(v.target_option)) : std::to_string(v.target);
    out.push_back(fmt::format("The game ends when a team's score reaches {} or more; the highest score wins.", target));
  }
  const char* tied = "When the game would end with the highest score shared";
  if (v.ties.empty()) out.push_back(fmt::format("{}: another hand is played.", tied));
  else if (v.ties.size() == 1 && v.ties[0].when < 0) out.push_back(fmt::format("{}: {}.", tied, tie_text(v.ties[0].rule)));
  else {
    out.push_back(fmt::format("{}, the first of these that applies:", tied));
    for (const tie_choice& t : v.ties)
      out.push_back(fmt::format("  {}: {}.", t.when >= 0 ? "when " + condition(v, t.when, scope::game) : "otherwise", tie_text(t.rule)));
    if (v.ties.back().when >= 0) out.push_back("  otherwise: another hand is played.");
  }
  out.push_back(fmt::format("The game stops without a winner after {}.", plural(v.max_hands, "hand", "hands")));
  return out;
}

// ---- the built-in names the formulas read ----
bool reads(const std::string& text, std::string_view name, bool call) {
  auto word = [](char c) { return std::isalnum((unsigned char)c) || c == '_'; };
  for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    size_t end = at + name.size();
    if ((at > 0 && word(text[at - 1])) || (end < text.size() && word(text[end]))) continue;
    if ((end < text.size() && text[end] == '(') == call) return true;
  }
  return false;
}

// A function's arguments as its meaning names them ("sum(e)", "first_tricks(n)").
std::string arguments(const lang::builtin& row) {
  if (row.name == "min" || row.name == "max") return "(a, b)";
  if (row.name == "abs") return "(a)";
  if (row.name == "sum" || row.name == "count") return "(e)";
  if (row.name == "first_tricks") return "(n)";
  if (row.name == "partner_bid_is") return "(BID)";
  if (row.name == "won_with" || row.name == "trumped") return "(CARDS [, k])";
  return "(CARDS)";
}

lines names(const std::vector<std::string>& formulas) {
  lines out;
  for (const lang::builtin& row : lang::builtins()) {
    if (row.kind == lang::builtin::name_class) continue;
    bool call = row.kind == lang::builtin::function;
    if (std::any_of(formulas.begin(), formulas.end(), [&](const std::string& f) { return reads(f, row.name, call); }))
      out.push_back(fmt::format("{}{}: {}.", row.name, call ? arguments(row) : "", row.meaning));
  }
  return out;
}

// ---- options ----
lines options(const variant& v, const std::vector<int64_t>& values, const std::vector<int64_t>& declared) {
  lines out;
  for (size_t i = 0; i < v.option_names.size(); ++i) {
    const option_spec& spec = v.option_specs[i];
    int64_t value = i < values.size() ? values[i] : v.option_defaults[i];
    int64_t def = i < declared.size() ? declared[i] : v.option_defaults[i];
    std::string allowed = spec.language_range() ? "any whole number" : spec.allowed();
    std::string set = value == def ? "the default" : fmt::format("the default is {}", spec.text(def));
    std::string about = v.option_about[i].empty() ? "" : ": " + v.option_about[i];
    out.push_back(fmt::format("{} = {} ({}; allowed: {}){}.", v.option_names[i], spec.text(value), set, allowed, about));
  }
  if (out.empty()) out.push_back("This variant has no rule options.");
  return out;
}

}  // namespace

explanation explain(const variant& v, const std::vector<int64_t>& values, const std::vector<int64_t>& declared) {
  explanation e;
  std::vector<std::string> formulas;
  printed = &formulas;
  e.heading = fmt::format("{} ({}{}{})", v.name, v.id, v.base.empty() ? "" : ", extends " + v.base,
                          v.fragments.empty() ? "" : fmt::format(", includes {}", fmt::join(v.fragments, ", ")));
  e.about = v.about;
  e.sections = {{"Players", players(v)},
                {"Cards", cards(v)},
                {"Dealing", dealing(v)},
                {"The course of a hand", course(v)},
                {"Bidding", bidding(v)},
                {"Calls", calls(v)},
                {"Play", play(v)},
                {"Scoring", scoring(v)},
                {"End of the game", end(v, values.empty() ? v.option_defaults : values)},
                {"Options", options(v, values, declared)}};
  printed = nullptr;
  e.sections.push_back({"Names in the formulas", names(formulas)});
  // a section with nothing to say (no calls) is left out
  e.sections.erase(std::remove_if(e.sections.begin(), e.sections.end(), [](auto& s) { return s.lines.empty(); }), e.sections.end());
  return e;
}

std::string explanation_text(const explanation& e) {
  std::string out = e.heading + "\n";
  if (!e.about.empty()) out += e.about + "\n";
  for (const explained_section& s : e.sections) {
    out += "\n" + s.title + "\n";
    for (const std::string& l : s.lines) out += "  " + l + "\n";
  }
  return out;
}

nlohmann::ordered_json explanation_json(const explanation& e) {
  nlohmann::ordered_json sections = nlohmann::ordered_json::array();
  for (const explained_section& s : e.sections) sections.push_back({{"title", s.title}, {"lines", s.lines}});
  return {{"name", e.heading}, {"about", e.about}, {"sections", sections}};
}

}  // namespace spades::cli
