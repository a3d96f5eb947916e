// Bids and calls (bots/bid.hpp): each legal move valued by the side's expected score for the hand, asked
// of the variant's own scoring over the trick outcomes the hands make likely, the later bids guessed.
#include "bots/bid.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "bots/outcome.hpp"
#include "bots/value.hpp"
#include "runtime/loop.hpp"

namespace spades::bot_detail {

namespace {

// A small distribution of trick counts.
struct dist {
  int n = 0;
  std::array<int8_t, 6> x{};
  std::array<double, 6> p{};
  void add(int t, double w) {
    for (int i = 0; i < n; ++i)
      if (x[i] == t) { p[i] += w; return; }
    x[n] = (int8_t)t;
    p[n++] = w;
  }
};

// `points` points (3 or 5) of a normal distribution around mu, within 0..all.
dist around(double mu, double sd, int all, int points) {
  dist d;
  const int m = (int)std::lround(mu), half = points / 2;
  double total = 0;
  std::array<double, 5> w{};
  for (int i = 0; i < points; ++i) {
    const double z = (m - half + i - mu) / sd;
    total += w[i] = std::exp(-0.5 * z * z);
  }
  for (int i = 0; i < points; ++i) d.add(std::clamp(m - half + i, 0, all), w[i] / total);
  return d;
}

// A seat playing to take nothing: none with probability p0, else one or two.
dist zero_dist(double p0, int all) {
  dist d;
  d.add(0, p0);
  d.add(std::min(1, all), (1 - p0) * 0.65);
  d.add(std::min(2, all), (1 - p0) * 0.35);
  return d;
}

// What the bidding seat knows of its side.
struct outlook {
  int seat = -1, team = -1;
  int mate = -1;       // the partner whose tricks are counted apart (-1: none, or the team bids as one)
  double mu = 0;       // the seat's (or bidding team's) expected tricks, playing to win
  double p0 = 0;       // the seat's chance of taking none, playing to lose
  passed_chances p0_passed{};  // ... after passing its highest cards to the partner (p0_passed[0] == p0)
  card_set hand{};             // the seat's cards, where it has looked at them
  bool passing_asked = true;   // p0_passed[1...] are known (else asked of `hand` when needed)
  double sure = 0;     // the side's cards sure to win at once (its own, or the team's when bidding as one)
  double own_sure = 0; // the seat's (or bidding team's) own
  double mate_mu = 0;  // the partner's expected tricks, from its bid or from the deal
  double mate_prior = 0;  // ... from the deal alone: what its hand may hold
  bool mate_bid = false;
  double mate_p0 = 0.5;  // the partner's chance of taking none, if it plays for it
  passed_chances mate_p0_passed{0.5, 0.5, 0.5};  // ... after passing its highest cards to the seat
  // the partner still to bid chooses as the bot would (mate_choice), not plainly: always (a hint), or when
  // it too must bid blind (a bid made blind)
  enum class mate_model : uint8_t { plain, always, blind } mate_decides = mate_model::plain;
  bool plain_mates = false;  // the side's later bids are guessed plainly (a partner's own look ahead)
  double opp_shift = 0;      // tricks added to each later opponent's guessed bid (a stronger or weaker hand)
};

// A number bid is read as its bidder's tricks and this many more (a bidder keeps a little in hand).
constexpr double bid_read_over = 0.6;

// `unseen`: the seat has not looked at its cards (a blind bid, agreeing to one): its hand is one of the
// variant's, and its partners' are the variant's average, whatever the cards dealt.
outlook look(bot_context& cx, const game_state& st, int seat, const unseen_hand* unseen = nullptr) {
  const variant& v = *st.v;
  outlook o;
  o.seat = seat;
  o.team = v.team_of[seat];
  const calibrated& cal = cx.calibration();
  hand_value hv;
  if (!unseen) hv = value_hand(v, st.hands[seat], seat);
  double sure = unseen ? unseen->sure : hv.sure;
  o.mu = unseen ? unseen->mu : estimate_of(cal, v, st.hands[seat], hv);
  if (unseen) o.p0_passed = unseen->p0_passed;
  else {
    // after passing cards: asked only where the seat passes some (expected_score)
    o.p0_passed.fill(zero_chance(cal, v, st.hands[seat], hv));
    o.hand = st.hands[seat];
    o.passing_asked = false;
  }
  o.p0 = o.p0_passed[0];
  o.mate_p0_passed = cal.p0_passed;
  o.mate_p0 = cal.p0;
  const int all = v.tricks_per_hand;
  if (v.bid_by_team) {
    // partners bidding as one pool what both hold
    for (int m : v.members[o.team])
      if (m != seat) {
        if (unseen) {
          o.mu += cal.mean.mu;
          sure += cal.mean.sure;
          continue;
        }
        hand_value mv = value_hand(v, st.hands[m], m);
        o.mu += estimate_of(cal, v, st.hands[m], mv);
        sure += mv.sure;
      }
  } else {
    for (int m : v.members[o.team])
      if (m != seat) { o.mate = m; break; }
  }
  if (o.mate >= 0) {
    const bid_made& b = st.bids[o.mate];
    o.mate_bid = b.kind >= 0;
    // a partner already playing for zero chose it; one our bid would send there has an unseen hand,
    // a little better than most after a low hint of its own
    const double least = o.mate_bid && bid_zero(cx, st, o.mate) ? 0.75 : o.mate_bid && !v.bids[b.kind].blind && b.n <= 1 ? 0.45 : 0;
    for (int k = 0; k <= max_passed; ++k) o.mate_p0_passed[k] = std::max(least, cal.p0_passed[k]);
    o.mate_p0 = o.mate_p0_passed[0];
    o.mate_prior = std::max(0.0, (all - o.mu) / (v.seats - 1));
    // a bid made blind says nothing of the hand; a bid for the side counts on an average partner, so its
    // bidder holds about the bid less a seat's share; a seat covered by our side's bid has not shown its hand
    o.mate_mu = !o.mate_bid || v.bids[b.kind].blind || st.covered[o.mate] ? o.mate_prior
                : v.bids[b.kind].side ? std::max(o.mate_prior, b.n - (double)all / v.seats)
                                      : b.n + bid_read_over;
  }
  // the other sides' bids tell of their hands: where the side's estimates and what they claim (a number
  // bid, as a partner's is read) come to more than the hand's tricks, the seat gives up half the excess
  if (!unseen) {
    double claimed = 0;
    for (int b = 0; b < v.bidders(); ++b) {
      const bid_made& m = st.bids[b];
      const int t = st.bidder_team(b);
      if (m.kind < 0 || t < 0 || t == o.team) continue;
      const bid_kind& k = v.bids[m.kind];
      if (!k.blind && k.lo < k.hi && (v.bid_by_team || !bid_zero(cx, st, b))) claimed += m.n + bid_read_over;
    }
    const double excess = o.mu + (o.mate >= 0 ? o.mate_mu : 0) + claimed - all;
    if (claimed > 0 && excess > 0) o.mu = std::max(0.0, o.mu - 0.5 * excess);
  }
  o.own_sure = std::min(sure, o.mu);
  // a partner who bid a number holds some quick winners too
  o.sure = sure + (o.mate_bid ? 0.5 * o.mate_mu : 0);
  return o;
}

int best_move(bot_context& cx, const game_state& st, const move* ms, int n, bool bidding, const outlook& o, double& best_u);

// A bid after which a seat of the side plays to take nothing is valued at this share of what that seat's
// failing is likely to cost (its first trick's cost times its chance of taking one, expected_score's
// `zero_stake`) less: the chance is an estimate, and of many bids weighed, the one whose chance is most
// overrated tends to look best.
constexpr double zero_margin = 0.5;

// The move a partner to bid in `c` chooses among `ms`: the bot's own choice from what it would know, its
// hand one the bidding seat cannot see (the variant's average hand), and the bids so far read as look()
// reads them; its own look ahead guesses the bids after it plainly. Kept per bidding position.
int mate_choice(bot_context& cx, const game_state& c, const move* ms, int n) {
  std::vector<hand_answers::mate_entry>& known = cx.answers.mate_choices;
  for (const hand_answers::mate_entry& e : known)
    if (e.seat == c.turn && e.key.same(c)) return e.choice;
  if (known.size() >= 64) known.clear();
  const calibrated& cal = cx.calibration();
  outlook mine = look(cx, c, c.turn, &cal.mean);
  mine.plain_mates = true;
  double u;
  hand_answers::mate_entry e;
  e.key.set(c);
  e.seat = c.turn;
  e.choice = best_move(cx, c, ms, n, true, mine, u);
  known.push_back(e);
  return e.choice;
}

// Fills the bids still to come in `c` with plain guesses: each later bidder's legal bid nearest to its
// expected tricks, plain numbers before special bids, never blind. With `o.mate_decides` a partner still
// to bid chooses as the bot does instead (mate_choice), by what the bids so far tell it: after a bid
// made blind, when it must bid blind too (the side's contract is then its blind choice).
void fill_bids(bot_context& cx, game_state& c, const outlook& o) {
  const variant& v = *c.v;
  const int all = v.tricks_per_hand;
  const int opps = v.seats - side_size(v, o.seat);
  const double mate = o.mate >= 0 ? o.mate_mu : 0;
  const double opp_mu = opps > 0 ? std::max(0.0, (all - o.mu - mate) / opps) : 0;
  move ms[max_moves];
  for (int guard = 0; (c.ph == phase::bid || c.ph == phase::agree) && guard < 2 * max_seats; ++guard) {
    if (c.ph == phase::agree) {  // assumed: the partner agrees
      c.apply(move::make_choice(1));
      continue;
    }
    int n = c.legal_moves(ms);
    if (n == 0) return;
    bool ours = v.bid_by_team ? c.turn == o.team : v.team_of[c.turn] == o.team;
    if (o.mate_decides != outlook::mate_model::plain && ours && !v.bid_by_team && c.turn != o.seat && c.turn != v.dummy && n > 1) {
      bool blind = true;
      for (int i = 0; i < n; ++i) blind &= ms[i].type == move::bid && v.bids[ms[i].a].blind;
      if (blind || o.mate_decides == outlook::mate_model::always) {
        c.apply(ms[mate_choice(cx, c, ms, n)]);
        continue;
      }
    }
    double target = ours ? mate : v.bid_by_team ? opp_mu * 2 : opp_mu;
    // a dummy still to be given to the highest bidder: each opponent bids for it too, counting its tricks
    if (!ours && v.dummy >= 0 && c.controller < 0) target += opp_mu;
    if (!ours) target = std::max(0.0, target + o.opp_shift);
    int best = 0;
    double best_cost = 1e18;
    for (int i = 0; i < n; ++i) {
      const bid_kind& k = v.bids[ms[i].a];
      double cost = std::abs(ms[i].b - target) + (k.words.empty() ? 0 : 0.5) + (k.blind ? 100 : 0);
      if (cost < best_cost) { best_cost = cost; best = i; }
    }
    c.apply(ms[best]);
  }
}

// The cards each partner of the side passes to the other in an exchange its bids owe and the course has
// still to come (0: none).
int cards_passed(const game_state& c, int team) {
  const variant& v = *c.v;
  if (team < 0 || v.bid_by_team || c.bidding_skipped) return 0;
  bool ahead = false;
  for (size_t i = c.step; i < v.course.size(); ++i) ahead |= v.course[i].kind == step_kind::exchange;
  if (!ahead) return 0;
  for (int p : v.members[team])
    if (c.bids[p].kind >= 0 && !c.covered[p] && v.bids[c.bids[p].kind].exchange > 0 && v.partner[p] >= 0 && c.exchange_holds(p))
      return v.bids[c.bids[p].kind].exchange;
  return 0;
}

// The seat taking x tricks, its partner y and the opponents the rest, shared out evenly, into `sp`; and where
// the scoring reads the order of the tricks (or the cards they bring home), their order: the side opens with
// a run of its sure winners (one kept back for a lead it may not have), then the opponents take theirs, then
// the side the rest.
void side_outcome(const variant& v, const outlook& o, int x, int y, const int* opp_seats, int nopp, trick_split& sp) {
  sp.won.fill(0);
  sp.won[o.seat] = x;
  if (o.mate >= 0) sp.won[o.mate] += y;
  const int rest = v.tricks_per_hand - x - y;
  for (int k = 0; k < nopp; ++k) sp.won[opp_seats[k]] = rest / nopp + (k < rest % nopp ? 1 : 0);
  if (!v.uses_trick_order && !v.uses_trick_cards) return;  // not read (nor kept in a guess's key)
  int t = 0;
  auto put = [&](int seat, int count) {
    const int k = std::clamp(count, 0, max_tricks - t);
    std::memset(sp.order.data() + t, seat, (size_t)k);
    t += k;
  };
  const int run = std::clamp((int)(o.sure - 1), 0, x + y), run_mine = std::min(run, x);
  put(o.seat, run_mine);
  if (o.mate >= 0) put(o.mate, run - run_mine);
  for (int k = 0; k < nopp; ++k) put(opp_seats[k], sp.won[opp_seats[k]]);
  put(o.seat, x - run_mine);
  if (o.mate >= 0) put(o.mate, y - (run - run_mine));
}

// The side's expected score over trick outcomes around the outlook, with the bids (and calls) in `c`.
// Who plays to take nothing is asked of the scoring (zero_wanted), so a nil or a naught is valued by
// its chance of taking none.
double expected_score(bot_context& cx, const game_state& c, const outlook& given, double* zero_stake) {
  const variant& v = *c.v;
  outlook o = given;
  if (o.mate < 0 && v.dummy >= 0 && c.controller >= 0 && v.team_of[c.controller] == o.team) {
    // the side is given the dummy: an unseen hand plays with it
    o.mate = v.dummy;
    o.mate_mu = o.mate_prior = std::max(0.0, (v.tricks_per_hand - o.mu) / (v.seats - 1));
    o.mate_bid = false;
    o.mate_p0 = cx.calibration().p0;
    o.mate_p0_passed = cx.calibration().p0_passed;
  }
  const int all = v.tricks_per_hand;
  double stakes[2] = {0, 0};
  guess_scorer guesses(cx, c);  // every guess of `c` below
  // where the hand scores the same for every split of the side's tricks between the two (so a trick costs
  // either what it costs the other), each sum is scored once
  const bool pooled = o.mate >= 0 && sums_only(cx, c, o.seat, o.mate);
  const bool me_zero = zero_wanted(guesses, o.seat, &stakes[0]);
  const bool mate_zero = o.mate >= 0 && (pooled ? (stakes[1] = stakes[0], me_zero) : zero_wanted(guesses, o.mate, &stakes[1]));
  // one of two partners playing to take nothing passes its highest cards in the exchange the side owes
  const int passed = me_zero != mate_zero ? std::min(cards_passed(c, o.team), max_passed) : 0;
  // a partner playing to take nothing leaves about half its tricks to the one who covers it; and where its
  // tricks do not count for the side as the seat's do (asked of the scoring), the highest cards it passes in
  // an exchange add to the seat's (without them, the partners covering a blind nil that passes cards took
  // far more tricks than they bid)
  const double received = mate_zero && !me_zero && passed > 0 && !tricks_pooled(cx, c, o.seat, o.mate) ? cx.calibration().received[passed] : 0;
  const double mu = o.mu + (mate_zero && !me_zero ? 0.5 * o.mate_prior + received : 0);
  const double mate_mu = o.mate_mu + (me_zero && !mate_zero ? 0.5 * o.mu : 0);
  // sure winners add no doubt; the rest of the estimate does
  // a hand whose cards nearly all win at once (every top trump) is little in doubt: within 3 tricks of the
  // whole hand the spread shrinks with the tricks not sure, so that a bid of every trick is valued as sure
  const double doubt = std::clamp((all - o.own_sure) / 3.0, 0.15, 1.0);
  // both playing to take nothing, neither covers the other: each has the chance the variant's playouts of
  // two such partners give (calibrated::uncovered)
  const calibrated& cal = cx.calibration();
  const double alone = me_zero && mate_zero ? cal.uncovered : 1;
  if (me_zero && passed > 0 && !o.passing_asked)
    o.p0_passed = zero_after_passing(cal, v, o.hand, o.seat, value_hand(v, o.hand, o.seat));
  dist me = me_zero ? zero_dist(std::pow(o.p0_passed[passed], alone), all) : around(mu, (0.8 + 0.1 * std::max(0.0, mu - o.own_sure)) * doubt, all, 5);
  dist mate;
  if (o.mate < 0) mate.add(0, 1);
  else if (mate_zero) {
    // a partner who did not choose it itself has the plainer chance of a hand not looked at (the fitted
    // chance overrates such a partner's naught)
    mate = zero_dist(std::pow(me_zero && o.mate_p0 <= cal.p0 ? std::min(o.mate_p0, cal.mean.p0) : o.mate_p0_passed[passed], alone), all);
  }
  else mate = around(mate_mu, o.mate_bid ? 1.1 : 1.6, all, 3);
  // the dummy plays with the controller the bids give it to (score_move set it): its tricks are theirs
  int opp_seats[max_seats], nopp = 0;
  for (int s = 0; s < v.seats; ++s)
    if (s == v.dummy ? c.controller >= 0 && v.team_of[c.controller] != o.team : v.team_of[s] != o.team) opp_seats[nopp++] = s;
  double total = 0, at_stake = 0;  // at_stake: the first tricks' costs of the seats playing to take none, expected
  std::array<double, max_tricks + 1> by_sum;
  std::array<bool, max_tricks + 1> have{};
  trick_split sp;
  const outcome_scorer score(cx, guesses, c, o.team);
  for (int i = 0; i < me.n; ++i)
    for (int j = 0; j < mate.n; ++j) {
      const int x = me.x[i], y = std::min<int>(mate.x[j], all - x);
      const int sum = std::min(x + y, max_tricks);
      double u;
      if (pooled && have[sum]) u = by_sum[sum];
      else {
        side_outcome(v, o, x, y, opp_seats, nopp, sp);
        u = score(sp.won, sp.order.data());
        if (pooled) {
          have[sum] = true;
          by_sum[sum] = u;
        }
      }
      total += me.p[i] * mate.p[j] * u;
      at_stake += me.p[i] * mate.p[j] * ((x > 0 ? stakes[0] : 0) + (y > 0 ? stakes[1] : 0));
    }
  if (zero_stake) *zero_stake = at_stake;
  // a seat that has looked at its cards: what hands of the variant played out with a seat playing to take
  // nothing scored against this reckoning, per point of such stakes (calibrated::zero_bias)
  if (!o.hand.empty()) total -= cal.zero_bias * at_stake;
  return total;
}

// Does a bid leave the side's contract to the partner still to bid, so that what the bid is worth depends
// on the partner's choice? So for a kind whose number the scoring does not read (a hint: the number only
// tells the partner): asked of the scoring by bidding the kind's lowest and highest number, the later bids
// guessed plainly, and scoring both on the same trick counts (kept per hand, kind and what the outlook
// guesses of the later bids); and for a bid made
// blind when the partner must then bid blind too (fill_bids sees its choices).
outlook::mate_model leaves_to_mate(bot_context& cx, const game_state& st, const move& m, const outlook& o) {
  const variant& v = *st.v;
  if (m.type != move::bid) return outlook::mate_model::plain;
  const bid_kind& k = v.bids[m.a];
  if (k.blind) return outlook::mate_model::blind;
  if (k.lo >= k.hi) return outlook::mate_model::plain;
  std::vector<hand_answers::leaves_entry>& known = cx.answers.leaves;
  for (const hand_answers::leaves_entry& e : known)
    if (e.kind == m.a && e.mu == o.mu && e.mate_mu == o.mate_mu && e.opp_shift == o.opp_shift && e.key.same(st))
      return e.answer ? outlook::mate_model::always : outlook::mate_model::plain;
  if (known.size() >= 64) known.clear();
  bool same = false;
  try {
    const move lo = move::make_bid(m.a, k.lo), hi = move::make_bid(m.a, k.hi);
    if (st.why_illegal(lo).empty() && st.why_illegal(hi).empty()) {
      game_state a = st, b = st;
      a.apply(lo);
      b.apply(hi);
      fill_bids(cx, a, o);
      fill_bids(cx, b, o);
      const int all = v.tricks_per_hand, opp = first_opponent(v, o.seat);
      same = opp >= 0;
      for (int x = 0; same && x <= all; x += std::max(1, all / 2)) {
        const trick_split sp = split_of({{o.seat, x}, {opp, all - x}});
        same = score_outcome(cx, a, o.team, sp.won, sp.order.data()) == score_outcome(cx, b, o.team, sp.won, sp.order.data());
      }
    }
  } catch (const rule_error&) {
    same = false;
  }
  hand_answers::leaves_entry e;
  e.key.set(st);
  e.kind = m.a;
  e.mu = o.mu;
  e.mate_mu = o.mate_mu;
  e.opp_shift = o.opp_shift;
  e.answer = same;
  known.push_back(e);
  return same ? outlook::mate_model::always : outlook::mate_model::plain;
}

// The expected score of one bid or call, the later bids filled in; false when the scoring fails on it.
// A bid that needs partner's agreement stands only if the partner agrees, and a partner agrees only with a
// hand that fits it (refused, the bidder bids again at no cost): so it is valued with a partner who, if the
// bid has it take no trick, holds a hand fit for that, as a partner who bid so itself would.
bool score_move(bot_context& cx, const game_state& st, const move& m, const outlook& given, bool bidding, double& u, double* zero_stake = nullptr) {
  outlook o = given;
  if (m.type == move::bid && st.v->bids[m.a].agree && o.mate >= 0 && !o.mate_bid) {
    o.mate_p0 = std::max(0.75, o.mate_p0);
    for (double& p : o.mate_p0_passed) p = std::max(0.75, p);
  }
  if (bidding && o.mate >= 0 && !o.mate_bid && !o.plain_mates) o.mate_decides = leaves_to_mate(cx, st, m, given);
  try {
    // a dummy the bids will give away goes to the highest bid, so what a bid is worth hangs on the later
    // bids: the later opponents are guessed with hands weaker, as likely and stronger than the average
    // (by the spread of the variant's hands), not only the average, so that a bid counting on the dummy
    // is valued with the chance of being outbid and left alone with it
    const variant& v = *st.v;
    const bool auction = bidding && v.dummy >= 0 && st.controller < 0;
    const double spread = auction ? hand_spread(cx.calibration()) : 0;
    const double shifts[3] = {-spread, 0, spread}, weights[3] = {0.25, 0.5, 0.25};
    u = 0;
    for (int i = auction ? 0 : 1; i < (auction ? 3 : 2); ++i) {
      game_state c = st;
      c.apply(m);
      o.opp_shift = shifts[i];
      if (bidding) fill_bids(cx, c, o);
      if (c.v->dummy >= 0 && c.controller < 0) c.controller = c.highest_bidder();  // as the partner step will
      u += (auction ? weights[i] : 1.0) * expected_score(cx, c, o, zero_stake);
    }
    return true;
  } catch (const rule_error&) {
    return false;
  }
}

// Chooses among all legal moves of a bid or call decision by expected score, for the outlook `o`; a tie goes
// to the number nearest the estimate, a plain bid before a special one, declining before calling. Returns
// the move's index (0 when none could be scored) and its expected score.
// Numbers far from anything the side may take, not worth scoring (unless nothing else is legal): per move of
// a bid decision, for the outlook `o`.
struct far_numbers {
  double side = 0, mine = 0;
  far_numbers(const variant& v, const outlook& o, bool bidding) {
    const double all = v.tricks_per_hand;
    // a dummy the bid may win plays with the side like an unseen partner
    const double dummy_mu = bidding && v.dummy >= 0 && o.mate < 0 ? std::max(0.0, (all - o.mu) / (v.seats - 1)) : 0;
    side = std::min(all, o.mu + (o.mate >= 0 ? o.mate_mu : dummy_mu));
    mine = std::min(all, o.mu);
  }
  bool far(const variant& v, const move& m, bool bidding) const {
    return bidding && m.type == move::bid && v.bids[m.a].lo < v.bids[m.a].hi &&
           (m.b > std::max(mine, side) + 1.5 || m.b < std::min(mine, side) - 2.5);
  }
};

// A number bid: a move of a bid kind with a range of numbers.
bool ranged_bid(const variant& v, const move& m, bool bidding) { return bidding && m.type == move::bid && v.bids[m.a].lo < v.bids[m.a].hi; }

// The numbers of ms[i]'s kind weighed from it on, ms[i..to), none far; and `start`, the one nearest `target`
// (the first of two as near), which best_move weighs first.
struct number_run {
  int to = 0, start = 0;
  number_run(const variant& v, const far_numbers& numbers, const move* ms, int n, int i, int target) : to(i), start(i) {
    while (to < n && ranged_bid(v, ms[to], true) && ms[to].a == ms[i].a && !numbers.far(v, ms[to], true)) ++to;
    for (int j = i; j < to; ++j)
      if (std::abs(ms[j].b - target) < std::abs(ms[start].b - target)) start = j;
  }
};

int best_move(bot_context& cx, const game_state& st, const move* ms, int n, bool bidding, const outlook& o, double& best_u) {
  const variant& v = *st.v;
  const int target = (int)std::lround(o.mu);
  const far_numbers numbers(v, o, bidding);
  int best = -1;
  double best_tie = 1e300;
  best_u = -1e300;
  // ms[i] scored and weighed against the best so far; its score (-1e300: the scoring failed on it)
  std::array<bool, max_moves> weighed{};
  auto weigh = [&](int i) {
    weighed[i] = true;
    const move& m = ms[i];
    const bool bid = bidding && m.type == move::bid;
    double u;
    double stake = 0;
    if (!score_move(cx, st, m, o, bidding, u, &stake)) return -1e300;
    if (bid) u -= zero_margin * stake;
    // ties: the number nearest the estimate, a plain bid; declining; refusing partner's bid
    double tie = bid ? std::abs(m.b - target) + (v.bids[m.a].words.empty() ? 0 : 0.5) : m.type == move::choice ? m.a : (m.a < 0 ? 0 : 1);
    if (u > best_u + 1e-9 || (u > best_u - 1e-9 && tie < best_tie)) {
      best = i;
      best_u = u;
      best_tie = tie;
    }
    return u;
  };
  // The numbers of one kind are weighed from the one nearest the estimate outward, each way only while
  // the score rises: a side's expected score rises to one number and falls past it. Not so where the hand
  // may end the game (an outcome weighed ends it), nor where the highest bid wins a dummy (its score steps
  // where it overtakes the others'): there every number not far is weighed.
  const bool ended_before = cx.answers.game_ended;
  cx.answers.game_ended = false;
  for (int i = 0; i < n; ++i) {
    if (numbers.far(v, ms[i], bidding)) continue;
    if (!ranged_bid(v, ms[i], bidding)) {
      weigh(i);
      continue;
    }
    if (i > 0 && ranged_bid(v, ms[i - 1], bidding) && ms[i - 1].a == ms[i].a && !numbers.far(v, ms[i - 1], bidding)) continue;  // weighed with the first
    const number_run run(v, numbers, ms, n, i, target);
    const int from = i, to = run.to, start = run.start;
    const double at = weigh(start);
    double last = at;
    for (int j = start + 1; j < to; ++j) {
      const double u = weigh(j);
      if (!(u > last + 1e-9)) break;
      last = u;
    }
    last = at;
    for (int j = start - 1; j >= from; --j) {
      const double u = weigh(j);
      if (!(u > last + 1e-9)) break;
      last = u;
    }
  }
  if (cx.answers.game_ended || (bidding && v.dummy >= 0 && st.controller < 0))
    for (int i = 0; i < n; ++i)
      if (!weighed[i] && !numbers.far(v, ms[i], bidding)) weigh(i);
  cx.answers.game_ended |= ended_before;
  // nothing but far numbers (or none the scoring could score): every move
  if (best < 0)
    for (int i = 0; i < n; ++i) weigh(i);
  return best >= 0 ? best : 0;
}

move choose(bot_context& cx, const game_state& st, const move* ms, int n, bool bidding) {
  double u;
  return ms[best_move(cx, st, ms, n, bidding, look(cx, st, st.acting_seat()), u)];
}

// The expected score of a move made without looking at the cards: over the variant's hands, band by band.
// Numbers far from what an average side takes are not scored (-1e300), unless `all_numbers`.
double unseen_score(bot_context& cx, const game_state& st, const move& m, const std::array<outlook, unseen_bands>& bands, bool all_numbers) {
  const variant& v = *st.v;
  if (!all_numbers && m.type == move::bid && v.bids[m.a].lo < v.bids[m.a].hi) {
    const outlook& mid = bands[unseen_bands / 2];
    const double side = mid.mu + (mid.mate >= 0 ? mid.mate_mu : 0);
    if (m.b > side + 3 || m.b < side - 3.5) return -1e300;
  }
  double total = 0;
  for (const outlook& o : bands) {
    double u;
    if (!score_move(cx, st, m, o, true, u)) return -1e300;
    total += u / unseen_bands;
  }
  return total;
}

// What looking first is worth, at least, in one band: the bid nearest the band's estimate (of the numbers not
// far, else the first move not far), scored. `floor`: its score as best_move scores it, when best_move is
// sure to weigh it (the number it weighs first), so that the band's best is never below it; else -1e300.
// -1e300 for both when it cannot be scored. (The first is the bar a blind move must clear before looking
// is weighed in full; it leaves out what a partner's nil may cost the bid, and scored with it, the bar let
// through blind bids that then lost.)
double looking_floor(bot_context& cx, const game_state& st, const move* ms, int n, const outlook& o, double& floor) {
  const variant& v = *st.v;
  const far_numbers numbers(v, o, true);
  int pick = -1, first = -1;
  double off = 1e300;
  for (int i = 0; i < n; ++i) {
    if (numbers.far(v, ms[i], true)) continue;
    if (first < 0) first = ranged_bid(v, ms[i], true) ? number_run(v, numbers, ms, n, i, (int)std::lround(o.mu)).start : i;
    const double d = ranged_bid(v, ms[i], true) ? std::abs(ms[i].b - o.mu) : 1e9;
    if (pick < 0 || d < off) {
      pick = i;
      off = d;
    }
  }
  double u, stake = 0;
  floor = -1e300;
  if (pick < 0 || !score_move(cx, st, ms[pick], o, true, u, &stake)) return -1e300;
  if (pick == first) floor = ms[pick].type == move::bid ? u - zero_margin * stake : u;
  return u;
}

// A decision made before looking at the cards: a bid where blind bids are open, or the answer to partner's
// blind bid. The seat values each blind move (and each answer) over the variant's hands, never by its own
// cards; it bids blind only when that beats looking first, valued as the best bid with the cards in view,
// averaged over the same hands. Looking, it chooses among the other bids with its cards.
move choose_unseen(bot_context& cx, const game_state& st, move* ms, int n) {
  const variant& v = *st.v;
  const calibrated& cal = cx.calibration();
  const int seat = st.acting_seat();
  // the bands as the seat looking first would see them, and as a blind move stakes them (blind_band)
  std::array<outlook, unseen_bands> bands, blind_bands;
  for (int k = 0; k < unseen_bands; ++k) {
    bands[k] = look(cx, st, seat, &cal.bands[k]);
    if (cal.blind_shift == 0) {
      blind_bands[k] = bands[k];
      continue;
    }
    const unseen_hand shifted = blind_band(cal, k);
    blind_bands[k] = look(cx, st, seat, &shifted);
  }
  const bool answer = st.ph == phase::agree;
  // the moves made blind (every answer) to the end of the list, in their order
  move blind[max_moves];
  int nblind = 0, nseen = 0;
  for (int i = 0; i < n; ++i) {
    if (answer || (ms[i].type == move::bid && v.bids[ms[i].a].blind)) blind[nblind++] = ms[i];
    else ms[nseen++] = ms[i];
  }
  int best = -1;
  double best_u = -1e300;
  for (int pass = 0; pass < 2 && best < 0; ++pass)
    for (int i = 0; i < nblind; ++i) {
      const double u = unseen_score(cx, st, blind[i], blind_bands, pass == 1);
      if (u > best_u + 1e-9) { best = i; best_u = u; }
    }
  if (nseen == 0) return blind[best >= 0 ? best : 0];
  if (best < 0) return choose(cx, st, ms, nseen, true);
  // a blind move that does not beat the bands' nearest bids is turned down without weighing every bid; nor,
  // band by band, once the bands weighed and the floors of the rest beat it
  std::array<double, unseen_bands> floors;
  double bar = 0, rest = 0;  // rest: the floors of the bands not weighed yet
  bool bounded = true;       // every band has one
  for (int k = 0; k < unseen_bands; ++k) {
    bar += looking_floor(cx, st, ms, nseen, bands[k], floors[k]) / unseen_bands;
    bounded &= floors[k] > -1e299;
    rest += floors[k] / unseen_bands;
  }
  if (!(best_u > bar + 1e-9)) return choose(cx, st, ms, nseen, true);
  double looking = 0;  // the bands weighed
  int k = 0;
  for (; k < unseen_bands && (!bounded || best_u > looking + rest + 1e-9); ++k) {
    double u;
    best_move(cx, st, ms, nseen, true, bands[k], u);
    looking += u / unseen_bands;
    rest -= floors[k] / unseen_bands;
  }
  if (k == unseen_bands && best_u > looking + 1e-9) return blind[best];
  return choose(cx, st, ms, nseen, true);
}

// Is the decision pending made before looking at the cards (a blind bid open, or partner's blind bid to answer)?
bool unseen_decision(const game_state& st, const move* ms, int n) {
  const variant& v = *st.v;
  if (st.ph == phase::agree) return st.asking >= 0 && st.bids[st.asking].kind >= 0 && v.bids[st.bids[st.asking].kind].blind;
  if (st.ph != phase::bid) return false;
  for (int i = 0; i < n; ++i)
    if (ms[i].type == move::bid && v.bids[ms[i].a].blind) return true;
  return false;
}

}  // namespace

// A raise round: the side may raise to at most the tricks its speaker expects the side to take (its own
// estimate and partner's, from partner's bid, or both hands when partners bid as one; a member playing to
// take nothing counts none), and raises only when that is more than the side's bid. Among passing and those
// raises it takes the one of best expected score, as for a bid (a tie passes), so that it does not raise
// into a contract more likely set than the bid.
move bot_raise(bot_context& cx, const game_state& st) {
  const int seat = st.acting_seat();
  const outlook o = look(cx, st, seat);
  double side = bid_zero(cx, st, seat) ? 0 : o.mu;
  if (o.mate >= 0 && !bid_zero(cx, st, o.mate)) side += o.mate_mu;
  const int want = std::min((int)std::floor(std::min(side, (double)st.v->tricks_per_hand)), st.raise_limit(st.turn));
  move ms[max_tricks + 2];
  int n = 0;
  for (int total = st.side_bid(st.turn) + 1; total <= want; ++total) ms[n++] = move::make_raise(total);
  if (n == 0) return move::make_raise(-1);
  ms[n++] = move::make_raise(-1);
  return choose(cx, st, ms, n, false);
}

move bot_decide(bot_context& cx, const game_state& st, bool bidding) {
  move ms[max_moves];
  int n = st.legal_moves(ms);
  if (n == 0) throw no_legal_move(st);
  if (n == 1) return ms[0];
  if (bidding && unseen_decision(st, ms, n)) return choose_unseen(cx, st, ms, n);
  return choose(cx, st, ms, n, bidding);
}

// redeal is then likely to give the side more; otherwise declined.
move bot_redeal(bot_context& cx, const game_state& st) {
  const variant& v = *st.v;
  move ms[max_moves];
  const int n = st.legal_moves(ms);
  if (n < 2) return move::make_call(-1);  // only declining is open
  double tricks = 0;
  int players = 0;
  for (int s = 0; s < v.seats; ++s)
    if (st.call_by_team ? v.team_of[s] == st.turn : s == st.turn) {
      tricks += estimate_tricks(st, s, cx);
      ++players;
    }
  return tricks < 2.5 * players ? ms[0] : move::make_call(-1);
}

bool bid_value(bot_context& cx, const game_state& st, const move& m, double& u, double& stake) {
  cx.answers.begin(st);  // a decision at `st`, as bot_move begins one
  stake = 0;
  const bool ok = score_move(cx, st, m, look(cx, st, st.acting_seat()), true, u, &stake);
  cx.answers.root = nullptr;
  return ok;
}

}  // namespace spades::bot_detail
