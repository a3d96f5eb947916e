// The course of a hand: the compiled step table, merging steps by name, and each kind of step at work.
#include <catch2/catch.hpp>

#include "bots/bot.hpp"
#include "runtime/notation.hpp"
#include "tests/test_util.hpp"

using namespace spades;
using namespace spades::testing;

namespace {

// The compiled course as "name:kind" words.
std::string course_of(const variant& v) {
  static const char* kinds[] = {"deal", "take", "discard", "pass", "bid", "calls", "exchange", "play", "partner", "draw"};
  static_assert(std::size(kinds) == step_kinds, "a name for every step kind");
  std::string out;
  for (const hand_step& s : v.course) out += (out.empty() ? "" : " ") + s.name + ":" + kinds[(int)s.kind];
  return out;
}

// Standard with jokers as top trumps and the two left over as a kitty, discarded before the bidding.
const std::string jokers = "extends \"standard\"\ncards {\n  jokers BJ LJ\n  top_trumps BJ LJ\n}\n"
                           "deal {\n  leftover kitty\n  discard 2 before bidding\n}\n";

}  // namespace

TEST_CASE("course: steps idle under the settings are left out of the table") {
  auto v = load_ruleset("standard");
  CHECK(course_of(*v) == "deal:deal bidding:bid calls:calls exchange:exchange play:play");
  CHECK(v->course_bid == 1);
  CHECK(v->course_play == 4);
  auto j = load_ruleset("jokers");  // leftover kitty, kitty dealer, discard 2 before bidding
  CHECK(course_of(*j) == "deal:deal kitty:take early_discard:discard bidding:bid calls:calls exchange:exchange play:play");
  auto p = load_ruleset("pass3");
  CHECK(course_of(*p) == "deal:deal pass:pass bidding:bid calls:calls exchange:exchange play:play");
  CHECK(p->course[1].count == 3);
  CHECK(p->course[1].to == pass_to::partner);
}

TEST_CASE("course: a file without one gets the course standard declares, under the same names") {
  auto v = load_text("no_course", "game \"Bare\"\nplayers { seats N E S W\n teams opposite }\ncards { suits S H D C\n ranks A K Q J T 9 8 7 6 5 4 3 2\n trump S }\n"
                                  "deal { pass 2 to partner }\nbidding { bid number 1..13 }\nscoring { rule made each team { points tricks } }\nend { target 50 }\n");
  CHECK(course_of(*v) == "deal:deal pass:pass bidding:bid calls:calls exchange:exchange play:play");
}

TEST_CASE("course: steps merge by name, placed before or after a named step, and drop") {
  auto v = load_text("placed", "extends \"standard\"\ncourse {\n  step pass pass 1 to left\n  step second pass 2 to right after pass\n"
                               "  step first pass 3 to across before pass\n  drop step calls\n}\n");
  CHECK(course_of(*v) == "deal:deal first:pass pass:pass second:pass bidding:bid exchange:exchange play:play");
  CHECK(v->course[1].count == 3);
  CHECK(v->course[1].to == pass_to::across);
  CHECK(v->course[3].to == pass_to::right);
  // a step stated again with a place moves there
  auto m = load_text("moved", "extends \"standard\"\ncourse {\n  step pass pass 1 to left after calls\n}\n");
  CHECK(course_of(*m) == "deal:deal bidding:bid calls:calls pass:pass exchange:exchange play:play");
}

TEST_CASE("course: a pass step delivers left, right or across, all at once") {
  struct dir {
    const char* to;
    int from_n;  // the seat N's cards reach
  };
  for (dir d : {dir{"left", 1}, dir{"right", 3}, dir{"across", 2}, dir{"partner", 2}}) {
    DYNAMIC_SECTION(d.to) {
      auto v = load_text(std::string("pass_") + d.to, std::string("extends \"standard\"\ncourse {\n  step pass pass 1 to ") + d.to + "\n}\n");
      game_state st;
      st.new_game(*v, 3);  // W deals: N chooses first
      deal(st, sample_deal);
      REQUIRE(st.ph == phase::pass);
      CHECK(st.turn == 0);
      act(st, {"pass 5H", "pass 5D", "pass 5C", "pass 2C"});
      REQUIRE(st.ph == phase::bid);
      CHECK(st.hands[d.from_n].has(card(st, "5H")));
      CHECK(st.hands[(d.from_n + 3) % 4].has(card(st, "2C")));  // W's card goes as far round
      for (int s = 0; s < 4; ++s) CHECK(st.hands[s].count() == 13);
    }
  }
}

