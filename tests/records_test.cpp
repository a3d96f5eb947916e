// Game records, replay, resume, PBN and the score explained rule by rule: exact outcomes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "runtime/breakdown.hpp"
#include "runtime/pbn.hpp"
#include "tests/test_util.hpp"

using namespace spades;
using spades::testing::load_ruleset;
using spades::testing::run;
using spades::testing::slurp;
namespace fs = std::filesystem;

namespace {

std::string temp_dir() {
  fs::path d = fs::temp_directory_path() / ("spades-records-" + std::to_string(::getpid()));
  fs::create_directories(d);
  return d.string();
}

// A hand scored from its bids and tricks, explained: each team's line.
std::vector<std::string> explained(const variant& v, const std::vector<std::string>& bids, std::array<int, max_seats> won,
                                   int64_t bags_ns = 0) {
  game_state st;
  st.new_game(v, 3);  // W deals: N bids first
  st.counters[0][v.bags_counter] = bags_ns;
  rng r(1);
  st.deal(r);
  for (const std::string& b : bids) {
    std::vector<move> ms;
    std::string err;
    REQUIRE(parse_action(st, b, ms, err));
    REQUIRE(st.why_illegal(ms[0]) == "");
    st.apply(ms[0]);
  }
  st.enter_play();
  std::vector<rule_effect> effects = explain_scoring(st, [&](game_state& s) { s.record_tricks(won); });
  std::vector<std::string> out;
  for (int t = 0; t < v.teams; ++t) out.push_back(v.team_names[t] + ": " + effects_text(v, effects, t));
  return out;
}

// The value of tag `name` in one PBN game's text, or "".
std::string pbn_tag(const std::string& game, const std::string& name) {
  const size_t at = game.find("[" + name + " \"");
  if (at == std::string::npos) return "";
  const size_t from = at + name.size() + 3;
  return game.substr(from, game.find('"', from) - from);
}

std::vector<std::string> words_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// One PBN game played through as a reader would: the hands of [Deal], changed as [SpadesChanges] says
// (gives, takes from the rest of [SpadesRest], discards), then every card of [Play] must be in the hand of
// the seat whose column it is in.
void pbn_game_consistent(const variant& v, const std::string& game) {
  std::array<card_set, max_seats> hands{};
  std::string err;
  REQUIRE(read_pbn_deal(v, pbn_tag(game, "Deal"), hands, err));
  std::array<std::multiset<std::string>, 4> held;
  for (int s = 0; s < 4; ++s) hands[s].for_each([&](int c) { held[s].insert(pbn_card(v, c)); });
  std::multiset<std::string> rest;
  for (const std::string& c : words_of(pbn_tag(game, "SpadesRest"))) rest.insert(c);
  auto seat = [&](const std::string& name) { return v.find_seat(name); };
  auto take = [&](std::multiset<std::string>& from, const std::string& card) {
    auto it = from.find(card);
    REQUIRE(it != from.end());
    from.erase(it);
  };
  std::string changes = pbn_tag(game, "SpadesChanges");
  for (size_t at = 0; at < changes.size();) {
    size_t end = changes.find("; ", at);
    std::vector<std::string> w = words_of(changes.substr(at, end == std::string::npos ? std::string::npos : end - at));
    INFO(changes);
    REQUIRE(w.size() >= 3);
    const int who = seat(w[0]);
    if (w[1] == "gives") {
      for (size_t i = 2; i + 2 < w.size(); ++i) take(held[who], w[i]), held[seat(w.back())].insert(w[i]);
    } else if (w[1] == "takes") {
      for (size_t i = 2; i + 3 < w.size(); ++i) take(rest, w[i]), held[who].insert(w[i]);
    } else {
      REQUIRE(w[1] == "discards");
      for (size_t i = 2; i < w.size(); ++i) take(held[who], w[i]);
    }
    at = end == std::string::npos ? changes.size() : end + 2;
  }
  const size_t play = game.find("[Play \"");
  if (play == std::string::npos) return;
  const int leader = seat(pbn_tag(game, "Play"));
  std::istringstream lines(game.substr(game.find('\n', play) + 1));
  for (std::string line; std::getline(lines, line) && line != "*";) {
    std::vector<std::string> cards = words_of(line);
    for (size_t i = 0; i < cards.size(); ++i)
      if (cards[i] != "-") {
        INFO(line);
        take(held[(leader + i) % 4], cards[i]);
      }
  }
}

// Every game of the PBN that `replay --pbn` writes for `record`: its [Deal] reads back (strict or with the
// deck extension) as the hands the record's case dealt, and its play is consistent with the deal and the
// changes of hands it states.
void pbn_deals_read_back(const variant& v, const std::string& record, const std::string& pbn_path) {
  REQUIRE(run("replay " + record + " --pbn " + pbn_path).code == 0);
  const std::string pbn = slurp(pbn_path);
  auto doc = nlohmann::json::parse(slurp(record));
  size_t at = 0, games = 0;
  for (const auto& c : doc["cases"]) {
    if (!c.contains("expect") || c["expect"].contains("thrown_in")) continue;  // PBN has the hands played out
    at = pbn.find("[Event \"", at);
    REQUIRE(at != std::string::npos);
    const size_t next = pbn.find("[Event \"", at + 1);
    const std::string game = pbn.substr(at, next == std::string::npos ? std::string::npos : next - at);
    at = next;
    std::array<card_set, max_seats> hands{};
    std::string err;
    INFO(game);
    REQUIRE(read_pbn_deal(v, pbn_tag(game, "Deal"), hands, err));
    for (int s = 0; s < 4; ++s) {
      std::vector<std::string> want, got;
      for (const std::string& n : words_of(c["deal"][v.seat_names[s]].get<std::string>())) want.push_back(v.cards[v.find_card(n)].name);
      hands[s].for_each([&](int card) { got.push_back(v.cards[card].name); });
      std::sort(want.begin(), want.end());
      std::sort(got.begin(), got.end());
      CHECK(got == want);
    }
    pbn_game_consistent(v, game);
    ++games;
    if (at == std::string::npos) break;
  }
  CHECK(games > 0);
}

}  // namespace

