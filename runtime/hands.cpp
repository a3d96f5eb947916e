// The test-hand runner behind `spades test` and the test suite.
#include "runtime/hands.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "runtime/game.hpp"
#include "runtime/notation.hpp"

namespace spades {

using json = nlohmann::ordered_json;
namespace fs = std::filesystem;

namespace {

struct case_ctx {
  std::string file, name;
  [[noreturn]] void fail(const std::string& field, const std::string& msg) const {
    throw hands_error(fmt::format("{}: case '{}': field '{}': {}", file, name, field, msg));
  }
};

void only_fields(const case_ctx& cx, const json& obj, const std::string& where, std::initializer_list<const char*> allowed) {
  if (!obj.is_object()) cx.fail(where, "must be an object");
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    bool known = false;
    for (const char* a : allowed) known |= it.key() == a;
    if (!known) {
      std::string list;
      for (const char* a : allowed) list += std::string(list.empty() ? "" : ", ") + a;
      cx.fail(where.empty() ? it.key() : where + "." + it.key(), fmt::format("unknown field (known: {})", list));
    }
  }
}

int seat_of(const case_ctx& cx, const variant& v, const std::string& field, const std::string& name) {
  int s = v.find_seat(name);
  if (s < 0) cx.fail(field, fmt::format("unknown seat '{}' (seats: {})", name, fmt::join(v.seat_names, " ")));
  return s;
}

int team_of(const case_ctx& cx, const variant& v, const std::string& field, const std::string& name) {
  int t = v.find_team(name);
  if (t < 0) cx.fail(field, fmt::format("unknown team '{}' (teams: {})", name, fmt::join(v.team_names, " ")));
  return t;
}

int64_t integer(const case_ctx& cx, const std::string& field, const json& j) {
  if (!j.is_number_integer()) cx.fail(field, fmt::format("expected a whole number, found {}", j.dump()));
  return j.get<int64_t>();
}

std::string text_of(const json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); }

int counter_index(const variant& v, const std::string& name) {
  for (size_t i = 0; i < v.counters.size(); ++i)
    if (v.counters[i] == name) return (int)i;
  return -1;
}

struct hand_runner {
  const case_ctx& cx;
  const variant& v;
  game_state& st;
  case_result& res;
  std::string prefix;  // "" or "hands[2]."
  bool rejected = false;
  std::string reject_at;   // "bids" or the index
  std::string reject_msg;

  void failure(const std::string& field, const std::string& expected, const std::string& got) {
    res.ok = false;
    res.failures.push_back({prefix + field, expected, got});
  }

  void reject(const std::string& at, const std::string& msg) {
    rejected = true;
    reject_at = at;
    reject_msg = msg;
  }

