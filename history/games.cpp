// A record's finished games replayed hand by hand (hands/ reads its cases as `spades replay` does), and each
// hand's figures read off the game as the rules left it.
#include "history/games.hpp"

#include <unordered_set>

#include <fmt/format.h>

#include "hands/hand.hpp"
#include "hands/load.hpp"
#include "history/figures.hpp"
#include "runtime/diagnostic.hpp"

namespace spades::history {

using json = nlohmann::ordered_json;

const char* kind_name(player_kind k) { return k == player_kind::person ? "person" : "bot"; }

namespace {

[[noreturn]] void bad(const std::string& label, const std::string& msg) { throw record_error(fmt::format("{}: {}", label, msg)); }

// One game replayed from its cases: the game's state, and each scored hand's figures.
struct game_replay {
  const variant& v;
  const hands::hands_doc& d;
  game_state st;
  std::vector<hand_figures> figures;
  int hands = 0;

  void start(const hands::case_setup& c) {
    st.new_game(v, 0);
    for (const auto& [o, x] : c.options) st.options[o] = x;
    if (!c.has_before) return;
    st.hands_played = c.hands_played;
    for (const auto& [counter, tv] : c.before) (counter < 0 ? st.score[tv.team] : st.counters[tv.team][counter]) = tv.value;
  }

