// The whole pipeline: text -> parse -> resolve -> declare -> elaborate -> runtime variant.
#pragma once
#include <memory>
#include <string>

#include "lang/errors.hpp"
#include "runtime/variant.hpp"

namespace spades::lang {

// Loads a variant file and its bases into `src`. Throws diag_error (render it with src.render).
std::unique_ptr<variant> load_variant(sources& src, const std::string& path);
// The same for text in memory, named `path` (bases are resolved relative to it).
std::unique_ptr<variant> load_variant_text(sources& src, const std::string& path, const std::string& text);

}  // namespace spades::lang
