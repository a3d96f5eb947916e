// conditions: `condition NAME = EXPR`, a formula named once and read wherever a formula is (a bid's or a
// call's `allow when`, a play condition, a scoring rule ...). Merged by name across files; compiled at
// each place that reads it, in that place's scope (formula_compiler::name, lang/conditions.cpp).
#pragma once
#include <string_view>
#include <vector>

#include "lang/ast.hpp"

namespace spades::lang {

class symbol_table;

// A later file's (or fragment's) condition replaces the one of its name; a name twice in one file is an error.
void merge_conditions(std::vector<named_condition>& into, std::vector<named_condition>& from);
// A condition named as an option, a bid, a call, a counter or a built-in name: a formula could not tell them apart.
void refuse_condition_clashes(const symbol_table& t);
const named_condition* find_condition(const std::vector<named_condition>* all, std::string_view name);

}  // namespace spades::lang
