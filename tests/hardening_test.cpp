// Inputs that once crashed, hung or took quadratic time: each is generated here (never stored) and must get a
// clear error, or be accepted, with work in proportion to its size.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <fmt/format.h>

#include "hands/run.hpp"
#include "lang/load.hpp"
#include "test_util.hpp"

namespace fs = std::filesystem;
using spades::lang::diag_error;

namespace {

fs::path scratch(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / "spades-hardening";
  fs::create_directories(dir);
  return dir / name;
}

// The rendered first error of loading `path`, or "" when it loads.
std::string load_error(const std::string& path) {
  spades::lang::sources src;
  try {
    spades::lang::load_variant(src, path);
    return "";
  } catch (const diag_error& e) {
    return src.render(e.d);
  }
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

}  // namespace

TEST_CASE("a FIFO is refused as a variant file and as a base, without blocking") {
  fs::path fifo = scratch("pipe.spades");
  fs::remove(fifo);
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK(load_error(fifo.string()) ==
        "error: cannot read '" + fifo.string() + "': it is not a regular file (a pipe or a device cannot be read as a file)\n");
  fs::path child = scratch("child.spades");
  std::ofstream(child) << "extends \"pipe\"\n";
  CHECK(first_line(load_error(child.string())) ==
        child.string() + ":1:1: error: cannot read '" + fifo.string() + "': it is not a regular file (a pipe or a device cannot be read as a file)");
  fs::remove(fifo);
}

TEST_CASE("a device is refused before anything is read") {
  CHECK(load_error("/dev/zero") == "error: cannot read '/dev/zero': it is not a regular file (a pipe or a device cannot be read as a file)\n");
}

TEST_CASE("a huge sparse file is refused by its size, not read") {
  fs::path big = scratch("sparse.spades");
  {
    std::ofstream(big) << "game \"x\"\n";
  }
  fs::resize_file(big, 1200ull << 20);  // 1.2 GB of holes: reading it would take gigabytes
  std::string err = load_error(big.string());
  CHECK(first_line(err) == big.string() + ":1:1: error: the file is too large (1258291200 bytes; the limit is 4 MiB)");
  CHECK(err.size() < 400);
  fs::remove(big);
}

TEST_CASE("the extends chain holds 32 files, not 33") {
  auto chain = [](int n) {
    for (int i = 1; i <= n; ++i) {
      std::ofstream out(scratch(fmt::format("c{}.spades", i)));
      if (i < n) out << "extends \"c" << i + 1 << "\"\n";
      else out << "players { count 4 }\nend { max_hands 1 }\n";
    }
    return scratch("c1.spades").string();
  };
  CHECK(load_error(chain(32)) == "");
  std::string err = load_error(chain(33));
  INFO(err.substr(0, 300));
  CHECK(err.find(":1:1: error: extends chain is too long (more than 32 files)") != std::string::npos);
}

TEST_CASE("merging many named items is linear: 100,000 tallies, each replaced by a base's child") {
  std::string base = "players { count 4 }\nend { max_hands 1 }\nscoring {\n";
  for (int i = 0; i < 100000; ++i) base += "  tally t" + std::to_string(i) + "\n";
  base += "}\n";
  std::ofstream(scratch("many.spades")) << base;
  std::string child = "extends \"many\"\nscoring {\n";
  for (int i = 0; i < 100000; i += 2) child += "  drop tally t" + std::to_string(i) + "\n";
  child += "}\n";
  std::ofstream(scratch("many-child.spades")) << child;
  // the merge succeeds; the checker then refuses the number of tallies left at the 17th
  std::string err = load_error(scratch("many-child.spades").string());
  INFO(err.substr(0, 300));
  CHECK(err.find("error: too many tallies (the limit is 16)") != std::string::npos);
}

TEST_CASE("an unknown name of 30,000 characters gets no suggestion, at once") {
  std::string name(30000, 'x');
  fs::path p = scratch("long-name.spades");
  std::ofstream(p) << "extends \"" << spades::testing::source_path("rulesets/standard") << "\"\nscoring {\n  rule r each team { points "
                   << name << " }\n}\n";
  std::string err = load_error(p.string());
  CHECK(err.find("error: unknown name '") != std::string::npos);
  CHECK(err.find("did you mean") == std::string::npos);
  CHECK(spades::nearest(name, {name + "y"}) == "");
  CHECK(spades::nearest("bidd", {"bid", std::string(100, 'b')}) == "bid");
}

// ---- hands files ----

namespace {

std::shared_ptr<const spades::variant> hands_loader(const std::string& path) {
  spades::lang::sources src;
  try {
    return spades::lang::load_variant(src, path);
  } catch (const diag_error& e) {
    throw spades::hands_error(src.render(e.d));
  }
}

// The hands file error for `text` (written beside rulesets/), or "" when it runs.
std::string hands_error_of(const std::string& text, spades::hands_report* out = nullptr, const char* ruleset = "nyc") {
  fs::path p = scratch("h.hands.json");
  std::ofstream(p, std::ios::binary) << text;
  try {
    auto rep = spades::run_hands(p.string(), spades::testing::source_path(fmt::format("rulesets/{}.spades", ruleset)), hands_loader);
    if (out) *out = rep;
    return "";
  } catch (const spades::hands_error& e) {
    return e.what();
  }
}

const char* nyc_first_hand = R"({"name": "first hand", "bids": {}, "tricks": {"N": 3, "E": 3, "S": 4, "W": 3},
  "expect": {"hand_score": {"NS": 70, "EW": 60}, "bags": {"NS": 0}}})";

}  // namespace

