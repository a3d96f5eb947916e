// Claiming the remaining tricks (runtime/claim.hpp): the engine's certainty over what the claimant can see
// (its hand, the exposed hands, the cards played; the rest pooled), with the variant's play restrictions
// deciding what it may play; and the claim at the table, in a record and on resuming.
#include <catch2/catch.hpp>

#include "runtime/claim.hpp"
#include "tests/test_util.hpp"

using namespace spades;
using namespace spades::testing;

namespace {

// Two cards each, bids of 1 by everyone: N (W dealt) leads the first of two tricks.
game_state two_tricks(const variant& v, const std::vector<std::string>& hands) {
  game_state st;
  st.new_game(v, 3);
  deal(st, hands);
  while (st.ph == phase::bid) st.apply(move::make_bid(0, 1));
  REQUIRE(st.ph == phase::play);
  REQUIRE(st.turn == 0);
  return st;
}

// Three cards each of four suits ranked A K Q, no trump, no bidding: N (W deals) leads the first of three
// tricks. Every card is dealt, so what the claimant cannot see is the other hands.
const char* const three_tricks = R"(players { seats N E S W; teams opposite }
cards { suits S H D C; ranks A K Q }
scoring { rule per_trick each team { points tricks } }
end { max_hands 2 }
course {
  step deal deal
  step play play
}
)";

game_state first_trick(const variant& v, const std::vector<std::string>& hands) {
  game_state st;
  st.new_game(v, 3);
  deal(st, hands);
  REQUIRE(st.ph == phase::play);
  REQUIRE(st.turn == 0);
  return st;
}

}  // namespace

TEST_CASE("claim: certain with the top trumps, whatever the others play; the card to play is the highest that keeps it") {
  auto v = load_ruleset("standard");
  game_state st = two_tricks(*v, {"AS KS", "AH KH", "QS QH", "JS JH"});
  int card = -1;
  CHECK(check_claim(st, 0, &card) == claim_verdict::certain);
  CHECK(v->cards[card].name == "AS");
  // an opponent's claim there is not certain (N's trumps win), nor is partner's (N wins, not S)
  CHECK(check_claim(st, 1) == claim_verdict::not_certain);
  CHECK(check_claim(st, 2) == claim_verdict::not_certain);
  // played out: the others' lowest legal cards, the claim still certain at each of N's turns
  st.apply(move::make_card(card));
  CHECK(v->cards[claim_follow_card(st)].name == "KH");  // E has no spade: its lowest card (KH below AH)
  st.apply(move::make_card(claim_follow_card(st)));
  CHECK(v->cards[claim_follow_card(st)].name == "QS");  // S must follow suit
  st.apply(move::make_card(claim_follow_card(st)));
  st.apply(move::make_card(claim_follow_card(st)));
  CHECK(st.tricks_won[0] == 1);
  CHECK(check_claim(st, 0, &card) == claim_verdict::certain);
  CHECK(v->cards[card].name == "KS");
}

TEST_CASE("claim: not certain when an opponent's trump, or partner's, could win a trick") {
  auto v = load_ruleset("standard");
  // E follows AH with QH, then trumps KH with 2S
  CHECK(check_claim(two_tricks(*v, {"AH KH", "QH 2S", "3C 4C", "5C 6C"}), 0) == claim_verdict::not_certain);
  // S, void in hearts, may trump partner's AH: a trick partner takes breaks the claim
  CHECK(check_claim(two_tricks(*v, {"AH KH", "QH JH", "2S 3C", "4C 5C"}), 0) == claim_verdict::not_certain);
  // outside the play there is nothing to claim
  game_state bidding;
  bidding.new_game(*v, 3);
  deal(bidding, sample_deal);
  CHECK(check_claim(bidding, 0) == claim_verdict::not_certain);
}

TEST_CASE("claim: decided on what the claimant sees, so that a refusal tells it nothing of the hidden cards") {
  auto v = load_ruleset("standard");
  // Nobody holds a spade here, so no one can trump N's hearts; but 44 cards were dealt to no seat, and N
  // cannot tell that none of the others holds one of them: not certain. Told otherwise, N would learn where
  // the trumps are not.
  const game_state none = two_tricks(*v, {"AH KH", "QH JH", "2C 3C", "4C 5C"});
  CHECK(check_claim(none, 0) == claim_verdict::not_certain);
  // Another deal N cannot tell from it (W holds 2S): the same cards unseen, the same verdict
  const game_state trump = two_tricks(*v, {"AH KH", "QH JH", "2C 3C", "4C 2S"});
  CHECK(claim_unseen(trump, 0) == claim_unseen(none, 0));
  CHECK(claim_unseen(none, 0).count() == 50);
  CHECK(check_claim(trump, 0) == claim_verdict::not_certain);
  // Every card dealt: what N cannot see is the other hands. None holds a heart, and there is no trump:
  // certain. With QS for QH, the QS N must lead at last loses to AS or KS, wherever they are: not certain
  const auto tiny = load_text("claim_three", three_tricks);
  const game_state st = first_trick(*tiny, {"AH KH QH", "AS KS QS", "AD KD QD", "AC KC QC"});
  CHECK(check_claim(st, 0) == claim_verdict::certain);
  CHECK(claim_unseen(st, 0).count() == 9);
  const game_state split = first_trick(*tiny, {"AH KH QS", "AS KS QH", "AD KD QD", "AC KC QC"});
  CHECK(check_claim(split, 0) == claim_verdict::not_certain);
  // the pool holds the cards of the hands N cannot see, played cards taken out
  game_state after = split;
  after.apply(move::make_card(tiny->find_card("AH")));
  CHECK(claim_unseen(after, 0) == claim_unseen(split, 0));
  after.apply(move::make_card(tiny->find_card("QH")));
  CHECK(claim_unseen(after, 0).count() == 8);
  CHECK(!claim_unseen(after, 0).has(tiny->find_card("QH")));
}

