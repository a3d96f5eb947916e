// Variants named by id (docs/cli.md, "Variants by id"): an argument that is no file is looked up in
// SPADES_PATH, then the rulesets folder; `extends "ID"` looks in the file's own folder first; the misses
// are refused with the nearest id.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "tests/test_util.hpp"

using namespace spades::testing;
namespace fs = std::filesystem;

namespace {

std::string id_dir(const std::string& name) {
  fs::path d = fs::temp_directory_path() / ("spades-ids-" + std::to_string(::getpid())) / name;
  fs::create_directories(d);
  return d.string();
}

// The binary with SPADES_PATH set, from the source root: stdout and stderr together.
run_result run_with_path(const std::string& search, const std::string& args) {
  int status = 0;
  std::string out = shell(std::string("cd ") + SPADES_SOURCE_DIR + " && SPADES_PATH='" + search + "' " + SPADES_BINARY + " " + args + " </dev/null 2>&1", &status);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

}  // namespace

TEST_CASE("ruleset ids: play, explain and check take an id from the rulesets folder") {
  auto play = run("play nyc --seed 1", "quit\n");
  CHECK(play.code == 0);
  CHECK(play.out.rfind("New York City Spades - you are S (partner N) (seed 1).", 0) == 0);
  auto explain = run("explain standard");
  CHECK(explain.code == 0);
  CHECK(explain.out.rfind("Standard Spades (standard)\n", 0) == 0);
  // stdout alone: german.spades restates Blind Nil on purpose, and `check` warns of it on stderr
  CHECK(run("check german.spades", "", true).out == "ok german.spades: Spades (German rules, teams Gold and Blue): 4 players, 2 teams, 52 cards, 3 bids, 3 scoring rules\n");
  // the record names the file the id found
  const std::string rec = id_dir("records") + "/nyc.json";
  REQUIRE(run("play nyc --seed 1 --record " + rec, "quit\n").code == 0);
  CHECK(slurp(rec).find("\"ruleset\": \"" + fs::relative(fs::path(SPADES_SOURCE_DIR) / "rulesets/nyc.spades", fs::path(rec).parent_path()).string() + "\"") !=
        std::string::npos);
}

TEST_CASE("ruleset ids: an unknown id is refused with the folders searched and the nearest id") {
  auto r = run("play nyx");
  CHECK(r.code == 2);
  CHECK(r.out == "spades play: cannot read 'nyx': no such file, and no ruleset 'nyx' in rulesets; did you mean 'nyc'?\n");
  auto c = run_with_path("/no/such/folder", "check standrd");
  CHECK(c.code == 2);
  CHECK(c.out == "spades check: cannot read 'standrd': no such file, and no ruleset 'standrd' in /no/such/folder, rulesets; did you mean 'standard'?\n");
  // a path is not an id: read as written
  CHECK(run("check rulesets/nyx.spades").out == "spades check: cannot read 'rulesets/nyx.spades': No such file or directory\n");
}

TEST_CASE("ruleset ids: SPADES_PATH comes before the rulesets folder, and a copied ruleset finds its base") {
  const std::string mine = id_dir("mine"), other = id_dir("other");
  // a ruleset copied out of rulesets/: `extends "standard"` is found in the rulesets folder
  fs::copy_file(source_path("rulesets/bags5.spades"), mine + "/house.spades", fs::copy_options::overwrite_existing);
  auto house = run_with_path(other + ":" + mine, "check house");
  CHECK(house.code == 0);
  CHECK(house.out == "ok house: Spades, 5-bag penalty: 4 players, 2 teams, 52 cards, 3 bids, 3 scoring rules\n");
  CHECK(run("check " + mine + "/house.spades").code == 0);
  // the first folder of SPADES_PATH holding the id wins over the rulesets folder
  fs::copy_file(source_path("rulesets/two.spades"), other + "/nyc.spades", fs::copy_options::overwrite_existing);
  CHECK(run_with_path(other, "check nyc").out.rfind("ok nyc: Spades for Two Players", 0) == 0);
}

TEST_CASE("ruleset ids: a base found nowhere is an error at the extends, with the nearest id") {
  const std::string dir = id_dir("typo");
  std::ofstream(dir + "/typo.spades") << "extends \"standrd\"\n";
  auto r = run_with_path("", "check " + dir + "/typo.spades");
  CHECK(r.code == 1);
  CHECK(r.out == dir + "/typo.spades:1:1: error: cannot find the base 'standrd': no standrd.spades in " + dir +
                     ", rulesets; did you mean 'standard'?\nextends \"standrd\"\n^\n");
}