TEST_CASE("hands: 100,000 levels of nesting in a note are refused before parsing") {
  std::string deep = R"({"cases": [], "note": )" + std::string(100000, '[') + std::string(100000, ']') + "}";
  std::string err = hands_error_of(deep);
  CHECK(err.find("h.hands.json: not valid JSON: nesting is too deep (more than 64 levels of [ and {)") != std::string::npos);
  // brackets inside a string are text, not nesting
  spades::hands_report rep;
  CHECK(hands_error_of(R"({"note": ")" + std::string(1000, '[') + R"(", "cases": [)" + nyc_first_hand + "]}", &rep) == "");
  CHECK(rep.passed == 1);
}

TEST_CASE("hands: a key given twice is refused, not silently replaced") {
  std::string err = hands_error_of(R"({"cases": [{"name": "x", "expect": {}}], "cases": []})");
  CHECK(err.find(R"(h.hands.json: the key "cases" is given twice in the same object (at the top level): JSON would keep only the last)") != std::string::npos);
  err = hands_error_of(R"({"cases": [{"name": "a"}, {"name": "b", "expect": {"score": {"NS": 1}}, "expect": {}}]})");
  CHECK(err.find(R"(the key "expect" is given twice in the same object (at 'cases[1]'))") != std::string::npos);
}

TEST_CASE("hands: 30,000 cases with distinct names load in linear time; a repeated name is still found") {
  std::string text = R"({"cases": [)";
  for (int i = 0; i < 30000; ++i) text += fmt::format(R"({}{{"name": "c{}"}})", i ? "," : "", i);
  spades::hands_report rep;
  CHECK(hands_error_of(text + "]}", &rep) == "");
  CHECK(rep.passed == 30000);
  std::string err = hands_error_of(text + R"(, {"name": "c29999"}]})");
  CHECK(err.find("case 'c29999': field 'name': another case has the same name") != std::string::npos);
}

TEST_CASE("hands: a FIFO or an oversized file is refused without reading it") {
  fs::path fifo = scratch("pipe.hands.json");
  fs::remove(fifo);
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  try {
    spades::run_hands(fifo.string(), "", hands_loader);
    FAIL("a FIFO was read");
  } catch (const spades::hands_error& e) {
    CHECK(std::string(e.what()) == fifo.string() + ": cannot read the hands file: it is not a regular file (a pipe or a device cannot be read as a file)");
  }
  fs::remove(fifo);
  fs::path big = scratch("big.hands.json");
  std::ofstream(big) << "{}";
  fs::resize_file(big, 1200ull << 20);
  try {
    spades::run_hands(big.string(), "", hands_loader);
    FAIL("a 1.2 GB file was read");
  } catch (const spades::hands_error& e) {
    CHECK(std::string(e.what()) == big.string() + ": the hands file is too large (1258291200 bytes; the limit is 64 MiB)");
  }
  fs::remove(big);
}

TEST_CASE("hands: an option's value beyond the language's range is refused") {
  std::string err = hands_error_of(R"({"cases": [{"name": "x", "options": {"game_to": 10000000000}}]})", nullptr, "three");
  INFO(err);
  CHECK(err.find("field 'options.game_to': 10000000000 is out of range (an option's value is from -1000000000 to 1000000000)") !=
        std::string::npos);
}

TEST_CASE("hands: bags of 0 and no bids for a ruleset without bags or bidding (nyc's first hand)") {
  spades::hands_report rep;
  CHECK(hands_error_of(std::string(R"({"cases": [)") + nyc_first_hand + "]}", &rep) == "");
  CHECK(rep.passed == 1);
  std::string zero = R"({"cases": [{"name": "z", "before": {"bags": {"NS": 0}}, "bids": {"NS": 4, "EW": 4},
    "tricks": {"N": 3, "E": 3, "S": 3, "W": 4}, "expect": {"hand_score": {"NS": 40, "EW": -40}}}]})";
  CHECK(hands_error_of(zero, &rep) == "");
  CHECK(rep.passed == 1);
  std::string two = zero;
  two.replace(two.find(R"("NS": 0)"), 7, R"("NS": 2)");
  INFO(hands_error_of(two));
  CHECK(hands_error_of(two).find("field 'before.bags.NS': the ruleset keeps no bags (no counter plays the role `bags`): only 0 is accepted") !=
        std::string::npos);
}