TEST_CASE("course: a step's condition is read when the walk reaches it") {
  auto v = load_text("pass_later", "extends \"standard\"\ncourse {\n  step pass pass 2 to left when not first_hand\n}\n");
  game_state st;
  st.new_game(*v, 3);
  deal(st, sample_deal);
  CHECK(st.ph == phase::bid);  // the first hand passes nothing
  st.record_tricks({4, 3, 3, 3});
  REQUIRE(st.ph == phase::deal);
  deal(st, sample_deal);
  CHECK(st.ph == phase::pass);
  CHECK(st.cards_left == 2);
}

TEST_CASE("course: take and discard, with the taker named in the step") {
  auto v = load_text("take_holder", jokers + "course {\n  step kitty take holder 2C\n}\n");
  game_state st;
  st.new_game(*v, 3);
  // 2C with E; BJ and LJ left over
  deal(st, {"AS KS QS AH KH QH JH TH 9H 8H 7H 6H 5H", "AD KD QD JD TD 9D 8D 7D 6D 5D JS TS 2C",
            "AC KC QC JC TC 9C 8C 7C 6C 5C 9S 8S 7S", "6S 5S 4S 3S 2S 4H 3H 2H 4D 3D 2D 4C 3C"});
  CHECK(st.kitty_taker == 1);
  CHECK(st.hands[1].count() == 15);
  REQUIRE(st.ph == phase::discard);  // jokers: discard 2 before bidding
  CHECK(st.cards_left == 2);
  act(st, {"discard 2C 5D"});
  CHECK(st.out_of_play.has(card(st, "2C")));
  CHECK(st.ph == phase::bid);
  // the dealer takes it under `take dealer`, as under jokers' own `kitty dealer`
  auto d = load_text("take_dealer", jokers + "course {\n  step kitty take dealer\n}\n");
  game_state sd;
  sd.new_game(*d, 2);
  deal(sd, sample_deal);
  CHECK(sd.kitty_taker == 2);
}

TEST_CASE("course: bidding, calls, exchange and play run in the table's order") {
  auto v = load_ruleset("standard");
  game_state st;
  st.new_game(*v, 3);
  st.options = {};
  deal(st, sample_deal);
  REQUIRE(st.ph == phase::bid);
  CHECK(st.step == v->course_bid);
  act(st, {"3", "3", "3", "3"});
  CHECK(st.ph == phase::play);  // no call is open and no bid calls for an exchange
  CHECK(st.step == v->course_play);
}

TEST_CASE("course: take side bidding more, then discard extra back to the hand size") {
  auto v = load_ruleset("mitchell54");
  game_state st;
  st.new_game(*v, 3);  // W deals: N bids first
  deal(st, sample_deal);    // BJ and LJ left over
  act(st, {"2", "4", "nil", "5"});  // NS 2, EW 9: W (5) takes both
  REQUIRE(st.ph == phase::discard);
  CHECK(st.turn == 3);
  CHECK(st.cards_left == 2);
  CHECK(st.hands[3].has(card(st, "BJ")));
  CHECK(st.hands[3].has(card(st, "LJ")));
  act(st, {"discard 2C 3C"});
  CHECK(st.ph == phase::play);
  for (int s = 0; s < 4; ++s) CHECK(st.hands[s].count() == 13);
}

TEST_CASE("blind nil's exchange is the bidder's to take or decline; a card passed takes it") {
  auto v = load_ruleset("standard");
  for (int declined = 0; declined < 2; ++declined) {
    DYNAMIC_SECTION((declined ? "declined" : "taken")) {
      game_state st;
      st.new_game(*v, 3);
      st.score[1] = 100;  // N's side trails by 100: blind nil is open
      deal(st, sample_deal);
      act(st, {"blind nil", "3", "3", "3"});
      REQUIRE(st.ph == phase::exchange);
      CHECK(st.exchange_offer);
      CHECK(st.turn == 0);
      move_list ms;
      int n = st.legal_moves(ms);
      REQUIRE(n == 15);  // exchange, no, and the 13 cards (passing one agrees)
      CHECK(format_move(st, ms[0]) == "exchange");
      CHECK(format_move(st, ms[1]) == "no");
      if (declined) {
        act(st, {"no"});
        CHECK(st.ph == phase::play);
        CHECK(st.hands[0].has(card(st, "AS")));
      } else {
        act(st, {"exchange"});
        CHECK_FALSE(st.exchange_offer);
        CHECK(st.why_illegal(move::make_choice(1)) == "it is time to pass cards to partner");  // agreed: no second choice
        act(st, {"pass AS KS", "pass 5C 6C"});
        CHECK(st.ph == phase::play);
        CHECK(st.hands[0].has(card(st, "5C")));
        CHECK(st.hands[2].has(card(st, "AS")));
      }
    }
  }
}

