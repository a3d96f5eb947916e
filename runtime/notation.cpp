// Move text, shared by the interactive table, the test-hand runner and the bots' logs.
#include "runtime/notation.hpp"

#include <cctype>
#include <cstring>

#include <algorithm>

#include <fmt/format.h>

namespace spades {

std::string lower_words(std::string_view text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (std::isspace((unsigned char)c)) { space = !out.empty(); continue; }
    if (space) { out += ' '; space = false; }
    out += (char)std::tolower((unsigned char)c);
  }
  return out;
}

bool read_card_notation(std::string_view word, card_notation& out) {
  if (word == "plain") out = card_notation::plain;
  else if (word == "symbols") out = card_notation::symbols;
  else return false;
  return true;
}

std::string show_card(const variant& v, int card, card_notation n) {
  const card_face& f = v.cards[card];
  if (f.suit < 0) return f.name;
  const std::string& suit = v.suit_names[f.suit];
  std::string rank = v.rank_name(f);
  if (rank == "T") rank = "10";  // as it is read in card names too
  return rank + (n == card_notation::symbols && !v.suit_symbols[f.suit].empty() ? v.suit_symbols[f.suit] : suit);
}

std::string show_cards(const variant& v, card_set s, card_notation n) {
  std::string out;
  s.for_each([&](int c) {
    if (!out.empty()) out += ' ';
    out += show_card(v, c, n);
  });
  return out;
}

bool red_card(const variant& v, int card) {
  const int suit = v.cards[card].suit;
  return suit >= 0 && v.suit_red[suit];
}

// A name from the file as a player would say it: `blind_nil` -> "blind nil".
static std::string spoken(std::string name) {
  for (char& c : name)
    if (c == '_') c = ' ';
  return name;
}

std::string format_bid(const variant& v, int kind, int n) {
  const bid_kind& k = v.bids[kind];
  if (k.words.empty()) return std::to_string(n);
  if (k.lo == k.hi) return k.words;
  return fmt::format("{} {}", k.words, n);
}

std::string bid_summary(const variant& v) {
  std::string out;
  for (const bid_kind& k : v.bids) {
    if (!out.empty()) out += ", ";
    if (k.lo == k.hi) out += k.words.empty() ? std::to_string(k.lo) : k.words;
    else out += fmt::format("{}{}..{}", k.words.empty() ? "" : k.words + " ", k.lo, k.hi);
  }
  return out;
}

// Answers to a partner's bid that needs agreement: the first of each is how it is shown.
static const char* const agree_words[] = {"agree", "yes"};
static const char* const refuse_words[] = {"refuse", "no"};
// Answers to the card drawn from the stock.
static const char* const keep_word = "keep";
static const char* const discard_word = "discard";

bool is_look(std::string_view text) { return lower_words(text) == look_word; }

std::string format_move(const game_state& st, const move& m) {
  if (m.type == move::bid) return format_bid(*st.v, m.a, m.b);
  if (m.type == move::call) {
    // declining is shown as the first of the variant's decline words
    const std::vector<std::string>& no = st.v->decline_words;
    return m.a >= 0 ? st.v->calls[m.a].words : no.empty() ? std::string() : no.front();
  }
  if (m.type == move::choice && st.ph == phase::exchange) {  // an exchange the bidder may decline
    const std::vector<std::string>& no = st.v->decline_words;
    return m.a != 0 ? std::string("exchange") : no.empty() ? std::string() : no.front();
  }
  if (m.type == move::choice && st.ph == phase::draw) return m.a ? keep_word : discard_word;
  if (m.type == move::choice) return m.a ? agree_words[0] : refuse_words[0];
  if (m.type == move::raise) return m.a < 0 ? std::string("pass") : fmt::format("raise to {}", m.a);
  return st.v->cards[m.a].name;
}

static bool all_digits(std::string_view s) {
  if (s.empty() || s.size() > 6) return false;
  for (char c : s)
    if (!std::isdigit((unsigned char)c)) return false;
  return true;
}

// Numbers as players say them: "ten for 200" and "10 for 200" are the same words, "four no trump" is "4 no trump".
static const char* const number_words[] = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                                           "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
                                           "eighteen", "nineteen", "twenty"};

// The number a word says (digits, or a number word), or -1.
static int number_said(std::string_view word) {
  if (all_digits(word)) return std::stoi(std::string(word));
  for (size_t i = 0; i < std::size(number_words); ++i)
    if (word == number_words[i]) return (int)i;
  return -1;
}

