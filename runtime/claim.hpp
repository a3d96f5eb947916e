// Claiming the remaining tricks: a player who is certain to take every trick still to be played (its own
// and the dummy's it plays) may say so, and the rest of the hand is played out. The claim is decided on
// what the claimant can see, never on the cards hidden from it, so that a refusal tells it nothing: its own
// hand, the hands exposed to every player (the dummy), the cards played, and the rest, the cards it cannot
// see (the other hands and the cards out of play, pooled). The claim holds when the claimant has a way of
// playing that takes every remaining trick whatever every other seat, partner included, plays, a seat whose
// hand it cannot see being able to play any card of that pool: each of its cards is one it may hold, and
// the play rules never leave a one-card hand nothing to play. Its own cards and an exposed hand's are
// played as the variant's play rules allow (legal_cards). The search is exhaustive and bounded.
#pragma once
#include "runtime/game.hpp"
#include "runtime/limits.hpp"

namespace spades {

enum class claim_verdict {
  certain,      // the claimant takes every remaining trick, however the others play
  not_certain,  // some play of the others the claimant cannot rule out takes a trick from it
  too_many,     // the search met its bound (max_claim_positions) before it could tell
};

// Does `seat` take every remaining trick of the hand under way (phase play), with the dummy when it plays
// the dummy? Whoever is to play. Decided on what `seat` can see (claim_unseen): two deals it cannot tell
// apart get the same verdict. When certain and the claimant (or its dummy) is to play, `card` is set to the
// card it plays next to keep it so: the highest-ranked such card. The search visits at most `bound`
// positions.
claim_verdict check_claim(const game_state& st, int seat, int* card = nullptr, long bound = max_claim_positions);

// The cards `seat` cannot see in the play: those of the hands not its own and not exposed, and those out
// of play. The same set as the deck less its hand, the exposed hands and the cards played, which it saw.
card_set claim_unseen(const game_state& st, int seat);

// The card a seat other than the claimant plays in a claim played out: its lowest-ranked legal card (the
// lowest card id among equals), so that a claim plays out the same way everywhere.
int claim_follow_card(const game_state& st);

// Does the claimant (`seat`) choose the card for the seat to play: its own seat, or the dummy it plays?
bool claimant_plays(const game_state& st, int seat);

}  // namespace spades
