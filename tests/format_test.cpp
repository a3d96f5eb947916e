// The canonical layout (lang/format.hpp): each rule with its exact expected text, idempotence, the
// parser's refusals; every ruleset, docs example and variant in the docs' text is its own layout, and a
// badly laid-out copy of each ruleset comes back to it byte for byte.
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

#include "lang/format.hpp"
#include "lang/parser.hpp"
#include "tests/test_util.hpp"

using spades::lang::diag_error;
using spades::lang::format_variant;
using spades::lang::sources;
using spades::testing::slurp;
using spades::testing::source_path;

namespace {

std::string layout(const std::string& text) {
  sources src;
  const std::string out = format_variant(src, "t.spades", text);
  sources again;
  CHECK(format_variant(again, "t.spades", out) == out);  // idempotent, everywhere it is used
  return out;
}

std::string refusal(const std::string& text) {
  sources src;
  try {
    format_variant(src, "t.spades", text);
  } catch (const diag_error& e) {
    return src.render(e.d);
  }
  return "no error";
}

// The text badly laid out: indentation stripped, every blank between tokens doubled, a blank inside each
// parenthesis, trailing blanks, blank lines tripled, CRLF line ends; strings and comments as they were.
std::string mess(const std::string& text) {
  std::string out;
  bool string = false, comment = false, line_start = true;
  for (char c : text) {
    if (c == '\n') {
      out += line_start ? "\r\n\r\n\r\n" : "  \r\n";
      string = comment = false;
      line_start = true;
    } else if (string || comment) {
      out += c;
      string = string && c != '"';
    } else if (!(line_start && (c == ' ' || c == '\t'))) {
      line_start = false;
      comment = c == '#';
      string = c == '"';
      out += c == ' ' ? "  " : c == '(' ? "( " : c == ')' ? " )" : std::string(1, c);
    }
  }
  return out;
}

std::vector<std::filesystem::path> files_in(const std::string& dir) {
  std::vector<std::filesystem::path> out;
  for (const auto& e : std::filesystem::directory_iterator(source_path(dir)))
    if (e.path().extension() == ".spades") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("format: two spaces a block, one space between tokens, none inside parentheses or after a function") {
  CHECK(layout("game   \"x\"\n"
               "players{\n"
               "count 4\n"
               "    seats N E S W\n"
               "\tteams opposite\n"
               "}\n"
               "scoring {\n"
               "rule r each team when bags>=10{\n"
               "let a=sum( if nil then 0 else bid )\n"
               "if a>1{\n"
               "points a*2-1;tally t\n"
               "}else{\n"
               "points -a\n"
               "}\n"
               "if a<0 { points max( a , held( S , 1 ) ) } else { win }\n"
               "}\n"
               "}\n") ==
        "game \"x\"\n"
        "players {\n"
        "  count 4\n"
        "  seats N E S W\n"
        "  teams opposite\n"
        "}\n"
        "scoring {\n"
        "  rule r each team when bags >= 10 {\n"
        "    let a = sum(if nil then 0 else bid)\n"
        "    if a > 1 {\n"
        "      points a * 2 - 1; tally t\n"
        "    } else {\n"
        "      points -a\n"
        "    }\n"
        "    if a < 0 { points max(a, held(S, 1)) } else { win }\n"
        "  }\n"
        "}\n");
}

TEST_CASE("format: a sign stays against what it negates, a binary minus is spaced, a range is one word") {
  CHECK(layout("option o = -1 in -1 0 1\n"
               "option r = 2 in -3..3\n"
               "bidding {\n  bid number 1..13\n}\n"
               "scoring {\n  counter c = -5 as bags\n"
               "  rule r each team {\n    points 10--x\n    c -= -(c-1)\n    points to opponents c * -1\n  }\n}\n"
               "end {\n  target -100\n}\n") ==
        "option o = -1 in -1 0 1\n"
        "option r = 2 in -3..3\n"
        "bidding {\n  bid number 1..13\n}\n"
        "scoring {\n  counter c = -5 as bags\n"
        "  rule r each team {\n    points 10 - -x\n    c -= -(c - 1)\n    points to opponents c * -1\n  }\n}\n"
        "end {\n  target -100\n}\n");
}

TEST_CASE("format: a line that goes on with the item above is indented four more") {
  CHECK(layout("scoring {\n"
               "rule r each team {\n"
               "let made = if bid == 0 then 100\n"
               "           else if bid == 1 then 60\n"
               "else 10 * bid\n"
               "points max(made,\n"
               "  bid) +\n"
               "             (made *\n"
               "2\n"
               ")\n"
               "if made > 0 {\n"
               "points 1\n"
               "}\n"
               "else {\n"
               "points 2\n"
               "}\n"
               "}\n"
               "}\n") ==
        "scoring {\n"
        "  rule r each team {\n"
        "    let made = if bid == 0 then 100\n"
        "        else if bid == 1 then 60\n"
        "        else 10 * bid\n"
        "    points max(made,\n"
        "        bid) +\n"
        "        (made *\n"
        "        2\n"
        "        )\n"
        "    if made > 0 {\n"
        "      points 1\n"
        "    }\n"
        "    else {\n"
        "      points 2\n"
        "    }\n"
        "  }\n"
        "}\n");
}

TEST_CASE("format: comments stay where they were; the trailing ones of a block's lines align, blank lines apart") {
  CHECK(layout("# about the file   \n"
               "players {\n"
               "count 4 # four\n"
               "seats N E S W    # clockwise\n"
               "    # a note on its own line\n"
               "teams opposite     # opposite\n"
               "dummy N\n"
               "}   # end of players\n"
               "bidding {\n"
               "  bid nil 0 \"nil\" # short\n"
               "  bid blind_nil 0 \"blind nil, a long description that runs on\" # long\n"
               "  bid number 1..13 # n\n"
               "  bid x 0 { # opens\n"
               "    blind # inside: its own run\n"
               "  } # closes\n"
               "\n"
               "  order players from dealer_left # after a blank line\n"
               "}\n"
               "  # last words\n") ==
        "# about the file\n"
        "players {\n"
        "  count 4         # four\n"
        "  seats N E S W   # clockwise\n"
        "  # a note on its own line\n"
        "  teams opposite  # opposite\n"
        "  dummy N\n"
        "}  # end of players\n"
        "bidding {\n"
        "  bid nil 0 \"nil\"   # short\n"
        "  bid blind_nil 0 \"blind nil, a long description that runs on\"  # long\n"
        "  bid number 1..13  # n\n"
        "  bid x 0 {         # opens\n"
        "    blind  # inside: its own run\n"
        "  }  # closes\n"
        "\n"
        "  order players from dealer_left  # after a blank line\n"
        "}\n"
        "# last words\n");
}

TEST_CASE("format: a comment in a line that goes on is indented with it; # and braces in comments are text") {
  CHECK(layout("bidding {\n"
               "bid b 0 \"b\" {\n"
               "allow when held(S) == 0 or   # { not a block\n"
               "# why the second part\n"
               "held(H) == 0\n"
               "}\n"
               "}\n") ==
        "bidding {\n"
        "  bid b 0 \"b\" {\n"
        "    allow when held(S) == 0 or  # { not a block\n"
        "        # why the second part\n"
        "        held(H) == 0\n"
        "  }\n"
        "}\n");
}

TEST_CASE("format: blank lines: none at either end, runs made one; the text ends with one line feed") {
  CHECK(layout("\n\n\ngame \"x\"\n\n\n\nabout \"y\"\n\n\n") == "game \"x\"\n\nabout \"y\"\n");
  CHECK(layout("game \"x\"") == "game \"x\"\n");
  CHECK(layout("") == "");
  CHECK(layout("\n \n\t\n") == "");
  CHECK(layout("# only a comment") == "# only a comment\n");
}

TEST_CASE("format: strings are untouched, # and blanks and braces inside them included") {
  CHECK(layout("game   \"A  # not a comment {\"   # a comment \"x\"\n"
               "about \"tabs\tand  spaces ( , )\"\n") ==
        "game \"A  # not a comment {\"  # a comment \"x\"\n"
        "about \"tabs\tand  spaces ( , )\"\n");
  CHECK(layout("game \"♠♥ wide\" # a\nabout \"b\" # b\n") == "game \"♠♥ wide\"  # a\nabout \"b\"       # b\n");
}

TEST_CASE("format: CRLF line ends, tabs and a byte order mark become LF, spaces and nothing") {
  CHECK(layout("\xEF\xBB\xBFplayers {\r\n\tcount 4\t# four\r\n}\r\n") == "players {\n  count 4  # four\n}\n");
}

TEST_CASE("format: a file that does not parse is refused with the parser's diagnostic; one that parses is laid out") {
  CHECK(refusal("players {\n  count\n}\n") ==
        "t.spades:2:8: error: expected a whole number, found the end of the line\n"
        "  count\n"
        "       ^\n");
  CHECK(refusal("game \"x\n") ==
        "t.spades:1:8: error: unterminated string: expected a closing '\"' on the same line, found the end of the line\n"
        "game \"x\n"
        "       ^\n");
  CHECK(refusal("players {\n  count 4\n") ==
        "t.spades:2:10: error: expected a players setting (count, seats, teams, team, dummy, drop) or '}', found the end of the file\n"
        "  count 4\n"
        "         ^\n"
        "t.spades:1:1: note: to close 'players' opened here\n"
        "players {\n"
        "^\n");
  // an unknown name, a missing base: the layout needs a parse, not a check
  CHECK(layout("extends \"no-such-file\"\nscoring{\nrule r each team { points nothing_known }\n}\n") ==
        "extends \"no-such-file\"\nscoring {\n  rule r each team { points nothing_known }\n}\n");
}

TEST_CASE("format: every ruleset and docs example is its own layout; a badly laid-out copy comes back to it") {
  int files = 0;
  for (const std::string dir : {"rulesets", "docs/examples"})
    for (const auto& p : files_in(dir)) {
      INFO(p.string() << ": lay it out with spades fmt");
      const std::string text = slurp(p);
      CHECK(layout(text) == text);
      CHECK(layout(mess(text)) == text);
      ++files;
    }
  CHECK(files >= 70);
}

// The untyped ``` blocks of a markdown text.
std::vector<std::string> blocks_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string block;
  bool inside = false, typed = false;
  for (std::string l; std::getline(in, l);) {
    if (l.rfind("```", 0) != 0) {
      block += l + "\n";
      continue;
    }
    if (inside && !typed) out.push_back(block);
    typed = !inside && l.size() > 3;
    inside = !inside;
    block.clear();
  }
  return out;
}

TEST_CASE("format: the variants in the docs' text are laid out; a fragment that does not parse is left alone") {
  int variants = 0;
  for (const char* doc : {"README.md", "docs/quickstart.md", "docs/writing-a-variant.md"})
    for (const std::string& block : blocks_of(slurp(source_path(doc)))) {
      sources src;
      std::string out;
      try {
        out = format_variant(src, doc, block);
      } catch (const diag_error&) {
        continue;
      }
      INFO(doc << ":\n" << block);
      CHECK(out == block);
      ++variants;
    }
  CHECK(variants >= 5);
}

TEST_CASE("format: docs/editors.md's example is laid out as it says") {
  const std::vector<std::string> blocks = blocks_of(slurp(source_path("docs/editors.md")));
  REQUIRE(blocks.size() == 2);
  CHECK(layout(blocks[0]) == blocks[1]);
}

TEST_CASE("format: the core play restrictions are laid out as any item, card groups and conditions spaced") {
  CHECK(layout("play {\n    refuse   lowball  all when held( below )>0 \"lowest\"\n"
               "prefer   cut lowest   trump except  led   when void_led\n}\n") ==
        "play {\n  refuse lowball all when held(below) > 0 \"lowest\"\n"
        "  prefer cut lowest trump except led when void_led\n}\n");
}
