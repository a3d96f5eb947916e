// The `spades` binary as users run it: exit codes, output shapes, bad input at the table.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "tests/test_util.hpp"

using spades::testing::source_path;

using spades::testing::run;
using spades::testing::run_result;

namespace {

std::string last_line(const std::string& s) {
  size_t end = s.find_last_not_of('\n');
  size_t start = s.rfind('\n', end);
  return s.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1) + 1);
}

}  // namespace

TEST_CASE("cli: unknown command and missing arguments are usage errors (exit 2)") {
  auto r = run("chek x");
  CHECK(r.code == 2);
  CHECK(r.out.find("spades: unknown command 'chek'; did you mean 'check'?") == 0);
  CHECK(run("sim rulesets/standard.spades").code == 2);
  CHECK(run("bench rulesets/standard.spades --hands lots").out == "spades bench: --hands needs a whole number, not 'lots'\n");
  CHECK(run("test").code == 2);
  CHECK(run("--help").code == 0);
  for (const char* c : {"check", "test", "play", "sim", "bench", "list", "explain", "diff", "graph"}) CHECK(run(std::string(c) + " --help").code == 0);
}

TEST_CASE("cli: --version prints the version") {
  auto r = run("--version");
  CHECK(r.code == 0);
  CHECK(r.out.rfind("spades ", 0) == 0);
  CHECK(r.out.find('\n') == r.out.size() - 1);
}

TEST_CASE("cli: list shows each ruleset's name, base, sentence and options; --json the same as data") {
  auto r = run("list tests/list");
  CHECK(r.code == 0);
  CHECK(r.out ==
        "house  (House Spades, extends standard)\n"
        "    Standard Spades to an agreed score, with Nil worth an agreed bonus.\n"
        "    --option game_to=500             the score the game is played to\n"
        "    --option big_nil=false           Nil is worth 200\n"
        "plain  (plain)\n");
  // a ruleset without a group comes first; the others under their group's name, the groups by name
  CHECK(run("list tests/list-groups").out ==
        "plain  (plain)\n"
        "\n"
        "== Club rules ==\n"
        "club  (Club Spades, extends standard)\n"
        "    Standard Spades to 1000.\n"
        "\n"
        "== House rules: a kitchen table ==\n"
        "house  (House Spades, extends standard)\n"
        "    Standard Spades to 300.\n");
  auto groups = nlohmann::json::parse(run("list tests/list-groups --json").out);
  REQUIRE(groups["rulesets"].size() == 3);
  CHECK(groups["rulesets"][0]["id"] == "club");  // --json keeps the order by id
  CHECK(groups["rulesets"][0]["group"] == "Club rules");
  CHECK(groups["rulesets"][2]["group"].is_null());
  auto j = nlohmann::json::parse(run("list tests/list --json").out);
  REQUIRE(j["rulesets"].size() == 2);
  const auto& house = j["rulesets"][0];
  CHECK(house["id"] == "house");
  CHECK(house["base"] == "standard");
  CHECK(house["about"] == "Standard Spades to an agreed score, with Nil worth an agreed bonus.");
  CHECK(house["group"].is_null());
  CHECK(house["options"][0] == nlohmann::json{{"name", "game_to"}, {"default", 500}, {"allowed", "-1000000000..1000000000"}, {"about", "the score the game is played to"}});
  CHECK(house["options"][1]["default"] == false);
  CHECK(j["rulesets"][1]["base"].is_null());
  // a file with errors is reported and left out; the rest is listed; exit 1
  auto bad = run("list tests/list-bad");
  CHECK(bad.code == 1);
  CHECK(bad.out.find("tests/list-bad/broken.spades:1:9: error: expected a cards setting") != std::string::npos);
  CHECK(bad.out.find("plain  (plain)\n") != std::string::npos);
  CHECK(run("list no/such/dir").out == "spades list: 'no/such/dir' is not a directory\n");
  // every ruleset of the project is listed, with its sentence
  auto all = nlohmann::json::parse(run("list rulesets --json").out);
  for (const auto& e : all["rulesets"]) CHECK(!e["about"].get<std::string>().empty());
  // and under a group, the groups in the order of their names
  auto text = run("list rulesets").out;
  CHECK(text.rfind("== Base games: Standard Spades ==\nstandard  (Standard Spades)\n", 0) == 0);
  CHECK(text.find("== Online modes: bux-spades ==\nbux-assassin  (bux-spades Assassin, extends standard)\n") != std::string::npos);
  CHECK(text.find("== Online modes: MSN Zone ==") < text.find("== Online modes: bux-spades =="));
}

