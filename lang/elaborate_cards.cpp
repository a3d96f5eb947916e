// elaborate_cards: `cards` -> the deck (suits x ranks x packs, jokers, removals), the ranking, trumps and
// top trumps; and the card names the later blocks use, read against that deck.
#include <cctype>
#include <algorithm>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "lang/elaborate.hpp"

namespace spades::lang {

namespace {

std::vector<std::string> suit_letters(elaboration& e) {
  if (!e.syms.count(symbol_kind::suit)) return {"S", "H", "D", "C"};
  std::vector<std::string> suits;
  for (const symbol* s : e.syms.of(symbol_kind::suit)) {
    if (s->name.size() != 1 || !std::isupper((unsigned char)s->name[0])) fail(s->at, fmt::format("a suit is one capital letter, not '{}'", s->name));
    if (std::count(suits.begin(), suits.end(), s->name)) fail(s->at, fmt::format("suit '{}' is listed twice", s->name));
    suits.push_back(s->name);
  }
  return suits;
}

std::vector<std::string> rank_letters(elaboration& e) {
  const item* it = e.find(block_kind::cards, form::ranks);
  if (!it) return {"A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"};
  std::vector<std::string> ranks;
  for (const word& w : it->as<listing>().words) {
    // card names are read in either case (normalise_card upper-cases them), so a rank is kept upper-case
    std::string t = w.text == "10" ? "T" : w.text;
    for (char& c : t) c = (char)std::toupper((unsigned char)c);
    if (t.size() != 1) fail(w.at, fmt::format("a rank is one character (A K Q J T 9 ... 2), not '{}'", w.text));
    if (std::count(ranks.begin(), ranks.end(), t)) fail(w.at, fmt::format("rank '{}' is listed twice", w.text));
    ranks.push_back(t);
  }
  return ranks;
}

std::vector<std::string> joker_names(elaboration& e, const std::vector<std::string>& suits, const std::vector<std::string>& ranks) {
  std::vector<std::string> jokers;
  for (const symbol* j : e.syms.of(symbol_kind::joker)) {
    const std::string& n = j->name;
    if (n.size() != 2 || !std::isupper((unsigned char)n[0]) || !std::isupper((unsigned char)n[1]))
      fail(j->at, fmt::format("a joker is named by two capital letters (BJ, LJ), not '{}'", n));
    for (const auto& s : suits)
      for (const auto& rk : ranks)
        if (rk + s == n) fail(j->at, fmt::format("joker name '{}' is already a card", n));
    if (std::count(jokers.begin(), jokers.end(), n)) fail(j->at, fmt::format("joker '{}' is listed twice", n));
    jokers.push_back(n);
  }
  return jokers;
}

// Every pack's cards, less `remove`; ids 0..n-1 in that order.
void build_deck(elaboration& e, const std::vector<std::string>& suits, const std::vector<std::string>& ranks) {
  variant& v = e.v;
  int packs = 1;
  if (const item* it = e.find(block_kind::cards, form::packs)) packs = to_int(it->as<setting>().value, 1, 2, "the number of packs");
  std::vector<std::string> jokers = joker_names(e, suits, ranks);
  std::vector<card_face> all;
  for (int p = 0; p < packs; ++p) {
    for (int s = 0; s < (int)suits.size(); ++s)
      for (int k = 0; k < (int)ranks.size(); ++k) all.push_back({ranks[k] + suits[s], s, k, p});
    for (const auto& j : jokers) all.push_back({j, -1, 0, p});
  }
  if ((int)all.size() > max_cards) fail(e.r.find(block_kind::cards)->at, fmt::format("the deck has {} cards; the limit is {}", all.size(), max_cards));
  std::vector<bool> removed(all.size());
  if (const item* it = e.find(block_kind::cards, form::remove))
    for (const word& w : it->as<listing>().words) {
      std::string c = normalise_card(w.text);
      auto f = std::find_if(all.begin(), all.end(), [&](const card_face& x) { return !removed[&x - all.data()] && x.name == c; });
      if (f == all.end())
        fail(w.at, fmt::format("cannot remove '{}': {}", w.text,
                               std::any_of(all.begin(), all.end(), [&](auto& x) { return x.name == c; }) ? "every copy is already removed" : "no such card in the deck"));
      removed[f - all.begin()] = true;
    }
  for (size_t i = 0; i < all.size(); ++i)
    if (!removed[i]) v.cards.push_back(all[i]);
  for (int i = 0; i < (int)v.cards.size(); ++i) v.deck.add(i);
}

// `top_trumps CARDS`: above the trump suit's ranks, in the order listed.
void top_trumps(elaboration& e) {
  variant& v = e.v;
  const item* it = e.find(block_kind::cards, form::top_trumps);
  if (!it) return;
  if (v.trump_suit < 0) fail(it->at, "top_trumps needs a trump suit (set `trump` in 'cards')");
  const std::vector<word>& listed = it->as<listing>().words;
  int k = (int)listed.size();
  std::set<std::string> seen;
  for (const word& w : listed) {
    std::string c = normalise_card(w.text);
    if (!known_card(v, c)) fail(w.at, fmt::format("unknown card '{}' in top_trumps{}", w.text, did_you_mean(c, card_names(v))));
    if (!seen.insert(c).second) fail(w.at, fmt::format("card '{}' is listed twice in top_trumps", w.text));
    for (int i = 0; i < (int)v.cards.size(); ++i)
      if (v.cards[i].name == c) { v.follow_suit[i] = (int8_t)v.trump_suit; v.power[i] = (int16_t)(1000 + k); }
    --k;
  }
}

// Each card's suit for following and its power; `trump`, top trumps; every joker must end up ranked.
void ranking(elaboration& e, const std::vector<std::string>& suits, size_t nranks) {
  variant& v = e.v;
  const int nc = (int)v.cards.size();
  v.follow_suit.assign(nc, 0);
  v.power.assign(nc, 0);
  for (int i = 0; i < nc; ++i) {
    v.follow_suit[i] = (int8_t)v.cards[i].suit;
    v.power[i] = (int16_t)(nranks - v.cards[i].rank);
  }
  if (const item* it = e.find(block_kind::cards, form::trump)) {
    const word& w = it->as<setting>().value;
    if (w.text != "none") {
      auto f = std::find(suits.begin(), suits.end(), w.text);
      if (f == suits.end()) fail(w.at, fmt::format("trump must be a suit ({}) or none, not '{}'{}", fmt::join(suits, " "), w.text, did_you_mean(w.text, suits)));
      v.trump_suit = (int)(f - suits.begin());
    }
  }
  top_trumps(e);
  for (int i = 0; i < nc; ++i)
    if (v.follow_suit[i] < 0) {
      const symbol* j = e.syms.find(v.cards[i].name, symbol_kind::joker);
      fail(j->at, fmt::format("joker '{}' has no suit and no rank: list it in top_trumps", v.cards[i].name));
    }
  v.follow_mask.assign(suits.size(), {});
  for (int i = 0; i < nc; ++i) {
    v.follow_mask[v.follow_suit[i]].add(i);
    if (v.follow_suit[i] == v.trump_suit) v.trump.add(i);
  }
}

}  // namespace

// How the suits are shown to people: the four suits of the French pack by their usual letters get their
// symbols, hearts and diamonds in red (spec/language.md, "How cards are shown"); any other suit by its letter.
static void shown_suits(variant& v) {
  struct shown {
    const char* letter;
    const char* symbol;
    bool red;
  };
  static constexpr shown french[] = {{"S", "\u2660", false}, {"H", "\u2665", true}, {"D", "\u2666", true}, {"C", "\u2663", false}};
  v.suit_symbols.assign(v.suit_names.size(), "");
  v.suit_red.assign(v.suit_names.size(), 0);
  for (size_t s = 0; s < v.suit_names.size(); ++s)
    for (const shown& f : french)
      if (v.suit_names[s] == f.letter) {
        v.suit_symbols[s] = f.symbol;
        v.suit_red[s] = f.red;
      }
}

void elaborate_cards(elaboration& e) {
  std::vector<std::string> suits = suit_letters(e);
  std::vector<std::string> ranks = rank_letters(e);
  e.v.suit_names = suits;
  shown_suits(e.v);
  build_deck(e, suits, ranks);
  ranking(e, suits, ranks.size());
  constexpr enum_word<bool> ties[] = {{"later_wins", true}, {"first_wins", false}};  // variant::later_wins
  if (const item* it = e.find(block_kind::cards, form::ties)) e.v.later_wins = choose_word(it->as<setting>().value, ties, "tie rule");
}

bool known_card(const variant& v, const std::string& c) {
  return std::any_of(v.cards.begin(), v.cards.end(), [&](const card_face& f) { return f.name == c; });
}

std::vector<std::string> card_names(const variant& v) {
  std::vector<std::string> out;
  for (const auto& f : v.cards) out.push_back(f.name);
  return out;
}

int card_of(const variant& v, const word& w) {
  std::string c = normalise_card(w.text);
  if (!known_card(v, c)) fail(w.at, fmt::format("unknown card '{}'{}", w.text, did_you_mean(c, card_names(v))));
  return v.find_card(c);
}

namespace {

// The words of a card group besides suit letters and cards: `all`, `rank R…`, `trump`, `except` (the rest
// of the group is taken out).
enum class group_word : uint8_t { all, except, rank, trump };
constexpr enum_word<group_word> group_words[] = {
    {"all", group_word::all}, {"except", group_word::except}, {"rank", group_word::rank}, {"trump", group_word::trump}};
std::optional<group_word> group_word_of(const word& w) {
  for (const enum_word<group_word>& g : group_words)
    if (g.word == w.text) return g.value;
  return std::nullopt;
}

// The deck's ranks, high to low, as their one-character names (jokers have none).
std::vector<std::string> rank_names(const variant& v) {
  std::vector<std::string> out;
  for (const card_face& f : v.cards)
    if (f.suit >= 0 && std::find(out.begin(), out.end(), f.name.substr(0, 1)) == out.end()) out.push_back(f.name.substr(0, 1));
  return out;
}

// `rank R…`: every card of these ranks, whatever its suit, up to `except` or the group's end; returns the
// index of the first word after the ranks.
size_t ranks_named(const variant& v, const std::vector<word>& ws, size_t i, size_t to, card_set& s) {
  const word& kw = ws[i++];
  const std::vector<std::string> ranks = rank_names(v);
  size_t first = i;
  for (; i < ws.size() && i < to && group_word_of(ws[i]) != group_word::except; ++i) {
    std::string r = ws[i].text == "10" ? "T" : ws[i].text;  // as in card names: "10" is T, "a" is A
    for (char& ch : r) ch = (char)std::toupper((unsigned char)ch);
    if (std::find(ranks.begin(), ranks.end(), r) == ranks.end())
      fail(ws[i].at, fmt::format("unknown rank '{}' (the ranks are: {})", ws[i].text, fmt::join(ranks, " ")));
    for (int c = 0; c < (int)v.cards.size(); ++c)
      if (v.cards[c].suit >= 0 && v.cards[c].name[0] == r[0]) s.add(c);
  }
  if (i == first) fail(kw.at, fmt::format("expected one or more ranks after 'rank' (the ranks are: {})", fmt::join(ranks, " ")));
  return i;
}

}  // namespace

card_set card_group(const variant& v, const std::vector<word>& ws, size_t from, size_t to) {
  card_set s;
  for (size_t i = from; i < ws.size() && i < to; ++i) {
    const word& w = ws[i];
    switch (group_word_of(w).value_or(group_word(255))) {
      case group_word::all: s |= v.deck; continue;
      case group_word::except:
        for (size_t j = i + 1; j < ws.size() && j < to; ++j)
          if (group_word_of(ws[j]) == group_word::except)
            fail(ws[j].at, "a card group has one 'except': list every card it takes out after it ('S except AS KS')");
        return s & ~card_group(v, ws, i + 1, to);
      case group_word::rank: i = ranks_named(v, ws, i, to, s) - 1; continue;
      case group_word::trump:
        if (v.trump_suit < 0) fail(w.at, "'trump' used but this variant has no trump suit");
        s |= v.trump;
        continue;
    }
    auto f = std::find(v.suit_names.begin(), v.suit_names.end(), w.text);
    if (f != v.suit_names.end()) { s |= v.follow_mask[f - v.suit_names.begin()]; continue; }
    std::string c = normalise_card(w.text);
    if (!known_card(v, c)) {
      auto cands = card_names(v);
      cands.push_back("trump");
      cands.insert(cands.end(), v.suit_names.begin(), v.suit_names.end());
      std::string hint = did_you_mean(w.text, cands);
      if (hint.empty()) hint = fmt::format(" (expected a suit letter: {}, a card such as Q{}, or trump)", fmt::join(v.suit_names, " "), v.suit_names.at(0));
      fail(w.at, fmt::format("unknown card or suit '{}'{}", w.text, hint));
    }
    s |= v.cards_named(c);
  }
  return s;
}

}  // namespace spades::lang
