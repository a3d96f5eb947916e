// actions: the parse tree (lang/parse_tree.hpp) -> the syntax tree (lang/ast.hpp), one node per form,
// with its source positions. Numbers are read here (and refused past 2^53); a chain of binary operators,
// flat in the parse tree, is nested here and its height bounded.
#pragma once
#include "lang/ast.hpp"
#include "lang/parse_tree.hpp"

namespace spades::lang::syntax {

// The syntax tree of source `file`, whose parse tree is `root`. Throws diag_error.
file_ast to_ast(const node& root, int file);

}  // namespace spades::lang::syntax
