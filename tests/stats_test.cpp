// spades stats: each player's figures over a folder of game records, as a table and as JSON, filtered by
// ruleset and player; records that cannot be read named and skipped (exit 1); a folder that is none (exit 2).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "runtime/limits.hpp"
#include "tests/test_util.hpp"

using spades::testing::run;
using spades::testing::slurp;
namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const std::string& name) {
  fs::path d = fs::temp_directory_path() / fmt::format("spades-stats-{}-{}", ::getpid(), name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

// A file's time of writing set, so that the games' dates are known.
void written(const fs::path& p, int minutes) {
  using namespace std::chrono;
  const sys_seconds t = sys_days{year{2026} / 11 / 28} + hours{12} + std::chrono::minutes{minutes};
  fs::last_write_time(p, file_clock::from_sys(t));
}

// Two seeded sims recorded into `dir`: standard (3 games) and aces (no Nil, 2 games).
void two_records(const fs::path& dir) {
  REQUIRE(run(fmt::format("sim rulesets/standard.spades --games 3 --seed 11 --record {}/a-standard.json", dir.string())).code == 0);
  REQUIRE(run(fmt::format("sim rulesets/aces.spades --games 2 --seed 3 --record {}/b-aces.json", dir.string())).code == 0);
  written(dir / "a-standard.json", 0);
  written(dir / "b-aces.json", 30);
}

// `text` with each DIR replaced by the folder's path.
std::string in_dir(std::string text, const fs::path& dir) {
  for (size_t at; (at = text.find("DIR")) != std::string::npos;) text.replace(at, 3, dir.string());
  return text;
}

// standard (3 games, seed 11) and aces (2 games, seed 3): every figure, the bots named by seat
const char* const STATS_TABLE =
    "5 games finished in 2 records of DIR\n"
    "\n"
    "player   kind     games  wins  bids made  sets  nils made  nils failed  bags\n"
    "bot (E)  bot          5     3         37     1          3            2    65\n"
    "bot (N)  bot          5     2         38     3          2            0    60\n"
    "bot (S)  bot          5     2         37     3          3            1    60\n"
    "bot (W)  bot          5     3         36     1          4            3    65\n";
// aces alone: no bid of zero tricks, so no nil figures
const char* const STATS_ACES =
    "5 games finished in 2 records of DIR (2 of them shown)\n"
    "\n"
    "player   kind     games  wins  bids made  sets  nils made  nils failed  bags\n"
    "bot (E)  bot          2     1         18     0          -            -    23\n"
    "bot (N)  bot          2     1         18     0          -            -    22\n"
    "bot (S)  bot          2     1         18     0          -            -    22\n"
    "bot (W)  bot          2     1         18     0          -            -    23\n";
const char* const STATS_JSON_N =
    R"j([{"bags":60,"bids_made":38,"games":5,"kind":"bot","nils_failed":0,"nils_made":2,"player":"bot (N)","sets":3,"wins":2}])j";
// the unreadable files first (standard error), then the figures of the records read
const char* const STATS_SKIPPED =
    "DIR/c-truncated.json: skipped: not a game record: not valid JSON (cut short, or no JSON at all; see spec/records.md)\n"
    "DIR/d-junk.json: skipped: not a game record: not valid JSON (cut short, or no JSON at all; see spec/records.md)\n"
    "DIR/e-hands.json: skipped: not a game record: it has no \"record\" object (a hands file is run by `spades test`)\n"
    "DIR/f-tampered.json: skipped: game 1, hand 3: expect.hand_score.NS: the record says 999, the rules give 62\n"
    "5 games finished in 2 records of DIR; 4 files skipped\n"
    "\n"
    "player   kind     games  wins  bids made  sets  nils made  nils failed  bags\n"
    "bot (E)  bot          5     3         37     1          3            2    65\n"
    "bot (N)  bot          5     2         38     3          2            0    60\n"
    "bot (S)  bot          5     2         37     3          3            1    60\n"
    "bot (W)  bot          5     3         36     1          4            3    65\n";

}  // namespace

TEST_CASE("stats: each player's figures over a folder of records, exact", "[stats]") {
  const fs::path dir = fresh_dir("table");
  two_records(dir);
  auto r = run("stats " + dir.string());
  CHECK(r.code == 0);
  CHECK(r.out == in_dir(STATS_TABLE, dir));
  // one ruleset: aces has no bid of zero tricks, so no nils (absent, not 0)
  r = run("stats " + dir.string() + " --ruleset aces");
  CHECK(r.code == 0);
  CHECK(r.out == in_dir(STATS_ACES, dir));
  r = run("stats " + dir.string() + " --player 'bot (N)' --json", "", true);
  CHECK(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["records"] == 2);
  CHECK(j["skipped"].empty());
  CHECK(j["games"].size() == 5);
  CHECK(j["games"][0]["played_at"] == "2026-11-28T12:30:00Z");
  CHECK(j["games"][0]["ruleset"] == "aces");
  CHECK(j["players"].dump() == STATS_JSON_N);
}

TEST_CASE("stats: records that cannot be read are named and skipped, the others counted", "[stats]") {
  const fs::path dir = fresh_dir("bad");
  two_records(dir);
  const std::string whole = slurp(dir / "a-standard.json");
  std::ofstream(dir / "c-truncated.json") << whole.substr(0, whole.size() / 2);
  std::ofstream(dir / "d-junk.json") << "not json at all";
  fs::copy_file(fs::path(SPADES_SOURCE_DIR) / "rulesets/standard.hands.json", dir / "e-hands.json");
  {
    auto doc = nlohmann::ordered_json::parse(whole);
    doc["cases"][2]["expect"]["hand_score"]["NS"] = 999;  // tampered: the rules give otherwise
    std::ofstream(dir / "f-tampered.json") << doc.dump();
  }
  fs::create_directories(dir / "g-folder.json");  // not a file: not read
  auto r = run("stats " + dir.string());
  CHECK(r.code == 1);
  CHECK(r.out == in_dir(STATS_SKIPPED, dir));
}

TEST_CASE("stats: a folder that cannot be read, and bad usage", "[stats]") {
  auto r = run("stats /nonexistent/spades-stats");
  CHECK(r.code == 2);
  CHECK(r.out == "spades stats: '/nonexistent/spades-stats' is not a folder of game records\n");
  r = run("stats a b");
  CHECK(r.code == 2);
  CHECK(r.out == "spades stats: name at most one folder of records\n");
  // the folder of kept games before any game was played: none, not an error
  const fs::path state = fresh_dir("state") / "none";
  int status = 0;
  const std::string out = spades::testing::shell(fmt::format("XDG_STATE_HOME={} {} stats 2>&1", state.string(), SPADES_BINARY), &status);
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(out == "0 games finished in 0 records of " + (state / "spades").string() + "\nno player to show\n");
  CHECK_FALSE(fs::exists(state));  // read, never made
  // an empty folder: no games, nothing to show
  const fs::path dir = fresh_dir("empty");
  r = run("stats " + dir.string());
  CHECK(r.code == 0);
  CHECK(r.out == "0 games finished in 0 records of " + dir.string() + "\nno player to show\n");
}

TEST_CASE("stats: no folder to read: none named and none kept, one it may not list, one of too many records", "[stats]") {
  int status = 0;
  std::string out = spades::testing::shell(fmt::format("env -u HOME -u XDG_STATE_HOME {} stats 2>&1", SPADES_BINARY), &status);
  CHECK(WEXITSTATUS(status) == 2);
  CHECK(out == "spades stats: no folder of kept games (neither XDG_STATE_HOME nor HOME is set): name one\n");
  // a folder whose permissions refuse its listing
  const fs::path closed = fresh_dir("closed");
  fs::permissions(closed, fs::perms::none);
  out = spades::testing::shell(fmt::format("{}{} stats {} 2>&1", spades::testing::unprivileged(), SPADES_BINARY, closed.string()), &status);
  fs::permissions(closed, fs::perms::owner_all);
  CHECK(WEXITSTATUS(status) == 2);
  CHECK(out == fmt::format("spades stats: '{}' cannot be read: Permission denied\n", closed.string()));
  // one record more than stats reads from a folder: names of one empty file (links: 30 times quicker to make
  // than files), refused by their count before any is read
  const fs::path many = fresh_dir("many");
  std::ofstream(many / "r00000.json").close();
  for (int i = 1; i <= spades::max_stats_records; ++i) fs::create_hard_link(many / "r00000.json", many / fmt::format("r{:05}.json", i));
  auto r = run("stats " + many.string());
  CHECK(r.code == 2);
  CHECK(r.out == fmt::format("spades stats: '{}' holds more than 10000 records: name a folder with fewer\n", many.string()));
  fs::remove_all(many);
}

TEST_CASE("stats: a game played at the table: you, a person, and the bots by seat", "[stats]") {
  const fs::path dir = fresh_dir("played");
  // every prompt answered by trying entries in turn (refused ones change nothing) until the game is over;
  // `no` declines aces' announcement and, after the game, another one
  std::vector<std::string> cycle = {"3", "", "no"};
  for (const char* s : {"S", "H", "D", "C"})
    for (const char* r : {"A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"}) cycle.push_back(std::string(r) + s);
  cycle.insert(cycle.end(), {"BJ", "LJ"});
  std::string input;
  for (int i = 0; i < 3000; ++i)
    for (const std::string& c : cycle) input += c + "\n";
  REQUIRE(run("play aces --bot rule --seed 5 --record " + (dir / "g.json").string(), input).code == 0);
  written(dir / "g.json", 0);
  auto r = run("stats " + dir.string());
  CHECK(r.code == 0);
  CHECK(r.out == in_dir("1 game finished in 1 record of DIR\n"
                        "\n"
                        "player    kind     games  wins  bids made  sets  nils made  nils failed  bags\n"
                        "rule (E)  bot          1     1         12     0          -            -    24\n"
                        "rule (N)  bot          1     0          8     4          -            -     9\n"
                        "rule (W)  bot          1     1         12     0          -            -    24\n"
                        "you       person       1     0          8     4          -            -     9\n",
                        dir));
  r = run("stats " + dir.string() + " --player you --json", "", true);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["players"].dump() ==
        R"j([{"bags":9,"bids_made":8,"games":1,"kind":"person","nils_failed":null,"nils_made":null,"player":"you","sets":4,"wins":0}])j");
  CHECK(j["games"][0]["seats"][2].dump() == R"j({"kind":"person","player":"you","seat":"S","side":"NS"})j");
  CHECK(j["games"][0]["winner"] == "EW");
  CHECK(j["games"][0]["score"].dump() == R"j({"EW":514,"NS":219})j");
}
