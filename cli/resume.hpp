// `spades play --record` and `--resume`: the table wrapped so that the game is recorded as it goes (saved
// before each of your decisions and after each hand, so a quit or Ctrl-C leaves a resumable record) and
// each hand's score is explained rule by rule; and a saved game brought back to where it was left.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bots/players.hpp"
#include "cli/records.hpp"
#include "cli/text_table.hpp"
#include "runtime/loop.hpp"

namespace spades::cli {

// Is the decision pending yours at seat `me` (yours, or your team's)?
inline bool yours(const game_state& st, int me) {
  return st.team_decides() ? st.v->team_of[me] == st.turn : st.acting_seat() == me;
}

// The table (chooser and observer, cli/play.cpp) with a recorder beside it and each hand's score explained.
template <class Table>
struct recorded_table : observer {
  recorded_table(Table& table, game_recorder* recorder, std::string record_path, int seat)
      : t(table), rec(recorder), path(std::move(record_path)), me(seat) {}
  Table& t;
  game_recorder* rec;  // null: no record
  std::string path;
  int me;
  scoring_witness witness{};

  // the record at each of your decisions, beside the table's own (`undo` goes back to one)
  std::vector<game_recorder> at_decision{};

  bool operator()(const game_state& st, rng& r, move& out) {
    if (!rec || !yours(st, me)) return t(st, r, out);
    save_record(*rec, path);
    const size_t before = t.decisions.size();
    game_recorder now = *rec;
    bool go = t(st, r, out);
    if (t.decisions.size() > before) at_decision.push_back(std::move(now));
    else if (t.decisions.size() < before && t.undo_to && !at_decision.empty()) {
      // undo: the table dropped this decision (never kept here) and the one before, which it returns to
      undone = std::move(at_decision.back());
      at_decision.pop_back();
    }
    return go;
  }
  std::optional<game_recorder> undone{};
  // After the table's undo: the record as it was at the decision gone back to.
  void undo() {
    if (rec && undone) *rec = std::move(*undone);
    undone.reset();
  }
  void dealing(const game_state& st) {
    if (rec) rec->dealing(st);
    t.dealing(st);
  }
  void dealt(const game_state& st) {
    if (rec) rec->dealt(st);
    t.dealt(st);
  }
  void moving(const game_state& st, const move& m) {
    witness.moving(st, m);
    if (rec) rec->moving(st, m);
    t.moving(st, m);
  }
  void moved(const game_state& st, const move& m) {
    if (rec) rec->moved(st, m);
    t.moved(st, m);
  }
  bool hand_scored(const game_state& st) {
    bool go = t.hand_scored(st);
    std::vector<rule_effect> effects = witness.effects();
    for (int team = 0; team < st.v->teams; ++team) {
      std::string why = effects_text(*st.v, effects, team);
      const std::string side = "  " + st.v->team_names[team] + ": ";
      if (!why.empty()) fmt::print("{}{}\n", side, wrap(why, output_width(), text_width(side), 4));
    }
    if (rec) save_record(*rec, path);
    return go;
  }
};

// Plays the recorded moves of a saved game again from its seed, silently, checking that the bots make the
// same moves and yours are legal, so that the game goes on exactly as it would have; the recorder hears
// it all again. Throws input_error when the record does not follow from its seed. Returns the number of
// moves replayed. The bots' moves are made again by `bots`, the bots that play the game on (any kind: the
// Monte Carlo bots draw from their own seeded streams and see the game replayed as they saw it).
size_t resume_game(const record_file& rf, game_state& st, rng& r, int me, seated_bots& bots, game_recorder* rec);

}  // namespace spades::cli
