// Runtime unit tests: trick winners, exact legal-move sets, scoring, game end, determinism.
#include <catch2/catch.hpp>

#include <filesystem>

#include <fmt/format.h>

#include "bots/bot.hpp"
#include "runtime/expr.hpp"
#include "runtime/loop.hpp"
#include "runtime/notation.hpp"
#include "tests/test_util.hpp"

using namespace spades;
using namespace spades::testing;

namespace {

// A standard hand dealt by W (so N bids and leads first); every seat bids `bid`.
game_state standard_hand(const variant& v, const std::vector<std::string>& hands, int bid = 3) {
  game_state st;
  st.new_game(v, 3);
  deal(st, hands);
  while (st.ph == phase::bid) st.apply(move::make_bid(0, bid));
  return st;
}

}  // namespace

TEST_CASE("cards: 10 and T name the same card; bad text is no card") {
  CHECK(normalise_card("10s") == "TS");
  CHECK(normalise_card("qh") == "QH");
  CHECK(normalise_card("1").empty());
  CHECK(normalise_card("A S").empty());
}

TEST_CASE("card_set: count, nth and first agree across both words") {
  card_set s;
  for (int c : {0, 5, 63, 64, 100, 127}) s.add(c);
  CHECK(s.count() == 6);
  CHECK(s.first() == 0);
  CHECK(s.nth(2) == 63);
  CHECK(s.nth(3) == 64);
  CHECK(s.nth(5) == 127);
  s.remove(0);
  CHECK(s.first() == 5);
}

TEST_CASE("rng: the same seed gives the same numbers on every machine") {
  rng r(42);
  uint64_t a = r.next(), b = r.next();
  rng again(42);
  CHECK(again.next() == a);
  CHECK(again.next() == b);
  // pinned values: a change of generator would change every recorded game
  rng p(1);
  CHECK(p.below(52) == 3);
  CHECK(p.below(52) == 14);
  CHECK(p.below(1000000) == 31894);
}

TEST_CASE("deal: a seeded deal is the same every time, 13 cards each, all different") {
  auto v = load_ruleset("standard");
  game_state a, b;
  a.new_game(*v, 0);
  b.new_game(*v, 0);
  rng r1(7), r2(7);
  a.deal(r1);
  b.deal(r2);
  card_set all;
  for (int s = 0; s < 4; ++s) {
    CHECK(a.hands[s] == b.hands[s]);
    CHECK(a.hands[s].count() == 13);
    all |= a.hands[s];
  }
  CHECK(all == v->deck);
  CHECK(a.ph == phase::bid);
  CHECK(a.turn == 1);  // dealer N: E bids first
}

TEST_CASE("legal leads: spades barred until broken, unless only spades are held") {
  auto v = load_ruleset("standard");
  game_state st = standard_hand(*v, sample_deal);
  REQUIRE(st.ph == phase::play);
  REQUIRE(st.turn == 0);  // dealer W: N leads
  CHECK(names(*v, st.legal_cards()) == "AH KH QH JH TH 9H 8H 7H 6H 5H");
  CHECK(st.why_illegal(move::make_card(card(st, "AS"))) == "spades have not been broken");
  CHECK(st.why_illegal(move::make_card(card(st, "AD"))) == "N does not hold AD");
}

TEST_CASE("legal follows: follow suit if able, anything when void") {
  auto v = load_ruleset("standard");
  game_state st = standard_hand(*v, sample_deal);
  st.apply(move::make_card(card(st, "AH")));  // N leads a heart; E has none
  CHECK(names(*v, st.legal_cards()) == "JS TS 9S AD KD QD JD TD 9D 8D 7D 6D 5D");
  st.apply(move::make_card(card(st, "9S")));  // E trumps: spades are broken
  CHECK(st.broken);
  // S has no hearts either
  CHECK(st.legal_cards().count() == 13);
  st.apply(move::make_card(card(st, "5C")));
  // W holds hearts: must follow
  CHECK(names(*v, st.legal_cards()) == "4H 3H 2H");
  CHECK(st.why_illegal(move::make_card(card(st, "2C"))) == "you must follow suit (H)");
  st.apply(move::make_card(card(st, "2H")));
  CHECK(st.tricks_won[1] == 1);  // E's spade wins the heart trick
  CHECK(st.turn == 1);
  // spades are broken: E may now lead one
  CHECK(st.legal_cards().count() == 12);
}

