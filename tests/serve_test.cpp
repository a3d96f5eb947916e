// spades serve's protocol, driven through the hub without sockets: whole games through the server's messages,
// what each seat is sent (every message inspected for cards it may not see), and every refusal.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "web/server/hub.hpp"

using namespace spades;
using namespace spades::web;

namespace {

hub_config config(const std::string& state = "") {
  hub_config c;
  c.rulesets_dir = std::string(SPADES_SOURCE_DIR) + "/rulesets";
  c.search = {c.rulesets_dir};
  c.state_dir = state;
  return c;
}

// A browser's connection: every message it was sent, parsed.
struct client {
  hub& h;
  int conn;
  std::vector<json> got;
  explicit client(hub& owner) : h(owner), conn(owner.open([this](const std::string& m) { got.push_back(json::parse(m)); })) {}
  void say(const json& m) { h.receive(conn, m.dump()); }
  const json& last() const { return got.back(); }
  json last_view() const {
    for (auto it = got.rbegin(); it != got.rend(); ++it)
      if ((*it)["type"] == "view") return *it;
    return nullptr;
  }
};

json table_request(const std::vector<std::string>& players, const std::string& ruleset = "standard") {
  json seats = json::array();
  for (const std::string& p : players) seats.push_back({{"player", p}, {"name", p == "person" ? "Ann" : ""}});
  return {{"ruleset", ruleset}, {"seats", seats}};
}

std::string token_of(const json& created, const std::string& seat) {
  for (const json& s : created["seats"])
    if (s["seat"] == seat) return s["token"];
  return "";
}

// The person's move for the decision in the view: look first when it may bid blind; the first legal bid or
// choice (the highest number bid with `high`); the first playable card (of the dummy's, when it plays them); the first
// cards of the hand to pass.
json next_move(const json& v, bool high = false) {
  const json& d = v["decision"];
  if (d["blind"].get<bool>()) return {{"type", "look"}};
  if (d["kind"] == "play") return {{"type", "cards"}, {"cards", {v["cards"]["playable"][0]}}};
  if (d["kind"] == "cards") {
    json cards = json::array();
    for (int i = 0; i < d["pick"].get<int>(); ++i) cards.push_back(v["cards"]["hand"][(size_t)i]);
    return {{"type", "cards"}, {"cards", cards}};
  }
  json chosen = d["moves"][0];
  for (const json& m : d["moves"])  // the highest number bid
    if (high && std::isdigit((unsigned char)m["text"].get<std::string>()[0]) && std::stoi(m["text"].get<std::string>()) > std::atoi(chosen["text"].get<std::string>().c_str()))
      chosen = m;
  return {{"type", "move"}, {"index", chosen["index"]}};
}

// Every card id a view shows as held or given: the seat's hand, its playable cards and reasons, what it
// received, the card it drew, a dummy's.
std::set<int> cards_shown(const json& v) {
  std::set<int> out;
  const json& c = v["cards"];
  if (!c["hand"].is_null())
    for (const json& x : c["hand"]) out.insert(x.get<int>());
  if (c.contains("playable"))
    for (const json& x : c["playable"]) out.insert(x.get<int>());
  if (c.contains("reasons"))
    for (auto it = c["reasons"].begin(); it != c["reasons"].end(); ++it) out.insert(std::stoi(it.key()));
  for (const json& x : v["received"]) out.insert(x.get<int>());
  if (v["drawn"].get<int>() >= 0) out.insert(v["drawn"].get<int>());
  return out;
}

}  // namespace

