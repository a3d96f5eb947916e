// Test hands, driving one hand through the game state machine's public API: the deal, the bids, the
// moves or the play, or the tricks of a scoring-only hand; a refused decision is a rejection, a mistake in
// the file a hands_error.
#include "hands/hand.hpp"

#include <sstream>

#include <fmt/format.h>

#include "runtime/notation.hpp"
#include "runtime/pbn.hpp"

namespace spades::hands {

namespace {

// A rank character then one of the deck's suits ("ZS", "2C" where 2C is removed): meant as a card.
bool looks_like_card(const variant& v, const std::string& word) {
  std::string c = normalise_card(word);
  for (const std::string& s : v.suit_names)
    if (c.size() == s.size() + 1 && c.compare(1, std::string::npos, s) == 0) return true;
  return false;
}

const char* const trick_order_hint =
    "the order of tricks is unknown (a test hand gave only trick counts: give events.trick_winners) while evaluating this formula";
const char* const cards_hint = "the cards dealt are unknown (a test hand gave no deal: give deal) while evaluating this formula";
const char* const trick_cards_hint =
    "the cards of the tricks are unknown (a test hand gave only trick counts: give the play) while evaluating this formula";

}  // namespace

void hand_runner::failure(const std::string& field, const std::string& expected, const std::string& got) {
  res.ok = false;
  res.failures.push_back({prefix + field, expected, got});
}

void hand_runner::reject(const std::string& at, const std::string& msg) {
  rejected = true;
  reject_at = at;
  reject_msg = msg;
}

void hand_runner::deal(const json& h) {
  // absent: the first seat deals the first hand; later hands of a sequence pass the deal by the rules
  if (h.contains("dealer")) {
    if (!h["dealer"].is_string()) cx.fail(prefix + "dealer", "expected a seat name");
    st.dealer = seat_of(cx, v, prefix + "dealer", h["dealer"].get<std::string>());
    if (st.dealer == v.dummy) cx.fail(prefix + "dealer", fmt::format("{} is the dummy, which never deals", v.seat_names[v.dummy]));
  }
  if (!h.contains("deal")) {
    rng r(0x5eed);
    st.deal(r);
    st.forget_deal();  // a made-up deal: formulas may not read its cards
    return;
  }
  const json& d = h["deal"];
  if (!d.is_object() && !d.is_string()) cx.fail(prefix + "deal", "expected an object: seat -> cards");
  std::array<card_set, max_seats> given{};
  card_set used, rest, stock;
  std::vector<int16_t> stock_order;  // with `leftover stock`: the stock, its top card first
  bool has_rest = false, has_stock = false;
  std::vector<bool> seen(v.seats, d.is_string());
  if (d.is_string()) pbn(d.get<std::string>(), given, used);
  for (auto it = d.begin(); d.is_object() && it != d.end(); ++it) {
    std::string field = prefix + "deal." + it.key();
    if (!it.value().is_string()) cx.fail(field, "expected the cards as a string like \"AS KS 2C\"");
    card_set* into;
    if (it.key() == "rest") { into = &rest; has_rest = true; }
    else if (it.key() == "stock") {
      if (v.leftover != leftover_rule::stock) cx.fail(field, "this ruleset deals no stock (it has no `leftover stock`)");
      into = &stock;
      has_stock = true;
    } else {
      int s = seat_of(cx, v, field, it.key());
      if (seen[s]) cx.fail(field, "this seat is dealt twice");
      seen[s] = true;
      into = &given[s];
    }
    std::istringstream in(it.value().get<std::string>());
    std::string tok;
    while (in >> tok) {
      card_set copies = v.cards_named(tok);
      if (copies.empty()) cx.fail(field, fmt::format("'{}' is not a card of this deck", tok));
      card_set free = copies & ~used;
      if (free.empty()) cx.fail(field, fmt::format("{} is dealt more often than the deck holds it", tok));
      int c = free.first();
      used.add(c);
      into->add(c);
      if (into == &stock) stock_order.push_back((int16_t)c);
    }
    if (into != &rest && into != &stock && into->count() != v.deal_size)
      cx.fail(field, v.deal_size == v.hand_size ? fmt::format("{} card{} dealt, a hand has {}", into->count(), into->count() == 1 ? "" : "s", v.hand_size)
                                                : fmt::format("{} card{} dealt, the deal gives each {}", into->count(), into->count() == 1 ? "" : "s", v.deal_size));
  }
  for (int s = 0; s < v.seats; ++s)
    if (!seen[s] && v.deal_size > 0) cx.fail(prefix + "deal", fmt::format("no cards for seat {}", v.seat_names[s]));
  card_set left = v.deck & ~used;
  if (v.leftover == leftover_rule::stock && !has_stock) {
    // no "stock": the cards dealt nowhere else are the stock, in the deck's order
    left.for_each([&](int c) { stock_order.push_back((int16_t)c); });
    left = {};
  }
  if (has_rest && !left.empty()) cx.fail(prefix + "deal.rest", fmt::format("{} card{} of the deck {} dealt nowhere", left.count(), left.count() == 1 ? "" : "s", left.count() == 1 ? "is" : "are"));
  st.deal_given(given, rest | left, stock_order.data(), (int)stock_order.size());
}

// A PBN deal string (PBN 2.1's [Deal] tag): the four hands, each of the deal's size.
void hand_runner::pbn(const std::string& text, std::array<card_set, max_seats>& given, card_set& used) {
  std::string err;
  if (!read_pbn_deal(v, text, given, err)) cx.fail(prefix + "deal", err);
  for (int s = 0; s < v.seats; ++s) {
    used |= given[s];
    if (given[s].count() != v.deal_size)
      cx.fail(prefix + "deal", fmt::format("{} card{} dealt to {}, {} {}", given[s].count(), given[s].count() == 1 ? "" : "s", v.seat_names[s],
                                           v.deal_size == v.hand_size ? "a hand has" : "the deal gives each", v.deal_size));
  }
}

// Applies one parsed action for `seat` (empty: whoever is to act). Returns false once rejected.
// `at` is what expect.error.at names ("bids" or the index); `field` names the field in file errors.
bool hand_runner::act(const std::string& at, const std::string& field, const std::string& who, const std::string& text) {
  if (rejected) return false;
  if (st.ph == phase::over) { reject(at, "the game is already over"); return false; }
  if (st.ph == phase::deal && st.redeals > redeals_before) {
    reject(at, "the hand was thrown in: give the redeal as the next hand of the case");
    return false;
  }
  if (is_look(text)) return look(at, field, who);
  if (!who.empty()) {
    int acting = st.acting_seat();
    bool match;
    if (st.team_decides()) {
      int t = v.find_team(who);
      int s = v.find_seat(who);
      if (t < 0 && s < 0) cx.fail(field, fmt::format("unknown seat or team '{}'", who));
      match = t == st.turn || (s >= 0 && v.team_of[s] == st.turn);
    } else {
      int s = seat_of(cx, v, field, who);
      match = s == acting || (st.ph == phase::play && s == st.turn);  // a dummy's card: its seat or its player
    }
    if (!match) {
      std::string turn = st.team_decides() ? v.team_names[st.turn] : v.seat_names[acting];
      reject(at, fmt::format("it is {}'s turn, not {}'s", turn, who));
      return false;
    }
  }
  std::vector<move> ms;
  std::string err;
  if (!parse_action(st, text, ms, err)) {
    // a card that this deck does not have is the file's mistake; any other text is a rejected move
    std::istringstream words(text);
    std::string w;
    while (words >> w)
      if (looks_like_card(v, w) && v.cards_named(w).empty()) cx.fail(field, err);
    reject(at, err);
    return false;
  }
  for (const move& m : ms) {
    std::string why = st.why_illegal(m);
    if (!why.empty()) { reject(at, why); return false; }
    if (st.ph == phase::play) {
      // kept so that a score that differs from `expect` can be explained rule by rule
      before_scoring = st;
      finish = [m](game_state& s) { s.apply(m); };
    }
    st.apply(m);
  }
  return true;
}

// `SEAT: look`: the seat looks at its cards, its turn or not (a blind bid is then closed to it). A seat that
// has looked already (by a look, or a decision made with its cards in view) cannot look again.
bool hand_runner::look(const std::string& at, const std::string& field, const std::string& who) {
  const int s = who.empty() ? st.acting_seat() : seat_of(cx, v, field, who);
  if (st.has_looked(s)) {
    reject(at, fmt::format("{} has already looked at its cards", v.seat_names[s]));
    return false;
  }
  st.look(s);
  return true;
}

void hand_runner::bids(const json& b) {
  if (!b.is_object()) cx.fail(prefix + "bids", "expected an object: seat (or team) -> bid");
  for (auto it = b.begin(); it != b.end(); ++it) {
    std::string field = prefix + "bids." + it.key();
    if (v.bid_by_team) {
      if (v.find_team(it.key()) < 0) team_of(cx, v, field, it.key());
    } else if (seat_of(cx, v, field, it.key()) == v.dummy) {
      cx.fail(field, fmt::format("{} is the dummy, which makes no bid", it.key()));
    }
    if (!it.value().is_string() && !it.value().is_number_integer()) cx.fail(field, "a bid is a number or a string");
  }
  // a scoring-only hand skips card decisions owed before the bidding (passes, the kitty's discard)
  if ((st.ph == phase::pass || st.ph == phase::discard || st.ph == phase::draw) && scoring_only) st.enter_bidding();
  // a hand given by its bids was not thrown in: nobody called a misdeal
  if (st.ph == phase::call && st.redeal_step()) st.enter_bidding();
  if (st.ph != phase::bid) {
    if (st.bidding_skipped && b.empty()) return;  // "bids": {} says what the rules say: nobody bids
    if (st.bidding_skipped) cx.fail(prefix + "bids", "this hand has no bidding under the ruleset's rules");
    cx.fail(prefix + "bids", fmt::format("the hand is in its {} phase, not bidding: give the hand as 'moves' (e.g. \"{}: {}\")",
                                         phase_name(st.ph), v.seat_names[st.acting_seat()], st.ph == phase::draw ? "keep" : "pass ..."));
  }
  // a partner asked to agree to a bid answers in its own entry ("S": "agree")
  while ((st.ph == phase::bid || st.ph == phase::agree) && !rejected) {
    const json* found = nullptr;
    std::string key;
    for (auto it = b.begin(); it != b.end(); ++it) {
      bool mine = v.bid_by_team ? v.find_team(it.key()) == st.turn : v.find_seat(it.key()) == st.turn;
      if (mine) { found = &it.value(); key = it.key(); }
    }
    std::string who = v.bid_by_team ? v.team_names[st.turn] : v.seat_names[st.turn];
    if (!found) cx.fail(prefix + "bids", fmt::format("no bid for {}", who));
    if (!act("bids", prefix + "bids." + key, "", text_of(*found))) {
      reject_msg = fmt::format("{}'s bid {}: {}", key, text_of(*found), reject_msg);
      return;
    }
  }
}

void hand_runner::moves(const json& ms) {
  if (!ms.is_array()) cx.fail(prefix + "moves", "expected a list of \"SEAT: action\" strings");
  for (size_t i = 0; i < ms.size(); ++i) {
    std::string field = fmt::format("{}moves[{}]", prefix, i);
    if (!ms[i].is_string()) cx.fail(field, "expected a \"SEAT: action\" string");
    std::string s = ms[i].get<std::string>();
    auto colon = s.find(':');
    if (colon == std::string::npos) cx.fail(field, fmt::format("'{}' is not \"SEAT: action\"", s));
    std::string orig_who = s.substr(0, colon);
    orig_who.erase(0, orig_who.find_first_not_of(' '));
    orig_who.erase(orig_who.find_last_not_of(' ') + 1);
    if (!act(std::to_string(i), field, orig_who, s.substr(colon + 1))) return;
  }
}

void hand_runner::play(const json& p) {
  if (!p.is_array() && !p.is_string()) cx.fail(prefix + "play", "expected the cards played, as a list or one string");
  std::vector<std::string> cards;
  if (p.is_string()) {
    std::istringstream in(p.get<std::string>());
    std::string t;
    while (in >> t) cards.push_back(t);
  } else {
    for (size_t i = 0; i < p.size(); ++i) {
      if (!p[i].is_string()) cx.fail(fmt::format("{}play[{}]", prefix, i), "expected a card");
      cards.push_back(p[i].get<std::string>());
    }
  }
  if (st.ph == phase::exchange) cx.fail(prefix + "play", "this hand has an exchange after the bidding: give the hand as 'moves'");
  if (st.ph == phase::raise) cx.fail(prefix + "play", "this hand has a raise round after the bidding: give the hand as 'moves'");
  for (size_t i = 0; i < cards.size(); ++i) {
    if (v.cards_named(cards[i]).empty()) cx.fail(fmt::format("{}play[{}]", prefix, i), fmt::format("'{}' is not a card of this deck", cards[i]));
    if (st.ph != phase::play) { reject(std::to_string(i), "the hand is already over"); return; }
    if (!act(std::to_string(i), fmt::format("{}play[{}]", prefix, i), "", cards[i])) return;
  }
}

void hand_runner::tricks(const json& t) {
  if (!t.is_object()) cx.fail(prefix + "tricks", "expected an object: seat -> tricks won");
  // a scoring-only hand needs no cards to change hands: what is owed after the bidding is skipped
  if (st.ph != phase::bid && st.ph != phase::agree) st.enter_play();
  if (st.ph != phase::play || st.trick != 0 || st.played != 0)
    cx.fail(prefix + "tricks", st.ph == phase::bid || st.ph == phase::agree ? "'tricks' needs the bidding to be complete: give every bid" : "'tricks' cannot be given once the play has started: give the rest of the play instead");
  std::array<int, max_seats> won{};
  int sum = 0;
  for (auto it = t.begin(); it != t.end(); ++it) {
    std::string field = prefix + "tricks." + it.key();
    int s = seat_of(cx, v, field, it.key());
    int64_t n = integer(cx, field, it.value());
    if (n < 0 || n > v.tricks_per_hand) cx.fail(field, fmt::format("{} tricks is impossible in a hand of {}", n, v.tricks_per_hand));
    won[s] = (int)n;
    sum += (int)n;
  }
  if (sum != v.tricks_per_hand) cx.fail(prefix + "tricks", fmt::format("the tricks add up to {}, but a hand has {}", sum, v.tricks_per_hand));
  std::array<int8_t, max_tricks> order{};
  bool known = events && events->contains("trick_winners");
  if (known) {
    const json& tw = (*events)["trick_winners"];
    std::string f = prefix + "events.trick_winners";
    if (!tw.is_array() || (int)tw.size() != v.tricks_per_hand) cx.fail(f, fmt::format("expected a list of the {} tricks' winners (seats), in order", v.tricks_per_hand));
    std::array<int, max_seats> count{};
    for (size_t i = 0; i < tw.size(); ++i) {
      if (!tw[i].is_string()) cx.fail(fmt::format("{}[{}]", f, i), "expected a seat name");
      int s = seat_of(cx, v, fmt::format("{}[{}]", f, i), tw[i].get<std::string>());
      order[i] = (int8_t)s;
      ++count[s];
    }
    if (count != won) cx.fail(f, "the winners listed do not match 'tricks'");
  }
  order_missing = !known && v.uses_trick_order;
  before_scoring = st;
  finish = [won, order, known](game_state& s) { s.record_tricks(won, known ? order.data() : nullptr); };
  st.record_tricks(won, known ? order.data() : nullptr);
}

// A formula failed while scoring: the hand is rejected at "scoring". A formula that needs the order of
// tricks the hand did not give is the file's omission, and the message says how to give it.
// A formula that reads cards the hand did not give says which field gives them; it fails where it is
// evaluated (a bid's condition: at "bids").
void hand_runner::score_failed(const rule_error& e) {
  const char* at = st.ph == phase::bid || st.ph == phase::call ? "bids" : "scoring";
  if (order_missing && e.why == rule_error::cause::trick_order_unknown)
    reject("scoring", rule_error(v, e.d.at, trick_order_hint).headline());
  else if (e.why == rule_error::cause::cards_unknown)
    reject(at, rule_error(v, e.d.at, cards_hint).headline());
  else if (e.why == rule_error::cause::trick_cards_unknown)
    reject(at, rule_error(v, e.d.at, trick_cards_hint).headline());
  else
    reject("scoring", e.headline());
}

void hand_runner::run(const json& h) {
  only_fields(cx, h, prefix.empty() ? "" : prefix.substr(0, prefix.size() - 1),
              prefix.empty() ? std::initializer_list<const char*>{"name", "dealer", "deal", "bids", "play", "moves", "tricks", "events", "expect", "note"}
                             : std::initializer_list<const char*>{"dealer", "deal", "bids", "play", "moves", "tricks", "events", "expect", "note"});
  if (st.ph == phase::over) cx.fail(prefix.empty() ? "hands" : prefix.substr(0, prefix.size() - 1), "the game was already over before this hand");
  hands_before = st.hands_played;
  redeals_before = st.redeals;
  try {
    deal(h);
    if (h.contains("play") && h.contains("moves")) cx.fail(prefix + "play", "give either 'play' or 'moves', not both");
    if (h.contains("tricks") && h.contains("play")) cx.fail(prefix + "tricks", "'tricks' is for hands without play; with play, expect.tricks checks them");
    scoring_only = h.contains("tricks");
    if (h.contains("bids")) bids(h["bids"]);
    if (!rejected && h.contains("moves")) moves(h["moves"]);
    if (!rejected && h.contains("play")) play(h["play"]);
    if (h.contains("events")) {
      only_fields(cx, h["events"], prefix + "events", {"trick_winners"});
      if (!h.contains("tricks")) cx.fail(prefix + "events", "events go with 'tricks' (a scoring-only hand)");
      events = &h["events"];
    }
    if (!rejected && h.contains("tricks")) tricks(h["tricks"]);
  } catch (const rule_error& e) {
    score_failed(e);
  }
  if (h.contains("expect")) compare(h["expect"]);
  else if (rejected)
    failure("error", "no error",
            fmt::format("rejected at {}: {}", reject_at == "bids" || reject_at == "scoring" ? reject_at : "move " + reject_at, reject_msg));
}

}  // namespace spades::hands