TEST_CASE("trick winner: highest trump, else highest of the suit led") {
  auto v = load_ruleset("standard");
  game_state st = standard_hand(*v, sample_deal);
  for (const char* c : {"5H", "5D", "5C", "4H"}) st.apply(move::make_card(card(st, c)));
  CHECK(st.tricks_won[0] == 1);  // N's 5H beats W's 4H; off-suit cards never win
  REQUIRE(st.turn == 0);  // the winner leads
  for (const char* c : {"6H", "9S", "6C", "3H"}) st.apply(move::make_card(card(st, c)));
  CHECK(st.tricks_won[1] == 1);  // E trumps the heart
  CHECK(st.turn == 1);
}

TEST_CASE("scoring: pure function of bids and tricks") {
  auto v = load_ruleset("standard");
  auto score = [&](std::array<int, 4> bids, std::array<int, 4> tricks, int64_t ns_before = 0, int64_t bags_before = 0) {
    game_state st;
    st.new_game(*v, 3);
    st.score[0] = ns_before;
    st.counters[0][0] = bags_before;
    st.hands_played = 1;
    rng r(1);
    st.deal(r);
    for (int i = 0; i < 4; ++i) {
      move m;
      std::string err;
      REQUIRE(parse_bid(*v, bids[st.turn] == 0 ? "nil" : std::to_string(bids[st.turn]), m, err));
      st.apply(m);
    }
    st.tricks_won = {tricks[0], tricks[1], tricks[2], tricks[3]};
    st.score_hand();
    return std::make_pair(st.hand_points[0], st.counters[0][0]);
  };
  CHECK(score({3, 4, 2, 4}, {4, 3, 3, 3}) == std::make_pair(int64_t{52}, int64_t{2}));
  CHECK(score({3, 4, 2, 4}, {4, 3, 4, 2}, 337, 7) == std::make_pair(int64_t{-47}, int64_t{0}));  // 53 - 100
  CHECK(score({5, 4, 2, 1}, {3, 4, 2, 4}) == std::make_pair(int64_t{-70}, int64_t{0}));            // set
  CHECK(score({0, 4, 5, 4}, {0, 4, 6, 3}) == std::make_pair(int64_t{151}, int64_t{1}));            // nil made
  CHECK(score({0, 4, 5, 4}, {2, 3, 5, 3}) == std::make_pair(int64_t{-48}, int64_t{2}));            // nil failed: 50 + 2 bags - 100
  CHECK(score({0, 4, 5, 4}, {2, 4, 4, 3}) == std::make_pair(int64_t{-148}, int64_t{2}));           // nil failed, partner set
}

TEST_CASE("game end: target, both past it, tie plays on, hand limit") {
  auto v = load_ruleset("standard");
  auto after = [&](int64_t ns, int64_t ew, std::array<int, 4> tricks) {
    game_state st;
    st.new_game(*v, 3);
    st.score[0] = ns;
    st.score[1] = ew;
    st.hands_played = 1;
    rng r(3);
    st.deal(r);
    while (st.ph == phase::bid) st.apply(move::make_bid(0, 3));
    st.tricks_won = {tricks[0], tricks[1], tricks[2], tricks[3]};
    st.score_hand();
    return st;
  };
  game_state a = after(450, 100, {4, 3, 3, 3});  // NS +61 -> 511
  CHECK(a.ph == phase::over);
  CHECK(a.winner == 0);
  CHECK(a.end == game_end::target);
  CHECK(a.end_target == 500);
  CHECK(a.end_reason() == "a score reached 500");
  game_state b = after(470, 480, {3, 4, 3, 3});  // NS 530, EW 541
  CHECK(b.winner == 1);
  game_state c = after(470, 471, {3, 3, 4, 3});  // NS 470+61, EW 471+60: equal at 531, another hand
  CHECK(c.ph == phase::deal);
  CHECK(c.score[0] == c.score[1]);
  game_state d = after(100, 100, {3, 3, 4, 3});
  CHECK(d.ph == phase::deal);
  CHECK(d.end == game_end::none);
  CHECK(d.end_reason().empty());
}

