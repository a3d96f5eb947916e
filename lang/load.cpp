// load_variant: the pipeline from a file name to a compiled variant, one pass per file in lang/:
// parse -> resolve -> declare -> elaborate.
#include "lang/load.hpp"

#include "lang/declare.hpp"
#include "lang/elaborate.hpp"
#include "lang/resolve.hpp"

namespace spades::lang {

namespace {
std::unique_ptr<variant> build(const resolved& r, const sources& src, const std::string& path) {
  symbol_table syms = declare(r);
  std::unique_ptr<variant> v = elaborate(r, syms);
  v->file = path;
  v->source = std::make_shared<const sources>(src);  // run-time errors show their source line too
  return v;
}
}  // namespace

std::unique_ptr<variant> load_variant(sources& src, const std::string& path) { return build(resolve(src, path), src, path); }

std::unique_ptr<variant> load_variant_text(sources& src, const std::string& path, const std::string& text) {
  return build(resolve(src, path, &text), src, path);
}

}  // namespace spades::lang