TEST_CASE("cli: check reports clean files and errors") {
  auto ok = run("check rulesets/standard.spades");
  CHECK(ok.code == 0);
  CHECK(ok.out == "ok rulesets/standard.spades: Standard Spades: 4 players, 2 teams, 52 cards, 3 bids, 3 scoring rules\n");
  auto missing = run("check no/such.spades");
  CHECK(missing.code == 2);  // a file that cannot be read is unusable input, as a hands file is
  CHECK(missing.out == "spades check: cannot read 'no/such.spades': No such file or directory\n");
}

TEST_CASE("cli: test prints one line per case and the closing count") {
  auto r = run("test rulesets/standard.hands.json");
  CHECK(r.code == 0);
  CHECK(r.out.rfind("ok   ", 0) == 0);
  CHECK(last_line(r.out).find(" passed, 0 failed") != std::string::npos);
  auto j = run("test rulesets/standard.hands.json --json");
  auto doc = nlohmann::json::parse(j.out);
  CHECK(doc["failed"] == 0);
  CHECK(doc["cases"].size() == doc["passed"].get<size_t>());
  auto bad = run("test rulesets/standard.spades");
  CHECK(bad.code == 2);
  // the JSON library's own words are not shown: a position, the line and a caret instead
  CHECK(bad.out ==
        "rulesets/standard.spades:1:1: error: not valid JSON: syntax error while parsing value - invalid literal; last read: '#'\n"
        "# standard: Spades as John McLeod's Spades page at pagat.com describes it, main rules.\n"
        "^\n");
}

TEST_CASE("cli: a file that cannot be read exits 2 in every command, a variant with errors 1") {
  for (const char* cmd : {"check no/such.spades", "sim no/such.spades --games 1", "bench no/such.spades", "play no/such.spades"}) {
    auto r = run(cmd);
    CHECK(r.code == 2);
    // every command's error names it first
    CHECK(r.out == "spades " + std::string(cmd).substr(0, std::string(cmd).find(' ')) + ": cannot read 'no/such.spades': No such file or directory\n");
  }
  CHECK(run("test no/such.hands.json").out == "no/such.hands.json: cannot read the hands file: No such file or directory\n");
  CHECK(run("test no/such.hands.json").code == 2);
  CHECK(run("test rulesets/standard.hands.json --ruleset no/such.spades").code == 2);
  CHECK(run("check tests/lang/allow_without_when.spades").code == 1);
  CHECK(run("sim tests/lang/allow_without_when.spades --games 1").code == 1);
  // one unreadable file among several: 2, though the others are checked
  auto mixed = run("check rulesets/nyc.spades no/such.spades tests/lang/allow_without_when.spades");
  CHECK(mixed.code == 2);
  CHECK(mixed.out.find("ok rulesets/nyc.spades") != std::string::npos);
}

TEST_CASE("cli: under --json every failure is one JSON document on stdout, its message also on stderr") {
  auto usage = run("sim rulesets/standard.spades --games x --json", "", true);
  CHECK(usage.code == 2);
  CHECK(nlohmann::json::parse(usage.out) == nlohmann::json{{"error", "spades sim: --games needs a whole number, not 'x'"}});
  CHECK(run("sim rulesets/standard.spades --games x --json").out.find("spades sim: --games needs a whole number, not 'x'\n") == 0);
  auto missing = nlohmann::json::parse(run("bench no/such.spades --json", "", true).out);
  CHECK(missing["error"] == "spades bench: cannot read 'no/such.spades': No such file or directory");
  auto hands = nlohmann::json::parse(run("test no/such.hands.json --json", "", true).out);
  CHECK(hands == nlohmann::json{{"error", "no/such.hands.json: cannot read the hands file: No such file or directory"}, {"file", "no/such.hands.json"}});
  // a variant with errors: the diagnostics as data
  auto variant = run("sim tests/lang/allow_without_when.spades --games 1 --json", "", true);
  CHECK(variant.code == 1);
  auto v = nlohmann::json::parse(variant.out);
  CHECK(v["diagnostics"][0] == nlohmann::json{{"file", "tests/lang/allow_without_when.spades"}, {"line", 4}, {"col", 11}, {"severity", "error"},
                                              {"message", "expected 'when' and a condition, found 'behind'"}, {"notes", nlohmann::json::array()}});
}

