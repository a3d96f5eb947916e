// check: settings -> tables, with a diagnostic at the offending word for everything that cannot work.
#include "lang/check.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

namespace spades::lang {

namespace {

[[noreturn]] void fail(pos at, std::string msg, std::vector<note> notes = {}) { throw diag_error(at, std::move(msg), std::move(notes)); }

const std::string& choose(const word& w, const std::vector<std::string>& allowed, const char* what) {
  for (const auto& a : allowed)
    if (a == w.text) return a;
  std::string list;
  for (size_t i = 0; i < allowed.size(); ++i) list += (i ? ", " : "") + allowed[i];
  fail(w.at, fmt::format("unknown {} '{}'{} (expected one of: {})", what, w.text, did_you_mean(w.text, allowed), list));
}

int to_int(const word& w, int lo, int hi, const char* what) {
  long long x = 0;
  try {
    size_t used = 0;
    x = std::stoll(w.text, &used);
    if (used != w.text.size()) throw std::invalid_argument("");
  } catch (const std::out_of_range&) {
    fail(w.at, fmt::format("{} must be from {} to {}, not {}", what, lo, hi, w.text));
  } catch (...) {
    fail(w.at, fmt::format("expected a number for {}, found '{}'", what, w.text));
  }
  if (x < lo || x > hi) fail(w.at, fmt::format("{} must be from {} to {}, not {}", what, lo, hi, x));
  return (int)x;
}

struct checker {
  const resolved& r;
  checked out;
  variant* v = nullptr;
  std::vector<std::string> ranks{"A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"};

  const std::vector<item>& items(const char* block) {
    static const std::vector<item> none;
    const resolved_block* b = r.find(block);
    return b ? b->items : none;
  }
  const item* find(const char* block, const char* kw) {
    for (const item& it : items(block))
      if (it.kw == kw) return &it;
    return nullptr;
  }
  void later(const expr& e, scope sc, int* slot) { out.exprs.push_back({&e, sc, slot}); }

  // ---- players ----
  void players() {
    const item* count = find("players", "count");
    const item* seats = find("players", "seats");
    int n = count ? to_int(count->args.at(0), 2, max_seats, "the number of players") : 0;
    if (seats) {
      if (count && (int)seats->args.size() != n)
        fail(seats->at, fmt::format("{} seat names for {} players", seats->args.size(), n), {{count->at, "the player count is set here"}});
      n = (int)seats->args.size();
      if (n < 2 || n > max_seats) fail(seats->at, fmt::format("a game has 2 to {} seats, not {}", max_seats, n));
      std::set<std::string> seen;
      for (const word& w : seats->args) {
        if (!seen.insert(w.text).second) fail(w.at, fmt::format("seat '{}' is named twice", w.text));
        v->seat_names.push_back(w.text);
      }
    } else {
      if (n == 0) n = 4;
      if (n == 4) v->seat_names = {"N", "E", "S", "W"};
      else for (int i = 1; i <= n; ++i) v->seat_names.push_back(fmt::format("P{}", i));
    }
    v->seats = n;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        if (v->seat_names[j] == fmt::format("P{}", i + 1) && i != j)
          fail(seats->args[j].at, fmt::format("seat name '{}' would clash with the positional name of seat {}", v->seat_names[j], i + 1));

    std::vector<const item*> named;
    for (const item& it : items("players"))
      if (it.kw == "team") named.push_back(&it);
    std::vector<std::vector<int>> teams;
    std::vector<std::string> names;
    if (!named.empty()) {
      std::vector<int> owner(n, -1);
      for (const item* t : named) {
        std::vector<int> m;
        for (size_t i = 1; i < t->args.size(); ++i) {
          const word& w = t->args[i];
          int s = v->find_seat(w.text);
          if (s < 0)
            fail(w.at, fmt::format("unknown seat '{}'{} (the seats are {})", w.text, did_you_mean(w.text, v->seat_names), fmt::join(v->seat_names, " ")));
          if (owner[s] == (int)teams.size()) fail(w.at, fmt::format("seat '{}' is listed twice in team '{}'", w.text, t->args[0].text));
          if (owner[s] >= 0) fail(w.at, fmt::format("seat '{}' is already in team '{}'", w.text, names[owner[s]]));
          owner[s] = (int)teams.size();
          m.push_back(s);
        }
        std::sort(m.begin(), m.end());
        names.push_back(t->args[0].text);
        teams.push_back(m);
      }
      for (int s = 0; s < n; ++s)
        if (owner[s] < 0) fail(named.back()->at, fmt::format("seat '{}' is in no team", v->seat_names[s]));
    } else {
      const item* mode = find("players", "teams");
      std::string m = mode ? choose(mode->args.at(0), {"opposite", "none"}, "team arrangement") : "none";
      if (m == "opposite") {
        if (n % 2 || n < 4) fail(mode->args[0].at, fmt::format("partners opposite need an even number of seats (4 or more), not {}", n));
        for (int i = 0; i < n / 2; ++i) teams.push_back({i, i + n / 2});
      } else {
        for (int i = 0; i < n; ++i) teams.push_back({i});
      }
    }
    v->teams = (int)teams.size();
    v->members = teams;
    for (size_t t = 0; t < teams.size(); ++t) {
      std::string joined;
      for (int s : teams[t]) { v->team_of[s] = (int)t; joined += v->seat_names[s]; }
      v->team_aliases.push_back(joined);
      v->team_names.push_back(names.empty() ? joined : names[t]);
    }
    for (int s = 0; s < n; ++s) {
      const auto& m = teams[v->team_of[s]];
      v->partner[s] = m.size() == 2 ? (m[0] == s ? m[1] : m[0]) : -1;
    }
  }

