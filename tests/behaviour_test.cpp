// Behaviours that need C++ to pin: the shuffle card by card, bots' legality under restrictive rules, and
// what `spades test` prints and returns when cases fail. Only the stable surfaces are used: the loader,
// game_state's new_game/deal/legal_moves/why_illegal/apply, rng, bot_move, and the binary.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <set>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bots/bot.hpp"
#include "tests/test_util.hpp"

using spades::testing::load_ruleset;
using spades::testing::load_text;
using spades::testing::names;

using spades::testing::run;
using spades::testing::run_result;

namespace {

// Each seat's hand after a seeded deal, in seat order, one string per seat.
std::vector<std::string> seeded_hands(const spades::variant& v, uint64_t seed, int dealer = 0) {
  spades::game_state st;
  st.new_game(v, dealer);
  spades::rng r(seed);
  st.deal(r);
  std::vector<std::string> out;
  for (int s = 0; s < v.seats; ++s) out.push_back(names(v, st.hands[s]));
  return out;
}

}  // namespace

TEST_CASE("behaviour: seeded deals of standard are pinned card by card") {
  auto v = load_ruleset("standard");
  // A change in the shuffle (an off-by-one in the Fisher-Yates loop, a different draw) changes these.
  // The expected hands were computed apart from the engine, by a Python transcription of rng.hpp
  // (xoshiro256**, Lemire's bounded draw), Fisher-Yates from the top and the deal from the dealer's left.
  CHECK(seeded_hands(*v, 1) == std::vector<std::string>{
      "QS JS TS 3S AH JH 3H QD 9D AC QC JC 3C",
      "AS 9S 7S 2S 9H 5H JD 7D 3D 2D TC 5C 2C",
      "KS 8S 6S 4S 2H TD 5D 4D KC 9C 8C 7C 4C",
      "5S KH QH TH 8H 7H 6H 4H AD KD 8D 6D 6C"});
  CHECK(seeded_hands(*v, 42) == std::vector<std::string>{
      "QS 9S 7S 2S KH 8H QD TD 7D AC KC JC TC",
      "AS TS 6S 4S 9H AD 6D 3D QC 8C 7C 4C 2C",
      "KS 8S 5S 3S QH JH TH KD JD 9D 5D 4D 3C",
      "JS AH 7H 6H 5H 4H 3H 2H 8D 2D 9C 6C 5C"});
  // The first card goes to the dealer's left: the same shuffle dealt by E shifts every hand one seat on.
  auto by_n = seeded_hands(*v, 1, 0), by_e = seeded_hands(*v, 1, 1);
  for (int s = 0; s < 4; ++s) CHECK(by_e[(s + 1) % 4] == by_n[s]);
}

TEST_CASE("behaviour: the shuffle reaches every order of a small deck") {
  // Four cards, one to each seat: 24 orders. Sattolo's variant (j < i) gives only the 6 cyclic ones and a
  // loop that stops early never moves some cards, so every order must turn up across many seeds.
  auto v = load_text("four_cards", "players { seats N E S W; teams none }\ncards { suits S; ranks A K Q J }\n"
                                   "deal { hand_size 1 }\nscoring { rule r each team { points tricks } }\nend { max_hands 1 }\n");
  std::set<std::vector<std::string>> seen;
  for (uint64_t seed = 0; seed < 2000; ++seed) seen.insert(seeded_hands(*v, seed));
  CHECK(seen.size() == 24);
}

namespace {

// Plays `games` whole games with bot_move at every decision; every move the bot picks must be legal
// (why_illegal empty, and among legal_moves). Returns the number of decisions checked.
long bots_play_legally(const spades::variant& v, int games) {
  long decisions = 0;
  spades::move moves[spades::max_moves];
  const auto cal = std::make_shared<const spades::bot_calibration>(v);  // the variant's, for every game
  for (int g = 0; g < games; ++g) {
    spades::rng r((uint64_t)g * 7919 + 1);
    spades::game_state st;
    st.new_game(v, g % v.seats);
    spades::bot_context cx(cal);
    while (st.ph != spades::phase::over) {
      if (st.ph == spades::phase::deal) { st.deal(r); continue; }
      spades::move m = spades::bot_move(st, r, cx);
      INFO("game " << g << ", hand " << st.hands_played + 1 << ", trick " << st.trick + 1 << ", phase "
                   << spades::phase_name(st.ph) << ", seat " << v.seat_names[st.acting_seat()]);
      REQUIRE(st.why_illegal(m) == "");
      int n = st.legal_moves(moves);
      REQUIRE(std::find(moves, moves + n, m) != moves + n);
      st.apply(m);
      ++decisions;
    }
  }
  return decisions;
}

}  // namespace