// A raise round (`step NAME bid raise`): each side once, in bidding order, raises its total or passes; the
// raise adds to the side's first bidder with a ranged bid kind, so bids read per player stay exact.
TEST_CASE("course: a raise round after round-the-table bidding adds to the side's first number bidder") {
  auto v = load_ruleset("second-round");
  CHECK(course_of(*v) == "deal:deal bidding:bid second_round:bid calls:calls exchange:exchange play:play");
  CHECK(v->course_bid == 1);
  CHECK(v->course[2].raise);
  CHECK_FALSE(v->course[1].raise);
  game_state st;
  st.new_game(*v, 0);  // N deals: E bids first, so EW raise first
  deal(st, sample_deal);
  act(st, {"3", "nil", "2", "4"});  // E 3, S nil, W 2, N 4
  REQUIRE(st.ph == phase::raise);
  CHECK(st.turn == 1);               // EW
  CHECK(st.team_decides());
  CHECK(st.acting_seat() == 1);      // E speaks, nearest the first bidder
  CHECK(st.side_bid(1) == 5);
  CHECK(st.raise_carrier(1) == 1);
  move_list ms;
  int n = st.legal_moves(ms);
  REQUIRE(n == 9);                   // raise to 6..13, pass
  CHECK(format_move(st, ms[0]) == "raise to 6");
  CHECK(format_move(st, ms[8]) == "pass");
  CHECK(st.why_illegal(move::make_raise(5)) == "a raise must be higher than your side's bid of 5");
  CHECK(st.why_illegal(move::make_raise(14)) == "a raise may be at most 13, the most a number bid may be");
  CHECK(st.why_illegal(move::make_bid(0, 6)) == "it is time to raise your side's bid (`raise to N`) or pass");
  act(st, {"raise to 7"});
  CHECK(st.bids[1].n == 5);          // E: 3 + 2
  CHECK(st.bids[3].n == 2);          // W unchanged
  REQUIRE(st.ph == phase::raise);
  CHECK(st.turn == 0);               // NS
  CHECK(st.acting_seat() == 2);      // S speaks, though S bid nil
  CHECK(st.raise_carrier(0) == 0);   // N carries the raise: S's nil has no number to raise
  act(st, {"raise 6"});
  CHECK(st.bids[0].n == 6);
  CHECK(st.bids[2].n == 0);
  CHECK(v->bids[st.bids[2].kind].name == "nil");
  CHECK(st.ph == phase::play);
  CHECK(st.turn == 1);               // E leads
}

TEST_CASE("course: a raise round after team bidding; passing keeps the bid; a side at the top is not asked") {
  auto v = load_ruleset("raise");
  game_state st;
  st.new_game(*v, 0);
  deal(st, sample_deal);
  act(st, {"5", "13"});             // EW 5, NS 13
  REQUIRE(st.ph == phase::raise);
  CHECK(st.turn == 1);
  act(st, {"pass"});
  CHECK(st.ph == phase::play);       // NS bid 13: nothing to raise
  CHECK(st.bids[1].n == 5);
  CHECK(st.bids[0].n == 13);

  game_state t;
  t.new_game(*v, 0);
  deal(t, sample_deal);
  act(t, {"5", "6", "no", "raise to 9"});
  CHECK(t.bids[1].n == 5);
  CHECK(t.bids[0].n == 9);
  CHECK(t.ph == phase::play);
  std::vector<move> ms;
  std::string err;
  CHECK_FALSE(parse_action(t, "raise to 9", ms, err));  // in the play, a raise is no card
}

TEST_CASE("course: raises are typed `raise to N` or `pass`; anything else is refused with the forms") {
  auto v = load_ruleset("raise");
  game_state st;
  st.new_game(*v, 0);
  deal(st, sample_deal);
  act(st, {"5", "6"});
  std::vector<move> ms;
  std::string err;
  CHECK_FALSE(parse_action(st, "8", ms, err));
  CHECK(err == "'8' is not a raise (`raise to N` for your side's new bid, or `pass`)");
  REQUIRE(parse_action(st, "Raise  To 70000", ms, err));
  CHECK(st.why_illegal(ms[0]) == "a raise may be at most 13, the most a number bid may be");  // not wrapped into range
}