  // ---- cards ----
  void cards() {
    std::vector<std::string> suits{"S", "H", "D", "C"};
    if (const item* it = find("cards", "suits")) {
      suits.clear();
      for (const word& w : it->args) {
        if (w.text.size() != 1 || !std::isupper((unsigned char)w.text[0])) fail(w.at, fmt::format("a suit is one capital letter, not '{}'", w.text));
        if (std::count(suits.begin(), suits.end(), w.text)) fail(w.at, fmt::format("suit '{}' is listed twice", w.text));
        suits.push_back(w.text);
      }
    }
    if (const item* it = find("cards", "ranks")) {
      ranks.clear();
      for (const word& w : it->args) {
        std::string t = w.text == "10" ? "T" : w.text;
        if (t.size() != 1) fail(w.at, fmt::format("a rank is one character (A K Q J T 9 ... 2), not '{}'", w.text));
        if (std::count(ranks.begin(), ranks.end(), t)) fail(w.at, fmt::format("rank '{}' is listed twice", w.text));
        ranks.push_back(t);
      }
    }
    int packs = 1;
    if (const item* it = find("cards", "packs")) packs = to_int(it->args.at(0), 1, 2, "the number of packs");
    std::vector<std::string> jokers;
    if (const item* it = find("cards", "jokers"))
      for (const word& w : it->args) {
        if (w.text.size() != 2 || !std::isupper((unsigned char)w.text[0]) || !std::isupper((unsigned char)w.text[1]))
          fail(w.at, fmt::format("a joker is named by two capital letters (BJ, LJ), not '{}'", w.text));
        for (const auto& s : suits)
          for (const auto& rk : ranks)
            if (rk + s == w.text) fail(w.at, fmt::format("joker name '{}' is already a card", w.text));
        if (std::count(jokers.begin(), jokers.end(), w.text)) fail(w.at, fmt::format("joker '{}' is listed twice", w.text));
        jokers.push_back(w.text);
      }
    v->suit_names = suits;
    for (int p = 0; p < packs; ++p) {
      for (int s = 0; s < (int)suits.size(); ++s)
        for (int k = 0; k < (int)ranks.size(); ++k) v->cards.push_back({ranks[k] + suits[s], s, k, p});
      for (const auto& j : jokers) v->cards.push_back({j, -1, 0, p});
    }
    if ((int)v->cards.size() > max_cards) fail(r.find("cards")->at, fmt::format("the deck has {} cards; the limit is {}", v->cards.size(), max_cards));
    std::vector<bool> removed(v->cards.size());
    if (const item* it = find("cards", "remove"))
      for (const word& w : it->args) {
        std::string c = normalise_card(w.text);
        bool done = false;
        for (size_t i = 0; i < v->cards.size() && !done; ++i)
          if (!removed[i] && v->cards[i].name == c) removed[i] = done = true;
        if (!done) fail(w.at, fmt::format("cannot remove '{}': {}", w.text, known_card(c) ? "every copy is already removed" : "no such card in the deck"));
      }
    // compact the ids so that the deck is 0..n-1
    std::vector<card_face> kept;
    for (size_t i = 0; i < v->cards.size(); ++i)
      if (!removed[i]) kept.push_back(v->cards[i]);
    v->cards = kept;
    const int nc = (int)v->cards.size();
    for (int i = 0; i < nc; ++i) v->deck.add(i);

    // ranking and trumps
    v->follow_suit.assign(nc, 0);
    v->power.assign(nc, 0);
    for (int i = 0; i < nc; ++i) {
      v->follow_suit[i] = (int8_t)v->cards[i].suit;
      v->power[i] = (int16_t)(ranks.size() - v->cards[i].rank);
    }
    if (const item* it = find("cards", "trump")) {
      const word& w = it->args.at(0);
      if (w.text != "none") {
        auto f = std::find(suits.begin(), suits.end(), w.text);
        if (f == suits.end()) fail(w.at, fmt::format("trump must be a suit ({}) or none, not '{}'{}", fmt::join(suits, " "), w.text, did_you_mean(w.text, suits)));
        v->trump_suit = (int)(f - suits.begin());
      }
    }
    if (const item* it = find("cards", "top_trumps")) {
      if (v->trump_suit < 0) fail(it->at, "top_trumps needs a trump suit (set `trump` in 'cards')");
      int k = (int)it->args.size();
      std::set<std::string> seen;
      for (const word& w : it->args) {
        std::string c = normalise_card(w.text);
        if (!known_card(c)) fail(w.at, fmt::format("unknown card '{}' in top_trumps{}", w.text, did_you_mean(c, card_names())));
        if (!seen.insert(c).second) fail(w.at, fmt::format("card '{}' is listed twice in top_trumps", w.text));
        for (int i = 0; i < nc; ++i)
          if (v->cards[i].name == c) { v->follow_suit[i] = (int8_t)v->trump_suit; v->power[i] = (int16_t)(1000 + k); }
        --k;
      }
    }
    for (int i = 0; i < nc; ++i)
      if (v->follow_suit[i] < 0) {
        const item* jk = find("cards", "jokers");
        pos at = jk->at;
        for (const word& w : jk->args)
          if (w.text == v->cards[i].name) at = w.at;
        fail(at, fmt::format("joker '{}' has no suit and no rank: list it in top_trumps", v->cards[i].name));
      }
    v->follow_mask.assign(suits.size(), {});
    for (int i = 0; i < nc; ++i) {
      v->follow_mask[v->follow_suit[i]].add(i);
      if (v->follow_suit[i] == v->trump_suit) v->trump.add(i);
    }
    if (const item* it = find("cards", "ties")) v->later_wins = choose(it->args.at(0), {"later_wins", "first_wins"}, "tie rule") == "later_wins";
  }

