// load_variant: the pipeline from a file name to a compiled variant, one pass per file in lang/.
#include "lang/load.hpp"

#include "lang/check.hpp"
#include "lang/compile.hpp"
#include "lang/resolve.hpp"

namespace spades::lang {

namespace {
std::unique_ptr<variant> finish(std::unique_ptr<variant> v, const sources& src) {
  v->source = std::make_shared<const sources>(src);  // run-time errors show their source line too
  return v;
}
}  // namespace

std::unique_ptr<variant> load_variant(sources& src, const std::string& path) {
  resolved r = resolve(src, path);
  checked c = check(r, src);
  return finish(compile(std::move(c), src, path), src);
}

std::unique_ptr<variant> load_variant_text(sources& src, const std::string& path, const std::string& text) {
  resolved r = resolve(src, path, &text);
  checked c = check(r, src);
  return finish(compile(std::move(c), src, path), src);
}

}  // namespace spades::lang
