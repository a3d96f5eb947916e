// Tables and long lines fitted to the terminal's width (cli/text_table.hpp, docs/cli.md "The terminal's
// width"): COLUMNS read and bounded, a table's columns folded into blocks, a long line wrapped after its
// clauses; without a width (a pipe, COLUMNS unset) the text as it always was.
#include <catch2/catch.hpp>

#include "tests/test_util.hpp"

using namespace spades::testing;

namespace {

// Four players, two cards each, one hand; two counters and two tallies with long names: a table wider than
// a narrow terminal.
const char* const wide = R"(players { seats N E S W; teams opposite }
cards { suits S H; ranks A K Q J }
scoring {
  counter overtricks_kept
  counter penalty_points
  tally tricks_taken_in_total
  tally hands_with_a_trick
  rule per_trick each team {
    points tricks
    overtricks_kept += tricks
    penalty_points += 1
    if tricks > 0 { tally hands_with_a_trick }
  }
}
end { max_hands 1 }
course {
  step deal deal
  step play play
}
)";

// `spades ARGS` with COLUMNS set to `columns` as the shell gives it, `input` on standard input.
std::string at_width(const std::string& columns, const std::string& args, const std::string& input) {
  const std::string in = (std::filesystem::temp_directory_path() / ("spades-width-" + std::to_string(getpid()) + ".txt")).string();
  std::ofstream(in) << input;
  std::string out = shell(std::string("cd ") + SPADES_SOURCE_DIR + " && " + state_env() + "COLUMNS='" + columns + "' " + SPADES_BINARY + " " + args +
                          " < " + in + " 2>&1");
  std::filesystem::remove(in);
  return out;
}

// The game of `wide` at seed 12 (S holds AS AH, leads, and claims both tricks), from the score table on.
std::string scores_at(const std::string& columns) {
  const std::string out = at_width(columns, "play --bot rule " + temp_variant("width_wide", wide) + " --seed 12", "claim\n");
  const size_t at = out.find("  side           bid");
  REQUIRE(at != std::string::npos);
  return out.substr(at);
}

}  // namespace

TEST_CASE("width: at 40 columns every table is folded and every long line wrapped") {
  CHECK(scores_at("40") ==
        "  side           bid  tricks    hand\n"
        "  NS                       2       2\n"
        "    N              -       0\n"
        "    S (you)        -       2\n"
        "  EW                       0       0\n"
        "    E              -       0\n"
        "    W              -       0\n"
        "\n"
        "  side         score  overtricks_kept\n"
        "  NS               2                2\n"
        "  EW               0                0\n"
        "\n"
        "  side        penalty_points\n"
        "  NS                       1\n"
        "  EW                       1\n"
        "\n"
        "  NS: per_trick: took 2, +2,\n"
        "    overtricks_kept 0 -> 2,\n"
        "    penalty_points 0 -> 1\n"
        "  EW: per_trick: took 0,\n"
        "    penalty_points 0 -> 1\n"
        "Game over: no winner (stopped: the hand\n"
        "  limit of 1 hands was reached).\n"
        "\n"
        "Game summary: 1 hand played.\n"
        "  side         score  overtricks kept\n"
        "  NS               2                2\n"
        "  EW               0                0\n"
        "\n"
        "  side        penalty points\n"
        "  NS                       1\n"
        "  EW                       1\n"
        "\n"
        "  side        tricks taken in total\n"
        "  NS                              0\n"
        "  EW                              0\n"
        "\n"
        "  side        hands with a trick\n"
        "  NS                           1\n"
        "  EW                           0\n"
        "\n"
        "Another game? (yes or no): \n");
}

TEST_CASE("width: at 60 columns the tables fold in two, the breakdown after a comma") {
  CHECK(scores_at("60") ==
        "  side           bid  tricks    hand   score\n"
        "  NS                       2       2       2\n"
        "    N              -       0\n"
        "    S (you)        -       2\n"
        "  EW                       0       0       0\n"
        "    E              -       0\n"
        "    W              -       0\n"
        "\n"
        "  side        overtricks_kept  penalty_points\n"
        "  NS                        2               1\n"
        "  EW                        0               1\n"
        "\n"
        "  NS: per_trick: took 2, +2, overtricks_kept 0 -> 2,\n"
        "    penalty_points 0 -> 1\n"
        "  EW: per_trick: took 0, penalty_points 0 -> 1\n"
        "Game over: no winner (stopped: the hand limit of 1 hands was\n"
        "  reached).\n"
        "\n"
        "Game summary: 1 hand played.\n"
        "  side         score  overtricks kept  penalty points\n"
        "  NS               2                2               1\n"
        "  EW               0                0               1\n"
        "\n"
        "  side        tricks taken in total  hands with a trick\n"
        "  NS                              0                   1\n"
        "  EW                              0                   0\n"
        "\n"
        "Another game? (yes or no): \n");
}

