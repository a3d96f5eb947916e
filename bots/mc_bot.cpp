// The Monte Carlo bot and what a seat knows of the cards (mc_bot.hpp): flat sampling over deals consistent
// with that knowledge, the cards it may play played out by the rule-following bot, the budget spent by
// successive halving (each round plays the surviving candidates on the same deals, then keeps the better half).
#include "bots/mc_bot.hpp"

#include <algorithm>
#include <cmath>

#include "bots/outcome.hpp"

namespace spades {

// ---- what a seat knows ----

void seat_knowledge::start(int seat) {
  seat_ = seat;
  played_ = out_ = given_ = {};
  played_by_ = holds_ = lacks_ = {};
}

void seat_knowledge::moving(const game_state& st, const move& m) {
  const int mover = st.turn;
  switch (st.ph) {
    case phase::play: {
      const int c = m.a;
      // a card the mover might have held instead, had it made `c` illegal, it does not hold: asked of the
      // play rules with the mover given just `c` and that card (a hidden hand only; the rules are the
      // variant's own, so a void shown, a trump led from a hand of trumps, a card a rule forces ...)
      if (mover != seat_ && !st.exposed(mover)) {
        probe_ = st;
        const card_set maybe = st.v->deck & ~played_ & ~st.hands[seat_] & ~lacks_[mover] & ~card_set::of(c);
        maybe.for_each([&](int x) {
          probe_.hands[mover] = card_set::of(c) | card_set::of(x);
          if (!probe_.legal_cards().has(c)) lacks_[mover].add(x);
        });
      }
      played_.add(c);
      played_by_[mover].add(c);
      holds_[mover].remove(c);
      break;
    }
    case phase::pass:
    case phase::exchange:
      if (mover == seat_ && m.type == move::card) given_.add(m.a);
      break;
    case phase::discard:
      if (mover == seat_ && m.type == move::card) out_.add(m.a);
      break;
    case phase::draw:
      // a card drawn and discarded is out of play to its drawer, who saw it
      if (mover == seat_ && m.type == move::choice && m.a == 0 && st.drawn >= 0) out_.add(st.drawn);
      break;
    default: break;
  }
}

void seat_knowledge::moved(const game_state& st) {
  if (given_.empty()) return;
  // a card passed or given is seen to arrive: the seat knows where its cards went by the rules
  given_.for_each([&](int c) {
    for (int s = 0; s < st.v->seats; ++s)
      if (s != seat_ && st.hands[s].has(c)) {
        holds_[s].add(c);
        given_.remove(c);
      }
  });
}

card_set seat_knowledge::holds(const game_state& st, int s) const {
  if (s == seat_ || st.exposed(s)) return st.hands[s];
  return holds_[s] & ~played_ & ~st.hands[seat_];
}

card_set seat_knowledge::out(const game_state& st) const { return out_ & ~played_ & ~st.hands[seat_]; }

card_set seat_knowledge::unseen(const game_state& st) const {
  card_set known = played_ | out(st);
  for (int s = 0; s < st.v->seats; ++s) known |= holds(st, s);
  return st.v->deck & ~known;
}

// ---- dealing the unseen cards ----

namespace {

// One try at dealing `pool` into the slots (the other seats, then "out of play" last) by their room: the
// cards with the fewest places open first, each to an open slot drawn in proportion to the room left.
bool deal_pool(const card_set pool, const std::array<card_set, max_seats + 1>& refuse, std::array<int, max_seats + 1> room,
               int slots, rng& r, std::array<card_set, max_seats + 1>& got) {
  std::array<int16_t, max_cards> cards;
  int n = 0;
  pool.for_each([&](int c) { cards[n++] = (int16_t)c; });
  for (int i = n - 1; i > 0; --i) std::swap(cards[i], cards[r.below((uint32_t)i + 1)]);
  auto open = [&](int c) {
    int k = 0;
    for (int s = 0; s < slots; ++s) k += room[s] > 0 && !refuse[s].has(c);
    return k;
  };
  // the most constrained first (a stable sort keeps the shuffle among equals)
  std::array<int8_t, max_cards> places;
  for (int i = 0; i < n; ++i) places[i] = (int8_t)open(cards[i]);
  for (int i = 1; i < n; ++i)
    for (int j = i; j > 0 && places[j] < places[j - 1]; --j) {
      std::swap(places[j], places[j - 1]);
      std::swap(cards[j], cards[j - 1]);
    }
  got = {};
  for (int i = 0; i < n; ++i) {
    const int c = cards[i];
    int total = 0;
    for (int s = 0; s < slots; ++s)
      if (!refuse[s].has(c)) total += room[s];
    if (total == 0) return false;
    int pick = (int)r.below((uint32_t)total);
    for (int s = 0; s < slots; ++s) {
      if (refuse[s].has(c)) continue;
      if (pick < room[s]) {
        got[s].add(c);
        --room[s];
        break;
      }
      pick -= room[s];
    }
  }
  return true;
}

}  // namespace

bool sample_world(const seat_knowledge& k, const game_state& st, rng& r, game_state& world, bool strict) {
  const variant& v = *st.v;
  const int me = k.seat();
  const card_set pool = k.unseen(st);
  std::array<card_set, max_seats + 1> refuse{}, got{};
  std::array<int, max_seats + 1> room{};
  int need = 0;
  for (int s = 0; s < v.seats; ++s) {
    if (s == me || st.exposed(s)) continue;
    room[s] = st.hands[s].count() - k.holds(st, s).count();
    if (room[s] < 0) return false;
    if (strict) refuse[s] = k.lacks(s);
    need += room[s];
  }
  const int rest = pool.count() - need;
  if (rest < 0) return false;
  room[v.seats] = rest;
  bool dealt = false;
  for (int tries = 0; tries < 4 && !dealt; ++tries) dealt = deal_pool(pool, refuse, room, v.seats + 1, r, got);
  if (!dealt) return false;
  world = st;
  card_set in_hands;
  for (int s = 0; s < v.seats; ++s) {
    if (s != me && !st.exposed(s)) {
      world.hands[s] = k.holds(st, s) | got[s];
      // the hand as dealt, as far as the seat can tell: what it holds and what it has played
      world.dealt[s] = world.hands[s] | k.played_by(s);
    }
    in_hands |= world.hands[s];
  }
  world.out_of_play = v.deck & ~in_hands & ~k.played();
  return true;
}

// ---- the bot ----

namespace {

constexpr double unit_limit = 50;

// A game won or lost by a hand counts as this many points more or less, so that the end of the game is
// played for (as the rule-following bot values it): the target, at least 200, or 500 without one.
double stake(const game_state& st) {
  const variant& v = *st.v;
  if (!v.has_target) return 500;
  const int64_t target = v.target_option >= 0 ? st.options[v.target_option] : v.target;
  return (double)std::max<int64_t>(target, 200);
}

}  // namespace

// What one unit of the carried counter (the variant's overtricks carried to later hands) will cost each side
// later, asked of the scoring once a hand by raising the counter by 100 on an even split of the tricks.
void mc_bot::price_carried(const game_state& st) {
  if (priced_hand_ == st.hands_played && priced_redeals_ == st.redeals) return;
  priced_hand_ = st.hands_played;
  priced_redeals_ = st.redeals;
  unit_ = {};
  const variant& v = *st.v;
  if (v.bags_counter < 0 || v.tricks_per_hand > max_tricks) return;
  std::array<int, max_seats> won{};
  std::array<int8_t, max_tricks> order{};
  for (int t = 0; t < v.tricks_per_hand; ++t) {
    order[t] = (int8_t)(t % v.seats);
    ++won[t % v.seats];
  }
  for (int t = 0; t < v.teams; ++t) {
    try {
      const guessed_hand g = guess_hand(st, won, order.data());
      hand_facts f = g.facts();
      const bot_detail::scored_guess a = bot_detail::score_guess(v, f);
      team_counters more = st.counters;
      more[t][v.bags_counter] += 100;
      f.counters = &more;
      const bot_detail::scored_guess b = bot_detail::score_guess(v, f);
      unit_[t] = std::clamp((double)(b.r.points[t] - a.r.points[t]) / 100.0, -unit_limit, unit_limit);
    } catch (const rule_error&) {
      unit_[t] = 0;
    }
  }
}

// A side's gain from `before` to the end of the hand in `after`: its points for the hand, its carried
// counter priced, and a game won or lost; less the other sides' average gain (a point the opponents make
// costs as much as one of its own).
double mc_bot::value(const game_state& before, const game_state& after, int team) {
  const variant& v = *before.v;
  auto gain = [&](int t) {
    double g = (double)after.hand_points[t];
    if (v.bags_counter >= 0) g += unit_[t] * (double)(after.counters[t][v.bags_counter] - before.counters[t][v.bags_counter]);
    return g;
  };
  double u = gain(team);
  if (v.teams > 1) {
    double others = 0;
    for (int t = 0; t < v.teams; ++t)
      if (t != team) others += gain(t);
    u -= others / (v.teams - 1);
  }
  if (after.ph == phase::over && after.winner >= 0) u += after.winner == team ? stake(before) : -stake(before);
  return u;
}

// Plays `m` in the sampled world and the rest of the hand with the rule-following bot at every seat.
double mc_bot::playout(const game_state& st, const move& m, bot_context& cx) {
  scratch_ = world_;
  const int hand = scratch_.hands_played;
  const int team = st.v->team_of[st.acting_seat()];
  try {
    move next = m;
    for (;;) {
      if (scratch_.ph == phase::play) scratch_.play_card(next.a);
      else scratch_.apply(next);
      if (scratch_.hands_played != hand || scratch_.ph == phase::over || scratch_.ph == phase::deal) break;
      next = bot_move(scratch_, r_, cx);
    }
  } catch (const rule_error&) {
    return 0;  // a formula failing in an imagined deal says nothing of the candidate
  }
  if (scratch_.hands_played == hand && scratch_.ph != phase::over) return 0;  // thrown in: nothing scored
  return value(st, scratch_, team);
}

move mc_bot::choose(const game_state& st, bot_context& cx) {
  // Bids are the rule-following bot's. Played out, a bid is worth what it earns against bots that all read
  // bids as the rule-following bot does, not at a table; and a blind bid would be weighed with the cards
  // the seat has not looked at dealt to it in every playout.
  if (st.ph != phase::play) return bot_move(st, r_, cx);
  std::array<move, max_moves> cand;
  int n = 0;
  st.legal_cards().for_each([&](int c) { cand[n++] = move::make_card(c); });
  if (n <= 1 || st.v->team_of[st.acting_seat()] < 0) return bot_move(st, r_, cx);
  // successive halving: ceil(log2 n) rounds, each giving the budget's share to the survivors on shared deals.
  // A budget short of one deal per candidate in the first round would choose on fewer deals than there are
  // candidates, by chance more than by play (with 4 playouts in six, every side was set hand after hand and
  // no game reached its target): the rule-following bot's move is made instead.
  const int rounds = std::max(1, (int)std::ceil(std::log2((double)n)));
  if (o_.budget < rounds * n) return bot_move(st, r_, cx);
  price_carried(st);
  std::array<double, max_moves> sum{};
  std::array<int, max_moves> tried{};
  std::array<int16_t, max_moves> alive;
  for (int i = 0; i < n; ++i) alive[i] = (int16_t)i;
  int live = n;
  bool strict = true;
  for (int round = 0; round < rounds && live > 1; ++round) {
    const int deals = o_.budget / (rounds * live);
    for (int d = 0; d < deals; ++d) {
      if (!sample_world(know_, st, r_, world_, strict)) {
        // what the seat believes of the voids cannot all hold: deal without them
        strict = false;
        if (!sample_world(know_, st, r_, world_, false)) return bot_move(st, r_, cx);
      }
      for (int i = 0; i < live; ++i) {
        sum[alive[i]] += playout(st, cand[alive[i]], cx);
        ++tried[alive[i]];
      }
    }
    auto mean = [&](int i) { return sum[i] / tried[i]; };
    // the better half survives; a tie keeps the earlier candidate (stable, so the same seed gives the same game)
    std::stable_sort(alive.begin(), alive.begin() + live, [&](int a, int b) { return mean(a) > mean(b); });
    live = (live + 1) / 2;
  }
  return cand[alive[0]];
}

}  // namespace spades
