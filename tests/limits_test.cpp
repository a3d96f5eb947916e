// Bad input found by hand: each case is generated here (never stored) and must get one clear,
// positioned error (or be accepted and work), never a crash.
#include <catch2/catch.hpp>

#include <string>

#include "lang/load.hpp"
#include "test_util.hpp"

using spades::lang::diag_error;
using spades::testing::temp_variant;

namespace {

// The first line of the rendered first error of loading `text`, without the file's directory, or "".
std::string error_of(const std::string& name, const std::string& text) {
  spades::lang::sources src;
  std::string path = temp_variant(name, text);
  try {
    spades::lang::load_variant(src, path);
    return "";
  } catch (const diag_error& e) {
    std::string r = src.render(e.d);
    std::string dir = path.substr(0, path.rfind('/') + 1);
    if (r.rfind(dir, 0) == 0) r = r.substr(dir.size());
    return r.substr(0, r.find('\n'));
  }
}

// A variant over standard whose one rule gives `points BODY` each team.
std::string rule_with(const std::string& body) {
  return "extends \"standard\"\nscoring {\n  rule extra each team {\n" + body + "\n  }\n}\n";
}

}  // namespace

TEST_CASE("a long chain of unary operators, binary operators or `else if` is refused, not a stack overflow") {
  std::string minus(20000, '-');
  CHECK(error_of("deep_minus", rule_with("    points " + minus + "1")) ==
        "deep_minus.spades:4:111: error: this formula is too deeply nested (more than 100 levels)");
  std::string nots;
  for (int i = 0; i < 20000; ++i) nots += "not ";
  CHECK(error_of("deep_not", rule_with("    if " + nots + "true { win }")) ==
        "deep_not.spades:4:404: error: this formula is too deeply nested (more than 100 levels)");
  std::string sum = "1";
  for (int i = 0; i < 30000; ++i) sum += "+1";
  CHECK(error_of("long_sum", rule_with("    points " + sum)) ==
        "long_sum.spades:4:211: error: this formula is too deeply nested (more than 100 levels)");
  std::string chain = "    if tricks == 0 { points 1 }";
  for (int i = 1; i < 20000; ++i) chain += " else if tricks == " + std::to_string(i) + " { points 1 }";
  CHECK(error_of("else_if_chain", rule_with(chain)).find("error: these statements are too deeply nested (more than 100 levels)") !=
        std::string::npos);
  std::string cond = "0";
  for (int i = 0; i < 20000; ++i) cond = "if tricks == 1 then 1 else " + cond;
  CHECK(error_of("cond_chain", rule_with("    points " + cond)).find("error: this formula is too deeply nested (more than 100 levels)") !=
        std::string::npos);
  // within the bound, all of these are accepted
  std::string fifty = "1";
  for (int i = 0; i < 50; ++i) fifty += "+1";
  CHECK(error_of("sum_of_fifty", rule_with("    points " + std::string(40, '-') + fifty)) == "");
}

TEST_CASE("braces and parentheses in a string are text, not nesting") {
  std::string name(5000, '{');
  CHECK(error_of("braces_in_name", "extends \"standard\"\ngame \"" + name + "((\"\n") == "");
  auto v = spades::testing::load_text("braces_in_name", "extends \"standard\"\ngame \"" + name + "((\"\n");
  CHECK(v->name == name + "((");
}

TEST_CASE("a control character in a string is refused where it stands; a tab is accepted") {
  CHECK(error_of("escape_in_name", "extends \"standard\"\ngame \"\x1b[2JHi\"\n") ==
        "escape_in_name.spades:2:7: error: a string may not contain control characters (found byte 0x1b)");
  CHECK(error_of("escape_in_bid", "extends \"standard\"\nbidding {\n  bid moon 13 \"shoot \x07the moon\"\n}\n") ==
        "escape_in_bid.spades:3:22: error: a string may not contain control characters (found byte 0x07)");
  CHECK(error_of("csi_in_reason", "extends \"standard\"\nplay {\n  forbid x lead trump when not broken \"no \xc2\x9b""2J\"\n}\n") ==
        "csi_in_reason.spades:3:43: error: a string may not contain control characters (found U+009B)");
  CHECK(error_of("tab_in_name", "extends \"standard\"\ngame \"Tab\there\"\n") == "");
  // in a comment, any byte but NUL is text
  CHECK(error_of("escape_in_comment", "extends \"standard\"\n# \x1b[2J \"x\x1b\"\n") == "");
}

