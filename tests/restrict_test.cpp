// The core play restrictions (refuse, prefer; runtime/restrict.hpp) in the test variants written with them
// (tests/features/lowball, highball, screamer, assassin): the exact cards legal at each turn and the words of
// each refusal, leads, follows and voids, before and after spades are broken.
#include "tests/test_util.hpp"

using namespace spades;
using namespace spades::testing;

namespace {

std::shared_ptr<const variant> feature(const std::string& id) {
  lang::sources src;
  return lang::load_variant(src, source_path("tests/features/" + id + ".spades"));
}

const std::vector<std::string> mixed = {"AS KS QS AH KH QH JH TH 9H 8H KC QC 3C", "AD KD QD JD TD 9D 8D 7D 6D 5D JC TC 9C",
                                        "2C AC 8C 7C 6C 5C 4C JS TS 9S 8S 7S 6S", "5S 4S 3S 2S 7H 6H 5H 4H 3H 2H 4D 3D 2D"};
// N two spades and hearts, E diamonds, S clubs, W spades and two hearts
const std::vector<std::string> spades_west = {"AS KS AH KH QH JH TH 9H 8H 7H 6H 5H 4H", "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
                                              "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 3H 2H"};

std::string why(const game_state& st, const char* c) { return st.why_illegal(move::make_card(card(st, c))); }

game_state started(const std::shared_ptr<const variant>& v, int dealer, const std::vector<std::string>& hands) {
  game_state st;
  st.new_game(*v, dealer);
  deal(st, hands);
  act(st, {"3", "3", "3", "3"});
  return st;
}

}  // namespace

TEST_CASE("lowball: the lowest card held of the suit played, leading, following and void") {
  auto v = feature("lowball");
  game_state st = started(v, 0, mixed);  // N deals, E leads
  CHECK(names(*v, st.legal_cards()) == "5D 9C");
  CHECK(why(st, "AD") == "play the lowest card you hold in the suit you play");
  act(st, {"5D"});
  CHECK(names(*v, st.legal_cards()) == "6S 2C");  // S void in diamonds: the lowest of each suit
  CHECK(why(st, "8C") == "play the lowest card you hold in the suit you play");
  act(st, {"2C"});
  CHECK(names(*v, st.legal_cards()) == "2D");
  CHECK(why(st, "2H") == "you must follow suit (D)");
  CHECK(why(st, "4D") == "play the lowest card you hold in the suit you play");
  act(st, {"2D"});
  CHECK(names(*v, st.legal_cards()) == "QS 8H 3C");
}

TEST_CASE("highball: the highest card held of the suit played") {
  auto v = feature("highball");
  game_state st = started(v, 0, mixed);
  CHECK(names(*v, st.legal_cards()) == "AD JC");
  CHECK(why(st, "9C") == "play the highest card you hold in the suit you play");
  act(st, {"AD"});
  CHECK(names(*v, st.legal_cards()) == "JS AC");
  act(st, {"AC"});
  CHECK(names(*v, st.legal_cards()) == "4D");
  act(st, {"4D"});
  CHECK(names(*v, st.legal_cards()) == "AS AH KC");
}

TEST_CASE("screamer: no spade while another suit is held; spades led, or nothing else held, lift it") {
  auto v = feature("screamer");
  game_state st = started(v, 0, spades_west);  // E leads diamonds
  act(st, {"AD", "2C"});
  CHECK(names(*v, st.legal_cards()) == "3H 2H");  // W void in diamonds: no spade while holding hearts
  CHECK(why(st, "QS") == "you may not play a spade while you hold another suit");
  act(st, {"2H"});
  CHECK(names(*v, st.legal_cards()) == "AH KH QH JH TH 9H 8H 7H 6H 5H 4H");
  act(st, {"4H", "KD", "3C", "3H", "5H", "QD", "4C"});
  CHECK(names(*v, st.legal_cards()) == "QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S");  // W holds only spades: lifted
  act(st, {"2S"});
  CHECK(st.broken);
  CHECK(names(*v, st.legal_cards()) == "AH KH QH JH TH 9H 8H 7H 6H");  // broken, and still no spade for N
  CHECK(why(st, "AS") == "you may not play a spade while you hold another suit");
}

TEST_CASE("screamer: leading a spade is refused by standard's rule before they break") {
  auto v = feature("screamer");
  game_state st = started(v, 3, spades_west);  // W deals, N leads
  CHECK(names(*v, st.legal_cards()) == "AH KH QH JH TH 9H 8H 7H 6H 5H 4H");
  CHECK(why(st, "AS") == "spades have not been broken");
}

TEST_CASE("assassin: cut with a spade when void; lead one once spades are broken") {
  auto v = feature("assassin");
  game_state st = started(v, 0, spades_west);
  act(st, {"AD"});
  CHECK(names(*v, st.legal_cards()) == "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C");  // no spade to cut with: lifted
  act(st, {"2C"});
  CHECK(names(*v, st.legal_cards()) == "QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S");
  CHECK(why(st, "2H") == "you are void in the suit led: cut with a spade");
  act(st, {"2S"});
  CHECK(names(*v, st.legal_cards()) == "AS KS");
  act(st, {"AS"});  // N wins, spades broken: N must lead its spade
  CHECK(names(*v, st.legal_cards()) == "KS");
  CHECK(why(st, "AH") == "spades are broken: lead a spade");
}

TEST_CASE("assassin: before spades break, leading one is refused and leading is free") {
  auto v = feature("assassin");
  game_state st = started(v, 3, spades_west);  // N leads
  CHECK(names(*v, st.legal_cards()) == "AH KH QH JH TH 9H 8H 7H 6H 5H 4H");
  CHECK(why(st, "KS") == "spades have not been broken");
}