TEST_CASE("course: a hand without bidding passes its raise round over; enter_play passes raises still owed") {
  auto v = load_text("raise_skip", "extends \"standard\"\nbidding { skip when first_hand }\ncourse { step raise bid raise after bidding }\n");
  game_state st;
  st.new_game(*v, 0);
  deal(st, sample_deal);
  CHECK(st.ph == phase::play);
  auto r = load_ruleset("second-round");
  game_state t;
  t.new_game(*r, 0);
  deal(t, sample_deal);
  act(t, {"3", "4", "2", "3"});
  REQUIRE(t.ph == phase::raise);
  t.enter_play();
  CHECK(t.ph == phase::play);
  CHECK(t.side_bid(1) == 5);
  CHECK(t.side_bid(0) == 7);
}

TEST_CASE("course: a raise of a side's bid for the side goes to its bidder, not to the partner it covers") {
  auto v = load_text("blind6_raise", "extends \"" + source_path("rulesets/blind6") + "\"\ncourse { step raise bid raise after bidding }\n");
  game_state st;
  st.new_game(*v, 0);
  deal(st, sample_deal);
  act(st, {"blind 6", "agree", "4", "3"});  // E blind 6 for EW, W agrees (covered); S 4, N 3
  REQUIRE(st.ph == phase::raise);
  CHECK(st.side_bid(1) == 6);
  CHECK(st.raise_carrier(1) == 1);
  CHECK(st.raise_limit(1) == 13);
  act(st, {"raise to 8", "pass"});
  CHECK(st.bids[1].n == 8);
  CHECK(st.bids[3].n == 0);
  CHECK(st.covered[3]);
  CHECK(st.ph == phase::play);
}

namespace {

// Two players, no deal: the whole deck a stock drawn by the step `draw` (as rulesets/two.spades has it).
std::string two_players(const std::string& draw) {
  return "extends \"standard\"\nplayers {\n  seats N S\n  teams none\n}\ndeal {\n  deal_size 0\n  leftover stock\n}\n"
         "bidding {\n  drop bid blind_nil\n}\ncourse {\n  step draw " + draw + " after deal\n}\n";
}

// Deals nothing and lays the stock in this order (the top card first).
void lay_stock(game_state& st, const std::string& cards) {
  std::vector<int16_t> order;
  size_t i = 0;
  while (i < cards.size()) {
    size_t j = cards.find(' ', i);
    order.push_back((int16_t)st.v->find_card(cards.substr(i, j == std::string::npos ? std::string::npos : j - i)));
    if (j == std::string::npos) break;
    i = j + 1;
  }
  st.deal_given({}, card_set{}, order.data(), (int)order.size());
}

// The whole deck, spades first, each suit from its ace down.
std::string deck_order(const variant& v) {
  std::string out;
  for (const card_face& c : v.cards) out += (out.empty() ? "" : " ") + c.name;
  return out;
}

}  // namespace

TEST_CASE("course: a draw step offers the drawer each card but the turn's last, to keep or to discard") {
  auto v = load_text("two_draw", two_players("draw keep 1 of 2"));
  CHECK(course_of(*v) == "deal:deal draw:draw bidding:bid calls:calls exchange:exchange play:play");
  CHECK(v->deal_size == 0);
  CHECK(v->course[1].count == 2);
  game_state st;
  st.new_game(*v, 0);  // N deals: S draws first
  lay_stock(st, deck_order(*v));  // AS KS QS ... 2C
  REQUIRE(st.ph == phase::draw);
  CHECK(st.turn == 1);
  CHECK(st.v->cards[st.drawn].name == "AS");
  move_list ms;
  REQUIRE(st.legal_moves(ms) == 2);
  CHECK(format_move(st, ms[0]) == "keep");
  CHECK(format_move(st, ms[1]) == "discard");
  CHECK(st.why_illegal(move::make_card(card(st, "AS"))) == "it is time for S to keep or discard the card drawn (`keep` or `discard`)");
  act(st, {"keep"});  // S keeps AS; KS, the turn's second card, is discarded
  CHECK(names(*v, st.hands[1]) == "AS");
  CHECK(st.out_of_play.has(card(st, "KS")));
  CHECK(st.turn == 0);
  CHECK(st.v->cards[st.drawn].name == "QS");
  act(st, {"discard"});  // N discards QS and so takes JS, unseen by S
  CHECK(names(*v, st.hands[0]) == "JS");
  CHECK(names(*v, st.out_of_play) == "KS QS");
  CHECK(st.turn == 1);
  CHECK(st.v->cards[st.drawn].name == "TS");
  // S keeps every first card, N discards every first card: S the 1st, 5th, 9th ... card of the deck,
  // N the 4th, 8th, 12th ...
  for (int t = 1; t < 13; ++t) act(st, {"keep", "discard"});
  REQUIRE(st.ph == phase::bid);
  CHECK(names(*v, st.hands[1]) == "AS TS 6S 2S JH 7H 3H QD 8D 4D KC 9C 5C");
  CHECK(names(*v, st.hands[0]) == "JS 7S 3S QH 8H 4H KD 9D 5D AC TC 6C 2C");
  CHECK(st.out_of_play.count() == 26);
  // dealt() reads the cards kept from the stock: the hand as it stood when the draw ended
  CHECK(st.dealt[1] == st.hands[1]);
  CHECK(st.dealt[0] == st.hands[0]);
  CHECK(st.stock_top == 52);
  std::vector<move> typed;
  std::string err;
  CHECK_FALSE(parse_action(st, "keep", typed, err));
  CHECK(err == "'keep' is not a bid (bids: 1..13, nil)");
}

