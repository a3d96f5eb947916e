// Test hands, one hand of a case: dealt, bid and played (or scored from its tricks) through the game
// state machine's public API, then its `expect` compared field by field. hand.cpp drives the hand,
// expect.cpp compares.
#pragma once
#include <functional>
#include <optional>
#include <string>

#include "hands/fields.hpp"
#include "hands/report.hpp"
#include "runtime/game.hpp"

namespace spades::hands {

struct hand_runner {
  const case_ctx& cx;
  const variant& v;
  game_state& st;
  case_result& res;
  std::string prefix;       // "" or "hands[2]."
  bool rejected = false;    // the rules refused a decision (or a formula failed while scoring)
  std::string reject_at;    // "bids", "scoring" or the index of the move
  std::string reject_msg;
  const json* events = nullptr;
  bool scoring_only = false;   // the hand gives `tricks`, not its play
  bool order_missing = false;  // scoring-only, no events.trick_winners, and the scoring reads the order
  int hands_before = 0;
  int redeals_before = 0;   // hands thrown in before this one (a misdeal throws it in)
  // the state before the decision that scored the hand, and that decision: a score that differs from
  // `expect` is explained from them, rule by rule (runtime/breakdown.hpp)
  std::optional<game_state> before_scoring;
  std::function<void(game_state&)> finish;

  hand_runner(const case_ctx& cx, const variant& v, game_state& st, case_result& res, std::string prefix)
      : cx(cx), v(v), st(st), res(res), prefix(std::move(prefix)) {}

  // Runs the hand `h` (its fields checked as they are met) and compares its `expect`.
  void run(const json& h);

  // ---- hand.cpp ----
  void failure(const std::string& field, const std::string& expected, const std::string& got);
  void reject(const std::string& at, const std::string& msg);
  void deal(const json& h);
  void pbn(const std::string& text, std::array<card_set, max_seats>& given, card_set& used);
  bool act(const std::string& at, const std::string& field, const std::string& who, const std::string& text);
  bool look(const std::string& at, const std::string& field, const std::string& who);
  void bids(const json& b);
  void moves(const json& ms);
  void play(const json& p);
  void tricks(const json& t);
  void score_failed(const rule_error& e);

  // ---- expect.cpp ----
  void compare(const json& e);
  void compare_error(const json& er);
  void compare_counters(const json& e);
  void compare_tricks(const json& e);
  void compare_end(const json& e);
  void compare_thrown_in(const json& e);
  void explain_scores();
  // expect.FIELD: team -> number, each compared with value(team)
  template <class F>
  void per_team_obj(const json& obj, const std::string& field, F value);
};

}  // namespace spades::hands
