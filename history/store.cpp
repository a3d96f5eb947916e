// The history database (store.hpp): SQLite through its C API, every call's result checked and turned into a
// store_error naming the database; the schema's migrations in order, one transaction each.
#include "history/store.hpp"

#include <sqlite3.h>

#include <filesystem>
#include <utility>

#include <fmt/format.h>

#include "runtime/limits.hpp"

namespace spades::history {

namespace {

// 'SPAD': a database this program made says so, and one that says otherwise is not opened as a history.
constexpr int application_id = 0x53504144;

// Migration i takes a database from schema version i to i + 1. Version 1: the games, their sides and seats;
// version 2: each hand's figures per seat, and the index by player.
const char* const migrations[schema_version] = {
    R"(CREATE TABLE games(
         id INTEGER PRIMARY KEY,
         key TEXT NOT NULL UNIQUE,
         ruleset TEXT NOT NULL,
         game_name TEXT NOT NULL,
         played_at TEXT NOT NULL,
         hands INTEGER NOT NULL,
         winner TEXT,
         end_reason TEXT NOT NULL);
       CREATE INDEX games_by_ruleset ON games(ruleset, played_at);
       CREATE TABLE sides(
         game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
         side TEXT NOT NULL, score INTEGER NOT NULL, won INTEGER NOT NULL,
         PRIMARY KEY(game, side));
       CREATE TABLE seats(
         game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
         seat TEXT NOT NULL, side TEXT NOT NULL, player TEXT NOT NULL,
         kind TEXT NOT NULL CHECK(kind IN ('person', 'bot')),
         PRIMARY KEY(game, seat));)",
    R"(CREATE TABLE hands(
         game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
         hand INTEGER NOT NULL, seat TEXT NOT NULL,
         bid TEXT, tricks INTEGER NOT NULL, points INTEGER NOT NULL,
         bid_made INTEGER, side_set INTEGER, nil_bid INTEGER, nil_made INTEGER, bags INTEGER,
         PRIMARY KEY(game, hand, seat));
       CREATE INDEX seats_by_player ON seats(player);)",
};

// A prepared statement, finalized when it goes; bind and step with every error turned into a store_error.
class statement {
 public:
  statement(sqlite3* db, const std::string& path, const char* sql) : db_(db), path_(path) {
    if (sqlite3_prepare_v2(db, sql, -1, &st_, nullptr) != SQLITE_OK) fail();
  }
  ~statement() { sqlite3_finalize(st_); }
  statement(const statement&) = delete;
  statement& operator=(const statement&) = delete;

  statement& bind(int i, const std::string& s) { return check(sqlite3_bind_text(st_, i, s.data(), (int)s.size(), SQLITE_TRANSIENT)); }
  statement& bind(int i, int64_t x) { return check(sqlite3_bind_int64(st_, i, x)); }
  template <class T>
  statement& bind(int i, const std::optional<T>& x) {
    return x ? bind(i, *x) : check(sqlite3_bind_null(st_, i));
  }
  // true while there is a row
  void reset() {
    sqlite3_reset(st_);
    sqlite3_clear_bindings(st_);
  }
  bool step() {
    const int rc = sqlite3_step(st_);
    if (rc == SQLITE_ROW) return true;
    if (rc != SQLITE_DONE) fail();
    return false;
  }
  int64_t integer(int col) const { return sqlite3_column_int64(st_, col); }
  std::optional<int64_t> maybe(int col) const {
    return sqlite3_column_type(st_, col) == SQLITE_NULL ? std::nullopt : std::optional<int64_t>(integer(col));
  }
  std::string text(int col) const {
    const unsigned char* t = sqlite3_column_text(st_, col);
    return t ? std::string(reinterpret_cast<const char*>(t), (size_t)sqlite3_column_bytes(st_, col)) : std::string();
  }
  std::optional<std::string> maybe_text(int col) const {
    return sqlite3_column_type(st_, col) == SQLITE_NULL ? std::nullopt : std::optional<std::string>(text(col));
  }

 private:
  statement& check(int rc) {
    if (rc != SQLITE_OK) fail();
    return *this;
  }
  [[noreturn]] void fail() const { throw store_error(fmt::format("history database '{}': {}", path_, sqlite3_errmsg(db_))); }
  sqlite3* db_;
  const std::string& path_;
  sqlite3_stmt* st_ = nullptr;
};

