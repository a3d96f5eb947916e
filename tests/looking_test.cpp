// Looking at the cards as part of the game's state (spec/language.md, "Looking at the cards"): a blind bid
// is open only before looking; the table, test hands and records carry the look.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "tests/test_util.hpp"

using namespace spades;
using namespace spades::testing;
namespace fs = std::filesystem;

namespace {

bool offers(const game_state& st, const std::string& words) {
  move_list ms;
  const int n = st.legal_moves(ms);
  for (int i = 0; i < n; ++i)
    if (format_move(st, ms[i]) == words) return true;
  return false;
}

move bid_of(const game_state& st, const std::string& text) {
  move m;
  std::string err;
  REQUIRE(parse_bid(*st.v, text, m, err));
  return m;
}

// A game of `v` from seed 3, W dealing: its first hand dealt, N to bid first.
game_state bidding(const variant& v) {
  game_state st;
  st.new_game(v, 3);
  rng r(3);
  st.deal(r);
  REQUIRE(st.ph == phase::bid);
  return st;
}

bool has_line(const std::string& out, const std::string& line) { return ("\n" + out).find("\n" + line + "\n") != std::string::npos; }

std::string temp_dir() {
  fs::path d = fs::temp_directory_path() / ("spades-looking-" + std::to_string(::getpid()));
  fs::create_directories(d);
  return d.string();
}

}  // namespace

TEST_CASE("looking: german's blind double zero is open before looking, refused after") {
  auto v = load_ruleset("german");
  game_state st;
  st.new_game(*v, 0);  // N deals: E bids first
  deal(st, sample_deal);
  REQUIRE(st.acting_seat() == 1);
  // before looking: offered, and E may not see its hand (it may decide blind); S, not deciding, neither
  CHECK(offers(st, "double zero"));
  CHECK(st.blind_decision());
  CHECK_FALSE(st.may_see_hand(1));
  CHECK_FALSE(st.may_see_hand(2));
  st.look(1);
  CHECK(st.may_see_hand(1));
  CHECK_FALSE(offers(st, "double zero"));
  CHECK(offers(st, "zero"));
  CHECK_FALSE(st.blind_decision());
  CHECK(st.why_illegal(bid_of(st, "double zero")) == "double zero is not allowed now: E has looked at its cards, and a blind bid is made before looking");
  // a bid made with the cards in view looks; S has not looked and may still bid blind
  act(st, {"2"});
  CHECK(st.has_looked(1));
  CHECK_FALSE(st.has_looked(2));
  CHECK(offers(st, "double zero"));
  // a blind bid does not look; a later deal starts with nobody having looked
  act(st, {"double zero"});
  CHECK_FALSE(st.has_looked(2));
  act(st, {"3", "4"});
  CHECK(st.ph == phase::play);
  for (int s = 0; s < 4; ++s) CHECK(st.has_looked(s));  // every seat looks as the play begins
  deal(st, sample_deal);
  for (int s = 0; s < 4; ++s) CHECK_FALSE(st.has_looked(s));
}

TEST_CASE("looking: highground's `go blind` is open to a first bidder who has not looked") {
  auto v = load_ruleset("highground");
  game_state st = bidding(*v);
  const int first = st.acting_seat();
  CHECK(offers(st, "go blind"));
  st.look(first);
  CHECK_FALSE(offers(st, "go blind"));
  CHECK(st.why_illegal(bid_of(st, "go blind")) ==
        fmt::format("go blind is not allowed now: {} has looked at its cards, and a blind bid is made before looking", v->seat_names[first]));
}

TEST_CASE("looking: a seat whose every bid is blind (after partner's `go blind`) may not look") {
  auto v = load_ruleset("highground-exact");
  game_state st = bidding(*v);
  const int first = st.acting_seat();
  int partner = -1;
  for (int p = 0; p < v->seats; ++p)
    if (p != first && v->team_of[p] == v->team_of[first]) partner = p;
  CHECK(st.may_look(first));  // a first bidder may look (and then bids in the open)
  REQUIRE(offers(st, "go blind"));
  st.apply(bid_of(st, "go blind"));
  // the opponent after N bids in the open, then N's partner has only blind bids: looking would leave none
  while (st.acting_seat() != partner) {
    st.look(st.acting_seat());
    move_list ms;
    REQUIRE(st.legal_moves(ms) > 0);
    st.apply(ms[0]);
  }
  move_list ms;
  const int n = st.legal_moves(ms);
  REQUIRE(n > 0);
  for (int i = 0; i < n; ++i) CHECK(v->bids[ms[i].a].blind);
  CHECK_FALSE(st.may_look(partner));
  CHECK(st.may_look(first));   // not the seat to decide: looking takes nothing from the bidding
  game_state looked = st;
  looked.look(partner);
  CHECK_FALSE(looked.has_legal_move());  // what may_look keeps the table from
}

