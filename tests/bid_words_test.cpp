// spec/bid-words.md, the table of bid and call words, against every ruleset: each word a ruleset declares has
// its row, means there what the row says (a number or a fixed value, blind or not, for the side or not; an
// announcement, a misdeal or a conversion), the row names exactly the rulesets that use it, and the word
// typed as the table shows it is read as that bid. A ruleset that gives a word a second meaning fails here
// (unless the table gives that meaning a row of its own, naming the ruleset: the one such word is listed
// there as the exception it is).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/test_util.hpp"

using namespace spades;
using namespace spades::testing;
namespace fs = std::filesystem;

namespace {

const std::string table_file = "spec/bid-words.md";

struct word_row {
  int line = 0;
  std::vector<std::string> cells;  // as written, trimmed
  std::set<std::string> used_by;   // the rulesets the row names
  std::set<std::string> seen;      // the rulesets found using the word
};

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

// The texts in backticks in a cell: `a`, `b`.
std::vector<std::string> backticked(const std::string& cell) {
  std::vector<std::string> out;
  for (size_t i = cell.find('`'); i != std::string::npos; i = cell.find('`', i)) {
    size_t j = cell.find('`', i + 1);
    if (j == std::string::npos) break;
    out.push_back(cell.substr(i + 1, j - i - 1));
    i = j + 1;
  }
  return out;
}

std::vector<std::string> ruleset_ids() {
  std::vector<std::string> ids;
  for (const auto& e : fs::directory_iterator(source_path("rulesets")))
    if (e.path().extension() == ".spades") ids.push_back(e.path().stem().string());
  std::sort(ids.begin(), ids.end());
  return ids;
}

// The rows of the table under `heading`, keyed by their first cell's word (a word with a second meaning
// has a row per meaning, each naming its rulesets); `columns` cells each.
std::map<std::string, std::vector<word_row>> read_table(const std::string& heading, size_t columns) {
  std::istringstream in(slurp(source_path(table_file)));
  std::map<std::string, std::vector<word_row>> rows;
  bool inside = false;
  int n = 0;
  const std::vector<std::string> all = ruleset_ids();
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (line.rfind("## ", 0) == 0) inside = trim(line.substr(3)) == heading;
    if (!inside || line.rfind("| `", 0) != 0) continue;
    word_row r;
    r.line = n;
    std::stringstream cells(line.substr(1));
    for (std::string c; std::getline(cells, c, '|');) r.cells.push_back(trim(c));
    INFO(table_file << ":" << n);
    REQUIRE(r.cells.size() == columns);
    const std::string& named = r.cells.back();
    std::vector<std::string> ids = backticked(named);
    if (named.rfind("every ruleset but ", 0) == 0 || named == "every ruleset") {
      r.used_by.insert(all.begin(), all.end());
      for (const std::string& id : ids) r.used_by.erase(id);
    } else {
      r.used_by.insert(ids.begin(), ids.end());
    }
    for (const std::string& id : ids) CHECK(std::count(all.begin(), all.end(), id) == 1);
    rows[backticked(r.cells[0]).at(0)].push_back(r);
  }
  return rows;
}

// The row of `word` that names ruleset `id`: exactly one.
word_row& row_for(std::map<std::string, std::vector<word_row>>& table, const std::string& word, const std::string& id) {
  auto it = table.find(word);
  REQUIRE(it != table.end());
  word_row* found = nullptr;
  for (word_row& r : it->second)
    if (r.used_by.count(id)) {
      INFO(table_file << ":" << r.line << ": a second row of '" << word << "' names " << id);
      CHECK(found == nullptr);
      found = &r;
    }
  INFO("no row of '" << word << "' names " << id);
  REQUIRE(found != nullptr);
  found->seen.insert(id);
  return *found;
}

std::string yes_no(bool b) { return b ? "yes" : "no"; }

}  // namespace

