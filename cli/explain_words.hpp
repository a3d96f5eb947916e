// A condition of a variant in words, for `spades explain`: each built-in name has a phrase ("trumps (S) are
// broken", "in the first 3 tricks", "the bidder's side is behind by 100 or more"), each declared name its own
// words (a bid's, a call's, a counter's, an option's, a let's), each operator its words; a part no phrase
// fits stays a formula, in backticks.
#pragma once
#include <string>

#include "lang/vocabulary.hpp"
#include "runtime/variant.hpp"

namespace spades::cli {

// The condition rooted at `node` of `v.exprs`, read in scope `sc`, in words.
std::string condition_words(const variant& v, int node, lang::scope sc);

}  // namespace spades::cli
