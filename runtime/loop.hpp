// The one game loop that sim, bench, play, the runtime fuzzer and the tests run games through: it deals
// with the RNG, asks a chooser for each decision, applies the move and tells an observer what happened.
// A decision with no legal move is reported here, once, as a rule_error (no_legal_move).
#pragma once
#include "runtime/game.hpp"

namespace spades {

// The error for a decision that has no legal move: a dead end of the variant's rules (every bid's
// condition failing), so the file is named; the game cannot go on.
rule_error no_legal_move(const game_state& st);

// What a driver hears as the game goes. A driver's observer derives from this and hides the hooks it
// needs; the others do nothing (and compile away).
struct observer {
  void dealing(const game_state&) {}                // the cards are about to be dealt
  void dealt(const game_state&) {}                  // they were
  void moving(const game_state&, const move&) {}   // a move is about to be applied
  void moved(const game_state&, const move&) {}    // it was
  bool hand_scored(const game_state&) { return true; }  // a hand was scored; false stops the loop
};

// A uniformly random legal move (bids included): the engine's own primitive for benchmarks, fuzzing and
// its tests (the bots proper live in bots/). A decision with no legal move throws no_legal_move.
move random_move(const game_state& st, rng& r);

// A chooser: `bool (const game_state&, rng&, move& out)` sets `out` to a legal move for the decision
// pending (st.ph is never deal or over) and returns true; it returns false to leave the game, or when
// it finds no legal move (the loop tells the two apart). A bool and an out-parameter rather than an
// optional: the move then stays in registers on the playouts' hot path. The bots' choosers are in
// bots/; the engine's own is a uniformly random legal move, cards straight from random_card():
struct random_chooser {
  bool operator()(const game_state& st, rng& r, move& out) const {
    if (st.ph != phase::play) {
      out = random_move(st, r);
    } else {
      out = move::make_card(st.random_card(r));
    }
    return true;
  }
};

enum class loop_end : uint8_t {
  over,     // the game is over (st.end says how)
  left,     // the chooser gave no move
  stopped,  // the observer asked to stop after a hand
};

// Plays the game in `st` from wherever it is until it is over, the chooser leaves or the observer stops.
template <class Chooser, class Observer>
loop_end run_game(game_state& st, rng& r, Chooser&& choose, Observer&& watch) {
  for (;;) {
    const phase ph = st.ph;  // the chooser and the observer see the state read-only: it holds until apply
    if (ph == phase::over) return loop_end::over;
    if (ph == phase::deal) {
      watch.dealing(st);
      st.deal(r);
      watch.dealt(st);
      continue;
    }
    move m;
    if (!choose(st, r, m)) {
      // asked only now: before every decision it would cost the playouts a bid condition or more
      if (!st.has_legal_move()) throw no_legal_move(st);
      return loop_end::left;
    }
    const int hands_before = st.hands_played;
    watch.moving(st, m);
    if (ph == phase::play) {
      st.play_card(m.a);  // the playouts' hot path: no dispatch on the phase
    } else {
      move copy = m;  // apply takes a reference: only this path needs the move in memory
      st.apply(copy);
    }
    watch.moved(st, m);
    if (st.hands_played != hands_before && !watch.hand_scored(st)) return loop_end::stopped;
  }
}

template <class Chooser>
loop_end run_game(game_state& st, rng& r, Chooser&& choose) {
  return run_game(st, r, choose, observer{});
}

}  // namespace spades