TEST_CASE("cli: check of a fragment checks it alone; other commands refuse it") {
  auto ok = run("check tests/features/fragments/bags5_common.spades tests/features/include_bags5.spades");
  CHECK(ok.code == 0);
  CHECK(ok.out == "ok tests/features/fragments/bags5_common.spades: a fragment, 2 items (0 more fragments included); its meaning is checked in each "
                  "variant that includes it\nok tests/features/include_bags5.spades: Spades, 5 bags, to 250: 4 players, 2 teams, 52 cards, 3 bids, 3 "
                  "scoring rules\n");
  auto j = nlohmann::json::parse(run("check tests/features/fragments/bags5_common.spades --json", "", true).out);
  CHECK(j["files"][0]["fragment"] == nlohmann::json{{"items", 2}, {"fragments", 0}});
  // a fragment that includes a cycle is an error even alone
  auto cycle = run("check tests/lang/fragments/cycle_a.spades");
  CHECK(cycle.code == 1);
  CHECK(cycle.out.rfind("tests/lang/fragments/cycle_b.spades:2:1: error: circular include: cycle_a.spades -> cycle_b.spades -> cycle_a.spades\n", 0) == 0);
  auto sim = run("sim tests/features/fragments/bags5_common.spades --games 1");
  CHECK(sim.code == 1);
  CHECK(sim.out.find("error: this file is a fragment: it is taken in by the variants that include it (`include`), not played alone") != std::string::npos);
}

TEST_CASE("cli: check prints warnings on standard error and under `warnings` with --json, and still passes") {
  auto r = run("check tests/lang/restate_drops_optional.spades");
  CHECK(r.code == 0);
  CHECK(r.out.find("tests/lang/restate_drops_optional.spades:4:3: warning: this restates the inherited 'bid blind_nil' whole, and drops "
                   "`optional` from its `exchange`") != std::string::npos);
  auto j = nlohmann::json::parse(run("check tests/lang/restate_drops_optional.spades --json", "", true).out);
  CHECK(j["files"][0]["ok"] == true);
  REQUIRE(j["files"][0]["warnings"].size() == 1);
  CHECK(j["files"][0]["warnings"][0]["severity"] == "warning");
  CHECK(j["files"][0]["warnings"][0]["line"] == 4);
  CHECK(j["files"][0]["warnings"][0]["notes"][0]["file"] == "rulesets/standard.spades");
}

TEST_CASE("cli: check --json gives each file's summary or diagnostics with positions") {
  auto r = run("check rulesets/nyc.spades tests/lang/allow_without_when.spades --json", "", true);
  CHECK(r.code == 1);
  auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["files"].size() == 2);
  CHECK(j["files"][0] == nlohmann::json{{"file", "rulesets/nyc.spades"}, {"ok", true}, {"readable", true},
                                        {"summary", {{"name", "New York City Spades"}, {"players", 4}, {"teams", 2}, {"cards", 52}, {"bids", 2}, {"rules", 3}}}});
  CHECK(j["files"][1]["ok"] == false);
  CHECK(j["files"][1]["diagnostics"][0]["line"] == 4);
  CHECK(j["errors"] == 1);
  CHECK(j["unreadable"] == 0);
}

