// Game records tampered with, each refusal fed the record that triggers it (issue 31): `replay` and
// `play --resume` name the file and the field or move at fault, and never go on with a record they misread.
#include <catch2/catch.hpp>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <functional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/records.hpp"
#include "hands/record.hpp"
#include "tests/test_util.hpp"

using spades::testing::run;
using spades::testing::slurp;
namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

namespace {

std::string temp_dir() {
  fs::path d = fs::temp_directory_path() / ("spades-refusals-" + std::to_string(::getpid()));
  fs::create_directories(d);
  return d.string();
}

// `doc` changed by `edit`, written to DIR/NAME.json: the path.
template <class Edit>
std::string tampered(const std::string& dir, const std::string& name, ojson doc, Edit edit) {
  edit(doc);
  const std::string path = dir + "/" + name + ".json";
  std::ofstream(path) << doc.dump(1);
  return path;
}

// A game at the table against the rule-following bots, seed 5, left after `lines` answers of a cycle that
// tries bids and every card in turn (refused ones change nothing): a record of your moves and the bots'.
ojson played(const std::string& dir, size_t lines) {
  std::vector<std::string> cycle = {"3", ""};
  for (const char* s : {"S", "H", "D", "C"})
    for (const char* r : {"A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"}) cycle.push_back(std::string(r) + s);
  std::string input;
  for (size_t i = 0; i < lines; ++i) input += cycle[i % cycle.size()] + "\n";
  REQUIRE(run("play --bot rule --seed 5 --record " + dir + "/played.json", input).code == 0);
  return ojson::parse(slurp(dir + "/played.json"));
}

}  // namespace

