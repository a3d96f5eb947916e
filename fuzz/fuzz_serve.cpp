// libFuzzer target: `spades serve`'s message handling (web/server/hub.hpp) driven without sockets, as the
// WebSocket connections and the lobby drive it. A hub with tables of people and bots (rule and Monte Carlo) in
// rulesets with blind bids, a dummy, passing, a stock to draw from, raises and misdeals is prepared once; each
// input plays on a copy of it.
// Input: a byte picking the table (its high bit: the rest of the input, up to 4 KiB, is a lobby request to open
// a table, then the steps run at that table when it opened; its two high bits 01: the rest is an HTTP request, a
// byte for the method, the target up to a newline, the body), then steps of a byte each: its low two bits pick
// one of four connections, the rest what it sends: a join by a seat's token (valid or not), a move chosen from
// the last view it was sent (any index, any cards), look, hint, undo or agreement to one, up to 64 raw bytes, a
// JSON message of any known type with fuzzed fields, or closing the connection.
// Properties: every HTTP request gets a status and, where JSON, an object (a refusal with its reason); every
// message a connection sends gets at least one answer sent to it, each a JSON object of a known
// type, no larger than a bound; no message sent to a seat shows a card another seat holds that it may not see
// (checked against the table's game itself), nor its own hand at a blind decision; the table's count and the
// messages per step stay bounded; nothing escapes or crashes.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "web/server/http.hpp"