TEST_CASE("course: a draw of one card a turn asks nothing; from the dealer; the rest of the stock is out of play") {
  auto v = load_text("two_draw_one", two_players("draw from dealer"));
  CHECK(v->course[1].count == 1);
  CHECK(v->course[1].dealer_first);
  game_state st;
  st.new_game(*v, 0);  // N deals and draws first
  lay_stock(st, deck_order(*v));
  REQUIRE(st.ph == phase::bid);
  CHECK(names(*v, st.hands[0]) == "AS QS TS 8S 6S 4S 2S KH JH 9H 7H 5H 3H");
  CHECK(names(*v, st.hands[1]) == "KS JS 9S 7S 5S 3S AH QH TH 8H 6H 4H 2H");
  CHECK(st.out_of_play == (v->deck & ~st.hands[0] & ~st.hands[1]));  // the 26 cards not drawn
}

TEST_CASE("course: a hand set up past the draw finishes it, each turn keeping its first card") {
  auto v = load_text("two_draw_skip", two_players("draw keep 1 of 2"));
  game_state st;
  st.new_game(*v, 0);
  lay_stock(st, deck_order(*v));
  act(st, {"discard"});  // S takes KS
  st.enter_bidding();
  REQUIRE(st.ph == phase::bid);
  // then each keeps the first card of its turn: S the 5th, 9th ... card of the deck, N the 3rd, 7th ...
  CHECK(names(*v, st.hands[1]) == "KS TS 6S 2S JH 7H 3H QD 8D 4D KC 9C 5C");
  CHECK(names(*v, st.hands[0]) == "QS 8S 4S KH 9H 5H AD TD 6D 2D JC 7C 3C");
  CHECK(st.out_of_play.count() == 26);
}

TEST_CASE("bot: keeps a card drawn that adds tricks, discards one that adds less than an unknown card") {
  auto v = load_text("two_draw_bot", two_players("draw keep 1 of 2"));
  for (const char* top : {"AS", "2H"}) {
    DYNAMIC_SECTION(top) {
      game_state st;
      st.new_game(*v, 0);
      std::string rest;
      for (const card_face& c : v->cards)
        if (c.name != top) rest += " " + c.name;
      lay_stock(st, top + rest);
      REQUIRE(st.ph == phase::draw);
      rng r(1);
      bot_context cx(*v);
      move m = bot_move(st, r, cx);
      CHECK(m.type == move::choice);
      CHECK(m.a == (std::string(top) == "AS" ? 1 : 0));
      CHECK(st.why_illegal(m).empty());
    }
  }
}

TEST_CASE("an exchange with a condition is owed only while it holds for the bidder") {
  auto v = load_ruleset("nil-pass");  // nil: exchange 1 with partner when not no_passing
  for (int off = 0; off < 2; ++off) {
    DYNAMIC_SECTION((off ? "no_passing" : "passing")) {
      game_state st;
      st.new_game(*v, 0);
      st.options[0] = off;  // no_passing
      deal(st, sample_deal);
      act(st, {"4", "1", "nil", "7"});  // E, S, W (nil), N
      if (off) {
        CHECK(st.ph == phase::play);
      } else {
        REQUIRE(st.ph == phase::exchange);
        CHECK_FALSE(st.exchange_offer);  // not the bidder's to decline
        CHECK(st.turn == 3);
        CHECK(st.exchange_left == 1);
        act(st, {"pass 5S", "pass 5D"});
        CHECK(st.ph == phase::play);
        CHECK(st.hands[1].has(card(st, "5S")));
        CHECK(st.hands[3].has(card(st, "5D")));
      }
    }
  }
}