TEST_CASE("bid words: every ruleset's bids and calls mean what spec/bid-words.md says") {
  // | words | number | blind | for side | meaning | rulesets |
  auto bids = read_table("Bids", 6);
  // | words | call | meaning | rulesets |
  auto calls = read_table("Calls", 4);
  REQUIRE(bids.size() >= 10);
  REQUIRE(calls.size() >= 5);
  for (const std::string& id : ruleset_ids()) {
    auto v = load_ruleset(id);
    for (size_t k = 0; k < v->bids.size(); ++k) {
      const bid_kind& b = v->bids[k];
      if (b.words.empty()) continue;  // a plain number
      INFO("rulesets/" << id << ".spades: bid " << b.name << " \"" << b.words << "\"");
      word_row& r = row_for(bids, b.words, id);
      INFO(table_file << ":" << r.line);
      CHECK(r.cells[1] == (b.lo == b.hi ? std::to_string(b.lo) : std::string("N")));
      CHECK(r.cells[2] == yes_no(b.blind));
      if (r.cells[3] != "either") CHECK(r.cells[3] == yes_no(b.side));
      // typed as the table shows it, the word is this bid: alone, or with a number before or after it
      move m;
      std::string err;
      if (b.lo == b.hi) {
        REQUIRE(parse_bid(*v, b.words, m, err));
      } else {
        REQUIRE(parse_bid(*v, b.words + " " + std::to_string(b.hi), m, err));
        CHECK(m.b == b.hi);
        REQUIRE(parse_bid(*v, std::to_string(b.lo) + " " + b.words, m, err));
        CHECK(m.b == b.lo);
      }
      CHECK(m.a == (int)k);
    }
    for (const call_kind& c : v->calls) {
      INFO("rulesets/" << id << ".spades: call " << c.name << " \"" << c.words << "\"");
      word_row& r = row_for(calls, c.words, id);
      INFO(table_file << ":" << r.line);
      CHECK(r.cells[1] == (c.redeal ? "misdeal" : c.from_kind >= 0 ? "conversion" : "announcement"));
    }
  }
  for (auto* table : {&bids, &calls})
    for (const auto& [word, rows] : *table)
      for (const word_row& r : rows) {
        INFO(table_file << ":" << r.line << ": the rulesets that use '" << word << "'");
        CHECK(r.seen == r.used_by);
      }
}

TEST_CASE("bid words: numbers said either way and before the words of a kind with a range") {
  auto moon = load_ruleset("moon");
  move m;
  std::string err;
  REQUIRE(parse_bid(*moon, "10 for 200", m, err));
  CHECK(moon->bids[m.a].name == "ten_for_200");
  CHECK(m.b == 10);
  REQUIRE(parse_bid(*moon, "Ten  for 200", m, err));
  CHECK(moon->bids[m.a].name == "ten_for_200");
  REQUIRE(parse_bid(*moon, "six", m, err));
  CHECK(moon->bids[m.a].name == "number");
  CHECK(m.b == 6);
  CHECK_FALSE(parse_bid(*moon, "10 for 100", m, err));
  CHECK(err == "'10 for 100' is not a bid (bids: 1..13, nil, blind nil, moon, ten for 200)");

  auto no_trump = load_ruleset("no-trump");
  REQUIRE(parse_bid(*no_trump, "4 no trump", m, err));
  CHECK(no_trump->bids[m.a].name == "no_trump");
  CHECK(m.b == 4);
  REQUIRE(parse_bid(*no_trump, "four no trump", m, err));
  CHECK(m.b == 4);
  REQUIRE(parse_bid(*no_trump, "no trump 5", m, err));  // as before
  CHECK(m.b == 5);
  CHECK_FALSE(parse_bid(*no_trump, "no 4 trumps", m, err));

  // a number inside a kind's words: `blind 5 no trump` for a kind "blind no trump"
  std::string path = temp_variant("blind_no_trump", R"(extends "standard"
bidding {
  bid blind_no_trump 5..13 "blind no trump" { blind }
}
)");
  lang::sources src;
  auto v = lang::load_variant(src, path);
  REQUIRE(parse_bid(*v, "blind 5 no trump", m, err));
  CHECK(v->bids[m.a].name == "blind_no_trump");
  CHECK(m.b == 5);
  REQUIRE(parse_bid(*v, "blind no trump 6", m, err));
  CHECK(m.b == 6);
  REQUIRE(parse_bid(*v, "7 blind no trump", m, err));
  CHECK(m.b == 7);
  REQUIRE(parse_bid(*v, "blind nil", m, err));  // the kinds before it keep their words
  CHECK(v->bids[m.a].name == "blind_nil");
}