TEST_CASE("claim: a play restriction decides it (a card that would win a trick it did not lead is refused)") {
  // N leads KH. E holds AH QH AD: it takes KH with AH, then leads AD and QH, each above every card it
  // cannot see of its suit (no trump): certain, AH first. When a card that would win a trick the player did
  // not lead is refused, E must play QH under KH and N's side takes the trick.
  const std::vector<std::string> hands{"KH KS KC", "AH QH AD", "AS QS QD", "AC QC KD"};
  const auto plain = load_text("claim_three", three_tricks);
  game_state st = first_trick(*plain, hands);
  st.apply(move::make_card(plain->find_card("KH")));
  int card = -1;
  CHECK(check_claim(st, 1, &card) == claim_verdict::certain);
  CHECK(plain->cards[card].name == "AH");
  const auto duck = load_text("claim_duck", std::string(three_tricks) + "play { refuse duck all when winning and not leading \"you may not win a trick you did not lead\" }\n");
  game_state ducked = first_trick(*duck, hands);
  ducked.apply(move::make_card(duck->find_card("KH")));
  CHECK(ducked.legal_cards() == card_set::of(duck->find_card("QH")));
  CHECK(check_claim(ducked, 1) == claim_verdict::not_certain);
}

TEST_CASE("claim: the search is bounded: past the bound, too many possibilities") {
  // E, second to the first trick, must search: certain within 1,000 positions, too many within 3
  const auto v3 = load_text("claim_three", three_tricks);
  game_state mid = first_trick(*v3, {"KH KS KC", "AH QH AD", "AS QS QD", "AC QC KD"});
  mid.apply(move::make_card(v3->find_card("KH")));
  CHECK(check_claim(mid, 1, nullptr, 3) == claim_verdict::too_many);
  CHECK(check_claim(mid, 1, nullptr, 1000) == claim_verdict::certain);
  // a whole hand of 13 tricks at its first card, four hands of mixed suits: refused or decided, never a hang
  auto v = load_ruleset("standard");
  game_state full;
  full.new_game(*v, 3);
  deal(full, sample_deal);
  while (full.ph == phase::bid) full.apply(move::make_bid(0, 3));
  CHECK(check_claim(full, 0) != claim_verdict::certain);
  // all thirteen spades at the first lead: every card beats whatever is played to it, decided at once
  game_state spades;
  spades.new_game(*v, 3);
  deal(spades, {"AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S", "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
                "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D", "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"});
  while (spades.ph == phase::bid) spades.apply(move::make_bid(0, 3));
  int card = -1;
  CHECK(check_claim(spades, 0, &card, 1) == claim_verdict::certain);
  CHECK(v->cards[card].name == "AS");
}

namespace {

// Two cards each of S and H, no bidding, two hands: at seed 12 S holds AS AH and leads the first hand.
const char* const tiny = R"(players { seats N E S W; teams opposite }
cards { suits S H; ranks A K Q J }
scoring { rule per_trick each team { points tricks } }
end { max_hands 2 }
course {
  step deal deal
  step play play
}
)";

bool has_line(const std::string& out, const std::string& line) { return ("\n" + out).find("\n" + line + "\n") != std::string::npos; }

std::string record_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("spades-claim-" + std::to_string(getpid()) + "-" + name + ".json")).string();
}

// The record's text with `from` replaced by `to` (once), written to a new record beside it.
std::string tampered(const std::string& path, const std::string& name, const std::string& from, const std::string& to) {
  std::string text = slurp(path);
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  const std::string out = record_path(name);
  std::ofstream(out) << text;
  return out;
}

}  // namespace