  void deal(const json& h) {
    // absent: the first seat deals the first hand; later hands of a sequence pass the deal by the rules
    if (h.contains("dealer")) {
      if (!h["dealer"].is_string()) cx.fail(prefix + "dealer", "expected a seat name");
      st.dealer = seat_of(cx, v, prefix + "dealer", h["dealer"].get<std::string>());
    }
    if (!h.contains("deal")) {
      rng r(0x5eed);
      st.deal(r);
      return;
    }
    const json& d = h["deal"];
    if (!d.is_object()) cx.fail(prefix + "deal", "expected an object: seat -> cards");
    std::array<card_set, max_seats> given{};
    card_set used, rest;
    bool has_rest = false;
    std::vector<bool> seen(v.seats);
    for (auto it = d.begin(); it != d.end(); ++it) {
      std::string field = prefix + "deal." + it.key();
      if (!it.value().is_string()) cx.fail(field, "expected the cards as a string like \"AS KS 2C\"");
      card_set* into;
      if (it.key() == "rest") { into = &rest; has_rest = true; }
      else {
        int s = seat_of(cx, v, field, it.key());
        if (seen[s]) cx.fail(field, "this seat is dealt twice");
        seen[s] = true;
        into = &given[s];
      }
      std::istringstream in(it.value().get<std::string>());
      std::string tok;
      while (in >> tok) {
        card_set copies = v.cards_named(tok);
        if (copies.empty()) cx.fail(field, fmt::format("'{}' is not a card of this deck", tok));
        card_set free = copies & ~used;
        if (free.empty()) cx.fail(field, fmt::format("{} is dealt more often than the deck holds it", tok));
        int c = free.first();
        used.add(c);
        into->add(c);
      }
      if (into != &rest && into->count() != v.hand_size)
        cx.fail(field, fmt::format("{} card{} dealt, a hand has {}", into->count(), into->count() == 1 ? "" : "s", v.hand_size));
    }
    for (int s = 0; s < v.seats; ++s)
      if (!seen[s]) cx.fail(prefix + "deal", fmt::format("no cards for seat {}", v.seat_names[s]));
    card_set left = v.deck & ~used;
    if (has_rest && !left.empty()) cx.fail(prefix + "deal.rest", fmt::format("{} card{} of the deck {} dealt nowhere", left.count(), left.count() == 1 ? "" : "s", left.count() == 1 ? "is" : "are"));
    st.deal_given(given, rest | left);
  }

  // Applies one parsed action for `seat` (empty: whoever is to act). Returns false once rejected.
  // `at` is what expect.error.at names ("bids" or the index); `field` names the field in file errors.
  bool act(const std::string& at, const std::string& field, const std::string& who, const std::string& text) {
    if (rejected) return false;
    if (st.ph == phase::over) { reject(at, "the game is already over"); return false; }
    if (!who.empty()) {
      int acting = st.acting_seat();
      bool match;
      if (st.team_decides()) {
        int t = v.find_team(who);
        int s = v.find_seat(who);
        if (t < 0 && s < 0) cx.fail(field, fmt::format("unknown seat or team '{}'", who));
        match = t == st.turn || (s >= 0 && v.team_of[s] == st.turn);
      } else {
        int s = seat_of(cx, v, field, who);
        match = s == acting;
      }
      if (!match) {
        std::string turn = st.team_decides() ? v.team_names[st.turn] : v.seat_names[acting];
        reject(at, fmt::format("it is {}'s turn, not {}'s", turn, who));
        return false;
      }
    }
    std::vector<move> ms;
    std::string err;
    if (!parse_action(st, text, ms, err)) {
      // a card that this deck does not have is the file's mistake; any other text is a rejected move
      std::istringstream words(text);
      std::string w;
      while (words >> w) {
        std::string c = normalise_card(w);
        bool shaped = c.size() == 2 && (std::string("SHDC").find(c[1]) != std::string::npos || c[1] == 'J');
        if (shaped && v.cards_named(w).empty()) cx.fail(field, err);
      }
      reject(at, err);
      return false;
    }
    for (const move& m : ms) {
      std::string why = st.why_illegal(m);
      if (!why.empty()) { reject(at, why); return false; }
      st.apply(m);
    }
    return true;
  }

