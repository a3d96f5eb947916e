// spades play, scripted: what the table says at the key moments (undo, help, last, the score table, the
// lead, a pass received, the kitty, the summary), pinned line by line from sessions fed on stdin.
#include <catch2/catch.hpp>

#include "tests/test_util.hpp"

using namespace spades::testing;

namespace {

// Whether `out` has `line` as one whole line.
bool has_line(const std::string& out, const std::string& line) {
  return ("\n" + out).find("\n" + line + "\n") != std::string::npos;
}

std::string after(const std::string& out, const std::string& mark) {
  size_t at = out.find(mark);
  REQUIRE(at != std::string::npos);
  return out.substr(at + mark.size());
}

// The session up to the goodbye line: the autosaved game's name carries the second the game started, which
// two runs compared need not share.
std::string before_goodbye(const std::string& out) {
  return out.substr(0, out.find("goodbye (the game is saved: "));
}

// A small table for sessions short enough to pin whole: 8 spades, 2 each, one card passed to the left, no
// bidding, one hand.
const char* const pass_left = R"(players { seats N E S W; teams opposite }
cards { suits S; ranks A K Q J T 9 8 7 }
scoring { rule per_trick each team { points tricks } }
end { max_hands 1 }
course {
  step deal deal
  step pass pass 1 to left
  step play play
}
)";

}  // namespace

TEST_CASE("table: help lists the legal moves grouped, and the commands, at every prompt") {
  auto r = run("play --bot rule --seed 42", "help\nquit\n");
  CHECK(has_line(r.out, "Your bid:   legal now: 1..13, nil"));
  CHECK(has_line(r.out, "  commands: hand (your hand), score (the scores), last (the last trick), undo (back to your last decision), "
                        "claim (the remaining tricks, when you are certain to take them all), help, quit"));
  // HighGround: after partner's `go blind`, at the blind prompt, `help` and `score` work
  auto hg = run("play --bot rule rulesets/highground.spades --seed 3", "help\nscore\nquit\n");
  CHECK(has_line(hg.out, "Every bid open to you is blind (blind 6, blind naught 6, blind partner naught 6): you bid before looking at your cards."));
  CHECK(has_line(hg.out, "Blind bid:   legal now: blind 6, blind naught 6, blind partner naught 6"));
  // the bid column as wide as `go blind`, the columns kept
  CHECK(has_line(hg.out, "  side             bid  tricks    hand   score    bags"));
  CHECK(has_line(hg.out, "  NS                         0       0       0       0"));
  CHECK(has_line(hg.out, "    N         go blind       0"));
  CHECK(has_line(hg.out, "    S (you)          -       0"));
  // Enter looks at the cards (`go blind` is then closed); a hint's numbers grouped: `hint 0..13`
  auto hint = run("play --bot rule rulesets/highground.spades --seed 3 --seat E", "\nhelp\nquit\n");
  CHECK(has_line(hint.out, "Your bid:   legal now: hint 0..13"));
  // E took the kitty: its cards are shown with E's hand, once E has looked, not before the blind bid
  CHECK(has_line(hint.out, "You take the kitty: 4S   8H"));
  CHECK(hint.out.find("You take the kitty") > hint.out.find("Blind bid, or Enter to look:"));
}

TEST_CASE("table: undo goes back to your last decision and the bots replay the same game after it") {
  auto undone = run("play --bot rule --seed 42", "4\nundo\n3\nscore\nquit\n");
  auto straight = run("play --bot rule --seed 42", "3\nscore\nquit\n");
  CHECK(has_line(undone.out, "Your bid: You (S) bid 4"));
  CHECK(has_line(undone.out, "Your card: Back to your previous decision (hand 1)."));
  // from the bid asked again on, the game is the one played with that bid from the start
  CHECK(before_goodbye(after(undone.out, "Back to your previous decision (hand 1).\n")) == before_goodbye(after(straight.out, "E bids 2\n")));
  // the score table: each player's bid and tricks under the side's row
  for (const char* line : {"  side           bid  tricks    hand   score    bags", "  NS                       0       0       0       0",
                           "    N              3       0", "    S (you)        3       0", "  EW                       0       0       0       0",
                           "    E              2       0", "    W              3       0"})
    CHECK(has_line(straight.out, line));
  auto first = run("play --bot rule --seed 42", "undo\nquit\n");
  CHECK(has_line(first.out, "Your bid:   nothing to undo: this is your first decision"));
}

