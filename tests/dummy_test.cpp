// A seat played by another (`dummy SEAT` and a `partner` step): who bids, who deals, who is given the
// dummy, what may be played at its turn, and how its tricks are scored.
#include <catch2/catch.hpp>

#include "bots/bot.hpp"
#include "runtime/loop.hpp"
#include "runtime/notation.hpp"
#include "tests/test_util.hpp"

using namespace spades;
using namespace spades::testing;

namespace {

// N hearts, E diamonds and clubs, S spades and 7D, W (the dummy) AS, low diamonds and low clubs.
const std::vector<std::string> sample = {
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",  // N
    "AD KD QD JD TD 9D 8D AC KC QC JC TC 9C",  // E
    "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 7D",  // S
    "AS 6D 5D 4D 3D 2D 8C 7C 6C 5C 4C 3C 2C",  // W
};

std::string cards(const game_state& st) {
  std::string out;
  move_list ms;
  int n = st.legal_moves(ms);
  for (int i = 0; i < n; ++i) {
    if (!out.empty()) out += ' ';
    out += format_move(st, ms[i]);
  }
  return out;
}

}  // namespace

TEST_CASE("dummy: the seat is in no team, makes no bid, and the highest bidder is given it") {
  auto v = load_ruleset("three-dummy");
  CHECK(v->dummy == 3);
  CHECK(v->teams == 3);
  CHECK(v->team_of[3] == -1);
  CHECK(v->partner[3] == -1);
  game_state st;
  st.new_game(*v, 0);  // N deals: E, S, N bid, W is passed over
  deal(st, sample);
  CHECK(st.turn == 1);
  act(st, {"3", "5"});
  CHECK(st.turn == 0);  // after S comes N, not W
  CHECK(st.controller == -1);
  act(st, {"4"});
  REQUIRE(st.ph == phase::play);
  CHECK(st.controller == 2);  // S bid 5, the most
  CHECK(st.exposed(3));
  CHECK(st.partner_in_hand(3) == 2);
  CHECK(st.partner_in_hand(2) == 3);
  CHECK(st.team_in_hand(3) == v->team_of[2]);
}

TEST_CASE("dummy: on equal bids the first bidder takes it; with every bid Nil too") {
  auto v = load_ruleset("three-dummy");
  game_state st;
  st.new_game(*v, 0);
  deal(st, sample);
  act(st, {"4", "4", "3"});  // E and S bid 4: E bid first
  CHECK(st.controller == 1);
  st.new_game(*v, 0);
  deal(st, sample);
  act(st, {"nil", "nil", "nil"});
  CHECK(st.controller == 1);
}

TEST_CASE("dummy: at its turn its own cards are legal, following suit from its hand; its player acts") {
  auto v = load_ruleset("three-dummy");
  game_state st;
  st.new_game(*v, 0);
  deal(st, sample);
  act(st, {"3", "4", "5"});  // N bid 5 and plays W
  REQUIRE(st.controller == 0);
  act(st, {"AD", "7D"});
  REQUIRE(st.turn == 3);
  CHECK(st.acting_seat() == 0);
  CHECK(cards(st) == "6D 5D 4D 3D 2D");
  CHECK(st.why_illegal(move::make_card(v->find_card("AS"))) == "you must follow suit (D)");
  CHECK(st.why_illegal(move::make_card(v->find_card("2H"))) == "W does not hold 2H");
  act(st, {"6D"});
  CHECK(st.turn == 0);
  CHECK(st.acting_seat() == 0);
}

TEST_CASE("dummy: its tricks are its own during the play and its player's when the hand is scored") {
  auto v = load_ruleset("three-dummy");
  game_state st;
  st.new_game(*v, 0);
  deal(st, sample);
  act(st, {"2", "3", "6"});  // N plays W
  std::array<int, max_seats> won{2, 4, 4, 3};
  st.record_tricks(won);
  CHECK(st.tricks_won[0] == 5);
  CHECK(st.tricks_won[3] == 0);
  CHECK(st.hand_points[v->team_of[0]] == -60);  // 5 tricks on 6: set
  CHECK(st.hand_points[v->team_of[1]] == 22);
  CHECK(st.hand_points[v->team_of[2]] == 31);
}

TEST_CASE("dummy: the dummy never deals: the first dealer and the deal's rotation pass over it") {
  auto v = load_ruleset("three-dummy");
  game_state st;
  st.new_game(*v, 3);
  CHECK(st.dealer == 0);
  rng r(7);
  bot_context cx(*v);
  std::vector<int> dealers;
  for (int hand = 0; hand < 4 && st.ph != phase::over; ++hand) {
    dealers.push_back(st.dealer);
    st.deal(r);
    while (st.ph != phase::deal && st.ph != phase::over) st.apply(bot_move(st, r, cx));
  }
  CHECK(dealers == std::vector<int>{0, 1, 2, 0});
}

TEST_CASE("dummy: when S deals, N bids first and the dummy, the dealer's left, leads for its player") {
  auto v = load_ruleset("three-dummy");
  game_state st;
  st.new_game(*v, 2);
  deal(st, sample);
  CHECK(st.turn == 0);
  act(st, {"4", "2", "3"});
  REQUIRE(st.ph == phase::play);
  CHECK(st.controller == 0);
  CHECK(st.turn == 3);
  CHECK(st.acting_seat() == 0);
}

namespace {
const std::string with_calls = "extends \"standard\"\nplayers { seats N E S W; teams none; dummy W }\n"
                               "bidding {\n  drop bid blind_nil\n  announce boast \"boast\" { by player }\n}\n"
                               "course { step dummy partner highest_bidder after calls }\n";
}

TEST_CASE("dummy: never asked for a call; a hand set up to its play still gives the dummy its player") {
  auto v = load_text("dummy_calls", with_calls);
  game_state st;
  st.new_game(*v, 0);
  deal(st, sample);
  act(st, {"3", "4", "5"});
  REQUIRE(st.ph == phase::call);
  CHECK(st.turn == 1);
  act(st, {"no", "no", "no"});  // E, S, N: W is passed over
  CHECK(st.ph == phase::play);
  CHECK(st.controller == 0);
  st.new_game(*v, 0);
  deal(st, sample);
  act(st, {"3", "6", "5"});
  REQUIRE(st.ph == phase::call);
  st.enter_play();  // past the calls and the partner step
  CHECK(st.controller == 2);
}

TEST_CASE("dummy: the bot plays the dummy's cards legally, as its controller's partner") {
  auto v = load_ruleset("three-dummy");
  rng r(11);
  const auto cal = std::make_shared<const bot_calibration>(*v);
  for (int g = 0; g < 3; ++g) {
    game_state st;
    st.new_game(*v, g % 3);
    bot_context cx(cal);
    int dummy_cards = 0;
    for (int hand = 0; hand < 3 && st.ph != phase::over; ++hand) {
      st.deal(r);
      while (st.ph != phase::deal && st.ph != phase::over) {
        move m = bot_move(st, r, cx);
        REQUIRE(st.why_illegal(m).empty());
        if (st.ph == phase::play && st.turn == v->dummy) {
          CHECK(st.acting_seat() == st.controller);
          ++dummy_cards;
        }
        st.apply(m);
      }
    }
    CHECK(dummy_cards > 0);
  }
}
