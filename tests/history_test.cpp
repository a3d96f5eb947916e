// The history of finished games (history/): the SQLite schema created, migrated from version 1 and refused
// when newer; seeded games stored from their records with exact figures, checked against the variant's own
// tallies; absent figures where a variant has no such concept; one writer and readers; `spades stats`.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "history/figures.hpp"
#include "history/store.hpp"
#include "tests/test_util.hpp"

using namespace spades;
using spades::testing::load_ruleset;
using spades::testing::run;
using spades::testing::slurp;
namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

namespace {

fs::path fresh_dir(const std::string& name) {
  fs::path d = fs::temp_directory_path() / fmt::format("spades-history-{}-{}", ::getpid(), name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

// A seeded sim of `games` games recorded into DIR/NAME.json, read back.
ojson sim_record(const fs::path& dir, const std::string& name, const std::string& ruleset, int games, int seed) {
  const std::string path = (dir / (name + ".json")).string();
  REQUIRE(run(fmt::format("sim {} --games {} --seed {} --record {}", ruleset, games, seed, path)).code == 0);
  return ojson::parse(slurp(path));
}

// The sim's own per-side tallies (`spades sim --json`): an independent count of what the variant tallies.
std::map<std::string, int64_t> sim_tallies(const std::string& ruleset, int games, int seed, const std::string& tally) {
  auto r = run(fmt::format("sim {} --games {} --seed {} --json", ruleset, games, seed), "", true);
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  std::map<std::string, int64_t> out;
  for (const auto& [side, t] : j["sides"].items()) out[side] = t[tally].get<int64_t>();
  return out;
}

std::map<std::string, history::player_figures> by_player(const std::vector<history::player_figures>& fs) {
  std::map<std::string, history::player_figures> out;
  for (const auto& f : fs) out[f.player] = f;
  return out;
}

// Version 1 of the schema as it was released: a database made by a spades of that version.
const char* const schema_v1 =
    "CREATE TABLE games(id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, ruleset TEXT NOT NULL, game_name TEXT NOT NULL,"
    " played_at TEXT NOT NULL, hands INTEGER NOT NULL, winner TEXT, end_reason TEXT NOT NULL);"
    "CREATE INDEX games_by_ruleset ON games(ruleset, played_at);"
    "CREATE TABLE sides(game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE, side TEXT NOT NULL, score INTEGER NOT NULL,"
    " won INTEGER NOT NULL, PRIMARY KEY(game, side));"
    "CREATE TABLE seats(game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE, seat TEXT NOT NULL, side TEXT NOT NULL,"
    " player TEXT NOT NULL, kind TEXT NOT NULL CHECK(kind IN ('person', 'bot')), PRIMARY KEY(game, seat));"
    "PRAGMA application_id=1397768516; PRAGMA user_version=1;";

// standard, 4 games of seed 11: nils made and failed on both sides, a set, bags
const char* const FIGURES_GOLDEN =
    R"j({"player":"bot (E)","kind":"bot","games":4,"wins":2,"bids_made":22,"sets":1,"nils_made":3,"nils_failed":3,"bags":51})j"
    "\n"
    R"j({"player":"bot (N)","kind":"bot","games":4,"wins":2,"bids_made":22,"sets":3,"nils_made":4,"nils_failed":0,"bags":42})j"
    "\n"
    R"j({"player":"bot (S)","kind":"bot","games":4,"wins":2,"bids_made":23,"sets":3,"nils_made":3,"nils_failed":1,"bags":42})j"
    "\n"
    R"j({"player":"bot (W)","kind":"bot","games":4,"wins":2,"bids_made":20,"sets":1,"nils_made":6,"nils_failed":3,"bags":51})j"
    "\n";

// partnership, 2 games of seed 5: each side bids as one; sets on both sides
const char* const PARTNERSHIP_GOLDEN =
    R"j({"player":"bot (E)","kind":"bot","games":2,"wins":1,"bids_made":21,"sets":1,"nils_made":null,"nils_failed":null,"bags":34})j"
    "\n"
    R"j({"player":"bot (N)","kind":"bot","games":2,"wins":1,"bids_made":18,"sets":4,"nils_made":null,"nils_failed":null,"bags":17})j"
    "\n"
    R"j({"player":"bot (S)","kind":"bot","games":2,"wins":1,"bids_made":18,"sets":4,"nils_made":null,"nils_failed":null,"bags":17})j"
    "\n"
    R"j({"player":"bot (W)","kind":"bot","games":2,"wins":1,"bids_made":21,"sets":1,"nils_made":null,"nils_failed":null,"bags":34})j"
    "\n";
const char* const TAMPERED_SCORE = "t.json: game 1, hand 2: expect.hand_score.NS: the record says 999, the rules give 63";

}  // namespace

TEST_CASE("history: a new database is made at the current schema, in WAL mode", "[history]") {
  const fs::path dir = fresh_dir("new") / "state";  // the folder is made too
  {
    history::store db = history::store::open(dir.string());
    CHECK(db.version() == history::schema_version);
    CHECK(db.path() == (dir / "history.sqlite").string());
    CHECK(db.games({}).empty());
    CHECK(db.figures({}).empty());
    CHECK(fs::exists(dir / "history.sqlite-wal"));  // WAL mode: the log beside the database while it is open
  }
  // opened again, it is not migrated twice
  CHECK(history::store::open(dir.string()).version() == history::schema_version);
}

TEST_CASE("history: a version 1 database is migrated to the current schema, its games kept", "[history]") {
  const fs::path dir = fresh_dir("v1");
  {
    history::store old = history::store::open_file_unmigrated((dir / "history.sqlite").string());
    old.exec(schema_v1);
    old.exec("INSERT INTO games VALUES(1, 'old#1', 'standard', 'Standard Spades', '2026-01-02T03:04:05Z', 9, 'NS', 'a score reached 500');"
             "INSERT INTO sides VALUES(1, 'NS', 512, 1), (1, 'EW', 300, 0);"
             "INSERT INTO seats VALUES(1, 'N', 'NS', 'Ann', 'person'), (1, 'E', 'EW', 'rule (E)', 'bot'),"
             " (1, 'S', 'NS', 'Bob', 'person'), (1, 'W', 'EW', 'rule (W)', 'bot');");
    CHECK(old.version() == 1);
  }
  history::store db = history::store::open(dir.string());
  CHECK(db.version() == 2);
  const auto games = db.games({});
  REQUIRE(games.size() == 1);
  CHECK(history::to_json(games[0]).dump() ==
        R"j({"id":1,"ruleset":"standard","game":"Standard Spades","played_at":"2026-01-02T03:04:05Z","hands":9,"winner":"NS",)j"
        R"j("end":"a score reached 500","seats":[{"seat":"N","side":"NS","player":"Ann","kind":"person"},)j"
        R"j({"seat":"E","side":"EW","player":"rule (E)","kind":"bot"},{"seat":"S","side":"NS","player":"Bob","kind":"person"},)j"
        R"j({"seat":"W","side":"EW","player":"rule (W)","kind":"bot"}],"score":{"NS":512,"EW":300}})j");
  // a game of version 1 has no hands' figures: games and wins, the rest absent
  const auto ann = db.figures({std::nullopt, std::string("Ann"), 50, 0});
  REQUIRE(ann.size() == 1);
  CHECK(history::to_json(ann[0]).dump() ==
        R"j({"player":"Ann","kind":"person","games":1,"wins":1,"bids_made":null,"sets":null,"nils_made":null,"nils_failed":null,"bags":null})j");
}

TEST_CASE("history: a database of a newer schema, or of another program, is refused and left as it is", "[history]") {
  const fs::path dir = fresh_dir("newer");
  history::store::open(dir.string()).exec("PRAGMA user_version=7");
  const std::string path = (dir / "history.sqlite").string();
  REQUIRE_THROWS_MATCHES(history::store::open(dir.string()), history::store_error,
                         Catch::Message("history database '" + path + "': its schema is version 7, newer than this spades knows (2): use a newer spades"));
  CHECK(history::store::open_file_unmigrated(path).version() == 7);

  const fs::path other = fresh_dir("other");
  history::store::open_file_unmigrated((other / "history.sqlite").string()).exec("CREATE TABLE notes(t TEXT)");
  REQUIRE_THROWS_MATCHES(history::store::open(other.string()), history::store_error,
                         Catch::Message("history database '" + (other / "history.sqlite").string() +
                                        "': not a spades history (it holds tables of another program)"));
  const fs::path junk = fresh_dir("junk");
  std::ofstream(junk / "history.sqlite") << "this is not a database, not even close to one; SQLite reads its header";
  CHECK_THROWS_AS(history::store::open(junk.string()), history::store_error);
}

TEST_CASE("history: seeded games stored from their record give exact figures, and the variant's own tallies agree", "[history]") {
  const fs::path dir = fresh_dir("figures");
  const int games = 4, seed = 11;
  const ojson rec = sim_record(dir, "sim", "rulesets/standard.spades", games, seed);
  auto v = load_ruleset("standard");
  const auto players = history::record_players(*v, rec, "sim.json", "you");
  CHECK(players[0].name == "bot (N)");
  const auto finished = history::finished_games(*v, rec, "sim.json", players, "standard", "2026-11-28T12:00:00Z");
  REQUIRE(finished.size() == games);
  history::store db = history::store::open((dir / "db").string());
  for (size_t g = 0; g < finished.size(); ++g) CHECK(db.add_finished_game(finished[g], fmt::format("sim.json#{}", g + 1)));
  CHECK_FALSE(db.add_finished_game(finished[0], "sim.json#1"));  // stored once
  // the table's one call: the record's finished games not stored yet
  history::store mem = history::store::in_memory();
  CHECK(history::add_record(mem, *v, rec, "sim.json", players, "standard", "2026-11-28T12:00:00Z") == games);
  CHECK(history::add_record(mem, *v, rec, "sim.json", players, "standard", "2026-11-28T12:00:00Z") == 0);
  CHECK(mem.count({}) == games);
  auto fig = by_player(db.figures({}));
  REQUIRE(fig.size() == 4);
  std::string table;
  for (const auto& [name, p] : fig) table += history::to_json(p).dump() + "\n";
  CHECK(table == FIGURES_GOLDEN);
  // the variant tallies sets, nils made and failed per side: the players' figures add up to the same
  for (const auto& [tally, read] : std::vector<std::pair<std::string, std::optional<int64_t> history::player_figures::*>>{
           {"nils_made", &history::player_figures::nils_made}, {"nils_failed", &history::player_figures::nils_failed}, {"sets", &history::player_figures::sets}}) {
    INFO(tally);
    const auto sides = sim_tallies("rulesets/standard.spades", games, seed, tally);
    // a set is the side's: each of its two players counts it
    const int64_t per = tally == "sets" ? 2 : 1;
    CHECK(*(fig["bot (N)"].*read) + *(fig["bot (S)"].*read) == per * sides.at("NS"));
    CHECK(*(fig["bot (E)"].*read) + *(fig["bot (W)"].*read) == per * sides.at("EW"));
  }
  // bags: what a side's counter gained is what it holds at each game's end plus what the penalties took
  // (10 bags each in these games: none came to 20 at once)
  const auto penalties = sim_tallies("rulesets/standard.spades", games, seed, "bag_penalties");
  std::map<std::string, int64_t> held;
  size_t at = 0;
  for (const auto& g : rec["record"]["games"]) {
    at += g["cases"].get<size_t>();
    for (const auto& [side, n] : rec["cases"][at - 1]["expect"]["counters"]["bags"].items()) held[side] += n.get<int64_t>();
  }
  CHECK(*fig["bot (N)"].bags == held["NS"] + 10 * penalties.at("NS"));
  CHECK(*fig["bot (S)"].bags == held["NS"] + 10 * penalties.at("NS"));
  CHECK(*fig["bot (E)"].bags == held["EW"] + 10 * penalties.at("EW"));
}

TEST_CASE("history: a variant without a bid of zero tricks has no nil figures (absent, not 0); a side bidding as one", "[history]") {
  const fs::path dir = fresh_dir("nonil");
  history::store db = history::store::in_memory();
  for (const char* id : {"aces", "partnership"}) {
    INFO(id);
    auto v = load_ruleset(id);
    CHECK_FALSE(history::has_nil_kind(*v));
    CHECK(history::has_bidding(*v));
    const ojson rec = sim_record(dir, id, fmt::format("rulesets/{}.spades", id), 2, 5);
    const auto games = history::finished_games(*v, rec, id, history::record_players(*v, rec, id, "you"), id, "2026-11-28T12:00:00Z");
    REQUIRE(games.size() == 2);
    for (const auto& f : games[0].figures) {
      CHECK_FALSE(f.nil_bid.has_value());
      CHECK_FALSE(f.nil_made.has_value());
      CHECK(f.bid_made.has_value());
      CHECK(f.bags.has_value());
    }
    for (size_t g = 0; g < games.size(); ++g) CHECK(db.add_finished_game(games[g], fmt::format("{}#{}", id, g + 1)));
  }
  std::string table;
  for (const auto& p : db.figures({std::string("partnership"), std::nullopt, 50, 0})) table += history::to_json(p).dump() + "\n";
  CHECK(table == PARTNERSHIP_GOLDEN);
  // the variant's own tally of sets, per side (each of the side's two players counts the side's set)
  const auto sets = sim_tallies("rulesets/partnership.spades", 2, 5, "sets");
  CHECK(sets.at("NS") == 4);
  CHECK(sets.at("EW") == 1);
  CHECK(db.count({std::string("aces"), std::nullopt, 50, 0}) == 2);
  CHECK(db.count({}) == 4);
  // paged: two players a page, from the third on
  const auto page = db.figures({std::nullopt, std::nullopt, 2, 2});
  REQUIRE(page.size() == 2);
  CHECK(page[0].player == "bot (S)");
  CHECK(page[1].player == "bot (W)");
  CHECK(db.games({std::nullopt, std::nullopt, 1, 0}).size() == 1);
}

TEST_CASE("history: a record that does not replay is refused with its place, nothing stored", "[history]") {
  const fs::path dir = fresh_dir("tampered");
  ojson rec = sim_record(dir, "t", "rulesets/standard.spades", 1, 7);
  auto v = load_ruleset("standard");
  const auto players = history::record_players(*v, rec, "t.json", "you");
  rec["cases"][1]["expect"]["hand_score"]["NS"] = 999;
  REQUIRE_THROWS_MATCHES(history::finished_games(*v, rec, "t.json", players, "standard", ""), history::record_error,
                         Catch::Message(TAMPERED_SCORE));
  rec = sim_record(dir, "t", "rulesets/standard.spades", 1, 7);
  rec["record"]["games"][0]["winner"] = rec["record"]["games"][0]["winner"] == "NS" ? "EW" : "NS";
  CHECK_THROWS_AS(history::finished_games(*v, rec, "t.json", players, "standard", ""), history::record_error);
  rec["record"]["games"][0]["cases"] = 99;
  REQUIRE_THROWS_MATCHES(history::finished_games(*v, rec, "t.json", players, "standard", ""), history::record_error,
                         Catch::Message("t.json: record.games[0].cases: 99 cases from case 1 on, but the record holds 8 cases"));
  rec["record"]["bot"] = "Q=mc";
  REQUIRE_THROWS_MATCHES(history::record_players(*v, rec, "t.json", "you"), history::record_error,
                         Catch::Message("t.json: record.bot: 'Q' is neither a side nor a seat"));
}

TEST_CASE("history: one writer and readers at once; a writer kept out is told the database is locked", "[history]") {
  const fs::path dir = fresh_dir("locks");
  const ojson rec = sim_record(dir, "g", "rulesets/standard.spades", 2, 7);
  auto v = load_ruleset("standard");
  const auto games = history::finished_games(*v, rec, "g", history::record_players(*v, rec, "g", "you"), "standard", "2026-11-28T12:00:00Z");
  REQUIRE(games.size() == 2);
  history::store writer = history::store::open(dir.string());
  history::store reader = history::store::open(dir.string(), 0);
  REQUIRE(writer.add_finished_game(games[0], "g#1"));
  writer.exec("BEGIN IMMEDIATE");  // a writer mid-transaction: its game not yet committed
  writer.exec("DELETE FROM games");
  CHECK(reader.count({}) == 1);    // readers go on, and see the last commit
  REQUIRE_THROWS_MATCHES(reader.add_finished_game(games[1], "g#2"), history::store_error,
                         Catch::Message("history database '" + (dir / "history.sqlite").string() + "': database is locked"));
  writer.exec("ROLLBACK");
  CHECK(reader.add_finished_game(games[1], "g#2"));
  CHECK(writer.count({}) == 2);
}

TEST_CASE("history: a full database is reported, the game not half stored", "[history]") {
  const fs::path dir = fresh_dir("full");
  const ojson rec = sim_record(dir, "g", "rulesets/standard.spades", 2, 7);
  auto v = load_ruleset("standard");
  const auto games = history::finished_games(*v, rec, "g", history::record_players(*v, rec, "g", "you"), "standard", "2026-11-28T12:00:00Z");
  history::store db = history::store::open(dir.string());
  REQUIRE(db.add_finished_game(games[0], "g#1"));
  // no page more than it has (SQLite keeps the pages in use): what a full disk does to a write, once the
  // free room in the pages is used up
  db.exec("PRAGMA max_page_count = 1");
  int stored = 1;
  std::string error;
  for (int k = 2; k < 200 && error.empty(); ++k) {
    try {
      stored += db.add_finished_game(games[1], fmt::format("g#{}", k));
    } catch (const history::store_error& e) {
      error = e.what();
    }
  }
  CHECK(error == "history database '" + (dir / "history.sqlite").string() + "': database or disk is full");
  CHECK(db.count({}) == stored);  // the game that did not fit rolled back whole: no game without its seats
  const auto rows = db.games({std::nullopt, std::nullopt, 500, 0});
  for (const auto& g : rows) CHECK(g.seats.size() == 4);
}

TEST_CASE("history: the players of a record, named as the record's bots were given", "[history]") {
  auto v = load_ruleset("standard");
  auto names = [&](const ojson& rec) {
    std::string out;
    for (const auto& p : history::record_players(*v, rec, "r.json", "you")) out += fmt::format("{}{}:{}", out.empty() ? "" : ", ", p.name, history::kind_name(p.kind));
    return out;
  };
  ojson rec = {{"record", {{"command", "play"}, {"seat", "S"}, {"bot", "E=mc,EW=random"}}}};
  CHECK(names(rec) == "rule (N):bot, mc (E):bot, you:person, random (W):bot");  // a seat's own entry over its side's
  rec["record"]["bot"] = "NS=exec:python3 bot.py";
  CHECK(names(rec) == "exec (N):bot, rule (E):bot, you:person, rule (W):bot");
  rec["record"].erase("bot");  // a play record from before record.bot: the rule-following bots
  CHECK(names(rec) == "rule (N):bot, rule (E):bot, you:person, rule (W):bot");
  CHECK(names(ojson{{"record", {{"command", "sim"}}}}) == "bot (N):bot, bot (E):bot, bot (S):bot, bot (W):bot");
  rec["record"]["seat"] = "Q";
  REQUIRE_THROWS_MATCHES(history::record_players(*v, rec, "r.json", "you"), history::record_error,
                         Catch::Message("r.json: record.seat: 'Q' is not a seat"));
}
