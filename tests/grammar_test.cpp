// The grammar itself: PEGTL's static analysis, and robustness against input cut off anywhere.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "lang/load.hpp"
#include "lang/parser.hpp"

#include "tests/test_util.hpp"

using spades::testing::slurp;
namespace fs = std::filesystem;

namespace {

void spit(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << text;
}

// A scratch directory of its own, removed at the end.
struct scratch_dir {
  fs::path path = fs::temp_directory_path() / ("spades_grammar_test_" + std::to_string(::getpid()));
  scratch_dir() { fs::create_directories(path); }
  ~scratch_dir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  scratch_dir(const scratch_dir&) = delete;
  scratch_dir& operator=(const scratch_dir&) = delete;
};

// Loads every prefix of `text` (0 bytes to all of it) from `file`. Each must either load or fail with a
// diagnostic located in that file; returns the offsets that did neither, with what they printed.
std::vector<std::string> misbehaving_prefixes(const std::string& text, const fs::path& file, int& loaded) {
  std::vector<std::string> bad;
  const std::string shown = file.string();
  loaded = 0;
  for (size_t n = 0; n <= text.size(); ++n) {
    spit(file, text.substr(0, n));
    spades::lang::sources src;
    try {
      spades::lang::load_variant(src, shown);
      ++loaded;
    } catch (const spades::lang::diag_error& e) {
      std::string r = src.render(e.d);
      if (r.rfind(shown + ":", 0) != 0 || r.find(": error: ") == std::string::npos)
        bad.push_back("cut at byte " + std::to_string(n) + ":\n" + r);
    }
  }
  return bad;
}

}  // namespace

TEST_CASE("the grammar has no problems pegtl::analyze can find", "[grammar]") {
  REQUIRE(spades::lang::analyze_grammar() == 0);
}

TEST_CASE("a ruleset cut off at any byte loads or gets a located diagnostic", "[grammar]") {
  scratch_dir dir;
  const fs::path file = dir.path / "cut.spades";
  // the standard ruleset, and the corpus's tour of every syntactic form
  for (const char* source : {"rulesets/standard.spades", "tests/lang/ok_syntax_forms.spades"}) {
    const std::string text = slurp(fs::path(SPADES_SOURCE_DIR) / source);
    INFO(source);
    REQUIRE(text.size() > 1000);
    int loaded = 0;
    const std::vector<std::string> bad = misbehaving_prefixes(text, file, loaded);
    INFO(bad.size() << " prefixes misbehave" << (bad.empty() ? std::string() : "; the first, " + bad.front()));
    CHECK(bad.empty());
    // the whole file loads (so does a prefix that only drops trailing blanks and comments)
    CHECK(loaded >= 1);
  }
}

TEST_CASE("a 10 MB file is refused with a clear limit, quickly and without echoing it") {
  auto dir = std::filesystem::temp_directory_path() / "spades-big";
  std::filesystem::create_directories(dir);
  auto path = (dir / "big.spades").string();
  {
    std::ofstream out(path, std::ios::binary);
    std::string line(1023, '#');
    for (int i = 0; i < 10 * 1024; ++i) out << line << '\n';
  }
  spades::lang::sources src;
  try {
    spades::lang::load_variant(src, path);
    FAIL("a 10 MB file was accepted");
  } catch (const spades::lang::diag_error& e) {
    std::string shown = src.render(e.d);
    CHECK(shown.rfind(path + ":1:1: error: the file is too large (10485760 bytes; the limit is 4 MiB)\n", 0) == 0);
    CHECK(shown.size() < 400);
  }
}
