// A seat's view of the game (runtime/view.hpp).
#include "runtime/view.hpp"

namespace spades {

void table_memory::dealt(const game_state&) {
  tricks_.clear();
  given_ = {};
}

void table_memory::moving(const game_state& st, const move& m) {
  const int seat = st.acting_seat();
  if (st.ph == phase::play) {
    if (st.played == 0) tricks_.push_back({st.leader, -1, {}});
    tricks_.back().cards.push_back({st.turn, m.a});
  } else if (m.type == move::card) {
    given_[seat].add(m.a);  // passed, exchanged or discarded: known to the seat that gave it
  } else if (st.ph == phase::draw && m.type == move::choice && m.a == 0 && st.drawn >= 0) {
    given_[seat].add(st.drawn);  // the card drawn and thrown away: seen by its drawer alone
  }
}

void table_memory::moved(const game_state& st, const move& m) {
  if (m.type != move::card || tricks_.empty() || tricks_.back().winner >= 0) return;
  // the trick is complete when the state has moved on to the next one, or out of the play
  if (st.ph == phase::play && st.played != 0) return;
  const int k = (int)tricks_.size() - 1;
  tricks_.back().winner = k < max_tricks ? st.trick_winner[k] : -1;
}

bool may_see_own_hand(const game_state& st, int seat) { return !st.hands[seat].empty() && st.may_see_hand(seat); }

seat_view view_of(const game_state& st, int seat, const table_memory& memory) {
  const variant& v = *st.v;
  seat_view w;
  w.seat = seat;
  const bool deciding = st.ph != phase::deal && st.ph != phase::over;
  w.acting = deciding ? st.acting_seat() : -1;
  w.acting_for = deciding ? (st.ph == phase::play ? st.turn : w.acting) : -1;
  w.ph = st.ph;
  w.hand = st.hands_played;
  w.dealer = st.dealer;
  w.hand_seen = may_see_own_hand(st, seat);
  if (w.hand_seen) w.hand_cards = st.hands[seat];
  w.given = memory.given(seat);
  // what came after the deal: every card the seat has held this hand (in hand, played, given away) that it
  // was not dealt
  card_set held = st.hands[seat] | w.given;
  for (const trick_seen& t : memory.tricks())
    for (const auto& [s, c] : t.cards)
      if (s == seat) held.add(c);
  w.received = held & ~st.dealt[seat];
  if (!w.hand_seen) w.received = card_set{};
  if (st.ph == phase::draw && st.turn == seat) w.drawn = st.drawn;
  if (v.dummy >= 0 && st.exposed(v.dummy)) {
    w.dummy = v.dummy;
    w.dummy_cards = st.hands[v.dummy];
  }
  w.controller = st.controller;
  w.bids = st.bids;
  w.team_calls = st.team_calls;
  w.player_calls = st.player_calls;
  w.tricks = memory.tricks();
  w.tricks_won = st.tricks_won;
  w.broken = st.ph == phase::play && st.broken;  // the flag outlives its hand in the state
  w.score = st.score;
  w.hand_scored = st.hand_scored;
  if (st.hand_scored) w.hand_points = st.hand_points;
  w.counters = st.counters;
  w.tallies = st.tallies;
  return w;
}

}  // namespace spades
