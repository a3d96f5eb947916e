// A hand's score explained: what each scoring rule gave each team (points, counters changed, the bids and
// tricks it read), for the table, test failures and game records. Computed only when asked, by scoring the
// hand again under the first k rules for each k, so the scoring itself stays as fast as it is.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "runtime/game.hpp"

namespace spades {

// What one rule did to one team this hand.
struct rule_effect {
  int rule = -1;                    // index into variant::rules
  int team = -1;
  int64_t points = 0;               // the points it added to the team's hand score
  struct counter_change {
    int counter;
    int64_t from, to;
  };
  std::vector<counter_change> counters;  // each counter of the team it changed
  bool won = false, lost = false;        // it decided the game for the team (`win`, `lose`)
  std::string read;                      // the bids and tricks it read: "bid 4+nil took 5", or ""
};

// `before` is the state just before the decision that scores the hand, `finish` makes that decision on a
// copy (plays the last card, records the tricks). Returns every rule's effect, in rule order then team
// order, leaving out rules that changed nothing for a team. Throws what the scoring throws.
std::vector<rule_effect> explain_scoring(const game_state& before, const std::function<void(game_state&)>& finish);

// One team's effects in words: "contract: bid 9 took 12, +93, bags 7 -> 10; sandbags: bags 10 -> 0, -100".
// "" when no rule changed anything for the team.
std::string effects_text(const variant& v, const std::vector<rule_effect>& effects, int team);

// The state before each card played, kept so that the hand the last card scored can be explained: a part
// of an observer of the game loop (runtime/loop.hpp) that explains hands as they are scored.
struct scoring_witness {
  game_state before;
  move last{};
  void moving(const game_state& st, const move& m) {
    if (st.ph == phase::play) before = st, last = m;
  }
  // Once the loop reports a hand scored: what each rule gave.
  std::vector<rule_effect> effects() const {
    return explain_scoring(before, [m = last](game_state& s) { s.play_card(m.a); });
  }
};

}  // namespace spades
