// The game loop's out-of-line part: the error for a dead end of the rules.
#include "runtime/loop.hpp"

#include <fmt/format.h>

namespace spades {

rule_error no_legal_move(const game_state& st) {
  return rule_error(*st.v, {}, fmt::format("{} has no legal move in the {} phase (the rules leave nothing to choose)",
                                           st.v->seat_names[st.acting_seat()], phase_name(st.ph)));
}

}  // namespace spades