namespace {

using namespace spades;
using namespace spades::web;

struct prepared {
  hub h;
  std::vector<std::string> ids;                  // the tables, in the order a byte picks them
  std::vector<std::vector<std::string>> tokens;  // per table, per seat: its token ("" for a bot)
};

prepared& prepare() {
  static prepared* p = [] {
    hub_config c;
    c.rulesets_dir = FUZZ_RULESETS;
    c.search = {c.rulesets_dir};
    c.seed = 1;        // tables dealt as seed 1 and on deal the same for every run
    c.mc_budget = 8;   // Monte Carlo bots that answer quickly under the sanitizers
    auto* out = new prepared{hub(c), {}, {}};
    const std::vector<std::pair<const char*, std::vector<const char*>>> tables = {
        {"standard", {"person", "rule", "person", "mc"}}, {"german", {"person", "person", "rule", "rule"}},
        {"three-dummy", {"person", "mc", "person", "rule"}}, {"pass3", {"person", "rule", "person", "rule"}},
        {"two", {"person", "rule"}}, {"raise", {"person", "person", "rule", "rule"}}, {"misdeal", {"rule", "person", "rule", "person"}}};
    for (const auto& [id, players] : tables) {
      json seats = json::array();
      for (const char* p : players) seats.push_back({{"player", p}});
      const answer a = out->h.create(json{{"ruleset", id}, {"seats", seats}}.dump());
      if (a.status != 200) __builtin_trap();  // the shipped rulesets open
      const json created = json::parse(a.body);
      out->ids.push_back(created["table"]);
      std::vector<std::string> tokens;
      for (const json& s : created["seats"]) tokens.push_back(s["token"]);
      out->tokens.push_back(tokens);
    }
    return out;
  }();
  return *p;
}

constexpr size_t max_answer_bytes = 1 << 20;  // far above any table's view (the deck, tricks, a long score sheet)

// Every card id a message names as held, seen, playable, drawn or hinted.
std::vector<int> cards_named(const json& m) {
  std::vector<int> out;
  auto add_all = [&](const json& list) {
    if (list.is_array())
      for (const json& x : list) out.push_back(x.get<int>());
  };
  if (m.contains("cards") && m["cards"].is_object()) {
    const json& c = m["cards"];
    if (c.contains("hand")) add_all(c["hand"]);
    if (c.contains("playable")) add_all(c["playable"]);
    if (c.contains("reasons"))
      for (auto it = c["reasons"].begin(); it != c["reasons"].end(); ++it) out.push_back(std::stoi(it.key()));
  }
  if (m.contains("received")) add_all(m["received"]);
  if (m.contains("dummy_cards")) add_all(m["dummy_cards"]);
  if (m.contains("drawn") && m["drawn"].get<int>() >= 0) out.push_back(m["drawn"].get<int>());
  if (m.contains("decision") && m["decision"].is_object() && m["decision"].contains("drawn")) out.push_back(m["decision"]["drawn"].get<int>());
  if (m.contains("card") && m["card"].get<int>() >= 0) out.push_back(m["card"].get<int>());
  if (m.contains("tricks"))
    for (const json& t : m["tricks"])
      for (const json& c : t["cards"]) out.push_back(c["card"].get<int>());
  return out;
}

// A message sent to `seat` at table `t`, against the game as it stands: no card another seat holds unseen
// (but those the seat gave it), and no hand of its own at a decision it may make blind.
void check_sent(const table& t, int seat, const json& m) {
  const game_state& st = t.state();
  card_set unseen;
  for (int o = 0; o < st.v->seats; ++o)
    if (o != seat && !st.exposed(o)) unseen |= st.hands[o];
  unseen = unseen & ~t.memory().given(seat);
  for (int c : cards_named(m))
    if (c < 0 || c >= (int)st.v->cards.size() || unseen.has(c)) __builtin_trap();
  if (m.value("type", "") != "view") return;
  const json& hand = m["cards"]["hand"];
  if (m["decision"].is_object() && m["decision"]["blind"].get<bool>() && !hand.is_null()) __builtin_trap();
  if (!hand.is_null() && hand.size() != (size_t)st.hands[seat].count()) __builtin_trap();
}

struct connection {
  int id = -1;
  int seat = -1;  // known from the hello it was sent
  std::vector<std::string> got;
  json last_view;
};

// The message a step's byte (and the bytes after it) make for connection `c`.
std::string message_for(uint8_t kind, const connection& c, const std::vector<std::string>& tokens, const uint8_t* data, size_t size,
                        size_t& at) {
  auto next = [&]() -> uint8_t { return at < size ? data[at++] : 0; };
  static const char* types[] = {"join", "move", "cards", "look", "hint", "undo", "agree_undo", "", "chat"};
  switch (kind % 8) {
    case 0: {
      const uint8_t b = next();
      return json{{"type", "join"}, {"token", b & 0x80 ? std::string(32, 'a' + b % 6) : tokens[b % tokens.size()]}}.dump();
    }
    case 1: {  // a choice from the view last sent: a legal index or cards from the hand (or anything near them)
      const json& d = c.last_view.is_object() ? c.last_view["decision"] : json(nullptr);
      const uint8_t b = next();
      if (d.is_object() && d.contains("moves") && !d["moves"].empty())
        return json{{"type", "move"}, {"index", d["moves"][b % d["moves"].size()]["index"].get<int>() + (b >> 6) - 1}}.dump();
      json cards = json::array();
      const json& hand = c.last_view.is_object() ? c.last_view["cards"]["hand"] : json(nullptr);
      const int pick = d.is_object() && d.contains("pick") ? d["pick"].get<int>() : 1;
      for (int k = 0; k < pick && hand.is_array() && !hand.empty(); ++k) cards.push_back(hand[(b + k * (next() | 1)) % hand.size()]);
      return json{{"type", "cards"}, {"cards", cards}}.dump();
    }
    case 2: return R"({"type": "look"})";
    case 3: return R"({"type": "hint"})";
    case 4: return next() & 1 ? R"({"type": "agree_undo"})" : R"({"type": "undo"})";
    case 5: {
      const size_t n = std::min<size_t>(next() % 65, size - std::min(at, size));
      std::string raw(reinterpret_cast<const char*>(data + at), n);
      at += n;
      return raw;
    }
    default: {  // a known type with fields of any shape
      json m = {{"type", types[next() % 9]}};
      const uint8_t b = next();
      if (b & 1) m["index"] = (int8_t)next();
      if (b & 2) m["cards"] = json::array({(int8_t)next(), (int8_t)next()});
      if (b & 4) m["cards"] = "AS";
      if (b & 8) m["index"] = 1.5;
      if (b & 16) m["token"] = 7;
      return m.dump();
    }
  }
}

// One message sent and every answer checked. `sent` counts the messages the hub sent during it, to any connection.
void step(hub& h, const std::string& table_id, std::vector<connection>& conns, connection& c, const std::string& text) {
  std::vector<size_t> before;
  for (const connection& x : conns) before.push_back(x.got.size());
  h.receive(c.id, text);
  if (c.got.size() == before[&c - conns.data()]) __builtin_trap();  // every message is answered
  const table* t = h.find_table(table_id);
  size_t sent = 0;
  for (size_t k = 0; k < conns.size(); ++k) {
    connection& x = conns[k];
    sent += x.got.size() - before[k];
    for (size_t i = before[k]; i < x.got.size(); ++i) {
      if (x.got[i].size() > max_answer_bytes) __builtin_trap();
      const json m = json::parse(x.got[i], nullptr, false);
      if (m.is_discarded() || !m.is_object() || !m.contains("type") || !m["type"].is_string()) __builtin_trap();
      const std::string type = m["type"];
      if (type == "refused") {
        if (!m.contains("message") || !m["message"].is_string() || m["message"].get<std::string>().empty()) __builtin_trap();
        continue;
      }
      if (type != "hello" && type != "view" && type != "hint") __builtin_trap();
      if (type == "hello") x.seat = m["seat"].get<int>();
      if (type == "view") x.last_view = m;
      if (!t || x.seat < 0) __builtin_trap();  // a game's message goes only to a seated connection
      check_sent(*t, x.seat, m);
    }
  }
  if (sent > conns.size() + 1) __builtin_trap();  // a view to each connection, a hello besides to the joiner
}

// An HTTP request by method, target and body, routed as the server routes it: a JSON answer is an object, and
// a refusal says why. The workbench's simulation is left out: its bound (500 games) outlasts libFuzzer's time
// limit under the sanitizers.
void http_request(hub& h, const std::vector<std::string>& tokens, const uint8_t* data, size_t size) {
  static const char* methods[] = {"GET", "POST", "PUT"};
  if (size < 1) return;
  const char* end = static_cast<const char*>(std::memchr(data + 1, '\n', size - 1));
  const char* begin = reinterpret_cast<const char*>(data + 1);
  std::string target(begin, end ? end : begin + (size - 1));
  const std::string body = end ? std::string(end + 1, reinterpret_cast<const char*>(data + size)) : "";
  // TOKEN stands for the table's first seat's token, which no input could guess
  for (size_t t = target.find("TOKEN"); t != std::string::npos && !tokens.empty(); t = target.find("TOKEN")) target.replace(t, 5, tokens[0]);
  if (target.rfind("/api/simulate", 0) == 0) return;
  const answer a = route_request(h, methods[data[0] % 3], target, body);
  if (a.status < 200 || a.status > 599) __builtin_trap();
  if (a.type != "application/json") return;
  const json j = json::parse(a.body, nullptr, false);
  if (j.is_discarded() || !j.is_object()) __builtin_trap();
  if (a.status != 200 && (!j.contains("error") || !j["error"].is_string() || j["error"].get<std::string>().empty())) __builtin_trap();
}

}  // namespace