  void bids(const json& b) {
    if (!b.is_object()) cx.fail(prefix + "bids", "expected an object: seat (or team) -> bid");
    for (auto it = b.begin(); it != b.end(); ++it) {
      std::string field = prefix + "bids." + it.key();
      if (v.bid_by_team) {
        if (v.find_team(it.key()) < 0) team_of(cx, v, field, it.key());
      } else {
        seat_of(cx, v, field, it.key());
      }
      if (!it.value().is_string() && !it.value().is_number_integer()) cx.fail(field, "a bid is a number or a string");
    }
    // a scoring-only hand skips card decisions owed before the bidding (passes, the kitty's discard)
    if ((st.ph == phase::pass || st.ph == phase::discard) && scoring_only) st.skip_to_bidding();
    if (st.ph != phase::bid) {
      if (st.bidding_skipped) cx.fail(prefix + "bids", "this hand has no bidding under the ruleset's rules");
      cx.fail(prefix + "bids", fmt::format("the hand is in its {} phase, not bidding: give the hand as 'moves' (e.g. \"{}: pass ...\")",
                                           phase_name(st.ph), v.seat_names[st.acting_seat()]));
    }
    while (st.ph == phase::bid && !rejected) {
      const json* found = nullptr;
      std::string key;
      for (auto it = b.begin(); it != b.end(); ++it) {
        bool mine = v.bid_by_team ? v.find_team(it.key()) == st.turn : v.find_seat(it.key()) == st.turn;
        if (mine) { found = &it.value(); key = it.key(); }
      }
      std::string who = v.bid_by_team ? v.team_names[st.turn] : v.seat_names[st.turn];
      if (!found) cx.fail(prefix + "bids", fmt::format("no bid for {}", who));
      if (!act("bids", prefix + "bids." + key, "", text_of(*found))) {
        reject_msg = fmt::format("{}'s bid {}: {}", key, text_of(*found), reject_msg);
        return;
      }
    }
  }

  void moves(const json& ms) {
    if (!ms.is_array()) cx.fail(prefix + "moves", "expected a list of \"SEAT: action\" strings");
    for (size_t i = 0; i < ms.size(); ++i) {
      std::string field = fmt::format("{}moves[{}]", prefix, i);
      if (!ms[i].is_string()) cx.fail(field, "expected a \"SEAT: action\" string");
      std::string s = ms[i].get<std::string>();
      auto colon = s.find(':');
      if (colon == std::string::npos) cx.fail(field, fmt::format("'{}' is not \"SEAT: action\"", s));
      std::string who = lower_words(s.substr(0, colon));
      std::string orig_who = s.substr(0, colon);
      orig_who.erase(0, orig_who.find_first_not_of(' '));
      orig_who.erase(orig_who.find_last_not_of(' ') + 1);
      if (!act(std::to_string(i), field, orig_who, s.substr(colon + 1))) return;
    }
  }

  void play(const json& p) {
    if (!p.is_array() && !p.is_string()) cx.fail(prefix + "play", "expected the cards played, as a list or one string");
    std::vector<std::string> cards;
    if (p.is_string()) {
      std::istringstream in(p.get<std::string>());
      std::string t;
      while (in >> t) cards.push_back(t);
    } else {
      for (size_t i = 0; i < p.size(); ++i) {
        if (!p[i].is_string()) cx.fail(fmt::format("{}play[{}]", prefix, i), "expected a card");
        cards.push_back(p[i].get<std::string>());
      }
    }
    if (st.ph == phase::exchange) cx.fail(prefix + "play", "this hand has an exchange after the bidding: give the hand as 'moves'");
    for (size_t i = 0; i < cards.size(); ++i) {
      if (v.cards_named(cards[i]).empty()) cx.fail(fmt::format("{}play[{}]", prefix, i), fmt::format("'{}' is not a card of this deck", cards[i]));
      if (st.ph != phase::play) { reject(std::to_string(i), "the hand is already over"); return; }
      if (!act(std::to_string(i), fmt::format("{}play[{}]", prefix, i), "", cards[i])) return;
    }
  }

  const json* events = nullptr;
  bool scoring_only = false;

