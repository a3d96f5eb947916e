// A finished game handed on: said in the server's log, and with --state kept in the history of past games
// (history/, the SQLite database `history.sqlite` in the state folder) with who played it.
#include "web/server/finished.hpp"

#include <chrono>
#include <ctime>

#include <fmt/format.h>

#include "history/store.hpp"

namespace spades::web {

namespace {

// Who sat where, as the history names them: a person by the name the host gave (or the seat's), a bot by
// its kind and seat, "rule (N)", as `spades stats` names the bots of saved games.
std::vector<history::seat_player> players_of(const table_setup& setup) {
  std::vector<history::seat_player> out;
  for (size_t s = 0; s < setup.seats.size(); ++s) {
    const seat_setup& seat = setup.seats[s];
    const std::string& where = setup.v->seat_names[s];
    if (seat.person) out.push_back({seat.name.empty() ? where : seat.name, history::player_kind::person});
    else out.push_back({fmt::format("{} ({})", seat.player(), where), history::player_kind::bot});
  }
  return out;
}

std::string now_utc() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace

void on_game_finished(const finished_game& g) {
  std::string players;
  for (size_t s = 0; s < g.setup.seats.size(); ++s)
    players += fmt::format("{}{} {}", s ? ", " : "", g.setup.v->seat_names[s], printable(g.setup.seats[s].name, 40));
  const json& cases = g.record.contains("cases") ? g.record["cases"] : json::array();
  fmt::print(stderr, "spades serve: table {} finished {} ({} hands; {})\n", g.table, g.setup.v->name, cases.size(), players);
  if (g.state_dir.empty()) return;
  // a store that fails (a full disk, a locked or newer database) loses the game's history, not the game:
  // its record stays in the state folder
  try {
    history::store db = history::store::open(g.state_dir);
    const std::string ruleset = g.setup.v->id.empty() ? g.setup.ruleset : g.setup.v->id;
    history::add_record(db, *g.setup.v, g.record, "table-" + g.table, players_of(g.setup), ruleset, now_utc());
  } catch (const std::exception& e) {
    fmt::print(stderr, "spades serve: table {}: the game is not in the history: {}\n", g.table, e.what());
  }
}

}  // namespace spades::web
