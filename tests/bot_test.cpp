// The rule-following bot: what it asks of the variant's scoring decides how it plays.
#include <catch2/catch.hpp>

#include "runtime/bot.hpp"
#include "runtime/loop.hpp"
#include "runtime/notation.hpp"
#include "tests/test_util.hpp"

using namespace spades;
using namespace spades::testing;

namespace {

// Standard, N deals: E, S, W bid 4 and N bids `north`; E leads 5H, S plays 6H, W 7H. N holds AH and 3H.
game_state north_to_follow(const variant& v, const char* north) {
  game_state st;
  st.new_game(v, 0);
  deal(st, {"AH 3H 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC", "5H 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
            "6H KC AC AD 2S 3S 4S 5S 6S 7S 8S 9S TS", "7H 8H 9H TH JH QH KH JS QS KS AS 2H 4H"});
  for (const char* a : {"4", "4", "4", north, "5H", "6H", "7H"}) {
    std::vector<move> ms;
    std::string err;
    REQUIRE(parse_action(st, a, ms, err));
    for (const move& m : ms) {
      REQUIRE(st.why_illegal(m) == "");
      st.apply(m);
    }
  }
  REQUIRE(st.turn == 0);
  return st;
}

}  // namespace

TEST_CASE("bot: a seat whose first trick costs more than a trick is worth takes none") {
  auto v = load_ruleset("standard");
  rng r(1);
  // nil: a trick costs 200 (nil failed, not made), an overtrick is worth 1: keep under with 3H
  CHECK(format_move(north_to_follow(*v, "nil"), bot_move(north_to_follow(*v, "nil"), r)) == "3H");
  // 4: the first trick costs nothing (the side is set either way): last to play, win cheaply with AH
  CHECK(format_move(north_to_follow(*v, "4"), bot_move(north_to_follow(*v, "4"), r)) == "AH");
}

namespace {

// A game of `id` with the given hands (seat order), the dealer N, and `actions` applied in order.
game_state position(const variant& v, const std::vector<std::string>& hands, std::vector<const char*> actions,
                    int hands_played = 0) {
  game_state st;
  st.new_game(v, 0);
  st.hands_played = hands_played;
  deal(st, hands);
  for (const char* a : actions) {
    std::vector<move> ms;
    std::string err;
    REQUIRE(parse_action(st, a, ms, err));
    for (const move& m : ms) {
      REQUIRE(st.why_illegal(m) == "");
      st.apply(m);
    }
  }
  return st;
}

std::string bot_says(const game_state& st) {
  rng r(1);
  return format_move(st, bot_move(st, r));
}

// Standard hands, N dealing: E bids first.
const std::vector<std::string> four_hands = {
    "AS KS QS AH KH AD KD AC 5C 4C 3C 2C 2D",  // N: strong
    "2S 3S 2H 3H 4H 5H 3D 4D 5D 6D 6C 7C 8C",  // E: nothing high
    "4S 5S 6S 7S 6H 7H 8H 7D 8D 9D 9C TC JC",  // S
    "8S 9S TS JS 9H TH JH QH TD JD QD QC KC"}; // W

}  // namespace

TEST_CASE("bot: bids come from the variant's scoring of the hand's likely outcomes") {
  auto v = load_ruleset("standard");
  // E, with no card above a nine but the 3S, goes nil; S and W bid their estimates; N bids its winners
  game_state st = position(*v, four_hands, {});
  CHECK(bot_says(st) == "nil");
  st = position(*v, four_hands, {"nil", "2", "3"});
  CHECK(bot_says(st) == "7");
}

TEST_CASE("bot: a side holding every top card bids the ten that scores 200") {
  // New York City: teams bid, 10 is worth 200; E and W hold the jokers, the top spades and the aces
  auto v = load_ruleset("nyc");
  game_state st = position(*v,
                           {"3S 4S 5S 6S 3H 4H 5H 6H 3D 4D 5D 6D 3C", "BJ LJ 2D 2S AS KS QS JS AH KH QH AD KD",
                            "7S 8S 9S 7H 8H 9H TH 7D 8D 9D TD 4C 5C", "TS JH AC KC QC JC TC 9C 8C 7C 6C QD JD"},
                           {}, 1);
  REQUIRE(st.ph == phase::bid);
  CHECK(bot_says(st) == "10");
}

