// The history of finished games in SQLite (issue 27): a database in a state folder (history.sqlite, WAL
// mode: one writer and any number of readers at once), its schema versioned by PRAGMA user_version and
// migrated in order, a newer schema refused. Finished games go in from their records (games.hpp); the
// queries give past games by ruleset and player, and each player's figures, paged and bounded. A store is
// used by one thread at a time: each thread or process that writes or reads opens its own.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "history/games.hpp"
#include "runtime/limits.hpp"

struct sqlite3;

namespace spades::history {

// The database cannot be used: not opened, locked past the wait, a full disk, a newer schema, not a spades
// history. The message names the database and says why; nothing is half written (each game is stored in
// one transaction).
struct store_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The schema this version writes (migrations 1..current run in order on an older database).
constexpr int schema_version = 2;
constexpr const char* database_file = "history.sqlite";

// Which games a query looks at: a ruleset id, a player's name (exact), and a page of at most
// max_history_page rows (runtime/limits.hpp) from `offset` on.
struct filter {
  std::optional<std::string> ruleset, player;
  int limit = 50;
  int64_t offset = 0;
};

struct game_row {
  int64_t id = 0;
  std::string key, ruleset, game_name, played_at, end;
  int hands = 0;
  std::optional<std::string> winner;
  std::vector<seat_entry> seats;
  std::vector<side_entry> sides;
};

// A player's figures over the games a filter selects; an absent figure: none of the player's games has the
// concept (a variant without a zero-trick bid has no nils; one without a bags counter no bags).
struct player_figures {
  std::string player;
  player_kind kind = player_kind::bot;
  int64_t games = 0, wins = 0;
  std::optional<int64_t> bids_made, sets, nils_made, nils_failed, bags;
};

nlohmann::ordered_json to_json(const game_row& g);
nlohmann::ordered_json to_json(const player_figures& p);

class store {
 public:
  // The database in folder `dir` (created, with the folder's file, when missing). A write waits `busy_ms`
  // for another writer before it fails with "database is locked". Throws store_error.
  static store open(const std::string& dir, int busy_ms = history_busy_ms);
  // A database in memory, gone when the store is: for a command that reads records once (`spades stats`).
  static store in_memory();
  // Opens a database at exactly `path` without migrating it (tests build old schemas with it).
  static store open_file_unmigrated(const std::string& path);

  store(store&&) noexcept;
  store& operator=(store&&) noexcept;
  ~store();

  int version() const;  // the schema's user_version as it stands
  const std::string& path() const { return path_; }

  // Stores a finished game under `key` (who stored it and which game: a table's id and game number, a
  // record's file and game number); false when a game of that key is stored already. Throws store_error.
  bool add_finished_game(const finished_game& g, const std::string& key);
  // Past games, newest first (then by id, newest first).
  std::vector<game_row> games(const filter& f) const;
  // How many games the filter selects (its page aside).
  int64_t count(const filter& f) const;
  // Each player's figures, by name (a name both a person and a bot has is two rows).
  std::vector<player_figures> figures(const filter& f) const;
  // Runs SQL text as it is (tests: an old schema's tables, a newer user_version).
  void exec(const std::string& sql);

 private:
  store(sqlite3* db, std::string path);
  void migrate();
  sqlite3* db_ = nullptr;
  std::string path_;
};

// Every finished game of a record (finished_games) that is not stored yet, each under `key`#N, N its number
// among the record's finished games (stable as the record grows): the one call a table makes when a game
// ends, and `spades stats` per file. Returns how many were added. Throws record_error or store_error.
int add_record(store& db, const variant& v, const nlohmann::ordered_json& record, const std::string& key,
               const std::vector<seat_player>& players, const std::string& ruleset, const std::string& played_at);

}  // namespace spades::history
