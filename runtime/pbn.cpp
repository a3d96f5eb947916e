// PBN deal strings: the variant's seats and suits, in their declared order, as PBN's N E S W and S H D C.
#include "runtime/pbn.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include "runtime/diagnostic.hpp"

namespace spades {

namespace {

const char pbn_seats[] = "NESW";
const char pbn_suits[] = "SHDC";
const std::string_view pbn_ranks = "AKQJT98765432";

// The rank of a card as PBN writes it: one of PBN's thirteen ranks, or 0.
char rank_char(const variant& v, int card) {
  const std::string rank = v.rank_name(v.cards[card]);
  return rank.size() == 1 && pbn_ranks.find(rank[0]) != std::string_view::npos ? rank[0] : 0;
}

}  // namespace

std::string pbn_unsupported(const variant& v) {
  const char* what = "PBN describes four hands of one pack of four suits, without jokers";
  if (v.seats != 4) return fmt::format("{}: this variant has {} seats", what, v.seats);
  if (v.suit_names.size() != 4) return fmt::format("{}: this deck has {} suits", what, v.suit_names.size());
  std::vector<std::string> jokers;
  for (const card_face& f : v.cards)
    if (f.suit < 0) jokers.push_back(f.name);
  if (!jokers.empty()) return fmt::format("{}: this deck has jokers ({})", what, fmt::join(jokers, ", "));
  for (const card_face& f : v.cards)
    if (f.pack > 0) return fmt::format("{}: this deck has two packs", what);
  for (size_t c = 0; c < v.cards.size(); ++c)
    if (!rank_char(v, (int)c)) return fmt::format("{}: the rank of {} is not one of PBN's (AKQJT98765432)", what, v.cards[c].name);
  return "";
}

std::string pbn_extended_unsupported(const variant& v) {
  if (v.seats != 4) return fmt::format("PBN describes four hands (N E S W): this variant has {} seats", v.seats);
  return "";
}

std::string pbn_deck_tag(const variant& v) {
  std::vector<std::string> ranks, jokers;
  int packs = 1;
  for (const card_face& f : v.cards) {
    packs = std::max(packs, f.pack + 1);
    if (f.suit < 0) {
      if (std::find(jokers.begin(), jokers.end(), f.name) == jokers.end()) jokers.push_back(f.name);
      continue;
    }
    std::string r = v.rank_name(f);
    if (std::find(ranks.begin(), ranks.end(), r) == ranks.end()) ranks.push_back(r);
  }
  std::string out = fmt::format("suits {}; ranks {}", fmt::join(v.suit_names, " "), fmt::join(ranks, " "));
  if (!jokers.empty()) out += fmt::format("; jokers {}", fmt::join(jokers, " "));
  return out + fmt::format("; packs {}", packs);
}

char pbn_seat(int seat) { return pbn_seats[seat]; }

std::string pbn_card(const variant& v, int card) {
  const card_face& f = v.cards[card];
  if (f.suit < 0) return "+" + f.name;
  if (pbn_unsupported(v).empty()) return {pbn_suits[f.suit], rank_char(v, card)};
  return v.suit_names[f.suit] + v.rank_name(f);
}

std::string pbn_deal(const variant& v, const std::array<card_set, max_seats>& hands, int first) {
  const int suits = (int)v.suit_names.size();
  std::string out{pbn_seat(first), ':'};
  for (int i = 0; i < 4; ++i) {
    int seat = (first + i) % 4;
    if (i) out += ' ';
    for (int s = 0; s < suits; ++s) {
      if (s) out += '.';
      std::vector<int> cs;
      hands[seat].for_each([&](int c) {
        if (v.cards[c].suit == s) cs.push_back(c);
      });
      // high to low, as PBN lists them
      std::stable_sort(cs.begin(), cs.end(), [&](int a, int b) { return v.cards[a].rank < v.cards[b].rank; });
      for (int c : cs) out += v.rank_name(v.cards[c]);
    }
    hands[seat].for_each([&](int c) {
      if (v.cards[c].suit < 0) out += "+" + v.cards[c].name;
    });
  }
  return out;
}

namespace {

// A copy of the card named `name` not yet in `used`, or -1 (none, or every copy given).
int unused_copy(const variant& v, const std::string& name, const card_set& used, bool& known) {
  known = false;
  for (int c = 0; c < (int)v.cards.size(); ++c)
    if (v.cards[c].name == name) {
      known = true;
      if (!used.has(c)) return c;
    }
  return -1;
}

// One hand of a deal string: the suits separated by dots, then each joker after a `+`.
bool read_pbn_hand(const variant& v, const std::string& hand, int seat, card_set& used, card_set& out, std::string& err) {
  const bool strict = pbn_unsupported(v).empty();
  const size_t suits = v.suit_names.size();
  const size_t plus = hand.find('+');
  const std::string suited = hand.substr(0, plus);
  if ((size_t)std::count(suited.begin(), suited.end(), '.') != suits - 1) {
    err = strict ? fmt::format("'{}' is not a PBN hand (four suits separated by dots, like AKQ.JT9.876.5432)", hand)
                 : fmt::format("'{}' is not a hand of this deck ({} suits separated by dots, {} in order, then + and each joker held)", hand,
                               suits, fmt::join(v.suit_names, " "));
    return false;
  }
  for (char ch : suited)
    if (ch != '.' && !(ch > ' ' && ch < 0x7f)) {  // a control byte (NUL) or a byte of a UTF-8 character (♠)
      err = fmt::format("the hand of {} ('{}') holds a character that is not a rank: a hand is its ranks, suits separated by dots "
                        "(AKQ.JT9.876.5432)",
                        v.seat_names[seat], printable(hand));
      return false;
    }
  std::vector<std::string> names;
  size_t suit = 0;
  for (char ch : suited) {
    if (ch == '.') ++suit;
    else names.push_back(std::string(1, (char)std::toupper((unsigned char)ch)) + v.suit_names[suit]);
  }
  for (size_t at = plus; at != std::string::npos;) {
    const size_t next = hand.find('+', at + 1);
    names.push_back(hand.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1));
    at = next;
  }
  for (const std::string& name : names) {
    bool known = false;
    const int c = unused_copy(v, name, used, known);
    if (!known) { err = fmt::format("{} in the hand of {} is not a card of this deck", name, v.seat_names[seat]); return false; }
    if (c < 0) { err = fmt::format("{} is dealt more often than the deck holds it", name); return false; }
    used.add(c);
    out.add(c);
  }
  return true;
}

}  // namespace

bool read_pbn_deal(const variant& v, std::string_view text, std::array<card_set, max_seats>& out, std::string& err) {
  err = pbn_extended_unsupported(v);
  if (!err.empty()) return false;
  out = {};
  const char* dirs = pbn_seats;
  if (text.size() < 2 || text[1] != ':' || !std::strchr(dirs, std::toupper((unsigned char)text[0]))) {
    err = "a PBN deal starts with the first hand's direction and a colon (\"N:\", \"E:\", \"S:\" or \"W:\")";
    return false;
  }
  const int first = (int)(std::strchr(dirs, std::toupper((unsigned char)text[0])) - dirs);
  std::istringstream in{std::string(text.substr(2))};
  std::string hand;
  card_set used;
  int i = 0;
  for (; in >> hand; ++i) {
    const int seat = (first + i) % 4;
    if (i == 4) { err = "a PBN deal has four hands"; return false; }
    if (hand == "-") { err = fmt::format("the hand of {} is not given ('-'): a test hand needs every card dealt", v.seat_names[seat]); return false; }
    if (!read_pbn_hand(v, hand, seat, used, out[seat], err)) return false;
  }
  if (i != 4) { err = "a PBN deal has four hands"; return false; }
  return true;
}

}  // namespace spades