TEST_CASE("serve: one person and three bots play standard to the end through the messages", "[serve]") {
  hub_config c = config();
  c.seed = 1;  // the table dealt as seed 1 deals
  hub h(c);
  const answer a = h.create(table_request({"rule", "rule", "person", "rule"}).dump());
  REQUIRE(a.status == 200);
  const json created = json::parse(a.body);
  client me(h);
  me.say({{"type", "join"}, {"token", token_of(created, "S")}});
  REQUIRE(me.got.size() == 2);
  CHECK(me.got[0]["type"] == "hello");
  CHECK(me.got[0]["seat_name"] == "S");
  CHECK(me.got[0]["deck"].size() == 52);
  CHECK(me.got[0]["deck"][0]["text"] == "A\u2660");
  int moves = 0;
  while (me.last_view()["decision"].is_object() && moves < 5000) {
    const size_t before = me.got.size();
    me.say(next_move(me.last_view()));
    REQUIRE(me.got.size() > before);
    INFO(me.last().dump());
    REQUIRE(me.last()["type"] == "view");
    ++moves;
  }
  const json end = me.last_view();
  REQUIRE(end.contains("over"));
  // the person's moves (the first bid offered, the first card playable) and the bots' are the seed's
  CHECK(end["over"] == json::parse(R"({"winner": "EW", "winner_team": 1, "reason": "a score reached 500", "hands": 10})"));
  CHECK(end["scores"] == json::parse(R"([{"team": "NS", "score": -2210, "counters": {"bags": 0}}, {"team": "EW", "score": 581, "counters": {"bags": 1}}])"));
  CHECK(end["sheet"][0] == json::parse(R"({"hand": 1, "teams": [
      {"team": "NS", "points": -50, "score": -50, "counters": {"bags": 0}, "rules": "contract: bid 4+1 took 4, -50"},
      {"team": "EW", "points": 63, "score": 63, "counters": {"bags": 3}, "rules": "contract: bid 2+4 took 9, +63, bags 0 -> 3"}]})"));
  CHECK(end["sheet"].size() == end["over"]["hands"].get<size_t>());
  CHECK(end["sheet"][0]["teams"][0]["rules"].get<std::string>().find("contract") != std::string::npos);
  // the record of the finished game, and a refusal while a game goes on
  const answer rec = h.download(token_of(created, "S"), false);
  REQUIRE(rec.status == 200);
  const json doc = json::parse(rec.body);
  CHECK(doc["record"]["command"] == "serve");
  CHECK(doc["cases"].size() == end["over"]["hands"].get<size_t>());
}

TEST_CASE("serve: a seat is sent none of another seat's cards, in any message", "[serve]") {
  hub h(config());
  const json created = json::parse(h.create(table_request({"person", "rule", "person", "rule"}).dump()).body);
  client north(h), south(h);
  north.say({{"type", "join"}, {"token", token_of(created, "N")}});
  south.say({{"type", "join"}, {"token", token_of(created, "S")}});
  int checked = 0;
  for (int step = 0; step < 400; ++step) {
    // every message each has been sent so far against the other's hand as the other sees it now
    const json nv = north.last_view(), sv = south.last_view();
    std::set<int> n_hand, s_hand;
    for (const json& x : nv["cards"]["hand"].is_null() ? json::array() : nv["cards"]["hand"]) n_hand.insert(x.get<int>());
    for (const json& x : sv["cards"]["hand"].is_null() ? json::array() : sv["cards"]["hand"]) s_hand.insert(x.get<int>());
    for (const json& m : north.got)
      if (m["type"] == "view" && m["hand_number"] == nv["hand_number"])
        for (int c : cards_shown(m)) {
          CHECK_FALSE(s_hand.count(c));
          ++checked;
        }
    for (const json& m : south.got)
      if (m["type"] == "view" && m["hand_number"] == sv["hand_number"])
        for (int c : cards_shown(m)) {
          CHECK_FALSE(n_hand.count(c));
          ++checked;
        }
    client& mover = nv["decision"].is_object() ? north : south;
    const json mv = mover.last_view();
    if (!mv["decision"].is_object()) break;
    // before it looks a blind bidder sees no card of its own
    if (mv["decision"]["blind"].get<bool>()) CHECK(mv["cards"]["hand"].is_null());
    mover.say(next_move(mv));
  }
  CHECK(checked > 1000);
  // no view holds the seed or the deck's order
  for (const json& m : north.got) CHECK(m.dump().find("seed") == std::string::npos);
}

