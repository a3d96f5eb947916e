// parse: text -> syntax tree (the one place that includes PEGTL).
#pragma once
#include "lang/ast.hpp"

namespace spades::lang {

// Parses the text of source `file`; throws diag_error with the position of the first syntax error.
file_ast parse(const sources& src, int file);

// Grammar self-check for the tests: the number of problems pegtl::analyze finds (0 is good).
std::size_t analyze_grammar();

}  // namespace spades::lang