TEST_CASE("breakdown: standard's rules, each as it applied (nil failed, made with bags, the bag penalty, set)") {
  auto v = load_ruleset("standard");
  // N 4, E 3, S nil, W 5; N 6 tricks, E 3, S 1, W 3; NS carried 8 bags
  auto lines = explained(*v, {"4", "3", "nil", "5"}, {6, 3, 1, 3}, 8);
  CHECK(lines[0] == "NS: nil: S bid nil took 1, -100; contract: bid 4+nil took 7, +43, bags 8 -> 11; sandbags: -100, bags 11 -> 1");
  CHECK(lines[1] == "EW: contract: bid 3+5 took 6, -80");
  // a nil made
  lines = explained(*v, {"nil", "4", "5", "4"}, {0, 4, 6, 3});
  CHECK(lines[0] == "NS: nil: N bid nil took 0, +100; contract: bid nil+5 took 6, +51, bags 0 -> 1");
  CHECK(lines[1] == "EW: contract: bid 4+4 took 7, -80");
}

TEST_CASE("breakdown: bags5's penalty of 50 for every 5 bags") {
  auto v = load_ruleset("bags5");
  auto lines = explained(*v, {"4", "3", "4", "3"}, {5, 2, 5, 1}, 3);
  CHECK(lines[0] == "NS: contract: bid 4+4 took 10, +82, bags 3 -> 5; sandbags: -50, bags 5 -> 0");
  CHECK(lines[1] == "EW: contract: bid 3+3 took 3, -60");
}

