// Misdeals: a call with `redeal`, made before the bidding, throws the hand in and the same dealer deals
// again; legality and its reasons, the bot's choice, a seeded game's determinism, and the stop after 100.
#include <catch2/catch.hpp>

#include "bots/bot.hpp"
#include "runtime/loop.hpp"
#include "runtime/notation.hpp"
#include "tests/test_util.hpp"

using namespace spades;
using namespace spades::testing;

namespace {

// West holds no spade (and nothing else of note); every other hand holds four or five.
const std::vector<std::string> west_void = {
    "AS KS QS JS TS AH KH QH AD KD QD AC KC",  // N
    "9S 8S 7S 6S JH TH 9H JD TD 9D QC JC TC",  // E
    "5S 4S 3S 2S 8H 7H 6H 8D 7D 6D 9C 8C 7C",  // S
    "5H 4H 3H 2H 5D 4D 3D 2D 6C 5C 4C 3C 2C",  // W
};
// West holds no spade but every high heart, diamond and club.
const std::vector<std::string> west_void_strong = {
    "AS KS QS JS TH 9H 8H 7H 6H TD 9D 8D 7D",  // N
    "TS 9S 8S 7S 5H 4H 3H 2H 6D 5D 4D 3D 2D",  // E
    "6S 5S 4S 3S 2S 9C 8C 7C 6C 5C 4C 3C 2C",  // S
    "AH KH QH JH AD KD QD JD AC KC QC JC TC",  // W
};

std::string parsed_refusal(const game_state& st, const char* text) {
  std::vector<move> ms;
  std::string err;
  REQUIRE(parse_action(st, text, ms, err));
  REQUIRE(ms.size() == 1);
  return st.why_illegal(ms[0]);
}

}  // namespace

TEST_CASE("misdeal: only a hand that allows it is asked, before the bidding; the call throws the hand in") {
  auto v = load_ruleset("misdeal");
  game_state st;
  st.new_game(*v, 0);  // North deals
  deal(st, west_void);
  REQUIRE(st.ph == phase::call);
  CHECK(st.redeal_step());
  CHECK(st.acting_seat() == 3);  // West, the only hand without a spade
  move_list ms;
  REQUIRE(st.legal_moves(ms) == 2);
  CHECK(format_move(st, ms[0]) == "misdeal");
  CHECK(format_move(st, ms[1]) == "no");
  act(st, {"misdeal"});
  CHECK(st.ph == phase::deal);  // the cards are thrown in: a new deal is due
  CHECK(st.dealer == 0);        // by the same dealer
  CHECK(st.hands_played == 0);  // nothing scored, no hand counted
  CHECK(st.score[0] == 0);
  CHECK(st.score[1] == 0);
  CHECK(st.redeals == 1);
  CHECK(st.redeals_in_row == 1);
}

TEST_CASE("misdeal: declined, the hand is bid; the call is refused in the bidding with its reason") {
  auto v = load_ruleset("misdeal");
  game_state st;
  st.new_game(*v, 0);
  deal(st, west_void);
  act(st, {"no", "3", "2"});
  REQUIRE(st.ph == phase::bid);
  CHECK(st.turn == 3);
  CHECK(parsed_refusal(st, "misdeal") == "'misdeal' is called before the bidding, not during it");
  act(st, {"nil"});
  CHECK(parsed_refusal(st, "misdeal") ==
        "'misdeal' is not open to N: a misdeal needs a hand with no spades (or, as agreed, one spade, a suit of 7 or more, or no face cards)");
  act(st, {"7"});
  CHECK(st.ph == phase::play);
  CHECK(st.redeals_in_row == 0);
}

TEST_CASE("misdeal: with no hand allowing it the calls step is passed over") {
  auto v = load_ruleset("misdeal");
  game_state st;
  st.new_game(*v, 0);
  deal(st, west_void_strong);
  CHECK(st.ph == phase::call);  // West may call one ...
  game_state other;
  other.new_game(*v, 0);
  deal(other, sample_deal);
  CHECK(other.ph == phase::bid);  // ... but here every hand holds a spade
  CHECK(other.turn == 1);
}