TEST_CASE("game end: a tie under `tie draw` ends the game drawn, and says so") {
  auto v = load_text("tie_draw", "extends \"standard\"\nend {\n  tie draw\n}\n");
  game_state st;
  st.new_game(*v, 3);
  st.score = {470, 471};
  st.hands_played = 1;
  rng r(3);
  st.deal(r);
  while (st.ph == phase::bid) st.apply(move::make_bid(0, 3));
  st.tricks_won = {3, 3, 4, 3};  // NS 470+61, EW 471+60: equal at 531
  st.score_hand();
  CHECK(st.ph == phase::over);
  CHECK(st.winner == -1);
  CHECK(st.end == game_end::target);
  CHECK(st.end_reason() == "a score reached 500; the game is drawn");
}

TEST_CASE("hand limit: a game that never reaches its target is stopped with a reason") {
  auto v = load_text("stalemate", "extends \"standard\"\nend {\n  target 100000\n  max_hands 3\n}\n");
  game_state st;
  st.new_game(*v, 0);
  rng r(5);
  CHECK(run_game(st, r, bot_chooser(*v)) == loop_end::over);
  CHECK(st.ph == phase::over);
  CHECK(st.hands_played == 3);
  CHECK(st.end == game_end::stopped);
  CHECK(st.end_reason() == "stopped: the hand limit of 3 hands was reached");
  CHECK(st.winner == -1);  // a stop is not a win
}

TEST_CASE("blind nil: only when the side trails by 100 or more; then the two-card exchange") {
  auto v = load_ruleset("standard");
  game_state st;
  st.new_game(*v, 3);
  deal(st, sample_deal);
  move blind;
  std::string err;
  REQUIRE(parse_bid(*v, "blind nil", blind, err));
  CHECK(st.why_illegal(blind) == "blind nil is not allowed now: your side must trail by 100 or more");
  st.score[1] = 100;  // EW lead by exactly 100
  CHECK(st.why_illegal(blind).empty());
  st.apply(blind);  // N
  for (int i = 0; i < 3; ++i) st.apply(move::make_bid(0, 3));
  REQUIRE(st.ph == phase::exchange);
  CHECK(st.turn == 0);
  CHECK(st.exchange_left == 2);
  st.apply(move::make_card(card(st, "AS")));
  st.apply(move::make_card(card(st, "KS")));
  CHECK(st.turn == 2);  // partner S returns two
  CHECK(st.hands[2].has(card(st, "AS")));
  st.apply(move::make_card(card(st, "5C")));
  st.apply(move::make_card(card(st, "6C")));
  CHECK(st.ph == phase::play);
  CHECK(st.hands[0].count() == 13);
  CHECK(st.hands[0].has(card(st, "5C")));
}

TEST_CASE("formulas: floor division, and overflow is an error with a position") {
  auto v = load_text("overflow", R"(extends "standard"
scoring {
  rule huge each team {
    points 9007199254740992 * 9007199254740992
  }
}
)");
  game_state st;
  st.new_game(*v, 0);
  rng r(1);
  st.deal(r);
  while (st.ph == phase::bid) st.apply(move::make_bid(0, 3));
  st.tricks_won = {4, 3, 3, 3};
  try {
    st.score_hand();
    FAIL("no overflow error");
  } catch (const rule_error& e) {
    std::string msg = e.what();
    INFO(msg);
    CHECK(msg.find("overflow.spades:4:29: error: arithmetic overflow while evaluating this formula") != std::string::npos);
  }
}

