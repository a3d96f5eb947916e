// What a seat is sent: the game as runtime/view.hpp lets the seat see it (view_of), the decision it must make
// with the legal moves, and for each card it may not play the engine's reason. Nothing else of the state.
#include <fmt/format.h>

#include "runtime/notation.hpp"
#include "web/server/table.hpp"

namespace spades::web {

namespace {

json card_list(card_set s) {
  json out = json::array();
  s.for_each([&](int c) { out.push_back(c); });
  return out;
}

// The deck as the page draws it: per card its rank, its suit's letter, symbol and colour (the variant's).
json deck_of(const variant& v) {
  json out = json::array();
  for (size_t c = 0; c < v.cards.size(); ++c) {
    const card_face& f = v.cards[c];
    const bool joker = f.suit < 0;
    out.push_back({{"id", c},
                   {"name", f.name},
                   {"rank", joker ? f.name : v.rank_name(f)},
                   {"suit", f.suit},
                   {"symbol", joker ? "" : v.suit_symbols[f.suit]},
                   {"red", red_card(v, (int)c)},
                   {"text", show_card(v, (int)c, card_notation::symbols)},
                   {"follow", v.follow_suit[c]},
                   {"trump", v.trump.has((int)c)},
                   {"power", v.power[c]}});
  }
  return out;
}

json tricks_of(const seat_view& w) {
  json out = json::array();
  for (const trick_seen& t : w.tricks) {
    json cards = json::array();
    for (auto [seat, card] : t.cards) cards.push_back({{"seat", seat}, {"card", card}});
    out.push_back({{"leader", t.leader}, {"winner", t.winner}, {"cards", cards}});
  }
  return out;
}

json bids_of(const game_state& st, const seat_view& w) {
  const variant& v = *st.v;
  json out = json::array();
  for (int b = 0; b < v.bidders(); ++b) {
    const bid_made bm = w.bids[b];
    out.push_back(st.bidding_skipped || bm.kind < 0 ? json(nullptr) : json(format_bid(v, bm.kind, bm.n)));
  }
  return out;
}

json scores_of(const variant& v, const seat_view& w) {
  json out = json::array();
  for (int t = 0; t < v.teams; ++t) {
    json counters = json::object();
    for (size_t c = 0; c < v.counters.size(); ++c) counters[v.counters[c]] = w.counters[t][c];
    out.push_back({{"team", v.team_names[t]}, {"score", w.score[t]}, {"counters", counters}});
  }
  return out;
}

}  // namespace

// The cards the seat holds (or the dummy's it plays) as it may see them, with the playable ones marked and
// each other's reason.
json table::cards_of(int seat, const seat_view& w) const {
  json out;
  out["hand"] = w.hand_seen ? card_list(w.hand_cards) : json(nullptr);
  out["held"] = (int)st_.hands[seat].count();  // how many: no card is named by it
  if (st_.ph != phase::play || w.acting_for < 0 || deciding_seat(st_) != seat) return out;
  const card_set from = w.acting_for == seat ? w.hand_cards : w.dummy_cards;
  const card_set legal = st_.legal_cards() & from;
  out["playable"] = card_list(legal);
  json reasons = json::object();
  (from & ~legal).for_each([&](int c) { reasons[std::to_string(c)] = play_refusal_words(v(), st_.refusal(c), c); });
  out["reasons"] = reasons;
  return out;
}

// The decision pending at `seat`, when it is the seat's: what it is, and the moves it may choose from.
json table::options_of(int seat) const {
  if (!person_decides(seat)) return nullptr;
  json d;
  const bool blind = !st_.may_see_hand(seat);
  d["blind"] = blind;
  if (st_.ph == phase::play) {
    d["kind"] = "play";
    d["for_dummy"] = st_.turn == v().dummy;
    return d;
  }
  if (passes_cards(st_.ph)) {
    d["kind"] = "cards";
    d["pick"] = st_.ph == phase::exchange ? st_.exchange_left : st_.cards_left;
    d["verb"] = st_.ph == phase::discard ? "discard" : "pass";
    d["to"] = st_.ph == phase::exchange ? "to partner" : st_.pass_words();
    return d;
  }
  d["kind"] = phase_name(st_.ph);
  if (st_.ph == phase::draw && st_.drawn >= 0) d["drawn"] = st_.drawn;
  move_list ms;
  const int n = st_.legal_moves(ms);
  json moves = json::array();
  for (int i = 0; i < n; ++i) {
    const move& m = ms[(size_t)i];
    // before looking, the bids that need a look are not offered
    if (blind && st_.ph != phase::agree && !(m.type == move::bid && v().bids[m.a].blind)) continue;
    moves.push_back({{"index", i}, {"text", format_move(st_, m)}});
  }
  d["moves"] = moves;
  return d;
}

json table::view_message(int seat) const {
  const seat_view w = view_of(st_, seat, memory_);
  json m;
  m["type"] = "view";
  m["seat"] = seat;
  m["variant"] = v().name;
  json seats = json::array();
  for (int s = 0; s < v().seats; ++s)
    seats.push_back({{"name", v().seat_names[s]},
                     {"player", setup_.seats[s].name},
                     {"person", setup_.seats[s].person},
                     {"bot", setup_.seats[s].person ? "" : setup_.seats[s].player()},
                     {"team", v().team_of[s]},
                     {"tricks", w.tricks_won[s]}});
  m["seats"] = seats;
  m["dummy_seat"] = v().dummy;
  m["bid_by_team"] = v().bid_by_team;
  m["phase"] = phase_name(w.ph);
  m["hand_number"] = w.hand + (w.hand_scored ? 0 : 1);
  m["dealer"] = w.dealer;
  m["acting"] = w.acting;
  m["acting_for"] = w.acting_for;
  m["looked"] = w.hand_seen;
  m["cards"] = cards_of(seat, w);
  m["received"] = card_list(w.received);
  m["drawn"] = w.drawn;
  m["dummy"] = w.dummy;
  m["dummy_cards"] = w.dummy >= 0 ? card_list(w.dummy_cards) : json::array();
  m["bids"] = bids_of(st_, w);
  m["tricks"] = tricks_of(w);
  m["scores"] = scores_of(v(), w);
  m["sheet"] = sheet_;
  m["decision"] = options_of(seat);
  m["undo_asked_by"] = undo_asker_;
  m["undo_agreed"] = undo_asker_ >= 0 && (undo_asker_ == seat || undo_agreed_[seat]);
  if (!error_.empty()) m["error"] = error_;
  if (st_.ph == phase::over) {
    m["over"] = {{"winner", st_.winner >= 0 ? json(v().team_names[st_.winner]) : json(nullptr)},
                 {"winner_team", st_.winner},
                 {"reason", st_.end_reason()},
                 {"hands", st_.hands_played}};
  }
  return m;
}

// The deck is public: sent once when a seat joins.
json table_hello(const table& t, int seat) {
  const variant& v = t.v();
  json m;
  m["type"] = "hello";
  m["seat"] = seat;
  m["seat_name"] = v.seat_names[seat];
  m["variant"] = v.name;
  m["deck"] = deck_of(v);
  m["suits"] = v.suit_names;
  m["suit_symbols"] = v.suit_symbols;
  m["teams"] = v.team_names;
  m["trump_suit"] = v.trump_suit;
  return m;
}

}  // namespace spades::web