TEST_CASE("record refusals: play --resume names the field of a record tampered with", "[records]") {
  const std::string dir = temp_dir();
  const ojson doc = played(dir, 60);
  auto resume = [&](const std::string& path) { return run("play --resume " + path, "quit\n"); };

  auto r = resume(tampered(dir, "bot", doc, [](ojson& d) { d["record"]["bot"] = "NS=rule,E=zzz"; }));
  CHECK(r.code == 2);
  CHECK(r.out == dir + "/bot.json: record.bot: unknown bot 'zzz' (bots: rule, random, mc, or exec:CMD)\n");

  r = resume(tampered(dir, "botseat", doc, [](ojson& d) { d["record"]["bot"] = "Q=mc"; }));
  CHECK(r.code == 2);
  CHECK(r.out == dir + "/botseat.json: record.bot: 'Q' is neither a side (NS EW) nor a seat (N E S W)\n");

  r = resume(tampered(dir, "seat", doc, [](ojson& d) { d["record"]["seat"] = "Q"; }));
  CHECK(r.code == 2);
  CHECK(r.out == dir + "/seat.json: record.seat: 'Q' is not a seat of Standard Spades (seats: N E S W)\n");

  r = resume(tampered(dir, "budget", doc, [](ojson& d) { d["record"]["mc_budget"] = 0; }));
  CHECK(r.code == 2);
  CHECK(r.out == dir + "/budget.json: record.mc_budget: 0 is not a number of playouts from 1 to 1000000\n");
  r = resume(tampered(dir, "budget2", doc, [](ojson& d) { d["record"]["mc_budget"] = 2000000; }));
  CHECK(r.out == dir + "/budget2.json: record.mc_budget: 2000000 is not a number of playouts from 1 to 1000000\n");

  r = resume(tampered(dir, "command", doc, [](ojson& d) { d["record"]["command"] = "bogus"; }));
  CHECK(r.code == 2);
  CHECK(r.out == dir + "/command.json: record.command: 'bogus' is none of \"play\", \"sim\" and \"serve\"\n");

  // a card moved from one hand to another: the seed deals otherwise, said before any move is blamed
  const std::string n0 = doc["cases"][0]["deal"]["N"], e0 = doc["cases"][0]["deal"]["E"];
  r = resume(tampered(dir, "deal", doc, [&](ojson& d) {
    d["cases"][0]["deal"]["N"] = e0.substr(0, 2) + n0.substr(2);
    d["cases"][0]["deal"]["E"] = n0.substr(0, 2) + e0.substr(2);
  }));
  CHECK(r.code == 2);
  CHECK(r.out == dir + "/deal.json: game 1, hand 1: deal.N: the record says \"" + e0.substr(0, 2) + n0.substr(2) + "\", seed 5 deals \"" + n0 +
                     "\"\n");
  // every seat dealt as the seed deals it, and N dealt again under its other name: more than the seed deals
  r = resume(tampered(dir, "more", doc, [&](ojson& d) { d["cases"][0]["deal"]["P1"] = n0; }));
  CHECK(r.code == 2);
  CHECK(r.out == dir + "/more.json: game 1, hand 1: deal: the record's deal is not the deal of seed 5\n");
  // a card the deck does not hold
  r = resume(tampered(dir, "deck", doc, [&](ojson& d) { d["cases"][0]["deal"]["W"] = "ZZ " + d["cases"][0]["deal"]["W"].get<std::string>().substr(3); }));
  CHECK(r.code == 2);
  CHECK(r.out.rfind(dir + "/deck.json: game 1, hand 1: deal.W: the record says \"ZZ ", 0) == 0);

  // the same record with its keys sorted (another JSON writer) is the same game: it resumes
  { std::ofstream(dir + "/sorted.json") << nlohmann::json::parse(doc.dump()).dump(); }
  r = resume(dir + "/sorted.json");
  CHECK(r.code == 0);
  CHECK(r.out.find("Resumed " + dir + "/sorted.json: hand ") != std::string::npos);

  // another seed: its deal is not the record's
  r = resume(tampered(dir, "seed", doc, [](ojson& d) { d["record"]["seed"] = 6; }));
  CHECK(r.code == 2);
  CHECK(r.out.rfind(dir + "/seed.json: game 1, hand 1: deal.N: the record says \"" + n0 + "\", seed 6 deals \"", 0) == 0);
  r = run("replay " + dir + "/seed.json");
  CHECK(r.code == 1);
  CHECK(r.out.rfind(dir + "/seed.json: game 1, hand 1: ", 0) == 0);

  // one of your cards replaced by a card another seat holds: illegal at its place
  size_t at = 0;
  const ojson& moves = doc["cases"][0]["moves"];
  while (at < moves.size() && !(moves[at].get<std::string>().rfind("S: ", 0) == 0 && moves[at].get<std::string>().size() == 5)) ++at;
  REQUIRE(at < moves.size());
  r = resume(tampered(dir, "move", doc, [&](ojson& d) { d["cases"][0]["moves"][at] = "S: " + n0.substr(0, 2); }));
  CHECK(r.code == 2);
  CHECK(r.out == fmt::format("{}/move.json: game 1, hand 1, move {} ('S: {}'): S does not hold {}\n", dir, at, n0.substr(0, 2), n0.substr(0, 2)));
}