TEST_CASE("serve: refusals", "[serve]") {
  hub h(config());
  const json created = json::parse(h.create(table_request({"rule", "rule", "person", "rule"}).dump()).body);
  client me(h);
  SECTION("a message before joining, and a bad token") {
    me.say({{"type", "cards"}, {"cards", {1}}});
    CHECK(me.last()["message"] == "join a seat first: {\"type\": \"join\", \"token\": ...}");
    me.say({{"type", "join"}, {"token", "00112233445566778899aabbccddeeff"}});
    CHECK(me.last()["message"] == "no seat has this token: ask the host for your invitation link");
  }
  SECTION("an oversize message, and one that is no JSON object") {
    me.h.receive(me.conn, std::string(max_web_message_bytes + 1, ' '));
    CHECK(me.last()["message"] == "the message is too large (2097153 bytes; the limit is 2048 KiB)");
    me.h.receive(me.conn, "[1, 2]");
    CHECK(me.last()["message"] == "a message is a JSON object");
  }
  SECTION("an illegal card is refused with the engine's reason") {
    me.say({{"type", "join"}, {"token", token_of(created, "S")}});
    while (me.last_view()["decision"]["kind"] != "play") me.say(next_move(me.last_view()));
    json v = me.last_view();
    // play on until a decision where some card may not be played
    while (v["cards"]["reasons"].empty()) {
      me.say(next_move(v));
      v = me.last_view();
      REQUIRE(v["decision"].is_object());
      while (v["decision"]["kind"] != "play") me.say(next_move(v)), v = me.last_view();
    }
    const auto it = v["cards"]["reasons"].begin();
    me.say({{"type", "cards"}, {"cards", {std::stoi(it.key())}}});
    CHECK(me.last()["type"] == "refused");
    CHECK(me.last()["message"] == it.value());
    CHECK_FALSE(it.value().get<std::string>().empty());
    // a card that is not in the hand, and a move out of turn's index
    int other = 0;
    while (std::count(v["cards"]["hand"].begin(), v["cards"]["hand"].end(), json(other))) ++other;
    me.say({{"type", "cards"}, {"cards", {other}}});
    CHECK(me.last()["message"] == "that card is not in the hand you play from");
    me.say({{"type", "move"}, {"index", 0}});
    CHECK(me.last()["message"] == "choose cards for this decision");
    CHECK(h.download(token_of(created, "S"), false).status == 409);
  }
  SECTION("too many tables") {
    for (int i = 1; i < max_web_tables; ++i) REQUIRE(h.create(table_request({"rule", "rule", "person", "rule"}).dump()).status == 200);
    const answer a = h.create(table_request({"rule", "rule", "person", "rule"}).dump());
    CHECK(a.status == 503);
    CHECK(json::parse(a.body)["error"] == "this server has 64 tables open, its limit: try again when a game has ended");
  }
  SECTION("too many connections at a table") {
    std::vector<std::unique_ptr<client>> tabs;
    for (int i = 0; i < max_web_connections_per_table + 1; ++i) {
      tabs.push_back(std::make_unique<client>(h));
      tabs.back()->say({{"type", "join"}, {"token", token_of(created, "S")}});
    }
    CHECK(tabs.back()->last()["message"] == "this table has 16 connections open, its limit: close a tab");
    CHECK(tabs.front()->got.size() >= 2);
  }
}