TEST_CASE("bids: typed words map to bid kinds") {
  auto v = load_ruleset("standard");
  move m;
  std::string err;
  REQUIRE(parse_bid(*v, "4", m, err));
  CHECK((m.a == 0 && m.b == 4));
  REQUIRE(parse_bid(*v, "0", m, err));
  CHECK(v->bids[m.a].name == "nil");
  REQUIRE(parse_bid(*v, "  Blind   NIL ", m, err));
  CHECK(v->bids[m.a].name == "blind_nil");
  CHECK_FALSE(parse_bid(*v, "pass", m, err));
  CHECK(err == "'pass' is not a bid (bids: 1..13, nil, blind nil)");
}

namespace {
// Every move the loop is about to apply must be legal.
struct legal_only : observer {
  void moving(const game_state& st, const move& m) {
    INFO(phase_name(st.ph));
    REQUIRE(st.why_illegal(m).empty());
  }
};
}  // namespace

TEST_CASE("random playouts and bots always play legal moves and finish games") {
  auto v = load_ruleset("standard");
  rng r(11);
  const auto cal = std::make_shared<const bot_calibration>(*v);
  for (int g = 0; g < 20; ++g) {
    game_state st;
    st.new_game(*v, g % 4);
    loop_end end = g % 2 ? run_game(st, r, random_chooser{}, legal_only{}) : run_game(st, r, bot_chooser(cal), legal_only{});
    CHECK(end == loop_end::over);
    CHECK(st.ph == phase::over);
  }
}

namespace {
// At every decision: a card is legal exactly when why_illegal has no reason, and the legal-move list,
// the legal cards and has_legal_move agree. Counts the positions and the refusals it saw.
struct legality_agrees : observer {
  long long positions = 0, refused = 0;
  int hands = 0;
  bool hand_scored(const game_state&) { return ++hands % 10 != 0; }  // ten hands a game are plenty
  void moving(const game_state& st, const move&) {
    move_list ms;
    int n = st.legal_moves(ms);
    REQUIRE(n <= legal_move_bound(*st.v));
    REQUIRE(st.has_legal_move() == (n > 0));
    if (st.ph != phase::play) return;
    ++positions;
    card_set legal = st.legal_cards();
    REQUIRE(n == legal.count());
    st.hands[st.turn].for_each([&](int c) {
      std::string why = st.why_illegal(move::make_card(c));
      INFO(st.v->name << ": " << st.v->cards[c].name << ": " << why);
      REQUIRE(legal.has(c) == why.empty());
      REQUIRE(legal.has(c) == (st.refusal(c).rule == play_rule::none));
      refused += !legal.has(c);
    });
  }
};
}  // namespace

TEST_CASE("legality: legal_cards and why_illegal agree on every card, in random games of every ruleset") {
  for (const auto& e : std::filesystem::directory_iterator(source_path("rulesets"))) {
    if (e.path().extension() != ".spades") continue;
    auto v = load_ruleset(e.path().stem().string());
    INFO(e.path().filename().string());
    rng r(21);
    legality_agrees check;
    const auto cal = std::make_shared<const bot_calibration>(*v);
    for (int g = 0; g < 6; ++g) {
      game_state st;
      st.new_game(*v, g % v->seats);
      if (g % 2) run_game(st, r, bot_chooser(cal), check);
      else run_game(st, r, random_chooser{}, check);
    }
    CHECK(check.positions > 500);
    CHECK(check.refused > 0);  // a test that cannot fail is not a test: some cards were refused
  }
}

