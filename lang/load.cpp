// load_variant: the pipeline from a file name to a compiled variant, one pass per file in lang/.
#include "lang/load.hpp"

#include "lang/check.hpp"
#include "lang/compile.hpp"
#include "lang/resolve.hpp"

namespace spades::lang {

std::unique_ptr<variant> load_variant(sources& src, const std::string& path) {
  resolved r = resolve(src, path);
  checked c = check(r, src);
  return compile(std::move(c), src, path);
}

std::unique_ptr<variant> load_variant_text(sources& src, const std::string& path, const std::string& text) {
  resolved r = resolve(src, path, &text);
  checked c = check(r, src);
  return compile(std::move(c), src, path);
}

}  // namespace spades::lang
