// Golden diagnostics: each tests/lang/NAME.spades is loaded through the whole pipeline and its rendered
// diagnostics must equal NAME.err byte for byte; a NAME.spades without NAME.err must load cleanly.
// To add a case: write NAME.spades, run `spades check tests/lang/NAME.spades 2> tests/lang/NAME.err`
// from the repository root, and read the .err before committing it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "lang/load.hpp"

#include "tests/test_util.hpp"

using spades::testing::slurp;
namespace fs = std::filesystem;

namespace {

const fs::path corpus = "tests/lang";

// Runs a test from the repository root, so that messages name files as tests/lang/NAME.spades, exactly as
// `spades check` run from the root prints them.
struct at_source_root {
  fs::path before = fs::current_path();
  at_source_root() { fs::current_path(SPADES_SOURCE_DIR); }
  ~at_source_root() { fs::current_path(before); }
  at_source_root(const at_source_root&) = delete;
  at_source_root& operator=(const at_source_root&) = delete;
};

// The stems of the corpus files ending in `ext`, sorted.
std::vector<std::string> stems(const std::string& ext) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(corpus))
    if (e.is_regular_file() && e.path().extension() == ext) out.push_back(e.path().stem().string());
  std::sort(out.begin(), out.end());
  return out;
}

// What loading `path` prints: its rendered diagnostic, or "" when it loads.
std::string diagnostics_of(const std::string& path) {
  spades::lang::sources src;
  try {
    spades::lang::load_variant(src, path);
    return "";
  } catch (const spades::lang::diag_error& e) {
    return src.render(e.d);
  }
}

}  // namespace

TEST_CASE("golden diagnostics of tests/lang", "[diagnostics]") {
  at_source_root root;
  const std::vector<std::string> names = stems(".spades");
  REQUIRE(names.size() >= 40);
  for (const std::string& name : names) {
    DYNAMIC_SECTION(name << ".spades") {
      const std::string path = (corpus / (name + ".spades")).string();
      const fs::path expected = corpus / (name + ".err");
      const std::string got = diagnostics_of(path);
      if (fs::exists(expected)) {
        CHECK(got == slurp(expected));
      } else {
        INFO("no " << expected.string() << ", so it must load cleanly");
        CHECK(got == "");
      }
    }
  }
}

TEST_CASE("the corpus is consistent", "[diagnostics]") {
  at_source_root root;
  const std::vector<std::string> errs = stems(".err");
  // broken variants outnumber the clean ones: the corpus is about errors
  CHECK(errs.size() >= 40);
  for (const std::string& name : errs) {
    INFO(name << ".err has no " << name << ".spades");
    CHECK(fs::exists(corpus / (name + ".spades")));
    // every expected text is one whole diagnostic of that very file
    const std::string text = slurp(corpus / (name + ".err"));
    INFO(name << ".err does not look like a diagnostic");
    CHECK(text.find(": error: ") != std::string::npos);
    CHECK(!text.empty());
    CHECK(text.back() == '\n');
  }
}

// Warnings: each tests/lang/NAME.warn holds what loading NAME.spades warns of, rendered as `spades check`
// prints it (the file itself loads: warnings never fail it).
TEST_CASE("golden warnings of tests/lang", "[diagnostics]") {
  at_source_root root;
  const std::vector<std::string> names = stems(".warn");
  REQUIRE(names.size() >= 2);
  for (const std::string& name : names) {
    DYNAMIC_SECTION(name << ".warn") {
      spades::lang::sources src;
      auto v = spades::lang::load_variant(src, (corpus / (name + ".spades")).string());
      std::string got;
      for (const spades::diagnostic& w : v->warnings) got += v->source->render_warning(w);
      CHECK(got == slurp(corpus / (name + ".warn")));
    }
  }
}