TEST_CASE("serve: the lobby's refusals and a pasted variant's diagnostics", "[serve]") {
  hub h(config());
  const json bad = json::parse(h.check("game \"x\"\nextends \"standard\"\nbidding { nil worth 50 }\n").body);
  REQUIRE(bad["ok"] == false);
  CHECK(bad["diagnostics"][0]["line"] == 3);
  CHECK(bad["diagnostics"][0]["rendered"].get<std::string>().rfind("pasted.spades:3:", 0) == 0);
  const json path = json::parse(h.check("extends \"../../etc/passwd\"\n").body);
  CHECK(path["error"] == "a pasted variant extends a ruleset by its id (extends \"standard\"), not by a path: '../../etc/passwd'");
  CHECK(h.check(std::string(max_web_variant_bytes + 1, '#')).status == 413);
  const json good = json::parse(h.check("game \"<script>alert(1)</script>\"\nextends \"standard\"\n").body);
  CHECK(good["variant"]["name"] == "<script>alert(1)</script>");
  auto refused = [&](const json& req) { return json::parse(h.create(req.dump()).body)["error"].get<std::string>(); };
  CHECK(refused(table_request({"rule", "rule", "rule", "rule"})) == "seat at least one person: a table of bots alone is `spades sim`");
  CHECK(refused(table_request({"rule", "person"})) == "seats: expected one entry per seat (4)");
  CHECK(refused(table_request({"rule", "rule", "person", "robot"})) == "seat W: 'robot' is neither a person nor a bot (rule, mc)");
  CHECK(refused(table_request({"rule", "rule", "person", "rule"}, "../x")) == "ruleset: expected a ruleset's id");
  json long_name = table_request({"rule", "rule", "person", "rule"});
  long_name["seats"][2]["name"] = std::string(41, 'a');
  CHECK(refused(long_name) == "the name at seat S is too long (41 bytes; the limit is 40)");
  json bad_option = table_request({"rule", "rule", "person", "rule"});
  bad_option["options"] = {{"target", "many"}};
  CHECK(refused(bad_option).rfind("unknown rule option 'target'", 0) == 0);
}

TEST_CASE("serve: undo against bots goes back to the person's previous decision; hint", "[serve]") {
  hub h(config());
  const json created = json::parse(h.create(table_request({"rule", "rule", "person", "rule"}).dump()).body);
  client me(h);
  me.say({{"type", "undo"}});
  CHECK(me.last()["message"] == "join a seat first: {\"type\": \"join\", \"token\": ...}");
  me.say({{"type", "join"}, {"token", token_of(created, "S")}});
  me.say({{"type", "undo"}});
  CHECK(me.last()["message"] == "nothing to undo: you have made no decision yet");
  while (me.last_view()["decision"]["kind"] != "play") me.say(next_move(me.last_view()));
  const json first = me.last_view();
  me.say({{"type", "hint"}});
  CHECK(me.last()["type"] == "hint");
  const json playable = first["cards"]["playable"];
  CHECK(std::count(playable.begin(), playable.end(), me.last()["card"]) == 1);
  me.say(next_move(first));
  REQUIRE(me.last_view()["decision"]["kind"] == "play");
  CHECK(me.last_view()["cards"]["hand"] != first["cards"]["hand"]);
  me.say({{"type", "undo"}});
  CHECK(me.last_view()["cards"]["hand"] == first["cards"]["hand"]);
  CHECK(me.last_view()["tricks"] == first["tricks"]);
}

TEST_CASE("serve: with two people, undo waits for the other's agreement", "[serve]") {
  hub h(config());
  const json created = json::parse(h.create(table_request({"person", "rule", "person", "rule"}).dump()).body);
  client north(h), south(h);
  north.say({{"type", "join"}, {"token", token_of(created, "N")}});
  south.say({{"type", "join"}, {"token", token_of(created, "S")}});
  client& first = north.last_view()["decision"].is_object() ? north : south;
  client& second = &first == &north ? south : north;
  const json before = first.last_view();
  first.say(next_move(before));
  if (first.last_view()["decision"].is_object()) first.say(next_move(first.last_view()));
  first.say({{"type", "undo"}});
  CHECK(second.last_view()["undo_asked_by"] == first.last_view()["seat"]);
  CHECK(second.last_view()["undo_agreed"] == false);
  second.say({{"type", "agree_undo"}});
  CHECK(first.last_view()["undo_asked_by"] == -1);
  CHECK(first.last_view()["decision"] == before["decision"]);
}

