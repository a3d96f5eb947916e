// The state machine's transitions and guards, all read from the compiled variant.
#include "runtime/game.hpp"

#include <fmt/format.h>

#include "runtime/expr.hpp"

namespace spades {

void game_state::new_game(const variant& var, int first_dealer) {
  *this = game_state{};
  v = &var;
  dealer = first_dealer;
  for (int t = 0; t < var.teams; ++t)
    for (size_t c = 0; c < var.counters.size(); ++c) counters[t][c] = var.counter_init[c];
  for (size_t o = 0; o < var.option_defaults.size(); ++o) options[o] = var.option_defaults[o];
  ph = phase::deal;
}

void game_state::deal(rng& r) {
  std::array<int16_t, max_cards> order;
  int n = 0;
  v->deck.for_each([&](int c) { order[n++] = (int16_t)c; });
  for (int i = n - 1; i > 0; --i) {
    int j = (int)r.below((uint32_t)(i + 1));
    std::swap(order[i], order[j]);
  }
  std::array<card_set, max_seats> given{};
  card_set rest;
  int k = 0;
  // singly, clockwise from the dealer's left (no division in the loop: this is the hot path)
  for (int round = 0; round < v->hand_size; ++round) {
    int seat = dealer;
    for (int i = 0; i < v->seats; ++i) {
      if (++seat == v->seats) seat = 0;
      given[seat].add(order[k++]);
    }
  }
  for (; k < n; ++k) rest.add(order[k]);
  deal_given(given, rest);
}

void game_state::deal_given(const std::array<card_set, max_seats>& given, card_set rest) {
  hands = given;
  out_of_play = rest;
  tricks_won = {};
  bids = {};
  bids_made = 0;
  exchange_count = exchange_index = exchange_left = 0;
  hand_points = {};
  won_flag = {};
  lost_flag = {};
  last_trick_winner = -1;
  start_bidding();
}

int64_t game_state::behind(int team) const {
  int64_t best = INT64_MIN;
  for (int t = 0; t < v->teams; ++t)
    if (t != team && score[t] > best) best = score[t];
  return best == INT64_MIN ? 0 : best - score[team];
}

void game_state::start_bidding() {
  eval_ctx cx{this};
  bidding_skipped = v->skip_bidding_when >= 0 && eval(*v, v->skip_bidding_when, cx) != 0;
  if (bidding_skipped || v->bids.empty()) {
    bidding_skipped = true;
    start_play();
    return;
  }
  ph = phase::bid;
  int first = (dealer + v->bid_start) % v->seats;
  turn = v->bid_by_team ? v->team_of[first] : first;
}

int game_state::acting_seat() const {
  if (ph == phase::bid && v->bid_by_team) {
    // the team member nearest the first bidding seat speaks for the team
    int first = (dealer + v->bid_start) % v->seats;
    for (int i = 0; i < v->seats; ++i) {
      int s = (first + i) % v->seats;
      if (v->team_of[s] == turn) return s;
    }
  }
  return turn;
}

bool game_state::bid_allowed(int kind, int n, int bidder) const {
  const bid_kind& k = v->bids[kind];
  if (n < k.lo || n > k.hi) return false;
  if (k.when < 0) return true;
  eval_ctx cx{this, bidder_team(bidder), v->bid_by_team ? -1 : bidder, bidder};
  return eval(*v, k.when, cx) != 0;
}

int game_state::legal_moves(move* out) const {
  int count = 0;
  if (ph == phase::bid) {
    for (int k = 0; k < (int)v->bids.size(); ++k) {
      const bid_kind& bk = v->bids[k];
      if (bk.when >= 0 && !bid_allowed(k, bk.lo, turn)) continue;  // eligibility does not depend on n
      for (int n = bk.lo; n <= bk.hi && count < max_moves; ++n) out[count++] = move::make_bid(k, n);
    }
  } else if (ph == phase::exchange) {
    hands[turn].for_each([&](int c) { if (count < max_moves) out[count++] = move::make_card(c); });
  } else if (ph == phase::play) {
    legal_cards().for_each([&](int c) { if (count < max_moves) out[count++] = move::make_card(c); });
  }
  return count;
}


card_set game_state::legal_cards() const {
  if (ph != phase::play) return {};
  if (played == 0) return lead_allowed;
  card_set hand = hands[turn];
  card_set same = hand & led_mask;
  card_set base = same.empty() ? hand : same;
  if (v->follow == follow_rule::beat) {
    card_set better;
    base.for_each([&](int c) { if (beats(*v, c, win_card)) better.add(c); });
    if (!better.empty()) return better;
  }
  return base;
}

std::string game_state::why_illegal(const move& m) const {
  const std::string& who = v->seat_names[ph == phase::bid ? acting_seat() : turn];
  switch (ph) {
    case phase::over: return "the game is over";
    case phase::deal: return "the cards have not been dealt";
    case phase::bid: {
      if (m.type != move::bid) return "it is time to bid, not to play a card";
      if (m.a < 0 || m.a >= (int)v->bids.size()) return "unknown bid";
      const bid_kind& k = v->bids[m.a];
      if (m.b < k.lo || m.b > k.hi)
        return k.lo == k.hi ? fmt::format("{} is always {}", k.name, k.lo)
                            : fmt::format("a {} bid must be from {} to {}", k.name, k.lo, k.hi);
      if (!bid_allowed(m.a, m.b, turn)) return fmt::format("a {} bid is not allowed now: its condition does not hold", k.name);
      return {};
    }
    case phase::exchange:
      if (m.type != move::card) return "it is time to pass cards to partner";
      if (m.a < 0 || m.a >= (int)v->cards.size() || !hands[turn].has(m.a)) return fmt::format("{} does not hold that card", who);
      return {};
    case phase::play: {
      if (m.type != move::card) return "it is time to play a card, not to bid";
      if (m.a < 0 || m.a >= (int)v->cards.size() || !hands[turn].has(m.a))
        return fmt::format("{} does not hold {}", who, m.a >= 0 && m.a < (int)v->cards.size() ? v->cards[m.a].name : "that card");
      if (legal_cards().has(m.a)) return {};
      if (played == 0) {
        eval_ctx cx{this, v->team_of[turn], turn};
        for (const forbid_rule& f : v->forbids)
          if (f.cards.has(m.a) && eval_cond(*v, f.when, cx))
            return f.reason.empty() ? fmt::format("leading {} is not allowed now (rule '{}')", v->cards[m.a].name, f.name) : f.reason;
        return "that card may not be led now";
      }
      int led = v->follow_suit[trick_cards[0]];
      card_set same = hands[turn] & v->follow_mask[led];
      if (!same.empty() && !same.has(m.a)) return fmt::format("you must follow suit ({})", v->suit_names[led]);
      return "you must beat the card winning the trick if you can";
    }
  }
  return {};
}

void game_state::apply(const move& m) {
  if (ph == phase::bid) {
    bids[turn] = {(int8_t)m.a, (int8_t)m.b};
    ++bids_made;
    if (bids_made == v->bidders()) { after_bidding(); return; }
    if (v->bid_by_team) {
      // next team in seat order after the current team's first seat
      int first = (dealer + v->bid_start) % v->seats;
      for (int i = 0; i < v->seats; ++i) {
        int t = v->team_of[(first + i) % v->seats];
        if (bids[t].kind < 0) { turn = t; break; }
      }
    } else {
      if (++turn == v->seats) turn = 0;
    }
    return;
  }
  if (ph == phase::exchange) {
    const auto& e = exchanges[exchange_index];
    hands[e[0]].remove(m.a);
    hands[e[1]].add(m.a);
    if (--exchange_left == 0) {
      if (++exchange_index == exchange_count) { start_play(); return; }
      turn = exchanges[exchange_index][0];
      exchange_left = exchanges[exchange_index][2];
    }
    return;
  }
  play_card(m.a);
}

void game_state::play_card(int c) {
  hands[turn].remove(c);
  trick_cards[played++] = (int16_t)c;
  if (played == 1) {
    win_seat = turn;
    win_card = c;
    led_mask = v->follow_mask[v->follow_suit[c]];
    if (v->broken_by_lead && v->trump.has(c)) broken = true;
  } else {
    if (v->broken_by_discard && v->trump.has(c) && !v->trump.has(trick_cards[0])) broken = true;
    if (beats(*v, c, win_card)) { win_seat = turn; win_card = c; }
  }
  if (played == v->seats) finish_trick();
  else if (++turn == v->seats) turn = 0;
}

void game_state::after_bidding() {
  exchange_count = 0;
  if (!v->bid_by_team) {
    for (int i = 0; i < v->seats; ++i) {
      int p = (dealer + v->bid_start + i) % v->seats;
      if (bids[p].kind < 0) continue;
      int n = v->bids[bids[p].kind].exchange;
      int q = v->partner[p];
      if (n <= 0 || q < 0) continue;
      exchanges[exchange_count++] = {(int8_t)p, (int8_t)q, (int8_t)n};
      exchanges[exchange_count++] = {(int8_t)q, (int8_t)p, (int8_t)n};
    }
  }
  if (exchange_count == 0) { start_play(); return; }
  ph = phase::exchange;
  exchange_index = 0;
  turn = exchanges[0][0];
  exchange_left = exchanges[0][2];
}

int game_state::first_holder() const {
  for (int c : v->lead_holder)
    for (int s = 0; s < v->seats; ++s)
      if (hands[s].has(c)) return s;
  return (dealer + 1) % v->seats;
}

void game_state::start_play() {
  ph = phase::play;
  trick = 0;
  broken = false;
  int n = v->seats;
  int seat = 0;
  switch (v->lead) {
    case lead_start::dealer_left: seat = (dealer + 1) % n; break;
    case lead_start::dealer: seat = dealer; break;
    case lead_start::dealer_right: seat = (dealer + n - 1) % n; break;
    case lead_start::holder: seat = first_holder(); break;
  }
  start_trick(seat);
}

void game_state::start_trick(int seat) {
  leader = turn = seat;
  played = 0;
  win_seat = win_card = -1;
  card_set hand = hands[seat];
  card_set forbidden;
  if (!v->forbids.empty()) {
    eval_ctx cx{this, v->team_of[seat], seat};
    for (const forbid_rule& f : v->forbids)
      if ((hand & f.cards).bits && eval_cond(*v, f.when, cx)) forbidden |= f.cards;
  }
  card_set allowed = hand & ~forbidden;
  // A restriction that would leave nothing to lead is lifted (the "only spades left" rule).
  lead_allowed = allowed.empty() ? hand : allowed;
}

void game_state::finish_trick() {
  ++tricks_won[win_seat];
  last_trick_winner = win_seat;
  if (v->broken_by_win && v->trump.has(win_card) && !v->trump.has(trick_cards[0])) broken = true;
  ++trick;
  if (hands[win_seat].empty()) { score_hand(); return; }
  start_trick(win_seat);
}

void game_state::check_game_end() {
  const int T = v->teams;
  auto highest = [&](auto in) {  // the single team with the highest score among `in`, or -1 on a tie
    int best = -1; bool tie = false;
    for (int t = 0; t < T; ++t) {
      if (!in(t)) continue;
      if (best < 0 || score[t] > score[best]) { best = t; tie = false; }
      else if (score[t] == score[best]) tie = true;
    }
    return tie ? -1 : best;
  };
  eval_ctx cx{this};
  bool any_win = false, any_lose = false;
  for (int t = 0; t < T; ++t) {
    cx.team = t;
    if (v->win_when >= 0 && eval(*v, v->win_when, cx)) won_flag[t] = 1;
    if (v->lose_when >= 0 && eval(*v, v->lose_when, cx)) lost_flag[t] = 1;
    any_win |= won_flag[t] != 0;
    any_lose |= lost_flag[t] != 0;
  }
  int w = -1;
  bool ends = false;
  if (any_win) {
    ends = true;
    w = highest([&](int t) { return won_flag[t] != 0; });
    end_reason = "a winning condition was met";
  } else if (any_lose) {
    ends = true;
    bool someone_left = false;
    for (int t = 0; t < T; ++t) someone_left |= !lost_flag[t];
    w = highest([&](int t) { return !someone_left || !lost_flag[t]; });
    end_reason = "a losing condition was met";
  } else if (v->has_target) {
    for (int t = 0; t < T; ++t) ends |= score[t] >= v->target;
    if (ends) {
      w = highest([](int) { return true; });
      end_reason = fmt::format("a score reached {}", v->target);
    }
  }
  if (ends && w < 0 && v->tie == tie_rule::another_hand && hands_played < v->max_hands) ends = false;
  if (!ends && hands_played >= v->max_hands) {
    ends = true;
    w = highest([](int) { return true; });
    end_reason = fmt::format("stopped: the hand limit of {} hands was reached", v->max_hands);
  }
  if (ends) {
    ph = phase::over;
    winner = w;
    if (w < 0 && end_reason.rfind("stopped", 0) != 0) end_reason += "; the game is drawn";
  } else {
    dealer = ((dealer + v->rotate) % v->seats + v->seats) % v->seats;
    ph = phase::deal;
  }
}

}  // namespace spades
