// The bot protocol (spec/bot-protocol.md): the exact greeting and first decision an outside bot is sent,
// every message of whole seeded games checked for cards the seat could not have seen (in the engine, for
// every seat at every decision, and as a logging bot received them against the game's record), the example
// bots, and every way a bot can break the protocol with its exact error.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bots/players.hpp"
#include "bots/protocol.hpp"
#include "runtime/loop.hpp"
#include "tests/test_util.hpp"

using namespace spades;
using spades::testing::run;

namespace {

// Every card name in `j` (any string that names a card of the deck), with where it was found.
void cards_in(const nlohmann::json& j, const std::set<std::string>& deck, std::vector<std::string>& out) {
  if (j.is_string() && deck.count(j.get<std::string>())) out.push_back(j.get<std::string>());
  if (j.is_array() || j.is_object())
    for (const auto& x : j) cards_in(x, deck, out);
}

std::set<std::string> deck_names(const variant& v) {
  std::set<std::string> out;
  for (const card_face& c : v.cards) out.insert(c.name);
  return out;
}

std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string temp_log(const char* name) {
  auto p = std::filesystem::temp_directory_path() / (std::string("spades-") + name + "-" + std::to_string(getpid()) + ".txt");
  std::filesystem::remove(p);
  return p.string();
}

}  // namespace

TEST_CASE("protocol: every seat's view, at every decision of whole games, holds only cards it has seen") {
  // passing (nil-pass), a dummy exposed after the bidding (three-dummy), a kitty (widow), a draw (two),
  // jokers and two packs (mitchell54), and standard
  for (const char* id : {"standard", "nil-pass", "three-dummy", "widow", "two", "mitchell54", "pass3"}) {
    INFO(id);
    auto vp = testing::load_ruleset(id);
    const variant& v = *vp;
    const std::set<std::string> deck = deck_names(v);
    for (uint64_t seed = 1; seed <= 2; ++seed) {
      rng r(seed);
      game_state st;
      st.new_game(v, (int)r.below((uint32_t)v.seats));
      seat_kinds kinds;
      kinds.fill(bot_kind::rule);
      seated_bots bots(kinds, seed, std::make_shared<const bot_calibration>(v));
      // what the test itself knows each seat has seen this hand: every card it has held, and every card played
      struct watch : observer {
        seated_bots& bots;
        table_memory memory;
        std::array<card_set, max_seats> held{};
        card_set played;
        int decisions = 0;
        void note(const game_state& s) {
          for (int x = 0; x < s.v->seats; ++x) held[x] |= s.hands[x];
          if (s.ph == phase::draw && s.drawn >= 0) held[s.turn].add(s.drawn);  // the card drawn, seen by its drawer
        }
        void dealt(const game_state& s) {
          bots.dealt(s), memory.dealt(s);
          held = {}, played = {};
          note(s);
        }
        void moving(const game_state& s, const move& m) {
          bots.moving(s, m), memory.moving(s, m);
          if (s.ph == phase::play) played.add(m.a);
          check(s);
        }
        void moved(const game_state& s, const move& m) {
          bots.moved(s, m), memory.moved(s, m);
          note(s);
        }
        void check(const game_state& s) {
          ++decisions;
          const std::vector<std::string> legal = legal_words(s);
          const std::set<std::string> deck = deck_names(*s.v);
          for (int x = 0; x < s.v->seats; ++x) {
            card_set may = held[x] | played;
            if (s.v->dummy >= 0 && s.exposed(s.v->dummy)) may |= s.hands[s.v->dummy];
            if (s.ph == phase::draw && s.turn == x && s.drawn >= 0) may.add(s.drawn);
            const auto msg = decide_message(s, x, memory, x == s.acting_seat() ? legal : std::vector<std::string>{});
            std::vector<std::string> seen;
            cards_in(nlohmann::json::parse(msg.dump()), deck, seen);
            for (const std::string& c : seen) {
              bool ok = false;
              may.for_each([&](int k) { ok = ok || s.v->cards[k].name == c; });
              INFO("seat " << s.v->seat_names[x] << " hand " << s.hands_played + 1 << ": " << msg.dump());
              CHECK(ok);
              if (!ok) return;
            }
          }
        }
      } w{{}, bots, {}, {}, {}, 0};
      run_game(st, r, bots, w);
      CHECK(st.ph == phase::over);
      CHECK(w.decisions > 50);
    }
  }
}