TEST_CASE("serve: with a state folder, a table is saved as a record and resumed after a restart", "[serve]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("spades-serve-test-" + random_token(6));
  fs::create_directories(dir);
  json before;
  std::string token;
  {
    hub h(config(dir.string()));
    const json created = json::parse(h.create(table_request({"rule", "mc", "person", "rule"}).dump()).body);
    token = token_of(created, "S");
    client me(h);
    me.say({{"type", "join"}, {"token", token}});
    for (int i = 0; i < 6; ++i) me.say(next_move(me.last_view()));
    before = me.last_view();
  }
  std::vector<fs::path> files;
  for (const auto& f : fs::directory_iterator(dir)) files.push_back(f.path());
  REQUIRE(files.size() == 1);  // the record, and no temporary file left beside it
  CHECK(files[0].filename().string().rfind("table-", 0) == 0);
  const json saved = json::parse(std::ifstream(files[0]));
  CHECK(saved["record"]["command"] == "serve");
  CHECK(saved["record"]["seats"][1]["player"] == "mc");
  hub again(config(dir.string()));
  CHECK(again.resume_saved().empty());
  CHECK(again.tables() == 1);
  client me(again);
  me.say({{"type", "join"}, {"token", token}});
  CHECK(me.last_view() == before);
  // a record that does not follow from its seed is refused, with the move that shows it
  json wrong = saved;
  wrong["cases"][0]["moves"][0] = "N: 13";
  std::ofstream(files[0]) << wrong.dump();
  hub third(config(dir.string()));
  const std::vector<std::string> problems = third.resume_saved();
  REQUIRE(problems.size() == 1);
  // the bot's own first bid differs, or (when S bids first) a bot's move stands where the person's is due
  INFO(problems[0]);
  CHECK((problems[0].find("move 0 ('N: 13'): the record does not follow from its seed") != std::string::npos ||
         problems[0].find("move 0 ('N: 13'): not a person's move where the bots have played theirs") != std::string::npos));
  fs::remove_all(dir);
}

TEST_CASE("serve: the workbench simulates a variant within its bound, seeded", "[serve]") {
  hub h(config());
  const std::string text = "extends \"standard\"\ngame \"Short\"\nend {\n  target 200\n}\n";
  const answer a = h.simulate(json{{"text", text}, {"games", 12}}.dump());
  REQUIRE(a.status == 200);
  const json r = json::parse(a.body);
  CHECK(r["games"] == 12);
  CHECK(r["teams"] == json::array({"NS", "EW"}));
  CHECK(r["wins"][0].get<int>() + r["wins"][1].get<int>() + r["draws"].get<int>() + r["stopped"].get<int>() == 12);
  CHECK(r["hand_scores"][0].size() == r["hands"].get<size_t>());
  CHECK(json::parse(h.simulate(json{{"text", text}, {"games", 12}}.dump()).body) == r);  // the same seeds, the same games
  CHECK(json::parse(h.simulate(json{{"text", text}, {"games", max_web_sim_games + 1}}.dump()).body)["error"] ==
        "games: from 1 to 500 (the workbench's limit; `spades sim` plays more)");
  CHECK(h.simulate("{}").status == 400);
  const answer broken = h.simulate(json{{"text", "game \"x\"\nbogus\n"}}.dump());
  CHECK(broken.status == 400);
  CHECK(json::parse(broken.body)["diagnostics"][0]["line"] == 2);
  // without the command's explanations, describe is check
  CHECK(json::parse(h.describe(text).body) == json::parse(h.check(text).body));
}