TEST_CASE("record refusals: the record's own fields, each wrong in turn", "[records]") {
  const std::string dir = temp_dir();
  REQUIRE(run("sim rulesets/standard.spades --games 1 --seed 7 --record " + dir + "/fields.json").code == 0);
  const ojson doc = ojson::parse(slurp(dir + "/fields.json"));
  struct wrong {
    const char* name;
    std::function<void(ojson&)> edit;
    const char* said;  // after "PATH: "
  };
  const wrong cases[] = {
      {"list", [](ojson& d) { d = ojson::array({d}); }, "not a game record (not a JSON object; see spec/records.md)"},
      {"noformat", [](ojson& d) { d["record"].erase("format"); }, "record.format: expected the record's format number"},
      {"format", [](ojson& d) { d["record"]["format"] = 999; }, "record.format: this spades reads records of format 1, not 999"},
      {"nocommand", [](ojson& d) { d["record"]["command"] = 3; }, "record.command: expected \"play\", \"sim\" or \"serve\""},
      {"seed", [](ojson& d) { d["record"]["seed"] = -1; }, "record.seed: expected the game's seed, a whole number"},
      {"seat", [](ojson& d) { d["record"]["seat"] = 3; }, "record.seat: expected a seat name"},
      {"bot", [](ojson& d) { d["record"]["bot"] = 3; }, "record.bot: expected a bot's name"},
      {"options", [](ojson& d) { d["record"]["options"] = 3; }, "record.options: expected an object: option -> value"},
      {"option", [](ojson& d) { d["record"]["options"] = {{"bogus", 1}}; }, "record.options: this variant has no rule options (--option bogus=1)"},
      {"games", [](ojson& d) { d["record"]["games"] = 3; }, "record.games: expected a list of the games finished"},
      {"game", [](ojson& d) { d["record"]["games"][0] = 3; }, "record.games[0]: expected an object (game, cases, over, winner, score, end)"},
      {"cases", [](ojson& d) { d["record"]["games"][0]["cases"] = 0; },
       "record.games[0].cases: expected how many of the cases are the game's hands (1 or more)"},
      // the first hand given as a case of two hands, as a hands file may give them
      {"hands",
       [](ojson& d) {
         ojson hand = d["cases"][0];
         hand.erase("name");
         d["cases"][0] = {{"name", d["cases"][0]["name"]}, {"hands", {hand, hand}}};
       },
       "case 'game 1, hand 1': field 'hands': a record gives each hand as its own case"},
  };
  for (const wrong& w : cases) {
    INFO(w.name);
    const auto r = run("replay " + tampered(dir, w.name, doc, w.edit));
    CHECK(r.code == 2);
    CHECK(r.out == dir + "/" + w.name + ".json: " + w.said + "\n");
  }
}

TEST_CASE("record refusals: a game played to its end is not resumed", "[records]") {
  const std::string dir = temp_dir(), path = dir + "/over.json";
  fs::remove(path);
  // every prompt answered by trying entries in turn, the game played to its end; `no` declines aces'
  // announcement and another game
  std::vector<std::string> cycle = {"3", "", "no"};
  for (const char* s : {"S", "H", "D", "C"})
    for (const char* r : {"A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"}) cycle.push_back(std::string(r) + s);
  cycle.insert(cycle.end(), {"BJ", "LJ"});
  std::string input;
  for (int i = 0; i < 6000; ++i) input += cycle[(size_t)i % cycle.size()] + "\n";
  REQUIRE(run("play aces --bot rule --seed 5 --record " + path, input).code == 0);
  REQUIRE(ojson::parse(slurp(path))["record"]["games"].size() == 1);
  const std::string before = slurp(path);
  const auto r = run("play --resume " + path, "quit\n");
  CHECK(r.code == 2);
  CHECK(r.out == "spades play: the game in '" + path + "' is over: there is nothing to resume\n");
  CHECK(slurp(path) == before);
}