int spades_fuzz_serve(const uint8_t* data, size_t size) {
  prepared& p = prepare();
  if (size < 1) return 0;
  hub h = p.h;
  size_t at = 1;
  std::string id = p.ids[(data[0] & 0x3f) % p.ids.size()];
  std::vector<std::string> tokens = p.tokens[(data[0] & 0x3f) % p.ids.size()];
  if ((data[0] & 0xc0) == 0x40) {  // an HTTP request, and nothing after it
    http_request(h, tokens, data + 1, std::min<size_t>(size - 1, 8192));
    return 0;
  }
  if (data[0] & 0x80) {  // a lobby request: a table opened by it, or a refusal in words
    const size_t n = std::min<size_t>(size - 1, 4096);
    const answer a = h.create(std::string(reinterpret_cast<const char*>(data + 1), n));
    const json body = json::parse(a.body, nullptr, false);
    if (body.is_discarded() || !body.is_object()) __builtin_trap();
    if (a.status != 200) {
      if (!body.contains("error") || !body["error"].is_string() || body["error"].get<std::string>().empty()) __builtin_trap();
      return 0;
    }
    id = body["table"];
    tokens.clear();
    for (const json& s : body["seats"]) tokens.push_back(s["token"]);
    at = 1 + n;
  }
  const size_t tables = h.tables();
  std::vector<connection> conns(4);
  for (size_t k = 0; k < conns.size(); ++k) {
    connection* c = &conns[k];
    c->id = h.open([c](const std::string& m) { c->got.push_back(m); });
  }
  for (int steps = 0; at < size && steps < 200; ++steps) {
    const uint8_t b = data[at++];
    connection& c = conns[b & 3];
    if ((b >> 2) % 16 == 15) {  // closed, and a new connection in its place
      h.close(c.id);
      c = connection{};
      connection* cp = &c;
      c.id = h.open([cp](const std::string& m) { cp->got.push_back(m); });
      continue;
    }
    step(h, id, conns, c, message_for((uint8_t)(b >> 2), c, tokens, data, size, at));
    for (connection& x : conns) x.got.clear();
  }
  if (h.tables() != tables) __builtin_trap();  // a message never opens a table
  return 0;
}

#ifndef SPADES_FUZZ_NO_MAIN
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return spades_fuzz_serve(data, size); }
// The hub and its tables made once before the first input, so that it is not counted against its time limit.
extern "C" int LLVMFuzzerInitialize(int*, char***) { return spades_fuzz_serve(nullptr, 0); }
#endif