TEST_CASE("records: a seeded sim game recorded, replayed and run as test hands; the scores match") {
  std::string rec = temp_dir() + "/sim.json";
  auto s = run("sim rulesets/standard.spades --games 2 --seed 7 --record " + rec);
  REQUIRE(s.code == 0);
  auto doc = nlohmann::json::parse(slurp(rec));
  CHECK(doc["record"]["format"] == 1);
  CHECK(doc["record"]["seed"] == 7);
  REQUIRE(doc["cases"].size() == 15);
  CHECK(doc["record"]["games"][0]["cases"] == 8);
  CHECK(doc["cases"][1]["note"] == "NS: contract: bid 3+3 took 9, +63, bags 0 -> 3 | EW: contract: bid 2+2 took 4, +40");
  auto t = run("test " + rec);
  CHECK(t.code == 0);
  CHECK(t.out.find("15 passed, 0 failed") != std::string::npos);
  auto r = run("replay " + rec);
  CHECK(r.code == 0);
  CHECK(r.out.find("  trick  2: W 4D, N AD, E 2D, S 6D -> N\n") != std::string::npos);
  CHECK(r.out.find("15 hands of 2 games replayed: every move and score agrees with the rules\n") != std::string::npos);
  auto j = run("replay " + rec + " --json", "", true);
  auto rj = nlohmann::json::parse(j.out);
  REQUIRE(rj["hands"].size() == 15);
  for (size_t i = 0; i < 15; ++i) CHECK(rj["hands"][i]["score"] == doc["cases"][i]["expect"]["score"]);
  CHECK(rj["hands"][14]["score"] == doc["record"]["games"][1]["score"]);
}

TEST_CASE("records: a tampered record names the hand and the move") {
  std::string dir = temp_dir();
  REQUIRE(run("sim rulesets/standard.spades --games 1 --seed 7 --record " + dir + "/t.json").code == 0);
  auto doc = nlohmann::json::parse(slurp(dir + "/t.json"));
  auto& moves = doc["cases"][1]["moves"];
  for (auto& m : moves)
    if (m == "E: 2D") m = "E: KH";  // E holds diamonds: it must follow W's 4D
  std::ofstream(dir + "/bad-move.json") << doc.dump(1);
  auto r = run("replay " + dir + "/bad-move.json");
  CHECK(r.code == 1);
  CHECK(r.out == dir + "/bad-move.json: game 1, hand 2, move 10 ('E: KH'): you must follow suit (D)\n");
  doc = nlohmann::json::parse(slurp(dir + "/t.json"));
  doc["cases"][2]["expect"]["hand_score"]["NS"] = 72;
  std::ofstream(dir + "/bad-score.json") << doc.dump(1);
  r = run("replay " + dir + "/bad-score.json");
  CHECK(r.code == 1);
  CHECK(r.out == dir + "/bad-score.json: game 1, hand 3: expect.hand_score.NS: the record says 72, the rules give 62\n");
}

TEST_CASE("records: a game resumed goes on exactly as the game played without a break") {
  // every prompt answered by trying entries in turn: refused ones change nothing, so the game is the same
  std::vector<std::string> cycle = {"3", ""};
  for (const char* s : {"S", "H", "D", "C"})
    for (const char* r : {"A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"}) cycle.push_back(std::string(r) + s);
  std::vector<std::string> lines;
  while (lines.size() < 1200) lines.insert(lines.end(), cycle.begin(), cycle.end());
  auto join = [&](size_t from, size_t to) {
    std::string out;
    for (size_t i = from; i < to; ++i) out += lines[i] + "\n";
    return out;
  };
  std::string dir = temp_dir();
  // against the rule-following bots, and against the Monte Carlo bots (the default), which must see the
  // game replayed as they saw it played and draw the same playouts (a small budget keeps the test short)
  for (const std::string bots : {"--bot rule", "--bot mc --mc-budget 40"}) {
    INFO(bots);
    REQUIRE(run("play " + bots + " --seed 5 --record " + dir + "/whole.json", join(0, 1200)).code == 0);
    REQUIRE(run("play " + bots + " --seed 5 --record " + dir + "/parts.json", join(0, 60)).code == 0);
    auto part = nlohmann::json::parse(slurp(dir + "/parts.json"));
    auto rest = run("play --resume " + dir + "/parts.json", join(60, 1200));
    CHECK(rest.code == 0);
    CHECK(rest.out.find("Resumed " + dir + "/parts.json: hand ") != std::string::npos);
    auto whole = nlohmann::json::parse(slurp(dir + "/whole.json"));
    auto resumed = nlohmann::json::parse(slurp(dir + "/parts.json"));
    auto moves = [](const nlohmann::json& doc) {
      size_t n = 0;
      for (const auto& c : doc["cases"]) n += c.value("moves", nlohmann::json::array()).size();
      return n;
    };
    CHECK(moves(resumed) > moves(part) + 20);  // the game went on after the break
    CHECK(resumed == whole);
  }
  // a finished sim's record is not a game to resume
  REQUIRE(run("sim rulesets/standard.spades --games 1 --seed 7 --record " + dir + "/sim.json").code == 0);
  auto s = run("play --resume " + dir + "/sim.json");
  CHECK(s.code == 2);
  CHECK(s.out == "spades play: '" + dir + "/sim.json' is a record of `spades sim`, not of a game played at the table\n");
}

