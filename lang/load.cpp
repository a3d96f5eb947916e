// load_variant: the pipeline from a file name to a compiled variant, one pass per file in lang/:
// parse -> resolve -> option values into settings -> declare -> elaborate.
#include "lang/load.hpp"

#include <fmt/format.h>

#include "lang/declare.hpp"
#include "lang/elaborate.hpp"
#include "lang/resolve.hpp"

namespace spades::lang {

namespace {

std::unique_ptr<variant> build(resolved r, const option_choices& chosen, const sources& src, const std::string& path) {
  std::unique_ptr<variant> v;
  try {
    apply_option_values(r, chosen);
    symbol_table syms = declare(r);
    v = elaborate(r, syms);
  } catch (diag_error& e) {
    note_inclusions(e.d, r.included);
    // which game failed: a note at each option chosen
    for (const auto& [name, text] : chosen)
      for (const item& o : r.options)
        if (o.name->text == name) e.d.notes.push_back({o.name->at, fmt::format("with the option '{}' set to {}", name, text)});
    throw;
  }
  v->file = path;
  v->warnings = r.warnings;
  v->source = std::make_shared<const sources>(src);  // run-time errors show their source line too
  return v;
}

// The variant at the declared values, then at each other allowed value of every option a setting names
// (each build substitutes the values into its own copy; a file without options is built from `r` itself).
std::unique_ptr<variant> build_all(resolved r, const sources& src, const std::string& path) {
  if (r.options.empty()) return build(std::move(r), {}, src, path);
  std::unique_ptr<variant> v = build(r, {}, src, path);
  for (size_t o = 0; o < v->option_specs.size(); ++o) {
    const option_spec& spec = v->option_specs[o];
    if (!spec.in_settings) continue;
    for (int64_t x : spec.values())
      if (x != v->option_defaults[o]) build(r, {{v->option_names[o], spec.text(x)}}, src, path);
  }
  return v;
}

}  // namespace

std::unique_ptr<variant> load_variant(sources& src, const std::string& path, const std::vector<std::string>& search) {
  return build_all(resolve(src, path, nullptr, search), src, path);
}

std::unique_ptr<variant> load_variant_text(sources& src, const std::string& path, const std::string& text,
                                           const std::vector<std::string>& search) {
  return build_all(resolve(src, path, &text, search), src, path);
}

std::unique_ptr<variant> load_variant(sources& src, const std::string& path, const option_choices& chosen, const std::vector<std::string>& search) {
  return build(resolve(src, path, nullptr, search), chosen, src, path);
}

}  // namespace spades::lang
