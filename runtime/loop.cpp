// The game loop's out-of-line part: the error for a dead end of the rules, and the uniformly random legal move.
#include "runtime/loop.hpp"

#include <fmt/format.h>

namespace spades {

rule_error no_legal_move(const game_state& st) {
  const variant& v = *st.v;
  const std::string what = fmt::format("{} has no legal move in the {} phase (the rules leave nothing to choose)", v.seat_names[st.acting_seat()],
                                       phase_name(st.ph));
  if (st.ph != phase::bid) return rule_error(v, {}, what);
  // the bids' conditions are what left nothing: the error at the first, a note at each other
  std::vector<pos> conditions;
  std::vector<note> notes;
  for (const bid_kind& k : v.bids)
    if (k.when >= 0) {
      const pos at = v.at(v.exprs[k.when]);
      if (conditions.empty()) conditions.push_back(at);
      else notes.push_back({at, fmt::format("bid '{}' is refused here too", k.name)});
    }
  if (conditions.empty()) return rule_error(v, {}, what);
  return rule_error(v, conditions[0], what + ": no bid's condition holds", rule_error::cause::rules, std::move(notes));
}

move random_move(const game_state& st, rng& r) {
  if (st.ph == phase::play) {
    card_set legal = st.legal_cards();
    return move::make_card(legal.nth((int)r.below((uint32_t)legal.count())));
  }
  if (st.ph == phase::bid) {  // drawn as from the list below, without building it
    move m;
    if (!st.random_bid(r, m)) throw no_legal_move(st);
    return m;
  }
  move ms[max_moves];
  int n = st.legal_moves(ms);
  if (n == 0) throw no_legal_move(st);
  return ms[r.below((uint32_t)n)];
}

}  // namespace spades