TEST_CASE("pbn: a recorded hand exported exactly") {
  std::string dir = temp_dir();
  REQUIRE(run("sim rulesets/standard.spades --games 1 --seed 7 --record " + dir + "/p.json").code == 0);
  REQUIRE(run("replay " + dir + "/p.json --pbn " + dir + "/p.pbn").code == 0);
  std::string pbn = slurp(dir + "/p.pbn");
  // the first hand as the record deals it (E deals; S bids first and leads)
  CHECK(pbn.rfind("% PBN 2.1\n% EXPORT\n%\n"
                  "[Event \"Standard Spades, game 1\"]\n[Site \"\"]\n[Date \"\"]\n[Board \"1\"]\n"
                  "[West \"W\"]\n[North \"N\"]\n[East \"E\"]\n[South \"S\"]\n[Dealer \"E\"]\n[Vulnerable \"None\"]\n"
                  "[Deal \"E:AK.J76.AT76.KQ64 J4.A8532.Q5.J875 T9862.QT4.3.AT32 Q753.K9.KJ9842.9\"]\n"
                  "[Scoring \"\"]\n[Declarer \"\"]\n[Contract \"\"]\n[Result \"\"]\n"
                  "[Auction \"S\"]\nnil 3 4 4\n"
                  "[Play \"S\"]\nH2 H4 H9 HJ\nC5 C3 C9 C4\nDQ D3 DK D6\n",
                  0) == 0);
  // a deck strict PBN cannot describe: the extension, its deck tag, the kitty, jokers after '+'
  REQUIRE(run("sim rulesets/jokers.spades --games 1 --seed 1 --record " + dir + "/j.json").code == 0);
  REQUIRE(run("replay " + dir + "/j.json --pbn " + dir + "/j.pbn").code == 0);
  std::string j = slurp(dir + "/j.pbn");
  CHECK(j.rfind("% PBN 2.1\n% EXPORT\n% with the spades deck extension (a deck PBN 2.1 cannot describe): see [SpadesDeck]\n%\n"
                "[Event \"Spades with Jokers, game 1\"]\n[Site \"\"]\n[Date \"\"]\n[Board \"1\"]\n"
                "[West \"W\"]\n[North \"N\"]\n[East \"E\"]\n[South \"S\"]\n[Dealer \"N\"]\n"
                "[SpadesDeck \"suits S H D C; ranks A K Q J T 9 8 7 6 5 4 3 2; jokers BJ LJ; packs 1\"]\n[Vulnerable \"None\"]\n"
                "[Deal \"N:AT532.A2.94.A742 J7.K53.AKQ32.KT+BJ 84.T764.J875.J3+LJ Q96.J98.T6.Q9865\"]\n[SpadesRest \"SK HQ\"]\n"
                "[SpadesChanges \"N takes SK HQ from the kitty; N discards H2 C2\"]\n[Scoring \"\"]\n[Declarer \"\"]\n[Contract \"\"]\n[Result \"\"]\n"
                "[Auction \"E\"]\n4 1 nil 5\n"
                "[Play \"E\"]\nDA D5 DT D4\nDK D7 D6 D9\nDQ D8 CQ S2\nCK C3 C9 C4\n+BJ S4 SQ S3\n",
                0) == 0);
  // cards that change hands before the play (pass3's passes) are stated, so the play holds no card its
  // seat was not dealt or given
  REQUIRE(run("sim rulesets/pass3.spades --games 1 --seed 2 --record " + dir + "/p3.json").code == 0);
  REQUIRE(run("replay " + dir + "/p3.json --pbn " + dir + "/p3.pbn").code == 0);
  CHECK(slurp(dir + "/p3.pbn").find("[SpadesChanges \"S gives H7 C7 C2 to N; W gives H3 D2 C4 to E; N gives H6 H4 D4 to S; E gives H2 D3 C3 to W\"]\n") !=
        std::string::npos);
  // six seats: not even the extension
  REQUIRE(run("sim rulesets/six.spades --games 1 --seed 1 --record " + dir + "/six.json").code == 0);
  auto six = run("replay " + dir + "/six.json --pbn " + dir + "/six.pbn");
  CHECK(six.code == 2);
  CHECK(six.out == "spades replay: --pbn: PBN describes four hands (N E S W): this variant has 6 seats\n");
  CHECK_FALSE(fs::exists(dir + "/six.pbn"));
}

