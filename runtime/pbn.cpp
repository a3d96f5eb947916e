// PBN deal strings: the variant's seats and suits, in their declared order, as PBN's N E S W and S H D C.
#include "runtime/pbn.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <sstream>
#include <vector>

#include <fmt/format.h>

namespace spades {

namespace {

const char pbn_seats[] = "NESW";
const char pbn_suits[] = "SHDC";
const std::string_view pbn_ranks = "AKQJT98765432";

// The rank of a card as PBN writes it: the card's name less its suit, one of PBN's thirteen ranks.
char rank_char(const variant& v, int card) {
  const card_face& f = v.cards[card];
  std::string rank = f.name.substr(0, f.name.size() - v.suit_names[f.suit].size());
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

char pbn_seat(int seat) { return pbn_seats[seat]; }
char pbn_suit(int suit) { return pbn_suits[suit]; }

std::string pbn_card(const variant& v, int card) { return {pbn_suit(v.cards[card].suit), rank_char(v, card)}; }

std::string pbn_deal(const variant& v, const std::array<card_set, max_seats>& hands, int first) {
  std::string out{pbn_seat(first), ':'};
  for (int i = 0; i < 4; ++i) {
    int seat = (first + i) % 4;
    if (i) out += ' ';
    for (int s = 0; s < 4; ++s) {
      if (s) out += '.';
      std::vector<int> cs;
      hands[seat].for_each([&](int c) {
        if (v.cards[c].suit == s) cs.push_back(c);
      });
      // high to low, as PBN lists them
      std::sort(cs.begin(), cs.end(), [&](int a, int b) { return v.cards[a].rank < v.cards[b].rank; });
      for (int c : cs) out += rank_char(v, c);
    }
  }
  return out;
}

bool read_pbn_deal(const variant& v, std::string_view text, std::array<card_set, max_seats>& out, std::string& err) {
  err = pbn_unsupported(v);
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
    if (std::count(hand.begin(), hand.end(), '.') != 3) {
      err = fmt::format("'{}' is not a PBN hand (four suits separated by dots, like AKQ.JT9.876.5432)", hand);
      return false;
    }
    int suit = 0;
    for (char ch : hand) {
      if (ch == '.') { ++suit; continue; }
      std::string name = std::string(1, (char)std::toupper((unsigned char)ch)) + v.suit_names[suit];
      int c = v.find_card(name);
      if (c < 0) { err = fmt::format("{} in the hand of {} is not a card of this deck", name, v.seat_names[seat]); return false; }
      if (used.has(c)) { err = fmt::format("{} is dealt twice", name); return false; }
      used.add(c);
      out[seat].add(c);
    }
  }
  if (i != 4) { err = "a PBN deal has four hands"; return false; }
  return true;
}

}  // namespace spades