TEST_CASE("serve: a dummy's hand is shown once exposed, and played by the person it is given to", "[serve]") {
  hub h(config());
  json req = table_request({"rule", "rule", "person", "rule"}, "three-dummy");
  CHECK(json::parse(h.create(req.dump()).body)["seats"][3]["player"] == "rule");
  req["seats"][3]["player"] = "person";
  CHECK(json::parse(h.create(req.dump()).body)["error"] == "seat W is the dummy, at which no one sits");
  req["seats"][3]["player"] = "rule";
  const json created = json::parse(h.create(req.dump()).body);
  client me(h);
  me.say({{"type", "join"}, {"token", token_of(created, "S")}});
  int for_dummy = 0, hidden = 0;
  for (int moves = 0; me.last_view()["decision"].is_object() && moves < 5000; ++moves) {
    const json v = me.last_view();
    if (v["phase"] == "bid") {
      CHECK(v["dummy"] == -1);
      CHECK(v["dummy_cards"].empty());
      ++hidden;
    }
    if (v["decision"]["kind"] == "play" && v["decision"]["for_dummy"].get<bool>()) {
      ++for_dummy;
      CHECK(v["dummy"] == 3);
      const json playable = v["cards"]["playable"];
      for (const json& c : playable) CHECK(std::count(v["dummy_cards"].begin(), v["dummy_cards"].end(), c) == 1);
    }
    me.say(next_move(v, true));
  }
  CHECK(me.last_view().contains("over"));
  CHECK(hidden > 0);
  CHECK(for_dummy > 0);
}

TEST_CASE("serve: a blind bid is offered before the seat sees its cards, which come when it looks", "[serve]") {
  hub_config c = config();
  c.seed = 3;
  hub h(c);
  // a deal where S bids before its partner (its blind bid still open): the tables of seeds 3, 4 ... in turn
  std::unique_ptr<client> seated;
  for (int i = 0; i < 10 && !seated; ++i) {
    const json created = json::parse(h.create(table_request({"rule", "rule", "person", "rule"}, "blind6").dump()).body);
    auto me = std::make_unique<client>(h);
    me->say({{"type", "join"}, {"token", token_of(created, "S")}});
    if (me->last_view()["decision"].is_object() && me->last_view()["decision"]["blind"] == true) seated = std::move(me);
  }
  REQUIRE(seated);
  client& me = *seated;
  const json v = me.last_view();
  CHECK(v["cards"]["hand"].is_null());
  CHECK(v["cards"]["held"] == 13);
  std::set<int> offered;
  for (const json& m : v["decision"]["moves"]) {
    CHECK(m["text"].get<std::string>().rfind("blind ", 0) == 0);
    offered.insert(m["index"].get<int>());
  }
  int seen = 0;
  while (offered.count(seen)) ++seen;
  me.say({{"type", "move"}, {"index", seen}});
  CHECK(me.last()["message"] == "that is not a blind bid: look at your cards first");
  me.say({{"type", "look"}});
  CHECK(me.last_view()["cards"]["hand"].size() == 13);
  CHECK(me.last_view()["decision"]["blind"] == false);
  me.say({{"type", "look"}});
  CHECK(me.last()["message"] == "you have already looked at your cards");
}

TEST_CASE("serve: a seat whose every bid is blind (after partner's `go blind`) is refused a look", "[serve]") {
  hub_config c = config();
  c.seed = 1;  // as `spades play --seed 1` deals: N deals, E and S (N's partner) go blind, W bids blind 6
  hub h(c);
  const json created = json::parse(h.create(table_request({"person", "rule", "rule", "rule"}, "highground-exact").dump()).body);
  client me(h);
  me.say({{"type", "join"}, {"token", token_of(created, "N")}});
  const json v = me.last_view();
  REQUIRE(v["decision"].is_object());
  REQUIRE(v["decision"]["blind"] == true);
  CHECK(v["cards"]["hand"].is_null());
  for (const json& m : v["decision"]["moves"]) CHECK(m["text"].get<std::string>().rfind("blind ", 0) == 0);
  me.say({{"type", "look"}});
  CHECK(me.last()["type"] == "refused");
  CHECK(me.last()["message"] == "you may not look now: every bid open to you is blind");
  CHECK(me.last_view()["cards"]["hand"].is_null());  // still unseen
  // a blind bid is taken: the cards come with the next decision
  me.say({{"type", "move"}, {"index", v["decision"]["moves"][0]["index"]}});
  CHECK(me.last()["type"] == "view");
  CHECK(me.last_view()["cards"]["hand"].is_array());
}