TEST_CASE("table: a pass received, the last trick, the lead and the summary at the end") {
  std::string path = temp_variant("table_pass_left", pass_left);
  // S holds 10S 8S and passes 10S to W; E passes 7S to S. T1 E JS, S 8S, W AS, N 9S: W. T2 W 10S, N KS,
  // E QS, S 7S: N.
  auto r = run("play --bot rule " + path + " --seed 1", "last\n10S\n8S\nlast\n7S\n");
  CHECK(r.code == 0);
  CHECK(has_line(r.out, "Pass 1 card to the left:   no trick has been won yet"));
  CHECK(has_line(r.out, "You receive 7S (passed to you)"));
  CHECK(has_line(r.out, "E leads."));
  CHECK(has_line(r.out, "Your card:   last trick (trick 1 of hand 1): E JS, S 8S, W AS, N 9S; W won it"));
  // every card: each seat's tricks (no bidding: no bid), who is winning the trick, who plays next
  CHECK(has_line(r.out, "Taken: N 0   E 0   S (you) 0   W 0"));
  CHECK(has_line(r.out, "Trick 1: E JS; E is winning, you play next"));
  CHECK(has_line(r.out, "Taken: N 0   E 0   S (you) 0   W 1"));
  CHECK(has_line(r.out, "Trick 2: W 10S, N KS, E QS; N is winning, you play next"));
  CHECK(has_line(r.out, "  NS                       1       1       1"));
  CHECK(has_line(r.out, "    N              -       1"));
  CHECK(after(r.out, "Game over: no winner (stopped: the hand limit of 1 hands was reached).\n") ==
        "\nGame summary: 1 hand played.\n"
        "  side         score\n"
        "  NS               1\n"
        "  EW               1\n"
        "\nAnother game? (yes or no): \n");

  // the kitty taken by the dealer: you see its cards when you take it, the others only how many
  std::string kitty = temp_variant("table_kitty", slurp(source_path("tests/features/deal_kitty_dealer.spades")));
  auto mine = run("play --bot rule " + kitty + " --seed 1", "discard 10S\n1\nAS\nKS\n");
  CHECK(has_line(mine.out, "You take the kitty: KS"));
  CHECK(has_line(mine.out, "Trick 2: you lead"));
  // a side of one player: its row carries the bid
  CHECK(has_line(mine.out, "  A                1       2     -10     -10"));
  auto theirs = run("play --bot rule " + kitty + " --seed 2", "quit\n");
  CHECK(has_line(theirs.out, "B takes the kitty (1 card)"));
}

TEST_CASE("table: the cards partner's exchange gives you are shown") {
  // nil-pass: the Nil bidder and partner exchange one card each way
  auto r = run("play --bot rule rulesets/nil-pass.spades --seed 42", "nil\nAS\nquit\n");
  CHECK(has_line(r.out, "Pass 1 card to partner: You (S) pass a card to partner (AS)"));
  CHECK(has_line(r.out, "N passes a card to partner"));
  CHECK(has_line(r.out, "You receive 2H from N"));
}

TEST_CASE("table: --notation shows the cards plain or with the suits' symbols, whatever the terminal") {
  auto sym = run("play --seed 1 --notation symbols", "quit\n");
  CHECK(sym.code == 0);
  CHECK(sym.out.find("Your hand: A\u2660 J\u2660 6\u2660 2\u2660   8\u2665 4\u2665   10\u2666 6\u2666 3\u2666 2\u2666   10\u2663 9\u2663 2\u2663\n") !=
        std::string::npos);
  auto plain = run("play --seed 1 --notation plain", "quit\n");
  CHECK(plain.out.find("Your hand: AS JS 6S 2S   8H 4H   10D 6D 3D 2D   10C 9C 2C\n") != std::string::npos);
  CHECK(run("play --seed 1", "quit\n").out.find("Your hand: AS JS 6S 2S   8H 4H   10D 6D 3D 2D   10C 9C 2C\n") != std::string::npos);  // not a terminal: plain
  auto bad = run("play --seed 1 --notation suits", "quit\n");
  CHECK(bad.code == 2);
  CHECK(bad.out == "spades play: --notation: 'suits' is not a notation (plain: AS 10D; symbols: A\u2660 10\u2666)\n");
}