TEST_CASE("looking: a variant without blind bids lets every seat see its hand at once") {
  auto v = load_ruleset("two");
  game_state st;
  st.new_game(*v, 0);
  rng r(1);
  st.deal(r);
  for (int s = 0; s < v->seats; ++s) CHECK(st.may_see_hand(s));
}

TEST_CASE("looking: at the table, Enter looks and the blind bids leave `help`; a blind bid typed then is refused") {
  auto g = run("play --bot rule rulesets/german.spades --seed 1", "\nhelp\ndouble zero\nquit\n");
  CHECK(has_line(g.out, "You may bid blind, before looking at your cards (double zero)."));
  CHECK(has_line(g.out, "Your bid:   legal now: 1..13, zero"));
  CHECK(has_line(g.out, "Your bid:   double zero is not allowed now: S has looked at its cards, and a blind bid is made before looking"));
  auto hg = run("play --bot rule rulesets/highground.spades --seed 3 --seat E", "\nhelp\ngo blind\nquit\n");
  CHECK(has_line(hg.out, "Your bid:   legal now: hint 0..13"));
  CHECK(has_line(hg.out, "Your bid:   go blind is not allowed now: E has looked at its cards, and a blind bid is made before looking"));
  // before looking, `help` at the blind prompt lists them
  auto before = run("play --bot rule rulesets/highground.spades --seed 3 --seat E", "help\nquit\n");
  CHECK(has_line(before.out, "Blind bid, or Enter to look:   legal now: go blind, or Enter to look at your cards"));
}

TEST_CASE("looking: at the table, a seat whose every bid is blind is refused a look, and bids blind") {
  // highground-exact, seed 1: N deals, E and then S (N's partner) go blind, W bids blind 6: every bid left to N
  // is blind. Enter, `look` and `hand` are each refused; a blind bid is taken
  auto r = run("play --bot rule rulesets/highground-exact.spades --seed 1 --seat N", "\nlook\nhand\nblind 6\nquit\n");
  CHECK(has_line(r.out, "S bids go blind"));
  // the table says so, and offers no look: the prompt and `help` leave Enter out
  CHECK(has_line(r.out, "Every bid open to you is blind (blind 6, blind naught 6, blind partner naught 6, blind exact 4..13): you bid before looking at your cards."));
  CHECK(r.out.find("Enter to look") == std::string::npos);
  const std::string refused = "Blind bid:   you may not look now: every bid open to you is blind (blind 6, blind naught 6, "
                              "blind partner naught 6, blind exact 4..13)\n";
  const size_t first = r.out.find(refused);
  REQUIRE(first != std::string::npos);
  CHECK(r.out.compare(first, 3 * refused.size(), refused + refused + refused) == 0);
  CHECK(r.out.find("Blind bid: You bid blind 6.\n", first) == first + 3 * refused.size());
  CHECK(r.out.rfind("Your hand:", first) == std::string::npos);  // no card shown before the bid
  auto help = run("play --bot rule rulesets/highground-exact.spades --seed 1 --seat N", "help\nquit\n");
  CHECK(has_line(help.out, "Blind bid:   legal now: blind 6, blind naught 6, blind partner naught 6, blind exact 4..13"));
}

