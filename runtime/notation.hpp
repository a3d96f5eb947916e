// Text for moves: what players type at the table and what test hands record ("4", "nil", "blind 7",
// "QH", "pass 2C 3D", "raise to 8"), and how bids and cards are shown.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "runtime/game.hpp"

namespace spades {

std::string format_bid(const variant& v, int kind, int n);
std::string format_move(const game_state& st, const move& m);
// Every bid the variant knows, for help texts: "1..13, nil, blind nil".
std::string bid_summary(const variant& v);
// Parses a bid as typed. Returns false with `err` set when the text names no bid.
bool parse_bid(const variant& v, std::string_view text, move& out, std::string& err);
// Does the text begin with the words (or the name) of one of the variant's bid kinds, or a number: is it
// meant as a bid, even one parse_bid refuses ("blind" without its number)?
bool names_a_bid(const variant& v, std::string_view text);
// Parses one action for the pending decision: a bid, a card, or `pass CARD...` (one move per card).
// The copy of a card is chosen among those the acting player holds. Legality is not checked here.
bool parse_action(const game_state& st, std::string_view text, std::vector<move>& out, std::string& err);
std::string lower_words(std::string_view text);  // lower-case, single spaces, trimmed
// A seat looking at its cards is no move of the game loop but a fact of the state (game_state::look):
// records and test hands write it "S: look", the table takes it as Enter at a blind decision.
inline constexpr const char* look_word = "look";
bool is_look(std::string_view text);  // the text (any case, any blanks) is `look`

// How cards are shown to people (spec/language.md, "How cards are shown"): `plain`, rank then suit letter
// ("AS", "10D", a joker by its name "BJ"), or `symbols`, rank then the suit's symbol where the variant gives
// its suit one ("A\u2660", "10\u2666"). Records and test hands write the letters as typed ("TD"); a card is
// read in any of these forms.
enum class card_notation : uint8_t { plain, symbols };
// --notation's words: "plain", "symbols".
bool read_card_notation(std::string_view word, card_notation& out);
std::string show_card(const variant& v, int card, card_notation n);
// Cards in the variant's deck order, separated by blanks.
std::string show_cards(const variant& v, card_set s, card_notation n);
// Whether a card is printed red (its suit is: the variant's suit_red).
bool red_card(const variant& v, int card);

}  // namespace spades