TEST_CASE("replay: the kitty dealt and taken, a discard on one line, cards shown plain or with symbols") {
  std::string dir = temp_dir();
  REQUIRE(run("sim rulesets/jokers.spades --games 1 --seed 1 --record " + dir + "/j.json").code == 0);
  auto r = run("replay " + dir + "/j.json", "", true);
  CHECK(r.code == 0);
  CHECK(r.out.rfind("Spades with Jokers - a record of `spades sim`, seed 1\n\n"
                    "=== game 1, hand 1: N deals ===\n"
                    "  N     AS 10S 5S 3S 2S AH 2H 9D 4D AC 7C 4C 2C\n"
                    "  E     JS 7S KH 5H 3H AD KD QD 3D 2D KC 10C BJ\n"
                    "  S     8S 4S 10H 7H 6H 4H JD 8D 7D 5D JC 3C LJ\n"
                    "  W     QS 9S 6S JH 9H 8H 10D 6D QC 9C 8C 6C 5C\n"
                    "  kitty KS QH\n"
                    "  N takes the kitty: KS QH\n"
                    "  N: discard 2H 2C\n",
                    0) == 0);
  auto sym = run("replay " + dir + "/j.json --notation symbols", "", true);
  CHECK(sym.out.find("  N     A\u2660 10\u2660 5\u2660 3\u2660 2\u2660 A\u2665 2\u2665 9\u2666 4\u2666 A\u2663 7\u2663 4\u2663 2\u2663\n") != std::string::npos);
  CHECK(sym.out.find("  E     J\u2660 7\u2660 K\u2665 5\u2665 3\u2665 A\u2666 K\u2666 Q\u2666 3\u2666 2\u2666 K\u2663 10\u2663 BJ\n") != std::string::npos);
  CHECK(sym.out.find("  N: discard 2\u2665 2\u2663\n") != std::string::npos);
  // the plain default is what --notation plain gives; a bad word is refused before anything is read
  CHECK(run("replay " + dir + "/j.json --notation plain", "", true).out == r.out);
  auto bad = run("replay " + dir + "/j.json --notation words");
  CHECK(bad.code == 2);
  CHECK(bad.out == "spades replay: --notation: 'words' is not a notation (plain: AS 10D; symbols: A\u2660 10\u2666)\n");
}

