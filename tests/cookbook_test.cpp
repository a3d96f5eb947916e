// docs/cookbook.md against the files it shows: every ```spades PATH block is the file at PATH as it is,
// every line of an ```explain PATH block is a line `spades explain PATH` prints, and every recipe file in
// docs/examples/ is shown and has its test hands beside it (CTest runs them with the other examples').
#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "tests/test_util.hpp"

using spades::testing::run;
using spades::testing::slurp;
using spades::testing::source_path;
namespace fs = std::filesystem;

namespace {

struct block {
  std::string kind, path, text;
};

// The fenced blocks whose info string is "spades PATH" or "explain PATH".
std::vector<block> blocks_of(const std::string& md) {
  std::vector<block> out;
  std::regex fence(R"re(```(spades|explain) (\S+)\n([\s\S]*?)```)re");
  for (auto it = std::sregex_iterator(md.begin(), md.end(), fence); it != std::sregex_iterator(); ++it)
    out.push_back({(*it)[1].str(), (*it)[2].str(), (*it)[3].str()});
  return out;
}

std::set<std::string> lines_of(const std::string& text) {
  std::set<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.insert(l);
  return out;
}

}  // namespace

TEST_CASE("cookbook: each recipe is a real file, explained as the cookbook says, with its test hands") {
  std::string md = slurp(source_path("docs/cookbook.md"));
  REQUIRE(!md.empty());
  std::vector<block> blocks = blocks_of(md);
  std::set<std::string> shown;
  for (const block& b : blocks) {
    INFO("docs/cookbook.md: the " << b.kind << " block of " << b.path);
    REQUIRE(fs::exists(source_path(b.path)));
    if (b.kind == "spades") {
      CHECK(b.text == slurp(source_path(b.path)));
      shown.insert(b.path);
      std::string hands = b.path.substr(0, b.path.size() - 7) + ".hands.json";
      CHECK(fs::exists(source_path(hands)));
    } else {
      auto r = run("explain " + b.path, "", true);
      REQUIRE(r.code == 0);
      std::set<std::string> said = lines_of(r.out);
      for (const std::string& l : lines_of(b.text)) {
        INFO("the line: " << l);
        CHECK(said.count(l) == 1);
      }
    }
  }
  std::set<std::string> files;
  for (const auto& e : fs::directory_iterator(source_path("docs/examples"))) {
    std::string name = e.path().filename().string();
    if (name.rfind("cookbook-", 0) == 0 && e.path().extension() == ".spades") files.insert("docs/examples/" + name);
  }
  CHECK(files.size() == 12);
  CHECK(shown == files);
}