TEST_CASE("width: at 80 columns the score table fits whole and the summary folds its last column") {
  const std::string out = scores_at("80");
  CHECK(out.find("  side           bid  tricks    hand   score  overtricks_kept  penalty_points\n"
                 "  NS                       2       2       2                2               1\n") != std::string::npos);
  CHECK(out.find("Game summary: 1 hand played.\n"
                 "  side         score  overtricks kept  penalty points  tricks taken in total\n"
                 "  NS               2                2               1                      0\n"
                 "  EW               0                0               1                      0\n"
                 "\n"
                 "  side        hands with a trick\n"
                 "  NS                           1\n"
                 "  EW                           0\n") != std::string::npos);
}

TEST_CASE("width: at 120 columns everything fits, as without a width") {
  const std::string whole =
      "  side           bid  tricks    hand   score  overtricks_kept  penalty_points\n"
      "  NS                       2       2       2                2               1\n"
      "    N              -       0\n"
      "    S (you)        -       2\n"
      "  EW                       0       0       0                0               1\n"
      "    E              -       0\n"
      "    W              -       0\n"
      "\n"
      "  NS: per_trick: took 2, +2, overtricks_kept 0 -> 2, penalty_points 0 -> 1\n"
      "  EW: per_trick: took 0, penalty_points 0 -> 1\n"
      "Game over: no winner (stopped: the hand limit of 1 hands was reached).\n"
      "\n"
      "Game summary: 1 hand played.\n"
      "  side         score  overtricks kept  penalty points  tricks taken in total  hands with a trick\n"
      "  NS               2                2               1                      0                   1\n"
      "  EW               0                0               1                      0                   0\n"
      "\n"
      "Another game? (yes or no): \n";
  CHECK(scores_at("120") == whole);
  // no width (standard output a pipe, COLUMNS unset or empty): nothing fitted
  CHECK(scores_at("") == whole);
  // junk and 0 are as if unset; a huge number is the most, 1000; a tiny one the least, 40
  CHECK(scores_at("abc") == whole);
  CHECK(scores_at("0") == whole);
  CHECK(scores_at("-60") == whole);
  CHECK(scores_at("99999999999999999999999") == whole);
  CHECK(scores_at("5") == scores_at("40"));
}

TEST_CASE("width: the banner at the table, sim's table of sides and replay's score lines") {
  const std::string banner = at_width("60", "play rulesets/three-dummy.spades --seed 1 --bot rule", "quit\n");
  CHECK(banner.substr(0, banner.find("\n\n")) ==
        "Three-Player Spades with a Dummy - you are S (W is a dummy,\n"
        "played each hand by the player the rules give it to)\n"
        "(seed 1). Type `help` at a prompt for the legal moves.");
  // a bracket too long for a line: its words fill the line, the next bracket goes on from there
  const std::string hg = at_width("40", "play rulesets/highground.spades --seed 1 --bot rule", "quit\n");
  CHECK(hg.substr(0, hg.find("\n\n")) ==
        "HighGround Spades - you are S (partner\n"
        "N) (seed 1). Type `help` at a prompt for\n"
        "the legal moves.");
  // sim: a column per side, 20 + 14 each; at 40 one side a block
  const std::string sim = at_width("40", "sim rulesets/standard.spades --games 2 --seed 1 --bots rule", "");
  CHECK(sim.find("side                            NS\nbots                          rule\nwins                             2\n") != std::string::npos);
  CHECK(sim.find("bag_penalties                    0\n  per hand                   0.000\n\nside                            EW\nbots                          rule\n") !=
        std::string::npos);
  const std::string sim_whole = at_width("", "sim rulesets/standard.spades --games 2 --seed 1 --bots rule", "");
  CHECK(sim_whole.find("side                            NS            EW\n") != std::string::npos);
  // replay: a side's score line and its rules' effects, wrapped under the side
  const std::string rec = (std::filesystem::temp_directory_path() / ("spades-width-" + std::to_string(getpid()) + ".json")).string();
  std::filesystem::remove(rec);
  at_width("", "play --bot rule " + temp_variant("width_wide", wide) + " --seed 12 --record " + rec, "claim\nno\n");
  const std::string replay = at_width("40", "replay " + rec, "");
  CHECK(replay.find("  trick  2: S AH, W KS, N KH, E QH -> S\n"
                    "  NS     hand    +2  score      2\n"
                    "         overtricks_kept 2\n"
                    "         penalty_points 1\n"
                    "         per_trick: took 2, +2,\n"
                    "         overtricks_kept 0 -> 2,\n"
                    "         penalty_points 0 -> 1\n"
                    "  EW     hand    +0  score      0\n") != std::string::npos);
  CHECK(at_width("", "replay " + rec, "").find("  NS     hand    +2  score      2  overtricks_kept 2  penalty_points 1\n"
                                              "         per_trick: took 2, +2, overtricks_kept 0 -> 2, penalty_points 0 -> 1\n") != std::string::npos);
}