  bool known_card(const std::string& c) const {
    for (const auto& f : v->cards)
      if (f.name == c) return true;
    return false;
  }
  std::vector<std::string> card_names() const {
    std::vector<std::string> out;
    for (const auto& f : v->cards) out.push_back(f.name);
    return out;
  }
  // A set of cards named by `trump`, a suit letter or card names.
  card_set card_group(const std::vector<word>& ws, size_t from, size_t to = std::string::npos) {
    card_set s;
    bool except = false;
    card_set removed;
    for (size_t i = from; i < ws.size() && i < to; ++i) {
      const word& w = ws[i];
      if (w.text == "all") { s |= v->deck; continue; }
      if (w.text == "except") {
        if (except) fail(w.at, "'except' may appear only once");
        except = true;
        removed = card_group(ws, i + 1, to);
        break;
      }
      if (w.text == "trump") {
        if (v->trump_suit < 0) fail(w.at, "'trump' used but this variant has no trump suit");
        s |= v->trump;
        continue;
      }
      auto f = std::find(v->suit_names.begin(), v->suit_names.end(), w.text);
      if (f != v->suit_names.end()) { s |= v->follow_mask[f - v->suit_names.begin()]; continue; }
      std::string c = normalise_card(w.text);
      if (!known_card(c)) {
        auto cands = card_names();
        cands.push_back("trump");
        cands.insert(cands.end(), v->suit_names.begin(), v->suit_names.end());
        std::string hint = did_you_mean(w.text, cands);
        if (hint.empty()) hint = fmt::format(" (expected a suit letter: {}, a card such as Q{}, or trump)", fmt::join(v->suit_names, " "), v->suit_names.at(0));
        fail(w.at, fmt::format("unknown card or suit '{}'{}", w.text, hint));
      }
      s |= v->cards_named(c);
    }
    return except ? (s & ~removed) : s;
  }

