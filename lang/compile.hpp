// compile: formulas and scoring rules -> the variant's expression pool and statement lists.
// Names in formulas are resolved here, per scope, with did-you-mean suggestions.
#pragma once
#include "lang/check.hpp"

namespace spades::lang {

std::unique_ptr<variant> compile(checked c, const sources& src, const std::string& file);

}  // namespace spades::lang