TEST_CASE("behaviour: bots choose only legal moves under lead restrictions beyond spades") {
  auto v = load_text("strict_leads", R"(extends "standard"
play {
  lead holder 2C 3C leading it
  forbid early_hearts lead H when trick < 4 "hearts may not be led before the fourth trick"
  forbid no_high_diamonds lead AD KD QD when not broken
  follow beat
}
end { max_hands 4 }
)");
  CHECK(bots_play_legally(*v, 150) > 150 * 4 * 52);
}

TEST_CASE("behaviour: bots choose only legal moves with forced plays, top trumps and a kitty") {
  auto v = load_text("forced_plays", R"(extends "standard"
cards {
  jokers BJ LJ
  top_trumps BJ LJ 2S
}
deal {
  leftover kitty
  kitty holder 2C
  discard 2 after bidding
}
play {
  lead dealer
  forbid trumps_late lead trump when trick < 3 and not broken
  force rake lead BJ play others highest trump "the big joker was led: play your highest spade"
  force duck lead LJ play opponents lowest H
  broken_by lead win
}
end { max_hands 4 }
)");
  CHECK(bots_play_legally(*v, 150) > 150 * 4 * 52);
}

TEST_CASE("behaviour: bots play legally when a blind kind is the only one that reaches 4 or more") {
  // bots may bid blind (the variant's scoring decides whether it pays), but only legally
  auto v = load_text("blind_high", R"(extends "standard"
bidding {
  bid number 1..3
  bid big 4..13 { blind }
}
end { max_hands 3 }
)");
  CHECK(bots_play_legally(*v, 100) > 0);
}

TEST_CASE("behaviour: bots choose only legal moves with passing, team bids and calls") {
  auto v = load_ruleset("highground");
  CHECK(bots_play_legally(*v, 60) > 0);
  auto nyc = load_ruleset("nyc");
  CHECK(bots_play_legally(*nyc, 60) > 0);
}

TEST_CASE("behaviour: spades test fails a wrong expect.error and exits 1 with the count") {
  auto r = run("test tests/features/failing/mixed.hands.json");
  CHECK(r.code == 1);
  CHECK(r.out ==
        "ok   right: the spade lead is refused at move 0\n"
        "FAIL wrong position: the refusal is at move 0, not 1\n"
        "     error.at: expected 1, got 0 (spades have not been broken)\n"
        "FAIL wrong position given as a string\n"
        "     error.at: expected 1, got 2 (spades have not been broken)\n"
        "ok   right: a heart may be led\n"
        "FAIL wrong text: the refusal is about spades\n"
        "     error.contains: expected follow suit, got spades have not been broken\n"
        "FAIL an error expected where there is none\n"
        "     error: expected rejected at 1, got accepted\n"
        "2 passed, 4 failed\n");
  auto j = run("test tests/features/failing/mixed.hands.json --json");
  CHECK(j.code == 1);
  auto doc = nlohmann::json::parse(j.out);
  CHECK(doc["passed"] == 2);
  CHECK(doc["failed"] == 4);
  CHECK(doc["cases"][1]["failures"][0] ==
        nlohmann::json{{"field", "error.at"}, {"expected", "1"}, {"got", "0 (spades have not been broken)"}});
}

TEST_CASE("behaviour: spades test exits 0 only when every case passes") {
  auto ok = run("test tests/features/broken_discard.hands.json");
  CHECK(ok.code == 0);
  CHECK(ok.out.substr(ok.out.rfind('\n', ok.out.size() - 2) + 1) == "4 passed, 0 failed\n");
}