TEST_CASE("legality: each refusal names its rule, with the same words as before") {
  auto v = load_ruleset("standard");
  game_state st = standard_hand(*v, sample_deal);
  play_refusal lead = st.refusal(card(st, "AS"));
  CHECK(lead.rule == play_rule::forbid);
  CHECK(lead.index == 0);
  CHECK(play_refusal_words(*v, lead, card(st, "AS")) == "spades have not been broken");
  CHECK(st.refusal(card(st, "AH")).rule == play_rule::none);
  st.apply(move::make_card(card(st, "AH")));
  st.apply(move::make_card(card(st, "9S")));
  st.apply(move::make_card(card(st, "5C")));
  play_refusal follow = st.refusal(card(st, "2C"));  // W holds hearts
  CHECK(follow.rule == play_rule::follow_suit);
  CHECK(v->suit_names[follow.index] == "H");
}

TEST_CASE("legality: `follow beat` refuses a card that does not beat the trick when one does") {
  auto v = load_text("beat", "extends \"standard\"\nplay {\n  follow beat\n}\n");
  game_state st = standard_hand(*v, sample_deal);
  st.apply(move::make_card(card(st, "5H")));  // N leads a heart; E has none but holds spades
  CHECK(names(*v, st.legal_cards()) == "JS TS 9S");
  CHECK(st.refusal(card(st, "AD")).rule == play_rule::follow_beat);
  CHECK(st.why_illegal(move::make_card(card(st, "AD"))) == "you must beat the card winning the trick if you can");
}

TEST_CASE("legality: `lead holder ... leading it` refuses any other opening card") {
  auto v = load_ruleset("three");
  game_state st;
  st.new_game(*v, 0);
  rng r(4);
  bot_context cx(*v);
  // the bots bid; the loop stops at the first card of the hand
  auto until_play = [&cx](const game_state& s, rng& rr, move& out) {
    if (s.ph == phase::play) return false;
    out = bot_move(s, rr, cx);
    return true;
  };
  REQUIRE(run_game(st, r, until_play) == loop_end::left);
  REQUIRE(st.opening_card >= 0);
  int other = st.hands[st.turn].first() == st.opening_card ? st.hands[st.turn].nth(1) : st.hands[st.turn].first();
  play_refusal why = st.refusal(other);
  CHECK(why.rule == play_rule::opening_card);
  CHECK(why.card == st.opening_card);
  CHECK(st.why_illegal(move::make_card(other)) == "the hand must be opened with " + v->cards[st.opening_card].name);
  CHECK(st.legal_cards() == card_set::of(st.opening_card));
}

namespace {
std::string legal_text(const game_state& st) {
  move_list ms;
  int n = st.legal_moves(ms);
  std::string out;
  for (int i = 0; i < n; ++i) out += (i ? ", " : "") + format_move(st, ms[i]);
  return out;
}
}  // namespace

TEST_CASE("passing before the bidding: everyone chooses, then the cards change hands") {
  auto v = load_text("pass3", "extends \"standard\"\ndeal {\n  pass 3 to partner\n}\n");
  game_state st;
  st.new_game(*v, 3);  // W deals: N passes first
  deal(st, sample_deal);
  REQUIRE(st.ph == phase::pass);
  CHECK(st.turn == 0);
  act(st, {"pass 5H 6H 7H"});
  CHECK(st.hands[0].count() == 10);
  CHECK_FALSE(st.hands[2].has(card(st, "5H")));  // not delivered until everyone has chosen
  act(st, {"5D 6D 7D", "pass 5C 6C 7C"});
  std::vector<move> ms;
  std::string err;
  CHECK_FALSE(parse_action(st, "pass 2C 3C", ms, err));
  CHECK(err == "pass exactly 3 cards");
  act(st, {"2C 3C 4C"});
  REQUIRE(st.ph == phase::bid);
  CHECK(st.hands[2].has(card(st, "5H")));  // N's cards reached S
  CHECK(st.hands[0].has(card(st, "5C")));  // and S's reached N
  CHECK(st.hands[3].has(card(st, "5D")));
  for (int s = 0; s < 4; ++s) CHECK(st.hands[s].count() == 13);
}