TEST_CASE("record refusals: replay checks record.games against the games replayed", "[records]") {
  const std::string dir = temp_dir();
  REQUIRE(run("sim rulesets/standard.spades --games 2 --seed 7 --record " + dir + "/sim.json").code == 0);
  const ojson doc = ojson::parse(slurp(dir + "/sim.json"));
  REQUIRE(doc["record"]["games"][0]["winner"] == "EW");
  REQUIRE(doc["record"]["games"][0]["cases"] == 8);

  auto r = run("replay " + tampered(dir, "winner", doc, [](ojson& d) { d["record"]["games"][0]["winner"] = "NS"; }));
  CHECK(r.code == 1);
  CHECK(r.out == dir + "/winner.json: record.games[0].winner: the record says \"NS\", the game replayed gives \"EW\"\n");

  r = run("replay " + tampered(dir, "nowinner", doc, [](ojson& d) { d["record"]["games"][0]["winner"] = "ZZ"; }));
  CHECK(r.code == 2);
  CHECK(r.out == dir + "/nowinner.json: record.games[0].winner: \"ZZ\" is not a side of Standard Spades (sides: NS EW)\n");

  r = run("replay " + tampered(dir, "cases", doc, [](ojson& d) { d["record"]["games"][0]["cases"] = 999999; }));
  CHECK(r.code == 2);
  CHECK(r.out == dir + "/cases.json: record.games[0].cases: 999999 cases from case 1 on, but the record holds 15 cases\n");

  r = run("replay " + tampered(dir, "split", doc, [](ojson& d) {
    d["record"]["games"][0]["cases"] = 7;
    d["record"]["games"][1]["cases"] = 8;
  }));
  CHECK(r.code == 1);
  CHECK(r.out == dir + "/split.json: record.games[0].cases: the record says 7, the game replayed gives 8\n");

  r = run("replay " + tampered(dir, "score", doc, [](ojson& d) { d["record"]["games"][1]["score"]["NS"] = 999; }));
  CHECK(r.code == 1);
  CHECK(r.out.rfind(dir + "/score.json: record.games[1].score: the record says {\"NS\":999,", 0) == 0);

  r = run("replay " + tampered(dir, "number", doc, [](ojson& d) { d["record"]["games"][1]["game"] = 5; }));
  CHECK(r.code == 2);
  CHECK(r.out == dir + "/number.json: record.games[1].game: expected 2 (the games are numbered in turn)\n");

  r = run("replay " + tampered(dir, "extra", doc, [](ojson& d) {
    d["record"]["games"][1]["cases"] = 5;
    d["record"]["games"].push_back({{"game", 3}, {"cases", 2}, {"over", true}, {"winner", "NS"}, {"score", {{"NS", 0}, {"EW", 0}}}});
  }));
  CHECK(r.code == 1);
  CHECK(r.out == dir + "/extra.json: record.games[1].cases: the record says 5, the game replayed gives 7\n");

  // a seed that did not deal the games: each game's first hand follows from the seed alone
  r = run("replay " + tampered(dir, "seed", doc, [](ojson& d) { d["record"]["seed"] = 8; }));
  CHECK(r.code == 1);
  CHECK(r.out == dir + "/seed.json: game 1, hand 1: dealer: the record says E, seed 8 gives S\n");

  // a deal that the deck cannot give: a card twice
  r = run("replay " + tampered(dir, "twice", doc, [](ojson& d) {
    std::string n = d["cases"][0]["deal"]["N"];
    d["cases"][0]["deal"]["E"] = n.substr(0, 3) + d["cases"][0]["deal"]["E"].get<std::string>().substr(3);
  }));
  CHECK(r.code == 2);
  CHECK(r.out.find(dir + "/twice.json: case 'game 1, hand 1': field 'deal.E': ") != std::string::npos);
}

TEST_CASE("record refusals: a record over its size limit is refused by name before it is read", "[records]") {
  const std::string dir = temp_dir();
  {
    std::ofstream f(dir + "/huge.json");
    f << "{\"record\": {}}";
  }
  fs::resize_file(dir + "/huge.json", (64u << 20) + 1);  // sparse: no 64 MiB written
  auto r = run("replay " + dir + "/huge.json");
  CHECK(r.code == 2);
  CHECK(r.out == dir + "/huge.json: the record is too large (67108865 bytes; the limit is 64 MiB)\n");
  r = run("play --resume " + dir + "/huge.json", "quit\n");
  CHECK(r.code == 2);
  CHECK(r.out == dir + "/huge.json: the record is too large (67108865 bytes; the limit is 64 MiB)\n");
}

