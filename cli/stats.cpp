// spades stats [DIR] [--json] [--ruleset ID] [--player NAME]: each player's figures over the games a folder
// of records holds (by default the games `spades play` keeps), through the history library (history/).
#include <algorithm>
#include <chrono>
#include <filesystem>

#include <fmt/chrono.h>
#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "cli/records.hpp"
#include "history/store.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades stats [DIR] [--json] [--ruleset ID] [--player NAME]\n"
    "\n"
    "Each player's figures over the finished games of the game records in DIR (default: the folder\n"
    "where `spades play` keeps its games, $XDG_STATE_HOME/spades, else ~/.local/state/spades): games,\n"
    "wins, bids made, sets, nils made and failed, and bags, one row per player. The records are\n"
    "replayed against their rules (the figures are what the rules give) into a history database held\n"
    "in memory: nothing is written (a folder of kept games not made yet holds no games). You are\n"
    "`you`; a bot is named by its kind and seat (`mc (N)`).\n"
    "A figure the variant has no concept of (no bid of zero tricks, no counter in the role of bags)\n"
    "is shown as `-`, not 0. A file that is not a readable record (truncated, tampered with) is named\n"
    "on standard error with why and skipped. --ruleset ID keeps the games of one ruleset, --player\n"
    "NAME one player's row. --json prints one JSON document: the records read and skipped, the\n"
    "games and the players' figures.\n"
    "\n"
    "exit codes: 0 every record was read, 1 some were skipped (the figures of the others are shown),\n"
    "2 DIR cannot be read or bad usage\n";

namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

// When the file was last written, as history stores it: ISO 8601 in UTC.
std::string written_at(const fs::path& p) {
  std::error_code ec;
  const auto t = fs::last_write_time(p, ec);
  if (ec) return "";
  const auto sys = std::chrono::time_point_cast<std::chrono::seconds>(std::chrono::file_clock::to_sys(t));
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", fmt::gmtime(std::chrono::system_clock::to_time_t(sys)));
}

// The *.json files of `dir`, by name, at most max_stats_records.
std::vector<fs::path> record_files(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw input_error(fmt::format("error: '{}' is not a folder of game records", dir));
  std::vector<fs::path> out;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() != ".json" || !it->is_regular_file(ec)) continue;
    if (out.size() == (size_t)max_stats_records)
      throw input_error(fmt::format("error: '{}' holds more than {} records: name a folder with fewer", dir, max_stats_records));
    out.push_back(it->path());
  }
  if (ec) throw input_error(fmt::format("error: '{}' cannot be read: {}", dir, ec.message()));
  std::sort(out.begin(), out.end());
  return out;
}

// Why a record was skipped: its error without the file's name in front (the report names the file once).
std::string reason(const std::string& file, std::string why) {
  if (why.rfind(file + ": ", 0) == 0) why.erase(0, file.size() + 2);
  return printable(why, std::string::npos);
}

struct imported {
  int records = 0, games = 0;
  json skipped = json::array();
};

// Every finished game of every record of `dir` into the store; a record that cannot be used is skipped.
imported import_records(const std::string& dir, history::store& db) {
  imported out;
  for (const fs::path& p : record_files(dir)) {
    const std::string file = p.string();
    try {
      record_file rf = read_record(file);
      const variant& v = *rf.d.v;
      const auto players = history::record_players(v, rf.d.doc, file, "you");
      const std::string id = fs::path(rf.d.ruleset).stem().string();
      out.games += history::add_record(db, v, rf.d.doc, file, players, id, written_at(p));
      ++out.records;
    } catch (const input_error& e) {
      out.skipped.push_back({{"file", file}, {"error", reason(file, e.what())}});
    } catch (const history::record_error& e) {
      out.skipped.push_back({{"file", file}, {"error", reason(file, e.what())}});
    }
  }
  return out;
}

std::string figure(const std::optional<int64_t>& x) { return x ? std::to_string(*x) : std::string("-"); }

void print_table(const std::string& dir, const imported& in, int64_t games, const std::vector<history::player_figures>& players) {
  fmt::print("{} game{} finished in {} record{} of {}", in.games, in.games == 1 ? "" : "s", in.records, in.records == 1 ? "" : "s", dir);
  fmt::print("{}", games == in.games ? "" : fmt::format(" ({} of them shown)", games));
  fmt::print("{}\n", in.skipped.empty() ? "" : fmt::format("; {} file{} skipped", in.skipped.size(), in.skipped.size() == 1 ? "" : "s"));
  if (players.empty()) {
    fmt::print("no player to show\n");
    return;
  }
  size_t width = 6;
  for (const auto& p : players) width = std::max(width, p.player.size() + 2);
  fmt::print("\n{:<{}}{:<8}{:>6}{:>6}{:>11}{:>6}{:>11}{:>13}{:>6}\n", "player", width, "kind", "games", "wins", "bids made", "sets", "nils made",
             "nils failed", "bags");
  for (const auto& p : players)
    fmt::print("{:<{}}{:<8}{:>6}{:>6}{:>11}{:>6}{:>11}{:>13}{:>6}\n", p.player, width, history::kind_name(p.kind), p.games, p.wins,
               figure(p.bids_made), figure(p.sets), figure(p.nils_made), figure(p.nils_failed), figure(p.bags));
}

}  // namespace

int cmd_stats(int argc, char** argv) {
  if (wants_help(argc, argv, help)) return 0;
  args a = parse_args("stats", argc, argv, {"--json"}, {"--ruleset", "--player"});
  if (a.positional.size() > 1) throw usage_error("name at most one folder of records");
  const std::string dir = a.positional.empty() ? kept_games_folder() : a.positional[0];
  if (dir.empty()) throw usage_error("no folder of kept games (neither XDG_STATE_HOME nor HOME is set): name one");
  history::store db = history::store::in_memory();
  // the folder of kept games not made yet: no game played yet, not an error
  std::error_code ec;
  const bool none_kept = a.positional.empty() && !fs::exists(dir, ec);
  const imported in = none_kept ? imported{} : import_records(dir, db);
  history::filter f;
  if (a.has("--ruleset")) f.ruleset = a.get("--ruleset");
  if (a.has("--player")) f.player = a.get("--player");
  f.limit = max_history_page;
  const std::vector<history::player_figures> players = db.figures(f);
  for (const json& s : in.skipped) fmt::print(stderr, "{}: skipped: {}\n", s["file"].get<std::string>(), s["error"].get<std::string>());
  if (a.has("--json")) {
    json j;
    j["dir"] = dir;
    j["records"] = in.records;
    j["skipped"] = in.skipped;
    j["games"] = json::array();
    for (const auto& g : db.games(f)) j["games"].push_back(history::to_json(g));
    j["players"] = json::array();
    for (const auto& p : players) j["players"].push_back(history::to_json(p));
    fmt::print("{}\n", json_text(j));
  } else {
    print_table(dir, in, db.count(f), players);
  }
  return in.skipped.empty() ? 0 : 1;
}

}  // namespace spades::cli
