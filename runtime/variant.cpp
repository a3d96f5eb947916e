// Name look-ups on the compiled variant: seats, teams and cards as users type them.
#include "runtime/variant.hpp"
#include "runtime/game.hpp"

#include <algorithm>

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

std::optional<int64_t> option_spec::read(std::string_view t) const {
  if (type == option_type::choice) {
    for (size_t i = 0; i < words.size(); ++i)
      if (words[i] == t) return (int64_t)i;
    return std::nullopt;
  }
  int64_t x = 0;
  if (t == "true" || t == "false") {
    x = t == "true";
  } else {
    // digits with an optional '-', at most 10 of them: the language's numbers
    size_t i = !t.empty() && t[0] == '-' ? 1 : 0;
    if (i == t.size() || t.size() - i > 10) return std::nullopt;
    for (size_t k = i; k < t.size(); ++k) {
      if (t[k] < '0' || t[k] > '9') return std::nullopt;
      x = x * 10 + (t[k] - '0');
    }
    if (i) x = -x;
  }
  if (type == option_type::boolean) return x == 0 || x == 1 ? std::optional<int64_t>(x) : std::nullopt;
  if (!listed.empty()) return std::find(listed.begin(), listed.end(), x) != listed.end() ? std::optional<int64_t>(x) : std::nullopt;
  return lo <= x && x <= hi ? std::optional<int64_t>(x) : std::nullopt;
}

std::string option_spec::text(int64_t value) const {
  if (type == option_type::choice) return value >= 0 && (size_t)value < words.size() ? words[value] : fmt::format("{}", value);
  if (type == option_type::boolean) return value ? "true" : "false";
  return fmt::format("{}", value);
}

std::string option_spec::allowed() const {
  if (type == option_type::choice) return fmt::format("{}", fmt::join(words, ", "));
  if (type == option_type::boolean) return "true, false";
  if (!listed.empty()) return fmt::format("{}", fmt::join(listed, ", "));
  return fmt::format("{}..{}", lo, hi);
}

std::vector<int64_t> option_spec::values() const {
  std::vector<int64_t> out;
  if (type == option_type::choice)
    for (size_t i = 0; i < words.size(); ++i) out.push_back((int64_t)i);
  else if (type == option_type::boolean) out = {0, 1};
  else if (!listed.empty()) out = listed;
  else if (hi - lo < max_option_values)
    for (int64_t x = lo; x <= hi; ++x) out.push_back(x);
  return out;
}

rule_error::rule_error(const variant& v, pos at, std::string message, cause why, std::vector<note> notes)
    : diag_error(at, std::move(message), std::move(notes)), why(why) {
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