TEST_CASE("highground: the kitty goes to the 2C holder, who discards after the bidding") {
  auto v = load_ruleset("highground");
  game_state st;
  st.new_game(*v, 3);
  // 2C with E; the kitty (left over) is BJ and LJ
  deal(st, {"AS KS QS AH KH QH JH TH 9H 8H 7H 6H 5H", "AD KD QD JD TD 9D 8D 7D 6D 5D JS TS 2C",
            "AC KC QC JC TC 9C 8C 7C 6C 5C 9S 8S 7S", "6S 5S 4S 3S 2S 4H 3H 2H 4D 3D 2D 4C 3C"});
  CHECK(st.kitty_taker == 1);
  CHECK(st.hands[1].count() == 15);
  CHECK(st.hands[1].has(card(st, "BJ")));
  REQUIRE(st.ph == phase::bid);
  CHECK(legal_text(st).rfind("hint 0, hint 1", 0) == 0);
  act(st, {"hint 3", "hint 4", "5", "6"});
  // calls: each team's second bidder may call a Bemo
  REQUIRE(st.ph == phase::call);
  CHECK(st.acting_seat() == 2);
  CHECK(legal_text(st) == "little bemo, big bemo, no");
  act(st, {"no", "no"});
  REQUIRE(st.ph == phase::discard);
  CHECK(st.turn == 1);
  CHECK(st.cards_left == 2);
  act(st, {"discard 2C 5D"});
  CHECK(st.hands[1].count() == 13);
  CHECK(st.out_of_play.has(card(st, "2C")));
  REQUIRE(st.ph == phase::play);
}

TEST_CASE("highground: the big joker led forces each opponent's highest spade, not partner's") {
  auto v = load_ruleset("highground");
  game_state st;
  st.new_game(*v, 3);
  deal(st, {"BJ KS QS AH KH QH JH TH 9H 8H 7H 6H 5H", "AD KD QD JD TD 9D 8D 7D 6D 5D JS TS 2C",
            "AC KC QC JC TC 9C 8C 7C 6C 5C 9S 8S 7S", "6S 5S 4S 3S 2S 4H 3H 2H 4D 3D 2D 4C LJ"});
  CHECK(st.kitty_taker == 1);  // AS and 3C left over
  act(st, {"hint 3", "hint 4", "5", "6", "no", "no", "discard AS 3C"});
  REQUIRE(st.ph == phase::play);
  REQUIRE(st.turn == 0);
  act(st, {"BJ"});
  CHECK(names(*v, st.legal_cards()) == "JS");  // E: highest spade
  CHECK(st.why_illegal(move::make_card(card(st, "TS"))) == "the big joker was led: play your highest spade");
  play_refusal forced = st.refusal(card(st, "TS"));
  CHECK(forced.rule == play_rule::force);
  CHECK(v->restrictions[forced.index].reason == "the big joker was led: play your highest spade");
  CHECK(forced.card == card(st, "JS"));
  act(st, {"JS"});
  CHECK(names(*v, st.legal_cards()) == "9S 8S 7S");  // partner S: follows suit freely
  act(st, {"7S"});
  CHECK(names(*v, st.legal_cards()) == "LJ");  // W: the little joker is W's highest spade
}

TEST_CASE("nyc: a blind side may come out to a plain 10 after the bidding") {
  auto v = load_ruleset("nyc");
  game_state st;
  st.new_game(*v, 3);
  st.hands_played = 1;  // not the first hand: it is bid
  st.score[0] = 100;    // EW trail by 100: they may bid blind
  rng r(2);
  st.deal(r);
  REQUIRE(st.ph == phase::bid);
  CHECK(st.turn == 0);  // dealer W: the dealer's opponents (NS) bid first
  act(st, {"7"});
  CHECK(st.turn == 1);
  CHECK(legal_text(st) == "4, 5, 6, 7, 8, 9, 10, blind 6, blind 7, blind 8, blind 9, blind 10");
  act(st, {"blind 7"});
  REQUIRE(st.ph == phase::call);
  CHECK(legal_text(st) == "come out, no");
  act(st, {"come out"});
  CHECK(v->bids[st.bids[1].kind].name == "number");
  CHECK(st.bids[1].n == 10);
  CHECK(st.ph == phase::play);
}