TEST_CASE("a lone carriage return is refused at the first one; CRLF is accepted") {
  CHECK(error_of("old_mac", "extends \"standard\"\rgame \"x\"\r") ==
        "old_mac.spades:1:19: error: a carriage return without a line feed: save the file with Unix (LF) or Windows (CRLF) line endings");
  CHECK(error_of("lone_cr", "extends \"standard\"\ngame \"x\"\r \n") ==
        "lone_cr.spades:2:9: error: a carriage return without a line feed: save the file with Unix (LF) or Windows (CRLF) line endings");
  CHECK(error_of("windows", "extends \"standard\"\r\ngame \"x\"\r\n") == "");
}

TEST_CASE("lower-case ranks are read as upper-case: their cards can be named in either case") {
  auto v = spades::testing::load_text("lower_ranks", "extends \"standard\"\ncards {\n  ranks a k q j t 9 8 7 6 5 4 3 2\n  remove aS kS 2C 2d\n}\n"
                                      "deal {\n  hand_size 12\n}\nbidding {\n  drop bid number\n  bid number 1..12\n}\n");
  CHECK(v->cards.at(0).name == "QS");  // AS and KS removed
  CHECK(v->find_card("as") == -1);
  CHECK(v->find_card("qs") == 0);
  CHECK(v->deck.has(v->find_card("aH")));
  CHECK(error_of("ranks_twice", "extends \"standard\"\ncards {\n  ranks A a K\n}\n") ==
        "ranks_twice.spades:3:11: error: rank 'a' is listed twice");
}

TEST_CASE("a counter may not share a name with an option, a bid or a built-in") {
  spades::lang::sources src;
  std::string path = temp_variant("option_bags", "extends \"standard\"\noption bags = 1\n");
  try {
    spades::lang::load_variant(src, path);
    FAIL("an option beside the counter bags was accepted");
  } catch (const diag_error& e) {
    CHECK(e.d.message == "'bags' is already an option; a counter needs another name (a formula could not tell them apart)");
    REQUIRE(e.d.notes.size() == 1);
    CHECK(e.d.notes[0].message == "'bags' is declared here");
    CHECK(e.d.notes[0].at.line == 2);
  }
  CHECK(error_of("counter_tricks", "extends \"standard\"\nscoring {\n  counter tricks\n}\n") ==
        "counter_tricks.spades:3:11: error: 'tricks' is a built-in name of the language; a counter needs another name");
  CHECK(error_of("counter_nil", "extends \"standard\"\nscoring {\n  counter nil\n}\n") ==
        "counter_nil.spades:3:11: error: 'nil' is already a bid; a counter needs another name (a formula could not tell them apart)");
}

TEST_CASE("a team may not be named by the joined names of other seats") {
  std::string teams = "extends \"standard\"\nplayers {\n  teams none\n  team EW N S\n  team NS E W\n}\n";
  CHECK(error_of("team_ew_ns", teams) ==
        "team_ew_ns.spades:4:8: error: team name 'EW' spells the seats E W, but the team is N S: joined seat names always name their own "
        "seats, so choose another name");
  CHECK(error_of("team_ne", "extends \"standard\"\nplayers {\n  team NE N S\n  team SW E W\n}\n").find("team name 'NE' spells the seats N E") !=
        std::string::npos);
  // its own seats in either order, or a name that spells no seats, is accepted
  CHECK(error_of("team_sn", "extends \"standard\"\nplayers {\n  team SN N S\n  team Blue E W\n}\n") == "");
}