static std::vector<std::string_view> split_words(std::string_view text) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < text.size()) {
    size_t j = std::min(text.find(' ', i), text.size());
    if (j > i) out.push_back(text.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

// Two runs of words said alike: word for word, a number the same however it is said.
static bool said_alike(const std::vector<std::string_view>& a, size_t from, const std::vector<std::string_view>& b, size_t b_from, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    std::string_view x = a[from + i], y = b[b_from + i];
    if (x != y && (number_said(x) < 0 || number_said(x) != number_said(y))) return false;
  }
  return true;
}

// The forms of a bid beyond those parse_bid tries first (which keep their meaning): a number said as a word
// ("six"), the words with their numbers said either way ("10 for 200"), and the number anywhere among the
// words of a kind with a range ("4 no trump", "blind 5 no trump" as well as "no trump 4").
static bool parse_spoken_bid(const variant& v, std::string_view t, move& out) {
  std::vector<std::string_view> said = split_words(t);
  if (said.size() == 1 && !all_digits(said[0]) && number_said(said[0]) >= 0) {
    std::string err;
    return parse_bid(v, std::to_string(number_said(said[0])), out, err);
  }
  for (size_t k = 0; k < v.bids.size(); ++k) {
    const bid_kind& b = v.bids[k];
    for (const std::string& w : {b.words, spoken(b.name)}) {
      std::vector<std::string_view> words = split_words(w);
      if (words.empty()) continue;
      if (b.lo == b.hi && said.size() == words.size() && said_alike(said, 0, words, 0, words.size())) {
        out = move::make_bid((int)k, b.lo);
        return true;
      }
      if (b.lo == b.hi || said.size() != words.size() + 1) continue;
      for (size_t at = 0; at <= words.size(); ++at) {
        int n = number_said(said[at]);
        if (n >= 0 && said_alike(said, 0, words, 0, at) && said_alike(said, at + 1, words, at, words.size() - at)) {
          out = move::make_bid((int)k, n);
          return true;
        }
      }
    }
  }
  return false;
}

bool names_a_bid(const variant& v, std::string_view text) {
  const std::string t = lower_words(text);
  if (!t.empty() && std::isdigit((unsigned char)t[0])) return true;
  for (const bid_kind& b : v.bids)
    for (const std::string& w : {b.words, spoken(b.name), lower_words(b.name)})
      if (!w.empty() && t.compare(0, w.size(), w) == 0) return true;
  return false;
}

bool parse_bid(const variant& v, std::string_view text, move& out, std::string& err) {
  std::string t = lower_words(text);
  if (all_digits(t)) {
    int n = std::stoi(t);
    // a bare number: the plain-number bid first, then a worded bid of exactly that number (0 = nil)
    for (int pass = 0; pass < 2; ++pass)
      for (size_t k = 0; k < v.bids.size(); ++k) {
        const bid_kind& b = v.bids[k];
        bool plain = b.words.empty();
        if ((pass == 0 ? plain : (!plain && !b.blind && b.lo == b.hi)) && n >= b.lo && n <= b.hi) {
          out = move::make_bid((int)k, n);
          return true;
        }
      }
    for (size_t k = 0; k < v.bids.size(); ++k)
      if (v.bids[k].words.empty()) { out = move::make_bid((int)k, n); return true; }  // out of range: legality says why
    err = fmt::format("there is no bid of {} (bids: {})", n, bid_summary(v));
    return false;
  }
  for (size_t k = 0; k < v.bids.size(); ++k) {
    const bid_kind& b = v.bids[k];
    // its words, and its name from the file either as spoken ("blind nil") or as written ("blind_nil")
    std::string name = spoken(b.name);
    for (const std::string& w : {b.words, name, lower_words(b.name)}) {
      if (w.empty()) continue;
      if (t == w) {
        if (b.lo == b.hi) { out = move::make_bid((int)k, b.lo); return true; }
        err = fmt::format("'{}' needs a number: {} {}..{}", w, w, b.lo, b.hi);
        return false;
      }
      if (t.size() > w.size() && t.compare(0, w.size(), w) == 0 && t[w.size()] == ' ' && all_digits(t.substr(w.size() + 1))) {
        out = move::make_bid((int)k, std::stoi(t.substr(w.size() + 1)));
        return true;
      }
    }
  }
  if (parse_spoken_bid(v, t, out)) return true;
  err = fmt::format("'{}' is not a bid (bids: {})", t, bid_summary(v));
  return false;
}

// Cards of this deck as a player types them, for the message about a word that is none: the first suit's
// top card, a ten both ways, the last suit's lowest card, and every joker ("AS, TD, 10D, 2C, BJ, LJ").
static std::string card_examples(const variant& v) {
  std::vector<std::string> out;
  auto add = [&](const std::string& name) {
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
  };
  auto extreme = [&](int suit, bool top) {
    int pick = -1;
    for (int i = 0; i < (int)v.cards.size(); ++i)
      if (v.cards[i].suit == suit && (pick < 0 || (top ? v.cards[i].rank < v.cards[pick].rank : v.cards[i].rank > v.cards[pick].rank)))
        pick = i;
    return pick;
  };
  const int suits = (int)v.suit_names.size();
  if (suits > 0) {
    if (int c = extreme(0, true); c >= 0) add(v.cards[c].name);
    const std::string& mid = v.suit_names[std::min(2, suits - 1)];
    if (v.find_card("T" + mid) >= 0) { add("T" + mid); add("10" + mid); }
    if (int c = extreme(suits - 1, false); c >= 0) add(v.cards[c].name);
  }
  for (const card_face& c : v.cards)
    if (c.suit < 0) add(c.name);
  return fmt::format("{}", fmt::join(out, ", "));
}

static bool parse_card(const game_state& st, int seat, std::string_view text, int& card, std::string& err) {
  const variant& v = *st.v;
  card_set named = v.cards_named(text);
  if (named.empty()) {
    err = fmt::format("'{}' is not a card (cards are like {})", std::string(text), card_examples(v));
    return false;
  }
  card_set held = named & st.hands[seat];
  card = held.empty() ? named.first() : held.first();
  return true;
}

namespace {

// parse_action's steps, one per kind of decision: each reads the text `t` (lower_words) for the phase.

bool parse_bid_action(const game_state& st, const std::string& t, std::vector<move>& out, std::string& err) {
  move m;
  if (parse_bid(*st.v, t, m, err)) {
    out.push_back(m);
    return true;
  }
  // a misdeal called in the bidding is read as the call, so that why_illegal can say why it is refused
  for (size_t k = 0; k < st.v->calls.size(); ++k) {
    const call_kind& c = st.v->calls[k];
    if (c.redeal && (t == c.words || t == spoken(c.name) || t == lower_words(c.name))) {
      out.push_back(move::make_call((int)k));
      err.clear();
      return true;
    }
  }
  return false;
}

bool parse_agree(const game_state& st, const std::string& t, std::vector<move>& out, std::string& err) {
  for (const char* w : agree_words)
    if (t == w) { out.push_back(move::make_choice(1)); return true; }
  for (const char* w : refuse_words)
    if (t == w) { out.push_back(move::make_choice(0)); return true; }
  err = fmt::format("'{}' is not an answer to {}'s bid (agree or refuse)", t, st.v->seat_names[st.asking]);
  return false;
}

// `raise to N` (or `raise N`): the side's new total; `pass` (or a word that declines a call) keeps its bid
bool parse_raise(const game_state& st, const std::string& t, std::vector<move>& out, std::string& err) {
  if (t == "pass" || std::count(st.v->decline_words.begin(), st.v->decline_words.end(), t)) { out.push_back(move::make_raise(-1)); return true; }
  for (const char* verb : {"raise to ", "raise "})
    if (t.compare(0, std::strlen(verb), verb) == 0 && all_digits(t.substr(std::strlen(verb)))) {
      // a number past any bid stays past it (not wrapped into range by the move's 16 bits)
      out.push_back(move::make_raise(std::min(std::stoi(t.substr(std::strlen(verb))), 10000)));
      return true;
    }
  err = fmt::format("'{}' is not a raise (`raise to N` for your side's new bid, or `pass`)", t);
  return false;
}

bool parse_draw(const std::string& t, std::vector<move>& out, std::string& err) {
  if (t == keep_word) { out.push_back(move::make_choice(1)); return true; }
  if (t == discard_word) { out.push_back(move::make_choice(0)); return true; }
  err = fmt::format("'{}' is not an answer to the card drawn (keep or discard)", t);
  return false;
}

bool parse_call(const game_state& st, const std::string& t, std::vector<move>& out, std::string& err) {
  if (std::count(st.v->decline_words.begin(), st.v->decline_words.end(), t)) { out.push_back(move::make_call(-1)); return true; }
  for (size_t k = 0; k < st.v->calls.size(); ++k) {
    const call_kind& c = st.v->calls[k];
    if (t == c.words || t == spoken(c.name) || t == lower_words(c.name)) { out.push_back(move::make_call((int)k)); return true; }
  }
  std::string open;
  move ms[max_moves];
  int n = st.legal_moves(ms);
  for (int i = 0; i < n; ++i) open += (open.empty() ? "" : ", ") + format_move(st, ms[i]);
  err = fmt::format("'{}' is not an announcement (now: {})", t, open);
  return false;
}

// The verb before the cards of a pass or a discard ("pass ", "give ", "discard ", "drop "), taken off `rest`;
// false with `err` when it does not fit the phase.
bool strip_card_verb(const game_state& st, std::string& rest, std::string& err) {
  for (const char* verb : {"pass ", "give ", "discard ", "drop "}) {
    size_t len = std::strlen(verb);
    if (rest.compare(0, len, verb) != 0) continue;
    bool discarding = verb[0] == 'd';
    if (st.ph == phase::play) { err = "that is not a card to play now"; return false; }
    if (discarding != (st.ph == phase::discard)) {
      err = st.ph == phase::discard ? std::string("it is time to discard, not to pass")
                                    : fmt::format("it is time to pass cards {}, not to discard", st.pass_words());
      return false;
    }
    rest = rest.substr(len);
    break;
  }
  return true;
}

// The cards named in `rest`, one move each; with two packs a card named twice means both copies held.
bool parse_card_list(const game_state& st, const std::string& rest, std::vector<move>& out, std::string& err) {
  size_t i = 0;
  while (i < rest.size()) {
    size_t j = rest.find(' ', i);
    std::string tok = rest.substr(i, j == std::string::npos ? std::string::npos : j - i);
    int c;
    if (!parse_card(st, st.turn, tok, c, err)) return false;
    card_set named_before;
    for (const move& m : out) named_before.add(m.a);
    if (named_before.has(c)) {
      card_set other = st.v->cards_named(tok) & st.hands[st.turn] & ~named_before;
      if (other.empty()) { err = fmt::format("{} is named twice", st.v->cards[c].name); return false; }
      c = other.first();
    }
    out.push_back(move::make_card(c));
    if (j == std::string::npos) break;
    i = j + 1;
  }
  return true;
}

// A card to play, or the cards to pass, discard or exchange: as many as the decision wants.
bool parse_cards(const game_state& st, const std::string& t, std::vector<move>& out, std::string& err) {
  if (t == keep_word || (t == discard_word && st.ph != phase::discard)) {
    err = fmt::format("there is no card drawn to {} now", t);
    return false;
  }
  std::string rest = t;
  if (!strip_card_verb(st, rest, err) || !parse_card_list(st, rest, out, err)) return false;
  if (st.ph == phase::play && out.size() != 1) { err = "play one card"; return false; }
  int want = st.ph == phase::exchange ? st.exchange_left : st.cards_left;
  if (st.ph != phase::play && (int)out.size() != want) {
    err = fmt::format("{} exactly {} card{}", st.ph == phase::discard ? "discard" : "pass", want, want == 1 ? "" : "s");
    return false;
  }
  return true;
}

}  // namespace

bool parse_action(const game_state& st, std::string_view text, std::vector<move>& out, std::string& err) {
  out.clear();
  std::string t = lower_words(text);
  if (t.empty()) { err = "nothing was entered"; return false; }
  switch (st.ph) {
    case phase::bid: return parse_bid_action(st, t, out, err);
    case phase::agree: return parse_agree(st, t, out, err);
    case phase::raise: return parse_raise(st, t, out, err);
    case phase::draw: return parse_draw(t, out, err);
    case phase::call: return parse_call(st, t, out, err);
    default: break;
  }
  // an exchange the bidder may decline: `exchange` (or `yes`) agrees, a decline word declines, and giving
  // the cards agrees (they are parsed below)
  if (st.ph == phase::exchange && st.exchange_offer) {
    if (t == "exchange" || t == "yes") { out.push_back(move::make_choice(1)); return true; }
    if (std::count(st.v->decline_words.begin(), st.v->decline_words.end(), t)) { out.push_back(move::make_choice(0)); return true; }
  }
  if (st.ph == phase::exchange || st.ph == phase::play || st.ph == phase::pass || st.ph == phase::discard)
    return parse_cards(st, t, out, err);
  err = st.ph == phase::over ? "the game is over" : "the cards have not been dealt";
  return false;
}

}  // namespace spades