TEST_CASE("claim at the table: accepted, the hand played out and scored; in the record; resumed after") {
  const std::string variant = temp_variant("claim_tiny", tiny);
  const std::string rec = record_path("accepted");
  std::filesystem::remove(rec);
  auto r = run("play --bot rule " + variant + " --seed 12 --record " + rec, "help\nclaim\nquit\n");
  CHECK(r.code == 0);
  CHECK(has_line(r.out, "  commands: hand (your hand), score (the scores), last (the last trick), undo (back to your last decision), "
                        "claim (the remaining tricks, when you are certain to take them all), help, quit"));
  // you play the highest card that keeps the claim, every other seat its lowest legal card
  CHECK(r.out.find("Your card: You claim the remaining 2 tricks: certain, the rest is played out.\n"
                   "You (S) play AS\nW plays JS\nN plays JH\nE plays QS\n  -> You (S) win trick 1\n"
                   "You (S) play AH\nW plays KS\nN plays KH\nE plays QH\n  -> You (S) win trick 2\n") != std::string::npos);
  CHECK(has_line(r.out, "  NS                       2       2       2"));
  CHECK(has_line(r.out, "  EW                       0       0       0"));
  CHECK(has_line(r.out, "  NS: per_trick: took 2, +2"));
  CHECK(r.out.find("=== Hand 2: S deals ===") != std::string::npos);
  // the record: the claim noted, its cards ordinary moves that replay reads as any other
  const std::string text = slurp(rec);
  CHECK(text.find(R"("claims": [
      {
        "case": 0,
        "move": 0,
        "seat": "S"
      }
    ])") != std::string::npos);
  CHECK(text.find(R"("S: AS",
        "W: JS",
        "N: JH",
        "E: QS",
        "S: AH",)") != std::string::npos);
  auto replay = run("replay " + rec);
  CHECK(replay.code == 0);
  CHECK(replay.out.find("  W   KS JS\n  S claims the remaining tricks\n  trick  1: S AS, W JS, N JH, E QS -> S\n") != std::string::npos);
  CHECK(has_line(replay.out, "  trick  2: S AH, W KS, N KH, E QH -> S"));
  // resumed in hand 2, the claim checked again on the way
  auto resumed = run("play --resume " + rec, "quit\n");
  CHECK(resumed.code == 0);
  CHECK(resumed.out.find("Resumed " + rec + ": hand 2, S dealt (11 moves replayed).") != std::string::npos);
  // a record whose claim is not yours to make there, or whose hand was not played out as a claim plays it
  auto moved = run("play --resume " + tampered(rec, "moved", R"("move": 0)", R"("move": 1)"), "quit\n");
  CHECK(moved.code == 2);
  CHECK(moved.out.find(": game 1, hand 1, move 1 ('W: JS'): a claim is made at your turn to play a card\n") != std::string::npos);
  const std::string swapped = tampered(tampered(rec, "w1", R"("W: JS")", R"("W: XX")"), "w2", R"("W: KS")", R"("W: JS")");
  auto other = run("play --resume " + tampered(swapped, "w3", R"("W: XX")", R"("W: KS")"), "quit\n");
  CHECK(other.code == 2);
  CHECK(other.out.find(": game 1, hand 1, move 1 ('W: KS'): a claim is played out with each other seat's lowest legal card, JS here\n") !=
        std::string::npos);
  auto bad = run("play --resume " + tampered(rec, "bad", R"("case": 0)", R"("case": "first")"), "quit\n");
  CHECK(bad.code == 2);
  CHECK(bad.out.find(R"(: record.claims[0]: expected {"case": N, "move": M, "seat": S})") != std::string::npos);
  const std::string not_list = tampered(rec, "notlist", R"("claims": [)", R"("claims": 7, "was": [)");
  auto listless = run("play --resume " + not_list, "quit\n");
  CHECK(listless.code == 2);
  CHECK(listless.out == not_list + ": record.claims: expected a list of the claims made\n");
}

TEST_CASE("claim at the table: refused when not certain, naming no card you cannot see; only while the tricks are played") {
  const std::string variant = temp_variant("claim_tiny", tiny);
  // seed 4: S holds AS KH; E could trump the heart
  const std::string rec = record_path("refused");
  std::filesystem::remove(rec);
  auto r = run("play --bot rule " + variant + " --seed 4 --record " + rec, "claim\nAS\nquit\n");
  CHECK(has_line(r.out, "Your card:   claim refused: the rest is not certain for you (another player could still take a trick); play on"));
  CHECK(has_line(r.out, "Your card: You (S) play AS"));
  // a claim written into the record where the table would have refused it
  auto forged = run("play --resume " + tampered(rec, "forged", R"("games": [])", R"("games": [], "claims": [{"case": 0, "move": 2, "seat": "S"}])"), "quit\n");
  CHECK(forged.code == 2);
  CHECK(forged.out.find(": game 1, hand 1, move 2 ('S: AS'): the claim made here is not certain: the table would have refused it\n") !=
        std::string::npos);
  const std::string forged_path = tampered(rec, "forged2", R"("games": [])", R"("games": [], "claims": [{"case": 0, "move": 2, "seat": "S"}])");
  auto replayed = run("replay " + forged_path);
  CHECK(replayed.code == 1);
  CHECK(replayed.out == forged_path + ": game 1, hand 1, move 2: record.claims says S claimed the remaining tricks here, which is not certain for it\n");
  // at a bid
  auto bid = run("play --bot rule --seed 42", "claim\nquit\n");
  CHECK(has_line(bid.out, "Your bid:   a claim is made while the tricks are played, when it is your turn to play"));
}
