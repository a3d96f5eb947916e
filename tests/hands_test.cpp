// Every ruleset's test hands, through the same runner as `spades test`; and the runner's own contract.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "hands/run.hpp"
#include "runtime/notation.hpp"
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

// ... and for the option values a case chooses, when a setting names the option (nil-pass's blind_nil_cards).
std::shared_ptr<const variant> loader_for(const std::string& path, const option_choices& chosen) {
  lang::sources src;
  try {
    return lang::load_variant(src, path, chosen);
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

// "FILE:LINE:COL" of the first `needle` in a ruleset, so that a test does not break when lines are added above it.
std::string where_in(const std::string& ruleset, const std::string& needle) {
  std::string text = slurp(ruleset);
  size_t at = text.find(needle);
  REQUIRE(at != std::string::npos);
  size_t line_start = text.rfind('\n', at);
  line_start = line_start == std::string::npos ? 0 : line_start + 1;
  int line = 1 + (int)std::count(text.begin(), text.begin() + (long)at, '\n');
  return fmt::format("{}:{}:{}", ruleset, line, at - line_start + 1);
}

}  // namespace

TEST_CASE("every ruleset's test hands pass") {
  int files = 0;
  for (const auto& e : fs::directory_iterator(source_path("rulesets"))) {
    std::string p = e.path().string();
    if (p.size() < 11 || p.compare(p.size() - 11, 11, ".hands.json") != 0) continue;
    ++files;
    hands_report rep = run_hands(p, "", loader, loader_for);
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
  CHECK(error_of("a.json", "{not json").find("/a.json:1:3: error: not valid JSON: syntax error while parsing object key - invalid literal; last read: '{no'; expected string literal\n{not json\n  ^") != std::string::npos);
  CHECK(error_of("b.json", base + R"("bids": {"X": 3}}]})").find("/b.json: case 'c': field 'bids.X': unknown seat 'X' (seats: N E S W)") != std::string::npos);
  CHECK(error_of("c.json", base + R"("deal": {"N": "ZZ"}}]})").find("field 'deal.N': 'ZZ' is not a card of this deck") != std::string::npos);
  CHECK(error_of("d.json", base + R"("colour": 1}]})").find("field 'colour': unknown field") != std::string::npos);
  CHECK(error_of("e.json", base + R"("bids": {"N": 2, "E": 4, "S": 3, "W": 4}, "tricks": {"N": 4, "E": 3, "S": 3, "W": 2}}]})")
            .find("field 'tricks': the tricks add up to 12, but a hand has 13") != std::string::npos);
  CHECK(error_of("f.json", base + R"("bids": {"N": 2, "E": 4, "S": 3, "W": 4}, "tricks": {"N": 4, "E": 3, "S": 3, "W": 3}, "expect": {"score": {"XY": 1}}}]})").find("unknown team 'XY'") != std::string::npos);
  CHECK(error_of("g.json", base + R"("deal": {"N": "AS AS"}}]})").find("AS is dealt more often than the deck holds it") != std::string::npos);
  CHECK(error_of("h.json", R"({"ruleset": "missing.spades", "cases": []})").find("cannot read") != std::string::npos);
}

TEST_CASE("hands runner: the order of tricks must agree with the trick counts") {
  std::string base = R"({"ruleset": "standard.spades", "cases": [{"name": "c", "bids": {"N": 2, "E": 4, "S": 3, "W": 4},
                          "tricks": {"N": 4, "E": 3, "S": 3, "W": 3}, )";
  // 13 winners, but N listed 5 times where it took 4 (and W 2 where it took 3)
  CHECK(error_of("tw1.json", base + R"("events": {"trick_winners": ["N", "N", "N", "N", "N", "E", "E", "E", "S", "S", "S", "W", "W"]}}]})") ==
        (fs::temp_directory_path() / "spades-tests/tw1.json").string() +
            ": case 'c': field 'events.trick_winners': the winners listed do not match 'tricks'");
  CHECK(error_of("tw2.json", base + R"("events": {"trick_winners": ["N", "E", "S", "W"]}}]})")
            .find("field 'events.trick_winners': expected a list of the 13 tricks' winners (seats), in order") != std::string::npos);
  CHECK(error_of("tw3.json", base + R"("events": {"trick_winners": ["N", "N", "N", "N", "E", "E", "E", "S", "S", "S", "W", "W", 3]}}]})")
            .find("field 'events.trick_winners[12]': expected a seat name") != std::string::npos);
  // the same counts in another order are accepted: the order is what the field adds
  CHECK(error_of("tw4.json", base + R"("events": {"trick_winners": ["W", "N", "E", "N", "S", "N", "W", "E", "S", "N", "E", "S", "W"]}}]})") ==
        "(no error)");
}

TEST_CASE("hands runner: a ruleset with a stock reads its order from deal.stock, else from the deck") {
  write_hands("s0.json", "{}");  // the directory, with standard.spades, which two.spades extends
  fs::copy_file(source_path("rulesets/two.spades"), fs::temp_directory_path() / "spades-tests" / "two.spades", fs::copy_options::overwrite_existing);
  CHECK(error_of("s1.json", R"({"ruleset": "standard.spades", "cases": [{"name": "c", "deal": {"stock": "AS"}}]})")
            .find("field 'deal.stock': this ruleset deals no stock (it has no `leftover stock`)") != std::string::npos);
  CHECK(error_of("s2.json", R"({"ruleset": "two.spades", "cases": [{"name": "c", "deal": {"N": "AS"}}]})")
            .find("field 'deal.N': 1 card dealt, the deal gives each 0") != std::string::npos);
  // no "stock": the deck's order, AS first; S, drawing first, keeps AS and discards KS, N keeps QS ...
  std::string keeps;
  for (int t = 0; t < 13; ++t) keeps += R"("S: keep", "N: keep", )";
  std::string p = write_hands("s3.json", R"({"ruleset": "two.spades", "cases": [{"name": "deck order", "deal": {}, "moves": [)" + keeps +
                                             R"("S: 5", "N: 5", "S: KS"], "expect": {"error": {"at": 28, "contains": "S does not hold KS"}}}]})");
  hands_report rep = run_hands(p, "", loader);
  INFO(rep.to_text());
  CHECK(rep.passed == 1);
}

TEST_CASE("hands runner: a scoring-only hand without the order of tricks, where the scoring reads it") {
  std::string bemo = R"("moves": ["E: hint 4", "S: hint 5", "W: 4", "N: 10", "W: no", "N: little bemo"],
                        "tricks": {"N": 5, "E": 2, "S": 4, "W": 2})";
  std::string p = write_hands("bemo.json", R"({"cases": [
    {"name": "no order", )" + bemo + R"(},
    {"name": "order given", )" + bemo + R"(, "events": {"trick_winners": ["N", "N", "N", "N", "N", "S", "S", "S", "S", "E", "E", "W", "W"]},
     "expect": {"hand_score": {"NS": -140, "EW": 40}}},
    {"name": "no bemo: the order is not read", "bids": {"E": "hint 3", "S": "hint 4", "W": 5, "N": 7},
     "tricks": {"N": 5, "E": 2, "S": 4, "W": 2}, "expect": {"hand_score": {"NS": 72, "EW": -50}}}]})");
  std::string ruleset = source_path("rulesets/highground.spades");
  hands_report rep = run_hands(p, ruleset, loader);
  CHECK(rep.to_text() ==
        "FAIL no order\n"
        "     error: expected no error, got rejected at scoring: " + where_in(ruleset, "first_tricks(first) == first") + ": error: the order of tricks is unknown "
        "(a test hand gave only trick counts: give events.trick_winners) while evaluating this formula\n"
        "ok   order given\n"
        "ok   no bemo: the order is not read\n"
        "2 passed, 1 failed\n");
}