TEST_CASE("cli: bench of several rulesets prints one table; --json the same as data") {
  auto r = run("bench rulesets/standard.spades rulesets/nyc.spades --hands 200");
  REQUIRE(r.code == 0);
  CHECK(r.out.rfind("ruleset     hands/s      moves/s   load ms\nstandard ", 0) == 0);
  CHECK(r.out.find("\nnyc      ") != std::string::npos);
  auto j = nlohmann::json::parse(run("bench rulesets/standard.spades rulesets/nyc.spades --hands 200 --seed 4 --json", "", true).out);
  CHECK(j["seed"] == 4);
  REQUIRE(j["results"].size() == 2);
  CHECK(j["results"][1]["name"] == "New York City Spades");
  CHECK(j["results"][1]["hands"] == 200);
  // the same seed, the same playouts: the move counts match
  auto again = nlohmann::json::parse(run("bench rulesets/nyc.spades --hands 200 --seed 4 --json", "", true).out);
  CHECK(again["moves"] == j["results"][1]["moves"]);
  auto all = run("bench --all tests/list --hands 50");
  CHECK(all.code == 0);
  CHECK(all.out.find("\nhouse ") != std::string::npos);
  CHECK(all.out.find("\nplain ") != std::string::npos);
  CHECK(run("bench --all tests/list rulesets").out == "spades bench: --all takes at most one directory\n");
  CHECK(run("bench").out == "spades bench: name a variant file (or --all)\n");
}

TEST_CASE("cli: bench's seeded playouts pinned (the same seed, the same deals, bids and cards however fast)") {
  // the plain tricks, a wide deck, forces on a card led, calls, a forbid with a condition, three seats
  const std::vector<std::pair<std::string, std::string>> pinned = {
      {"standard", "Standard Spades: 2000 hands, 113030 moves, 2 games"},
      {"six", "Spades for Six Players: 2000 hands, 217601 moves, 2 games"},
      {"highground-exact", "HighGround Spades, Exact Bids: 2000 hands, 125175 moves, 2 games"},
      {"nyc", "New York City Spades: 2000 hands, 107030 moves, 575 games"},
      {"three", "Spades for Three Players: 2000 hands, 108000 moves, 2 games"}};
  for (const auto& [id, line] : pinned) {
    auto r = run("bench rulesets/" + id + ".spades --hands 2000 --seed 1");
    REQUIRE(r.code == 0);
    CHECK(r.out.substr(0, r.out.find(" in ")) == line);
  }
}

TEST_CASE("cli: sim is deterministic for a seed and reports every tally") {
  auto a = run("sim rulesets/standard.spades --games 20 --seed 9 --json");
  auto b = run("sim rulesets/standard.spades --games 20 --seed 9 --json");
  REQUIRE(a.code == 0);
  CHECK(a.out == b.out);
  auto doc = nlohmann::json::parse(a.out);
  CHECK(doc["games"] == 20);
  long long wins = doc["sides"]["NS"]["wins"].get<long long>() + doc["sides"]["EW"]["wins"].get<long long>();
  CHECK(wins + doc["draws"].get<long long>() + doc["stopped"].get<long long>() == 20);
  for (const char* k : {"sets", "nils_made", "nils_failed", "bag_penalties", "average_hand_score"}) CHECK(doc["sides"]["NS"].contains(k));
}

TEST_CASE("cli: sim counts each bid kind and call chosen, and the decisions where it was legal") {
  auto doc = nlohmann::json::parse(run("sim rulesets/standard.spades --games 20 --seed 9 --json").out);
  const long long decisions = 4 * doc["hands"].get<long long>();  // four bids a hand; a number is always open
  auto& bids = doc["bids"];
  CHECK(bids.size() == 3);
  CHECK(bids["number"]["legal"] == decisions);
  CHECK(bids["nil"]["legal"] == decisions);
  CHECK(bids["blind_nil"]["legal"].get<long long>() < decisions);  // only for a side 100 behind
  long long chosen = 0;
  for (auto& [kind, c] : bids.items()) {
    CHECK(c["chosen"].get<long long>() <= c["legal"].get<long long>());
    chosen += c["chosen"].get<long long>();
  }
  CHECK(chosen == decisions);
  CHECK(!doc.contains("calls"));
  auto text = run("sim rulesets/standard.spades --games 20 --seed 9").out;
  CHECK(text.find(fmt::format("\n{:<20}{:>14}{:>14}\n", "number", bids["number"]["chosen"].get<long long>(), decisions)) != std::string::npos);
  // announcements and conversions, and a call that throws the hand in, by their names in the file
  auto calls = nlohmann::json::parse(run("sim rulesets/misdeal.spades --games 5 --seed 1 --json").out)["calls"];
  REQUIRE(calls.size() == 1);
  CHECK(calls["misdeal"]["chosen"].get<long long>() <= calls["misdeal"]["legal"].get<long long>());
  CHECK(calls["misdeal"]["legal"].get<long long>() > 0);
}