TEST_CASE("misdeal: the bot calls one with a weak hand and plays a strong one") {
  auto v = load_ruleset("misdeal");
  rng r(1);
  bot_context cx(*v);
  game_state weak;
  weak.new_game(*v, 0);
  deal(weak, west_void);
  REQUIRE(weak.ph == phase::call);
  CHECK(bot_move(weak, r, cx) == move::make_call(0));
  game_state strong;
  strong.new_game(*v, 0);
  deal(strong, west_void_strong);
  REQUIRE(strong.ph == phase::call);
  CHECK(strong.acting_seat() == 3);
  CHECK(bot_move(strong, r, cx) == move::make_call(-1));
}

TEST_CASE("misdeal: the redeal draws the next shuffle, so a seed gives the same games") {
  auto v = load_ruleset("misdeal");
  auto play = [&](uint64_t seed) {
    rng r(seed);
    const auto cal = std::make_shared<const bot_calibration>(*v);
    std::vector<int64_t> out;
    for (int g = 0; g < 10; ++g) {
      game_state st;
      st.new_game(*v, g % 4);
      run_game(st, r, bot_chooser(cal));
      out.insert(out.end(), {st.score[0], st.score[1], st.redeals, st.hands_played});
    }
    return out;
  };
  std::vector<int64_t> a = play(7), b = play(7);
  CHECK(a == b);
  int64_t redeals = 0;
  for (size_t i = 2; i < a.size(); i += 4) redeals += a[i];
  CHECK(redeals > 0);  // the seed's games do throw hands in
}

TEST_CASE("misdeal: a condition that nearly always holds stops the game after 100 hands thrown in") {
  auto v = load_text("nearly_always", "extends \"standard\"\n"
                                      "bidding {\n  announce misdeal \"misdeal\" {\n    by player\n    redeal\n"
                                      "    allow when held(S) < 13\n  }\n}\n"
                                      "course { step misdeal calls before bidding }\n");
  game_state st;
  st.new_game(*v, 0);
  rng r(3);
  bot_context cx(*v);
  // a table that calls a misdeal whenever it may
  auto always = [&cx](const game_state& s, rng& rr, move& out) {
    out = s.ph == phase::call && s.redeal_step() ? move::make_call(0) : bot_move(s, rr, cx);
    return true;
  };
  CHECK(run_game(st, r, always) == loop_end::over);
  CHECK(st.end == game_end::stopped);
  CHECK(st.winner == -1);
  CHECK(st.hands_played == 0);
  CHECK(st.redeals == max_redeals_in_row);
  CHECK(st.end_reason() == "stopped: the hand was thrown in 100 times in a row ('misdeal' was called every time), so it could never be played");
}

TEST_CASE("misdeal: a redeal call's condition must be able to fail, and it needs a calls step before the bidding") {
  auto misdeal_with = [](const std::string& allow, const std::string& course) {
    return "extends \"standard\"\nbidding {\n  announce misdeal \"misdeal\" {\n    by player\n    redeal\n" + allow +
           "  }\n}\n" + course;
  };
  const std::string step = "course { step misdeal calls before bidding }\n";
  CHECK_THROWS_WITH(load_text("md1", misdeal_with("", step)), Catch::Contains("needs a condition on the caller's cards"));
  CHECK_THROWS_WITH(load_text("md2", misdeal_with("    allow when not false\n", step)), Catch::Contains("this condition always holds"));
  CHECK_THROWS_WITH(load_text("md3", misdeal_with("    allow when held(S) == 0 or 2 * 3 == 6\n", step)), Catch::Contains("always holds"));
  CHECK_THROWS_WITH(load_text("md4", misdeal_with("    allow when held(S) == 0\n", "")), Catch::Contains("the course needs a calls step there"));
  // an option may make it hold every time: not refused here (players set options); the run stops such a game
  CHECK_NOTHROW(load_text("md5", "option always = false\n" + misdeal_with("    allow when always\n", step)));
  CHECK_NOTHROW(load_text("md6", misdeal_with("    allow when held(S) == 0 and 1 == 1\n", step)));
}