  void tricks(const json& t) {
    if (!t.is_object()) cx.fail(prefix + "tricks", "expected an object: seat -> tricks won");
    // a scoring-only hand needs no cards to change hands: what is owed after the bidding is skipped
    if (st.ph != phase::bid) st.skip_to_play();
    if (st.ph != phase::play || st.trick != 0 || st.played != 0)
      cx.fail(prefix + "tricks", st.ph == phase::bid ? "'tricks' needs the bidding to be complete: give every bid" : "'tricks' cannot be given once the play has started: give the rest of the play instead");
    std::array<int, max_seats> won{};
    int sum = 0;
    for (auto it = t.begin(); it != t.end(); ++it) {
      std::string field = prefix + "tricks." + it.key();
      int s = seat_of(cx, v, field, it.key());
      int64_t n = integer(cx, field, it.value());
      if (n < 0 || n > v.tricks_per_hand) cx.fail(field, fmt::format("{} tricks is impossible in a hand of {}", n, v.tricks_per_hand));
      won[s] = (int)n;
      sum += (int)n;
    }
    if (sum != v.tricks_per_hand) cx.fail(prefix + "tricks", fmt::format("the tricks add up to {}, but a hand has {}", sum, v.tricks_per_hand));
    st.tricks_won = won;
    st.trick = v.tricks_per_hand;
    st.trick_order_known = false;
    if (events && events->contains("trick_winners")) {
      const json& tw = (*events)["trick_winners"];
      std::string f = prefix + "events.trick_winners";
      if (!tw.is_array() || (int)tw.size() != v.tricks_per_hand) cx.fail(f, fmt::format("expected a list of the {} tricks' winners (seats), in order", v.tricks_per_hand));
      std::array<int, max_seats> count{};
      for (size_t i = 0; i < tw.size(); ++i) {
        if (!tw[i].is_string()) cx.fail(fmt::format("{}[{}]", f, i), "expected a seat name");
        int s = seat_of(cx, v, fmt::format("{}[{}]", f, i), tw[i].get<std::string>());
        st.trick_winner[i] = (int8_t)s;
        ++count[s];
      }
      if (count != won) cx.fail(f, "the winners listed do not match 'tricks'");
      st.last_trick_winner = st.trick_winner[tw.size() - 1];
      st.trick_order_known = true;
    }
    st.score_hand();
  }