TEST_CASE("cli: bench --reference shows each rate as a share of the reference and names the lowest") {
  auto j = nlohmann::json::parse(run("bench rulesets/standard.spades rulesets/highground.spades --hands 200 --seed 4 --reference 400000 --json", "", true).out);
  CHECK(j["reference"] == 400000);
  CHECK(j["peak_rss_kib"].get<long>() > 0);
  REQUIRE(j["results"].size() == 2);
  for (auto& r : j["results"]) CHECK(r["reference_share"].get<double>() == r["hands_per_second"].get<double>() / 400000);
  auto t = run("bench rulesets/standard.spades rulesets/highground.spades --hands 200 --reference 400000");
  REQUIRE(t.code == 0);
  CHECK(t.out.rfind("ruleset       hands/s      moves/s   load ms   of ref\nstandard   ", 0) == 0);
  // the lowest share is the lower rate's ruleset, the share printed as in its row
  size_t low = t.out.find("lowest share of the reference's 400000 hands/s: ");
  REQUIRE(low != std::string::npos);
  const size_t from = low + std::string("lowest share of the reference's 400000 hands/s: ").size();
  std::string lowest = t.out.substr(from, t.out.find(" at ", low) - from);
  CHECK((lowest == "standard" || lowest == "highground"));
  std::string share = t.out.substr(t.out.find(" at ", low) + 4, 4);
  size_t row = t.out.find("\n" + lowest + " ");
  REQUIRE(row != std::string::npos);
  CHECK(t.out.substr(t.out.find('\n', row + 1) - 4, 4) == share);
  CHECK(t.out.find("\nslowest load: ") != std::string::npos);
  CHECK(t.out.find(" MiB\n") != std::string::npos);
  // without --reference, no column and no share
  auto plain = run("bench rulesets/standard.spades --hands 200");
  CHECK(plain.out.find("of the reference") == std::string::npos);
  CHECK(plain.out.find("\npeak RSS ") != std::string::npos);
  CHECK(run("bench rulesets/standard.spades --hands 200 --reference 1000000000000").out.find("\n0.00 of the reference's 1000000000000 hands/s\n") != std::string::npos);
  CHECK(run("bench rulesets/standard.spades --reference 0").out == "spades bench: --reference must be from 1 to 1000000000000, not 0\n");
  CHECK(run("bench rulesets/standard.spades --reference fast").out == "spades bench: --reference needs a whole number, not 'fast'\n");
}

TEST_CASE("cli: bench prints hands/s and moves/s") {
  auto r = run("bench rulesets/standard.spades --hands 2000 --seed 3");
  CHECK(r.code == 0);
  CHECK(r.out.find(" hands/s\n") != std::string::npos);
  CHECK(r.out.find(" moves/s\n") != std::string::npos);
}

TEST_CASE("cli: play re-prompts on bad input and leaves cleanly on EOF") {
  auto r = run("play --bot rule --seed 4 --seat S", "\nbanana\n99\nhelp\nscore\n");
  CHECK(r.code == 0);
  CHECK(r.out.find("nothing was entered") != std::string::npos);
  CHECK(r.out.find("'banana' is not a bid") != std::string::npos);
  CHECK(r.out.find("a number bid must be from 1 to 13") != std::string::npos);
  CHECK(r.out.find("legal now: ") != std::string::npos);
  CHECK(last_line(r.out).rfind("goodbye (the game is saved: `spades play --resume ", 0) == 0);
}

TEST_CASE("cli: a whole game can be played from the prompt") {
  // answer every prompt with a legal move chosen by typing `help` first is overkill: feed many bids and
  // cards; illegal ones are refused and re-asked, and the game must still finish or leave at EOF.
  std::string input;
  for (int i = 0; i < 20; ++i) input += "3\n";
  auto r = run("play --bot rule --seed 5", input);
  CHECK(r.code == 0);
  CHECK(r.out.find("You (S) bid 3") != std::string::npos);
}

