// The execution plan of a compiled variant: what the runtime works out from the rules' meaning to run them
// fast. It is made by prepare() once the meaning is complete (lang/ calls it last), never written by hand.
#pragma once
#include "runtime/variant.hpp"

namespace spades {

// Works out every field of `v` marked "plan" in runtime/variant.hpp from the rest: the card-set width the
// playouts use; each bid's condition split at its top-level `and`s into the parts that do not read the
// number (evaluated once per decision, a part written alike in several kinds once) and the rest; the calls'
// conditions split and shared the same way, and which calls are a team's or throw the hand in; which play
// conditions read the card in question and are split likewise; the lead restriction `when not broken`,
// tested without the evaluator; and the scoring compiled to its register machine. The same answers, in the
// same order, as evaluating each condition whole. Calling it again recomputes the same plan.
void prepare(variant& v);

}  // namespace spades
