// The rule-following bot: what it asks of the variant's scoring decides how it plays.
#include <catch2/catch.hpp>

#include "runtime/bot.hpp"
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
