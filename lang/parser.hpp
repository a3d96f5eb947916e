// parse, the first pass of text -> parse -> resolve -> declare -> elaborate -> variant (lang/load.cpp):
// text -> syntax tree (lang/ast.hpp). PEGTL stays inside it: the grammar (grammar.hpp), its error table
// (parse_errors.hpp/.cpp), the parse tree (parse_tree.hpp) and its conversion (actions.cpp), the driver
// (parser.cpp).
#pragma once
#include <cstdint>
#include <vector>

#include "lang/ast.hpp"
#include "runtime/limits.hpp"

namespace spades::lang {

// A variant file is at most max_source_bytes (runtime/limits.hpp) large.
std::string too_large_message(uint64_t size);

// Parses the text of source `file`; throws diag_error with the position of the first syntax error.
file_ast parse(const sources& src, int file);

// The byte offsets, in order, of the binary minus signs (`a - b`) of source `file`; every other `-` is a sign
// (`-5`, `-bonus`). For the formatter, which spaces the two apart. Throws diag_error as parse does.
std::vector<size_t> binary_minus_offsets(const sources& src, int file);

// Grammar self-check for the tests: the number of problems pegtl::analyze finds (0 is good).
std::size_t analyze_grammar();

}  // namespace spades::lang