  // ---- dealing ----
  void deal() {
    int nc = (int)v->cards.size();
    const item* hs = find("deal", "hand_size");
    const item* lo = find("deal", "leftover");
    if (lo) {
      std::string l = choose(lo->args.at(0), {"out", "kitty", "none"}, "leftover rule");
      v->leftover = l == "out" ? leftover_rule::out : l == "kitty" ? leftover_rule::kitty : leftover_rule::none;
    }
    if (hs) {
      v->hand_size = to_int(hs->args.at(0), 1, max_cards, "hand_size");
      if (v->hand_size * v->seats > nc)
        fail(hs->args[0].at, fmt::format("{} players with {} cards each need {} cards, but the deck has {}", v->seats, v->hand_size, v->hand_size * v->seats, nc));
    } else {
      v->hand_size = nc / v->seats;
    }
    // without hand_size, the deck and the player count clash: point at the deck, note the count
    const item* players = find("players", "count") ? find("players", "count") : find("players", "seats");
    const resolved_block* deck = r.find("cards");
    pos at = hs ? hs->at : deck ? deck->at : players ? players->at : pos{};
    std::vector<note> notes;
    if (!hs && deck && players) notes.push_back({players->at, "the number of players is set here"});
    int rest = nc - v->hand_size * v->seats;
    if (rest > 0 && v->leftover == leftover_rule::none)
      fail(at, fmt::format("the deck of {} cards does not divide among {} players ({} left over): set `leftover out` in 'deal', or change the deck", nc, v->seats, rest),
           notes);
    if (v->hand_size == 0) fail(at, fmt::format("the deck of {} cards has fewer cards than the {} players", nc, v->seats), notes);
    v->tricks_per_hand = v->hand_size;
    const item* kit = find("deal", "kitty");
    const item* dis = find("deal", "discard");
    if (kit) {
      if (v->leftover != leftover_rule::kitty) fail(kit->at, "`kitty` says who takes the leftover cards: it needs `leftover kitty`");
      const auto& a = kit->args;
      std::string who = choose(a[0], {"dealer", "holder"}, "kitty taker");
      if (who == "dealer" && a.size() > 1) fail(a[1].at, "expected the end of the line after `kitty dealer`");
      if (who == "holder") {
        if (a.size() < 2) fail(a[0].at, "expected `kitty holder CARD...`: the holder of the first of these cards dealt takes the kitty");
        for (size_t i = 1; i < a.size(); ++i) {
          std::string c = normalise_card(a[i].text);
          if (!known_card(c)) fail(a[i].at, fmt::format("unknown card '{}'{}", a[i].text, did_you_mean(c, card_names())));
          v->kitty_holder.push_back(v->find_card(c));
        }
      }
    }
    if (v->leftover == leftover_rule::kitty) {
      if (rest == 0) fail(lo->at, "`leftover kitty` but no cards are left over after the deal");
      if (!dis) fail(lo->at, fmt::format("the kitty's taker holds {} extra cards: add `discard {} before bidding` or `discard {} after bidding` in 'deal'", rest, rest, rest));
    }
    if (dis) {
      if (v->leftover != leftover_rule::kitty) fail(dis->at, "`discard` is for the taker of the kitty: it needs `leftover kitty`");
      v->discard = to_int(dis->args.at(0), 1, max_cards, "the number of cards discarded");
      if (v->discard != rest) fail(dis->args[0].at, fmt::format("the kitty's taker must discard {} cards to come back to {}, not {}", rest, v->hand_size, v->discard));
      std::string when;
      for (size_t i = 1; i < dis->args.size(); ++i) when += (i > 1 ? " " : "") + dis->args[i].text;
      if (when != "before bidding" && when != "after bidding")
        fail(dis->args.at(1).at, fmt::format("expected `before bidding` or `after bidding`, found '{}'", when));
      v->discard_before_bidding = when == "before bidding";
    }
    if (const item* it = find("deal", "pass")) {
      v->pass_count = to_int(it->args.at(0), 1, v->hand_size, "the number of cards passed");
      std::string to;
      for (size_t i = 1; i < it->args.size(); ++i) to += (i > 1 ? " " : "") + it->args[i].text;
      if (to != "to partner") fail(it->args.at(1).at, fmt::format("expected `pass N to partner`, found '{}'", to));
      for (int s = 0; s < v->seats; ++s)
        if (v->partner[s] < 0) fail(it->at, "passing to partner needs every player to have exactly one partner");
    }
    if (const item* it = find("deal", "rotate")) {
      std::string d = choose(it->args.at(0), {"left", "right", "none"}, "rotation");
      v->rotate = d == "left" ? 1 : d == "right" ? -1 : 0;
    }
  }

