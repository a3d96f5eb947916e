// format: the one canonical layout of a variant file (`spades fmt`, the language server's formatting). Only
// blanks change: the tokens, the line breaks (runs of blank lines collapse to one), every comment and every
// string stay as written; see docs/editors.md for the rules.
#pragma once
#include <string>

#include "lang/errors.hpp"

namespace spades::lang {

// The canonical layout of a variant file's text: indentation, spacing, alignment of trailing comments;
// every comment kept where its author put it. Adds the text to `src` as file `path` and throws diag_error
// (render it with src) when the text does not parse, with the parser's diagnostic.
std::string format_variant(sources& src, const std::string& path, const std::string& text);

}  // namespace spades::lang
