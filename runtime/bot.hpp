// Bots: a rule-following player that reads only the compiled variant and the state, and a uniformly
// random legal player for benchmarks and fuzzing.
#pragma once
#include "runtime/game.hpp"

namespace spades {

// A sensible move for the player to act: bids from hand strength, wins cheaply, ducks when it cannot
// win, protects a partner's nil and keeps its own.
move bot_move(const game_state& st, rng& r);
// A uniformly random legal move (bids included).
move random_move(const game_state& st, rng& r);
// The bot's estimate of the tricks a seat's hand will take.
double estimate_tricks(const game_state& st, int seat);

}  // namespace spades