  int seat_offset(const word& w) {
    std::string s = choose(w, {"dealer_left", "dealer", "dealer_right"}, "starting seat");
    return s == "dealer_left" ? 1 : s == "dealer" ? 0 : v->seats - 1;
  }

  // ---- bidding ----
  void bidding() {
    if (const item* it = find("bidding", "order")) {
      const auto& a = it->args;
      if (a.size() != 3 || a[1].text != "from")
        fail(a.size() > 1 && a[1].text != "from" ? a[1].at : a.size() > 3 ? a[3].at : it->at,  // at the first word out of place
             "expected `order players from SEAT` or `order teams from SEAT` (SEAT: dealer_left, dealer or dealer_right)");
      v->bid_by_team = choose(a[0], {"players", "teams"}, "bidding order") == "teams";
      v->bid_start = seat_offset(a[2]);
    }
    std::set<std::string> words;
    for (const item& it : items("bidding")) {
      if (it.kw == "skip") { later(*it.cond, scope::game, &v->skip_bidding_when); continue; }
      if (it.kw != "bid") continue;
      bid_kind k;
      k.name = it.args.at(0).text;
      const word& rg = it.args.at(1);
      auto dots = rg.text.find("..");
      k.lo = to_int({rg.text.substr(0, dots), rg.at}, 0, 1000, "a bid");
      k.hi = dots == std::string::npos ? k.lo : to_int({rg.text.substr(dots + 2), rg.at}, 0, 1000, "a bid");
      if (k.lo > k.hi) fail(rg.at, fmt::format("empty bid range {}: the first number must not exceed the second", rg.text));
      if (k.hi > v->tricks_per_hand) fail(rg.at, fmt::format("bid range {} goes past the {} tricks of a hand", rg.text, v->tricks_per_hand));
      if (it.str) {
        for (char c : it.str->text) k.words += (char)std::tolower((unsigned char)c);
        if (k.words.empty()) fail(it.str->at, "a bid's words may not be empty (leave them out for a plain number)");
      }
      for (size_t oi = 0; oi < it.sub.size(); ++oi)
        for (size_t oj = 0; oj < oi; ++oj)
          if (it.sub[oi].kw == it.sub[oj].kw && it.sub[oi].kw != "convert")
            fail(it.sub[oi].at, fmt::format("`{}` is given twice for this bid", it.sub[oi].kw), {{it.sub[oj].at, "first given here"}});
      for (const item& o : it.sub) {
        if (o.kw == "by") fail(o.at, "`by` belongs to announcements, not to bids");
        if (o.kw == "allow" && o.str) k.reason = o.str->text;
        if (o.kw == "blind") k.blind = true;
        else if (o.kw == "exchange") {
          k.exchange = to_int(o.args.at(0), 1, 13, "the number of cards exchanged");
          std::string rest;
          for (size_t i = 1; i < o.args.size(); ++i) rest += (i > 1 ? " " : "") + o.args[i].text;
          if (rest != "with partner") fail(o.args.at(1).at, fmt::format("expected `exchange N with partner`, found '{}'", rest));
          for (int s = 0; s < v->seats; ++s)
            if (v->partner[s] < 0) fail(o.at, "an exchange with partner needs every player to have exactly one partner");
        }
      }
      std::string w = k.words.empty() ? "" : k.words;
      if (!w.empty() && !words.insert(w).second) fail(it.str->at, fmt::format("two bids are both called \"{}\"", w));
      if (v->bids.size() == 60) fail(it.at, "too many bid kinds (the limit is 60)");
      v->bids.push_back(k);
    }
    // calls: conversions (from bid options) and announcements, once every bid kind is known
    for (const item& it : items("bidding")) {
      if (it.kw == "bid")
        for (const item& o : it.sub)
          if (o.kw == "convert") {
            call_kind c;
            c.name = o.args.at(0).text;
            c.words = lower(o.str->text);
            c.by_team = v->bid_by_team;
            c.from_kind = bid_index(it.args[0].text);
            c.to_kind = bid_index(o.args.at(1).text);
            if (c.to_kind < 0) fail(o.args[1].at, fmt::format("unknown bid '{}'{}", o.args[1].text, did_you_mean(o.args[1].text, bid_names())));
            c.to_n = to_int(o.args.at(2), v->bids[c.to_kind].lo, v->bids[c.to_kind].hi, "the bid converted to");
            add_call(c, o.at);
          }
      if (it.kw == "announce") {
        call_kind c;
        c.name = it.args.at(0).text;
        c.words = lower(it.str->text);
        c.by_team = v->teams < v->seats;
        for (const item& o : it.sub) {
          if (o.kw == "by") c.by_team = choose(o.args.at(0), {"team", "player"}, "announcer") == "team";
          else if (o.kw != "allow") fail(o.at, fmt::format("`{}` is a bid option; an announcement takes `by` and `allow`", o.kw));
        }
        add_call(c, it.at);
      }
    }
    // compile the eligibility conditions once v->bids and v->calls are final (the vectors no longer move)
    size_t i = 0, ci = 0;
    for (const item& it : items("bidding")) {
      if (it.kw == "bid") {
        for (const item& o : it.sub) {
          if (o.kw == "allow") later(*o.cond, scope::bidding, &v->bids[i].when);
          if (o.kw == "convert") {
            if (o.cond) later(*o.cond, scope::bidding, &v->calls[ci].when);
            ++ci;
          }
        }
        ++i;
      }
      if (it.kw == "announce") {
        for (const item& o : it.sub)
          if (o.kw == "allow") later(*o.cond, scope::bidding, &v->calls[ci].when);
        ++ci;
      }
    }
    // bare numbers must name exactly one bid
    for (size_t a = 0; a < v->bids.size(); ++a)
      for (size_t b = a + 1; b < v->bids.size(); ++b) {
        const auto &x = v->bids[a], &y = v->bids[b];
        if (x.words.empty() && y.words.empty() && x.lo <= y.hi && y.lo <= x.hi)
          fail(bid_item(b)->at, fmt::format("bids '{}' and '{}' are both plain numbers over the same range: give one of them words", x.name, y.name),
               {{bid_item(a)->at, fmt::format("'{}' is defined here", x.name)}});
      }
  }
  static std::string lower(const std::string& s) {
    std::string out;
    for (char c : s) out += (char)std::tolower((unsigned char)c);
    return out;
  }
  int bid_index(const std::string& name) const {
    for (size_t i = 0; i < v->bids.size(); ++i)
      if (v->bids[i].name == name) return (int)i;
    return -1;
  }
  std::vector<std::string> bid_names() const {
    std::vector<std::string> out;
    for (auto& b : v->bids) out.push_back(b.name);
    return out;
  }
  void add_call(const call_kind& c, pos at) {
    if (v->calls.size() >= 32) fail(at, "too many announcements and conversions (the limit is 32)");
    for (const auto& o : v->calls) {
      if (o.name == c.name) fail(at, fmt::format("'{}' is already the name of an announcement or conversion", c.name));
      if (o.words == c.words) fail(at, fmt::format("two announcements are both called \"{}\"", c.words));
    }
    if (c.words.empty() || std::count(v->decline_words.begin(), v->decline_words.end(), c.words))
      fail(at, fmt::format("\"{}\" cannot name an announcement (it is empty, or means declining)", c.words));
    for (const auto& b : v->bids)
      if (b.name == c.name) fail(at, fmt::format("'{}' is already the name of a bid", c.name));
    v->calls.push_back(c);
  }
  const item* bid_item(size_t n) {
    for (const item& it : items("bidding"))
      if (it.kw == "bid" && n-- == 0) return &it;
    return nullptr;
  }