TEST_CASE("protocol: the greeting and the first decision, byte for byte, and the hello") {
  const std::string log = temp_log("first");
  auto r = run("sim rulesets/standard.spades --games 1 --seed 1 --jobs 1 --bots 'N=exec:python3 tests/bots/misbehave.py log " + log + "'", "", true);
  REQUIRE(r.code == 0);
  const std::string got = testing::slurp(log);
  const std::string golden = testing::slurp(testing::source_path("tests/bots/standard_first_messages.jsonl"));
  REQUIRE(got.size() > golden.size());
  CHECK(got.substr(0, golden.size()) == golden);
  std::filesystem::remove(log);
}

TEST_CASE("protocol: every message a logging bot got over whole seeded games holds only its own cards and cards played") {
  for (const char* id : {"standard", "three-dummy"}) {
    INFO(id);
    const std::string log = temp_log("log"), rec = temp_log("record") + ".json";
    auto r = run(fmt::format("sim rulesets/{}.spades --games 2 --seed 4 --jobs 1 --record {} --bots 'N=exec:python3 tests/bots/misbehave.py log {}'", id,
                             rec, log),
                 "", true);
    REQUIRE(r.code == 0);
    auto record = nlohmann::json::parse(testing::slurp(rec));
    const std::set<std::string> deck = deck_names(*testing::load_ruleset(id));
    std::FILE* f = std::fopen(log.c_str(), "r");
    REQUIRE(f);
    char* line = nullptr;
    size_t cap = 0;
    int messages = 0, game = 0;
    size_t first_case = 0;
    while (getline(&line, &cap, f) > 0) {
      auto m = nlohmann::json::parse(line);
      ++messages;
      if (m["type"] == "hello") {
        first_case = game == 0 ? 0 : first_case + record["record"]["games"][game - 1]["cases"].get<size_t>();
        ++game;
        continue;
      }
      const auto& view = m["view"];
      // the hand of the message, in the record (no variant here throws a hand in)
      const auto& c = record["cases"][first_case + view["hand"].get<size_t>() - 1];
      std::set<std::string> may;
      for (const std::string& x : words(c["deal"]["N"].get<std::string>())) may.insert(x);
      size_t played = 0;
      for (const auto& t : view["tricks"]) played += t["cards"].size();
      // the first `played` cards played in the hand, as recorded, and the cards N's partner passed it (the
      // exchange after a blind nil: the only passing in these variants)
      for (const auto& mv : c["moves"]) {
        const std::string s = mv.get<std::string>(), who = s.substr(0, s.find(": ")), what = s.substr(s.find(": ") + 2);
        if (who == "S" && what.rfind("pass ", 0) == 0)
          for (const std::string& x : words(what.substr(5))) may.insert(x);
        if (played == 0 || !deck.count(what)) continue;
        may.insert(what);
        --played;
      }
      // the dummy, once exposed: its cards as dealt (it takes part in no pass)
      if (!view["dummy"].is_null()) {
        for (const std::string& x : words(c["deal"][view["dummy"]["seat"].get<std::string>()].get<std::string>())) may.insert(x);
      }
      std::vector<std::string> seen;
      cards_in(view, deck, seen);
      for (const std::string& x : seen) {
        INFO(line);
        CHECK(may.count(x));
      }
    }
    std::free(line);
    std::fclose(f);
    CHECK(game == 2);
    CHECK(messages > 100);
    std::filesystem::remove(log);
    std::filesystem::remove(rec);
  }
}

TEST_CASE("protocol: the example bots in Python and JavaScript play whole games, the same for every --jobs") {
  // both on one side, against the rule-following bots: games of a few dozen hands (random bots on both sides
  // would play on to the hand limit)
  const std::string bots = "--bots 'N=exec:python3 docs/examples/bots/random_bot.py,S=exec:node docs/examples/bots/random_bot.js'";
  auto one = run("sim rulesets/standard.spades --games 2 --seed 1 --json --jobs 1 " + bots, "", true);
  REQUIRE(one.code == 0);
  auto j = nlohmann::json::parse(one.out);
  CHECK(j["games"] == 2);
  CHECK(j["sides"]["NS"]["bots"] == "exec:python3 docs/examples/bots/random_bot.py/exec:node docs/examples/bots/random_bot.js");
  CHECK(j["sides"]["EW"]["bots"] == "rule");
  CHECK(run("sim rulesets/standard.spades --games 2 --seed 1 --json --jobs 2 " + bots, "", true).out == one.out);
  auto m = run("match rulesets/standard.spades 'exec:python3 docs/examples/bots/random_bot.py' rule --deals 2 --duplicate --jobs 1", "", true);
  REQUIRE(m.code == 0);
  CHECK(m.out.rfind("Standard Spades: A exec:python3 docs/examples/bots/random_bot.py against B rule, 2 deals", 0) == 0);
}