TEST_CASE("record refusals: sim stops its record short of the size limit, says how to split the run, and prints the summary", "[records]") {
  const std::string dir = temp_dir();
  // random bots never reach 500: each game is stopped at the hand limit, about 2 MB of record; the 34th would
  // pass 64 MiB (4 s and 40 MB here; before the games were streamed, 360 MB and no record at all)
  std::ofstream(dir + "/big.json") << "before";
  auto r = run("sim rulesets/standard.spades --games 35 --seed 1 --bots random --record " + dir + "/big.json", "", false);
  CHECK(r.code == 2);
  // standard error's line and the summary, in either order (standard output is written at exit)
  CHECK(r.out.find("Standard Spades: 33 games, 33000 hands (1000.0 per game), seed 1\n") != std::string::npos);
  const std::string said = "spades sim: --record: '" + dir + "/big.json' holds the first 33 of the 35 games: the next would take it past 64 MiB, "
                           "the most `spades replay` and `spades test` read (runtime/limits.hpp); split the run with --shard 1/2 to --shard 2/2, "
                           "each with its own --record (docs/scale-out.md)\n";
  CHECK(r.out.find(said) != std::string::npos);
  CHECK(fs::file_size(dir + "/big.json") <= (64u << 20));
  const nlohmann::json rec = nlohmann::json::parse(slurp(dir + "/big.json"));
  CHECK(rec["record"]["games"].size() == 33);
  CHECK(rec["cases"].size() == 33000);
}

TEST_CASE("records: a record of two games at one table resumes in the second, as it would have gone on", "[records]") {
  const std::string dir = temp_dir();
  // every prompt answered by trying entries in turn; `yes` starts another game after the first (aces'
  // announcement declined with `no`, which comes after it)
  std::vector<std::string> cycle = {"3", "", "yes", "no"};
  for (const char* s : {"S", "H", "D", "C"})
    for (const char* r : {"A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"}) cycle.push_back(std::string(r) + s);
  cycle.insert(cycle.end(), {"BJ", "LJ"});
  std::vector<std::string> lines;
  while (lines.size() < 4000) lines.insert(lines.end(), cycle.begin(), cycle.end());
  auto join = [&](size_t from, size_t to) {
    std::string out;
    for (size_t i = from; i < to; ++i) out += lines[i] + "\n";
    return out;
  };
  REQUIRE(run("play aces --bot rule --seed 5 --record " + dir + "/whole2.json", join(0, 4000)).code == 0);
  REQUIRE(run("play aces --bot rule --seed 5 --record " + dir + "/parts2.json", join(0, 3000)).code == 0);
  const ojson part = ojson::parse(slurp(dir + "/parts2.json"));
  REQUIRE(part["record"]["games"].size() == 1);  // the first game over, the second under way
  REQUIRE(part["cases"].size() > part["record"]["games"][0]["cases"].get<size_t>());
  auto r = run("play --resume " + dir + "/parts2.json", join(3000, 4000));
  CHECK(r.code == 0);
  CHECK(r.out.find("Resumed " + dir + "/parts2.json: hand ") != std::string::npos);
  CHECK(ojson::parse(slurp(dir + "/parts2.json")) == ojson::parse(slurp(dir + "/whole2.json")));
  CHECK(run("replay " + dir + "/whole2.json").code == 0);
}

TEST_CASE("records: one over 64 MiB is never written: the table's save refuses it and leaves the file as it was") {
  // `play` saves the record whole at each decision; past the readers' limit (runtime/limits.hpp) the save
  // refuses rather than write a file that replay, test and resume would refuse. A game of thousands of hands
  // makes such a record at the table; a record whose own description is that large makes it at once.
  auto v = spades::testing::load_ruleset("standard");
  const ojson meta = {{"format", 1}, {"command", "play"}, {"note", std::string((64u << 20) + 1, 'x')}};
  const spades::game_recorder rec(*v, "standard.spades", meta);
  const std::string path = temp_dir() + "/too-large.json";
  std::ofstream(path) << "the last record saved";
  const size_t bytes = rec.text().size();
  CHECK(bytes > (64u << 20));
  try {
    spades::cli::save_record(rec, path);
    FAIL("saved");
  } catch (const spades::cli::input_error& e) {
    CHECK(std::string(e.what()) == fmt::format("cannot write '{}': the record would be {} bytes, over its limit of 64 MiB (runtime/limits.hpp); "
                                               "not written, the file left as it was",
                                               path, bytes));
  }
  CHECK(slurp(path) == "the last record saved");
}
