// Scoring assumed trick outcomes of the hand under way (bots/outcome.hpp): what a trick, a count of
// tricks or a contract is worth to a side, asked of the variant's own scoring.
#include "bots/outcome.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

namespace spades::bot_detail {

bool hand_key::same(const game_state& st) const {
  if (!same_game(st)) return false;
  for (int b = 0; b < max_seats; ++b)
    if (bids[b].kind != st.bids[b].kind || bids[b].n != st.bids[b].n) return false;
  return covered == st.covered && converted == st.bid_converted && team_calls == st.team_calls && player_calls == st.player_calls;
}

bool hand_key::same_game(const game_state& st) const {
  if (v != st.v || hands_played != st.hands_played || dealer != st.dealer || redeals != st.redeals || controller != st.controller ||
      hand_scored != st.hand_scored || overtime != st.overtime)
    return false;
  // the variant's teams, counters and options only: the rest are never read (nor set)
  const int teams = std::min(v->teams, max_teams), n = (int)v->counters.size(), opts = (int)v->option_names.size();
  for (int t = 0; t < teams; ++t)
    if (score[t] != st.score[t] || !std::equal(counters[t].begin(), counters[t].begin() + n, st.counters[t].begin())) return false;
  if (!std::equal(options.begin(), options.begin() + opts, st.options.begin())) return false;
  if (!scoring_reads_cards(*v)) return true;
  return dealt == st.dealt && held == st.hands && won_cards == st.won_cards && trick_win_card == st.trick_win_card &&
         trumped_tricks == st.trumped_tricks;
}

void hand_key::set(const game_state& st) {
  v = st.v;
  hands_played = st.hands_played;
  dealer = st.dealer;
  redeals = st.redeals;
  controller = st.controller;
  hand_scored = st.hand_scored;
  overtime = st.overtime;
  bids = st.bids;
  covered = st.covered;
  converted = st.bid_converted;
  team_calls = st.team_calls;
  player_calls = st.player_calls;
  score = st.score;
  counters = st.counters;
  options = st.options;
  if (!scoring_reads_cards(*v)) return;
  dealt = st.dealt;
  held = st.hands;
  won_cards = st.won_cards;
  trick_win_card = st.trick_win_card;
  trumped_tricks = st.trumped_tricks;
}

namespace {

constexpr size_t memo_slots = 16384, memo_entries = 8192;

// A word's share of a key's hash at position i: each word multiplied apart (no chain from one word to the
// next), the shares added up, then mixed (hash_end).
inline uint64_t hash_word(uint64_t x, int i) { return (x ^ (x >> 31)) * (0x9e3779b97f4a7c15ull + 2 * (uint64_t)i); }
inline uint64_t hash_end(uint64_t h, int n) {
  h += (uint64_t)n;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  return h ^ (h >> 33);
}

template <class T>
void put(uint64_t* key, int& n, const T& x) {
  static_assert(sizeof(T) % 8 == 0);
  std::memcpy(key + n, &x, sizeof(T));
  n += (int)(sizeof(T) / 8);
}

// The key of a guess within a decision (guess_memo), in two parts. The state's: the bidding's fields, and
// the cards held where the scoring reads cards.
int state_key(const game_state& st, uint64_t* key) {
  int n = 0;
  key[n++] = (uint64_t)(uint8_t)st.ph | (uint64_t)(uint8_t)(st.controller + 1) << 8 | (uint64_t)(uint32_t)st.redeals << 32;
  put(key, n, st.bids);
  put(key, n, st.covered);
  put(key, n, st.bid_converted);
  put(key, n, st.team_calls);
  put(key, n, st.player_calls);
  if (scoring_reads_cards(*st.v)) put(key, n, st.hands);
  return n;
}

// The guess's, after the state's n words: the team whose carried counter is raised, the tricks per seat,
// and their order where read.
int guess_key(const variant& v, const std::array<int, max_seats>& won, const int8_t* order, int raised, uint64_t* key, int n) {
  key[n++] = (uint64_t)(uint32_t)(raised + 1);
  uint64_t w = 0;
  for (int s = 0; s < max_seats; ++s) w |= (uint64_t)(uint8_t)won[s] << (8 * s);
  key[n++] = w;
  if (v.uses_trick_order || v.uses_trick_cards) {
    const int tricks = std::min(v.tricks_per_hand, max_tricks);
    for (int t = 0; t < tricks; t += 8) {
      uint64_t x = 0;
      for (int i = t; i < tricks && i < t + 8; ++i) x |= (uint64_t)(uint8_t)order[i] << (8 * (i - t));
      key[n++] = x;
    }
  }
  return n;
}

}  // namespace

static_assert(sizeof(bid_made) == 2 && sizeof(bool) == 1, "state_key packs bids and flags as bytes");

guess_scorer::guess_scorer(bot_context& cx, const game_state& st) : cx_(cx), st_(st), g_(guess_base(st)) {
  f_ = g_.facts();
  state_words_ = state_key(st, key_.data());
  for (int i = 0; i < state_words_; ++i) state_hash_ += hash_word(key_[i], i);
}

guess_memo::result guess_scorer::operator()(const std::array<int, max_seats>& won, const int8_t* order, int raised) {
  const variant& v = *st_.v;
  uint64_t* key = key_.data();
  const int n = guess_key(v, won, order, raised, key, state_words_);
  uint64_t h = state_hash_;
  for (int i = state_words_; i < n; ++i) h += hash_word(key[i], i);
  h = hash_end(h, n);
  guess_memo& m = cx_.answers.guesses;
  if (m.slots.empty()) m.slots.assign(memo_slots, {0, -1});
  if (m.entries.size() >= memo_entries) m.next_decision();  // full: start again
  size_t i = h & (memo_slots - 1);
  for (; m.slots[i].first == m.decision; i = (i + 1) & (memo_slots - 1)) {
    const guess_memo::entry& e = m.entries[m.slots[i].second];
    if (e.hash == h && e.len == (uint32_t)n && std::equal(key, key + n, m.keys.begin() + e.at)) return e.r;
  }
  set_guessed_tricks(g_, won, order);
  hand_facts f = f_;
  f.last_trick_winner = g_.last_trick_winner;
  team_counters more;
  if (raised >= 0) {
    more = st_.counters;
    more[raised][v.bags_counter] += 100;
    f.counters = &more;
  }
  const hand_result hr = score(v, f);
  const game_verdict d = verdict_after(v, f, hr);
  guess_memo::result r;
  r.points = hr.points;
  if (v.bags_counter >= 0)
    for (int t = 0; t < v.teams; ++t) r.carried[t] = hr.counters[t][v.bags_counter];
  r.end = d.end;
  r.winner = d.winner;
  m.slots[i] = {m.decision, (int32_t)m.entries.size()};
  m.entries.push_back({h, (uint32_t)m.keys.size(), (uint32_t)n, r});
  m.keys.insert(m.keys.end(), key, key + n);
  return r;
}

namespace {

// What one unit of the carried counter (the one the variant marks as playing the role of overtricks
// carried to later hands) will cost later, in points: asked of the scoring by raising the counter by 100
// on an even split of tricks. 0 without such a counter. Kept for the decision under way (bot_move), asked
// of the first state it scores: the price hangs on the counters and scores before the hand, which the bids
// the decision weighs do not change.
double carried_unit(bot_context& cx, guess_scorer& scored, const game_state& st, int team) {
  const variant& v = *st.v;
  const int k = v.bags_counter;
  if (k < 0 || v.seats < 1) return 0;
  auto& c = cx.answers.carried;
  const bool keep = cx.answers.root != nullptr;
  if (keep && c.decision != cx.answers.decisions) {
    c.decision = cx.answers.decisions;
    c.known = {};
  }
  if (keep && c.known[team]) return c.unit[team];
  std::array<int, max_seats> won{};
  std::array<int8_t, max_tricks> order{};
  for (int t = 0; t < v.tricks_per_hand && t < max_tricks; ++t) {
    order[t] = (int8_t)(t % v.seats);
    ++won[t % v.seats];
  }
  double unit = 0;
  try {
    const int64_t a = scored(won, order.data()).points[team], b = scored(won, order.data(), team).points[team];
    unit = std::clamp((double)(b - a) / 100.0, -50.0, 50.0);
  } catch (const rule_error&) {
    unit = 0;
  }
  if (keep) {
    c.known[team] = true;
    c.unit[team] = unit;
  }
  return unit;
}

}  // namespace

scored_guess score_guess(const variant& v, const hand_facts& f) {
  scored_guess s;
  s.r = score(v, f);
  s.d = verdict_after(v, f, s.r);
  return s;
}

scored_guess score_guess(const game_state& st, const std::array<int, max_seats>& won, const int8_t* order) {
  const guessed_hand g = guess_hand(st, won, order);  // read while scoring
  return score_guess(*st.v, g.facts());
}

trick_split split_of(std::initializer_list<std::pair<int, int>> takes) {
  trick_split sp;
  int t = 0;
  for (const auto& [seat, count] : takes) {
    sp.won[seat] += count;
    for (int q = 0; q < count && t < max_tricks; ++q) sp.order[t++] = (int8_t)seat;
  }
  return sp;
}

namespace {

// How likely the side is to win the game from the scores before this hand, were it to go on: even when
// level, nearer 1 (0) the further the side leads (trails) the best other side, a lead of a quarter of
// `stake` (the target) giving about 3 in 4.
double win_chance(const game_state& c, int team, double stake) {
  const variant& v = *c.v;
  bool any = false;
  int64_t best_other = 0;
  for (int t = 0; t < v.teams && t < max_teams; ++t)
    if (t != team && (!any || c.score[t] > best_other)) {
      best_other = c.score[t];
      any = true;
    }
  if (!any) return 0.5;
  const double lead = (double)(c.score[team] - best_other);
  return 1.0 / (1.0 + std::exp(-4.4 * lead / stake));
}

}  // namespace

// Scores the state as if `won` tricks were taken, in `order` (each seat bringing home the cards it
// holds, for rules that read them): the side's points, what the carried counter it adds to will cost
// later, and a game won or lost by this hand counted as `stake` points more or less, scaled by what ending
// it now changes: a side likely to win anyway gains little by winning now and loses much by losing now
// (twice the stake times its chance of losing, or of winning, had the game gone on; the stake itself when
// level). Nothing is kept.
outcome_scorer::outcome_scorer(bot_context& cx, const game_state& st, int team) : st_(st), ended_(cx.answers.game_ended), team_(team) {
  own_.emplace(cx, st);
  scored_ = &*own_;
  const variant& v = *st.v;
  unit_ = carried_unit(cx, *scored_, st, team);
  stake_ = v.has_target ? (double)std::max<int64_t>(v.target, 200) : 500.0;
  before_ = win_chance(st, team, stake_);
}

outcome_scorer::outcome_scorer(bot_context& cx, guess_scorer& shared, const game_state& st, int team)
    : st_(st), scored_(&shared), ended_(cx.answers.game_ended), team_(team) {
  const variant& v = *st.v;
  unit_ = carried_unit(cx, shared, st, team);
  stake_ = v.has_target ? (double)std::max<int64_t>(v.target, 200) : 500.0;
  before_ = win_chance(st, team, stake_);
}

double outcome_scorer::operator()(const std::array<int, max_seats>& won, const int8_t* order) const {
  const variant& v = *st_.v;
  const guess_memo::result s = (*scored_)(won, order);
  double u = (double)s.points[team_];
  if (v.bags_counter >= 0) u += unit_ * (double)(s.carried[team_] - st_.counters[team_][v.bags_counter]);
  if (s.end != game_end::none) ended_ = true;
  if (s.end != game_end::none && s.winner >= 0) u += s.winner == team_ ? 2 * stake_ * (1 - before_) : -2 * stake_ * before_;
  return u;
}

double score_outcome(bot_context& cx, const game_state& st, int team, const std::array<int, max_seats>& won, const int8_t* order) {
  return outcome_scorer(cx, st, team)(won, order);
}

// The first opponent of `seat`, or -1 (everyone on one side). Never the dummy, whose tricks are its
// controller's (and nobody's before it has one).
int first_opponent(const variant& v, int seat) {
  for (int s = 0; s < v.seats; ++s)
    if (v.team_of[s] != v.team_of[seat] && s != v.dummy) return s;
  return -1;
}

// Does this seat's side lose by the seat taking a trick (a nil, a naught, a partner's double naught)?
// Asked of the variant's own scoring: the hand is scored with the seat taking n tricks and an opponent the
// rest. The seat wants none when its first trick costs the side more than a trick is worth
// to a made contract: an overtrick, the last trick of a hand the side has taken whole (the smaller of the
// last two, so that a bag penalty one of them crosses does not count). A set contract that stays set, or
// an overtrick's bag, is no reason to take nothing.
bool zero_wanted(bot_context& cx, const game_state& st, int seat, double* stake) {
  guess_scorer scored(cx, st);
  return zero_wanted(scored, seat, stake);
}

bool zero_wanted(guess_scorer& scored, int seat, double* stake) {
  if (stake) *stake = 0;
  const game_state& st = scored.state();
  const variant& v = *st.v;
  if (seat == v.dummy) return false;  // it has no bid: its controller's decides
  int team = v.team_of[seat];
  int opp = first_opponent(v, seat);
  if (opp < 0 || st.bidding_skipped) return false;
  const int all = v.tricks_per_hand;
  auto score_with = [&](int mine) {
    const trick_split sp = split_of({{seat, mine}, {opp, all - mine}});
    return scored(sp.won, sp.order.data()).points[team];
  };
  try {
    int64_t first_trick_loss = score_with(0) - score_with(1);
    if (first_trick_loss <= 0) return false;
    auto worth = [&](int n) { int64_t d = score_with(n) - score_with(n - 1); return d < 0 ? -d : d; };
    int64_t trick_worth = all >= 2 ? std::min(worth(all), worth(all - 1)) : worth(all);
    if (first_trick_loss <= trick_worth) return false;
    if (stake) *stake = (double)first_trick_loss;
    return true;
  } catch (const rule_error&) {
    return false;
  }
}

bool bid_zero(bot_context& cx, const game_state& st, int seat) {
  auto& c = cx.answers.zero;
  if (!cx.answers.holds(c.key, st)) {
    cx.answers.keep(c.key, st);
    c.answer = {};
  }
  if (!c.answer[seat]) c.answer[seat] = zero_wanted(cx, st, seat) ? 2 : 1;
  return c.answer[seat] == 2;
}

namespace {
void fill_by_count(bot_context& cx, const game_state& st, int seat, int opp);
}  // namespace

// The side's score (score_outcome) when the seat takes k tricks and an opponent the rest, for every k: tabled
// once a hand per seat. Null when the seat has no opponent or the hand is not bid.
const std::array<double, max_tricks + 1>* scores_by_count(bot_context& cx, const game_state& st, int seat) {
  const variant& v = *st.v;
  if (st.bidding_skipped) return nullptr;
  auto& c = cx.answers.counts;
  if (!cx.answers.holds(c.key, st)) {
    cx.answers.keep(c.key, st);
    c.known = {};
  }
  const int opp = first_opponent(v, seat);
  if (opp < 0) return nullptr;
  if (!c.known[seat]) {
    c.known[seat] = true;
    fill_by_count(cx, st, seat, opp);
  }
  return &c.by_count[seat];
}

namespace {

// The seat's row of scores_by_count, and its step from set to made: the count whose trick gains the most
// points, more than 15 (0: none).
void fill_by_count(bot_context& cx, const game_state& st, int seat, int opp) {
  const variant& v = *st.v;
  const int all = std::min(v.tricks_per_hand, max_tricks);
  auto& c = cx.answers.counts;
  // a partner whose tricks the scoring reads only with the seat's scores the same for each count
  for (int m = 0; m < v.seats; ++m)
    if (m != seat && c.known[m] && v.team_of[seat] >= 0 && v.team_of[m] == v.team_of[seat] && sums_only(cx, st, seat, m)) {
      c.by_count[seat] = c.by_count[m];
      c.step[seat] = c.step[m];
      c.step_gain[seat] = c.step_gain[m];
      return;
    }
  std::array<double, max_tricks + 1>& row = c.by_count[seat];
  try {
    const outcome_scorer score(cx, st, v.team_of[seat]);
    for (int k = 0; k <= all; ++k) {
      const trick_split sp = split_of({{seat, k}, {opp, all - k}});
      row[k] = score(sp.won, sp.order.data());
    }
  } catch (const rule_error&) {
    row = {};
  }
  int step = 0;
  double gain = 15;
  for (int k = 1; k <= all; ++k)
    if (row[k] - row[k - 1] > gain) {
      gain = row[k] - row[k - 1];
      step = k;
    }
  c.step[seat] = step;
  c.step_gain[seat] = step > 0 ? gain : 0;
}

}  // namespace

bool sums_only(bot_context& cx, const game_state& st, int a, int b) {
  const variant& v = *st.v;
  if (a == b || a == v.dummy || b == v.dummy || v.uses_trick_order || scoring_reads_cards(v)) return false;
  hand_answers& h = cx.answers;
  const uint64_t key = kinds_key(st);
  const trick_reads_answer* e = nullptr;
  for (const auto& [k, answer] : h.trick_reads)
    if (k == key) e = &answer;
  if (!e) {
    if (h.trick_reads.size() >= 64) h.trick_reads.clear();
    h.trick_reads.emplace_back(key, cx.shared_calibration()->trick_reads_for(st));
    e = &h.trick_reads.back().second;
  }
  if (!e->known) return false;
  const uint64_t pa = uint64_t{1} << a, pb = uint64_t{1} << b;
  for (uint64_t m : e->masks)
    if (((m & pa) != 0) != ((m & pb) != 0)) return false;
  return true;
}

// Does a trick of partner `mate` count for the side as one of the seat's would? Asked of the scoring, once for
// a hand and its bids: the partner taking one trick more, or the seat, each having taken one already (so that
// a nil lost is lost either way) and an opponent the rest, for every count of the seat's. Not so where a nil
// bidder's tricks never count toward its partner's bid.
bool tricks_pooled(bot_context& cx, const game_state& st, int seat, int mate) {
  const variant& v = *st.v;
  auto& c = cx.answers.pooled;
  if (!cx.answers.holds(c.key, st)) {
    cx.answers.keep(c.key, st);
    c.answer = {};
  }
  int8_t& a = c.answer[seat][mate];
  if (!a && sums_only(cx, st, seat, mate)) a = 2;  // read only together: the same whoever takes the trick
  if (!a) {
    bool same = true;
    const int opp = first_opponent(v, seat), all = std::min(v.tricks_per_hand, max_tricks);
    if (opp >= 0 && !st.bidding_skipped && all >= 2) {
      guess_scorer scored(cx, st);
      auto points = [&](int mine, int theirs) {
        const trick_split sp = split_of({{seat, mine}, {mate, theirs}, {opp, all - mine - theirs}});
        return scored(sp.won, sp.order.data()).points[v.team_of[seat]];
      };
      try {
        for (int k = 1; same && k + 2 <= all; ++k) same = points(k, 2) == points(k + 1, 1);
      } catch (const rule_error&) {
        same = true;
      }
    }
    a = same ? 2 : 1;
  }
  return a == 2;
}

namespace {

// The tricks that count for the seat's side so far (a dummy playing for the side included; a partner's
// only when they count as the seat's would).
int side_taken(bot_context& cx, const game_state& st, int seat) {
  const variant& v = *st.v;
  int side = 0;
  for (int m : v.members[v.team_of[seat]])
    if (m == seat || (st.tricks_won[m] > 0 && tricks_pooled(cx, st, seat, m))) side += st.tricks_won[m];
  if (v.dummy >= 0 && st.team_in_hand(v.dummy) == v.team_of[seat]) side += st.tricks_won[v.dummy];  // it plays for the side
  return side;
}

}  // namespace

// What one more trick costs the seat's side (overtricks carried at a price, a contract broken by too
// many): what the side's count so far scores above the count plus one, or 0; `later` tricks the seat is
// sure to take anyway (counted by sure_later) are added to both counts.
double trick_cost(bot_context& cx, const game_state& st, int seat, int later) {
  const auto* by_count = scores_by_count(cx, st, seat);
  if (!by_count) return 0;
  const int all = std::min(st.v->tricks_per_hand, max_tricks);
  const int side = std::min(side_taken(cx, st, seat) + later, all);
  return side < all ? std::max(0.0, (*by_count)[side] - (*by_count)[side + 1]) : 0;
}

// Would one more trick for the seat's side cost it? A trick is unwanted when the side's count so far plus
// one scores below the count so far.
bool trick_unwanted(bot_context& cx, const game_state& st, int seat) { return trick_cost(cx, st, seat) > 0.5; }

// The tricks the seat will take whatever anyone plays: its trumps that no card another seat may still hold
// beats. Each wins the trick it is played to, and it must be played to one.
int sure_later(const game_state& st, card_set hand, card_set others) {
  const variant& v = *st.v;
  // only a trump beats a trump, and of two trumps the higher in power does (beats): the strongest other
  // trump beats every trump another does
  int strongest = -1;
  (others & v.trump).for_each([&](int o) {
    if (strongest < 0 || v.power[o] > v.power[strongest]) strongest = o;
  });
  int n = 0;
  (hand & v.trump).for_each([&](int c) { n += strongest < 0 || !beats(v, strongest, c); });
  return n;
}

// How many more tricks the seat's side needs for its contract: the count whose trick gains the most
// points (the step from set to made), less what the side has taken; 0 when no trick is worth a step.
// `step_gain`, if given, is set to that step's points (0 without one).
int tricks_short(bot_context& cx, const game_state& st, int seat, double* step_gain) {
  if (step_gain) *step_gain = 0;
  if (!scores_by_count(cx, st, seat)) return 0;
  const auto& c = cx.answers.counts;
  if (step_gain) *step_gain = c.step_gain[seat];
  return std::max(0, c.step[seat] - side_taken(cx, st, seat));
}

// What more tricks can only cost the seat's side once it has its contract (with `later` tricks it is sure
// to take): when no count it may still reach scores above its count so far and some count scores below it
// (overtricks free up to a limit, then a set), the most the side may lose so; else 0. Such a side has
// nothing to gain from a trick, only room to lose: it ducks from there on, not only at the last trick the
// limit allows. (Short of its contract it plays for it: ducking there to push tricks onto the other side,
// on the scoring's guess of one opponent taking all the rest, raised the side's own sets.)
double risk_ahead(bot_context& cx, const game_state& st, int seat, int later) {
  const auto* by_count = scores_by_count(cx, st, seat);
  if (!by_count || tricks_short(cx, st, seat) > later) return 0;
  const int all = std::min(st.v->tricks_per_hand, max_tricks);
  const int taken = side_taken(cx, st, seat), side = std::min(taken + later, all);
  const int reach = std::min(all, taken + st.v->tricks_per_hand - st.trick);
  const double here = (*by_count)[side];
  double worst = here;
  for (int x = side + 1; x <= reach; ++x) {
    if ((*by_count)[x] > here + 0.5) return 0;
    worst = std::min(worst, (*by_count)[x]);
  }
  return here - worst;
}

// Is covering a partner playing to take nothing worth the trick it costs, where one more trick costs the
// seat's side (`cost`, trick_cost: an overtrick past a limit, a bag penalty)? The seat still to play after
// the winning card may be forced over it only when every card it holds in the suit led beats it: the chance
// of that, over the unseen cards it may hold (`pool`), against what its failure costs the side (asked of the
// scoring: the side's count with the seat's `later` sure tricks, the partner taking one trick or none).
bool cover_worth(bot_context& cx, const game_state& st, int self, int partner, int later, card_set pool, double cost) {
  const variant& v = *st.v;
  const int opp = first_opponent(v, self), all = std::min(v.tricks_per_hand, max_tricks);
  if (opp < 0 || st.win_card < 0) return true;
  const card_set suit = pool & st.led_mask;
  int above = 0;
  suit.for_each([&](int c) { above += beats(v, c, st.win_card); });
  const int n = pool.count(), s = suit.count(), below = s - above, h = st.hands[partner].count();
  // the chance that none of the h cards is one of `k` given cards: C(n-k, h) / C(n, h)
  auto none_of = [&](int k) {
    double p = 1;
    for (int i = 0; i < h; ++i) p *= n - k - i > 0 ? double(n - k - i) / double(n - i) : 0.0;
    return p;
  };
  const double forced = std::max(0.0, none_of(below) - none_of(s));
  const int mine = std::min(all - 1, st.tricks_won[self] + later);
  auto points = [&](int theirs) {
    const trick_split sp = split_of({{self, mine}, {partner, theirs}, {opp, all - mine - theirs}});
    return score_outcome(cx, st, v.team_of[self], sp.won, sp.order.data());
  };
  try {
    return forced * (points(0) - points(1)) > cost;
  } catch (const rule_error&) {
    return true;
  }
}

// What a trick left to the other sides may be worth to them: the largest step from set to made (tricks_short)
// of an opponent still short of its contract that needs all, or all but one, of the tricks left that are not
// the seat's `later` sure tricks; 0 when none does (an opponent with room to spare, or out of reach).
double opponents_stake(bot_context& cx, const game_state& st, int seat, int later) {
  const variant& v = *st.v;
  const int left = v.tricks_per_hand - st.trick - later;
  double stake = 0;
  for (int s = 0; s < v.seats; ++s) {
    if (s == v.dummy || v.team_of[s] < 0 || v.team_of[s] == v.team_of[seat]) continue;
    double gain = 0;
    const int short_by = tricks_short(cx, st, s, &gain);
    if (short_by > 0 && short_by <= left && short_by >= left - 1) stake = std::max(stake, gain);
  }
  return stake;
}

// Must the seat's side win the trick in play? When the scoring reads the order of tricks (a call on the
// first tricks), the trick is scored both ways with the side taking every later trick: a difference far
// above a trick's worth means a bonus hangs on this very trick. Kept per trick.
bool trick_needed(bot_context& cx, const game_state& st, int seat) {
  const variant& v = *st.v;
  if (!v.uses_trick_order || st.bidding_skipped) return false;
  auto& c = cx.answers.needed;
  if (!cx.answers.holds(c.key, st) || c.trick != st.trick || c.tricks_won != st.tricks_won ||
      !std::equal(c.trick_winner.begin(), c.trick_winner.begin() + std::min(st.trick, max_tricks), st.trick_winner.begin())) {
    cx.answers.keep(c.key, st);
    c.trick = st.trick;
    c.tricks_won = st.tricks_won;
    c.trick_winner = st.trick_winner;
    c.answer = {};
  }
  if (c.answer[seat]) return c.answer[seat] == 2;
  int opp = first_opponent(v, seat);
  bool need = false;
  if (opp >= 0 && st.trick < max_tricks) {
    auto with = [&](int taker) {
      std::array<int, max_seats> won = st.tricks_won;
      std::array<int8_t, max_tricks> order{};
      for (int i = 0; i < st.trick; ++i) order[i] = st.trick_winner[i];
      order[st.trick] = (int8_t)taker;
      ++won[taker];
      for (int i = st.trick + 1; i < v.tricks_per_hand && i < max_tricks; ++i) {
        order[i] = (int8_t)seat;
        ++won[seat];
      }
      return score_outcome(cx, st, v.team_of[seat], won, order.data());
    };
    try {
      need = with(seat) - with(opp) > 30;
    } catch (const rule_error&) {
      need = false;
    }
  }
  c.answer[seat] = need ? 2 : 1;
  return need;
}

}  // namespace spades::bot_detail