void run(sqlite3* db, const std::string& path, const std::string& sql) {
  char* err = nullptr;
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    std::string why = err ? err : sqlite3_errmsg(db);
    sqlite3_free(err);
    throw store_error(fmt::format("history database '{}': {}", path, why));
  }
}

// A transaction rolled back unless committed: a failure part way leaves the database as it was.
struct transaction {
  sqlite3* db;
  const std::string& path;
  bool done = false;
  transaction(sqlite3* d, const std::string& p) : db(d), path(p) { run(db, path, "BEGIN IMMEDIATE"); }
  void commit() {
    run(db, path, "COMMIT");
    done = true;
  }
  ~transaction() {
    if (!done) sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
  }
};

int64_t pragma(sqlite3* db, const std::string& path, const char* name) {
  statement q(db, path, fmt::format("PRAGMA {}", name).c_str());
  return q.step() ? q.integer(0) : 0;
}

sqlite3* open_db(const std::string& path, int flags) {
  sqlite3* db = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  if (rc != SQLITE_OK) {
    const std::string why = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    sqlite3_close(db);
    throw store_error(fmt::format("history database '{}': cannot open it: {}", path, why));
  }
  // a writer holding the database makes another wait this long before "database is locked" is reported
  sqlite3_busy_timeout(db, history_busy_ms);
  sqlite3_extended_result_codes(db, 1);
  return db;
}

int page(int limit) { return limit < 1 ? 1 : limit > max_history_page ? max_history_page : limit; }

}  // namespace

store::store(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
store::store(store&& o) noexcept : db_(std::exchange(o.db_, nullptr)), path_(std::move(o.path_)) {}
store& store::operator=(store&& o) noexcept {
  if (this != &o) {
    sqlite3_close(db_);
    db_ = std::exchange(o.db_, nullptr);
    path_ = std::move(o.path_);
  }
  return *this;
}
store::~store() { sqlite3_close(db_); }

store store::open_file_unmigrated(const std::string& path) {
  return store(open_db(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX), path);
}

store store::open(const std::string& dir, int busy_ms) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (!std::filesystem::is_directory(dir, ec)) throw store_error(fmt::format("history database: '{}' is not a folder that can be made", dir));
  store s = open_file_unmigrated((std::filesystem::path(dir) / database_file).string());
  sqlite3_busy_timeout(s.db_, busy_ms);
  // WAL: readers go on while the one writer writes; NORMAL sync is durable at each checkpoint and never corrupts
  {
    statement wal(s.db_, s.path_, "PRAGMA journal_mode=WAL");
    if (!wal.step() || wal.text(0) != "wal") throw store_error(fmt::format("history database '{}': it cannot be put in WAL mode", s.path_));
  }
  run(s.db_, s.path_, "PRAGMA foreign_keys=ON");
  s.migrate();
  return s;
}

