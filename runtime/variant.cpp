// Name look-ups on the compiled variant: seats, teams and cards as users type them.
#include "runtime/variant.hpp"

#include <fmt/format.h>

namespace spades {

int variant::find_seat(std::string_view name) const {
  for (int s = 0; s < seats; ++s)
    if (seat_names[s] == name) return s;
  for (int s = 0; s < seats; ++s)
    if (name == fmt::format("P{}", s + 1)) return s;
  return -1;
}

int variant::find_team(std::string_view name) const {
  for (int t = 0; t < teams; ++t)
    if (team_names[t] == name || team_aliases[t] == name) return t;
  return -1;
}

int variant::find_card(std::string_view text) const {
  std::string c = normalise_card(text);
  for (size_t i = 0; i < cards.size(); ++i)
    if (cards[i].name == c) return (int)i;
  return -1;
}

card_set variant::cards_named(std::string_view text) const {
  card_set s;
  std::string c = normalise_card(text);
  for (size_t i = 0; i < cards.size(); ++i)
    if (cards[i].name == c) s.add((int)i);
  return s;
}

std::string variant::where(const expr_node& n) const {
  const std::string& f = n.file >= 0 && n.file < (int)files.size() ? files[n.file] : file;
  return fmt::format("{}:{}:{}", f, n.line, n.col);
}

}  // namespace spades