TEST_CASE("protocol: a bot that breaks the protocol stops the game with an error naming its seat, exit 1") {
  // a slow machine's bot takes its time to start: only the bot that never answers is given a short limit
  // (which it misses, starting slowly or not, with the same message)
  auto bad = [](const std::string& mode, int timeout_ms = 20000) {
    return run(fmt::format("sim rulesets/standard.spades --games 1 --seed 1 --jobs 1 --bot-timeout {} --bots 'N=exec:python3 tests/bots/misbehave.py {}'",
                           timeout_ms, mode));
  };
  const std::string who = "spades sim: the bot at N (exec:python3 tests/bots/misbehave.py ";
  auto illegal = bad("illegal");
  CHECK(illegal.code == 1);
  CHECK(illegal.out == who + "illegal) answered 'ZZ', which is not a legal move now (legal: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, nil)\n");
  // the engine's error is the last line (a bot cut off while writing its greeting may complain first)
  auto ends_with = [](const std::string& out, const std::string& last) {
    return out.size() >= last.size() && out.substr(out.size() - last.size()) == last;
  };
  auto silent = bad("silent", 300);
  CHECK(silent.code == 1);
  CHECK(ends_with(silent.out, who + "silent) did not answer within 300 ms\n"));
  auto crash = bad("crash");
  CHECK(crash.code == 1);
  CHECK(crash.out == who + "crash) exited with status 3\n");
  auto garbage = bad("garbage");
  CHECK(garbage.code == 1);
  CHECK(garbage.out == who + "garbage) wrote 'garbage', not a JSON object with a \"move\"\n");
  auto rude = bad("rude");
  CHECK(rude.code == 1);
  CHECK(rude.out == who + "rude) answered the greeting with 'nope', not {\"type\": \"hello\"}\n");
  auto long_line = bad("long");
  CHECK(long_line.code == 1);
  CHECK(ends_with(long_line.out, who + "long) wrote a line longer than 65536 bytes\n"));
  auto gone = run("sim rulesets/standard.spades --games 1 --bots 'N=exec:exit 0'");
  CHECK(gone.code == 1);
  CHECK(gone.out == "spades sim: the bot at N (exec:exit 0) exited with status 0\n");
  auto missing = run("sim rulesets/standard.spades --games 1 --bots 'N=exec:./no-such-bot'");
  CHECK(missing.code == 1);
  CHECK(missing.out.find("spades sim: the bot at N (exec:./no-such-bot) exited with status 127\n") != std::string::npos);
  // in match and under --json the same
  auto m = run("match rulesets/standard.spades 'exec:python3 tests/bots/misbehave.py crash' rule --deals 1 --json", "", true);
  CHECK(m.code == 1);
  CHECK(m.out == "{\n  \"error\": \"spades match: the bot at S (exec:python3 tests/bots/misbehave.py crash) exited with status 3\"\n}\n");
  // usage errors
  auto empty = run("sim rulesets/standard.spades --games 1 --bots N=exec:");
  CHECK(empty.code == 2);
  CHECK(empty.out == "spades sim: --bots: exec: needs a command to run (exec:CMD)\n");
  auto timeout = run("sim rulesets/standard.spades --games 1 --bot-timeout 0");
  CHECK(timeout.code == 2);
  CHECK(timeout.out == "spades sim: --bot-timeout must be from 1 to 600000, not 0\n");
}

TEST_CASE("protocol: with --record the game is recorded up to the bot's failure") {
  const std::string rec = temp_log("failed") + ".json";
  auto r = run("sim rulesets/standard.spades --games 3 --seed 1 --jobs 1 --record " + rec + " --bots 'N=exec:python3 tests/bots/misbehave.py crash'");
  CHECK(r.code == 1);
  auto j = nlohmann::json::parse(testing::slurp(rec));
  REQUIRE(j["cases"].size() == 1);
  CHECK(j["cases"][0]["moves"] == nlohmann::json::array({"E: 2", "S: 1", "W: 4"}));
  CHECK(j["record"]["games"][0]["over"] == false);
  CHECK(run("replay " + rec).code == 0);
  std::filesystem::remove(rec);
}

