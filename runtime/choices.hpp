// How often each bid kind and each call of a variant was open to the player deciding, and how often it was
// chosen: what `spades sim` reports so that a bot ignoring an option shows (a kind legal but never chosen).
// Read from the compiled bid kinds and calls, whatever the variant names them.
#pragma once
#include <vector>

#include "runtime/game.hpp"

namespace spades {

struct choice_tally {
  // per bid kind (variant::bids): decisions where some bid of the kind was legal; bids of the kind made
  std::vector<long long> bid_legal, bid_chosen;
  // per call (variant::calls): decisions where the call was legal; calls made
  std::vector<long long> call_legal, call_chosen;

  explicit choice_tally(const variant& v);
  // Counts the decision pending in `st` (a bid or a call; any other is ignored) and `m`, the move chosen
  // for it, before it is applied.
  void count(const game_state& st, const move& m);
  void add(const choice_tally& other);
};

}  // namespace spades
