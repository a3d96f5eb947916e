// elaborate_bidding: `bidding` -> the bidding order, the bid kinds (ranges, words, options, eligibility)
// and the calls made after the bidding (conversions and announcements).
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "lang/elaborate.hpp"
#include "lang/formula.hpp"
#include "runtime/notation.hpp"

namespace spades::lang {

namespace {

// A bid's or announcement's words as players type them: what is typed is compared after its blanks are
// made single and trimmed (runtime/notation.hpp lower_words), so words with other blanks could never be typed.
std::string typed_words(const word& w, const char* whose) {
  const std::string words = lower(w.text);
  if (lower_words(words).empty() && !words.empty()) fail(w.at, fmt::format("{} words may not be only blanks", whose));
  if (lower_words(words) != words)
    fail(w.at, fmt::format("\"{}\" could never be typed: {} words are read with single blanks between them and none at either end (write \"{}\")",
                           w.text, whose, lower_words(words)));
  return words;
}

// order players|teams from SEAT
void order(elaboration& e) {
  const item* it = e.find(block_kind::bidding, form::order);
  if (!it) return;
  const auto& a = it->as<listing>().words;
  if (a.size() != 3 || a[1].text != "from")
    fail(a.size() > 1 && a[1].text != "from" ? a[1].at : a.size() > 3 ? a[3].at : it->at,  // at the first word out of place
         "expected `order players from SEAT` or `order teams from SEAT` (SEAT: dealer_left, dealer or dealer_right)");
  constexpr enum_word<bool> orders[] = {{"players", false}, {"teams", true}};  // variant::bid_by_team
  e.v.bid_by_team = choose_word(a[0], orders, "bidding order");
  if (e.v.bid_by_team && e.v.dummy >= 0)
    fail(a[0].at, fmt::format("the dummy seat '{}' is in no team until the bidding is over: with a dummy the players bid one by one (`order players`)",
                              e.v.seat_names[e.v.dummy]));
  constexpr enum_word<lead_start> starts[] = {lead_start_words[0], lead_start_words[1], lead_start_words[2]};  // no holder
  const lead_start s = choose_word(a[2], starts, "starting seat");
  e.v.bid_start = s == lead_start::dealer_left ? 1 : s == lead_start::dealer ? 0 : e.v.seats - 1;
}

// bid NAME RANGE: lo..hi within a hand.
void bid_range(elaboration& e, const item& it, bid_kind& k) {
  const word& rg = *it.as<call_decl>().range;
  auto dots = rg.text.find("..");
  k.lo = to_int({rg.text.substr(0, dots), rg.at}, 0, 1000, "a bid");
  k.hi = dots == std::string::npos ? k.lo : to_int({rg.text.substr(dots + 2), rg.at}, 0, 1000, "a bid");
  if (k.lo > k.hi) fail(rg.at, fmt::format("empty bid range {}: the first number must not exceed the second", rg.text));
  if (k.hi > e.v.tricks_per_hand) fail(rg.at, fmt::format("bid range {} goes past the {} tricks of a hand", rg.text, e.v.tricks_per_hand));
}

// for side | partner agrees: a bid for the side, a bid the partner must agree to. Both need players who
// bid one by one, with partners.
void side_option(elaboration& e, const item& o, bid_kind& k) {
  const variant& v = e.v;
  constexpr enum_word<bool> for_side[] = {{"side", true}}, partner_agrees[] = {{"agrees", true}};
  if (o.kind == form::for_side) k.side = choose_word(o.as<setting>().value, for_side, "word after `for`");
  else k.agree = choose_word(o.as<setting>().value, partner_agrees, "word after `partner`");
  const char* what = o.kind == form::for_side ? "a bid for the side" : "a bid partner agrees to";
  if (v.bid_by_team) fail(o.at, fmt::format("{} needs players who bid one by one (`order players`): here each team makes one bid", what));
  for (int s = 0; s < v.seats; ++s) {
    if (s == v.dummy) continue;  // it makes no bid
    if (k.side && v.members[v.team_of[s]].size() < 2) fail(o.at, fmt::format("{} needs partners: {} plays alone", what, v.seat_names[s]));
    if (k.agree && v.partner[s] < 0) fail(o.at, fmt::format("{} needs every player to have exactly one partner", what), because_of_teams(e, o.at));
  }
}

// A blind bid is offered before the bidder looks at its cards: a condition that read them (held, dealt)
// would tell the bidder what it holds by offering the bid or not.
void refuse_reading_cards(const formula& f) {
  if (f.kind == formula::call && (f.text == "held" || f.text == "dealt"))
    fail(f.at, fmt::format("a blind bid's condition may not read the bidder's cards ({}()): the bid is offered before the bidder looks, "
                           "so offering it or not would tell them what they hold",
                           f.text));
  for (const formula& a : f.args) refuse_reading_cards(a);
}

// { blind; allow when ... "reason"; exchange N with partner; convert ... }: each at most once (but convert).
void bid_options(elaboration& e, const item& it, bid_kind& k) {
  const std::vector<item>& options = it.as<call_decl>().options;
  for (size_t oi = 0; oi < options.size(); ++oi)
    for (size_t oj = 0; oj < oi; ++oj)
      if (options[oi].kind == options[oj].kind && options[oi].kind != form::convert)
        fail(options[oi].at, fmt::format("`{}` is given twice for this bid", keyword(options[oi].kind)), {{options[oj].at, "first given here"}});
  for (const item& o : options) {
    if (o.kind == form::by) fail(o.at, "`by` belongs to announcements, not to bids");
    if (o.kind == form::redeal) fail(o.at, "`redeal` belongs to announcements (a call that throws the hand in), not to bids");
    if (o.kind == form::allow && o.str) k.reason = o.str->text;
    if (o.kind == form::blind) k.blind = true;
    else if (o.kind == form::exchange) {
      // never more than a hand holds (the runtime would pass cards the hand does not have)
      const count_decl& x = o.as<count_decl>();
      k.exchange = to_int(x.count, 1, std::min(13, e.v.hand_size), "the number of cards exchanged");
      const std::optional<size_t> with = phrase(x.rest, {{"with", "partner"}, {"with", "partner", "optional"}});
      k.exchange_optional = with == size_t{1};
      if (!with) fail(x.rest.at(0).at, fmt::format("expected `exchange N with partner`, found '{}'", joined(x.rest, 0)));
      for (int s = 0; s < e.v.seats; ++s)
        if (e.v.partner[s] < 0 && s != e.v.dummy) fail(o.at, "an exchange with partner needs every player to have exactly one partner", because_of_teams(e, o.at));
    }
  }
  for (const item& o : options)
    if (o.kind == form::allow && k.blind) refuse_reading_cards(*o.cond);
  for (const item& o : options)
    if (o.kind == form::allow) k.when = e.formulas.compile(*o.cond, scope::bidding);
    else if (o.kind == form::exchange) k.exchange_when = e.formulas.compile_opt(o.cond, scope::bidding);
  for (const item& o : options)
    if (o.kind == form::for_side || o.kind == form::partner_agrees) side_option(e, o, k);
}

void bid(elaboration& e, const symbol& s, std::set<std::string>& words) {
  const item& it = *s.decl;
  bid_kind k;
  k.name = s.name;
  bid_range(e, it, k);
  if (it.str) {
    k.words = typed_words(*it.str, "a bid's");
    if (k.words.empty()) fail(it.str->at, "a bid's words may not be empty (leave them out for a plain number)");
  }
  bid_options(e, it, k);
  if (!k.words.empty() && !words.insert(k.words).second) fail(it.str->at, fmt::format("two bids are both called \"{}\"", k.words));
  if (s.index == max_bid_kinds) fail(it.at, fmt::format("too many bid kinds (the limit is {})", max_bid_kinds));
  e.v.bids.push_back(k);
}

// Bare numbers must name exactly one bid.
void plain_numbers_distinct(elaboration& e) {
  auto kinds = e.syms.of(symbol_kind::bid);
  for (size_t a = 0; a < e.v.bids.size(); ++a)
    for (size_t b = a + 1; b < e.v.bids.size(); ++b) {
      const auto &x = e.v.bids[a], &y = e.v.bids[b];
      if (x.words.empty() && y.words.empty() && x.lo <= y.hi && y.lo <= x.hi)
        fail(kinds[b]->decl->at, fmt::format("bids '{}' and '{}' are both plain numbers over the same range: give one of them words", x.name, y.name),
             {{kinds[a]->decl->at, fmt::format("'{}' is defined here", x.name)}});
    }
}

void add_call(elaboration& e, call_kind c, const symbol& s) {
  const variant& v = e.v;
  if (s.index >= max_calls) fail(s.at, fmt::format("too many announcements and conversions (the limit is {})", max_calls));
  for (const auto& o : v.calls) {
    if (o.name == c.name) fail(s.at, fmt::format("'{}' is already the name of an announcement or conversion", c.name));
    if (o.words == c.words) fail(s.at, fmt::format("two announcements are both called \"{}\"", c.words));
  }
  if (c.words.empty() || std::count(v.decline_words.begin(), v.decline_words.end(), c.words))
    fail(s.at, fmt::format("\"{}\" cannot name an announcement (it is empty, or means declining)", c.words));
  if (e.syms.find(c.name, symbol_kind::bid)) fail(s.at, fmt::format("'{}' is already the name of a bid", c.name));
  e.v.calls.push_back(c);
}

// convert NAME "words" to BID N [when ...], inside the bid `s.owner`.
call_kind conversion(elaboration& e, const symbol& s) {
  const item& o = *s.decl;
  call_kind c;
  c.name = s.name;
  c.words = typed_words(*o.str, "a conversion's");
  c.by_team = e.v.bid_by_team;
  const convert_decl& to = o.as<convert_decl>();
  c.from_kind = e.syms.index(s.owner->name->text, symbol_kind::bid);
  c.to_kind = e.syms.index(to.to_bid.text, symbol_kind::bid);
  if (c.to_kind < 0) fail(to.to_bid.at, fmt::format("unknown bid '{}'{}", to.to_bid.text, did_you_mean(to.to_bid.text, e.syms.names(symbol_kind::bid))));
  c.to_n = to_int(to.to_n, e.v.bids[c.to_kind].lo, e.v.bids[c.to_kind].hi, "the bid converted to");
  c.when = e.formulas.compile_opt(o.cond, scope::bidding);
  return c;
}

// A call that throws the hand in needs a condition that can fail: with none, or one that always holds, it
// could be called every hand and no hand would ever be played.
void redeal_condition(elaboration& e, const item& it, const item& redeal, call_kind& c) {
  c.redeal = true;
  const item* allow = nullptr;
  for (const item& o : it.as<call_decl>().options)
    if (o.kind == form::allow) allow = &o;
  if (!allow)
    fail(redeal.at, "a call that throws the hand in needs a condition on the caller's cards (`allow when ...`): "
                    "without one it could be called every hand and no hand would ever be played");
  if (std::optional<int64_t> k = constant_value(e.v, c.when); k && *k != 0)
    fail(allow->cond->at, "this condition always holds: the hand could be thrown in every time and never played "
                          "(a misdeal's condition reads the caller's cards, e.g. `held(S) == 0`)");
}

// by team|player: call_kind::by_team
constexpr enum_word<bool> announcers[] = {{"team", true}, {"player", false}};

// announce NAME "words" { by team|player; allow when ...; redeal }
call_kind announcement(elaboration& e, const symbol& s) {
  const item& it = *s.decl;
  call_kind c;
  c.name = s.name;
  c.words = typed_words(*it.str, "an announcement's");
  c.by_team = e.v.teams < e.v.seats;
  const item* redeal = nullptr;
  const std::vector<item>& options = it.as<call_decl>().options;
  for (const item& o : options) {
    if (o.kind == form::by) c.by_team = choose_word(o.as<setting>().value, announcers, "announcer");
    else if (o.kind == form::redeal) redeal = &o;
    else if (o.kind != form::allow) fail(o.at, fmt::format("`{}` is a bid option; an announcement takes `by` and `allow`", keyword(o.kind)));
  }
  for (const item& o : options)
    if (o.kind == form::allow) {
      c.when = e.formulas.compile(*o.cond, scope::bidding);
      if (o.str) c.reason = o.str->text;
    }
  if (redeal) redeal_condition(e, it, *redeal, c);
  return c;
}

}  // namespace

void elaborate_bidding(elaboration& e) {
  order(e);
  if (const item* skip = e.find(block_kind::bidding, form::skip)) e.v.skip_bidding_when = e.formulas.compile(*skip->cond, scope::game);
  std::set<std::string> words;
  for (const symbol* s : e.syms.of(symbol_kind::bid)) bid(e, *s, words);
  for (const symbol* s : e.syms.of(symbol_kind::call)) add_call(e, s->owner ? conversion(e, *s) : announcement(e, *s), *s);
  plain_numbers_distinct(e);
}

}  // namespace spades::lang