TEST_CASE("set-up: the play entered from the bids, a hand recorded from its tricks") {
  auto v = load_ruleset("highground");
  auto bemo_hand = [&] {
    game_state st;
    st.new_game(*v, 0);
    rng r(1);
    st.deal(r);
    act(st, {"hint 4", "hint 5", "4", "10", "no", "little bemo"});
    REQUIRE(st.ph == phase::discard);  // the kitty's discard after the bidding
    st.enter_play();
    CHECK(st.ph == phase::play);
    return st;
  };
  const std::array<int, max_seats> won{5, 2, 4, 2};
  game_state known = bemo_hand();
  const int8_t order[13] = {0, 0, 0, 0, 0, 2, 2, 2, 2, 1, 1, 3, 3};
  known.record_tricks(won, order);
  CHECK(known.hand_points[0] == -140);  // NS 10 set (-200), Little Bemo made (+60)
  CHECK(known.hands_played == 1);
  game_state unknown = bemo_hand();
  try {
    unknown.record_tricks(won);
    FAIL("the order of tricks was not needed");
  } catch (const rule_error& e) {
    CHECK(e.why == rule_error::cause::trick_order_unknown);
    CHECK(e.headline() == where_in(source_path("rulesets/highground.spades"), "first_tricks(first) == first") + ": error: the order of tricks is unknown while evaluating this formula");
  }
}

