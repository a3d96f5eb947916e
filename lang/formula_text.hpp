// formula_text: a compiled formula back to the language's own text, with the fewest brackets its
// precedence needs, so that `spades explain` shows what the elaborated variant computes.
#pragma once
#include <optional>
#include <string>

#include "lang/vocabulary.hpp"
#include "runtime/variant.hpp"

namespace spades::lang {

// The formula rooted at `node` of `v.exprs`, as written in scope `sc` (which decides a name that reads
// differently per scope: `tricks` of a team, `team_tricks` of a player); "" for no formula (-1).
std::string formula_text(const variant& v, int node, scope sc);

// A formula with a leading minus, as the amount lost: `-bonus` gives "bonus", `-10 * contract` gives
// "10 * contract"; nothing when the formula does not start with a minus.
std::optional<std::string> negated_text(const variant& v, int node, scope sc);

}  // namespace spades::lang