TEST_CASE("pbn: deal strings read into the variant's seats and suits, and refused where PBN cannot describe the deck") {
  auto v = load_ruleset("standard");
  std::array<card_set, max_seats> hands{};
  std::string err;
  REQUIRE(read_pbn_deal(*v, "E:AK.J76.AT76.KQ64 J4.A8532.Q5.J875 T9862.QT4.3.AT32 Q753.K9.KJ9842.9", hands, err));
  card_set east;
  for (const char* c : {"AS", "KS", "JH", "7H", "6H", "AD", "TD", "7D", "6D", "KC", "QC", "6C", "4C"}) east |= v->cards_named(c);
  CHECK(hands[1] == east);
  CHECK(pbn_deal(*v, hands, 1) == "E:AK.J76.AT76.KQ64 J4.A8532.Q5.J875 T9862.QT4.3.AT32 Q753.K9.KJ9842.9");
  CHECK(pbn_deal(*v, hands, 0) == "N:Q753.K9.KJ9842.9 AK.J76.AT76.KQ64 J4.A8532.Q5.J875 T9862.QT4.3.AT32");
  CHECK_FALSE(read_pbn_deal(*v, "X:AK.J76.AT76.KQ64", hands, err));
  CHECK(err == "a PBN deal starts with the first hand's direction and a colon (\"N:\", \"E:\", \"S:\" or \"W:\")");
  CHECK_FALSE(read_pbn_deal(*v, "N:AK.J76.AT76.KQ64 AK.J76.AT76.KQ64 - -", hands, err));
  CHECK(err == "AS is dealt more often than the deck holds it");
  CHECK_FALSE(read_pbn_deal(*v, "N:AK.J76.AT76.KQ64+BJ", hands, err));
  CHECK(err == "BJ in the hand of N is not a card of this deck");
  CHECK_FALSE(read_pbn_deal(*v, "N:AK.J76.AT76", hands, err));
  CHECK(err == "'AK.J76.AT76' is not a PBN hand (four suits separated by dots, like AKQ.JT9.876.5432)");
  // jokers: the extension, read and written back the same
  auto jv = load_ruleset("jokers");
  const std::string jd = "N:AT532.A2.94.A742 J7.K53.AKQ32.KT+BJ 84.T764.J875.J3+LJ Q96.J98.T6.Q9865";
  REQUIRE(read_pbn_deal(*jv, jd, hands, err));
  CHECK(spades::testing::names(*jv, hands[1]) == "JS 7S KH 5H 3H AD KD QD 3D 2D KC TC BJ");
  CHECK(pbn_deal(*jv, hands, 0) == jd);
  CHECK(pbn_deal(*jv, hands, 2) == "S:84.T764.J875.J3+LJ Q96.J98.T6.Q9865 AT532.A2.94.A742 J7.K53.AKQ32.KT+BJ");
  CHECK_FALSE(read_pbn_deal(*jv, "N:AT532.A2.94.A742+BJ+BJ", hands, err));
  CHECK(err == "BJ is dealt more often than the deck holds it");
  CHECK_FALSE(read_pbn_deal(*jv, "N:AT532.A2.94+BJ", hands, err));
  CHECK(err == "'AT532.A2.94+BJ' is not a hand of this deck (4 suits separated by dots, S H D C in order, then + and each joker held)");
  // two packs and three suits: a rank twice for two copies, as many groups as suits
  auto two = spades::testing::load_text("twopacks", "players { seats N E S W; teams none }\ncards { suits S H D; ranks A K Q J; packs 2 }\n"
                                                   "deal { hand_size 6 }\nscoring { rule r each team { points tricks } }\nend { max_hands 1 }\n");
  REQUIRE(read_pbn_deal(*two, "N:AA.KK.QQ KK.AA.JJ QQ.JJ.AA JJ.QQ.KK", hands, err));
  CHECK(hands[0].count() == 6);
  CHECK(pbn_deal(*two, hands, 0) == "N:AA.KK.QQ KK.AA.JJ QQ.JJ.AA JJ.QQ.KK");
  CHECK(pbn_deck_tag(*two) == "suits S H D; ranks A K Q J; packs 2");
  CHECK_FALSE(read_pbn_deal(*two, "N:AAA.KK.QQ", hands, err));
  CHECK(err == "AS is dealt more often than the deck holds it");
  CHECK_FALSE(read_pbn_deal(*load_ruleset("six"), "N:AK.J76.AT76.KQ64", hands, err));
  CHECK(err == "PBN describes four hands (N E S W): this variant has 6 seats");
}

TEST_CASE("records: a move that is not a string is refused at its place, on resume and in test hands") {
  std::string dir = temp_dir();
  REQUIRE(run("play --bot rule --seed 5 --record " + dir + "/g.json", "3\nquit\n").code == 0);
  auto doc = nlohmann::json::parse(slurp(dir + "/g.json"));
  REQUIRE(doc["cases"][0]["moves"].size() > 2);
  doc["cases"][0]["moves"][1] = 7;  // before: skipped, and a later move blamed
  std::ofstream(dir + "/num.json") << doc.dump(1);
  auto r = run("play --resume " + dir + "/num.json", "quit\n");
  CHECK(r.code == 2);
  CHECK(r.out == dir + "/num.json: game 1, hand 1, move 1: expected a \"SEAT: action\" string, found 7\n");
}

TEST_CASE("pbn: a deal holding a byte that is no rank (a NUL, a suit symbol) is refused by the whole hand") {
  auto v = load_ruleset("standard");
  std::array<card_set, max_seats> hands{};
  std::string err;
  CHECK_FALSE(read_pbn_deal(*v, std::string("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432", 69) + '\0', hands, err));
  CHECK(err == "the hand of W ('...AKQJT98765432?') holds a character that is not a rank: a hand is its ranks, suits separated by dots (AKQ.JT9.876.5432)");
  CHECK_FALSE(read_pbn_deal(*v, "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543\u2660", hands, err));
  CHECK(err == "the hand of W ('...AKQJT9876543\u2660') holds a character that is not a rank: a hand is its ranks, suits separated by dots (AKQ.JT9.876.5432)");
}

