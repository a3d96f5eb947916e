// The whole pipeline: text -> parse -> resolve -> option values into settings -> declare -> elaborate ->
// runtime variant.
#pragma once
#include <memory>
#include <string>

#include "lang/errors.hpp"
#include "lang/option_settings.hpp"
#include "runtime/variant.hpp"

namespace spades::lang {

// Loads a variant file and its bases into `src`, for the options' declared values; an option a setting
// names is also tried at each of its other allowed values (the others at theirs), so that every game
// players may choose is known to elaborate. Throws diag_error (render it with src.render).
// `search`: the folders a base named by id is looked for in, after the extending file's own (resolve.hpp).
std::unique_ptr<variant> load_variant(sources& src, const std::string& path, const std::vector<std::string>& search = {});
// The same for text in memory, named `path` (bases are resolved relative to it, then in `search`).
std::unique_ptr<variant> load_variant_text(sources& src, const std::string& path, const std::string& text,
                                           const std::vector<std::string>& search = {});
// The variant for these option values (each one of its option's allowed values: see option_spec::read),
// the others at their declared values. Its option_defaults are the values chosen.
std::unique_ptr<variant> load_variant(sources& src, const std::string& path, const option_choices& chosen,
                                      const std::vector<std::string>& search = {});

}  // namespace spades::lang