TEST_CASE("looking: the table records a look; a blind bid after it is refused on replay, test and resume") {
  const std::string dir = temp_dir(), rec = dir + "/looked.json", bad = dir + "/blind-after-look.json";
  fs::remove(rec);
  REQUIRE(run("play --bot rule rulesets/german.spades --seed 1 --record " + rec, "\nquit\n").code == 0);
  auto doc = nlohmann::ordered_json::parse(slurp(rec));
  CHECK(doc["cases"][0]["moves"] == nlohmann::ordered_json::array({"E: 2", "S: look"}));
  // resumed, the look holds: no blind prompt, the bid asked at once
  auto resumed = run("play --resume " + rec, "help\nquit\n");
  CHECK(resumed.out.find("You may bid blind") == std::string::npos);
  CHECK(has_line(resumed.out, "Your bid:   legal now: 1..13, zero"));
  doc = nlohmann::ordered_json::parse(slurp(rec));
  doc["cases"][0]["moves"] = {"E: 2", "S: look", "S: double zero"};
  std::ofstream(bad) << doc.dump(2);
  auto replayed = run("replay " + bad);
  CHECK(replayed.code == 1);
  CHECK(replayed.out == bad + ": game 1, hand 1, move 2 ('S: double zero'): double zero is not allowed now: S has looked at its cards, and a blind bid is made before looking\n");
  auto tested = run("test " + bad);
  CHECK(tested.code == 1);
  CHECK(tested.out ==
        "FAIL game 1, hand 1\n"
        "     error: expected no error, got rejected at move 2: double zero is not allowed now: S has looked at its cards, and a blind bid is made before looking\n"
        "0 passed, 1 failed\n");
  auto again = run("play --resume " + bad, "quit\n");
  CHECK(again.code == 2);
  CHECK(again.out.find(bad + ": game 1, hand 1, move 2 ('S: double zero'): double zero is not allowed now: S has looked at its cards, and a blind bid is made before looking\n") != std::string::npos);
}

TEST_CASE("looking: a test hand's `look` closes the blind bid; looking twice is refused") {
  const std::string dir = temp_dir(), hands = dir + "/look.hands.json";
  nlohmann::ordered_json doc = {
      {"ruleset", source_path("rulesets/german.spades")},
      {"cases",
       {{{"name", "double zero after looking"},
         {"dealer", "N"},
         {"moves", {"S: look", "E: 2", "S: double zero"}},
         {"expect", {{"error", {{"at", 2}, {"contains", "S has looked at its cards"}}}}}},
        {{"name", "double zero before looking"}, {"dealer", "N"}, {"moves", {"E: 2", "S: double zero"}}, {"expect", {{"tricks", {{"S", 0}}}}}},
        {{"name", "looked twice"}, {"dealer", "N"}, {"moves", {"E: 2", "E: look"}}},
        {{"name", "bid blind after looking"}, {"dealer", "N"}, {"moves", {"E: look", "E: double zero"}}}}}};
  std::ofstream(hands) << doc.dump(2);
  auto r = run("test " + hands);
  CHECK(r.code == 1);
  CHECK(r.out ==
        "ok   double zero after looking\n"
        "ok   double zero before looking\n"
        "FAIL looked twice\n"
        "     error: expected no error, got rejected at move 1: E has already looked at its cards\n"
        "FAIL bid blind after looking\n"
        "     error: expected no error, got rejected at move 1: double zero is not allowed now: E has looked at its cards, and a blind bid is made before looking\n"
        "2 passed, 2 failed\n");
}

TEST_CASE("looking: partner's blind bid is answered before looking, or after Enter with the cards shown") {
  // a blind bid for the side that partner agrees to, worth so much that the bots make it
  const std::string path = temp_variant("looking_blind_side", R"(extends "standard"
bidding {
  bid blind_side 6 "blind six" {
    blind
    for side
    partner agrees
  }
}
scoring {
  amend rule contract when not blind_side
  rule blind_side each team when blind_side {
    points 5000
  }
}
)");
  auto blind = run("play --bot rule " + path + " --seed 2", "help\nagree\nquit\n");
  CHECK(has_line(blind.out, "E agrees to W's bid"));
  CHECK(has_line(blind.out, "Your partner bids blind six, made blind: you may agree or refuse before looking at your cards."));
  CHECK(has_line(blind.out, "Agree or refuse, or Enter to look:   legal now: agree, refuse, or Enter to look at your cards"));
  CHECK(has_line(blind.out, "Agree or refuse, or Enter to look: You (S) agree to N's bid"));
  CHECK(blind.out.find("Your hand:") > blind.out.find("You (S) agree to N's bid"));  // no card seen before the answer
  auto looked = run("play --bot rule " + path + " --seed 2", "\nagree\nquit\n");
  CHECK(has_line(looked.out, "Your hand: 10S 5S 2S   KH 9H 7H   AC QC JC 10C 9C 7C 2C"));
  CHECK(has_line(looked.out, "Your partner bids blind six: agree or refuse: You (S) agree to N's bid"));
}