TEST_CASE("pbn: a hands file may give its deal as a PBN string") {
  std::string dir = temp_dir();
  fs::copy_file(spades::testing::source_path("rulesets/standard.spades"), dir + "/standard.spades", fs::copy_options::overwrite_existing);
  // N all the spades: bids, then 13 tricks counted; the deal read from PBN decides nothing but must parse
  std::ofstream(dir + "/pbn.hands.json") << R"({"ruleset": "standard.spades", "cases": [
    {"name": "pbn deal", "dealer": "W",
     "deal": "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
     "bids": {"N": 13, "E": 1, "S": 1, "W": 1},
     "play": "AS AH AD AC KS KH KD KC QS QH QD QC JS JH JD JC TS TH TD TC 9S 9H 9D 9C 8S 8H 8D 8C 7S 7H 7D 7C 6S 6H 6D 6C 5S 5H 5D 5C 4S 4H 4D 4C 3S 3H 3D 3C 2S 2H 2D 2C",
     "expect": {"tricks": {"N": 13}, "hand_score": {"NS": -140, "EW": -20}}}]})";
  auto ok = run("test " + dir + "/pbn.hands.json");
  CHECK(ok.code == 0);
  CHECK(ok.out == "ok   pbn deal\n1 passed, 0 failed\n");
  std::ofstream(dir + "/pbn.hands.json") << R"({"ruleset": "standard.spades", "cases": [
    {"name": "short", "deal": "N:AKQJT9876543... .AKQJT98765432.. ..AKQJT98765432. 2...AKQJT98765432", "bids": {"N": 1, "E": 1, "S": 1, "W": 1}}]})";
  auto r = run("test " + dir + "/pbn.hands.json");
  CHECK(r.code == 2);
  CHECK(r.out == dir + "/pbn.hands.json: case 'short': field 'deal': 12 cards dealt to N, a hand has 13\n");
}

TEST_CASE("breakdown: a failing test case says what each scoring rule gave") {
  auto r = run("test docs/examples/nil50.hands.json --ruleset rulesets/standard.spades");
  CHECK(r.code == 1);
  CHECK(r.out.rfind("FAIL nil made is worth 50\n"
                    "     hand_score.NS: expected 91, got 141\n"
                    "     scored NS: nil: N bid nil took 0, +100; contract: bid nil+4 took 5, +41, bags 0 -> 1\n"
                    "     scored EW: contract: bid 3+3 took 8, +62, bags 0 -> 2\n",
                    0) == 0);
  auto j = run("test docs/examples/nil50.hands.json --ruleset rulesets/standard.spades --json", "", true);
  auto doc = nlohmann::json::parse(j.out);
  CHECK(doc["cases"][1]["scoring"][0] == "scored NS: nil: N bid nil took 2, -100; contract: bid nil+4 took 6, +42, bags 0 -> 2");
  CHECK_FALSE(doc["cases"][2].contains("scoring"));
}

TEST_CASE("records: a game of every ruleset recorded by sim is replayed and agrees with the rules") {
  std::string dir = temp_dir();
  int rulesets = 0;
  for (const auto& e : fs::directory_iterator(spades::testing::source_path("rulesets"))) {
    if (e.path().extension() != ".spades") continue;
    ++rulesets;
    std::string rec = dir + "/" + e.path().stem().string() + ".record.json";
    INFO(e.path().string());
    REQUIRE(run("sim " + e.path().string() + " --games 1 --seed 3 --record " + rec).code == 0);
    auto r = run("replay " + rec);
    CHECK(r.code == 0);
    CHECK(r.out.find("every move and score agrees with the rules") != std::string::npos);
    auto v = load_ruleset(e.path().stem().string());
    if (v->seats == 4) pbn_deals_read_back(*v, rec, dir + "/" + e.path().stem().string() + ".pbn");
  }
  CHECK(rulesets >= 60);
}