  // ---- play ----
  void play() {
    if (const item* it = find("play", "lead")) {
      const auto& a = it->args;
      if (a[0].text == "holder") {
        if (a.size() < 2) fail(a[0].at, "expected `lead holder CARD...`: the first of these cards held leads");
        v->lead = lead_start::holder;
        size_t end = a.size();
        if (end >= 3 && a[end - 2].text == "leading" && a[end - 1].text == "it") {
          v->lead_holder_card = true;  // and the opening lead is that very card
          end -= 2;
        }
        if (end < 2) fail(a[0].at, "expected `lead holder CARD... [leading it]`: the first of these cards held leads");
        for (size_t i = 1; i < end; ++i) {
          std::string c = normalise_card(a[i].text);
          if (!known_card(c)) fail(a[i].at, fmt::format("unknown card '{}'{}", a[i].text, did_you_mean(c, card_names())));
          v->lead_holder.push_back(v->find_card(c));
        }
      } else {
        if (a.size() != 1) fail(a[1].at, "expected the end of the line after the leading seat");
        static const std::vector<std::string> seats{"dealer_left", "dealer", "dealer_right", "holder"};
        std::string s = choose(a[0], seats, "first leader");
        v->lead = s == "dealer_left" ? lead_start::dealer_left : s == "dealer" ? lead_start::dealer : lead_start::dealer_right;
      }
    }
    for (const item& it : items("play"))
      if (it.kw == "forbid") {
        forbid_rule f;
        f.name = it.args.at(0).text;
        f.cards = card_group(it.args, 1);
        if (it.str) f.reason = it.str->text;
        v->forbids.push_back(f);
      }
    size_t i = 0;
    for (const item& it : items("play"))
      if (it.kw == "forbid") {
        if (it.cond) later(*it.cond, scope::play, &v->forbids[i].when);
        ++i;
      }
    if (const item* it = find("play", "broken_by"))
      for (const word& w : it->args) {
        std::string e = choose(w, {"discard", "lead", "win"}, "way of breaking trump");
        (e == "discard" ? v->broken_by_discard : e == "lead" ? v->broken_by_lead : v->broken_by_win) = true;
      }
    for (const item& it : items("play"))
      if (it.kw == "force") {
        force_rule f;
        f.name = it.args.at(0).text;
        size_t play = 1;
        while (play < it.args.size() && it.args[play].text != "play") ++play;
        f.lead = card_group(it.args, 1, play);
        const auto& a = it.args;
        if (play + 3 > a.size()) fail(it.at, "expected `force NAME lead CARDS play WHO highest|lowest CARDS`");
        std::string who = choose(a[play + 1], {"opponents", "others", "partner"}, "player group");
        f.who = who == "opponents" ? force_who::opponents : who == "others" ? force_who::others : force_who::partner;
        f.highest = choose(a[play + 2], {"highest", "lowest"}, "choice") == "highest";
        f.among = card_group(a, play + 3);
        if (f.among.empty()) fail(a[play + 2].at, "expected the cards to choose from after highest/lowest");
        if (it.str) f.reason = it.str->text;
        v->forces.push_back(f);
      }
    if (const item* it = find("play", "follow"))
      v->follow = choose(it->args.at(0), {"suit", "beat"}, "follow rule") == "beat" ? follow_rule::beat : follow_rule::suit;
  }

