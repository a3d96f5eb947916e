// Portable Bridge Notation (PBN 2.1) for four-handed deals: the deal string "N:AKQ.JT9.876.5432 ..." read
// and written. PBN knows four seats (N E S W, clockwise) and four suits (S H D C, in that order): they are
// the variant's seats and suits in their declared order, whatever the variant calls them.
//
// A four-seat deck PBN cannot describe (jokers, two packs, other suits or ranks) is written with the
// spades deck extension (spec/records.md, "PBN"): a [SpadesDeck] tag names the suits, ranks, jokers and
// packs; each hand lists its suits in the declared order, then `+` and each joker it holds; a joker is
// played as `+` and its name.
#pragma once
#include <array>
#include <string>
#include <string_view>

#include "runtime/variant.hpp"

namespace spades {

// Why strict PBN 2.1 cannot describe the variant's deck ("PBN describes a pack of four suits and no jokers:
// this deck has jokers (BJ, LJ)"), or "" when it can.
std::string pbn_unsupported(const variant& v);
// Why not even the extension can (PBN's hands are four: N E S W), or "" when it can.
std::string pbn_extended_unsupported(const variant& v);
// The [SpadesDeck] tag's value for a deck strict PBN cannot describe:
// "suits S H D C; ranks A K Q J T 9 8 7 6 5 4 3 2; jokers BJ LJ; packs 1".
std::string pbn_deck_tag(const variant& v);
// PBN's letter for seat `seat` (N, E, S, W).
char pbn_seat(int seat);
// A card as a PBN play token: suit letter then rank ("SA", "HT"); a joker as `+` and its name ("+BJ").
std::string pbn_card(const variant& v, int card);
// The deal string, the hands from `first` clockwise: "N:AKQ.JT9.876.5432 ...". Needs
// pbn_extended_unsupported(v) == "" (strict PBN when pbn_unsupported(v) == "").
std::string pbn_deal(const variant& v, const std::array<card_set, max_seats>& hands, int first);
// Reads a deal string (strict, or with the extension for a deck strict PBN cannot describe) into `out`
// (every seat's hand); false with `err` set when it is not one for this variant (a bad direction, a card not
// in the deck or given more often than the deck has it, a hand left "-").
bool read_pbn_deal(const variant& v, std::string_view text, std::array<card_set, max_seats>& out, std::string& err);

}  // namespace spades