TEST_CASE("behaviour: a file over 4 MiB is refused with a positioned error (no golden: too big to keep)") {
  spades::lang::sources src;
  std::string text = "# padding\n" + std::string(4 * 1024 * 1024, ' ');
  try {
    spades::lang::load_variant_text(src, "big.spades", text);
    FAIL("a file over the limit was accepted");
  } catch (const spades::lang::diag_error& e) {
    CHECK(src.render(e.d).rfind("big.spades:1:1: error: the file is too large (4194314 bytes; the limit is 4 MiB)\n", 0) == 0);
  }
}

TEST_CASE("behaviour: a tally statement counts once per run of its rule, and sim reports it") {
  // tests/features/statements.spades tallies `t` for every team after every hand
  auto r = run("sim tests/features/statements.spades --games 3 --seed 5 --json");
  REQUIRE(r.code == 0);
  auto doc = nlohmann::json::parse(r.out);
  long long hands = doc["hands"].get<long long>();
  CHECK(hands >= 3);
  CHECK(doc["sides"]["A"]["t"].get<long long>() == hands);
  CHECK(doc["sides"]["B"]["t"].get<long long>() == hands);
}


TEST_CASE("behaviour: sim's --option sets a rule option for the game, negative values included") {
  // negatives.spades: every hand gives each side -3 and the option `fine`
  auto neg = run("sim tests/features/negatives.spades --games 1 --seed 1 --option fine=-5 --json");
  REQUIRE(neg.code == 0);
  CHECK(nlohmann::json::parse(neg.out)["sides"]["A"]["average_hand_score"] == -8.0);
  auto bare = run("sim tests/features/negatives.spades --games 1 --seed 1 --option fine --json");
  REQUIRE(bare.code == 0);
  CHECK(nlohmann::json::parse(bare.out)["sides"]["B"]["average_hand_score"] == -2.0);  // a bare name is true
  auto typo = run("sim tests/features/negatives.spades --games 1 --option fin=1");
  CHECK(typo.code == 2);
  CHECK(typo.out == "spades sim: unknown rule option 'fin'; did you mean 'fine'? (options: fine)\n");
  auto bad = run("sim tests/features/negatives.spades --games 1 --option fine=5x");
  CHECK(bad.code == 2);
  CHECK(bad.out == "spades sim: option fine needs a number, true or false, not '5x'\n");
  // -o is --option, and a value outside the declared range is refused with the range
  auto short_form = run("sim tests/features/options_allowed.spades --games 1 -o per_trick=25");
  CHECK(short_form.code == 2);
  CHECK(short_form.out == "spades sim: option per_trick: '25' is not one of its allowed values (5..20)\n");
  auto short_ok = run("sim tests/features/negatives.spades --games 1 --seed 1 -o fine=-5 --json");
  REQUIRE(short_ok.code == 0);
  CHECK(nlohmann::json::parse(short_ok.out)["sides"]["A"]["average_hand_score"] == -8.0);
  auto none = run("sim tests/features/ties_first.spades --games 1 --option x=1");
  CHECK(none.code == 2);
  CHECK(none.out == "spades sim: this variant has no rule options (--option x=1)\n");
}

TEST_CASE("behaviour: spades test on a ruleset with an error prints its diagnostic and exits 2") {
  const std::string ruleset = "tests/features/failing/../../lang/target_quoted.spades";
  auto r = run("test tests/features/failing/bad_ruleset.hands.json");
  CHECK(r.code == 2);
  CHECK(r.out == "tests/features/failing/bad_ruleset.hands.json: the ruleset '" + ruleset + "' cannot be used:\n" +
                     ruleset + ":2:14: error: expected a number or an option name, found '\"'\n"
                     "end { target \"500\" }\n"
                     "             ^\n");
  auto j = run("test tests/features/failing/bad_ruleset.hands.json --json");
  CHECK(j.code == 2);
  // stdout's JSON document follows the message on stderr (run() merges the two)
  REQUIRE(j.out.find("{\n") != std::string::npos);
  auto doc = nlohmann::json::parse(j.out.substr(j.out.find("{\n")));
  CHECK(doc["file"] == "tests/features/failing/bad_ruleset.hands.json");
  CHECK(doc["error"].get<std::string>().find(ruleset + ":2:14: error: ") != std::string::npos);
}

