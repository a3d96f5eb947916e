// restate: an inherited item restated whole (same kind and name) replaces the inherited one; what the
// inherited one said and the restatement does not is named in a warning at the author's line, so that an
// attribute is not lost by accident (spec/language.md, "Restating an inherited item").
#pragma once
#include <vector>

#include "lang/ast.hpp"

namespace spades::lang {

// Adds to `warnings` what `now` drops of `before` (the item it replaces), if anything.
void compare_restated(const item& before, const item& now, std::vector<diagnostic>& warnings);

}  // namespace spades::lang