  // ---- scoring and the end ----
  void scoring() {
    for (const item& it : items("scoring")) {
      const std::string& name = it.args.at(0).text;
      if (it.kw == "counter") {
        if ((int)v->counters.size() == max_counters) fail(it.at, fmt::format("too many counters (the limit is {})", max_counters));
        v->counters.push_back(name);
        v->counter_init.push_back(it.args.size() > 1 ? to_int(it.args[1], -1000000, 1000000, "a counter's start") : 0);
        if (name == "bags") v->bags_counter = (int)v->counters.size() - 1;  // until counters declare their role
      } else if (it.kw == "tally") {
        if ((int)v->tallies.size() == max_tallies) fail(it.at, fmt::format("too many tallies (the limit is {})", max_tallies));
        v->tallies.push_back(name);
      }
    }
    size_t n = 0;
    for (const item& it : items("scoring")) n += it.kw == "rule";
    v->rules.reserve(n);
    for (const item& it : items("scoring"))
      if (it.kw == "rule") {
        score_rule sr;
        sr.name = it.args.at(0).text;
        sr.per_player = choose(it.args.at(1), {"player", "team"}, "rule scope") == "player";
        v->rules.push_back(sr);
        out.rules.push_back({&it, &v->rules.back()});
        if (it.cond) later(*it.cond, sr.per_player ? scope::player : scope::team, &v->rules.back().when);
      }
  }

