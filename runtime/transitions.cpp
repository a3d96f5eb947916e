// The transitions: what each decision does to the state, one function per phase (apply dispatches on the
// phase), and the bidding's and the calls' turns that follow a decision. The caller checks legality.
#include "runtime/game.hpp"

namespace spades {

void game_state::apply(const move& m) {
  // a decision made with the cards in view: its maker looks first (a blind bid, or an answer to partner's
  // blind bid, is made without looking)
  const bool blind = (ph == phase::bid && m.type == move::bid && m.a >= 0 && v->bids[m.a].blind) || (ph == phase::agree && blind_decision());
  if (!blind && ph != phase::deal && ph != phase::over) looked[acting_seat()] = true;
  switch (ph) {
    case phase::bid: return apply_bid(m);
    case phase::agree: return apply_agree(m);
    case phase::raise: return apply_raise(m);
    case phase::call: return apply_call(m);
    case phase::pass: return apply_pass(m);
    case phase::discard: return apply_discard(m);
    case phase::exchange: return apply_exchange(m);
    case phase::draw: return apply_draw(m);
    case phase::play: return play_card(m.a);
    default: return;
  }
}

void game_state::apply_bid(const move& m) {
  bids[turn] = {(int8_t)m.a, (int8_t)m.b};
  ++bids_made;
  if (v->bids[m.a].agree && !v->bid_by_team && v->partner[turn] >= 0) {
    // the bid stands once the partner agrees to it
    asking = turn;
    turn = v->partner[turn];
    ph = phase::agree;
    return;
  }
  settle_bid(turn);
}

void game_state::apply_agree(const move& m) {
  const int bidder = asking;
  asking = -1;
  ph = phase::bid;
  if (m.a == 1) { settle_bid(bidder); return; }
  // refused: the bid is withdrawn, and the bidder bids again, that kind closed to it this hand
  refused[bidder] |= uint64_t{1} << bids[bidder].kind;
  bids[bidder] = {};
  --bids_made;
  turn = bidder;
}

void game_state::apply_raise(const move& m) {
  // the side's new total: the raise adds to its carrier's number, so that `bid` and team sums read it
  if (m.a >= 0) {
    const int carrier = raise_carrier(turn);
    bids[carrier].n = (int8_t)(bids[carrier].n + m.a - side_bid(turn));
  }
  if (!next_raiser()) advance();
}

void game_state::apply_call(const move& m) {
  if (m.a < 0) {
    if (!next_call_turn()) advance();
    return;
  }
  const call_kind& c = v->calls[m.a];
  if (c.redeal) { throw_in(m.a); return; }
  (call_by_team ? team_calls : player_calls)[turn] |= 1u << m.a;
  if (c.to_kind >= 0) {
    bids[turn] = {(int8_t)c.to_kind, (int8_t)c.to_n};
    bid_converted[turn] = true;
    if (!call_by_team)
      for (int m : v->members[v->team_of[turn]])
        if (covered[m]) bids[m].kind = (int8_t)c.to_kind;
  }
  // the same owner may make a further call; otherwise the next owner's turn
  calls_open = open_calls(turn, call_by_team);
  if (calls_open) return;
  if (!next_call_turn()) advance();
}

void game_state::apply_pass(const move& m) {
  hands[turn].remove(m.a);
  passing[turn].add(m.a);
  if (--cards_left == 0) {
    if (++turn == v->seats) turn = 0;
    cards_left = v->course[step].count;
    if (turn == (dealer + 1) % v->seats) { deliver_passes(); advance(); }
  }
}

void game_state::apply_discard(const move& m) {
  hands[turn].remove(m.a);
  out_of_play.add(m.a);
  if (--cards_left == 0 && !(v->course[step].extra && next_discarder((turn - dealer - 1 + 2 * v->seats) % v->seats + 1))) advance();
}

void game_state::apply_exchange(const move& m) {
  if (exchange_offer) {
    exchange_offer = false;
    if (m.type == move::card) { apply_exchange(m); return; }  // a card passed agrees
    if (m.a != 0) return;  // agreed: the bidder now passes the cards
    exchange_index += 2;   // declined: no card changes hands either way
    if (exchange_index >= exchange_count) { advance(); return; }
    enter_exchange(exchange_index);
    return;
  }
  const auto& e = exchanges[exchange_index];
  hands[e[0]].remove(m.a);
  hands[e[1]].add(m.a);
  if (--exchange_left == 0) {
    if (++exchange_index == exchange_count) { advance(); return; }
    enter_exchange(exchange_index);
  }
}

void game_state::apply_draw(const move& m) {
  const int per_turn = v->course[step].count;
  if (m.a != 0) {  // kept: the turn's other cards are turned up and discarded
    keep_drawn();
    for (; draw_seen < per_turn && stock_top < stock_size; ++draw_seen) out_of_play.add(stock[stock_top++]);
  } else {
    out_of_play.add(drawn);
    drawn = stock[stock_top++];  // there is one: the choice is offered only then
    if (++draw_seen < per_turn && stock_top < stock_size) return;  // another card to keep or discard
    keep_drawn();  // the turn's last card is kept
  }
  turn = (turn + 1) % v->seats;
  if (!next_draw()) advance();
}


// A bid made (and agreed to, if it needs it): a bid for the side becomes the bid of every other member,
// whose turn is then skipped (number 0 there, so that the side's number counts once); then the next
// bidder's turn, or the end of the bidding.
void game_state::settle_bid(int bidder) {
  cover_side(bidder);
  next_bidder(bidder);
}

void game_state::cover_side(int bidder) {
  const int8_t kind = bids[bidder].kind;  // the kind alone: apply has just stored it apart from the number
  if (v->bid_by_team || !v->bids[kind].side) return;
  for (int m : v->members[v->team_of[bidder]])
    if (m != bidder) {
      bids[m] = {kind, 0};
      covered[m] = true;
    }
}

void game_state::next_bidder(int from) {
  if (v->bid_by_team) {
    if (bids_made == v->bidders()) { advance(); return; }
    // next team in seat order after the current team's first seat
    int first = (dealer + v->bid_start) % v->seats;
    for (int i = 0; i < v->seats; ++i) {
      int t = v->team_of[(first + i) % v->seats];
      if (bids[t].kind < 0) { turn = t; return; }
    }
    return;
  }
  // the next seat clockwise that has not bid (seats covered by a side's bid are passed over)
  for (int i = 1, s = from; i <= v->seats; ++i) {  // from + i, mod seats (from is a seat): no division
    if (++s == v->seats) s = 0;
    if (bids[s].kind < 0 && s != v->dummy) { turn = s; return; }
  }
  advance();
}

// A call that redeals: the cards are thrown in, nothing is scored, and the same dealer deals again (the
// next deal draws the next shuffle). A game thrown in max_redeals_in_row times in a row is stopped.
void game_state::throw_in(int call) {
  ++redeals;
  last_redeal = (int8_t)call;
  if (++redeals_in_row >= max_redeals_in_row) {
    ph = phase::over;
    winner = -1;
    end = game_end::stopped;
    return;
  }
  ph = phase::deal;
}
}  // namespace spades
