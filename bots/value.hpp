// What the rule-following bot reads of hands beyond value_hand (bots/value.cpp): a hand not looked at,
// the chance of taking nothing after passing cards, and the calibration of one compiled variant.
#pragma once
#include <array>

#include "bots/bot.hpp"
#include "bots/context.hpp"

namespace spades::bot_detail {

// (the dummy, in no team, is valued as a side of its own: the bots never bid for it)
int side_size(const variant& v, int seat);

// A seat playing to take nothing whose side owes an exchange with partner passes its highest cards
// (bot_move): the chance of taking none after passing k of them (0 to max_passed; the low cards it gets
// back add little), by the fitted guess; `whole` is the hand's value before passing.
constexpr int max_passed = 2;
using passed_chances = std::array<double, max_passed + 1>;
// The chance of taking no trick, playing to take none, with the danger priced by the variant's playouts.
double zero_chance(const hand_value& hv, double scale);
struct calibrated;
// The same for `hand` (valued `hv`) by the calibration: by the learned nil_table where it is on. And after
// passing its highest cards.
double zero_chance(const calibrated& cal, const variant& v, card_set hand, const hand_value& hv);
passed_chances zero_after_passing(const calibrated& cal, const variant& v, card_set hand, int seat, const hand_value& whole);

// What a hand not looked at may be: its estimate, chance of taking none and sure winners, for one band of
// the variant's hands (the calibration's deals ranked by estimate and cut into equally likely bands).
struct unseen_hand {
  double mu = 0, p0 = 0, sure = 0;
  passed_chances p0_passed{};  // p0 after passing the highest cards (p0_passed[0] == p0)
};
constexpr int unseen_bands = 4;

// What a card takes, learned from hands played out under the variant's own rules (learn_tricks): the share
// of such cards that won a trick, by whether it is a trump, how many cards of its suit others hold above it,
// and how many of its suit the hand holds below and above it (each capped).
struct trick_table {
  static constexpr int above_cap = 6, below_mine_cap = 5, above_mine_cap = 4;
  static constexpr int cells = 2 * (above_cap + 1) * (below_mine_cap + 1) * (above_mine_cap + 1);
  bool on = false;  // learned, and closer to the tricks taken than value_hand's estimate: used
  std::array<float, cells> won{};
  static int cell(const variant& v, card_set hand, int c);
  // the cell's group: the cells of one trump-or-not and count above, whose share a sparse cell is drawn to
  static int group(int cell) { return cell / ((below_mine_cap + 1) * (above_mine_cap + 1)); }
  double tricks(const variant& v, card_set hand) const;
};

// The chance of taking no trick playing to take none, learned from nils of the variant played out by the
// bots (learn_nils): per card, by trick_table's cells, the share of such cards that took the nil's first trick
// of those it played up to then; the chance is every card's staying under.
struct nil_table {
  bool on = false;  // learned, and likelier to say which nils are made than the danger's curve: used
  std::array<float, trick_table::cells> taken{};
  // the product of the cards' chances, its log-odds scaled by `slope` and moved by `shift` (fitted to the
  // nils held out)
  double shift = 0, slope = 1;
  double chance(const variant& v, card_set hand) const;
};

struct calibrated {
  double incidental = 0;  // tricks per unit of hand_value::incidental
  double zero_scale = 1;  // the danger of taking a trick, priced by the variant's play (calibrate)
  // ... for two partners both playing to take nothing, neither covering the other: their chances of taking
  // none are the covered chances to this power
  double uncovered = 1;
  double p0 = 0.5;   // the chance of an unseen hand taking no trick
  passed_chances p0_passed{0.5, 0.5, 0.5};  // ... after passing its highest cards (the fitted guess)
  // the tricks a hand gains receiving its partner's k highest cards for its own k lowest (an exchange
  // with a partner playing to take nothing), on average
  std::array<double, max_passed + 1> received{};
  std::array<unseen_hand, unseen_bands> bands{};  // a seat's hand before it looks, band by band
  unseen_hand mean;                               // ... on average
  trick_table learned;  // where on, a hand's estimate (estimate_of)
  nil_table nils;       // where on, a hand's chance of taking none (zero_chance, zero_after_passing)
  // what a bid leaving a seat of the side to take nothing was overrated by (negative: underrated) in hands of
  // the variant played out (learn_zero_bias), per point of what such seats stand to lose: taken off the
  // expected score of every outcome reckoned by a seat that has looked at its cards
  double zero_bias = 0;
  // how often blind bids to take nothing that pass cards were made in hands of the variant played out
  // (learn_blind_shift), against the bands' chances after passing: the shift of those chances' log-odds a
  // seat deciding before it looks gives them (blind_band)
  double blind_shift = 0;
};

// Band k of a hand not looked at, as a seat deciding before it looks stakes it on a blind move: its chances
// of taking none after passing cards shifted by calibrated::blind_shift (the one without passing as it is).
unseen_hand blind_band(const calibrated& cal, int k);

inline double tricks_of(const calibrated& cal, const hand_value& hv) { return hv.tricks + cal.incidental * hv.incidental; }
// A hand's estimate: what the learned table says where it is on, else value_hand's (`hv`, of `hand`), priced.
inline double estimate_of(const calibrated& cal, const variant& v, card_set hand, const hand_value& hv) {
  return cal.learned.on ? cal.learned.tricks(v, hand) : tricks_of(cal, hv);
}
// p with its log-odds times `slope` plus `shift`
double rescaled(double p, double shift, double slope);
// The spread (standard deviation) of the estimates of the variant's hands, from the bands' averages.
double hand_spread(const calibrated& cal);
// The variant's calibration, made by bot_calibration (bots/context.hpp) when first needed, from hands of the
// variant played out (bots/learn.cpp); calibrate_priced: the variant's hands valued alone, with the danger of
// taking a trick priced at `scale`.
calibrated calibrate(const variant& v);
calibrated calibrate_priced(const variant& v, double scale, const trick_table& learned = {}, const nil_table& nils = {});

}  // namespace spades::bot_detail