TEST_CASE("an exchange, a pass or a discard larger than a hand is refused") {
  // eight cards, four players: hands of 2
  auto small = [](const std::string& deal, const std::string& bid) {
    return "extends \"standard\"\ncards {\n  ranks A K\n}\ndeal {\n  hand_size 2\n" + deal + "}\nbidding {\n  drop bid number\n  bid number 1..2\n"
           "  drop bid blind_nil\n  bid blind_nil 0 \"blind nil\" {\n    blind\n" + bid + "  }\n}\n";
  };
  CHECK(error_of("exchange_13", small("", "    exchange 13 with partner\n")) ==
        "exchange_13.spades:14:14: error: the number of cards exchanged must be from 1 to 2, not 13");
  CHECK(error_of("exchange_2", small("", "    exchange 2 with partner\n")) == "");
  CHECK(error_of("pass_3", small("  pass 3 to partner\n", "")).find("error: the number of cards passed must be from 1 to 2, not 3") !=
        std::string::npos);
}

TEST_CASE("a game whose target no score can reach, or every score reaches at once, is refused where it is decidable") {
  auto game = [](const std::string& rules, const std::string& target) {
    return "game \"g\"\nplayers {\n  teams opposite\n}\nbidding {\n  bid number 1..13\n}\nscoring {\n" + rules + "}\nend {\n  target " + target + "\n}\n";
  };
  CHECK(error_of("points_zero", game("  rule r each team {\n    points 0\n  }\n", "500")) ==
        "points_zero.spades:14:3: error: this game could never end: no scoring rule can give a positive number of points, so no score can "
        "reach the target 500 (add scoring rules, or a `win when` / `lose when` condition)");
  CHECK(error_of("points_negative", game("  rule r each team {\n    if tricks < bid {\n      points -10\n    }\n  }\n", "500")).find(
            "no scoring rule can give a positive number of points") != std::string::npos);
  // a rule whose condition is false in every hand is itself the error, wherever the target is
  CHECK(error_of("rule_never", game("  rule r each team when false {\n    points tricks\n  }\n  rule s each team {\n    points -1\n  }\n", "500")) ==
        "rule_never.spades:9:25: error: rule 'r' can never apply: its condition is false in every hand (no value of what it reads can satisfy it)");
  CHECK(error_of("rule_never_if", game("  rule r each team {\n    if 1 == 2 {\n      points tricks\n    }\n    points -1\n  }\n", "500"))
            .find("no scoring rule can give a positive number of points") != std::string::npos);
  CHECK(error_of("target_low", game("  rule r each team {\n    points 10\n  }\n", "-1000000000")) ==
        "target_low.spades:14:3: error: this game is over after its first hand: scores start at 0 and no scoring rule can give negative "
        "points, so every score is at or above the target -1000000000 at once");
  // a formula's sign is not guessed: these may reach the target
  CHECK(error_of("points_formula", game("  rule r each team {\n    points tricks - bid\n  }\n", "500")) == "");
  CHECK(error_of("target_low_negative", game("  rule r each team {\n    points if tricks >= bid then 10 else -10 * bid\n  }\n", "-100")) == "");
  // by the ranges of what the formulas read: at most 10 points a hand can be lost, so every score is at or above
  // a target of -100 after the first hand; with 10 a trick bid, a side bidding 26 can lose 260
  CHECK(error_of("target_low_ranged", game("  rule r each team {\n    points if tricks >= bid then 10 else -10\n  }\n", "-100")) ==
        "target_low_ranged.spades:14:3: error: this game is over after its first hand: scores start at 0 and the first hand can take at "
        "most 10 points from a score, so every score is at or above the target -100 after it");
  CHECK(error_of("target_low_bid", game("  rule r each team {\n    points if tricks >= bid then 10 else -10 * bid\n  }\n", "-260")) != "");
  CHECK(error_of("target_low_bid2", game("  rule r each team {\n    points if tricks >= bid then 10 else -10 * bid\n  }\n", "-259")) == "");
  // a counter read in the first hand holds what the rules before it gave: here -13 to 26, so 200 points at most
  CHECK(error_of("target_counter", game("  counter over\n  rule r each team {\n    over += tricks - bid + 13\n  }\n"
                                        "  rule p each team when over >= 10 {\n    points -100 * (over / 10)\n  }\n", "-200")) != "");
  CHECK(error_of("target_counter2", game("  counter over\n  rule r each team {\n    over += tricks - bid + 13\n  }\n"
                                         "  rule p each team when over >= 10 {\n    points -100 * (over / 10)\n  }\n", "-199")) == "");
}