TEST_CASE("serve: with a state folder a finished game goes into the history, which /api/history shows", "[serve]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("spades-serve-history-" + random_token(6));
  fs::create_directories(dir);
  hub_config c = config(dir.string());
  c.seed = 1;  // the game of the first test: EW win 581 to -2210 after 10 hands
  hub h(c);
  // no game finished yet: an empty history, not an error
  CHECK(json::parse(h.history("", "").body) == json::parse(R"({"games": [], "players": [], "total": 0})"));
  const json created = json::parse(h.create(table_request({"rule", "rule", "person", "rule"}).dump()).body);
  client me(h);
  me.say({{"type", "join"}, {"token", token_of(created, "S")}});
  for (int moves = 0; me.last_view()["decision"].is_object() && moves < 5000; ++moves) me.say(next_move(me.last_view()));
  REQUIRE(me.last_view().contains("over"));
  CHECK(fs::exists(dir / "history.sqlite"));
  const json all = json::parse(h.history("", "").body);
  REQUIRE(all["games"].size() == 1);
  const json& g = all["games"][0];
  CHECK(g["ruleset"] == "standard");
  CHECK(g["hands"] == 10);
  CHECK(g["winner"] == "EW");
  CHECK(g["score"] == json::parse(R"({"NS": -2210, "EW": 581})"));
  CHECK(g["seats"][2] == json::parse(R"({"seat": "S", "side": "NS", "player": "Ann", "kind": "person"})"));
  CHECK(g["seats"][0]["player"] == "rule (N)");
  // the person's figures over the one game: played, lost, and the figures standard has (none absent)
  const json ann = json::parse(h.history("", "Ann").body);
  REQUIRE(ann["players"].size() == 1);
  CHECK(ann["players"][0]["player"] == "Ann");
  CHECK(ann["players"][0]["games"] == 1);
  CHECK(ann["players"][0]["wins"] == 0);
  for (const char* k : {"bids_made", "sets", "nils_made", "nils_failed", "bags"}) CHECK(ann["players"][0][k].is_number());
  // a name as the browser encodes it; another ruleset's games: none
  CHECK(json::parse(h.history("", "rule%20(N)").body)["players"][0]["player"] == "rule (N)");
  CHECK(json::parse(h.history("nyc", "").body)["total"] == 0);
  // refusals
  const answer bad = h.history("", "%zz");
  CHECK(bad.status == 400);
  CHECK(json::parse(bad.body)["error"] == "a query value is not percent-encoded text");
  const answer none = hub(config()).history("", "");
  CHECK(none.status == 404);
  CHECK(json::parse(none.body)["error"] == "this server keeps no history: start it with --state DIR to keep finished games");
  fs::remove_all(dir);
}

namespace {

// A hub whose operator registered the example Python bot as `pyrandom` (spades serve --bot pyrandom=exec:...).
hub_config with_outside_bot() {
  hub_config c = config();
  c.seed = 1;
  c.outside_bots = {{"pyrandom", "/usr/bin/python3 " + std::string(SPADES_SOURCE_DIR) + "/docs/examples/bots/random_bot.py"}};
  return c;
}

}  // namespace

