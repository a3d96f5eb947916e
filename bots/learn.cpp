// The rule-following bot's calibration from hands of the variant played out by its own bots (bots/value.hpp's
// calibrate): the danger of taking a trick priced by the variant's play, what a card takes and a nil's chance
// learned from it, what bids to take nothing scored against their reckoning, how often blind ones were made.
#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <tuple>
#include <vector>

#include "bots/bid.hpp"
#include "bots/bot.hpp"
#include "bots/outcome.hpp"
#include "bots/value.hpp"

namespace spades::bot_detail {

namespace {

// A bid kind of one fixed number whose bidder's side loses by its taking a trick (a nil; asked of the scoring
// once the bids are in: zero_wanted), made blind or not as `blind` says. The first legal one, or -1.
int fixed_bid(const game_state& st, const move* ms, int n, bool blind = false) {
  for (int i = 0; i < n; ++i) {
    const bid_kind& k = st.v->bids[ms[i].a];
    if (ms[i].type == move::bid && k.lo == k.hi && k.blind == blind) return i;
  }
  return -1;
}

// The plain bid of a seat not playing for nothing: the legal number nearest its estimate, a plain kind before
// one with words, never a fixed number or a blind bid.
int plain_bid(const game_state& st, const calibrated& cal, const move* ms, int n) {
  const variant& v = *st.v;
  const int seat = st.acting_seat();
  const double mu = estimate_of(cal, v, st.hands[seat], value_hand(v, st.hands[seat], seat));
  int best = 0;
  double best_cost = 1e18;
  for (int i = 0; i < n; ++i) {
    if (ms[i].type != move::bid) continue;
    const bid_kind& k = v.bids[ms[i].a];
    const double cost = std::abs(ms[i].b - mu) + (k.words.empty() ? 0 : 0.5) + (k.blind ? 100 : 0) + (k.lo == k.hi ? 50 : 0);
    if (cost < best_cost) { best_cost = cost; best = i; }
  }
  return best;
}

// One hand of a random deal played out by the rule-following bots under the variant's own rules, the seat of
// least danger bidding a nil (fixed_bid) and the others plainly: whether it took no trick, and its danger as
// value_hand reckons it. False when the hand says nothing of a nil (no such bid, or one not played for nothing).
// With `both`, its partner bids one too (neither covers the other): the partner's danger and result too.
// With `trace`, the nil seat's cards: held as it bids, played until it took a trick, and the one that took it.
struct nil_trace {
  card_set hand, played;
  int taker = -1;  // -1: it took none
};
bool nil_played_out(const variant& v, const calibrated& raw, bot_context& cx, rng& r, int deal, bool both, std::array<double, 2>& danger,
                    std::array<bool, 2>& made, nil_trace* trace = nullptr) {
  game_state st;
  st.new_game(v, deal % v.seats);
  st.deal(r);
  int nil_seat = -1;
  for (int s = 0; s < v.seats; ++s) {
    if (s == v.dummy || v.team_of[s] < 0 || v.partner[s] < 0 || v.partner[s] == v.dummy) continue;
    const double d = value_hand(v, st.hands[s], s).danger;
    if (nil_seat < 0 || d < danger[0]) { nil_seat = s; danger[0] = d; }
  }
  if (nil_seat < 0) return false;
  const int mate = v.partner[nil_seat];
  danger[1] = value_hand(v, st.hands[mate], mate).danger;
  move ms[max_moves];
  bool checked = false;
  int last = -1;  // the nil seat's card in the trick under way
  for (int guard = 0; guard < 4 * max_cards && st.hands_played == 0 && st.ph != phase::over && st.ph != phase::deal; ++guard) {
    if (st.ph == phase::bid) {
      const int n = st.legal_moves(ms);
      if (n == 0) return false;
      const int seat = st.acting_seat();
      int pick = seat == nil_seat || (both && seat == mate) ? fixed_bid(st, ms, n) : plain_bid(st, raw, ms, n);
      if (pick < 0) return false;
      if (trace && seat == nil_seat) trace->hand = st.hands[seat];
      cx.answers.guesses.next_decision();
      st.apply(ms[pick]);
      continue;
    }
    if (st.ph == phase::play && !checked) {
      cx.answers.guesses.next_decision();
      if (!bid_zero(cx, st, nil_seat) || (both && !bid_zero(cx, st, mate))) return false;
      checked = true;
    }
    const move m = bot_move(st, r, cx);
    const bool untaken = st.tricks_won[nil_seat] == 0;
    if (trace && untaken && st.ph == phase::play && st.turn == nil_seat) {
      trace->played.add(m.a);
      last = m.a;
    }
    st.apply(m);
    if (trace && untaken && st.tricks_won[nil_seat] > 0) trace->taker = last;
  }
  if (st.hands_played != 1 || !checked) return false;
  made = {st.tricks_won[nil_seat] == 0, st.tricks_won[mate] == 0};
  return true;
}

// What the cards of each of trick_table's cells did in hands played out: how often such a card did it (won a
// trick, took a nil's first) of the times it could, per cell and per group of cells (trick_table::group).
struct cell_tally {
  std::array<double, trick_table::cells> hits{}, tries{};
  std::array<double, 2 * (trick_table::above_cap + 1)> group_hits{}, group_tries{};
  void add(int cell, bool hit) {
    hits[cell] += hit;
    tries[cell] += 1;
    group_hits[trick_table::group(cell)] += hit;
    group_tries[trick_table::group(cell)] += 1;
  }
  // the cell's share, drawn toward its group's by 5 tries' weight (a sparse cell is mostly its group's)
  float share(int cell) const {
    const int g = trick_table::group(cell);
    const double prior = (group_hits[g] + 0.5) / (group_tries[g] + 1);
    return (float)((hits[cell] + 5 * prior) / (tries[cell] + 5));
  }
};

// One hand of a random deal played out by the rule-following bots under the variant's own rules, every seat
// bidding plainly (plain_bid): each seat's hand as the bidding starts, the cards that won the hand's tricks,
// and which seats played to an estimate of their own (a seat that bid a number, with a partner that did:
// a fixed bid the rules force, such as a nil, plays to none, and its partner covers it). False when the
// hand was not played to its end.
bool plain_played_out(const variant& v, const calibrated& cal, bot_context& cx, rng& r, int deal, std::array<card_set, max_seats>& held,
                      card_set& winners, std::array<bool, max_seats>& own) {
  game_state st;
  st.new_game(v, deal % v.seats);
  st.deal(r);
  move ms[max_moves];
  std::array<int, max_seats> in_trick{};
  winners = {};
  bool looked = false;
  for (int guard = 0; guard < 4 * max_cards && st.hands_played == 0 && st.ph != phase::over && st.ph != phase::deal; ++guard) {
    if (st.ph == phase::bid) {
      if (!looked) held = st.hands;
      looked = true;
      const int n = st.legal_moves(ms);
      if (n == 0) return false;
      cx.answers.guesses.next_decision();
      st.apply(ms[plain_bid(st, cal, ms, n)]);
      continue;
    }
    const move m = bot_move(st, r, cx);
    const int trick = st.trick, seat = st.turn;
    const bool card = st.ph == phase::play && trick < max_tricks;
    if (card) in_trick[seat] = m.a;
    st.apply(m);
    // a trick ended: the card its winner played won it
    if (card && (st.trick != trick || st.hands_played != 0) && st.trick_winner[trick] >= 0) winners.add(in_trick[st.trick_winner[trick]]);
  }
  if (st.hands_played != 1 || !looked) return false;
  auto number = [&](int s) {
    const int k = st.bids[s].kind;
    return k >= 0 && v.bids[k].lo < v.bids[k].hi;
  };
  for (int s = 0; s < v.seats; ++s) own[s] = v.team_of[s] >= 0 && number(s) && (v.partner[s] < 0 || number(v.partner[s]));
  return true;
}

// The learned table of what a card takes (trick_table), from 600 hands played out by bots of the calibration
// (cell_tally: the cards that won a trick); on where, over 300 more, its estimates miss the tricks the seats
// took by less than the calibration's by a twentieth (root mean square). Off where the hand says nothing of a
// seat's own tricks (partners bidding as one, a dummy, twin cards whose winner is either) or too few seats
// played to their own.
trick_table learn_tricks(const variant& v, const calibrated& cal) {
  trick_table t;
  if (v.bid_by_team || v.seats < 2 || v.dummy >= 0 || v.twin_cards || v.tricks_per_hand > max_tricks) return t;
  bot_context cx(std::make_shared<const bot_calibration>(v, cal));
  rng r(0x5eed + 2);
  cell_tally won;
  double n = 0, miss_learned = 0, miss_valued = 0;
  bool built = false;
  for (int d = 0; d < 900; ++d) {
    if (d >= 600 && !built) {
      built = true;
      for (int i = 0; i < trick_table::cells; ++i) t.won[i] = won.share(i);
    }
    std::array<card_set, max_seats> held{};
    card_set winners;
    std::array<bool, max_seats> own{};
    try {
      if (!plain_played_out(v, cal, cx, r, d, held, winners, own)) continue;
    } catch (const rule_error&) {
      continue;
    }
    for (int s = 0; s < v.seats; ++s) {
      if (!own[s]) continue;
      if (d < 600) {
        held[s].for_each([&](int c) { won.add(trick_table::cell(v, held[s], c), winners.has(c)); });
        continue;
      }
      const double took = (held[s] & winners).count();
      const double a = t.tricks(v, held[s]) - took, b = tricks_of(cal, value_hand(v, held[s], s)) - took;
      n += 1;
      miss_learned += a * a;
      miss_valued += b * b;
    }
  }
  t.on = n >= 100 && std::sqrt(miss_learned) < 0.95 * std::sqrt(miss_valued);
  return t;
}

// The learned nil_table, from 600 covered nils played out (nil_played_out: the seat least in danger bids it):
// per cell, the cards that took the nil's first trick over those it played up to then (cell_tally); the
// log-odds of the product of the cards' chances then shifted and scaled to fit 300 more. On where, over those,
// it says which nils were made with a log-loss a twentieth below the danger's curve (`scale`). (Fitted to the
// least-endangered seat of each deal, as zero_scales is, its chances of the hands a bot would bid nil with are
// the ones that matter; without the shift and slope it underrated the safest nils of Lowball, which then lost
// 0.34 a hand against the curve.)
nil_table learn_nils(const variant& v, const calibrated& raw, double scale) {
  nil_table t;
  if (v.bid_by_team || v.seats < 2 || v.twin_cards || v.dummy >= 0) return t;
  bot_context cx(std::make_shared<const bot_calibration>(v, raw));
  rng r(0x5eed + 3);
  cell_tally took;
  std::vector<std::tuple<double, double, bool>> held;  // held out: the table's chance, the curve's, made
  bool built = false;
  for (int d = 0; d < 900; ++d) {
    if (d >= 600 && !built) {
      built = true;
      for (int i = 0; i < trick_table::cells; ++i) t.taken[i] = took.share(i);
    }
    std::array<double, 2> danger{};
    std::array<bool, 2> made{};
    nil_trace trace;
    try {
      if (!nil_played_out(v, raw, cx, r, d, false, danger, made, &trace)) continue;
    } catch (const rule_error&) {
      continue;
    }
    if (d < 600) {
      trace.played.for_each([&](int c) { took.add(trick_table::cell(v, trace.hand, c), c == trace.taker); });
      continue;
    }
    held.push_back({t.chance(v, trace.hand), std::exp(-scale * danger[0]), made[0]});
  }
  // the shift and slope of the log-odds that make the held-out nils likeliest, then both guesses' log-loss on them
  auto loss = [](double p, bool made) {
    p = std::clamp(p, 1e-3, 1 - 1e-3);
    return made ? -std::log(p) : -std::log(1 - p);
  };
  double best = 1e300;
  for (int a = -30; a <= 30; ++a)
    for (int b = 3; b <= 30; ++b) {
      double l = 0;
      for (const auto& [p, q, made] : held) l += loss(rescaled(p, a / 10.0, b / 10.0), made);
      if (l < best) {
        best = l;
        t.shift = a / 10.0;
        t.slope = b / 10.0;
      }
    }
  const double n = (double)held.size();
  double loss_learned = 0, loss_curve = 0;
  for (const auto& [p, q, made] : held) {
    loss_learned += loss(rescaled(p, t.shift, t.slope), made);
    loss_curve += loss(q, made);
  }
  t.on = n >= 100 && loss_learned < 0.95 * loss_curve;
  return t;
}

// The scale at which the chance value_hand's danger gives (exp(-scale * danger)) averages to the share of
// the played-out nils made, at least 1; 1 with fewer than 50 of them.
double fitted_scale(const std::vector<double>& dangers, int made) {
  if (dangers.size() < 50) return 1;
  const double share = std::clamp((double)made / (double)dangers.size(), 0.02, 0.98);
  auto predicted = [&](double k) {
    double p = 0;
    for (double d : dangers) p += std::exp(-k * d);
    return p / (double)dangers.size();
  };
  // the predicted share falls as the scale grows; never below 1: the playouts' nils are the safest hand of
  // each deal, and a scale fitted below the fixed weights priced every other hand too safe (in six, whose
  // fit was 0.49, 45% of the bids went nil and 37% of them failed)
  double lo = 1, hi = 8;
  for (int i = 0; i < 40; ++i) {
    const double mid = 0.5 * (lo + hi);
    (predicted(mid) > share ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

// How the danger of taking a trick is priced for this variant: by hands played out under its own rules
// (nil_played_out), a nil covered by its partner and two partners' nils, neither covered. Forced plays,
// rules to beat the winner, a trump that may not win: what a nil can stay under is the variant's, which the
// danger's fixed weights (fitted to standard play) do not know. 1 where no hand says anything (no nil to
// bid, partners bidding as one).
std::array<double, 2> zero_scales(const variant& v, const calibrated& raw) {
  if (v.bid_by_team || v.seats < 2) return {1, 1};
  bot_context cx(std::make_shared<const bot_calibration>(v, raw));
  rng r(0x5eed + 1);
  std::array<std::vector<double>, 2> dangers;
  std::array<int, 2> made{};
  for (int d = 0; d < 300; ++d) {
    const bool both = d % 3 == 2;
    std::array<double, 2> danger{};
    std::array<bool, 2> ok{};
    try {
      if (!nil_played_out(v, raw, cx, r, d, both, danger, ok)) continue;
    } catch (const rule_error&) {
      continue;
    }
    for (int k = 0; k < (both ? 2 : 1); ++k) {
      dangers[both].push_back(danger[k]);
      made[both] += ok[k];
    }
  }
  const double covered = fitted_scale(dangers[0], made[0]);
  return {covered, dangers[1].size() < 50 ? covered : std::max(covered, fitted_scale(dangers[1], made[1]))};
}

// What bids to take nothing scored in the variant's own play against what the bot reckons they are worth.
// On up to 300 deals (of at most 3,000 dealt) whose seat of best chance (zero_chance) has at least an even
// one, that seat bids a nil (fixed_bid), the bots bid the rest and play the hand out under the variant's
// rules. Summed over them: the bid's value as the bot reckons it (bid_value) less the points the hand scored
// for the side, over what the side's seats playing to take nothing stood to lose; within -0.5 to 0.5. 0 with
// fewer than 100 such hands, or where partners bid as one, there is a dummy or twin cards. (The reckoning
// prices the bags a hand carries to later ones, the hand's points do not. Measured in the reckoning's own
// currency instead, the correction took nils for overrated, and cost points in the duplicate matches that
// weighed it.)
double learn_zero_bias(const variant& v, const calibrated& cal) {
  if (v.bid_by_team || v.seats < 2 || v.twin_cards || v.dummy >= 0) return 0;
  bot_context cx(std::make_shared<const bot_calibration>(v, cal));
  rng r(0x5eed + 5);
  move ms[max_moves];
  int hands = 0;
  double over = 0, stakes = 0;
  for (int d = 0; d < 3000 && hands < 300; ++d) {
    game_state st;
    st.new_game(v, d % v.seats);
    st.deal(r);
    int nil_seat = -1;
    double best = 0.5;
    for (int s = 0; s < v.seats; ++s) {
      if (s == v.dummy || v.team_of[s] < 0 || v.partner[s] < 0) continue;
      const double p = zero_chance(cal, v, st.hands[s], value_hand(v, st.hands[s], s));
      if (p >= best) { best = p; nil_seat = s; }
    }
    if (nil_seat < 0) continue;
    double u = 0, stake = 0;
    bool bid = false, checked = false;
    try {
      for (int guard = 0; guard < 4 * max_cards && !st.hand_scored && st.ph != phase::over; ++guard) {
        if (st.ph == phase::bid && st.acting_seat() == nil_seat && !bid) {
          const int pick = fixed_bid(st, ms, st.legal_moves(ms));
          if (pick < 0 || !bid_value(cx, st, ms[pick], u, stake)) break;
          bid = true;
          cx.answers.guesses.next_decision();
          st.apply(ms[pick]);
          continue;
        }
        if (st.ph == phase::play && !checked) {
          cx.answers.guesses.next_decision();
          if (!bid || !bid_zero(cx, st, nil_seat)) break;
          checked = true;
        }
        cx.answers.guesses.next_decision();
        st.apply(bot_move(st, r, cx));
      }
    } catch (const rule_error&) {
      continue;
    }
    if (!st.hand_scored || !checked || stake <= 0) continue;
    over += u - (double)st.hand_points[v.team_of[nil_seat]];
    stakes += stake;
    ++hands;
  }
  return hands < 100 ? 0 : std::clamp(over / stakes, -0.5, 0.5);
}

// One blind bid to take nothing made in `st` (the seat to act bids `bid`) and the hand played out from
// there by the bots: false when it says nothing (not played for nothing, not played to the end); else
// `passed`, the cards the seat passed in an exchange (at most max_passed), and `made`.
bool blind_played_out(const game_state& st, const move& bid, const std::shared_ptr<const bot_calibration>& cal, rng& r, int& passed, bool& made) {
  const variant& v = *st.v;
  game_state f = st;
  bot_context cx(cal);
  const int seat = f.acting_seat(), hand = f.hands_played;
  const card_set dealt = f.hands[seat];
  f.apply(move(bid));
  bool checked = false;
  for (int guard = 0; guard < 4 * max_cards && f.hands_played == hand && f.ph != phase::over && f.ph != phase::deal; ++guard) {
    if (f.ph == phase::play && !checked) {
      cx.answers.guesses.next_decision();
      if (!bid_zero(cx, f, seat) || (v.partner[seat] >= 0 && bid_zero(cx, f, v.partner[seat]))) return false;
      passed = std::min(max_passed, (dealt & ~f.hands[seat]).count());
      checked = true;
    }
    cx.answers.guesses.next_decision();
    f.apply(bot_move(f, r, cx));
  }
  if (f.hands_played == hand || !checked) return false;
  made = f.tricks_won[seat] == 0;
  return true;
}

// How a blind bid to take nothing that passes cards (a blind nil with its exchange) fares in the variant's own
// play against the chance the bot gives a hand not looked at after passing them (the bands' chances): the
// shift of their log-odds that makes the chances average to the share made. Measured where the bid is open
// as games go (the bots play, bidding plainly, in up to 600 hands): in a copy of the game the seat bids it,
// the bots bid the rest and play the hand out; counted where the partner covers it (does not play to take
// nothing too), up to 300 such bids. 0 with fewer than 100 of them, or where partners bid as one, there is
// a dummy or twin cards. (In standard play the bands' chances gave these blind nils 0.55 and the bots made
// 0.74 of them. A blind bid that passes no card keeps its plainer chance unshifted: German's Double Zero,
// made 0.24 of the time against about 0.1 reckoned, cost 6 points a hand shifted up to what it makes.)
double learn_blind_shift(const variant& v, const calibrated& cal) {
  bool offered = false;
  for (const bid_kind& k : v.bids) offered |= k.blind && k.lo == k.hi;
  if (!offered || v.bid_by_team || v.seats < 2 || v.twin_cards || v.dummy >= 0) return 0;
  const std::shared_ptr<const bot_calibration> shared = std::make_shared<const bot_calibration>(v, cal);
  bot_context cx(shared);
  rng r(0x5eed + 6);
  move ms[max_moves];
  std::vector<std::pair<int, bool>> bids;  // cards passed, made
  int hands = 0;
  // where such bids are rarely open (none in 30 hands, fewer than one hand in six after 100), they are not
  // looked for further
  auto rare = [&] { return (hands >= 30 && bids.empty()) || (hands >= 100 && bids.size() * 6 < (size_t)hands); };
  for (int g = 0; hands < 600 && bids.size() < 300 && !rare(); ++g) {
    game_state st;
    st.new_game(v, g % v.seats);
    try {
      for (int guard = 0; guard < 64 * max_cards && st.ph != phase::over && hands < 600 && bids.size() < 300 && !rare(); ++guard) {
        if (st.ph == phase::deal) {
          ++hands;
          st.deal(r);
          continue;
        }
        cx.answers.guesses.next_decision();
        if (st.ph == phase::bid) {
          const int n = st.legal_moves(ms);
          const int pick = fixed_bid(st, ms, n, true);
          int passed = 0;
          bool made = false;
          if (pick >= 0 && blind_played_out(st, ms[pick], shared, r, passed, made) && passed > 0) bids.push_back({passed, made});
          if (n == 0) break;
          st.apply(ms[plain_bid(st, cal, ms, n)]);
          continue;
        }
        st.apply(bot_move(st, r, cx));
      }
    } catch (const rule_error&) {
      continue;
    }
  }
  if (bids.size() < 100) return 0;
  double made = 0;
  for (const auto& b : bids) made += b.second;
  const double share = std::clamp(made / (double)bids.size(), 0.02, 0.98);
  auto predicted = [&](double shift) {
    double p = 0;
    for (const auto& b : bids)
      for (const unseen_hand& u : cal.bands) p += rescaled(u.p0_passed[b.first], shift, 1) / unseen_bands;
    return p / (double)bids.size();
  };
  double lo = -3, hi = 3;  // the predicted share grows with the shift
  for (int i = 0; i < 40; ++i) {
    const double mid = 0.5 * (lo + hi);
    (predicted(mid) < share ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

}  // namespace

// The variant's calibration: priced once with the danger as value_hand reckons it, then again with the danger
// priced by hands of the variant played out by bots of that first calibration; then, where hands played out
// say better, with the learned estimate (learn_tricks) and chance of a nil (learn_nils); last, what bids to
// take nothing scored in hands played out against the bot's reckoning of them (learn_zero_bias), and how
// often blind ones were made (learn_blind_shift).
calibrated calibrate(const variant& v) {
  const calibrated raw = calibrate_priced(v, 1);
  const std::array<double, 2> scales = zero_scales(v, raw);
  calibrated cal = scales[0] == 1 ? raw : calibrate_priced(v, scales[0]);
  cal.uncovered = scales[1] / scales[0];
  const trick_table learned = learn_tricks(v, cal);
  const nil_table nils = learn_nils(v, raw, scales[0]);
  if (learned.on || nils.on) {
    cal = calibrate_priced(v, scales[0], learned, nils);
    cal.uncovered = scales[1] / scales[0];
  }
  cal.zero_bias = learn_zero_bias(v, cal);
  cal.blind_shift = learn_blind_shift(v, cal);
  return cal;
}

}  // namespace spades::bot_detail
