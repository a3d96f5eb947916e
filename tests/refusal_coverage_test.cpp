// Issue 31: every refusal of hands/ and cli/ is fed the input that triggers it. The usage refusals no other test
// gave their input, each with its exact text; then a scan of hands/ and cli/ for the messages they raise, each of
// whose fixed text some test must hold (as the goldens hold lang/'s, tests/diagnostic_goldens_test.cpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <set>

#include "tests/test_util.hpp"

using namespace spades;
using spades::testing::run;
namespace fs = std::filesystem;

TEST_CASE("cli: usage refusals, each with the input that triggers it") {
  const std::string dir = (fs::temp_directory_path() / ("spades-refusals-" + std::to_string(::getpid()))).string();
  fs::create_directories(dir + "/empty");
  REQUIRE(run("sim rulesets/standard.spades --games 1 --seed 7 --record " + dir + "/r.json").code == 0);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"sim rulesets/standard.spades", "spades sim: --games N is required\n"},
      {"sim", "spades sim: name exactly one variant file\n"},
      {"sim rulesets/standard.spades --games 1 --record=", "spades sim: --record needs a file name\n"},
      {"explain", "spades explain: name one variant file\n"},
      {"graph", "spades graph: name one variant file\n"},
      {"diff rulesets/standard.spades", "spades diff: name two variant files: the one to compare with, then the one compared\n"},
      {"list a b", "spades list: name at most one directory\n"},
      {"bench --all " + dir + "/empty", "spades bench: no ruleset (*.spades) in that directory\n"},
      {"lsp x.spades", "spades lsp: takes no files: the editor sends them\n"},
      {"test", "spades test: name exactly one hands file\n"},
      {"replay", "spades replay: name exactly one record\n"},
      {"play a.spades b.spades", "spades play: name at most one variant file\n"},
      {"serve x.spades", "spades serve: serve takes no file: the host picks the variant in the browser\n"},
      {"play rulesets/three-dummy.spades --seat W", "spades play: seat 'W' is the dummy, which no one sits at: choose another seat\n"},
      {"play --resume " + dir + "/r.json --seat N",
       "spades play: --resume takes the variant, seat, seed and options from the record: give none of them\n"},
      {"play --resume " + dir + "/r.json --bots rule",
       "spades play: --resume plays on against the bots the game was played against: give no --bot, --bots or --mc-budget\n"},
      {"match rulesets/three.spades rule random --deals 1",
       "spades match: Spades for Three Players has 3 sides (P1, P2, P3): match seats bot A on one side and bot B on the other, so it "
       "needs two; compare bots here with `spades sim --bots`\n"},
  };
  for (const auto& [args, text] : cases) {
    INFO(args);
    const auto r = run(args);
    CHECK(r.code == 2);
    CHECK(r.out == text);
  }
}

namespace {

// The source without its comments (strings and characters kept whole).
std::string code_of(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    if (s[i] == '"' || s[i] == '\'') {
      size_t j = i + 1;
      while (j < s.size() && s[j] != s[i]) j += s[j] == '\\' ? 2 : 1;
      out += s.substr(i, j + 1 - i);
      i = j + 1;
    } else if (s.compare(i, 2, "//") == 0) {
      i = s.find('\n', i);
      if (i == std::string::npos) break;
    } else if (s.compare(i, 2, "/*") == 0) {
      i = s.find("*/", i);
      if (i == std::string::npos) break;
      i += 2;
    } else {
      out += s[i++];
    }
  }
  return out;
}

// The texts of the messages raised in `src`: the string literals (adjacent ones joined) in the arguments of
// hands_error, usage_error, input_error, bad and fail.
std::vector<std::string> messages_in(const std::string& src) {
  static const std::regex call("\\b(hands_error|usage_error|input_error|bad|fail)\\(");
  static const std::regex literal("\"((?:[^\"\\\\]|\\\\.)*)\"");
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(src.begin(), src.end(), call); it != std::sregex_iterator(); ++it) {
    size_t j = (size_t)(it->position() + it->length());
    const size_t from = j;
    for (int depth = 1; j < src.size() && depth; ++j) {
      if (src[j] == '"') {
        for (++j; j < src.size() && src[j] != '"';) j += src[j] == '\\' ? 2 : 1;
      } else if (src[j] == '(') {
        ++depth;
      } else if (src[j] == ')') {
        --depth;
      }
    }
    const std::string args = src.substr(from, j - from);
    std::string text;
    size_t last_end = std::string::npos;
    for (auto l = std::sregex_iterator(args.begin(), args.end(), literal); l != std::sregex_iterator(); ++l) {
      const bool joined = last_end != std::string::npos &&
                          args.find_first_not_of(" \n\t", last_end) == (size_t)l->position();
      if (!joined && !text.empty()) out.push_back(text), text.clear();
      text += std::regex_replace((*l)[1].str(), std::regex("\\\\\""), "\"");
      last_end = (size_t)(l->position() + l->length());
    }
    if (!text.empty()) out.push_back(text);
  }
  return out;
}

// A message's fixed parts long enough to be its own: the text between the fields fmt fills in, its braces
// doubled to be written once ("{{" prints "{").
std::vector<std::string> own_parts(const std::string& text) {
  std::vector<std::string> parts(1);
  for (size_t i = 0; i < text.size(); ++i) {
    if ((text[i] == '{' || text[i] == '}') && i + 1 < text.size() && text[i + 1] == text[i]) {
      parts.back() += text[i++];
    } else if (text[i] == '{') {
      i = text.find('}', i);
      if (i == std::string::npos) break;
      parts.emplace_back();
    } else {
      parts.back() += text[i];
    }
  }
  std::erase_if(parts, [](const std::string& p) { return p.size() < 15; });
  return parts;
}

// Messages no test holds, each with the reason it has none (a test that fed it its input would cost too much,
// or no input reaches it). The list may only shrink; a message that gets its test must leave it.
const std::set<std::string> not_yet_pinned = {
#include "tests/refusals_not_yet_pinned.inc"
};

}  // namespace

TEST_CASE("hands/ and cli/: the text of every refusal is held by some test") {
  std::string corpus;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(SPADES_SOURCE_DIR) / "tests"))
    if (e.is_regular_file() && e.file_size() < 2000000 && e.path().filename() != "refusals_not_yet_pinned.inc")
      corpus += std::regex_replace(testing::slurp(e.path()), std::regex("\"\\s*\\n\\s*\""), "");  // "a " "b" across lines: "a b"
  corpus = std::regex_replace(corpus, std::regex("\\\\\""), "\"");  // a test's \" is the message's "
  int messages = 0;
  std::set<std::string> missing;
  for (const char* folder : {"hands", "cli"}) {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(fs::path(SPADES_SOURCE_DIR) / folder))
      if (e.path().extension() == ".cpp") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& p : files)
      for (const std::string& m : messages_in(code_of(testing::slurp(p)))) {
        const std::vector<std::string> parts = own_parts(m);
        if (parts.empty()) continue;
        ++messages;
        const bool held = std::all_of(parts.begin(), parts.end(), [&](const std::string& x) { return corpus.find(x) != std::string::npos; });
        if (!held) missing.insert(std::string(folder) + "/" + p.filename().string() + ": " + m);
      }
  }
  CHECK(messages >= 150);  // the scan finds the messages (a broken scan would pass by finding none)
  for (const std::string& m : missing)
    if (!not_yet_pinned.count(m)) FAIL_CHECK("no test holds the text of " << m);
  for (const std::string& m : not_yet_pinned)
    if (!missing.count(m)) FAIL_CHECK("a test holds it now, or the message is gone: take it off the list: " << m);
}
