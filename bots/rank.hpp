// The rule-following bot's order of the cards (bots/*.cpp): trumps above the rest, then the compiled power.
#pragma once
#include "runtime/variant.hpp"

namespace spades::bot_detail {

inline int value(const variant& v, int c) { return (v.trump.has(c) ? 4000 : 0) + v.power[c]; }

inline int lowest(const variant& v, card_set s) {
  int best = -1;
  s.for_each([&](int c) { if (best < 0 || value(v, c) < value(v, best)) best = c; });
  return best;
}
inline int highest(const variant& v, card_set s) {
  int best = -1;
  s.for_each([&](int c) { if (best < 0 || value(v, c) > value(v, best)) best = c; });
  return best;
}

}  // namespace spades::bot_detail