namespace {
// Standard Spades with `extra` more bid kinds, each worded ("k1" ...) and ranging over 0..13.
std::string with_worded_bids(int extra) {
  std::string text = "extends \"standard\"\nbidding {\n";
  for (int i = 1; i <= extra; ++i) text += fmt::format("  bid w{} 0..13 \"k{}\"\n", i, i);
  return text + "}\n";
}
// What the bidder may bid with no condition in the way: 1..13, nil, then every worded bid's 0..13.
std::string plain_and_worded(int extra) {
  std::string out;
  for (int n = 1; n <= 13; ++n) out += fmt::format("{}, ", n);
  out += "nil";
  for (int i = 1; i <= extra; ++i)
    for (int n = 0; n <= 13; ++n) out += fmt::format(", k{} {}", i, n);
  return out;
}
}  // namespace

TEST_CASE("legal moves: thirteen worded bids 0..13 are all listed, none cut off") {
  auto v = load_text("worded13", with_worded_bids(13));
  game_state st;
  st.new_game(*v, 3);
  deal(st, sample_deal);
  REQUIRE(st.ph == phase::bid);
  CHECK(legal_move_bound(*v) == 13 + 1 + 1 + 13 * 14);
  move_list ms;
  CHECK(st.legal_moves(ms) == 14 + 13 * 14);  // 196: blind nil is closed (the side does not trail)
  CHECK(legal_text(st) == plain_and_worded(13));
  // the last one listed is accepted, and a bot may choose it
  move last;
  std::string err;
  REQUIRE(parse_bid(*v, "k13 13", last, err));
  CHECK(st.why_illegal(last).empty());
  CHECK(ms[195] == last);
}

TEST_CASE("legal moves: the language's 60 bid kinds fit, each number of each listed") {
  CHECK(max_bid_kinds == 60);
  auto v = load_text("worded57", with_worded_bids(57));  // standard's 3 and 57 more: the limit
  REQUIRE(v->bids.size() == 60);
  game_state st;
  st.new_game(*v, 3);
  deal(st, sample_deal);
  CHECK(legal_move_bound(*v) == 15 + 57 * 14);
  CHECK(legal_move_bound(*v) <= max_moves);
  CHECK(legal_text(st) == plain_and_worded(57));
  // one more kind is refused by the checker at the limit that sizes max_moves
  try {
    load_text("worded58", with_worded_bids(58));
    FAIL("61 bid kinds were accepted");
  } catch (const diag_error& e) {
    CHECK(std::string(e.what()).find("too many bid kinds (the limit is 60)") != std::string::npos);
  }
}

TEST_CASE("game loop: a decision with no legal move is one rule error; a chooser may leave") {
  auto v = load_text("no_bid", R"(extends "standard"
bidding {
  bid number 1..13 { allow when hand > 1 }
  bid nil 0 "nil" { allow when hand > 1 }
  drop bid blind_nil
}
scoring {
  rule nil each player when nil {
    points if tricks == 0 then 100 else -100
  }
  rule contract each team {
    points tricks
  }
}
)");
  auto give_up = [](const game_state&, rng&, move&) { return false; };
  game_state st;
  st.new_game(*v, 0);
  rng r(1);
  try {
    run_game(st, r, give_up);
    FAIL("no error for a dead end");
  } catch (const rule_error& e) {
    // at the first bid's condition, with a note at the other's
    CHECK(e.headline() == v->file + ":3:38: error: E has no legal move in the bid phase (the rules leave nothing to choose): no bid's condition holds");
    CHECK(std::string(e.what()).find(v->file + ":4:37: note: bid 'nil' is refused here too") != std::string::npos);
  }
  auto s = load_ruleset("standard");
  st.new_game(*s, 0);
  CHECK(run_game(st, r, give_up) == loop_end::left);  // legal bids exist: the chooser left
  CHECK(st.ph == phase::bid);
}