  void compare(const json& e) {
    only_fields(cx, e, prefix + "expect", {"hand_score", "score", "bags", "tricks", "game_over", "winner", "error", "counters"});
    if (e.contains("error")) {
      const json& er = e["error"];
      only_fields(cx, er, prefix + "expect.error", {"at", "contains"});
      if (er.contains("at") && !er["at"].is_string() && !er["at"].is_number_unsigned())
        cx.fail(prefix + "expect.error.at", "expected \"bids\" or the index of a move");
      std::string at = er.contains("at") ? text_of(er["at"]) : "";
      if (!rejected) failure("error", fmt::format("rejected at {}", at.empty() ? "some point" : at), "accepted");
      else {
        if (!at.empty() && at != reject_at) failure("error.at", at, fmt::format("{} ({})", reject_at, reject_msg));
        if (er.contains("contains")) {
          std::string want = text_of(er["contains"]);
          if (reject_msg.find(want) == std::string::npos) failure("error.contains", want, reject_msg);
        }
      }
      return;
    }
    if (rejected) {
      std::string where = reject_at == "bids" || reject_at == "scoring" ? reject_at : fmt::format("move {}", reject_at);
      failure("error", "no error", fmt::format("rejected at {}: {}", where, reject_msg));
      return;
    }
    auto per_team = [&](const char* field, auto value) {
      if (e.contains(field)) per_team_obj(e[field], field, value);
    };
    bool scored = st.hands_played > hands_before;
    if ((e.contains("hand_score") || e.contains("score") || e.contains("bags")) && !scored) {
      failure("hand_score", "a scored hand", "the hand did not finish (give all of its play, or its tricks)");
      return;
    }
    per_team("hand_score", [&](int t) { return st.hand_points[t]; });
    per_team("score", [&](int t) { return st.score[t]; });
    if (e.contains("bags")) {
      int c = v.bags_counter;
      if (c < 0) cx.fail(prefix + "expect.bags", "the ruleset keeps no counter named 'bags'");
      per_team("bags", [&](int t) { return st.counters[t][c]; });
    }
    if (e.contains("counters")) {
      if (!e["counters"].is_object()) cx.fail(prefix + "expect.counters", "expected an object: counter -> {team -> number}");
      for (auto it = e["counters"].begin(); it != e["counters"].end(); ++it) {
        int c = counter_index(v, it.key());
        if (c < 0) cx.fail(prefix + "expect.counters." + it.key(), "the ruleset has no such counter");
        std::string name = "counters." + it.key();
        per_team_obj(it.value(), name, [&](int t) { return st.counters[t][c]; });
      }
    }
    if (e.contains("tricks")) {
      if (!e["tricks"].is_object()) cx.fail(prefix + "expect.tricks", "expected an object: seat -> tricks won");
      for (auto it = e["tricks"].begin(); it != e["tricks"].end(); ++it) {
        std::string f = "tricks." + it.key();
        int s = seat_of(cx, v, prefix + "expect." + f, it.key());
        int64_t want = integer(cx, prefix + "expect." + f, it.value());
        if (want != st.tricks_won[s]) failure(f, std::to_string(want), std::to_string(st.tricks_won[s]));
      }
    }
    if (e.contains("game_over")) {
      if (!e["game_over"].is_boolean()) cx.fail(prefix + "expect.game_over", "expected true or false");
      bool want = e["game_over"].get<bool>();
      bool got = st.ph == phase::over;
      if (want != got) failure("game_over", want ? "true" : "false", got ? "true" : "false");
    }
    if (e.contains("winner")) {
      const json& w = e["winner"];
      std::string got = st.ph == phase::over && st.winner >= 0 ? v.team_names[st.winner] : "null";
      if (w.is_null()) {
        if (got != "null") failure("winner", "null", got);
      } else {
        if (!w.is_string()) cx.fail(prefix + "expect.winner", "expected a team name or null");
        int t = team_of(cx, v, prefix + "expect.winner", w.get<std::string>());
        if (st.ph != phase::over || st.winner != t) failure("winner", v.team_names[t], got);
      }
    }
  }
  // expect.FIELD: team -> number, each compared with value(team)
  template <class F>
  void per_team_obj(const json& obj, const std::string& field, F value) {
    if (!obj.is_object()) cx.fail(prefix + "expect." + field, "expected an object: team -> number");
    for (auto it = obj.begin(); it != obj.end(); ++it) {
      std::string f = field + "." + it.key();
      int t = team_of(cx, v, prefix + "expect." + f, it.key());
      int64_t want = integer(cx, prefix + "expect." + f, it.value());
      if (want != value(t)) failure(f, std::to_string(want), std::to_string(value(t)));
    }
  }
  int hands_before = 0;

  void run(const json& h) {
    only_fields(cx, h, prefix.empty() ? "" : prefix.substr(0, prefix.size() - 1),
                prefix.empty() ? std::initializer_list<const char*>{"name", "dealer", "deal", "bids", "play", "moves", "tricks", "events", "expect", "note"}
                               : std::initializer_list<const char*>{"dealer", "deal", "bids", "play", "moves", "tricks", "events", "expect", "note"});
    if (st.ph == phase::over) cx.fail(prefix.empty() ? "hands" : prefix.substr(0, prefix.size() - 1), "the game was already over before this hand");
    hands_before = st.hands_played;
    try {
      deal(h);
      if (h.contains("play") && h.contains("moves")) cx.fail(prefix + "play", "give either 'play' or 'moves', not both");
      if (h.contains("tricks") && h.contains("play")) cx.fail(prefix + "tricks", "'tricks' is for hands without play; with play, expect.tricks checks them");
      scoring_only = h.contains("tricks");
      if (h.contains("bids")) bids(h["bids"]);
      if (!rejected && h.contains("moves")) moves(h["moves"]);
      if (!rejected && h.contains("play")) play(h["play"]);
      if (h.contains("events")) {
        only_fields(cx, h["events"], prefix + "events", {"trick_winners"});
        if (!h.contains("tricks")) cx.fail(prefix + "events", "events go with 'tricks' (a scoring-only hand)");
        events = &h["events"];
      }
      if (!rejected && h.contains("tricks")) tricks(h["tricks"]);
    } catch (const rule_error& e) {
      reject("scoring", e.headline());
    }
    if (h.contains("expect")) compare(h["expect"]);
    else if (rejected)
      failure("error", "no error",
              fmt::format("rejected at {}: {}", reject_at == "bids" || reject_at == "scoring" ? reject_at : "move " + reject_at, reject_msg));
  }
};

}  // namespace

