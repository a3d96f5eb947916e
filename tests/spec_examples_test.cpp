// spec/language.md's whole-variant examples check: each ```spades check block is written to a file of its
// own and passes `spades check` (bases named by id, as `extends "standard"`); each ```spades PATH block is
// the file at PATH as it is, and PATH checks. So a reorganised or amended spec cannot show a variant that
// does not check.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "tests/test_util.hpp"

using spades::testing::run;
using spades::testing::slurp;
using spades::testing::source_path;
namespace fs = std::filesystem;

namespace {

struct block {
  std::string where, text;  // where: "check", or the file's path
  int line;
};

// The fenced blocks whose info string is "spades check" or "spades PATH", with the line they start at.
std::vector<block> blocks_of(const std::string& md) {
  std::vector<block> out;
  std::regex fence(R"re(```spades (\S+)\n([\s\S]*?)```)re");
  for (auto it = std::sregex_iterator(md.begin(), md.end(), fence); it != std::sregex_iterator(); ++it) {
    const int line = 1 + (int)std::count(md.begin(), md.begin() + it->position(), '\n');
    out.push_back({(*it)[1].str(), (*it)[2].str(), line});
  }
  return out;
}

}  // namespace

TEST_CASE("spec examples: every whole variant in spec/language.md checks") {
  const std::string md = slurp(source_path("spec/language.md"));
  REQUIRE(!md.empty());
  const std::vector<block> blocks = blocks_of(md);
  const fs::path dir = fs::temp_directory_path() / ("spades-spec-examples-" + std::to_string(getpid()));
  fs::create_directories(dir);
  int checked = 0, files = 0;
  for (const block& b : blocks) {
    INFO("spec/language.md:" << b.line << ": the ```spades " << b.where << " block");
    std::string path = b.where;
    if (b.where == "check") {
      path = (dir / ("example_" + std::to_string(b.line) + ".spades")).string();
      std::ofstream(path) << b.text;
      ++checked;
    } else {
      REQUIRE(fs::exists(source_path(b.where)));
      CHECK(b.text == slurp(source_path(b.where)));
      ++files;
    }
    auto r = run("check " + path);
    INFO(r.out);
    CHECK(r.code == 0);
    CHECK(r.out.rfind("ok ", 0) == 0);
  }
  fs::remove_all(dir);
  // the examples the spec shows today: a block that lost its mark would otherwise go unchecked
  CHECK(checked == 7);
  CHECK(files == 3);
}
