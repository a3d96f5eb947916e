// parse: text -> syntax tree (the one place that includes PEGTL).
#pragma once
#include <cstdint>

#include "lang/ast.hpp"
#include "runtime/limits.hpp"

namespace spades::lang {

// A variant file is at most max_source_bytes (runtime/limits.hpp) large.
std::string too_large_message(uint64_t size);

// Parses the text of source `file`; throws diag_error with the position of the first syntax error.
file_ast parse(const sources& src, int file);

// Grammar self-check for the tests: the number of problems pegtl::analyze finds (0 is good).
std::size_t analyze_grammar();

}  // namespace spades::lang