TEST_CASE("table: beside every seat its tricks and bid, the trick's winner so far and who plays next") {
  // a Nil bid in its word
  auto nil = run("play --bot rule --seed 42", "nil\nquit\n");
  CHECK(has_line(nil.out, "Taken/bid: N 0/5   E 0/2   S (you) 0/nil   W 0/3"));
  CHECK(has_line(nil.out, "Trick 1: E 3D; E is winning, you play next"));
  // the dummy's player counts the dummy's tricks; the dummy has no entry of its own
  auto dummy = run("play --bot rule rulesets/three-dummy.spades --seed 1", "2\nquit\n");
  CHECK(has_line(dummy.out, "Taken/bid: N 0/6   E 0/3   S (you) 0/2"));
  CHECK(has_line(dummy.out, "Trick 1: E 2H; E is winning, you play next"));
  // tricks counted as they are won, and the winner as it changes
  auto later = run("play --bot rule --seed 42", "3\n4H\nquit\n");
  CHECK(has_line(later.out, "Taken/bid: N 0/3   E 0/2   S (you) 0/3   W 0/3"));
  CHECK(has_line(later.out, "Trick 1: E AH; E is winning, you play next"));
  CHECK(has_line(later.out, "Taken/bid: N 0/3   E 1/2   S (you) 0/3   W 0/3"));
  CHECK(has_line(later.out, "Trick 2: E 3D; E is winning, you play next"));
}

TEST_CASE("table: the end of a game says whether you won, and offers another") {
  // one card each, the trick's side wins at once
  std::string path = temp_variant("table_one_trick", R"(players { seats N E S W; teams opposite }
cards { suits S; ranks A K Q J }
scoring { rule per_trick each team { points tricks } }
end { target 1 }
course {
  step deal deal
  step play play
}
)");
  auto lost = run("play --bot rule " + path + " --seed 1", "JS\nno\n");
  CHECK(has_line(lost.out, "Game over: EW win (a score reached 1): you lose."));
  CHECK(lost.code == 0);
  auto won = run("play --bot rule " + path + " --seed 3", "AS\nmaybe\nyes\nquit\n");
  CHECK(has_line(won.out, "Game over: NS win (a score reached 1): you win - well played."));
  CHECK(has_line(won.out, "Another game? (yes or no):   answer yes or no"));
  // yes: a new game at the same table
  CHECK(won.out.find("=== Hand 1:") != won.out.rfind("=== Hand 1:"));
  CHECK(won.out.find("goodbye (the game is saved: `spades play --resume ") != std::string::npos);
}

TEST_CASE("table: every game is kept in the autosave folder, at most 20 games, and leaving names it") {
  namespace fs = std::filesystem;
  const fs::path state = fs::temp_directory_path() / ("spades-autosave-" + std::to_string(::getpid()));
  fs::remove_all(state);
  fs::create_directories(state / "spades");
  for (int i = 0; i < 25; ++i) std::ofstream(state / "spades" / ("game-old-" + std::to_string(i) + ".json")) << "{}";
  std::ofstream(state / "spades" / "notes.txt") << "not a game";
  const std::string bin = std::string("cd ") + SPADES_SOURCE_DIR + " && XDG_STATE_HOME=" + state.string() + " " + SPADES_BINARY;
  const std::string out = shell("echo quit | " + bin + " play --seed 42");
  const std::string mark = "goodbye (the game is saved: `spades play --resume ";
  const size_t at = out.find(mark);
  REQUIRE(at != std::string::npos);
  const std::string path = out.substr(at + mark.size(), out.find('`', at + mark.size()) - at - mark.size());
  CHECK(path.rfind((state / "spades" / "game-").string(), 0) == 0);
  CHECK(out.substr(out.find('`', at + mark.size())) == "` goes on with it)\n");
  // the oldest games went: 20 kept, this one among them; other files are left alone
  int games = 0;
  for (const auto& e : fs::directory_iterator(state / "spades")) games += e.path().extension() == ".json";
  CHECK(games == 20);
  CHECK(fs::exists(path));
  CHECK(fs::exists(state / "spades" / "notes.txt"));
  // the command it names goes on with the game
  CHECK(shell("echo quit | " + bin + " play --resume " + path).find("Resumed " + path + ": hand 1") != std::string::npos);
  // --record writes where it is told, and says so too
  auto rec = run("play --bot rule --seed 42 --record " + (state / "mine.json").string(), "quit\n");
  CHECK(rec.out.find("goodbye (the game is saved: `spades play --resume " + (state / "mine.json").string() + "` goes on with it)\n") != std::string::npos);
}

TEST_CASE("table: Ctrl-C names the saved game and the command that goes on with it") {
  // stdin stays open (the sleep), so play waits at its first prompt when SIGINT arrives
  const std::string cmd = std::string("cd ") + SPADES_SOURCE_DIR + " && { sleep 5 | " + state_env() + SPADES_BINARY +
                          " play --seed 42 2>&1 & p=$!; sleep 1; kill -INT $p; wait $p; echo \"exit $?\"; }";
  const std::string out = shell(cmd);
  CHECK(out.find("\ninterrupted: goodbye (the game is saved: `spades play --resume ") != std::string::npos);
  CHECK(out.find("` goes on with it)\nexit 130\n") != std::string::npos);
}
