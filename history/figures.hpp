// A scored hand's figures per seat, read from the compiled variant and never from a Spades name: a nil-kind
// bid is a bid kind whose only number is 0 (a contract of no tricks); bags are what the counter in the role
// `bags` (spec/language.md, "Counter roles") gained by the scoring rules, as the breakdown reports each rule's
// changes; a side's contract is the tricks its members bid, zero-trick bids aside, and it is set when the
// tricks those members took fall short of it.
#pragma once
#include <vector>

#include "history/games.hpp"
#include "runtime/breakdown.hpp"

namespace spades::history {

// Whether the variant has a bid of no tricks, and bids at all: where it has not, those figures are absent.
bool has_nil_kind(const variant& v);
bool has_bidding(const variant& v);

// `after`: the game just after the hand was scored (its bids and tricks still in place); `effects`: what
// each scoring rule gave, from explain_scoring. One entry per seat (a dummy's left out), `hand` unset.
std::vector<hand_figures> hand_figures_of(const game_state& after, const std::vector<rule_effect>& effects);

}  // namespace spades::history