TEST_CASE("cli: a variant whose rules leave no legal bid stops with a clear error, never hangs") {
  std::string path = spades::testing::temp_variant("dead_end", R"(extends "standard"
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
  auto r = run("sim " + path + " --games 2 --seed 1");
  CHECK(r.code == 1);
  CHECK(r.out == path + ":3:38: error: E has no legal move in the bid phase (the rules leave nothing to choose): no bid's condition holds\n"
                        "  bid number 1..13 { allow when hand > 1 }\n"
                        "                                     ^\n" +
                        path + ":4:37: note: bid 'nil' is refused here too\n"
                        "  bid nil 0 \"nil\" { allow when hand > 1 }\n"
                        "                                    ^\n");
  auto b = run("bench " + path + " --hands 10");
  CHECK(b.code == 1);
}

TEST_CASE("cli: sim adds up hand scores beyond the 64-bit range without overflowing") {
  auto dir = std::filesystem::temp_directory_path() / fmt::format("spades-sim-{}", ::getpid());
  std::filesystem::create_directories(dir);
  auto path = (dir / "huge.spades").string();
  // two players, 25 tricks a hand (no tie possible), 3e17 a trick: one hand ends each game, and ten
  // games add up to about 3.75e19 a side, past 2^63
  std::ofstream(path) << "players { count 2 }\ndeal { hand_size 25\n leftover out }\n"
                         "scoring { rule huge each team { points tricks * 300000000000 * 1000000 } }\nend { target 1 }\n";
  auto r = run("sim " + path + " --games 10 --seed 1 --json");
  INFO(r.out);
  REQUIRE(r.code == 0);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["hands"] == 10);
  double total = j["sides"]["P1"]["average_hand_score"].get<double>() + j["sides"]["P2"]["average_hand_score"].get<double>();
  CHECK(total == Approx(7.5e18));
  // as text each side's average stays in its column, apart from the other's: "3.72e+18      3.78e+18"
  auto t = run("sim " + path + " --games 10 --seed 1", "", true);
  const size_t at = t.out.find("avg hand score");
  REQUIRE(at != std::string::npos);
  const std::string line = t.out.substr(at, t.out.find('\n', at) - at);
  CHECK(line.size() == 20 + 2 * 14);
  CHECK(std::regex_match(line, std::regex("avg hand score +[0-9]\\.[0-9]{2}e\\+18 +[0-9]\\.[0-9]{2}e\\+18")));
  std::filesystem::remove_all(dir);
}

// Every exit code each command documents in its --help, on one path each.
TEST_CASE("cli: every documented exit code of every command") {
  struct path {
    const char* args;
    const char* input;
    int code;
  };
  const path paths[] = {
      {"check rulesets/standard.spades", "", 0},
      {"check tests/lang/unknown_name.spades", "", 1},
      {"check", "", 2},
      {"test rulesets/standard.hands.json", "", 0},
      {"test tests/features/failing/mixed.hands.json", "", 1},
      {"test no/such.hands.json", "", 2},
      {"test rulesets/standard.spades", "", 2},  // a variant file is not a hands file
      {"sim rulesets/standard.spades --games 2 --seed 1", "", 0},
      {"sim tests/lang/unknown_name.spades --games 2", "", 1},
      {"sim rulesets/standard.spades --games 0", "", 2},
      {"sim rulesets/three.spades --games 1 --option game_to=10000000000", "", 2},
      {"bench rulesets/standard.spades --hands 100", "", 0},
      {"bench tests/lang/unknown_name.spades", "", 1},
      {"bench", "", 2},
      {"play rulesets/standard.spades --seed 1", "", 0},  // end of input: the player leaves
      {"play rulesets/standard.spades --seed 1", "quit\n", 0},
      {"play tests/lang/unknown_name.spades", "", 1},
      {"play rulesets/standard.spades --seat Q", "", 2},
      {"--version-that-is-not", "", 2},
      {"--version", "", 0},
      {"list rulesets", "", 0},
      {"list tests/list-bad", "", 1},
      {"list no/such/dir", "", 2},
  };
  for (const path& p : paths) {
    auto r = run(p.args, p.input);
    INFO(p.args << "\n" << r.out);
    CHECK(r.code == p.code);
  }
}