TEST_CASE("protocol: play seats outside bots with --bots, your own seat excepted") {
  const std::string crash = "play rulesets/standard.spades --seed 3 --bots 'E=exec:python3 tests/bots/misbehave.py crash'";
  auto r = run(crash, "quit\n", true);
  CHECK(r.code == 1);
  CHECK(r.out ==
        "Standard Spades - you are S (partner N) (seed 3). Type `help` at a prompt for the legal moves.\n\n"
        "=== Hand 1: W deals ===\n"
        "N bids 2\n");
  CHECK(run(crash, "quit\n").out.find("spades play: the bot at E (exec:python3 tests/bots/misbehave.py crash) exited with status 3\n") !=
        std::string::npos);
  // your seat's entry is ignored: the game waits for you
  auto mine = run("play rulesets/standard.spades --seed 3 --bots 'S=exec:python3 tests/bots/misbehave.py crash'", "quit\n");
  CHECK(mine.code == 0);
  CHECK(mine.out.find("Your bid: goodbye") != std::string::npos);
  auto both = run("play --bot rule --bots random");
  CHECK(both.code == 2);
  CHECK(both.out == "spades play: give --bot NAME (every bot) or --bots SPEC (per side or seat), not both\n");
}

TEST_CASE("protocol: a seat offered a blind bid sees no cards until it has looked") {
  auto v = spades::testing::load_ruleset("german");  // `double zero`, a blind bid, is open before looking
  game_state st;
  st.new_game(*v, 0);
  rng r(1);
  st.deal(r);
  REQUIRE(st.ph == phase::bid);
  const int bidder = st.acting_seat();
  REQUIRE(st.blind_decision());
  table_memory memory;
  seat_view before = view_of(st, bidder, memory);
  CHECK_FALSE(before.hand_seen);
  CHECK(before.hand_cards.empty());
  st.look(bidder);
  seat_view after = view_of(st, bidder, memory);
  CHECK(after.hand_seen);
  CHECK(after.hand_cards == st.hands[bidder]);
}

TEST_CASE("protocol: answers of the wrong shape are refused with their reason, never thrown") {
  // a "type" that is no string once escaped as an exception (nlohmann's value() throws on a type mismatch)
  CHECK(spades::read_hello(R"({"type": 5})") == R"(answered the greeting with '{"type": 5}', not {"type": "hello"})");
  CHECK(spades::read_hello(R"({"type": "hello", "name": "x"})") == "");
  CHECK(spades::read_hello("[1]") == R"(answered the greeting with '[1]', not {"type": "hello"})");
  const std::vector<std::string> legal = {"1", "2", "nil"};
  std::string why;
  CHECK(spades::read_move(R"({"move": "nil"})", legal, why) == 2);
  CHECK(spades::read_move(R"({"move": 2})", legal, why) == -1);
  CHECK(why == R"(wrote '{"move": 2}', not a JSON object with a "move")");
  CHECK(spades::read_move(R"({"move": "3"})", legal, why) == -1);
  CHECK(why == "answered '3', which is not a legal move now (legal: 1, 2, nil)");
  // nested past 64 levels: refused before the parser and the value's destructor recurse through it
  const std::string deep = std::string(65, '[') + std::string(65, ']');
  CHECK(spades::read_move(deep, legal, why) == -1);
  CHECK(why == "wrote '" + deep.substr(0, 80) + "...', not a JSON object with a \"move\"");
  CHECK(spades::read_move(R"({"move": "1", "a": [[[[1]]]]})", legal, why) == 0);
}

