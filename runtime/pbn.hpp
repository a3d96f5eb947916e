// Portable Bridge Notation (PBN 2.1) for four-handed deals: the deal string "N:AKQ.JT9.876.5432 ..." read
// and written. PBN knows four seats (N E S W, clockwise) and four suits (S H D C, in that order): they are
// the variant's seats and suits in their declared order, whatever the variant calls them.
#pragma once
#include <array>
#include <string>
#include <string_view>

#include "runtime/variant.hpp"

namespace spades {

// Why PBN cannot describe the variant's deck ("PBN describes a pack of four suits and no jokers: this
// deck has jokers (BJ, LJ)"), or "" when it can.
std::string pbn_unsupported(const variant& v);
// PBN's letter for seat `seat` (N, E, S, W) and suit `suit` (S, H, D, C).
char pbn_seat(int seat);
char pbn_suit(int suit);
// A card as a PBN play token: suit letter then rank ("SA", "HT").
std::string pbn_card(const variant& v, int card);
// The deal string, the hands from `first` clockwise: "N:AKQ.JT9.876.5432 ...". Needs pbn_unsupported(v) == "".
std::string pbn_deal(const variant& v, const std::array<card_set, max_seats>& hands, int first);
// Reads a deal string into `out` (every seat's hand); false with `err` set when it is not one for this
// variant (a deck PBN cannot describe, a bad direction, a card not in the deck or given twice, a hand left "-").
bool read_pbn_deal(const variant& v, std::string_view text, std::array<card_set, max_seats>& out, std::string& err);

}  // namespace spades