namespace {

struct file_error_row {
  const char* cases;     // the JSON of the file's "cases" (or the whole file when it starts with '!')
  const char* message;   // what follows "PATH: " on standard error
  const char* ruleset = "rulesets/standard.spades";  // the ruleset R stands for, from the source folder
};

// The messages of spec/test-hands.md, "Errors in the file", one row each (standard's seats and teams, unless
// the row names another ruleset).
const file_error_row file_error_rows[] = {
    {"!{\"cases\": []}", "case '(file)': field 'ruleset': the file names no ruleset (or give --ruleset)"},
    {"!{\"ruleset\": \"R\", \"cases\": [], \"extra\": 1}", "case '(file)': field 'extra': unknown field (known: ruleset, cases, note)"},
    {"!{\"ruleset\": \"R\"}", "case '(file)': field 'cases': expected a list of cases"},
    {"!3", "case '(file)': field '': must be an object"},
    {"[3]", "case '#0': field '': a case must be an object"},
    {"[{}]", "case '#0': field 'name': every case needs a name"},
    {"[{\"name\": \"x\"}, {\"name\": \"x\"}]", "case 'x': field 'name': another case has the same name"},
    {"[{\"name\": \"x\", \"bogus\": 1}]", "case 'x': field 'bogus': unknown field (known: name, dealer, deal, bids, play, moves, tricks, events, expect, note)"},
    {"[{\"name\": \"x\", \"hands\": [{}], \"bogus\": 1}]", "case 'x': field 'bogus': unknown field (known: name, options, before, hands, note)"},
    {"[{\"name\": \"x\", \"hands\": [{}], \"dealer\": \"N\"}]", "case 'x': field 'dealer': with 'hands', each hand carries its own fields"},
    {"[{\"name\": \"x\", \"hands\": []}]", "case 'x': field 'hands': expected a non-empty list of hands"},
    {"[{\"name\": \"x\", \"hands\": [3]}]", "case 'x': field 'hands[0]': must be an object"},
    {"[{\"name\": \"x\", \"hands\": [{\"name\": 1}]}]", "case 'x': field 'hands[0].name': unknown field (known: dealer, deal, bids, play, moves, tricks, events, expect, note)"},
    {"[{\"name\": \"x\", \"options\": 3}]", "case 'x': field 'options': expected an object: option -> value"},
    {"[{\"name\": \"x\", \"options\": {\"x\": 1}}]", "case 'x': field 'options.x': the ruleset declares no such option"},
    {"[{\"name\": \"x\", \"before\": 3}]", "case 'x': field 'before': expected an object"},
    {"[{\"name\": \"x\", \"before\": {\"sets\": 1}}]", "case 'x': field 'before.sets': unknown field (known: score, hands_played, bags)"},
    {"[{\"name\": \"x\", \"before\": {\"score\": 3}}]", "case 'x': field 'before.score': expected an object: team -> number"},
    {"[{\"name\": \"x\", \"before\": {\"score\": {\"XY\": 1}}}]", "case 'x': field 'before.score.XY': unknown team 'XY' (teams: NS EW)"},
    {"[{\"name\": \"x\", \"before\": {\"score\": {\"NS\": 1.5}}}]", "case 'x': field 'before.score.NS': expected a whole number, found 1.5"},
    {"[{\"name\": \"x\", \"before\": {\"score\": {\"NS\": 1000000001}}}]", "case 'x': field 'before.score.NS': out of range"},
    {"[{\"name\": \"x\", \"before\": {\"hands_played\": -1}}]", "case 'x': field 'before.hands_played': out of range"},
    {"[{\"name\": \"x\", \"dealer\": 3}]", "case 'x': field 'dealer': expected a seat name"},
    {"[{\"name\": \"x\", \"dealer\": \"Q\"}]", "case 'x': field 'dealer': unknown seat 'Q' (seats: N E S W)"},
    {"[{\"name\": \"x\", \"deal\": 3}]", "case 'x': field 'deal': expected an object: seat -> cards"},
    {"[{\"name\": \"x\", \"deal\": {\"Z\": \"AS\"}}]", "case 'x': field 'deal.Z': unknown seat 'Z' (seats: N E S W)"},
    {"[{\"name\": \"x\", \"deal\": {\"N\": 3}}]", "case 'x': field 'deal.N': expected the cards as a string like \"AS KS 2C\""},
    {"[{\"name\": \"x\", \"deal\": {\"N\": \"XX\"}}]", "case 'x': field 'deal.N': 'XX' is not a card of this deck"},
    {"[{\"name\": \"x\", \"deal\": {\"N\": \"AS KS\"}}]", "case 'x': field 'deal.N': 2 cards dealt, a hand has 13"},
    {"[{\"name\": \"x\", \"play\": [], \"moves\": []}]", "case 'x': field 'play': give either 'play' or 'moves', not both"},
    {"[{\"name\": \"x\", \"bids\": 3}]", "case 'x': field 'bids': expected an object: seat (or team) -> bid"},
    {"[{\"name\": \"x\", \"bids\": {\"N\": true, \"E\": 1, \"S\": 1, \"W\": 1}}]", "case 'x': field 'bids.N': a bid is a number or a string"},
    {"[{\"name\": \"x\", \"bids\": {\"N\": 1, \"E\": 1, \"S\": 1}}]", "case 'x': field 'bids': no bid for W"},
    {"[{\"name\": \"x\", \"moves\": 3}]", "case 'x': field 'moves': expected a list of \"SEAT: action\" strings"},
    {"[{\"name\": \"x\", \"moves\": [3]}]", "case 'x': field 'moves[0]': expected a \"SEAT: action\" string"},
    {"[{\"name\": \"x\", \"moves\": [\"E 3\"]}]", "case 'x': field 'moves[0]': 'E 3' is not \"SEAT: action\""},
    {"[{\"name\": \"x\", \"play\": 3}]", "case 'x': field 'play': expected the cards played, as a list or one string"},
    {"[{\"name\": \"x\", \"play\": [3]}]", "case 'x': field 'play[0]': expected a card"},
    {"[{\"name\": \"x\", \"play\": [\"EX\"]}]", "case 'x': field 'play[0]': 'EX' is not a card of this deck"},
    {"[{\"name\": \"x\", \"tricks\": 3}]", "case 'x': field 'tricks': expected an object: seat -> tricks won"},
    {"[{\"name\": \"x\", \"bids\": {\"N\": 1, \"E\": 1, \"S\": 1, \"W\": 1}, \"tricks\": {\"Q\": 1}}]", "case 'x': field 'tricks.Q': unknown seat 'Q' (seats: N E S W)"},
    {"[{\"name\": \"x\", \"bids\": {\"N\": 1, \"E\": 1, \"S\": 1, \"W\": 1}, \"tricks\": {\"N\": 4.5}}]", "case 'x': field 'tricks.N': expected a whole number, found 4.5"},
    {"[{\"name\": \"x\", \"bids\": {\"N\": 1, \"E\": 1, \"S\": 1, \"W\": 1}, \"tricks\": {\"N\": 14}}]", "case 'x': field 'tricks.N': 14 tricks is impossible in a hand of 13"},
    {"[{\"name\": \"x\", \"bids\": {\"N\": 1, \"E\": 1, \"S\": 1, \"W\": 1}, \"tricks\": {\"N\": 13, \"E\": 1}}]", "case 'x': field 'tricks': the tricks add up to 14, but a hand has 13"},
    {"[{\"name\": \"x\", \"events\": {}}]", "case 'x': field 'events': events go with 'tricks' (a scoring-only hand)"},
    {"[{\"name\": \"x\", \"expect\": 3}]", "case 'x': field 'expect': must be an object"},
    {"[{\"name\": \"x\", \"expect\": {\"bogus\": 1}}]", "case 'x': field 'expect.bogus': unknown field (known: hand_score, score, bags, tricks, game_over, winner, error, counters, thrown_in)"},
    {"[{\"name\": \"x\", \"expect\": {\"error\": 3}}]", "case 'x': field 'expect.error': must be an object"},
    {"[{\"name\": \"x\", \"expect\": {\"error\": {\"foo\": 1}}}]", "case 'x': field 'expect.error.foo': unknown field (known: at, contains)"},
    {"[{\"name\": \"x\", \"expect\": {\"counters\": {\"sets\": {}}}}]", "case 'x': field 'expect.counters.sets': the ruleset has no such counter"},
    {"[{\"name\": \"x\", \"expect\": {\"game_over\": 1}}]", "case 'x': field 'expect.game_over': expected true or false"},
    {"[{\"name\": \"x\", \"expect\": {\"winner\": 1}}]", "case 'x': field 'expect.winner': expected a team name or null"},
    {"[{\"name\": \"x\", \"expect\": {\"winner\": \"XY\"}}]", "case 'x': field 'expect.winner': unknown team 'XY' (teams: NS EW)"},
    {"!{\"record\": 1, \"ruleset\": \"R\", \"cases\": []}", "case '(file)': field 'record': expected an object (a game record's description)"},
    {"[{\"name\": \"x\", \"options\": {\"half_blind_penalty\": \"yes\"}}]", "case 'x': field 'options.half_blind_penalty': expected a number or true/false",
     "rulesets/nil50.spades"},
    {"[{\"name\": \"x\", \"options\": {\"kitty_share\": 1}}]",
     "case 'x': field 'options.kitty_share': expected one of the option's words as a string (both, one_each)", "rulesets/mitchell54.spades"},
    {"[{\"name\": \"x\", \"before\": {\"score\": {\"NS\": 490}}, \"hands\": [{\"bids\": {\"N\": 4, \"E\": 4, \"S\": 4, \"W\": 1}, "
     "\"tricks\": {\"N\": 5, \"E\": 4, \"S\": 3, \"W\": 1}}, {\"bids\": {\"N\": 4, \"E\": 4, \"S\": 4, \"W\": 1}}]}]",
     "case 'x': field 'hands[1]': the game was already over before this hand"},
    {"[{\"name\": \"x\", \"dealer\": \"W\"}]", "case 'x': field 'dealer': W is the dummy, which never deals", "rulesets/three-dummy.spades"},
    {"[{\"name\": \"x\", \"deal\": {\"N\": \"AS KS QS AH KH QH JH TH 9H 8H 7H 6H 5H\", \"P1\": \"AD KD QD JD TD 9D 8D 7D 6D 5D JS TS 9S\"}}]",
     "case 'x': field 'deal.P1': this seat is dealt twice"},
    {"[{\"name\": \"x\", \"deal\": {\"N\": \"AS KS QS AH KH QH JH TH 9H 8H 7H 6H 5H\"}}]", "case 'x': field 'deal': no cards for seat E"},
    {"[{\"name\": \"x\", \"bids\": {\"W\": 4}}]", "case 'x': field 'bids.W': W is the dummy, which makes no bid", "rulesets/three-dummy.spades"},
    {"[{\"name\": \"x\", \"bids\": {\"N\": 4, \"E\": 4, \"S\": 4, \"W\": 1}}]", "case 'x': field 'bids': this hand has no bidding under the ruleset's rules",
     "tests/features/skip.spades"},
    {"[{\"name\": \"x\", \"bids\": {\"N\": 4, \"E\": 4, \"S\": 4, \"W\": 1}}]",
     "case 'x': field 'bids': the hand is in its pass phase, not bidding: give the hand as 'moves' (e.g. \"E: pass ...\")", "rulesets/pass1.spades"},
    {"[{\"name\": \"x\", \"moves\": [\"X: 4\"]}]", "case 'x': field 'moves[0]': unknown seat or team 'X'", "rulesets/partnership.spades"},
    {"[{\"name\": \"x\", \"bids\": {\"N\": \"nil\", \"E\": 4, \"S\": 4, \"W\": 1}, \"play\": [\"AS\"]}]",
     "case 'x': field 'play': this hand has an exchange after the bidding: give the hand as 'moves'", "rulesets/nil-pass.spades"},
    {"[{\"name\": \"x\", \"play\": [], \"tricks\": {}}]", "case 'x': field 'tricks': 'tricks' is for hands without play; with play, expect.tricks checks them"},
    {"[{\"name\": \"x\", \"moves\": [\"E: 4\", \"S: 4\"], \"tricks\": {\"N\": 4}}]", "case 'x': field 'tricks': 'tricks' needs the bidding to be complete: give every bid"},
    // sample_deal of tests/test_util.hpp, N dealing: E leads AD after the bidding
    {"[{\"name\": \"x\", \"deal\": {\"N\": \"AS KS QS AH KH QH JH TH 9H 8H 7H 6H 5H\", \"E\": \"AD KD QD JD TD 9D 8D 7D 6D 5D JS TS 9S\", "
     "\"S\": \"AC KC QC JC TC 9C 8C 7C 6C 5C 8S 7S 6S\", \"W\": \"5S 4S 3S 2S 4H 3H 2H 4D 3D 2D 4C 3C 2C\"}, \"moves\": [\"E: 4\", \"S: 4\", \"W: 4\", \"N: 4\", \"E: AD\"], \"tricks\": {\"N\": 4}}]",
     "case 'x': field 'tricks': 'tricks' cannot be given once the play has started: give the rest of the play instead"},
    {"[{\"name\": \"x\", \"expect\": {\"error\": {\"at\": -1}}}]", "case 'x': field 'expect.error.at': expected \"bids\" or the index of a move"},
    {"[{\"name\": \"x\", \"expect\": {\"thrown_in\": 1}}]", "case 'x': field 'expect.thrown_in': expected true or false"},
    {"[{\"name\": \"x\", \"expect\": {\"counters\": 3}}]", "case 'x': field 'expect.counters': expected an object: counter -> {team -> number}"},
};

}  // namespace