  void end() {
    if (const item* it = find("end", "target")) {
      v->has_target = true;
      const word& w = it->args.at(0);
      if (std::isalpha((unsigned char)w.text[0]) || w.text[0] == '_') {
        auto f = std::find(v->option_names.begin(), v->option_names.end(), w.text);
        if (f == v->option_names.end()) fail(w.at, fmt::format("unknown option '{}' (a target is a number or an option){}", w.text, did_you_mean(w.text, v->option_names)));
        v->target_option = (int)(f - v->option_names.begin());
      } else {
        v->target = to_int(w, -1000000000, 1000000000, "the target");
      }
    }
    size_t nties = 0;
    for (const item& it : items("end")) nties += it.kw == "tie";
    v->ties.reserve(nties);
    const item* unconditional = nullptr;
    for (const item& it : items("end"))
      if (it.kw == "tie") {
        if (unconditional)
          fail(it.at, "this tie rule can never apply: the one before it has no condition",
               {{unconditional->at, "this tie rule always applies"}});
        if (!it.cond) unconditional = &it;
        tie_choice c;
        std::string t = choose(it.args.at(0), {"another_hand", "draw", "next_hand_decides"}, "tie rule");
        c.rule = t == "draw" ? tie_rule::draw : t == "next_hand_decides" ? tie_rule::next_hand_decides : tie_rule::another_hand;
        v->ties.push_back(c);
        if (it.cond) later(*it.cond, scope::game, &v->ties.back().when);
      }
    if (const item* it = find("end", "win")) later(*it->cond, scope::team, &v->win_when);
    if (const item* it = find("end", "lose")) later(*it->cond, scope::team, &v->lose_when);
    if (const item* it = find("end", "max_hands")) v->max_hands = to_int(it->args.at(0), 1, 100000, "max_hands");
    bool wins_in_rules = false;
    for (const item& it : items("scoring"))
      if (it.kw == "rule") wins_in_rules |= has_end_stmt(it.body);
    if (!v->has_target && !find("end", "win") && !find("end", "lose") && !wins_in_rules && !find("end", "max_hands")) {
      const resolved_block* b = r.find("end");
      fail(b ? b->at : pos{r.chain.empty() ? -1 : 0, 1, 1},
           "this game could never end: give it a `target`, a `win when` or `lose when` condition, or `max_hands` in 'end'");
    }
    if (v->has_target) out.target_at = find("end", "target")->at;
    out.ends_by_condition = find("end", "win") || find("end", "lose") || wins_in_rules;
  }
  static bool has_end_stmt(const std::vector<stmt>& body) {
    for (const stmt& s : body)
      if (s.kind == stmt::win || s.kind == stmt::lose || has_end_stmt(s.then_body) || has_end_stmt(s.else_body)) return true;
    return false;
  }

  void options() {
    static const std::vector<std::string> taken{
        "and", "or", "not", "if", "then", "else", "true", "false", "when", "sum", "count", "min", "max", "abs",
        "first_tricks", "partner_bid_is", "hand", "first_hand", "score", "behind", "broken", "trick", "tricks", "bid",
        "blind", "team_tricks", "team_bid", "last_trick", "team_bids_made", "partner_bid", "this_bid", "bids_made", "bids_total"};
    for (const item& it : r.options) {
      if (std::count(taken.begin(), taken.end(), it.args.at(0).text))
        fail(it.args[0].at, fmt::format("'{}' is a word of the language; an option needs another name", it.args[0].text));
      if ((int)v->option_names.size() == max_options) fail(it.at, fmt::format("too many options (the limit is {})", max_options));
      v->option_names.push_back(it.args.at(0).text);
      const std::string& val = it.args.at(1).text;
      v->option_defaults.push_back(val == "true" ? 1 : val == "false" ? 0 : to_int(it.args[1], -1000000000, 1000000000, "an option's value"));
    }
  }
};

}  // namespace

checked check(const resolved& r, const sources&) {
  checker c{r, checked{}};
  c.out.v = std::make_unique<variant>();
  c.v = c.out.v.get();
  c.v->name = r.name;
  c.v->decline_words = {"no", "none", "keep", "nothing"};
  c.out.drops = &r.drops;
  c.options();
  c.players();
  c.cards();
  c.deal();
  c.bidding();
  c.play();
  c.scoring();
  c.end();
  return std::move(c.out);
}

}  // namespace spades::lang
