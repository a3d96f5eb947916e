// GET /api/history: the past games of the state folder's history (history/), and each player's figures,
// for the history page (web/static/history.html).
#include <cctype>
#include <filesystem>
#include <optional>

#include <fmt/format.h>

#include "history/store.hpp"
#include "web/server/hub.hpp"

namespace spades::web {

namespace {

// A query's value as the browser sent it, percent-decoded ('+' a blank); nullopt when it is malformed.
std::optional<std::string> decoded(const std::string& in) {
  std::string out;
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i] == '+') out += ' ';
    else if (in[i] != '%') out += in[i];
    else if (i + 2 < in.size() && std::isxdigit((unsigned char)in[i + 1]) && std::isxdigit((unsigned char)in[i + 2])) {
      out += (char)std::stoi(in.substr(i + 1, 2), nullptr, 16);
      i += 2;
    } else {
      return std::nullopt;
    }
  }
  return out;
}

answer refused(int status, const std::string& why) { return {status, json{{"error", why}}.dump()}; }

}  // namespace

answer hub::history(const std::string& ruleset, const std::string& player) const {
  if (config_.state_dir.empty())
    return refused(404, "this server keeps no history: start it with --state DIR to keep finished games");
  const std::optional<std::string> r = decoded(ruleset), p = decoded(player);
  if (!r || !p) return refused(400, "a query value is not percent-encoded text");
  if (r->size() > 200 || p->size() > (size_t)max_web_name_bytes)
    return refused(400, fmt::format("a ruleset id is at most 200 bytes and a player's name at most {}", max_web_name_bytes));
  history::filter f;
  if (!r->empty()) f.ruleset = *r;
  if (!p->empty()) f.player = *p;
  f.limit = 100;
  json out{{"games", json::array()}, {"players", json::array()}, {"total", 0}};
  // no database yet: no game has finished here
  if (!std::filesystem::exists(std::filesystem::path(config_.state_dir) / "history.sqlite")) return {200, out.dump()};
  try {
    const history::store db = history::store::open(config_.state_dir);
    for (const history::game_row& g : db.games(f)) out["games"].push_back(history::to_json(g));
    for (const history::player_figures& pf : db.figures(f)) out["players"].push_back(history::to_json(pf));
    out["total"] = db.count(f);
  } catch (const std::exception& e) {
    return refused(503, fmt::format("the history cannot be read: {}", e.what()));
  }
  return {200, out.dump()};
}

}  // namespace spades::web