TEST_CASE("behaviour: every file error of spec/test-hands.md is reported as written, exit 2") {
  // one directory per run: helpers running the suite side by side must not share files
  auto dir = std::filesystem::temp_directory_path() / fmt::format("spades-file-errors-{}", getpid());
  std::filesystem::create_directories(dir);
  int i = 0;
  for (const file_error_row& row : file_error_rows) {
    const std::string ruleset = spades::testing::source_path(row.ruleset);
    std::string text = row.cases[0] == '!' ? std::string(row.cases + 1)
                                           : "{\"ruleset\": \"R\", \"cases\": " + std::string(row.cases) + "}";
    if (auto r = text.find("\"R\""); r != std::string::npos) text.replace(r, 3, std::string(1, '"').append(ruleset).append(1, '"'));
    std::string path = (dir / fmt::format("e{}.hands.json", i++)).string();
    std::ofstream(path) << text;
    auto res = run("test " + path);
    INFO(text);
    CHECK(res.code == 2);
    CHECK(res.out == path + ": " + row.message + "\n");
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("behaviour: `follow beat` and its core spelling play alike, the bots' cards and bids included") {
  // The bots once read the form (`follow beat`) rather than what the rule does: the core spelling, the same
  // rule, had them value their hands as if nothing forced a card to beat
  const std::string sugar = spades::testing::temp_variant("beat_sugar", "extends \"standard\"\nplay { follow beat }\n");
  const std::string core = spades::testing::temp_variant(
      "beat_core", "extends \"standard\"\nplay { refuse beat all when not winning \"you must beat the card winning the trick if you can\" }\n");
  for (const std::string bots : {"rule", "mc"}) {
    const std::string games = bots == "mc" ? "2" : "30";
    const std::string a = sugar + "." + bots + ".json", b = core + "." + bots + ".json";
    auto ra = run("sim " + sugar + " --games " + games + " --seed 7 --bots " + bots + " --record " + a);
    auto rb = run("sim " + core + " --games " + games + " --seed 7 --bots " + bots + " --record " + b);
    REQUIRE(ra.code == 0);
    REQUIRE(rb.code == 0);
    const auto ja = nlohmann::json::parse(spades::testing::slurp(a)), jb = nlohmann::json::parse(spades::testing::slurp(b));
    REQUIRE(ja["cases"].size() > 30);
    CHECK(ja["cases"] == jb["cases"]);
  }
  // the refusal is the core rule's own, in its words
  auto v = load_text("beat_core", "extends \"standard\"\nplay { refuse beat all when not winning \"you must beat the card winning the trick if you can\" }\n");
  spades::game_state st;
  st.new_game(*v, 3);
  spades::testing::deal(st, {"2H AS", "KS 4C", "AH QS", "5C 6C"});
  while (st.ph == spades::phase::bid) st.apply(spades::move::make_bid(0, 1));
  st.apply(spades::move::make_card(v->find_card("2H")));
  // E, void in hearts, must trump: 4C would not beat 2H
  CHECK(st.legal_cards() == spades::card_set::of(v->find_card("KS")));
  CHECK(st.why_illegal(spades::move::make_card(v->find_card("4C"))) == "you must beat the card winning the trick if you can");
}
