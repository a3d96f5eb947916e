// The game loop's out-of-line part: the error for a dead end of the rules, and the uniformly random legal move.
#include "runtime/loop.hpp"

#include <fmt/format.h>

namespace spades {

rule_error no_legal_move(const game_state& st) {
  return rule_error(*st.v, {}, fmt::format("{} has no legal move in the {} phase (the rules leave nothing to choose)",
                                           st.v->seat_names[st.acting_seat()], phase_name(st.ph)));
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
