// The hub's tables and connections: joining a seat by token, each message checked and handed to its table,
// every seat at the table told its own view after each change, tables saved and resumed.
#include "web/server/hub.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "lang/load.hpp"
#include "web/server/finished.hpp"

namespace spades::web {

namespace fs = std::filesystem;

namespace {

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

// Writes `text` into a new file beside `path`, flushed to the disk, then renamed over it: a crash at any point
// leaves the old file or the new one whole.
bool write_durably(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0) return false;
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n <= 0) break;
    done += (size_t)n;
  }
  const bool ok = done == text.size() && ::fsync(fd) == 0;
  ::close(fd);
  if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    return false;
  }
  // the rename itself made durable: the folder's entry flushed
  const int dir = ::open(fs::path(path).parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) ::fsync(dir), ::close(dir);
  return true;
}

}  // namespace

std::string hub::add_table(table_setup setup, std::vector<std::string> tokens) {
  const std::string id = random_token(8);
  entry e{std::make_unique<table>(std::move(setup)), std::move(tokens), false};
  for (size_t s = 0; s < e.tokens.size(); ++s)
    if (!e.tokens[s].empty()) tokens_[e.tokens[s]] = {id, (int)s};
  e.t->advance();
  tables_.emplace(id, std::move(e));
  after_change(id);
  return id;
}

// At the limit of tables, a finished game's table gives way (its record stays in the state folder).
void hub::drop_finished() {
  for (auto it = tables_.begin(); it != tables_.end(); ++it) {
    if (!it->second.t->over()) continue;
    for (const std::string& token : it->second.tokens) tokens_.erase(token);
    for (auto& [n, c] : conns_)
      if (c.table == it->first) c.table.clear(), c.seat = -1;
    if (!config_.state_dir.empty()) {
      const fs::path dir(config_.state_dir);
      std::error_code ec;
      fs::rename(dir / ("table-" + it->first + ".json"), dir / ("finished-" + it->first + ".json"), ec);
    }
    tables_.erase(it);
    return;
  }
}

hub::hub(const hub& o)
    : explain_of(o.explain_of), pbn_of(o.pbn_of), config_(o.config_), rulesets_(o.rulesets_), tables_(o.tables_), tokens_(o.tokens_),
      next_conn_(o.next_conn_), opened_(o.opened_) {}

const table* hub::find_table(const std::string& id) const {
  auto it = tables_.find(id);
  return it == tables_.end() ? nullptr : it->second.t.get();
}

int hub::open(send_fn send) {
  const int id = next_conn_++;
  conns_[id] = {std::move(send), "", -1};
  return id;
}

void hub::close(int conn) { conns_.erase(conn); }

void hub::refuse(int conn, const std::string& why) const {
  auto it = conns_.find(conn);
  if (it != conns_.end()) it->second.send(dump({{"type", "refused"}, {"message", why}}));
}

void hub::receive(int conn, const std::string& text) {
  auto it = conns_.find(conn);
  if (it == conns_.end()) return;
  if (text.size() > max_web_message_bytes)
    return refuse(conn, fmt::format("the message is too large ({} bytes; the limit is {} KiB)", text.size(), max_web_message_bytes >> 10));
  const json msg = json::parse(text, nullptr, false);
  if (msg.is_discarded() || !msg.is_object()) return refuse(conn, "a message is a JSON object");
  if (it->second.seat < 0) return join(conn, msg);
  auto t = tables_.find(it->second.table);
  if (t == tables_.end()) return refuse(conn, "the table is closed");
  act_result r = t->second.t->act(it->second.seat, msg);
  if (!r.refused.empty()) return refuse(conn, r.refused);
  if (!r.reply.is_null()) return it->second.send(dump(r.reply));  // an answer (a hint): the game is as it was
  after_change(it->second.table);
}

void hub::join(int conn, const json& msg) {
  if (msg.value("type", "") != "join" || !msg.contains("token") || !msg["token"].is_string())
    return refuse(conn, "join a seat first: {\"type\": \"join\", \"token\": ...}");
  auto s = tokens_.find(msg["token"].get<std::string>());
  if (s == tokens_.end()) return refuse(conn, "no seat has this token: ask the host for your invitation link");
  int at_table = 0;
  for (const auto& [id, c] : conns_) at_table += c.table == s->second.table;
  if (at_table >= max_web_connections_per_table)
    return refuse(conn, fmt::format("this table has {} connections open, its limit: close a tab", max_web_connections_per_table));
  connection& c = conns_.at(conn);
  c.table = s->second.table;
  c.seat = s->second.seat;
  const table& t = *tables_.at(c.table).t;
  c.send(dump(table_hello(t, c.seat)));
  c.send(dump(t.view_message(c.seat)));
}

// Every connection at the table is sent its seat's view; the table saved; a finished game handed on once.
void hub::after_change(const std::string& id) {
  entry& e = tables_.at(id);
  for (const auto& [n, c] : conns_)
    if (c.table == id) c.send(dump(e.t->view_message(c.seat)));
  save(id, e);
  if (e.t->over() && !e.finished) {
    e.finished = true;
    on_game_finished(finished_game{id, e.t->setup(), e.t->recorder().doc(), config_.state_dir});
  }
}

// The table as a game record (spec/records.md) with what a restart needs in record.serve: the seats' tokens
// and a pasted variant's text.
void hub::save(const std::string& id, const entry& e) const {
  if (config_.state_dir.empty()) return;
  json doc = e.t->recorder().doc();
  doc["record"]["serve"] = {{"table", id}, {"tokens", e.tokens}, {"variant_text", e.t->setup().ruleset_text}};
  const std::string path = (fs::path(config_.state_dir) / ("table-" + id + ".json")).string();
  if (!write_durably(path, doc.dump(2, ' ', false, json::error_handler_t::replace) + "\n"))
    std::fprintf(stderr, "spades serve: cannot save table %s in %s\n", id.c_str(), config_.state_dir.c_str());
}

answer hub::download(const std::string& token, bool pbn) const {
  auto s = tokens_.find(token);
  if (s == tokens_.end()) return {404, dump({{"error", "no seat has this token"}})};
  const table& t = *tables_.at(s->second.table).t;
  // the deck's order and the seed are the game's secrets until it is over
  if (!t.over()) return {409, dump({{"error", "the game is not over: its record is kept until then"}})};
  const std::string text = t.record_text();
  if (!pbn) return {200, text, "application/json", "spades-" + s->second.table + ".json"};
  std::string err;
  const std::string out = pbn_of ? pbn_of(text, t.setup().ruleset_text, err) : std::string();
  if (!pbn_of) err = "this server does not write PBN";
  if (!err.empty()) return {422, dump({{"error", err}})};
  return {200, out, "text/plain; charset=utf-8", "spades-" + s->second.table + ".pbn"};
}

}  // namespace spades::web