TEST_CASE("cli: play interrupted by Ctrl-C exits 130") {
  // stdin stays open (the sleep), so play waits at its first prompt when SIGINT arrives
  std::string cmd = std::string("cd ") + SPADES_SOURCE_DIR + " && { sleep 5 | " + spades::testing::state_env() + SPADES_BINARY +
                    " play rulesets/standard.spades --seed 1 >/dev/null 2>&1 & p=$!; sleep 1; kill -INT $p; wait $p; echo $?; }";
  CHECK(spades::testing::shell(cmd) == "130\n");
}

TEST_CASE("cli: a number past 64 bits is out of range, not malformed; --help takes no value") {
  auto r = run("sim rulesets/standard.spades --games 1 --seed 9223372036854775808");
  CHECK(r.code == 2);
  CHECK(r.out == "spades sim: --seed must be from 0 to 9223372036854775807, not 9223372036854775808\n");
  r = run("sim rulesets/standard.spades --games -99999999999999999999 --seed 1");
  CHECK(r.out == "spades sim: --games must be from 1 to 100000000, not -99999999999999999999\n");
  r = run("sim rulesets/standard.spades --games 1e3 --seed 1");
  CHECK(r.out == "spades sim: --games needs a whole number, not '1e3'\n");
  r = run("sim rulesets/standard.spades --help=yes");
  CHECK(r.code == 2);
  CHECK(r.out == "spades sim: --help takes no value\n");
}

TEST_CASE("cli: --bots names seats by name or position, never the dummy") {
  auto r = run("sim rulesets/three-dummy.spades --games 1 --seed 1 --bots W=mc");
  CHECK(r.code == 2);
  CHECK(r.out == "spades sim: --bots: 'W' is the dummy, which never decides: its cards are played by the bot of the player given it\n");
  r = run("sim rulesets/standard.spades --games 1 --seed 1 --bots P2=random --json", "", true);
  CHECK(r.code == 0);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["sides"]["EW"]["bots"] == "random/rule");  // E, the second seat, is EW's first
  r = run("sim rulesets/standard.spades --games 1 --seed 1 --bots P5=mc");
  CHECK(r.out == "spades sim: --bots: 'P5' is neither a side (NS EW) nor a seat (N E S W)\n");
}

TEST_CASE("cli: options allowed one by one that fail together are a usage error (exit 2), reported once") {
  const std::string file = "tests/features/options_together.spades";
  for (const std::string& cmd : {"sim " + file + " --games 1", "play " + file, "match " + file + " rule rule --deals 1"}) {
    auto r = run(cmd + " --option lo=5 --option hi=4 --seed 1", "quit\n");
    INFO(cmd << ": " << r.out);
    CHECK(r.code == 2);
    CHECK(r.out.find(file + ":6:22: error: empty bid range 5..4: the first number must not exceed the second\n"
                            "bidding { bid number lo..hi }\n"
                            "                     ^\n" +
                     file + ":4:8: note: with the option 'lo' set to 5\n") == 0);
    CHECK(r.out.find("error:", r.out.find("error:") + 1) == std::string::npos);  // once
  }
  // each alone is played
  CHECK(run("sim " + file + " --option lo=5 --games 1 --seed 1").code == 0);
  auto j = run("sim " + file + " --option lo=5 --option hi=4 --games 1 --json", "", true);
  CHECK(j.code == 2);
  CHECK(nlohmann::json::parse(j.out)["diagnostics"][0]["message"] == "empty bid range 5..4: the first number must not exceed the second");
}

TEST_CASE("serve: --allow-host takes host names only, at most 16", "[serve]") {
  auto r = run("serve --allow-host 'bad name' --port 1");
  CHECK(r.code == 2);
  CHECK(r.out == "spades serve: --allow-host: 'bad name' is not a host name (letters, digits, dots and hyphens, at most 253)\n");
  r = run("serve --allow-host a,,b --port 1");
  CHECK(r.code == 2);
  CHECK(r.out == "spades serve: --allow-host: '' is not a host name (letters, digits, dots and hyphens, at most 253)\n");
  r = run("serve --allow-host a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q --port 1");
  CHECK(r.code == 2);
  CHECK(r.out == "spades serve: --allow-host: at most 16 names\n");
}