TEST_CASE("hands runner: a word shaped like a card of the ruleset's suits is the file's mistake; the hint is the deck's") {
  auto run_moves = [](const std::string& name, const std::string& ruleset, const std::string& moves) -> std::string {
    std::string p = write_hands(name, R"({"cases": [{"name": "c", "moves": [)" + moves + "]}]}");
    try {
      return run_hands(p, source_path("rulesets/" + ruleset), loader).to_text();
    } catch (const hands_error& e) {
      std::string msg = e.what();
      return msg.substr(msg.find(": case ") + 2);
    }
  };
  // nyc: 2C is out of the deck, two jokers are in
  CHECK(run_moves("nyc2c.json", "nyc.spades", R"("E: 2C")") ==
        "case 'c': field 'moves[0]': '2c' is not a card (cards are like AS, TD, 10D, 3C, BJ, LJ)");
  CHECK(run_moves("stdzs.json", "standard.spades", R"("E: 4", "S: 4", "W: 4", "N: 4", "E: ZS")") ==
        "case 'c': field 'moves[4]': 'zs' is not a card (cards are like AS, TD, 10D, 2C)");
  // standard has no jokers: BJ is no card of any shape it knows, so the rules refuse it
  CHECK(run_moves("stdbj.json", "standard.spades", R"("E: 4", "S: 4", "W: 4", "N: 4", "E: BJ")") ==
        "FAIL c\n"
        "     error: expected no error, got rejected at move 4: 'bj' is not a card (cards are like AS, TD, 10D, 2C)\n"
        "0 passed, 1 failed\n");
}

TEST_CASE("hands runner: a scoring-only hand skips the passes owed before the bidding") {
  // pass1: each player passes a card to partner before the bidding; `bids` + `tricks` need none of it
  std::string p = write_hands("pass1.json", R"({"cases": [{"name": "c", "bids": {"N": 3, "E": 4, "S": 3, "W": 3},
    "tricks": {"N": 3, "E": 4, "S": 4, "W": 2}, "expect": {"hand_score": {"NS": 61, "EW": -70}, "bags": {"NS": 1}}}]})");
  hands_report rep = run_hands(p, source_path("rulesets/pass1.spades"), loader);
  CHECK(rep.to_text() == "ok   c\n1 passed, 0 failed\n");
}

TEST_CASE("hands runner: a case choosing a value of an option a setting names needs the loader for chosen values") {
  // nil-pass's blind_nil_cards names the cards of an exchange: its value changes the compiled variant
  const std::string p = write_hands("chosen.json", R"({"ruleset": ")" + source_path("rulesets/nil-pass.spades") + R"(", "cases": [
    {"name": "one card", "options": {"blind_nil_cards": 1}, "bids": {"N": 2, "E": 4, "S": 3, "W": 4}, "tricks": {"N": 4, "E": 3, "S": 3, "W": 3}}]})");
  try {
    run_hands(p, "", loader);
    FAIL("a value a setting names was run on the variant of the default values");
  } catch (const hands_error& e) {
    CHECK(std::string(e.what()) == p + ": case 'one card': options a setting names need a loader for chosen values");
  }
  CHECK(run_hands(p, "", loader, loader_for).to_text() == "ok   one card\n1 passed, 0 failed\n");
}