TEST_CASE("protocol 2: a bot offered a blind bid looks, and is asked the same decision again with its cards") {
  // German: `double zero`, a blind bid, is open at every first bid; the bot looks whenever it may
  const std::string log = temp_log("look"), rec = temp_log("look-record") + ".json";
  auto r = run("sim rulesets/german.spades --games 1 --seed 1 --jobs 1 --record " + rec + " --bots 'N=exec:python3 tests/bots/misbehave.py looklog " + log + "'",
               "", true);
  REQUIRE(r.code == 0);
  std::istringstream lines(testing::slurp(log));
  std::vector<std::string> got;
  for (std::string line; std::getline(lines, line);) got.push_back(line);
  REQUIRE(got.size() > 3);
  // the greeting, the blind decision with the look offered, and the same decision after the look: byte for byte
  const std::string golden = testing::slurp(testing::source_path("tests/bots/german_look_messages.jsonl"));
  CHECK(got[0] + "\n" + got[1] + "\n" + got[2] + "\n" == golden);
  const auto blind = nlohmann::json::parse(got[1]), seen = nlohmann::json::parse(got[2]);
  CHECK(blind["may_look"] == true);
  CHECK(blind["view"]["cards"].is_null());
  CHECK_FALSE(seen.contains("may_look"));
  // the record knows the seat looked, before the bid it then made; and the record replays
  const auto doc = nlohmann::json::parse(testing::slurp(rec));
  const auto& moves = doc["cases"][0]["moves"];
  const auto look = std::find(moves.begin(), moves.end(), "N: look");
  REQUIRE(look != moves.end());
  CHECK(look[1].get<std::string>() == "N: " + seen["legal"][0].get<std::string>());
  CHECK(run("replay " + rec, "", true).code == 0);
  std::filesystem::remove(log);
  std::filesystem::remove(rec);
}

TEST_CASE("protocol 2: a look where none is offered is refused with the reason, and read_move tells a look from a move") {
  auto r = run("sim rulesets/standard.spades --games 1 --seed 1 --jobs 1 --bots 'N=exec:python3 tests/bots/misbehave.py peek'");
  CHECK(r.code == 1);
  CHECK(r.out == "spades sim: the bot at N (exec:python3 tests/bots/misbehave.py peek) answered {\"look\": true} where it may not look: "
                 "its cards are in view, or its decision is not one made blind\n");
  const std::vector<std::string> legal = {"1", "blind 7"};
  std::string why;
  CHECK(spades::read_move(R"({"look": true})", legal, why, true) == spades::look_answer);
  CHECK(spades::read_move(R"({"look": true, "move": "1"})", legal, why, true) == spades::look_answer);
  CHECK(spades::read_move(R"({"look": false, "move": "1"})", legal, why, true) == 0);
  CHECK(spades::read_move(R"({"look": "yes"})", legal, why, true) == -1);
  CHECK(why == R"(wrote '{"look": "yes"}', not a JSON object with a "move")");
  CHECK(spades::read_move(R"({"look": true})", legal, why) == -1);
  CHECK(why == "answered {\"look\": true} where it may not look: its cards are in view, or its decision is not one made blind");
}

TEST_CASE("serve --bot: outside bots registered by name, every refusal with its input") {
  auto serve = [](const std::string& more) { return run("serve --port 0 --rulesets rulesets " + more); };
  CHECK(serve("--bot pyrandom").out == "spades serve: --bot: expected NAME=exec:CMD, not 'pyrandom'\n");
  CHECK(serve("--bot 'pyrandom=python3 bot.py'").out == "spades serve: --bot: expected NAME=exec:CMD, not 'pyrandom=python3 bot.py'\n");
  CHECK(serve("--bot x=exec:").out == "spades serve: --bot: expected NAME=exec:CMD, not 'x=exec:'\n");
  CHECK(serve("--bot Py=exec:ls").out == "spades serve: --bot: the name 'Py' is not 1 to 24 of a-z, 0-9, '-' and '_'\n");
  CHECK(serve("--bot =exec:ls").out == "spades serve: --bot: the name '' is not 1 to 24 of a-z, 0-9, '-' and '_'\n");
  CHECK(serve("--bot " + std::string(25, 'a') + "=exec:ls").out ==
        "spades serve: --bot: the name '" + std::string(25, 'a') + "' is not 1 to 24 of a-z, 0-9, '-' and '_'\n");
  CHECK(serve("--bot mc=exec:ls").out == "spades serve: --bot: 'mc' is a built-in player's name; give the outside bot another\n");
  CHECK(serve("--bot person=exec:ls").out == "spades serve: --bot: 'person' is a built-in player's name; give the outside bot another\n");
  CHECK(serve("--bot a=exec:ls --bot a=exec:pwd").out == "spades serve: --bot: 'a' is registered twice\n");
  std::string many;
  for (int i = 0; i < 17; ++i) many += fmt::format(" --bot b{}=exec:ls", i);
  CHECK(serve(many).out == "spades serve: --bot: at most 16 outside bots\n");
  const auto timeout = serve("--bot a=exec:ls --bot-timeout 0");
  CHECK(timeout.code == 2);
  CHECK(timeout.out == "spades serve: --bot-timeout must be from 1 to 600000, not 0\n");
}
