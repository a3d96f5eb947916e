// parse: text -> syntax tree (the one place that includes PEGTL).
#pragma once
#include <cstdint>

#include "lang/ast.hpp"

namespace spades::lang {

// A variant file is at most this large; "the file is too large (N bytes; the limit is 4 MiB)".
constexpr uint64_t max_source_bytes = 4u << 20;
std::string too_large_message(uint64_t size);

// Parses the text of source `file`; throws diag_error with the position of the first syntax error.
file_ast parse(const sources& src, int file);

// Grammar self-check for the tests: the number of problems pegtl::analyze finds (0 is good).
std::size_t analyze_grammar();

}  // namespace spades::lang
