// What the table and the commands say in the small places a new player meets first (issue 30's "small
// ones"), each pinned by its exact text.
#include <catch2/catch.hpp>

#include "tests/test_util.hpp"

using namespace spades;
using namespace spades::testing;

namespace {

bool has_line(const std::string& out, const std::string& line) { return ("\n" + out).find("\n" + line + "\n") != std::string::npos; }

}  // namespace

TEST_CASE("words: a bid typed otherwise than the variant says it is said back as the bid it was taken for") {
  auto zero = run("play --seed 42", "zero\nquit\n");
  CHECK(has_line(zero.out, "Your bid:   'zero' is taken as nil"));
  CHECK(has_line(zero.out, "You (S) bid nil"));
  // typed as the variant says it: nothing more is said
  auto nil = run("play --seed 42", "nil\nquit\n");
  CHECK(nil.out.find("is taken as") == std::string::npos);
}

TEST_CASE("words: a word that is no bid at the table lists the bids open now, not every bid") {
  auto hint = run("play --seed 42", "hint\nquit\n");
  CHECK(has_line(hint.out, "Your bid:   'hint' is not a bid (legal now: 1..13, nil)"));
  // a bid's words without its number keep their own message
  auto blind = run("play rulesets/highground.spades --seed 3", "\nblind\nquit\n");
  CHECK(blind.out.find("'blind' needs a number: blind 4..13") != std::string::npos);
}

TEST_CASE("words: a plain-number bid refused is said by its number, not the kind's name in the file") {
  auto v = load_ruleset("highground");
  game_state st;
  st.new_game(*v, 3);
  rng r(3);
  st.deal(r);
  move m;
  std::string err;
  REQUIRE(parse_bid(*v, "6", m, err));
  CHECK(st.why_illegal(m) == "a bid of 6 is not allowed now: a team bid comes from the second bidder, after a hint, at least the lowest team bid");
}

TEST_CASE("words: the announcement prompt names the declining word once") {
  auto r = run("play rulesets/bemo.spades --seed 1", "6\nhelp\nquit\n");
  CHECK(has_line(r.out, "Announce (little bemo, big bemo, no):   legal now: little bemo, big bemo, no"));
}

TEST_CASE("words: the draw takes `k` and `d`") {
  auto r = run("play rulesets/two.spades --seed 1", "k\nd\nquit\n");
  CHECK(has_line(r.out, "You draw 3H: `keep` (k) or `discard` (d): You keep 3H"));
  CHECK(has_line(r.out, "You draw 9S: `keep` (k) or `discard` (d): You discard 9S"));
  CHECK(has_line(r.out, "You take 6S"));
}

TEST_CASE("words: an unknown option names every flag of the command as near as the nearest") {
  auto sead = run("play --sead 1");
  CHECK(sead.code == 2);
  CHECK(sead.out == "spades play: unknown option '--sead' for 'spades play'; did you mean '--seat' or '--seed'?\n");
  CHECK(run("sim rulesets/standard.spades --gmes 2").out == "spades sim: unknown option '--gmes' for 'spades sim'; did you mean '--games'?\n");
}

TEST_CASE("words: an unknown command gets a one-line hint, not the whole usage") {
  auto r = run("chek");
  CHECK(r.code == 2);
  CHECK(r.out == "spades: unknown command 'chek'; did you mean 'check'?\n'spades --help' lists the commands\n");
}

TEST_CASE("words: the completion offers the bots' names after --bot; the docs promise no stale figures") {
  auto complete = [](const std::string& words, int cword) {
    return shell("bash -c 'source " SPADES_BUILD_DIR "/spades.bash; COMP_WORDS=(" + words + "); COMP_CWORD=" + std::to_string(cword) +
                 "; _spades; echo \"${COMPREPLY[*]}\"'");
  };
  CHECK(complete("spades play --bot r", 3) == "rule random\n");
  CHECK(complete("spades play --bot ''", 3) == "rule random mc\n");
  // the names the completion offers are the bots `spades play` knows
  CHECK(run("play --bot x").out == "spades play: --bot: unknown bot 'x' (bots: rule, random, mc)\n");
  CHECK(slurp(SPADES_BUILD_DIR "/spades.1").find("nine commands") == std::string::npos);
  CHECK(slurp(source_path("docs/quickstart.md")).find("2.85 sec") == std::string::npos);
}
