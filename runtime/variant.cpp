// Name look-ups on the compiled variant: seats, teams and cards as users type them.
#include "runtime/variant.hpp"
#include "runtime/game.hpp"

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

rule_error::rule_error(const variant& v, pos at, std::string message, cause why)
    : diag_error(at, std::move(message)), why(why) {
  if (at.file < 0) d.at.file = v.source ? v.source->find(v.file) : -1;  // no formula: the variant's own file
  rendered = v.render(d);
  while (!rendered.empty() && rendered.back() == '\n') rendered.pop_back();
}

std::string rule_error::headline() const { return rendered.substr(0, rendered.find('\n')); }

pos variant::at(const expr_node& n) const { return {n.file, n.line, n.col}; }

std::string variant::render(const diagnostic& d) const {
  if (source) return source->render(d);
  return fmt::format("{}: error: {}\n", file, d.message);
}

}  // namespace spades