store store::in_memory() {
  store s(open_db(":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY | SQLITE_OPEN_NOMUTEX), ":memory:");
  run(s.db_, s.path_, "PRAGMA foreign_keys=ON");
  s.migrate();
  return s;
}

int store::version() const { return (int)pragma(db_, path_, "user_version"); }

void store::exec(const std::string& sql) { run(db_, path_, sql); }

void store::migrate() {
  if (version() == schema_version && pragma(db_, path_, "application_id") == application_id) return;  // nothing to write
  transaction tx(db_, path_);  // one writer at a time: two programs opening a new database migrate it once
  const int64_t id = pragma(db_, path_, "application_id"), at = version();
  if (at > 0 && id != application_id)
    throw store_error(fmt::format("history database '{}': not a spades history (its application id is {})", path_, id));
  if (at > schema_version)
    throw store_error(fmt::format("history database '{}': its schema is version {}, newer than this spades knows ({}): use a newer spades",
                                  path_, at, schema_version));
  if (at == 0 && pragma(db_, path_, "schema_version") > 0 && id != application_id)
    throw store_error(fmt::format("history database '{}': not a spades history (it holds tables of another program)", path_));
  for (int64_t v = at; v < schema_version; ++v) {
    run(db_, path_, migrations[v]);
    run(db_, path_, fmt::format("PRAGMA user_version={}", v + 1));
  }
  run(db_, path_, fmt::format("PRAGMA application_id={}", application_id));
  tx.commit();
}

bool store::add_finished_game(const finished_game& g, const std::string& key) {
  transaction tx(db_, path_);
  {
    statement known(db_, path_, "SELECT 1 FROM games WHERE key = ?1");
    if (known.bind(1, key).step()) return false;
  }
  statement game(db_, path_,
                 "INSERT INTO games(key, ruleset, game_name, played_at, hands, winner, end_reason) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  game.bind(1, key).bind(2, g.ruleset).bind(3, g.game_name).bind(4, g.played_at).bind(5, (int64_t)g.hands).bind(6, g.winner).bind(7, g.end);
  game.step();
  const int64_t id = sqlite3_last_insert_rowid(db_);
  for (const side_entry& sd : g.sides) {
    statement q(db_, path_, "INSERT INTO sides(game, side, score, won) VALUES(?1, ?2, ?3, ?4)");
    q.bind(1, id).bind(2, sd.side).bind(3, sd.score).bind(4, (int64_t)sd.won).step();
  }
  for (const seat_entry& se : g.seats) {
    statement q(db_, path_, "INSERT INTO seats(game, seat, side, player, kind) VALUES(?1, ?2, ?3, ?4, ?5)");
    q.bind(1, id).bind(2, se.seat).bind(3, se.side).bind(4, se.player.name).bind(5, std::string(kind_name(se.player.kind))).step();
  }
  statement hand(db_, path_,
                 "INSERT INTO hands(game, hand, seat, bid, tricks, points, bid_made, side_set, nil_bid, nil_made, bags) "
                 "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)");
  auto wide = [](const std::optional<int>& x) { return x ? std::optional<int64_t>(*x) : std::nullopt; };
  for (const hand_figures& f : g.figures) {
    hand.bind(1, id).bind(2, (int64_t)f.hand).bind(3, f.seat).bind(4, f.bid).bind(5, (int64_t)f.tricks).bind(6, f.points);
    hand.bind(7, wide(f.bid_made)).bind(8, wide(f.side_set)).bind(9, wide(f.nil_bid)).bind(10, wide(f.nil_made)).bind(11, f.bags);
    hand.step();
    hand.reset();
  }
  tx.commit();
  return true;
}

// The games a filter selects, as SQL: ?1 the ruleset or NULL, ?2 the player or NULL.
constexpr const char* selected =
    "SELECT id FROM games WHERE (?1 IS NULL OR ruleset = ?1) AND (?2 IS NULL OR id IN (SELECT game FROM seats WHERE player = ?2))";

std::vector<game_row> store::games(const filter& f) const {
  statement q(db_, path_,
              fmt::format("SELECT id, key, ruleset, game_name, played_at, hands, winner, end_reason FROM games WHERE id IN ({}) "
                          "ORDER BY played_at DESC, id DESC LIMIT ?3 OFFSET ?4",
                          selected)
                  .c_str());
  q.bind(1, f.ruleset).bind(2, f.player).bind(3, (int64_t)page(f.limit)).bind(4, f.offset < 0 ? 0 : f.offset);
  std::vector<game_row> out;
  while (q.step())
    out.push_back({q.integer(0), q.text(1), q.text(2), q.text(3), q.text(4), q.text(7), (int)q.integer(5), q.maybe_text(6), {}, {}});
  for (game_row& g : out) {
    statement seats(db_, path_, "SELECT seat, side, player, kind FROM seats WHERE game = ?1 ORDER BY rowid");
    seats.bind(1, g.id);
    while (seats.step())
      g.seats.push_back({seats.text(0), seats.text(1), {seats.text(2), seats.text(3) == "person" ? player_kind::person : player_kind::bot}});
    statement sides(db_, path_, "SELECT side, score, won FROM sides WHERE game = ?1 ORDER BY rowid");
    sides.bind(1, g.id);
    while (sides.step()) g.sides.push_back({sides.text(0), sides.integer(1), sides.integer(2) != 0});
  }
  return out;
}

int64_t store::count(const filter& f) const {
  statement q(db_, path_, fmt::format("SELECT COUNT(*) FROM ({})", selected).c_str());
  q.bind(1, f.ruleset).bind(2, f.player);
  return q.step() ? q.integer(0) : 0;
}

std::vector<player_figures> store::figures(const filter& f) const {
  // per seat of each game selected, then summed per player: SUM of nothing but NULLs stays NULL (absent)
  statement q(db_, path_,
              fmt::format("WITH per_seat AS ("
                          "  SELECT s.game, s.player, s.kind, sd.won,"
                          "    (SELECT SUM(bid_made) FROM hands h WHERE h.game = s.game AND h.seat = s.seat) AS bids_made,"
                          "    (SELECT SUM(side_set) FROM hands h WHERE h.game = s.game AND h.seat = s.seat) AS sets,"
                          "    (SELECT SUM(nil_made) FROM hands h WHERE h.game = s.game AND h.seat = s.seat) AS nils_made,"
                          "    (SELECT SUM(nil_bid - nil_made) FROM hands h WHERE h.game = s.game AND h.seat = s.seat) AS nils_failed,"
                          "    (SELECT SUM(bags) FROM hands h WHERE h.game = s.game AND h.seat = s.seat) AS bags"
                          "  FROM seats s JOIN sides sd ON sd.game = s.game AND sd.side = s.side"
                          "  WHERE s.game IN ({}) AND (?2 IS NULL OR s.player = ?2))"
                          "SELECT player, kind, COUNT(DISTINCT game), COUNT(DISTINCT CASE WHEN won THEN game END),"
                          "  SUM(bids_made), SUM(sets), SUM(nils_made), SUM(nils_failed), SUM(bags)"
                          "FROM per_seat GROUP BY player, kind ORDER BY player, kind LIMIT ?3 OFFSET ?4",
                          selected)
                  .c_str());
  q.bind(1, f.ruleset).bind(2, f.player).bind(3, (int64_t)page(f.limit)).bind(4, f.offset < 0 ? 0 : f.offset);
  std::vector<player_figures> out;
  while (q.step())
    out.push_back({q.text(0), q.text(1) == "person" ? player_kind::person : player_kind::bot, q.integer(2), q.integer(3), q.maybe(4),
                   q.maybe(5), q.maybe(6), q.maybe(7), q.maybe(8)});
  return out;
}

namespace {

template <class T>
nlohmann::ordered_json or_null(const std::optional<T>& x) {
  return x ? nlohmann::ordered_json(*x) : nlohmann::ordered_json(nullptr);
}

}  // namespace

int add_record(store& db, const variant& v, const nlohmann::ordered_json& record, const std::string& key,
               const std::vector<seat_player>& players, const std::string& ruleset, const std::string& played_at) {
  const std::vector<finished_game> games = finished_games(v, record, key, players, ruleset, played_at);
  int added = 0;
  for (size_t g = 0; g < games.size(); ++g) added += db.add_finished_game(games[g], fmt::format("{}#{}", key, g + 1));
  return added;
}

nlohmann::ordered_json to_json(const game_row& g) {
  nlohmann::ordered_json j;
  j["id"] = g.id;
  j["ruleset"] = g.ruleset;
  j["game"] = g.game_name;
  j["played_at"] = g.played_at;
  j["hands"] = g.hands;
  j["winner"] = or_null(g.winner);
  j["end"] = g.end;
  j["seats"] = nlohmann::ordered_json::array();
  for (const seat_entry& s : g.seats)
    j["seats"].push_back({{"seat", s.seat}, {"side", s.side}, {"player", s.player.name}, {"kind", kind_name(s.player.kind)}});
  j["score"] = nlohmann::ordered_json::object();
  for (const side_entry& s : g.sides) j["score"][s.side] = s.score;
  return j;
}

nlohmann::ordered_json to_json(const player_figures& p) {
  nlohmann::ordered_json j;
  j["player"] = p.player;
  j["kind"] = kind_name(p.kind);
  j["games"] = p.games;
  j["wins"] = p.wins;
  j["bids_made"] = or_null(p.bids_made);
  j["sets"] = or_null(p.sets);
  j["nils_made"] = or_null(p.nils_made);
  j["nils_failed"] = or_null(p.nils_failed);
  j["bags"] = or_null(p.bags);
  return j;
}

}  // namespace spades::history
