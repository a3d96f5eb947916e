// range: the least and the most each scoring formula can be (an interval analysis over the compiled
// variant), for the checks that a rule can apply and that a game can end (spec/language.md, "Diagnostics").
// It must never be too narrow: whatever it cannot bound is unbounded, so that it refuses only what is sure.
#pragma once
#include <vector>

#include "runtime/variant.hpp"

namespace spades::lang {

// A closed interval of whole numbers; an end may be infinite (a counter, a score: anything).
struct value_range {
  long double lo = 0, hi = 0;
  bool only(long double x) const { return lo == x && hi == x; }
  bool has(long double x) const { return lo <= x && x <= hi; }
};

class range_analysis {
 public:
  // `first_hand`: the ranges of the game's first hand (scores 0, counters from their start, hand 1); else of
  // any hand (counters, scores and behind anything).
  range_analysis(const variant& v, bool first_hand);
  // The values rule `r`'s condition can take (1 when it has none), with what it reads as the rules before
  // it may leave it.
  value_range condition(size_t r) const { return conditions_[r]; }
  // The least and the most rule `r` adds to one team's score in a hand (its points to the team in scope,
  // and those of every other team's turn given to opponents or to a named team).
  value_range points(size_t r) const { return points_[r]; }
  // The same for the whole hand: every rule.
  value_range hand_points() const;

 private:
  std::vector<value_range> conditions_, points_;
};

}  // namespace spades::lang
