// The vocabulary table (lang/vocabulary.cpp) against spec/language.md, the grammar and the compiled
// variant: a built-in name, a reserved word, a role or a decline word listed in one place and not the other fails.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "lang/load.hpp"
#include "lang/vocabulary.hpp"
#include "test_util.hpp"

using namespace spades;
using spades::testing::source_path;

namespace {

std::string spec_text() {
  std::ifstream in(source_path("spec/language.md"));
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> cells(const std::string& row) {
  std::vector<std::string> out;
  size_t i = row.find('|');
  while (i != std::string::npos) {
    size_t j = row.find('|', i + 1);
    if (j == std::string::npos) break;
    std::string c = row.substr(i + 1, j - i - 1);
    while (!c.empty() && c.front() == ' ') c.erase(0, 1);
    while (!c.empty() && c.back() == ' ') c.pop_back();
    out.push_back(c);
    i = j;
  }
  return out;
}

// "`min()`, `max()`" -> {"min", "max"}; "option names" stays as it is.
std::vector<std::string> names_in(const std::string& cell) {
  std::vector<std::string> out;
  std::stringstream ss(cell);
  std::string part;
  while (std::getline(ss, part, ',')) {
    std::string n;
    for (char c : part)
      if (c != '`' && c != '(' && c != ')') n += c;
    while (!n.empty() && n.front() == ' ') n.erase(0, 1);
    out.push_back(n);
  }
  return out;
}

// The spec's "Built-in names" table: name -> the scope bits marked ✓.
std::map<std::string, uint8_t> spec_builtins() {
  std::string text = spec_text();
  size_t at = text.find("\nBuilt-in names");
  REQUIRE(at != std::string::npos);
  at = text.find("\n|", at);
  std::map<std::string, uint8_t> out;
  std::stringstream ss(text.substr(at + 1));
  std::string line;
  std::getline(ss, line);  // header
  REQUIRE(cells(line) == std::vector<std::string>{"name", "value", "game", "bidding", "play", "team", "player"});
  std::getline(ss, line);  // |---|
  while (std::getline(ss, line) && line.rfind("|", 0) == 0) {
    auto c = cells(line);
    REQUIRE(c.size() == 7);
    uint8_t bits = 0;
    for (int s = 0; s < lang::scope_count; ++s) {
      INFO(line);
      bool yes = c[2 + s].rfind("✓", 0) == 0, no = c[2 + s] == "–";
      REQUIRE((yes || no));
      if (yes) bits |= lang::bit(lang::scope(s));
    }
    for (const std::string& n : names_in(c[0])) out[n] = bits;
  }
  return out;
}

std::string diagnostic_of(const std::string& text) {
  lang::sources src;
  try {
    lang::load_variant_text(src, source_path("rulesets/vocabulary_test.spades"), text);
    return "";
  } catch (const lang::diag_error& e) {
    return e.d.message;
  }
}

}  // namespace

TEST_CASE("vocabulary: the spec's built-in names table is the table in code", "[vocabulary]") {
  std::map<std::string, uint8_t> spec = spec_builtins();
  std::map<std::string, uint8_t> code;
  for (const lang::builtin& b : lang::builtins()) code[std::string(b.name)] = b.scopes;
  for (const auto& [name, bits] : code) {
    INFO("in lang/vocabulary.cpp: " << name);
    REQUIRE(spec.count(name));
    CHECK(int(spec[name]) == int(bits));
  }
  for (const auto& [name, bits] : spec) {
    INFO("in spec/language.md: " << name);
    CHECK(code.count(name));
  }
  CHECK(code.size() == 45);  // 27 names, 14 functions, 4 classes
}

TEST_CASE("vocabulary: keywords and functions cannot be names in formulas; variables can", "[vocabulary]") {
  for (std::string_view k : lang::keywords()) {
    if (k == "true" || k == "false") continue;  // literals: a formula of its own
    INFO(k);
    CHECK(diagnostic_of(fmt::format("extends \"standard\"\nbidding {{ skip when {} }}\n", k)).rfind("expected", 0) == 0);
  }
  for (const lang::builtin& b : lang::builtins()) {
    if (b.kind == lang::builtin::name_class) continue;
    INFO(b.name);
    std::string d = diagnostic_of(fmt::format("extends \"standard\"\nbidding {{ skip when {} }}\n", b.name));
    if (b.kind == lang::builtin::function) CHECK(d.rfind("expected", 0) == 0);
    else CHECK((d == "" || d == fmt::format("'{}' cannot be used in a game condition (`skip when`, `tie when`, a step's `when`): {}", b.name, lang::where_known(b.scopes))));
  }
}

TEST_CASE("vocabulary: no option may take a word of the language", "[vocabulary]") {
  std::vector<std::string_view> words(lang::keywords().begin(), lang::keywords().end());
  for (const lang::builtin& b : lang::builtins())
    if (b.kind != lang::builtin::name_class) words.push_back(b.name);
  for (std::string_view w : words) {
    if (w == "true" || w == "false") continue;
    INFO(w);
    CHECK(diagnostic_of(fmt::format("extends \"standard\"\noption {} = 1\n", w)) ==
          fmt::format("'{}' is a word of the language; an option needs another name", w));
  }
  CHECK(diagnostic_of("extends \"standard\"\noption hands = 1\n") == "");
}

TEST_CASE("vocabulary: the words that decline a call are the variant's and the spec's", "[vocabulary]") {
  auto v = spades::testing::load_ruleset("standard");
  CHECK(v->decline_words == lang::decline_words());
  CHECK(v->decline_words == std::vector<std::string>{"no", "none", "keep", "nothing"});
  std::string spec = spec_text();
  std::replace(spec.begin(), spec.end(), '\n', ' ');
  CHECK(spec.find("`no`, `none`, `keep` or `nothing` declines") != std::string::npos);
}

TEST_CASE("vocabulary: counter roles", "[vocabulary]") {
  auto bags_of = [](const std::string& text) {
    lang::sources src;
    auto v = lang::load_variant_text(src, source_path("rulesets/vocabulary_test.spades"), text);
    return v->bags_counter < 0 ? std::string("-") : v->counters.at(v->bags_counter);
  };
  CHECK(bags_of("extends \"standard\"\n") == "bags");  // `counter bags`, no role: bags by its name
  CHECK(bags_of("extends \"standard\"\nscoring { counter sandbags = 0 as bags }\n") == "sandbags");
  CHECK(bags_of("extends \"standard\"\nscoring { counter bags as bags }\n") == "bags");
  CHECK(bags_of("extends \"standard\"\nscoring {\n  drop counter bags\n  drop rule contract\n  drop rule sandbags\n}\n") == "-");
  CHECK(lang::role_names() == std::vector<std::string>{"bags"});
  CHECK(spec_text().find("| `bags` | overtricks carried from hand to hand; the `bags` field of [test hands](test-hands.md) reads this counter |") !=
        std::string::npos);
}

TEST_CASE("declare: every named thing once, numbered in its kind as the runtime tables are", "[declare]") {
  lang::sources src;
  auto v = lang::load_variant(src, source_path("rulesets/standard.spades"));
  std::string text = "extends \"standard\"\n"
                     "option stake = 10\n"
                     "bidding {\n"
                     "  bid boast 10..13 \"boast\" { convert back \"back down\" to number 9 }\n"
                     "  announce bemo \"bemo\"\n"
                     "}\n";
  lang::sources src2;
  auto w = lang::load_variant_text(src2, source_path("rulesets/vocabulary_test.spades"), text);
  // a new bid after the inherited ones; calls in the order offered: conversions inside bids, then announcements
  REQUIRE(w->bids.size() == v->bids.size() + 1);
  CHECK(w->bids.back().name == "boast");
  REQUIRE(w->calls.size() == v->calls.size() + 2);
  CHECK(w->calls[w->calls.size() - 2].name == "back");
  CHECK(w->calls[w->calls.size() - 2].from_kind == (int)w->bids.size() - 1);
  CHECK(w->calls.back().name == "bemo");
  CHECK(w->option_names.back() == "stake");
}