namespace {
void run_case(const case_ctx& cx, const variant& v, const json& c, case_result& res);
}

hands_report run_hands(const std::string& hands_path, const std::string& ruleset_override, const variant_loader& load) {
  std::ifstream in(hands_path, std::ios::binary);
  std::error_code ec;
  if (!in || fs::is_directory(hands_path, ec)) throw hands_error(fmt::format("{}: cannot read the hands file", hands_path));
  std::stringstream ss;
  ss << in.rdbuf();
  return run_hands_text(hands_path, ss.str(), ruleset_override, load);
}

hands_report run_hands_text(const std::string& hands_path, const std::string& text, const std::string& ruleset_override,
                            const variant_loader& load) {
  hands_report rep;
  rep.file = hands_path;
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::exception& e) {
    // a syntax error, or a number too large for JSON's numbers here (out_of_range.406)
    throw hands_error(fmt::format("{}: not valid JSON: {}", hands_path, e.what()));
  }
  case_ctx top{hands_path, "(file)"};
  only_fields(top, doc, "", {"ruleset", "cases", "note"});
  std::string ruleset = ruleset_override;
  // --ruleset is a path from the current directory; failing that, from the hands file's directory
  std::error_code ec;
  if (!ruleset.empty() && !fs::exists(ruleset, ec) && fs::exists(fs::path(hands_path).parent_path() / ruleset, ec))
    ruleset = (fs::path(hands_path).parent_path() / ruleset).string();
  if (ruleset.empty()) {
    if (!doc.contains("ruleset") || !doc["ruleset"].is_string()) top.fail("ruleset", "the file names no ruleset (or give --ruleset)");
    ruleset = (fs::path(hands_path).parent_path() / doc["ruleset"].get<std::string>()).string();
  }
  rep.ruleset = ruleset;
  std::shared_ptr<const variant> vp;
  try {
    vp = load(ruleset);
  } catch (const hands_error& e) {
    throw hands_error(fmt::format("{}: the ruleset '{}' cannot be used:\n{}", hands_path, ruleset, e.what()));
  }
  const variant& v = *vp;
  if (!doc.contains("cases") || !doc["cases"].is_array()) top.fail("cases", "expected a list of cases");

  std::vector<std::string> names;
  for (size_t i = 0; i < doc["cases"].size(); ++i) {
    const json& c = doc["cases"][i];
    case_ctx cx{hands_path, fmt::format("#{}", i)};
    if (!c.is_object()) cx.fail("", "a case must be an object");
    if (!c.contains("name") || !c["name"].is_string()) cx.fail("name", "every case needs a name");
    cx.name = c["name"].get<std::string>();
    if (std::count(names.begin(), names.end(), cx.name)) cx.fail("name", "another case has the same name");
    names.push_back(cx.name);

    case_result res;
    res.name = cx.name;
    try {
      run_case(cx, v, c, res);
    } catch (const json::exception& e) {
      // a value of the wrong JSON type somewhere the checks above did not look: still the file's fault
      cx.fail("", fmt::format("a value has the wrong type ({})", e.what()));
    }
    rep.cases.push_back(res);
    (res.ok ? rep.passed : rep.failed)++;
  }
  return rep;
}

