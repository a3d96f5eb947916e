// spades sim for comparisons: bots chosen per side or seat, win rates with their interval, tallies per hand,
// and the same summary whatever the number of threads.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "tests/test_util.hpp"

using spades::testing::run;

TEST_CASE("sim: --jobs N prints exactly what --jobs 1 prints for the same seed") {
  auto one = run("sim rulesets/standard.spades --games 40 --seed 3 --jobs 1", "", true);
  auto three = run("sim rulesets/standard.spades --games 40 --seed 3 --jobs 3", "", true);
  REQUIRE(one.code == 0);
  CHECK(one.out == three.out);
  auto a = run("sim rulesets/misdeal.spades --games 33 --seed 8 --jobs 1 --bots EW=random --json", "", true);
  auto b = run("sim rulesets/misdeal.spades --games 33 --seed 8 --jobs 2 --bots EW=random --json", "", true);
  REQUIRE(a.code == 0);
  CHECK(a.out == b.out);
  // the Monte Carlo bot draws from its own stream, seeded from its game's
  auto c = run("sim rulesets/standard.spades --games 2 --seed 5 --jobs 1 --bots NS=mc --mc-budget 64", "", true);
  auto d = run("sim rulesets/standard.spades --games 2 --seed 5 --jobs 2 --bots NS=mc --mc-budget 64", "", true);
  REQUIRE(c.code == 0);
  CHECK(c.out == d.out);
}

TEST_CASE("sim: --bots by side, by seat, or one name for all; win rates with their 95% interval; tallies per hand") {
  auto r = run("sim rulesets/standard.spades --games 30 --seed 2 --bots NS=random,E=random --json", "", true);
  REQUIRE(r.code == 0);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["sides"]["NS"]["bots"] == "random");
  CHECK(j["sides"]["EW"]["bots"] == "random/rule");
  CHECK(j["hands_per_game"].get<double>() == Approx(j["hands"].get<double>() / 30));
  for (const char* side : {"NS", "EW"}) {
    auto s = j["sides"][side];
    double rate = s["win_rate"].get<double>();
    CHECK(rate == Approx(s["wins"].get<double>() / 30));
    CHECK(s["win_rate_95"][0].get<double>() <= rate);
    CHECK(s["win_rate_95"][1].get<double>() >= rate);
    CHECK(s["win_rate_95"][1].get<double>() > s["win_rate_95"][0].get<double>());
    CHECK(s["per_hand"]["sets"].get<double>() == Approx(s["sets"].get<double>() / j["hands"].get<double>()));
  }
  // Wilson's interval for 0 of 30 and 30 of 30 stays within 0..1
  auto all = nlohmann::json::parse(run("sim rulesets/standard.spades --games 30 --seed 2 --bots NS=random --json", "", true).out);
  CHECK(all["sides"]["EW"]["bots"] == "rule");
  CHECK(all["sides"]["NS"]["win_rate_95"][0].get<double>() >= 0);
  CHECK(all["sides"]["EW"]["win_rate_95"][1].get<double>() <= 1);
  auto text = run("sim rulesets/standard.spades --games 10 --seed 2 --bots random", "", true);
  CHECK(text.out.find("\nbots                        random        random\n") != std::string::npos);
  CHECK(text.out.find("\n  95% interval") != std::string::npos);
  CHECK(text.out.find("\n  per hand") != std::string::npos);
}

TEST_CASE("sim: a bad --bots is a usage error naming the bots, sides and seats") {
  auto bot = run("sim rulesets/standard.spades --games 1 --bots NS=clever");
  CHECK(bot.code == 2);
  CHECK(bot.out == "spades sim: --bots: unknown bot 'clever' (bots: rule, random, mc, or exec:CMD)\n");
  auto key = run("sim rulesets/standard.spades --games 1 --bots XY=mc");
  CHECK(key.code == 2);
  CHECK(key.out == "spades sim: --bots: 'XY' is neither a side (NS EW) nor a seat (N E S W)\n");
  auto empty = run("sim rulesets/standard.spades --games 1 --bots NS=mc,");
  CHECK(empty.code == 2);
  CHECK(empty.out == "spades sim: --bots: an empty entry (write NAME, or SIDE=NAME or SEAT=NAME, separated by commas)\n");
  auto budget = run("sim rulesets/standard.spades --games 1 --mc-budget 0");
  CHECK(budget.code == 2);
  auto play = run("play --bot clever");
  CHECK(play.code == 2);
  CHECK(play.out == "spades play: --bot: unknown bot 'clever' (bots: rule, random, mc)\n");
}

TEST_CASE("sim: Ctrl-C prints the summary of the games finished and exits 130") {
  const std::string cmd = std::string("cd ") + SPADES_SOURCE_DIR + " && { " + SPADES_BINARY +
                          " sim rulesets/standard.spades --games 100000 --jobs 1 --json >/tmp/spades-sim-int-$$.json 2>/dev/null & p=$!;"
                          " sleep 1; kill -INT $p; wait $p; echo $?; cat /tmp/spades-sim-int-$$.json; rm -f /tmp/spades-sim-int-$$.json; }";
  const std::string out = spades::testing::shell(cmd);
  REQUIRE(out.rfind("130\n", 0) == 0);
  auto j = nlohmann::json::parse(out.substr(4));
  CHECK(j["interrupted"] == true);
  CHECK(j["games"].get<long long>() < 100000);
  long long wins = j["sides"]["NS"]["wins"].get<long long>() + j["sides"]["EW"]["wins"].get<long long>();
  CHECK(wins + j["draws"].get<long long>() + j["stopped"].get<long long>() == j["games"].get<long long>());
}
