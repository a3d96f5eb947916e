// Every table of `spades serve` and every connection to them, apart from the network: the lobby's answers
// (the rulesets, a pasted variant checked, a table opened), the seats' tokens, and the messages of each
// connection in and out. web/server/http.cpp puts it on sockets; the protocol tests drive it directly.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "web/server/table.hpp"

namespace spades::web {

struct hub_config {
  std::string rulesets_dir;         // the rulesets the lobby lists
  std::vector<std::string> search;  // where a base named by id is found (SPADES_PATH, then the rulesets)
  std::string state_dir;            // tables kept here as game records ("": kept in memory only)
  int mc_budget = mc_options{}.budget;
  uint64_t seed = 0;  // nonzero: the n-th table opened is dealt with seed + n (reproducible tables); else /dev/urandom
  // The outside bots the operator registered (`--bot NAME=exec:CMD`), offered in the lobby by name: a request
  // names one of these, never a command.
  std::vector<outside_bot> outside_bots;
  int bot_timeout_ms = default_bot_timeout_ms;
};

// An answer to an HTTP request of the lobby: a status and a JSON body (or a file to download).
struct answer {
  answer() = default;
  answer(int s, std::string b, std::string t = "application/json", std::string f = "")
      : status(s), body(std::move(b)), type(std::move(t)), filename(std::move(f)) {}
  int status = 200;
  std::string body;
  std::string type = "application/json";
  std::string filename;  // a download's name, or ""
};

using send_fn = std::function<void(const std::string&)>;

class hub {
 public:
  explicit hub(hub_config config);
  // A copy holds copies of every table (each its own game from here on) and no connection: the serve fuzzer
  // starts each input from one hub prepared once (fuzz/fuzz_serve.cpp).
  hub(const hub& o);
  answer rulesets() const;                        // GET /api/rulesets
  answer check(const std::string& text) const;    // POST /api/check: a pasted variant's diagnostics or summary
  answer create(const std::string& body);         // POST /api/tables: a table opened, its seats' tokens
  answer download(const std::string& token, bool pbn) const;  // GET /api/record: a finished game's record
  // The workbench (web/server/workbench.cpp): a variant's text checked, explained and compared with its
  // base; and simulated by rule-following bots.
  answer describe(const std::string& text) const;  // POST /api/describe
  answer simulate(const std::string& body) const;  // POST /api/simulate
  // GET /api/history: the finished games kept in the state folder's history (web/server/history_answer.cpp),
  // newest first, and each player's figures; `ruleset` and `player` ("": any) choose among them.
  answer history(const std::string& ruleset, const std::string& player) const;
  // A connection: messages to it go through `send`; the first message it sends joins a seat by token.
  int open(send_fn send);
  void receive(int conn, const std::string& text);
  void close(int conn);
  // The tables saved in the state folder, resumed (a restart). Returns what could not be, one line each.
  std::vector<std::string> resume_saved();
  size_t tables() const { return tables_.size(); }
  const table* find_table(const std::string& id) const;  // the table by its id, or nullptr

  // A variant's explanation as `spades explain` gives it and, with its base, what it changes as `spades diff`
  // does (given by the command, which holds them): {"explain": text, "diff": text}; unset: none.
  std::function<json(const variant& v, const variant* base)> explain_of;
  // A finished game's PBN from its record (and a pasted variant's text), as the command writes it; unset: none.
  std::function<std::string(const std::string& record, const std::string& variant_text, std::string& err)> pbn_of;

 private:
  struct seat_ref {
    std::string table;
    int seat;
  };
  struct connection {
    send_fn send;
    std::string table;
    int seat = -1;
  };
  struct entry {
    std::unique_ptr<table> t;
    std::vector<std::string> tokens;  // per seat: the person's token, or "" for a bot
    bool finished = false;            // on_game_finished was told
    entry(std::unique_ptr<table> table, std::vector<std::string> seat_tokens, bool done)
        : t(std::move(table)), tokens(std::move(seat_tokens)), finished(done) {}
    entry(const entry& o) : t(std::make_unique<table>(*o.t)), tokens(o.tokens), finished(o.finished) {}
    entry(entry&&) = default;
  };
  void join(int conn, const json& msg);
  void refuse(int conn, const std::string& why) const;
  void after_change(const std::string& id);
  void save(const std::string& id, const entry& e) const;
  std::string add_table(table_setup setup, std::vector<std::string> tokens);
  answer setup_of(const json& req, table_setup& out) const;
  std::string resume_one(const json& doc);
  void drop_finished();

  hub_config config_;
  std::vector<json> rulesets_;  // the lobby's list, read once at start
  std::map<std::string, entry> tables_;
  std::map<std::string, seat_ref> tokens_;
  std::map<int, connection> conns_;
  int next_conn_ = 1;
  uint64_t opened_ = 0;  // tables opened since the start
};

// Random hex from the system's CSPRNG (/dev/urandom): seat tokens and table ids.
std::string random_token(int bytes);
uint64_t random_seed();

}  // namespace spades::web