namespace {
void run_case(const case_ctx& cx, const variant& v, const json& c, case_result& res) {
  {
    game_state st;
    st.new_game(v, 0);
    if (c.contains("options")) {
      if (!c["options"].is_object()) cx.fail("options", "expected an object: option -> value");
      for (auto it = c["options"].begin(); it != c["options"].end(); ++it) {
        auto f = std::find(v.option_names.begin(), v.option_names.end(), it.key());
        if (f == v.option_names.end()) cx.fail("options." + it.key(), "the ruleset declares no such option");
        const json& val = it.value();
        if (!val.is_boolean() && !val.is_number_integer()) cx.fail("options." + it.key(), "expected a number or true/false");
        st.options[f - v.option_names.begin()] = val.is_boolean() ? (int64_t)val.get<bool>() : val.get<int64_t>();
      }
    }
    if (c.contains("before")) {
      const json& b = c["before"];
      if (!b.is_object()) cx.fail("before", "expected an object");
      st.hands_played = 1;
      for (auto it = b.begin(); it != b.end(); ++it) {
        std::string f = "before." + it.key();
        if (it.key() == "hands_played") {
          int64_t n = integer(cx, f, it.value());
          if (n < 0 || n > 1000000) cx.fail(f, "out of range");
          st.hands_played = (int)n;
          continue;
        }
        int counter = counter_index(v, it.key());
        if (it.key() != "score" && counter < 0)
          cx.fail(f, fmt::format("unknown field (known: score, hands_played{}{})", v.counters.empty() ? "" : ", ", fmt::join(v.counters, ", ")));
        if (!it.value().is_object()) cx.fail(f, "expected an object: team -> number");
        for (auto t = it.value().begin(); t != it.value().end(); ++t) {
          int team = team_of(cx, v, f + "." + t.key(), t.key());
          int64_t x = integer(cx, f + "." + t.key(), t.value());
          if (x < -1000000000 || x > 1000000000) cx.fail(f + "." + t.key(), "out of range");
          if (counter < 0) st.score[team] = x;
          else st.counters[team][counter] = x;
        }
      }
    }
    if (c.contains("hands")) {
      for (const char* f : {"dealer", "deal", "bids", "play", "moves", "tricks", "events", "expect"})
        if (c.contains(f)) cx.fail(f, "with 'hands', each hand carries its own fields");
      only_fields(cx, c, "", {"name", "options", "before", "hands", "note"});
      if (!c["hands"].is_array() || c["hands"].empty()) cx.fail("hands", "expected a non-empty list of hands");
      for (size_t h = 0; h < c["hands"].size(); ++h) {
        hand_runner r{cx, v, st, res, fmt::format("hands[{}].", h), false, {}, {}};
        r.run(c["hands"][h]);
        if (r.rejected) break;
      }
    } else {
      hand_runner r{cx, v, st, res, "", false, {}, {}};
      json copy = c;
      copy.erase("options");
      copy.erase("before");
      r.run(copy);
    }
  }
}
}  // namespace

json hands_report::to_json() const {
  json j;
  j["file"] = file;
  j["ruleset"] = ruleset;
  j["cases"] = json::array();
  for (const auto& c : cases) {
    json cj;
    cj["name"] = c.name;
    cj["ok"] = c.ok;
    cj["failures"] = json::array();
    for (const auto& f : c.failures) cj["failures"].push_back({{"field", f.field}, {"expected", f.expected}, {"got", f.got}});
    j["cases"].push_back(cj);
  }
  j["passed"] = passed;
  j["failed"] = failed;
  return j;
}

std::string hands_report::to_text() const {
  std::string out;
  for (const auto& c : cases) {
    out += fmt::format("{} {}\n", c.ok ? "ok  " : "FAIL", c.name);
    for (const auto& f : c.failures) out += fmt::format("     {}: expected {}, got {}\n", f.field, f.expected, f.got);
  }
  out += fmt::format("{} passed, {} failed\n", passed, failed);
  return out;
}

}  // namespace spades
