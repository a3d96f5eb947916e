// Test hands, comparing a hand's outcome with its `expect`: each field that differs is one failure of the
// case (`FIELD: expected X, got Y`); a field the file gets wrong is a hands_error.
#include <fmt/format.h>

#include "hands/hand.hpp"
#include "runtime/breakdown.hpp"

namespace spades::hands {

template <class F>
void hand_runner::per_team_obj(const json& obj, const std::string& field, F value) {
  if (!obj.is_object()) cx.fail(prefix + "expect." + field, "expected an object: team -> number");
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    std::string f = field + "." + it.key();
    int t = team_of(cx, v, prefix + "expect." + f, it.key());
    int64_t want = integer(cx, prefix + "expect." + f, it.value());
    if (want != value(t)) failure(f, std::to_string(want), std::to_string(value(t)));
  }
}

void hand_runner::compare(const json& e) {
  only_fields(cx, e, prefix + "expect", {"hand_score", "score", "bags", "tricks", "game_over", "winner", "error", "counters", "thrown_in"});
  if (e.contains("error")) return compare_error(e["error"]);
  if (rejected) {
    std::string where = reject_at == "bids" || reject_at == "scoring" ? reject_at : fmt::format("move {}", reject_at);
    failure("error", "no error", fmt::format("rejected at {}: {}", where, reject_msg));
    return;
  }
  // a hand thrown in is over too: nothing scored, the scores as they were
  bool scored = st.hands_played > hands_before || st.redeals > redeals_before;
  if ((e.contains("hand_score") || e.contains("score") || e.contains("bags")) && !scored) {
    failure("hand_score", "a scored hand", "the hand did not finish (give all of its play, or its tricks)");
    return;
  }
  if (e.contains("hand_score")) per_team_obj(e["hand_score"], "hand_score", [&](int t) { return st.hand_points[t]; });
  if (e.contains("score")) per_team_obj(e["score"], "score", [&](int t) { return st.score[t]; });
  if (e.contains("bags")) {
    // a ruleset that keeps no bags has none: 0 for every team
    int c = v.bags_counter;
    per_team_obj(e["bags"], "bags", [&](int t) { return c < 0 ? int64_t{0} : st.counters[t][c]; });
  }
  compare_counters(e);
  explain_scores();
  compare_tricks(e);
  compare_end(e);
  compare_thrown_in(e);
}

// When a score or counter differs from `expect`: what each scoring rule gave each side, as notes.
void hand_runner::explain_scores() {
  bool differs = false;
  for (const field_failure& f : res.failures) {
    std::string field = f.field.substr(prefix.size());
    for (const char* k : {"hand_score.", "score.", "bags.", "counters."}) differs |= field.rfind(k, 0) == 0;
  }
  if (!differs || !before_scoring || !finish || st.hands_played == hands_before) return;
  try {
    std::vector<rule_effect> effects = explain_scoring(*before_scoring, finish);
    for (int t = 0; t < v.teams; ++t) {
      std::string why = effects_text(v, effects, t);
      if (!why.empty()) res.notes.push_back(fmt::format("{}scored {}: {}", prefix, v.team_names[t], why));
    }
  } catch (const rule_error&) {
    // the scoring failed the first time too: the failure says so
  }
  before_scoring.reset();
}

// expect.thrown_in: whether a call that redeals (a misdeal) threw this hand in.
void hand_runner::compare_thrown_in(const json& e) {
  if (!e.contains("thrown_in")) return;
  if (!e["thrown_in"].is_boolean()) cx.fail(prefix + "expect.thrown_in", "expected true or false");
  const bool want = e["thrown_in"].get<bool>(), got = st.redeals > redeals_before;
  if (want != got) failure("thrown_in", want ? "true" : "false", got ? "true" : "false");
}

// expect.error: the hand must have been rejected, where and with the words given.
void hand_runner::compare_error(const json& er) {
  only_fields(cx, er, prefix + "expect.error", {"at", "contains"});
  if (er.contains("at") && !er["at"].is_string() && !er["at"].is_number_unsigned())
    cx.fail(prefix + "expect.error.at", "expected \"bids\" or the index of a move");
  std::string at = er.contains("at") ? text_of(er["at"]) : "";
  if (!rejected) {
    failure("error", fmt::format("rejected at {}", at.empty() ? "some point" : at), "accepted");
    return;
  }
  if (!at.empty() && at != reject_at) failure("error.at", at, fmt::format("{} ({})", reject_at, reject_msg));
  if (er.contains("contains")) {
    std::string want = text_of(er["contains"]);
    if (reject_msg.find(want) == std::string::npos) failure("error.contains", want, reject_msg);
  }
}

void hand_runner::compare_counters(const json& e) {
  if (!e.contains("counters")) return;
  if (!e["counters"].is_object()) cx.fail(prefix + "expect.counters", "expected an object: counter -> {team -> number}");
  for (auto it = e["counters"].begin(); it != e["counters"].end(); ++it) {
    int c = counter_index(v, it.key());
    if (c < 0) cx.fail(prefix + "expect.counters." + it.key(), "the ruleset has no such counter");
    per_team_obj(it.value(), "counters." + it.key(), [&](int t) { return st.counters[t][c]; });
  }
}

void hand_runner::compare_tricks(const json& e) {
  if (!e.contains("tricks")) return;
  if (!e["tricks"].is_object()) cx.fail(prefix + "expect.tricks", "expected an object: seat -> tricks won");
  for (auto it = e["tricks"].begin(); it != e["tricks"].end(); ++it) {
    std::string f = "tricks." + it.key();
    int s = seat_of(cx, v, prefix + "expect." + f, it.key());
    int64_t want = integer(cx, prefix + "expect." + f, it.value());
    if (want != st.tricks_won[s]) failure(f, std::to_string(want), std::to_string(st.tricks_won[s]));
  }
}

// expect.game_over and expect.winner (null: no winner, the game going on or drawn).
void hand_runner::compare_end(const json& e) {
  if (e.contains("game_over")) {
    if (!e["game_over"].is_boolean()) cx.fail(prefix + "expect.game_over", "expected true or false");
    bool want = e["game_over"].get<bool>();
    bool got = st.ph == phase::over;
    if (want != got) failure("game_over", want ? "true" : "false", got ? "true" : "false");
  }
  if (!e.contains("winner")) return;
  const json& w = e["winner"];
  std::string got = st.ph == phase::over && st.winner >= 0 ? v.team_names[st.winner] : "null";
  if (w.is_null()) {
    if (got != "null") failure("winner", "null", got);
    return;
  }
  if (!w.is_string()) cx.fail(prefix + "expect.winner", "expected a team name or null");
  int t = team_of(cx, v, prefix + "expect.winner", w.get<std::string>());
  if (st.ph != phase::over || st.winner != t) failure("winner", v.team_names[t], got);
}

}  // namespace spades::hands