TEST_CASE("serve: an outside bot the operator registered is offered in the lobby and plays a table to the end", "[serve]") {
  hub h(with_outside_bot());
  CHECK(json::parse(h.rulesets().body)["bots"] == json::parse(R"(["mc", "rule", "pyrandom"])"));
  const answer a = h.create(table_request({"pyrandom", "rule", "person", "rule"}).dump());
  REQUIRE(a.status == 200);
  const json created = json::parse(a.body);
  CHECK(created["seats"][0] == json::parse(R"({"seat": "N", "name": "pyrandom bot", "player": "pyrandom", "token": ""})"));
  client me(h);
  me.say({{"type", "join"}, {"token", token_of(created, "S")}});
  CHECK(me.last_view()["seats"][0]["bot"] == "pyrandom");
  int moves = 0;
  while (me.last_view()["decision"].is_object() && moves < 5000) {
    me.say(next_move(me.last_view()));
    REQUIRE(me.last()["type"] == "view");
    ++moves;
  }
  const json end = me.last_view();
  INFO(end.dump());
  REQUIRE(end.contains("over"));
  CHECK_FALSE(end.contains("error"));
  CHECK(end["over"] == json::parse(R"({"winner": "EW", "winner_team": 1, "reason": "a score reached 500", "hands": 7})"));
  const json doc = json::parse(h.download(token_of(created, "S"), false).body);
  CHECK(doc["record"]["seats"][0] == json::parse(R"({"seat": "N", "player": "pyrandom", "name": "pyrandom bot"})"));
}

TEST_CASE("serve: a lobby request never makes the server run a command", "[serve]") {
  hub h(with_outside_bot());
  const answer command = h.create(table_request({"exec:touch /tmp/spades-owned", "rule", "person", "rule"}).dump());
  CHECK(command.status == 400);
  CHECK(json::parse(command.body)["error"] ==
        "seat N: a table runs no command a browser names; the outside bots this server offers are pyrandom (its operator registers them: "
        "spades serve --bot NAME=exec:CMD)");
  CHECK_FALSE(std::filesystem::exists("/tmp/spades-owned"));
  const answer unknown = h.create(table_request({"rule", "pyrand", "person", "rule"}).dump());
  CHECK(unknown.status == 400);
  CHECK(json::parse(unknown.body)["error"] == "seat E: 'pyrand' is neither a person nor a bot (rule, mc, pyrandom)");
  hub plain(config());
  const answer none = plain.create(table_request({"rule", "rule", "person", "exec:python3 bot.py"}).dump());
  CHECK(json::parse(none.body)["error"] ==
        "seat W: a table runs no command a browser names; the outside bots this server offers are none (its operator registers them: "
        "spades serve --bot NAME=exec:CMD)");
  CHECK(json::parse(plain.create(table_request({"rule", "pyrandom", "person", "rule"}).dump()).body)["error"] ==
        "seat E: 'pyrandom' is neither a person nor a bot (rule, mc)");
  CHECK(json::parse(plain.rulesets().body)["bots"] == json::parse(R"(["mc", "rule"])"));
}

TEST_CASE("serve: an outside bot that breaks the protocol stops its table's game with its error", "[serve]") {
  hub_config c = config();
  c.seed = 1;
  c.outside_bots = {{"crash", "/usr/bin/python3 " + std::string(SPADES_SOURCE_DIR) + "/tests/bots/misbehave.py crash"}};
  hub h(c);
  const json created = json::parse(h.create(table_request({"crash", "rule", "person", "rule"}).dump()).body);
  client me(h);
  me.say({{"type", "join"}, {"token", token_of(created, "S")}});
  int moves = 0;
  while (me.last_view()["decision"].is_object() && moves++ < 100) me.say(next_move(me.last_view()));
  CHECK(me.last_view()["error"] == "the bot at N (exec:/usr/bin/python3 " + std::string(SPADES_SOURCE_DIR) + "/tests/bots/misbehave.py crash) exited with status 3");
  me.say({{"type", "move"}, {"index", 0}});
  CHECK(me.last()["message"] == "the game is over");
}
