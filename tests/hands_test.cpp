// Every ruleset's test hands, through the same runner as `spades test`; and the runner's own contract.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "runtime/hands.hpp"
#include "tests/test_util.hpp"

using namespace spades;
using namespace spades::testing;
namespace fs = std::filesystem;

namespace {

std::shared_ptr<const variant> loader(const std::string& path) {
  lang::sources src;
  try {
    return lang::load_variant(src, path);
  } catch (const lang::diag_error& e) {
    throw hands_error(src.render(e.d));
  }
}

std::string write_hands(const std::string& name, const std::string& json) {
  auto dir = fs::temp_directory_path() / "spades-tests";
  fs::create_directories(dir);
  fs::copy_file(source_path("rulesets/standard.spades"), dir / "standard.spades", fs::copy_options::overwrite_existing);
  auto p = dir / name;
  std::ofstream(p) << json;
  return p.string();
}

std::string error_of(const std::string& name, const std::string& json) {
  try {
    run_hands(write_hands(name, json), "", loader);
  } catch (const hands_error& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("every ruleset's test hands pass") {
  int files = 0;
  for (const auto& e : fs::directory_iterator(source_path("rulesets"))) {
    std::string p = e.path().string();
    if (p.size() < 11 || p.compare(p.size() - 11, 11, ".hands.json") != 0) continue;
    ++files;
    hands_report rep = run_hands(p, "", loader);
    INFO(rep.to_text());
    CHECK(rep.failed == 0);
    CHECK(rep.passed > 0);
  }
  CHECK(files >= 1);
}

TEST_CASE("hands runner: a wrong expectation fails, field by field") {
  std::string p = write_hands("wrong.json", R"({"ruleset": "standard.spades", "cases": [
    {"name": "wrong", "bids": {"N": 2, "E": 4, "S": 3, "W": 4}, "tricks": {"N": 4, "E": 3, "S": 3, "W": 3},
     "expect": {"hand_score": {"NS": 53, "EW": -80}, "bags": {"NS": 2}, "score": {"EW": -70}}}]})");
  hands_report rep = run_hands(p, "", loader);
  CHECK(rep.failed == 1);
  CHECK(rep.to_text() ==
        "FAIL wrong\n"
        "     hand_score.NS: expected 53, got 52\n"
        "     score.EW: expected -70, got -80\n"
        "0 passed, 1 failed\n");
}

TEST_CASE("hands runner: unusable files name the file, the case and the field") {
  std::string base = R"({"ruleset": "standard.spades", "cases": [{"name": "c", )";
  CHECK(error_of("a.json", "{not json").find("/a.json: not valid JSON") != std::string::npos);
  CHECK(error_of("b.json", base + R"("bids": {"X": 3}}]})").find("/b.json: case 'c': field 'bids.X': unknown seat 'X' (seats: N E S W)") != std::string::npos);
  CHECK(error_of("c.json", base + R"("deal": {"N": "ZZ"}}]})").find("field 'deal.N': 'ZZ' is not a card of this deck") != std::string::npos);
  CHECK(error_of("d.json", base + R"("colour": 1}]})").find("field 'colour': unknown field") != std::string::npos);
  CHECK(error_of("e.json", base + R"("bids": {"N": 2, "E": 4, "S": 3, "W": 4}, "tricks": {"N": 4, "E": 3, "S": 3, "W": 2}}]})")
            .find("field 'tricks': the tricks add up to 12, but a hand has 13") != std::string::npos);
  CHECK(error_of("f.json", base + R"("bids": {"N": 2, "E": 4, "S": 3, "W": 4}, "tricks": {"N": 4, "E": 3, "S": 3, "W": 3}, "expect": {"score": {"XY": 1}}}]})").find("unknown team 'XY'") != std::string::npos);
  CHECK(error_of("g.json", base + R"("deal": {"N": "AS AS"}}]})").find("AS is dealt more often than the deck holds it") != std::string::npos);
  CHECK(error_of("h.json", R"({"ruleset": "missing.spades", "cases": []})").find("cannot read") != std::string::npos);
}