TEST_CASE("lowest-club: the first trick's restrictions as data, each refusal naming its rule") {
  auto v = load_ruleset("lowest-club");
  game_state st;
  st.new_game(*v, 0);  // N deals, S holds the 2C
  deal(st, {"AS KS QS AH KH QH JH TH 9H 8H KC QC 3C", "AD KD QD JD TD 9D 8D 7D 6D 5D JC TC 9C",
            "2C AC 8C 7C 6C 5C 4C JS TS 9S 8S 7S 6S", "5S 4S 3S 2S 7H 6H 5H 4H 3H 2H 4D 3D 2D"});
  act(st, {"nil", "3", "3", "6", "2C"});
  CHECK(names(*v, st.legal_cards()) == "7H 6H 5H 4H 3H 2H 4D 3D 2D");  // W: no club, no spade
  play_refusal r = st.refusal(card(st, "2S"));
  CHECK(r.rule == play_rule::forbid_play);
  CHECK(v->restrictions[r.index].name == "first_trick_spade");
  act(st, {"2D"});
  CHECK(names(*v, st.legal_cards()) == "3C");  // N: the lowest club
  r = st.refusal(card(st, "KC"));
  CHECK(r.rule == play_rule::force_play);
  CHECK(r.card == card(st, "3C"));
}

TEST_CASE("a forced play of any card of a group, and the engine's words without a reason") {
  auto v = load_text("must_trump", "extends \"standard\"\nplay { force must_trump play any trump when void_led }\n");
  game_state st = standard_hand(*v, sample_deal);
  act(st, {"AH"});  // N leads a heart; E has none
  CHECK(names(*v, st.legal_cards()) == "JS TS 9S");
  CHECK(st.why_illegal(move::make_card(card(st, "AD"))) == "you must play a card of trump (rule 'must_trump')");
}

TEST_CASE("a bid for the side skips partner's turn; agreement is a decision of its own") {
  auto v = load_ruleset("blind6");
  game_state st;
  st.new_game(*v, 0);  // N deals: E bids first
  deal(st, sample_deal);
  act(st, {"blind 6"});
  REQUIRE(st.ph == phase::agree);
  CHECK(st.acting_seat() == 3);  // W answers
  move_list ms;
  REQUIRE(st.legal_moves(ms) == 2);
  CHECK(format_move(st, ms[0]) == "agree");
  CHECK(format_move(st, ms[1]) == "refuse");
  CHECK(st.why_illegal(move::make_bid(0, 3)) == "it is time to agree to E's bid or refuse it");
  act(st, {"agree"});
  REQUIRE(st.ph == phase::bid);
  CHECK(st.turn == 2);  // S
  act(st, {"3", "4"});  // S, N; W is skipped
  REQUIRE(st.ph == phase::play);
  CHECK(st.covered[3]);
  CHECK(st.bids[3].kind == st.bids[1].kind);
  CHECK(st.bids[3].n == 0);  // the side's number counts once
}

TEST_CASE("a refused bid is withdrawn and its kind closed to the bidder for the hand") {
  auto v = load_ruleset("blind6");
  game_state st;
  st.new_game(*v, 0);
  deal(st, sample_deal);
  act(st, {"blind 6", "refuse"});
  REQUIRE(st.ph == phase::bid);
  CHECK(st.turn == 1);  // E again
  CHECK(st.bids_made == 0);
  move_list ms;
  int n = st.legal_moves(ms);
  for (int i = 0; i < n; ++i) CHECK(v->bids[ms[i].a].name != "blind_side");
}
