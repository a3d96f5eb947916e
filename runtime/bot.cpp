// The rule-following bot. It never names a variant: it reads trump, ranking, bids and legality from the
// compiled tables, so it plays every ruleset legally.
#include "runtime/bot.hpp"

#include <cmath>

#include <fmt/format.h>

namespace spades {

namespace {

int value(const variant& v, int c) { return (v.trump.has(c) ? 4000 : 0) + v.power[c]; }

int lowest(const variant& v, card_set s) {
  int best = -1;
  s.for_each([&](int c) { if (best < 0 || value(v, c) < value(v, best)) best = c; });
  return best;
}
int highest(const variant& v, card_set s) {
  int best = -1;
  s.for_each([&](int c) { if (best < 0 || value(v, c) > value(v, best)) best = c; });
  return best;
}

// Does this seat's side lose by the seat taking a trick (a nil, a naught, a partner's double naught)?
// Asked of the variant's own scoring: the hand is scored on copies with the seat taking n tricks and an
// opponent the rest. The seat wants none when its first trick costs the side more than a trick is worth
// to a made contract: an overtrick, the last trick of a hand the side has taken whole (the smaller of the
// last two, so that a bag penalty one of them crosses does not count). A set contract that stays set, or
// an overtrick's bag, is no reason to take nothing. Answers are kept for the hand (per thread), so each
// seat is asked once a hand.
bool zero_wanted(const game_state& st, int seat) {
  const variant& v = *st.v;
  int team = v.team_of[seat];
  int opp = -1;
  for (int s = 0; s < v.seats && opp < 0; ++s)
    if (v.team_of[s] != team) opp = s;
  if (opp < 0 || st.bidding_skipped) return false;
  const int all = v.tricks_per_hand;
  auto score_with = [&](int mine) {
    game_state c = st;
    std::array<int, max_seats> won{};
    won[seat] = mine;
    won[opp] = all - mine;
    std::array<int8_t, max_tricks> order{};
    for (int i = 0; i < all && i < max_tricks; ++i) order[i] = (int8_t)(i < mine ? seat : opp);
    c.record_tricks(won, order.data());
    return c.hand_points[team];
  };
  try {
    int64_t first_trick_loss = score_with(0) - score_with(1);
    if (first_trick_loss <= 0) return false;
    auto worth = [&](int n) { int64_t d = score_with(n) - score_with(n - 1); return d < 0 ? -d : d; };
    int64_t trick_worth = all >= 2 ? std::min(worth(all), worth(all - 1)) : worth(all);
    return first_trick_loss > trick_worth;
  } catch (const rule_error&) {
    return false;
  }
}

bool bid_zero(const game_state& st, int seat) {
  struct cache {
    const variant* v = nullptr;
    int hands_played = -1, dealer = -1;
    std::array<bid_made, max_seats> bids{};
    std::array<int8_t, max_seats> answer{};  // 0 unknown, 1 no, 2 yes
  };
  thread_local cache c;
  bool same = c.v == st.v && c.hands_played == st.hands_played && c.dealer == st.dealer;
  for (int b = 0; same && b < max_seats; ++b) same = c.bids[b].kind == st.bids[b].kind && c.bids[b].n == st.bids[b].n;
  if (!same) {
    c.v = st.v;
    c.hands_played = st.hands_played;
    c.dealer = st.dealer;
    c.bids = st.bids;
    c.answer = {};
  }
  if (!c.answer[seat]) c.answer[seat] = zero_wanted(st, seat) ? 2 : 1;
  return c.answer[seat] == 2;
}

// The strongest card of its suit still out (not played, in no hand but possibly `hand`).
bool is_top(const game_state& st, int c, card_set unplayed) {
  const variant& v = *st.v;
  card_set same = unplayed & v.follow_mask[v.follow_suit[c]];
  bool top = true;
  same.for_each([&](int o) { if (o != c && v.power[o] > v.power[c]) top = false; });
  return top;
}

}  // namespace

double estimate_tricks(const game_state& st, int seat) {
  const variant& v = *st.v;
  card_set hand = st.hands[seat];
  double est = 0;
  int ntrump = (hand & v.trump).count();
  for (size_t s = 0; s < v.follow_mask.size(); ++s) {
    card_set suit = hand & v.follow_mask[s];
    int len = suit.count();
    // rank of each card within its suit among the whole deck (0 = top)
    suit.for_each([&](int c) {
      int above = 0;
      (v.deck & v.follow_mask[s]).for_each([&](int o) { above += v.power[o] > v.power[c]; });
      if ((int)s == v.trump_suit) {
        if (above < 3) est += 1.0 - 0.15 * above;
        else if (len >= 4) est += 0.5;
      } else {
        if (above == 0) est += 1.0;
        else if (above == 1 && len >= 2) est += 0.7;
        else if (above == 2 && len >= 3) est += 0.3;
      }
    });
    if ((int)s != v.trump_suit && len <= 1 && ntrump >= 2) est += len == 0 ? 0.8 : 0.4;
  }
  return est;
}

// A decision with no legal move is a dead end of the variant's rules (every bid's condition failing):
// the game cannot go on, and the message says where.
[[noreturn]] static void dead_end(const game_state& st) {
  throw rule_error(*st.v, {}, fmt::format("{} has no legal move in the {} phase (the rules leave nothing to choose)",
                                          st.v->seat_names[st.acting_seat()], phase_name(st.ph)));
}

move random_move(const game_state& st, rng& r) {
  if (st.ph == phase::play) {
    card_set legal = st.legal_cards();
    return move::make_card(legal.nth((int)r.below((uint32_t)legal.count())));
  }
  move ms[max_moves];
  int n = st.legal_moves(ms);
  if (n == 0) dead_end(st);
  return ms[r.below((uint32_t)n)];
}

static move bot_bid(const game_state& st, rng& r) {
  const variant& v = *st.v;
  move ms[max_moves];
  int n = st.legal_moves(ms);
  if (n == 0) dead_end(st);
  int seat = st.acting_seat();
  double est = estimate_tricks(st, seat);
  if (v.bid_by_team)
    for (int m : v.members[st.turn])
      if (m != seat) est += estimate_tricks(st, m);
  // a weak hand with no sure trick may go nil where a non-blind zero bid exists
  bool weak = est < 1.0 && (st.hands[seat] & v.trump).count() <= 2;
  int target = std::max(0, (int)std::lround(est));
  int best = -1, best_d = 1 << 30;
  for (int i = 0; i < n; ++i) {
    const bid_kind& k = v.bids[ms[i].a];
    if (k.blind) continue;
    int d = std::abs(ms[i].b - target) * 4;
    if (ms[i].b == 0 && !weak) d += 1000;
    if (ms[i].b == 0 && weak) d = 0;
    if (!k.words.empty() && ms[i].b != 0) d += 2;  // prefer plain numbers to special bids
    if (d < best_d) { best_d = d; best = i; }
  }
  if (best < 0) return ms[r.below((uint32_t)n)];  // only blind bids are legal
  return ms[best];
}

static move bot_play(const game_state& st) {
  const variant& v = *st.v;
  int me = st.turn;
  card_set legal = st.legal_cards();
  if (legal.count() == 1) return move::make_card(legal.first());
  int partner = v.partner[me];
  bool i_nil = bid_zero(st, me);
  bool partner_nil = partner >= 0 && bid_zero(st, partner);
  card_set unplayed;
  for (int s = 0; s < v.seats; ++s) unplayed |= st.hands[s];

  if (st.played == 0) {
    if (i_nil) return move::make_card(lowest(v, legal));
    card_set side = legal & ~v.trump;
    int top = -1;
    side.for_each([&](int c) { if (top < 0 && is_top(st, c, unplayed)) top = c; });
    if (top >= 0) return move::make_card(top);
    if (partner_nil) return move::make_card(highest(v, side.empty() ? legal : side));
    return move::make_card(lowest(v, side.empty() ? legal : side));
  }
  card_set winners, losers;
  legal.for_each([&](int c) { (beats(v, c, st.win_card) ? winners : losers).add(c); });
  bool last = st.played == v.seats - 1;
  if (i_nil) {
    if (!losers.empty()) return move::make_card(highest(v, losers));
    return move::make_card(highest(v, winners));
  }
  bool partner_winning = partner >= 0 && st.win_seat == partner;
  if (partner_nil && partner_winning && !winners.empty()) return move::make_card(lowest(v, winners));
  if (partner_winning && !partner_nil) {
    bool safe = last || is_top(st, st.win_card, unplayed | card_set::of(st.win_card));
    if (safe || winners.empty()) return move::make_card(lowest(v, losers.empty() ? legal : losers));
  }
  if (!winners.empty()) {
    // in last position win as cheaply as possible; earlier, only with a card that is likely to hold
    int cheap = lowest(v, winners);
    if (last || is_top(st, highest(v, winners), unplayed)) return move::make_card(last ? cheap : highest(v, winners));
    return move::make_card(cheap);
  }
  return move::make_card(lowest(v, legal));
}

move bot_move(const game_state& st, rng& r) {
  const variant& v = *st.v;
  switch (st.ph) {
    case phase::bid: return bot_bid(st, r);
    case phase::exchange: {
      // the nil side passes its highest cards; the partner returns its lowest
      int from = st.turn;
      bool zero = bid_zero(st, from);
      card_set h = st.hands[from];
      return move::make_card(zero ? highest(v, h) : lowest(v, h));
    }
    case phase::pass:  // before bidding: keep the strength, pass the small cards
    case phase::discard: {
      card_set h = st.hands[st.turn];
      card_set side = h & ~v.trump;
      return move::make_card(lowest(v, side.empty() ? h : side));
    }
    case phase::call: {
      // a conversion that comes out of a blind bid is taken with a strong hand; announcements declined
      move ms[max_moves];
      int n = st.legal_moves(ms);
      for (int i = 0; i < n; ++i) {
        if (ms[i].a < 0) continue;
        const call_kind& c = v.calls[ms[i].a];
        if (c.to_kind < 0) continue;
        double est = 0;
        for (int m : v.members[st.team_decides() ? st.turn : v.team_of[st.turn]]) est += estimate_tricks(st, m);
        if (est >= c.to_n) return ms[i];
      }
      return move::make_call(-1);
    }
    case phase::play: return bot_play(st);
    default: return move{};
  }
}

}  // namespace spades
