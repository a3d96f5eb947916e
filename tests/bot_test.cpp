// The rule-following bot: what it asks of the variant's scoring decides how it plays.
#include <algorithm>

#include <catch2/catch.hpp>

#include "bots/bot.hpp"
#include "bots/outcome.hpp"
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
  bot_context cx(*v);
  // nil: a trick costs 200 (nil failed, not made), an overtrick is worth 1: keep under with 3H
  CHECK(format_move(north_to_follow(*v, "nil"), bot_move(north_to_follow(*v, "nil"), r, cx)) == "3H");
  // 4: the first trick costs nothing (the side is set either way): last to play, win cheaply with AH
  CHECK(format_move(north_to_follow(*v, "4"), bot_move(north_to_follow(*v, "4"), r, cx)) == "AH");
}

namespace {

// A game of `id` with the given hands (seat order), the dealer N, and `actions` applied in order.
game_state position(const variant& v, const std::vector<std::string>& hands, std::vector<const char*> actions,
                    int hands_played = 0, int dealer = 0) {
  game_state st;
  st.new_game(v, dealer);
  st.hands_played = hands_played;
  deal(st, hands);
  act(st, actions);
  return st;
}

// (each position a game of its own, with a context of its own)
std::string bot_says(const game_state& st) {
  rng r(1);
  bot_context cx(*st.v);
  return format_move(st, bot_move(st, r, cx));
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

TEST_CASE("bot: where one partner must bid nil, the first of a side leaves it to partner when its own nil cannot be made") {
  // Suicide, N deals: E, first of its side, chooses which partner goes nil (W must then bid the other)
  auto v = load_ruleset("suicide");
  const char* north = "QH JH TH 9H 8H 7H 6H AD KD QD JD TD 9D";
  const char* low = "2S 3S 2H 3H 4H 5H 3D 4D 5D 6D 6C 7C 8C";  // nothing above a nine but two low spades
  // a weak hand, but the AS always takes a trick: E bids a number, its lowest, and leaves nil to W
  game_state st = position(*v, {north, "AS 4S 5S 6S 2D 7D 8D 2C 3C 4C 5C 9C TC", "KS QS JS TS 9S 8S 7S JC QC KC AC AH KH", low}, {});
  CHECK(bot_says(st) == "4");
  // so with the KS and QS and the AS out: one of the two must win a trick
  st = position(*v, {north, "KS QS 5S 6S 2D 7D 8D 2C 3C 4C 5C 9C TC", "AS 4S JS TS 9S 8S 7S JC QC KC AC AH KH", low}, {});
  CHECK(bot_says(st) == "4");
  // the low hand bids nil itself, and its partner then the number it must
  st = position(*v, {north, low, "KS QS JS TS 9S 8S 7S JC QC KC AC AH KH", "AS 4S 5S 6S 2D 7D 8D 2C 3C 4C 5C 9C TC"}, {});
  CHECK(bot_says(st) == "nil");
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

TEST_CASE("bot: dropping cards after the bidding, it shortens its shortest side suit, never a sure trick") {
  auto v = load_ruleset("highground");
  // N holds the 2C and takes the two cards left over (4S 5S), then drops 2: the 8H, its only heart, goes
  // first (a void to ruff hearts), not the 2C or the 2D, the lowest cards of its longer suits
  const std::vector<std::string> hands = {"AS KS QS 2C 3C 7C 9C 8H AD KD QD JD 2D", "3S 6S 7S 4C 5C 6C 8C 2H 3H 4H 5H 3D 4D",
                                          "8S 9S TS TC JC QC 6H 7H 9H TH 5D 6D 7D", "JS 2S LJ BJ KC AC JH QH KH AH 8D 9D TD"};
  game_state st = position(*v, hands, {"hint 3", "hint 3", "6", "6", "no", "no"});
  REQUIRE(st.ph == phase::discard);
  REQUIRE(st.turn == 0);
  CHECK(bot_says(st) == "8H");
  // with its only heart the AH, a sure trick, it keeps it and drops the 2C, the lowest card of its clubs
  game_state top = position(*v, {"AS KS QS 2C 3C 7C 9C AH AD KD QD JD 2D", hands[1], hands[2], "JS 2S LJ BJ KC AC JH QH KH 8H 8D 9D TD"},
                            {"hint 3", "hint 3", "6", "6", "no", "no"});
  REQUIRE(top.ph == phase::discard);
  CHECK(bot_says(top) == "2C");
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
  const bot_context cx(*deuces);
  double total = 0;
  for (int d = 0; d < 200; ++d) {
    game_state st;
    st.new_game(*deuces, 0);
    st.deal(r);
    for (int s = 0; s < 4; ++s) total += estimate_tricks(st, s, cx);
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
  bot_context mirror_cx(*mirror);
  CHECK(format_move(st, bot_move(st, r, mirror_cx)) == "3");  // E: exactly its spades, the only legal bid
  st = position(*mirror, deal_, {"3", "6"});
  CHECK(format_move(st, bot_move(st, r, mirror_cx)) == "nil");  // W: no spades
  auto whiz = load_ruleset("whiz");
  st = position(*whiz, deal_, {"3"});
  bot_context whiz_cx(*whiz);
  move m = bot_move(st, r, whiz_cx);
  CHECK(st.why_illegal(m) == "");  // S: Nil or 6, whichever it judges better, never another number
  CHECK((format_move(st, m) == "6" || format_move(st, m) == "nil"));
  // aces: N holds the four aces; after the bids, S speaks for NS and announces
  auto aces = load_ruleset("aces");
  st = position(*aces, {"AS AH AD AC KS QS JS TS 9S 8S 7S 6S 5S", "3H KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
                        "BJ LJ 2S KH QH JH TH 9H 8H 7H 6H 5H 4H", "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 4S 3S"},
                {"1", "3", "1", "6"});
  REQUIRE(st.ph == phase::call);
  bot_context aces_cx(*aces);
  CHECK(format_move(st, bot_move(st, r, aces_cx)) == "aces");
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
  bot_context cx(*v);
  move m = bot_move(st, r, cx);
  REQUIRE(m.type == move::raise);
  CHECK(m.a > 4);
  CHECK(st.why_illegal(m).empty());
  st.apply(m);
  REQUIRE(st.ph == phase::raise);
  REQUIRE(st.acting_seat() == 2);
  CHECK(format_move(st, bot_move(st, r, cx)) == "pass");
}

TEST_CASE("bot: whole games with a raise round: every move legal, raises made, no game stopped") {
  for (const char* id : {"raise", "second-round"}) {
    auto v = load_ruleset(id);
    rng r(3);
    int raises = 0;
    const auto cal = std::make_shared<const bot_calibration>(*v);
    for (int g = 0; g < 5; ++g) {
      game_state st;
      st.new_game(*v, g % 4);
      bot_context cx(cal);
      run_game(st, r, [&](const game_state& s, rng& rr, move& out) {
        out = bot_move(s, rr, cx);
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

namespace {

// A standard game dealt by `dealer` with the given hands (seat order N E S W) and `actions` applied.
game_state dealt_by(const variant& v, int dealer, const std::vector<std::string>& hands, std::vector<const char*> actions) {
  game_state st;
  st.new_game(v, dealer);
  deal(st, hands);
  act(st, actions);
  return st;
}

}  // namespace

TEST_CASE("bot: a nil void in the suit led sheds the card likeliest to win later, not a low trump") {
  auto v = load_ruleset("standard");
  // E leads 2C, S (no club) ruffs with the AS, W follows; N, nil and void in clubs, may discard anything
  // that stays under the AS: the AH (nothing above it out) goes, the 2S (under every other spade) stays
  game_state st = dealt_by(*v, 0,
                           {"2S AH 3H 4H 5H 6H 2D 3D 4D 5D 6D 7D 8D", "2C 4C 5C 6C 7C 8C 9C 7H 8H 9D TD JD QD",
                            "AS KS QS JS TS 9S 8S 9H TH JH QH KD AD", "3C TC JC QC KC AC 3S 4S 5S 6S 7S KH 2H"},
                           {"3", "3", "3", "nil", "2C", "AS", "3C"});
  CHECK(bot_says(st) == "AH");
}

TEST_CASE("bot: a nil leads the low card others are likeliest to play over, from a short suit") {
  auto v = load_ruleset("standard");
  // W deals, N bids first and leads: its 2D has seven diamonds out above it, its lone 3C eleven clubs
  game_state st = dealt_by(*v, 3,
                           {"3C 2D 3D 4D 5D 6D 7D 2H 3H 4H 5H 6H 7H", "2C 4C 5C 6C 7C 8C 9C 8H 9H 8D 9D TD JD",
                            "AS KS QS JS TS 9S 8S TH JH QH KH QD KD", "TC JC QC KC AC 2S 3S 4S 5S 6S 7S AH AD"},
                           {"nil", "3", "3", "3"});
  REQUIRE(st.turn == 0);
  CHECK(bot_says(st) == "3C");
}

TEST_CASE("bot: the partner of a nil leads a top trump before a top side card, once spades are broken") {
  auto v = load_ruleset("standard");
  // N deals; E leads the 2C, S (no club) ruffs with the 7S and wins: spades are broken. S leads for its
  // nil partner N: the AS, the AH and the AD are all top cards; the AS draws a round of trumps under which
  // N sheds its own
  game_state st = dealt_by(*v, 0,
                           {"3S 4S 3H 4H 5H 6H 2D 3D 4D 5D 6D 7D 8D", "2S 5S 6S 2C 3C 4C 5C 6C 7C 8C 9C TC QD",
                            "AS KS QS JS 7S AH KH QH 9D TD JD KD AD", "8S 9S TS 2H 7H 8H 9H TH JH JC QC KC AC"},
                           {"3", "4", "3", "nil", "2C", "7S", "JC", "3H"});
  REQUIRE(st.turn == 2);
  CHECK(bot_says(st) == "AS");
}

TEST_CASE("bot: the partner of a nil ducks an overtrick once the nil has played under the trick") {
  auto v = load_ruleset("standard");
  // S bid 1 and took the first trick; in the third N, nil, has played the 2D under W's 6D: S, last, keeps
  // the overtrick (a bag) off its side with the 4D rather than win with the AD
  game_state st = dealt_by(*v, 0,
                           {"4C 2H 2D 3S 4S 5S 6S 7S 8S 9S TS JS QS", "2C 3H 3D 5C 6C 7C 8C 9C TC JC 4H 7D 8D",
                            "AC 5H AD 4D KS AS 6H 7H 8H 9H TH JH QH", "3C 6D AH KH QC KC 2S 5D 9D TD JD QD KD"},
                           {"3", "1", "3", "nil", "2C", "AC", "3C", "4C", "5H", "AH", "2H", "3H", "6D", "2D", "3D"});
  REQUIRE(st.turn == 2);
  CHECK(bot_says(st) == "4D");
}

TEST_CASE("bot: a nil void in the suit led, a third of its hand trumps, sheds a trump under the ruff") {
  auto v = load_ruleset("standard");
  // E leads 2C, S ruffs with the AS, W follows; N, nil with five low spades and no club, sheds its highest
  // spade under the AS (a hand left with nothing but spades must ruff later), keeping the AH to shed on a
  // later trick
  game_state st = dealt_by(*v, 0,
                           {"2S 3S 4S 5S 6S AH 3H 4H 5H 2D 3D 4D 5D", "2C 4C 5C 6C 7C 8C 9C 7H 8H 9D TD JD QD",
                            "AS KS QS JS TS 9S 8S 9H TH JH QH KD AD", "3C TC JC QC KC AC 7S 6H KH 2H 6D 7D 8D"},
                           {"3", "3", "3", "nil", "2C", "AS", "3C"});
  CHECK(bot_says(st) == "6S");
}

TEST_CASE("bot: a hand of every top trump bids the whole hand where a bid of it exists") {
  // E, first to bid, holds all thirteen spades: every trick is sure. A Moon worth 500 (moon's with_ten)
  // beats a bid of 13 (130, and 100 more for the partner's Nil the side's every trick makes sure)
  const std::vector<std::string> hands = {
      "AH KH QH JH TH 9H 8H AD KD QD JD TD 9D", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
      "7H 6H 5H 4H 3H 2H 8D 7D 6D 5D 4D 3D 2D", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"};
  auto moon = load_ruleset("moon");
  game_state st = position(*moon, hands, {});
  const auto with_ten = std::find(moon->option_names.begin(), moon->option_names.end(), "with_ten");
  REQUIRE(with_ten != moon->option_names.end());
  st.options[with_ten - moon->option_names.begin()] = 1;
  CHECK(bot_says(st) == "moon");
  // a Moon worth 200 does not beat the 230 of 13 and a Nil: the scoring, not the bid's name, decides
  CHECK(bot_says(position(*moon, hands, {})) == "13");
  CHECK(bot_says(position(*load_ruleset("standard"), hands, {})) == "13");
}

TEST_CASE("bot: a Moon is bid with a hand that takes every trick, and not with one that only may") {
  // E bids first. Ten top spades and three aces take all 13 (played out by the bots: 98 deals in 100),
  // so a Moon worth 500 (with_ten) is bid; AKQJ of spades with solid hearts and diamonds must lead the
  // side suits before spades are broken and is ruffed too often (made in 1 deal in 5): a number is bid
  auto moon = load_ruleset("moon");
  const auto with_ten = std::find(moon->option_names.begin(), moon->option_names.end(), "with_ten");
  REQUIRE(with_ten != moon->option_names.end());
  auto says = [&](const char* east, bool ten) {
    game_state st = position(*moon,
                             {"2H 3H 4H 5H 6H 7H 8H 9H TH JH 2D 3D 4D", east,
                              "5D 6D 7D 8D 9D TD JD 2C 3C 4C 5C 6C 7C"},
                             {});
    st.options[with_ten - moon->option_names.begin()] = ten ? 1 : 0;
    return bot_says(st);
  };
  CHECK(says("AS KS QS JS TS 9S 8S 7S 6S 5S AH AD AC", true) == "moon");
  CHECK(says("AS KS QS JS AH KH QH JH TH AD KD QD JD", true) == "8");
  // a Moon worth 200 is beaten by a bid of 13 and the partner's Nil the side's every trick makes (230)
  CHECK(says("AS KS QS JS TS 9S 8S 7S 6S 5S AH AD AC", false) == "13");
}

namespace {

// The first decision where a bid made before looking is open (or partner's blind bid is to be answered),
// in `deals` random deals of `id` from the same scores (`behind`: the first side trails by that much, and
// it is not the first hand): each move the bot chooses there, as typed.
std::vector<std::string> unseen_choices(const std::string& id, int deals, int64_t behind = 0) {
  auto v = load_ruleset(id);
  const auto cal = std::make_shared<const bot_calibration>(*v);
  std::vector<std::string> said;
  for (int d = 0; d < deals; ++d) {
    game_state st;
    st.new_game(*v, 0);
    if (behind) {
      st.hands_played = 1;
      st.score[v->team_of[1]] = 0;
      st.score[1 - v->team_of[1]] = behind;
    }
    rng r(100 + d);
    st.deal(r);
    bot_context cx(cal);
    move_list ms;
    for (int guard = 0; guard < 200 && st.ph != phase::play && st.ph != phase::over; ++guard) {
      const int n = st.legal_moves(ms);
      bool blind = st.ph == phase::agree && v->bids[st.bids[st.asking].kind].blind;
      for (int i = 0; i < n && st.ph == phase::bid; ++i) blind |= ms[i].type == move::bid && v->bids[ms[i].a].blind;
      const move m = bot_move(st, r, cx);
      if (blind) {
        said.push_back(format_move(st, m));
        break;
      }
      st.apply(m);
    }
  }
  return said;
}

}  // namespace

TEST_CASE("bot: a bid made before looking does not change with the cards held") {
  // HighGround Six or More: the first bidder of each side goes blind whatever it holds (a Blind Six scores
  // double, and a side may not bid under six anyway)
  CHECK(unseen_choices("highground-six", 12) == std::vector<std::string>(12, "go blind"));
  // the partner's blind bid after it is the same on every deal too
  auto v = load_ruleset("highground-six");
  std::vector<std::string> second;
  const auto cal = std::make_shared<const bot_calibration>(*v);
  for (int d = 0; d < 8; ++d) {
    game_state st;
    st.new_game(*v, 0);
    rng r(200 + d);
    st.deal(r);
    bot_context cx(cal);
    st.apply(bot_move(st, r, cx));  // E goes blind, then S, first of its side
    st.apply(bot_move(st, r, cx));
    REQUIRE(st.ph == phase::bid);
    second.push_back(format_move(st, bot_move(st, r, cx)));
  }
  CHECK(second == std::vector<std::string>(8, "blind 6"));
  // three-wong: a blind bet doubles everything; with the scores level, looking first is worth more
  for (const std::string& s : unseen_choices("three-wong", 10)) CHECK(s.rfind("blind", 0) != 0);
  // nyc, 200 behind: either every deal bids the same blind number, or none goes blind
  std::vector<std::string> nyc = unseen_choices("nyc", 10, 200);
  REQUIRE(nyc.size() == 10);
  const bool blind = nyc[0].rfind("blind", 0) == 0;
  for (const std::string& s : nyc) CHECK((blind ? s == nyc[0] : s.rfind("blind", 0) != 0));
}

TEST_CASE("bot: a bid counting on a dummy that goes to the highest bid is valued with the chance of being outbid") {
  // Three-player with a dummy, N deals: E bids first, S and N after it. E's hand is worth about three tricks;
  // six would win the dummy only if neither later bidder holds more than an average hand, and left alone it
  // is set by two or three: E bids its own hand
  auto v = load_ruleset("three-dummy");
  game_state st = position(*v,
                           {"TS 8S 7S 5S 4S 3S TH 8H 6H KD 3D AC JC", "AS QS KH 7H 2H 9D 6D KC QC TC 8C 5C 3C",
                            "KS JS 9S 6S 2S JH 5H TD 7D 5D 6C 4C 2C", "AH QH 9H 4H 3H AD QD JD 8D 4D 2D 9C 7C"},
                           {});
  REQUIRE(st.turn == 1);
  CHECK(bot_says(st) == "3");
}

TEST_CASE("bot: a side that will take tricks it cannot lose counts them before taking another") {
  // New York City, E deals, the third hand: EW bid 7 and have taken 7, so a tenth trick sets them. W holds
  // the AS and the big joker, which no card left beats: two tricks to come whatever W does. E led the TC
  // and S ruffed with the JS: W overtaking with the AS would make nine now and ten with the joker, so W
  // discards the JD and leaves the trick to S
  auto v = load_ruleset("nyc");
  game_state st = position(*v,
                           {"6S 4S 3S 7H 6H 7D 5D 4D AC 9C 7C 4C 3C", "5S TH 9H QD TD 6D 2D QC JC TC 6C 5C LJ",
                            "KS JS 9S 8S 7S 2S KH QH 5H 9D 8D KC 8C", "AS QS TS AH JH 8H 4H 3H AD KD JD 3D BJ"},
                           {"5", "7", "5H", "AH", "6H", "9H", "AD", "4D", "6D", "8D",
                            "KD", "5D", "TD", "9D", "3H", "7H", "TH", "QH", "KH", "4H",
                            "3C", "5S", "QD", "7S", "3D", "7D", "8C", "TS", "4C", "5C",
                            "JH", "3S", "2D", "KC", "6C", "8S", "QS", "7C", "8H", "4S",
                            "LJ", "9S", "TC", "JS"},
                           2, 1);
  REQUIRE(st.turn == 3);
  CHECK(bot_says(st) == "JD");
}

TEST_CASE("bot: a side past its count still takes the trick an opponent needs to make its contract") {
  // Mirror, W deals, the first hand, four tricks left: EW bid 8 and have taken 7, and E's AS is sure of an
  // eighth, so a ninth is a bag; but NS bid 5 and have taken 2, and need all three tricks that are not the
  // AS's. W led the 9H and N threw the TD: E ruffs with the QS rather than discard the TC
  auto v = load_ruleset("mirror");
  game_state st = position(*v,
                           {"9S 4S JD TD 7D 3D 2D KC QC JC 9C 7C 2C", "AS QS 3S KH TH 8D 5D AC TC 8C 5C 4C 3C",
                            "7S 6S 2S JH 8H 5H 4H 2H KD 9D 6D 4D 6C", "KS JS TS 8S 5S AH QH 9H 7H 6H 3H AD QD"},
                           {"2", "3", "3", "5", "2D", "5D", "6D", "QD", "AH", "4S", "TH", "2H", "2C", "AC", "6C",
                            "3H", "KH", "4H", "6H", "9S", "KC", "3C", "4D", "5S", "QH", "3D", "4C", "5H", "AD",
                            "7D", "8D", "9D", "7H", "7C", "3S", "8H", "5C", "2S", "8S", "9C", "9H", "TD"},
                           0, 3);
  REQUIRE(st.turn == 1);
  CHECK(bot_says(st) == "QS");
}

TEST_CASE("bot: a side far ahead does not gamble on ending the game at once") {
  // HighGround Exact: a blind exact 7 made scores 280, so from 243 to 0 it would end the game this hand,
  // but it is made far less often than a Blind Six (120). Ending the game now is worth only what the side
  // might still lose by going on, little from so far ahead: the partner of a side gone blind bids Blind Six,
  // level or ahead (the bot before bid the blind exact 7 ahead)
  auto v = load_ruleset("highground-exact");
  const auto cal = std::make_shared<const bot_calibration>(*v);
  auto second_blind_bid = [&](int64_t ours, int64_t theirs) {
    std::vector<std::string> said;
    for (int d = 0; d < 4; ++d) {
      game_state st;
      st.new_game(*v, 0);
      st.hands_played = 1;
      rng r(300 + d);
      st.deal(r);
      const int first = st.turn;
      st.score[v->team_of[first]] = ours;
      st.score[1 - v->team_of[first]] = theirs;
      act(st, {"go blind", "go blind"});  // the first of each side goes blind
      REQUIRE(st.ph == phase::bid);
      bot_context cx(cal);
      said.push_back(format_move(st, bot_move(st, r, cx)));
    }
    return said;
  };
  CHECK(second_blind_bid(0, 0) == std::vector<std::string>(4, "blind 6"));
  CHECK(second_blind_bid(243, 0) == std::vector<std::string>(4, "blind 6"));
}

TEST_CASE("bot: partners both playing to take nothing keep their own high cards in the exchange") {
  // HighGround, N dealing: N bids Double Naught for N and S, so 2 cards go each way, N first. Passing its
  // highest (the AS) would only load S, who plays to take nothing too: N passes its lowest, and S its
  // lowest, the same two back (the bot before passed its highest, the AS first)
  auto v = load_ruleset("highground");
  game_state st = position(*v,
                           {"AS 2H 3H 4H 5H 2D 3D 4D 5D 3C 4C 5C 6C", "2C KS QS JS TS AH KH QH AD KD QD AC KC",
                            "3S 6H 7H 8H 6D 7D 8D 7C 8C 9C 9H 9D TC", "4S 5S 6S 7S 8S 9S TH JH QC JC TD JD 2S"},
                           {"hint 6", "hint 0", "10", "double naught"});
  rng r(1);
  bot_context cx(*v);
  for (int guard = 0; guard < 20 && st.ph != phase::exchange; ++guard) st.apply(bot_move(st, r, cx));
  REQUIRE(st.ph == phase::exchange);
  REQUIRE(st.turn == 0);
  std::vector<std::string> passed;
  for (int guard = 0; guard < 8 && st.ph == phase::exchange; ++guard) {
    const move m = bot_move(st, r, cx);
    passed.push_back(format_move(st, m));
    st.apply(m);
  }
  CHECK(passed == std::vector<std::string>{"2H", "2D", "2H", "2D"});
}

TEST_CASE("bot: a nil's lost tricks do not count toward its partner's bid") {
  // Standard, N deals: S bid 4 and N nil. N was forced to win the first two tricks; S has taken three. W
  // leads the JH and S, void in hearts and last to play, ruffs for its fourth rather than throw the 8D: the
  // nil's two tricks are bags, not S's (counting them, S thought its bid made and a fifth trick a bag)
  auto v = load_ruleset("standard");
  game_state st = dealt_by(*v, 0,
                           {"AH KH 8H 2C 3C 4C 5C 6C 7C 8C 9C TC 2D", "2H 3H 4H 5H 6H 7H JC QC KC AC 3D 4D 2S",
                            "AD KD QD 5D 6D 7D 8D 3S 4S 5S 6S 7S 8S", "QH 9H TH JH 9D TD JD 9S TS JS QS KS AS"},
                           {"3", "4", "3", "nil", "2H", "5D", "9H", "AH", "KH", "3H", "6D", "TH", "2D", "3D", "AD", "9D",
                            "KD", "TD", "2C", "4D", "QD", "JD", "3C", "JC", "7D", "9S", "4C", "4H", "JH", "8H", "5H"});
  REQUIRE(st.turn == 2);
  CHECK(bot_says(st) == "3S");
}

TEST_CASE("bot: an opponent's nil that has the trick is left there, even by a side short of its bid") {
  // Standard, N deals: E bid nil, NS 4 and 4. E leads the 9H, S and W (E's partner) play under it: N, last,
  // throws the 5H rather than win with the KH, though NS need eight tricks: E's nil lost is worth more
  auto v = load_ruleset("standard");
  game_state st = dealt_by(*v, 0,
                           {"KH 5H 4H AS KS QS JS TS AD KD QD JD TD", "9H 8H 7H 6H 2C 3C 4C 5C 6C 7C 2D 3D 4D",
                            "3H AH QH JH TH 8C 9C TC JC QC KC AC 5D", "2H 9S 8S 7S 6S 5S 4S 3S 2S 6D 7D 8D 9D"},
                           {"nil", "4", "4", "4", "9H", "3H", "2H"});
  REQUIRE(st.turn == 0);
  CHECK(bot_says(st) == "5H");
}

TEST_CASE("bot: a side with its contract that more tricks can only set ducks before the last it may take") {
  // New York City, N deals, a later hand: both sides bid 5, NS have taken 5 and EW 4, with four tricks
  // left. E led the JH, S threw the QC and W the TC. A sixth trick is still free for NS, but more than
  // two would set them and none can add to their score: N, void in hearts, discards the 9C rather than
  // ruff with the 8S as it did while the side's next trick cost it nothing
  auto v = load_ruleset("nyc");
  game_state st = position(*v,
                           {"KS 8S 6S 5S 4S TH 9H 7D 5D AC 9C 6C 4C", "QS 2S QH JH 8H 3H AD KD 9D 6D KC 5C BJ",
                            "TS 7S AH KH 7H QD JD TD 4D QC JC 8C LJ", "AS JS 9S 3S 6H 5H 4H 8D 3D 2D TC 7C 3C"},
                           {"5", "5", "AD", "4D", "3D", "5D", "KD", "TD", "8D", "7D", "3H", "AH", "4H", "9H",
                            "KH", "5H", "TH", "8H", "QD", "3S", "4S", "6D", "AC", "5C", "8C", "3C", "4C", "KC",
                            "JC", "7C", "QH", "7H", "6H", "5S", "6S", "BJ", "LJ", "9S", "JH", "QC", "TC"},
                           6, 0);
  REQUIRE(st.turn == 0);
  CHECK(bot_says(st) == "9C");
}

TEST_CASE("bot: a side bidding after the other side's bid leaves it room, reading that bid as a partner's") {
  // New York City, N deals, the third hand: EW bid 7. NS's own estimate is near 7, but with what EW's 7
  // claims it comes to more than the 13 tricks: NS bid 6, so that both contracts can be made
  auto v = load_ruleset("nyc");
  game_state st = position(*v,
                           {"JS TS 5S 2S AH 8H 7H 5H 2D AC JC 9C BJ", "KH QH JH 4H 3H 6D KC QC 8C 5C 4C 3C LJ",
                            "QS 8S 7S TH 9H 6H QD JD TD 9D 5D 3D 7C", "AS KS 9S 6S 4S 3S AD KD 8D 7D 4D TC 6C"},
                           {"7"}, 2, 0);
  CHECK(bot_says(st) == "6");
}

TEST_CASE("bot: a seat playing to take nothing is valued without the highest cards it passes in the exchange") {
  // HighGround, N dealing: E hints, S hints 5, W bids 6 for EW; N decides for NS. N's big joker alone would
  // take a trick, but a Naught passes it to S in the exchange the bid owes, and the rest of N's hand is low:
  // N goes Naught (forced on every hand after a hint, HighGround's seen Naughts were made 3 times in 4,
  // where the chance before the exchange said 1 in 3; the bot before bid 6)
  auto v = load_ruleset("highground");
  game_state st = position(*v,
                           {"BJ 3H 4H 5H 6H 3D 4D 5D 6D 3C 4C 5C 6C", "2C 7S 6S 5S 7H 8H 9H 7D 8D 9D 7C 8C 9C",
                            "AS KS QS JS AH KH QH AD KD QD AC KC QC", "4S 3S 2S TS 9S 8S TH JH 2H TD JD 2D TC"},
                           {"hint 4", "hint 5", "6"});
  REQUIRE(st.turn == 0);
  CHECK(bot_says(st) == "naught 5");
}

TEST_CASE("bot: a partner covering a blind nil counts the highest cards the exchange will bring it") {
  // Standard, N dealing, NS 100 ahead: E bids blind nil, S 3. W covers E: after the bidding E passes W its
  // two highest cards, which count for W's bid and not for E's nil: W bids 7, not 5 as on its own cards
  // and half of E's likely tricks (covering partners took 2.8 tricks over their bids so, 1.3 over a nil
  // without an exchange)
  auto v = load_ruleset("standard");
  game_state st;
  st.new_game(*v, 0);
  st.hands_played = 1;
  st.score[v->team_of[0]] = 100;
  deal(st, {"QS JS 3S KH QH 8H 2H AD QD 7D AC 9C 4C", "TS 9S 2S JH TH 7H 4H JD 6D 4D 2D KC JC",
            "5S 6S 8S 3H 6H 5D 9D TD 3C 5C 7C 8C TC", "AS KS 7S 4S AH 9H 5H KD 8D 3D QC 6C 2C"});
  act(st, {"blind nil", "3"});
  REQUIRE(st.turn == 3);
  CHECK(bot_says(st) == "7");
}

TEST_CASE("bot: the partner of a nil covers it only when that is worth the trick it costs") {
  // Double-set, N deals: E bids 3, S 2, W 4, N nil. S has taken three tricks: a fourth, twice its bid, sets
  // its side (-20 where three score +21). E won the fourth trick and leads in the fifth.
  auto v = load_ruleset("double-set");
  std::vector<const char*> moves = {"3",  "2",  "4",  "nil", "2C", "AC", "3C", "4C", "KC", "6C", "7C",
                                    "5C", "QC", "9C", "TC",  "8C", "2D", "3D", "4D", "AD"};
  SECTION("a king led, whose only higher card S holds: N can always stay under it, so S ducks") {
    game_state st = dealt_by(*v, 0,
                             {"4C 7C TC JC 4D 5S 2H 4H 5H 6H 7H 8H 9H", "2C 5C 8C AD KD QD JD TD 9D KH QH JH TH",
                              "AC KC QC 2D 5D 6D 7D 8D AH 3H 2S 3S 4S", "3C 6C 9C 3D AS KS QS JS TS 9S 8S 7S 6S"},
                             [&] { auto m = moves; m.push_back("KH"); return m; }());
    REQUIRE(st.turn == 2);
    CHECK(bot_says(st) == "3H");
  }
  SECTION("the lowest card of the suit led: N, holding any card of it, must win unless S covers, so S does") {
    game_state st = dealt_by(*v, 0,
                             {"4C 7C TC JC 4D 5S TH 4H 5H 6H 7H 8H 9H", "2C 5C 8C AD KD QD JD TD 9D KH QH JH 2H",
                              "AC KC QC 2D 5D 6D 7D 8D AH 3H 2S 3S 4S", "3C 6C 9C 3D AS KS QS JS TS 9S 8S 7S 6S"},
                             [&] { auto m = moves; m.push_back("2H"); return m; }());
    REQUIRE(st.turn == 2);
    CHECK(bot_says(st) == "AH");
  }
}

TEST_CASE("bot: a side short of its bid presses an opponent's nil, leading the card it cannot stay under") {
  // Standard, W deals: N bids 4, E nil, S 4, W 4; N leads to the first trick, its side eight tricks short with
  // thirteen to play. Its AH is a sure trick, but E's lowest club beats the 2C: the club goes first
  auto v = load_ruleset("standard");
  game_state st = dealt_by(*v, 3,
                           {"AH KH QH 2C 3C 4C 5D 6D 7D 2S 3S 4S 5S", "AC KC QC JC TC 9C 2H 3H 4H 2D 3D 4D 6S",
                            "5C 6C 7C 8C 5H 6H 7H 8H 8D 9D TD 7S 8S", "9H TH JH AD KD QD JD 9S TS JS QS KS AS"},
                           {"4", "nil", "4", "4"});
  REQUIRE(st.turn == 0);
  CHECK(bot_says(st) == "2C");
}

TEST_CASE("bot: a side whose contract is lost does not ruff a trick that an opponent's nil is taking") {
  // Standard, N deals: E bids nil, S 4, W 5, N 4. W took the first six tricks with its diamonds; NS need eight
  // of the seven left, so their contract is lost. W leads the 2H, N plays the 3H and E must win with the 4H:
  // S, last and void in hearts, throws the 7C and leaves E the trick (a ruff would save E's nil for nothing)
  auto v = load_ruleset("standard");
  game_state st = dealt_by(*v, 0,
                           {"3H TH JH QH KH AH 9S TS JS 8C 9C TC JC", "4H 5H 6H 7H 8H 9H 2D 3D 4D 2C 3C 4C 2S",
                            "3S 4S 5S 6S 7S 8S 5D 6D 7D 8D 5C 6C 7C", "2H AD KD QD JD TD 9D AS KS QS AC KC QC"},
                           {"nil", "4", "5", "4", "2D", "5D", "AD", "8C", "KD", "9C", "3D", "6D", "QD", "TC", "4D", "7D",
                            "JD", "JC", "2C", "8D", "TD", "TH", "3C", "5C", "9D", "JH", "4C", "6C", "2H", "3H", "4H"});
  REQUIRE(st.turn == 2);
  CHECK(bot_says(st) == "7C");
}

TEST_CASE("bot: partners whose tricks the scoring reads only as their sum are scored once per sum (sums_only)") {
  auto v = load_ruleset("standard");
  bot_context cx(*v);
  // every bid a number: N and S are read only together, N and E never
  game_state st = position(*v, four_hands, {"4", "3", "4", "2"});
  CHECK(bot_detail::sums_only(cx, st, 0, 2));
  CHECK(bot_detail::sums_only(cx, st, 1, 3));
  CHECK_FALSE(bot_detail::sums_only(cx, st, 0, 1));
  // E bids nil: its own tricks are read (the nil rule), so E and W no longer; N and S still
  st = position(*v, four_hands, {"nil", "3", "4", "2"});
  CHECK_FALSE(bot_detail::sums_only(cx, st, 1, 3));
  CHECK(bot_detail::sums_only(cx, st, 0, 2));
  // a game that ends on the side's tricks: the end is asked of the guessed hand too, and is not followed
  auto w = load_text("ends_on_tricks", "game \"T\"\nextends \"standard\"\nend {\n  win when tricks >= 13\n}\n");
  bot_context wx(*w);
  CHECK_FALSE(bot_detail::sums_only(wx, position(*w, four_hands, {"4", "3", "4", "2"}), 0, 2));
  // nor where the scoring reads which tricks were won when (a call on the first tricks)
  auto b = load_ruleset("bemo");
  REQUIRE(b->uses_trick_order);
  bot_context bx(*b);
  game_state bs;
  bs.new_game(*b, 0);
  CHECK_FALSE(bot_detail::sums_only(bx, bs, 0, 2));
}

TEST_CASE("bot: where the hand may end the game, every number is weighed, not only those up to a local top") {
  // Fixed hands, the last (eighth) hand: NS 461, EW 369, EW 9 bags; E bid 5, S 2, W to bid. Weighing up
  // from its estimate W stops at 2, whose score the next number does not beat; the game's end makes 4 the
  // best of all
  auto v = load_ruleset("fixed-hands");
  game_state st = position(*v,
                           {"AS TS 6S 2S 4H 3H KD JD TD 8D 6D KC 2C", "QS 9S 7S AH QH 8H 7H 5H AD QD 5D 4D 4C",
                            "KS JS 4S JH TH 6H 2H 3D 2D AC 7C 6C 5C", "8S 5S 3S KH 9H 9D 7D QC JC TC 9C 8C 3C"},
                           {"5", "2"}, 7);
  st.score = {461, 369};
  st.counters[0][0] = 1;
  st.counters[1][0] = 9;
  REQUIRE(st.turn == 3);
  CHECK(bot_says(st) == "4");
}

TEST_CASE("bot: answers kept from one decision to the next are those a fresh bot gives, whichever states it is asked of") {
  // The guesses scored, the scores by count, the nils and pooled tricks are kept while the game before the hand
  // holds, the guesses even across bids (as the Monte Carlo bot asks of imagined deals with other bids). Two
  // games of each variant are played in turns by one bot, and at every decision a bot with nothing kept must
  // choose the same move: standard, a scoring that reads cards (aces), one that reads which tricks were won
  // when (bemo), forced plays (bux-lowball), a dummy (three-dummy).
  for (const char* name : {"standard", "aces", "bemo", "bux-lowball", "three-dummy"}) {
    INFO(name);
    auto v = load_ruleset(name);
    auto cal = std::make_shared<const bot_calibration>(*v);
    bot_context kept(cal);
    std::array<game_state, 2> games;
    std::array<rng, 2> deals{rng(11), rng(12)};
    for (int g = 0; g < 2; ++g) games[g].new_game(*v, g);
    rng unused(0);
    int decisions = 0;
    for (int step = 0; step < 600; ++step) {
      game_state& st = games[step % 2];
      if (st.ph == phase::over) continue;
      if (st.ph == phase::deal) {
        st.deal(deals[step % 2]);
        continue;
      }
      bot_context fresh(cal);
      const move m = bot_move(st, unused, kept);
      REQUIRE(m == bot_move(st, unused, fresh));
      REQUIRE(st.why_illegal(m) == "");
      st.apply(m);
      ++decisions;
    }
    CHECK(decisions > 500);
  }
}