TEST_CASE("hands runner: a JSON syntax error is shown at its line and column, with the line and a caret") {
  CHECK(error_of("e.json", "{").find("/e.json:1:2: error: not valid JSON: syntax error while parsing object key - unexpected end of input; expected string literal\n{\n ^") !=
        std::string::npos);
  CHECK(error_of("c.json", "{\"cases\": [\n  {\"name\": \"x\",\n").find("/c.json:2:16: error: not valid JSON: syntax error while parsing object key - unexpected end of input; expected string literal\n  {\"name\": \"x\",\n               ^") !=
        std::string::npos);
  // a number JSON cannot hold: the message without the library's labels
  CHECK(error_of("d.json", "{\"cases\": 1e999}").find("/d.json: not valid JSON: number overflow parsing '1e999'") != std::string::npos);
}

TEST_CASE("hands runner: a hand with a raise round after its bidding gives its play as moves") {
  std::string json = R"({"ruleset": ")" + source_path("rulesets/second-round.spades") + R"(", "cases": [{"name": "c",
    "bids": {"N": 2, "E": 4, "S": 3, "W": 4}, "play": ["AS"]}]})";
  CHECK(error_of("raise.json", json).find("case 'c': field 'play': this hand has a raise round after the bidding: give the hand as 'moves'") != std::string::npos);
}

TEST_CASE("hands runner: --ruleset OTHER runs what it can and names the cases it cannot set up") {
  // nil50's cases against standard: the scores tell the two apart; the cases that set nil50's options
  // cannot be set up on standard, which declares none
  hands_report rep = run_hands(source_path("rulesets/nil50.hands.json"), source_path("rulesets/standard.spades"), loader, loader_for);
  CHECK(rep.passed == 2);  // blind nil refused when trailing by less than 100, its exchange declined: both agree
  CHECK(rep.failed == 5);  // nil at 50 against 100, blind nil at 100 against 200
  REQUIRE(rep.not_applicable.size() == 4);
  CHECK(rep.not_applicable[0].name == "option half_blind_penalty: blind nil failed costs 50");
  CHECK(rep.not_applicable[0].reason == "field 'options.half_blind_penalty': the ruleset declares no such option");
  CHECK(rep.not_applicable[3].name == "option blind_nil_trailing off: blind nil in the first hand");
  std::string text = rep.to_text();
  CHECK(text.find("n/a  option half_blind_penalty: blind nil failed costs 50\n"
                  "     field 'options.half_blind_penalty': the ruleset declares no such option\n") != std::string::npos);
  CHECK(text.find(fmt::format("4 not applicable to {}\n2 passed, 5 failed\n", source_path("rulesets/standard.spades"))) != std::string::npos);
  CHECK(rep.to_json().find(R"("reason": "field 'options.half_blind_penalty': the ruleset declares no such option")") != std::string::npos);

  // a card the other deck lacks: jokers' cases on standard
  rep = run_hands(source_path("rulesets/jokers.hands.json"), source_path("rulesets/standard.spades"), loader, loader_for);
  REQUIRE(!rep.not_applicable.empty());
  CHECK(rep.not_applicable[0].reason.find("is not a card of this deck") != std::string::npos);
}

TEST_CASE("hands runner: under --ruleset OTHER a case that its own ruleset refuses is still the file's error") {
  std::string p = write_hands("own.json", R"({"ruleset": "standard.spades", "cases": [
    {"name": "fine", "bids": {"N": 2, "E": 4, "S": 3, "W": 4}, "tricks": {"N": 4, "E": 3, "S": 3, "W": 3}},
    {"name": "bad seat", "bids": {"X": 3}}]})");
  try {
    run_hands(p, source_path("rulesets/jokers.spades"), loader, loader_for);
    FAIL("a case its own ruleset refuses was taken as not applicable");
  } catch (const hands_error& e) {
    CHECK(std::string(e.what()).find("own.json: case 'bad seat': field 'bids.X': unknown seat 'X' (seats: N E S W)") != std::string::npos);
  }
  // without a ruleset of its own the file has nothing to tell its errors by: the first one stops the run
  std::string q = write_hands("none.json", R"({"cases": [{"name": "opt", "options": {"nil_value": 50}}]})");
  try {
    run_hands(q, source_path("rulesets/standard.spades"), loader, loader_for);
    FAIL("an option standard lacks was accepted");
  } catch (const hands_error& e) {
    CHECK(std::string(e.what()).find("none.json: case 'opt': field 'options.nil_value': the ruleset declares no such option") != std::string::npos);
  }
}
