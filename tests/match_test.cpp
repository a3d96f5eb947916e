// spades match: bot A against bot B over the same seeded deals, duplicate, its figures exact, and its
// refusals.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "tests/test_util.hpp"

using spades::testing::run;

TEST_CASE("match: a small seeded duplicate run, figure for figure, the same for every --jobs") {
  auto r = run("match rulesets/standard.spades random rule --deals 5 --duplicate --seed 2 --jobs 1", "", true);
  REQUIRE(r.code == 0);
  CHECK(r.out ==
        "Standard Spades: A random against B rule, 5 deals played twice with the sides swapped, seed 2\n"
        "10 games, 151 hands\n"
        "A - B points per hand        -191.18   95% interval -219.14 to -163.22\n"
        "A - B points per game       -2886.80   95% interval -3355.17 to -2418.43\n"
        "A won 0, lost 10, tied 0 (A's score 0.0%)\n"
        "Elo difference A - B -inf, 95% interval -inf to -166\n");
  CHECK(run("match rulesets/standard.spades random rule --deals 5 --duplicate --seed 2 --jobs 3", "", true).out == r.out);
}

TEST_CASE("match: --json gives every figure; an unbounded Elo is null") {
  auto r = run("match rulesets/standard.spades rule mc --deals 3 --seed 3 --mc-budget 64 --json --jobs 2", "", true);
  REQUIRE(r.code == 0);
  CHECK(r.out == R"({
  "variant": "Standard Spades",
  "a": "rule",
  "b": "mc",
  "sides": {
    "a": "NS",
    "b": "EW"
  },
  "seed": 3,
  "deals": 3,
  "duplicate": false,
  "boards": 3,
  "games": 3,
  "hands": 20,
  "per_hand": {
    "mean": -9.5,
    "mean_95": [
      -20.608107770113605,
      1.6081077701136053
    ]
  },
  "per_game": {
    "mean": -63.333333333333336,
    "mean_95": [
      -131.23162059885135,
      4.564953932184672
    ]
  },
  "wins": 0,
  "losses": 3,
  "ties": 0,
  "score": 0.0,
  "elo": null,
  "elo_95": [
    null,
    42.94997092824401
  ]
}
)");
  auto sweep = nlohmann::json::parse(run("match rulesets/standard.spades rule random --deals 4 --json --jobs 1", "", true).out);
  CHECK(sweep["wins"] == 4);
  CHECK(sweep["elo"].is_null());
  CHECK(sweep["elo_95"][0].get<double>() > 0);
  CHECK(sweep["elo_95"][1].is_null());
}

TEST_CASE("match: a bot against itself in duplicate scores exactly even, deal by deal") {
  // both plays of a board deal the same cards to the same seats and the bots choose the same: every
  // difference cancels
  auto j = nlohmann::json::parse(run("match rulesets/standard.spades rule rule --deals 6 --duplicate --json --jobs 2", "", true).out);
  CHECK(j["games"] == 12);
  CHECK(j["wins"] == 6);
  CHECK(j["losses"] == 6);
  CHECK(j["per_hand"]["mean"] == 0.0);
  CHECK(j["per_hand"]["mean_95"] == nlohmann::json::array({0.0, 0.0}));
  CHECK(j["per_game"]["mean"] == 0.0);
  CHECK(j["elo"] == 0.0);
}

TEST_CASE("match: refusals") {
  auto sides = run("match rulesets/solo.spades rule mc");
  CHECK(sides.code == 2);
  CHECK(sides.out == "spades match: Solo Spades has 4 sides (N, E, S, W): match seats bot A on one side and bot B on the other, so it "
                     "needs two; compare bots here with `spades sim --bots`\n");
  auto three = run("match rulesets/three-dummy.spades rule random --deals 3");
  CHECK(three.code == 2);
  CHECK(three.out.find("Three-Player Spades with a Dummy has 3 sides (N, E, S)") != std::string::npos);
  auto bot = run("match rulesets/standard.spades rule clever");
  CHECK(bot.code == 2);
  CHECK(bot.out == "spades match: bot B: unknown bot 'clever' (bots: rule, random, mc, or exec:CMD)\n");
  auto one = run("match rulesets/standard.spades rule");
  CHECK(one.code == 2);
  CHECK(one.out == "spades match: name a variant file and two bots: spades match FILE A B\n");
  auto deals = run("match rulesets/standard.spades rule rule --deals 0");
  CHECK(deals.code == 2);
  CHECK(deals.out == "spades match: --deals must be from 1 to 100000000, not 0\n");
  auto many = run("match rulesets/standard.spades rule rule --deals 100000001");
  CHECK(many.code == 2);
  CHECK(many.out == "spades match: --deals must be from 1 to 100000000, not 100000001\n");
  auto json = run("match rulesets/standard.spades rule rule --deals x --json", "", true);
  CHECK(json.code == 2);
  CHECK(json.out == "{\n  \"error\": \"spades match: --deals needs a whole number, not 'x'\"\n}\n");
}
