// Claiming the remaining tricks: a player who is certain to take every trick still to be played (its own
// and the dummy's it plays) may say so, and the rest of the hand is played out. The engine decides it over
// the real hands, which it knows: the claim holds when the claimant has a way of playing that takes every
// remaining trick whatever every other seat, partner included, legally plays. Legality is the state's own
// (legal_cards), so each variant's play restrictions decide. The search is exhaustive and bounded.
#pragma once
#include "runtime/game.hpp"
#include "runtime/limits.hpp"

namespace spades {

enum class claim_verdict {
  certain,      // the claimant takes every remaining trick, however the others play
  not_certain,  // some legal play of the others takes a trick from the claimant
  too_many,     // the search met its bound (max_claim_positions) before it could tell
};

// Does `seat` take every remaining trick of the hand under way (phase play), with the dummy when it plays
// the dummy? Whoever is to play. When certain and the claimant (or its dummy) is to play, `card` is set to
// the card it plays next to keep it so: the highest-ranked such card. The search visits at most `bound`
// positions.
claim_verdict check_claim(const game_state& st, int seat, int* card = nullptr, long bound = max_claim_positions);

// The card a seat other than the claimant plays in a claim played out: its lowest-ranked legal card (the
// lowest card id among equals), so that a claim plays out the same way everywhere.
int claim_follow_card(const game_state& st);

// Does the claimant (`seat`) choose the card for the seat to play: its own seat, or the dummy it plays?
bool claimant_plays(const game_state& st, int seat);

}  // namespace spades