TEST_CASE("bot: a side sure of the first tricks calls Bemo; a side that is not declines") {
  auto v = load_ruleset("bemo");
  // N holds all thirteen spades: NS takes every trick, the first nine included
  game_state st = position(*v,
                           {"AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AH KH QH JH TH 9H 8H AD KD QD JD TD 9D",
                            "7H 6H 5H 4H 3H 2H 8D 7D 6D 5D 4D 3D 2D", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"},
                           {"3", "nil", "4", "13"});
  REQUIRE(st.ph == phase::call);
  // EW (first in the bidding order) have no run of winners: they decline; then NS call the big one
  CHECK(bot_says(st) == "no");
  st.apply(move::make_call(-1));
  CHECK(bot_says(st) == "big bemo");
}

TEST_CASE("bot: void in the suit led, it ruffs with its cheapest winning trump") {
  auto v = load_ruleset("standard");
  // E leads the 2D; S is void in diamonds and ruffs with the 4S, keeping its higher spades
  game_state st = position(*v,
                           {"AS KS QS AH KH AD KD AC 5C 4C 3C 2C 3D", "2S 3S 2H 3H 4H 5H 2D 4D 5D 6D 6C 7C 8C",
                            "4S 5S 6S 7S 6H 7H 8H 9H 9C TC JC QC KC", "8S 9S TS JS TH JH QH 7D 8D 9D TD JD QD"},
                           {"3", "3", "3", "3", "2D"});
  CHECK(bot_says(st) == "4S");
}

TEST_CASE("bot: a hand is valued from the compiled ranking, two packs and many trumps included") {
  auto standard = load_ruleset("standard");
  card_set ace = card_set::of(standard->find_card("AS"));
  CHECK(value_hand(*standard, ace, 0).sure == 1);
  // two packs, the later of two identical cards winning: the other AS may beat this one
  auto six = load_text("two-packs", "extends \"standard\"\ngame \"two packs\"\n"
                                    "players { seats P1 P2 P3 P4 P5 P6\n teams opposite }\n"
                                    "cards { packs 2\n remove 2D 2D\n ties later_wins }\n"
                                    "deal { hand_size 17 }\nbidding { bid number 1..17 }\n");
  hand_value one_ace = value_hand(*six, card_set::of(six->find_card("AH")), 0);
  CHECK(one_ace.sure == 0);
  CHECK(one_ace.tricks < 0.8);
  CHECK(value_hand(*standard, card_set::of(standard->find_card("AH")), 0).tricks > 0.95);
  // holding both, each is the top card while the other is in hand
  CHECK(value_hand(*six, six->cards_named("AH"), 0).sure == 2);
  // sixteen trumps: over random deals the seats' estimates add up to the thirteen tricks of a hand
  auto deuces = load_text("sixteen-trumps", "extends \"standard\"\ngame \"sixteen trumps\"\ncards { top_trumps 2S 2H 2D 2C }\n");
  rng r(7);
  double total = 0;
  for (int d = 0; d < 200; ++d) {
    game_state st;
    st.new_game(*deuces, 0);
    st.deal(r);
    for (int s = 0; s < 4; ++s) total += estimate_tricks(st, s);
  }
  CHECK(std::abs(total / 200 - 13) < 0.5);
}

TEST_CASE("bot: bids the spades it holds where the rules bind the bid to them, and announces the aces it holds") {
  // N deals: N holds 4 spades, E 3, S 6, W none
  const std::vector<std::string> deal_ = {"AS KS QS JS AH KH QH JH TH 9H 8H 7H 6H", "TS 9S 8S 5H 4H 3H 2H AD KD QD JD TD 9D",
                                          "7S 6S 5S 4S 3S 2S 8D 7D 6D 5D 4D 3D 2D", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"};
  rng r(1);
  auto mirror = load_ruleset("mirror");
  game_state st = position(*mirror, deal_, {});
  CHECK(format_move(st, bot_move(st, r)) == "3");  // E: exactly its spades, the only legal bid
  st = position(*mirror, deal_, {"3", "6"});
  CHECK(format_move(st, bot_move(st, r)) == "nil");  // W: no spades
  auto whiz = load_ruleset("whiz");
  st = position(*whiz, deal_, {"3"});
  move m = bot_move(st, r);
  CHECK(st.why_illegal(m) == "");  // S: Nil or 6, whichever it judges better, never another number
  CHECK((format_move(st, m) == "6" || format_move(st, m) == "nil"));
  // aces: N holds the four aces; after the bids, S speaks for NS and announces
  auto aces = load_ruleset("aces");
  st = position(*aces, {"AS AH AD AC KS QS JS TS 9S 8S 7S 6S 5S", "3H KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
                        "BJ LJ 2S KH QH JH TH 9H 8H 7H 6H 5H 4H", "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 4S 3S"},
                {"1", "3", "1", "6"});
  REQUIRE(st.ph == phase::call);
  CHECK(format_move(st, bot_move(st, r)) == "aces");
}

TEST_CASE("bot: in a raise round a side that underbid its cards raises, and a side without more passes") {
  auto v = load_ruleset("second-round");
  // E holds the top spades and nine sure winners besides; the side bid 2 + 2. S holds almost nothing.
  game_state st = position(*v, {"5S 4S 3S 8H 7H 6H 5H 9D 8D 7D 8C 7C 6C", "AS KS QS JS TS AH KH QH AD KD AC KC QC",
                                "2S 4H 3H 2H 6D 5D 4D 3D 2D 5C 4C 3C 2C", "9S 8S 7S 6S JH TH 9H QD JD TD JC TC 9C"},
                           {"2", "1", "2", "1"});
  REQUIRE(st.ph == phase::raise);
  REQUIRE(st.acting_seat() == 1);
  rng r(1);
  move m = bot_move(st, r);
  REQUIRE(m.type == move::raise);
  CHECK(m.a > 4);
  CHECK(st.why_illegal(m).empty());
  st.apply(m);
  REQUIRE(st.ph == phase::raise);
  REQUIRE(st.acting_seat() == 2);
  CHECK(format_move(st, bot_move(st, r)) == "pass");
}

TEST_CASE("bot: whole games with a raise round: every move legal, raises made, no game stopped") {
  for (const char* id : {"raise", "second-round"}) {
    auto v = load_ruleset(id);
    rng r(3);
    int raises = 0;
    for (int g = 0; g < 5; ++g) {
      game_state st;
      st.new_game(*v, g % 4);
      run_game(st, r, [&](const game_state& s, rng& rr, move& out) {
        out = bot_move(s, rr);
        if (s.ph == phase::raise) raises += out.a >= 0;
        INFO(id << ": " << phase_name(s.ph) << " " << format_move(s, out));
        REQUIRE(s.why_illegal(out).empty());
        return true;
      });
      CHECK(st.ph == phase::over);
      CHECK(st.end != game_end::stopped);
    }
    if (std::string(id) == "second-round") CHECK(raises > 0);
  }
}