  // A case of the game: replayed and checked against its `expect`, then its figures taken.
  void hand(size_t index, std::unordered_set<std::string>& names) {
    hands::case_setup c = hands::read_case(d, index, names);
    names.insert(c.name);
    if (c.hands.size() != 1) bad(d.file, fmt::format("{}: a record gives each hand as its own case", c.name));
    if (st.v == nullptr) start(c);
    hands::case_ctx cx{d.file, c.name};
    case_result res;
    hands::hand_runner run(cx, v, st, res, "");
    run.run(c.hands[0]);
    if (run.rejected) bad(d.file, fmt::format("{}: {}: {}", c.name, run.reject_at == "bids" || run.reject_at == "scoring" ? run.reject_at : "move " + run.reject_at, run.reject_msg));
    if (!res.ok)
      bad(d.file, fmt::format("{}: expect.{}: the record says {}, the rules give {}", c.name, res.failures.front().field,
                              res.failures.front().expected, res.failures.front().got));
    if (st.hands_played == run.hands_before || !run.before_scoring || !run.finish) return;  // thrown in, or unfinished
    ++hands;
    game_state after = *run.before_scoring;
    run.finish(after);
    const std::vector<rule_effect> effects = explain_scoring(*run.before_scoring, run.finish);
    for (hand_figures& f : hand_figures_of(after, effects)) {
      f.hand = hands;
      figures.push_back(std::move(f));
    }
  }
};

// record.games: the games of the record, each with the number of cases it holds.
std::vector<std::pair<size_t, const json*>> game_spans(const json& record, const std::string& label, size_t cases) {
  std::vector<std::pair<size_t, const json*>> out;
  if (!record.contains("record") || !record["record"].is_object()) bad(label, "not a game record: it has no \"record\" object");
  const json& r = record["record"];
  if (!r.contains("games")) return out;
  if (!r["games"].is_array()) bad(label, "record.games: expected a list of the games finished");
  size_t from = 0;
  for (size_t i = 0; i < r["games"].size(); ++i) {
    const json& g = r["games"][i];
    if (!g.is_object() || !g.contains("cases") || !g["cases"].is_number_integer() || g["cases"].get<int64_t>() < 1)
      bad(label, fmt::format("record.games[{}].cases: expected how many of the cases are the game's hands (1 or more)", i));
    const uint64_t n = g["cases"].get<uint64_t>();
    if (n > cases - from) bad(label, fmt::format("record.games[{}].cases: {} cases from case {} on, but the record holds {} cases", i, n, from + 1, cases));
    out.push_back({from, &g});
    from += (size_t)n;
  }
  return out;
}

// The game's result as the replay gives it, against what record.games says of it.
void check_result(const std::string& label, size_t i, const json& g, const game_replay& gr) {
  const variant& v = gr.v;
  const json winner = gr.st.winner >= 0 ? json(v.team_names[gr.st.winner]) : json(nullptr);
  if (g.value("winner", json()) != winner)
    bad(label, fmt::format("record.games[{}].winner: the record says {}, the game replayed gives {}", i, printable(g.value("winner", json()).dump(), 80), winner.dump()));
  for (int t = 0; t < v.teams; ++t)
    if (!g.contains("score") || !g["score"].is_object() || g["score"].value(v.team_names[t], json()) != json(gr.st.score[t]))
      bad(label, fmt::format("record.games[{}].score.{}: the record does not say {}, the score the game replayed gives", i, v.team_names[t], gr.st.score[t]));
}

finished_game result_of(const game_replay& gr, const std::vector<seat_player>& players) {
  const variant& v = gr.v;
  finished_game out;
  out.game_name = v.name;
  out.hands = gr.hands;
  if (gr.st.winner >= 0) out.winner = v.team_names[gr.st.winner];
  out.end = gr.st.end_reason();
  for (int s = 0; s < v.seats; ++s) {
    if (s == v.dummy) continue;
    seat_player p = s < (int)players.size() ? players[s] : seat_player{v.seat_names[s], player_kind::bot};
    out.seats.push_back({v.seat_names[s], v.team_names[v.team_of[s]], std::move(p)});
  }
  for (int t = 0; t < v.teams; ++t) out.sides.push_back({v.team_names[t], gr.st.score[t], gr.st.winner == t});
  out.figures = gr.figures;
  return out;
}

}  // namespace

std::vector<finished_game> finished_games(const variant& v, const json& record, const std::string& label,
                                          const std::vector<seat_player>& players, const std::string& ruleset,
                                          const std::string& played_at) {
  hands::hands_doc d;
  d.file = label;
  d.v = std::shared_ptr<const variant>(std::shared_ptr<const variant>(), &v);  // not owned: the caller's variant
  d.doc = record;
  if (!d.doc.contains("cases") || !d.doc["cases"].is_array()) bad(label, "cases: expected a list of cases");
  std::vector<finished_game> out;
  std::unordered_set<std::string> names;
  try {
    const auto spans = game_spans(record, label, d.doc["cases"].size());
    for (size_t i = 0; i < spans.size(); ++i) {
      const auto& [from, g] = spans[i];
      game_replay gr{v, d, {}, {}, 0};
      for (size_t c = from; c < from + (*g)["cases"].get<size_t>(); ++c) gr.hand(c, names);
      if (!g->value("over", false)) continue;  // stopped, not finished
      if (gr.st.ph != phase::over || gr.st.end == game_end::stopped) bad(label, fmt::format("record.games[{}].over: the record says the game is over; its cases leave it under way", i));
      check_result(label, i, *g, gr);
      finished_game f = result_of(gr, players);
      f.ruleset = ruleset;
      f.played_at = played_at;
      out.push_back(std::move(f));
    }
  } catch (const hands_error& e) {
    throw record_error(e.what());
  } catch (const rule_error& e) {
    bad(label, e.what());
  } catch (const nlohmann::json::exception& e) {
    // a field of the wrong JSON type where the checks did not look (record.games' "over" a string): still the record's fault
    bad(label, fmt::format("a value has the wrong type ({})", e.what()));
  }
  return out;
}

std::vector<seat_player> record_players(const variant& v, const json& record, const std::string& label, const std::string& person_name) {
  std::vector<seat_player> out(v.seats);
  const json none = json::object();
  const json& r = record.contains("record") && record["record"].is_object() ? record["record"] : none;
  const bool play = r.contains("command") && r["command"] == "play";
  // record.bot as --bots reads it: NAME for every seat, SIDE=NAME, SEAT=NAME (a seat's own entry over its
  // side's); a seat it does not name, and a play record without it, the rule-following bot; a sim record
  // names no bots
  const std::string spec = r.contains("bot") && r["bot"].is_string() ? r["bot"].get<std::string>() : play ? "rule" : "";
  std::vector<std::string> kind(v.seats, spec.empty() ? "bot" : "rule");
  std::vector<std::pair<int, std::string>> seats;
  for (size_t from = 0; !spec.empty() && from <= spec.size();) {
    const size_t comma = spec.find(',', from);
    std::string item = spec.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
    from = comma == std::string::npos ? spec.size() + 1 : comma + 1;
    const size_t eq = item.rfind("exec:", 0) == 0 ? std::string::npos : item.find('=');
    std::string name = eq == std::string::npos ? item : item.substr(eq + 1);
    if (name.rfind("exec:", 0) == 0) name = "exec";  // an outside program, named by its kind (its command is no name)
    name = printable(name, 40);
    if (eq == std::string::npos) {
      kind.assign(v.seats, name);
      continue;
    }
    const std::string key = item.substr(0, eq);
    const int team = v.find_team(key), seat = v.find_seat(key);
    if (seat < 0 && team < 0) bad(label, fmt::format("record.bot: '{}' is neither a side nor a seat", printable(key, 40)));
    if (seat >= 0) seats.push_back({seat, name});
    for (int s = 0; s < v.seats && seat < 0; ++s)
      if (v.team_of[s] == team) kind[s] = name;
  }
  for (const auto& [seat, name] : seats) kind[seat] = name;
  for (int s = 0; s < v.seats; ++s) out[s] = {fmt::format("{} ({})", kind[s], v.seat_names[s]), player_kind::bot};
  if (r.contains("seat") && r["seat"].is_string()) {
    const int me = v.find_seat(r["seat"].get<std::string>());
    if (me < 0) bad(label, fmt::format("record.seat: '{}' is not a seat", printable(r["seat"].get<std::string>(), 40)));
    out[me] = {person_name, player_kind::person};
  }
  return out;
}

}  // namespace spades::history
