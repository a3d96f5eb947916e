// The rule-following bot's bids and calls (bots/bid.cpp).
#pragma once
#include "bots/context.hpp"
#include "runtime/game.hpp"

namespace spades::bot_detail {

// A bid or call decision (`bidding`: the bids are still to come), by the expected score of each legal move.
move bot_decide(bot_context& cx, const game_state& st, bool bidding);
// A raise round: passing or raising to what the side expects to take, by expected score.
move bot_raise(bot_context& cx, const game_state& st);
// A call that throws the hand in (a misdeal), made with a weak hand.
move bot_redeal(bot_context& cx, const game_state& st);
// The acting seat's bid `m` as bot_decide values it, the calibration's correction included
// (calibrated::zero_bias) but not its margin for bids to take nothing: the side's expected score, and what its
// seats playing to take nothing stand to lose (each one's first trick's cost times its chance of taking one).
// False when the scoring fails on it.
bool bid_value(bot_context& cx, const game_state& st, const move& m, double& u, double& stake);

}  // namespace spades::bot_detail
