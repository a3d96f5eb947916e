// Hand valuation and its calibration (bots/value.hpp): a hand's expected tricks and its danger of taking a
// trick from the compiled ranking, the seats and the hand size, priced on random deals of the variant (what
// hands played out by the bots teach it is bots/learn.cpp's).
#include "bots/value.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "bots/play.hpp"
#include "bots/rank.hpp"
#include "runtime/score_code.hpp"

namespace spades {

namespace {

// std::pow of arguments asked before, from a table (value_hand asks the same few powers over and over): the
// same value as the call, found in a few instructions instead of about a hundred. Per thread, so games on
// other threads neither wait for it nor change it.
double pow_kept(double a, double b) {
  struct slot {
    uint64_t a, b;
    double r;
    bool used;
  };
  thread_local std::array<slot, 1024> table{};
  uint64_t x, y;
  std::memcpy(&x, &a, sizeof x);
  std::memcpy(&y, &b, sizeof y);
  slot& s = table[((x * 0x9e3779b97f4a7c15ull) ^ (y * 0xc2b2ae3d27d4eb4full)) >> 54];
  if (!s.used || s.a != x || s.b != y) s = {x, y, std::pow(a, b), true};
  return s.r;
}

// P(X >= r) for X ~ Binomial(m, p): how likely one other player holds at least r cards of a suit.
double at_least(int m, double p, int r) {
  if (r <= 0) return 1;
  if (r > m || p <= 0) return 0;
  if (p >= 1) return 1;
  double pmf = pow_kept(1 - p, m), below = 0;
  for (int i = 0; i < r; ++i) {
    below += pmf;
    pmf *= (double)(m - i) / (i + 1) * p / (1 - p);
  }
  return std::max(0.0, 1 - below);
}

}  // namespace

int bot_detail::side_size(const variant& v, int seat) { return v.team_of[seat] < 0 ? 1 : (int)v.members[v.team_of[seat]].size(); }

hand_value value_hand(const variant& v, card_set hand, int seat) {
  hand_value hv;
  const int n = v.seats;
  if (n < 2) return hv;
  const int opps = n - bot_detail::side_size(v, seat);
  const double dealt = std::min(1.0, (double)(n * v.hand_size) / std::max(1, v.deck.count()));
  const double p_other = dealt / (n - 1);  // the share of an unseen card that one other player holds
  const card_set unseen = v.deck & ~hand;
  const int trumps_out = (unseen & v.trump).count();
  const double has_trump = trumps_out ? 1 - pow_kept(1 - p_other, trumps_out) : 0;
  const int ntrump = (hand & v.trump).count();
  double high_trumps = 0, ruffs = 0;
  double trump_danger = 0, side_fitted = 0, side_plain = 0, plain = 0;  // danger: see below
  for (const card_set& mask : v.follow_mask) {
    const card_set group = v.deck & mask;
    if (group.empty()) continue;
    const bool trumps = !v.trump.empty() && (group & v.trump) == group;
    const card_set mine = hand & group, theirs = group & ~hand;
    const int len = mine.count(), others = theirs.count();
    if (!trumps && !v.trump.empty()) ruffs += len == 0 ? 1.0 : len == 1 ? 0.55 : len == 2 ? 0.2 : 0;
    // a suit whose rounds outlast the others' length lets its low cards win, or makes them fall
    const double long_excess = std::max(0.0, len - (others * p_other + 2.0));
    mine.for_each([&](int c) {
      int above_mine = 0;
      double above = 0;
      mine.for_each([&](int o) { above_mine += v.power[o] > v.power[c]; });
      // an identical card (two packs) beats this one half the time: it may be played later or earlier
      theirs.for_each([&](int o) { above += v.power[o] > v.power[c] ? 1.0 : v.power[o] == v.power[c] ? 0.5 : 0.0; });
      const double out = above * dealt;
      const int guards = len - above_mine - 1;
      double p = guards + 0.5 >= out ? pow_kept(0.62, out) : 0.0;
      if (!trumps && !v.trump.empty()) {
        // the suit must go round this many times before the card wins, with no opponent ruffing
        int round = above_mine + (int)std::ceil(out) + 1;
        double stays = 1 - (1 - at_least(others, p_other, round)) * has_trump;
        p *= pow_kept(stays, opps);
      }
      hv.tricks += p;
      if (trumps) high_trumps += p;
      if (above == 0 && p >= 0.7) hv.sure += 1;
      // danger of taking a trick while trying not to. A trump must go under a higher trump another seat
      // holds, a different one for each of the hand's trumps from the top (none left for it: a trick is
      // sure). A side card is the riskier the fewer cards out above it and the fewer of its suit held
      // below it, to be played first: weights fitted to the forced nils of random one-pack deals, where a
      // card may always go under the winner; elsewhere (twin cards, a rule to beat the winner) the plainer
      // guess: the square of the cards out above it, halved by two guards, and long suits
      const double square = 1.0 / ((1 + above) * (1 + above));
      if (trumps) {
        const double slack = out - above_mine;
        trump_danger += slack <= 0 ? 5.0 : 0.55 * pow_kept(0.65, slack - 1);
        plain += square;
      } else {
        side_fitted += 1.2 / pow_kept(1 + out, 2.5) * pow_kept(0.4, guards);
        side_plain += guards >= 2 && above >= 1 ? 0.5 * square : square;
      }
      // what the rules above leave out (a middle card that wins after all), by rank: calibrated below
      double below = (double)(others + len - 1 - above_mine) - above;
      double share = std::max(0.0, below) / std::max(1, others + len - 1);
      hv.incidental += share * share * (trumps ? 1.5 : 1.0) * (1 - p);
    });
    side_plain += 0.25 * long_excess;
    if (!trumps) hv.tricks += 0.3 * long_excess * (v.trump.empty() ? 1.0 : 0.5);
  }
  const bool beat = std::any_of(v.restrictions.begin(), v.restrictions.end(), [](const play_restriction& r) { return r.step == restrict_step::beat; });
  const bool fitted_holds = !beat && !v.twin_cards;
  hv.danger = trump_danger + (fitted_holds ? side_fitted : 1.2 * side_plain);
  hv.plain_danger = 1.2 * (side_plain + plain);
  if (ntrump > 0) {
    // low trumps win by length, once the others' trumps are drawn, or by ruffing a short suit
    const double spare = std::max(0.0, ntrump - high_trumps);
    const double longest_other = trumps_out * p_other + 1.0;
    const double length = std::max(0.0, ntrump - longest_other - high_trumps * 0.5);
    hv.tricks += std::min(spare, 0.8 * length + 0.8 * std::min(ruffs, spare));
  }
  return hv;
}

namespace bot_detail {

int trick_table::cell(const variant& v, card_set hand, int c) {
  const int above = std::min(above_cap, (v.deck & v.above_mask[c] & ~hand).count());
  const int below_mine = std::min(below_mine_cap, (hand & v.below_mask[c]).count());
  const int above_mine = std::min(above_mine_cap, (hand & v.above_mask[c]).count());
  const int group = (v.trump.has(c) ? 1 : 0) * (above_cap + 1) + above;
  return (group * (below_mine_cap + 1) + below_mine) * (above_mine_cap + 1) + above_mine;
}

double rescaled(double p, double shift, double slope) {
  if (shift == 0 && slope == 1) return p;
  p = std::clamp(p, 1e-6, 1 - 1e-6);
  return 1 / (1 + std::exp(-(shift + slope * std::log(p / (1 - p)))));
}

unseen_hand blind_band(const calibrated& cal, int k) {
  unseen_hand u = cal.bands[k];
  for (int j = 1; j <= max_passed; ++j) u.p0_passed[j] = rescaled(u.p0_passed[j], cal.blind_shift, 1);
  return u;
}

double nil_table::chance(const variant& v, card_set hand) const {
  double p = 1;
  hand.for_each([&](int c) { p *= 1 - taken[trick_table::cell(v, hand, c)]; });
  return rescaled(p, shift, slope);
}

double trick_table::tricks(const variant& v, card_set hand) const {
  double sum = 0;
  hand.for_each([&](int c) { sum += won[cell(v, hand, c)]; });
  return sum;
}

namespace {

// The hands of one deal as the variant's course makes them: dealt, and with a stock (`leftover stock`)
// drawn to full hands by the bot's own choices.
std::array<card_set, max_seats> hands_of_a_deal(const variant& v, rng& r, std::array<int16_t, max_cards>& order) {
  std::array<card_set, max_seats> hands{};
  if (v.leftover == leftover_rule::stock) {
    game_state st;
    st.new_game(v, 0);
    st.deal(r);
    while (st.ph == phase::draw) st.apply(draw_choice(st));
    return st.hands;
  }
  const int ncards = (int)v.cards.size();
  for (int i = 0; i < ncards; ++i) order[i] = (int16_t)i;
  for (int i = ncards - 1; i > 0; --i) std::swap(order[i], order[r.below((uint32_t)(i + 1))]);
  for (int s = 0; s < v.seats; ++s)
    for (int k = 0; k < v.hand_size && s * v.hand_size + k < ncards; ++k) hands[s].add(order[s * v.hand_size + k]);
  return hands;
}

}  // namespace

double zero_chance(const hand_value& hv, double scale) { return std::exp(-scale * hv.danger); }

double zero_chance(const calibrated& cal, const variant& v, card_set hand, const hand_value& hv) {
  return cal.nils.on ? cal.nils.chance(v, hand) : zero_chance(hv, cal.zero_scale);
}

passed_chances zero_after_passing(const calibrated& cal, const variant& v, card_set hand, int seat, const hand_value& whole) {
  passed_chances p{};
  p[0] = zero_chance(cal, v, hand, whole);
  for (int k = 1; k <= max_passed; ++k) {
    if (!hand.empty()) hand.remove(highest(v, hand));
    p[k] = zero_chance(cal, v, hand, cal.nils.on ? hand_value{} : value_hand(v, hand, seat));
  }
  return p;
}

// The spread (standard deviation) of the estimates of the variant's hands, from the bands' averages.
double hand_spread(const calibrated& cal) {
  double ss = 0;
  for (const unseen_hand& b : cal.bands) ss += (b.mu - cal.mean.mu) * (b.mu - cal.mean.mu);
  return std::sqrt(ss / unseen_bands);
}

namespace {

// A hand of the calibration: its value, and its chance of taking none as a hand not looked at, after passing
// k of its highest cards.
struct sample_hand {
  hand_value hv;
  passed_chances p0{};
  card_set hand;
};

// The variant's hands ranked by estimate, cut into equally likely bands: each band's averages.
void unseen_bands_of(const variant& v, calibrated& cal, std::vector<sample_hand>& hands) {
  if (hands.empty()) return;
  std::vector<std::pair<double, size_t>> by_estimate;
  for (size_t i = 0; i < hands.size(); ++i) by_estimate.emplace_back(estimate_of(cal, v, hands[i].hand, hands[i].hv), i);
  std::sort(by_estimate.begin(), by_estimate.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  {
    std::vector<sample_hand> sorted;
    sorted.reserve(hands.size());
    for (const auto& e : by_estimate) sorted.push_back(hands[e.second]);
    hands.swap(sorted);
  }
  const size_t n = hands.size();
  for (int k = 0; k < unseen_bands; ++k) {
    const size_t from = n * k / unseen_bands, to = std::max(from + 1, n * (k + 1) / unseen_bands);
    unseen_hand& u = cal.bands[k];
    for (size_t i = from; i < to && i < n; ++i) {
      u.mu += by_estimate[i].first;
      for (int j = 0; j <= max_passed; ++j) u.p0_passed[j] += hands[i].p0[j];
      u.sure += hands[i].hv.sure;
    }
    const double m = (double)(std::min(to, n) - from);
    u.mu /= m;
    for (double& p : u.p0_passed) p /= m;
    u.p0 = u.p0_passed[0];
    u.sure /= m;
    cal.mean.mu += u.mu / unseen_bands;
    for (int j = 0; j <= max_passed; ++j) cal.mean.p0_passed[j] += u.p0_passed[j] / unseen_bands;
    cal.mean.p0 = cal.mean.p0_passed[0];
    cal.mean.sure += u.sure / unseen_bands;
  }
}

}  // namespace

// Prices the middle cards so that the estimates of all seats add up to the tricks of a hand, on average
// over random deals of this variant (the hands its course makes, a draw included): whatever the ranking,
// the estimate is not biased. Also the chance an unseen hand takes no trick playing to. From a fixed seed:
// the same on every run.
calibrated calibrate_priced(const variant& v, double scale, const trick_table& learned, const nil_table& nils) {
  calibrated cal;
  cal.zero_scale = scale;
  cal.learned = learned;
  cal.nils = nils;
  rng r(0x5eed);
  std::array<int16_t, max_cards> order;
  const int deals = 300;
  double total = 0, extra = 0;
  passed_chances p0{};
  std::array<double, max_passed + 1> gain_tricks{}, gain_extra{};  // received, before pricing the middle cards
  int pairs = 0;
  std::vector<sample_hand> seen;
  seen.reserve((size_t)deals * v.seats);
  for (int d = 0; d < deals; ++d) {
    const std::array<card_set, max_seats> hands = hands_of_a_deal(v, r, order);
    for (int s = 0; s < v.seats; ++s) {
      hand_value hv = value_hand(v, hands[s], s);
      total += hv.tricks;
      extra += hv.incidental;
      const passed_chances fitted = zero_after_passing(cal, v, hands[s], s, hv);
      for (int k = 0; k <= max_passed; ++k) p0[k] += fitted[k];
      // a hand not looked at takes the plainer guess: priced by the fitted one, a blind nil was bid far
      // more often than it was made. Passing its highest cards, the fitted guess after them: forced on
      // every hand, the blind nils and naughts that pass cards were made far more often than the plainer
      // guess says (and more often still than the fitted one: learn_blind_shift)
      passed_chances unseen = fitted;
      unseen[0] = std::exp(-scale * hv.plain_danger);
      if (s != v.dummy) seen.push_back({hv, unseen, hands[s]});
      if (v.partner[s] >= 0 && s != v.dummy && v.partner[s] != v.dummy) {
        card_set mine = hands[s], theirs = hands[v.partner[s]];
        ++pairs;
        for (int k = 1; k <= max_passed && !mine.empty() && !theirs.empty(); ++k) {
          const int give = lowest(v, mine), get = highest(v, theirs);
          mine.remove(give);
          theirs.remove(get);
          mine.add(get);
          const hand_value after = value_hand(v, mine, s);
          gain_tricks[k] += after.tricks - hv.tricks;
          gain_extra[k] += after.incidental - hv.incidental;
        }
      }
    }
  }
  if (extra > 0) cal.incidental = std::max(0.0, ((double)v.tricks_per_hand * deals - total) / extra);
  for (int k = 0; k <= max_passed; ++k) cal.p0_passed[k] = p0[k] / (deals * v.seats);
  cal.p0 = cal.p0_passed[0];
  if (pairs > 0)
    for (int k = 1; k <= max_passed; ++k) cal.received[k] = (gain_tricks[k] + cal.incidental * gain_extra[k]) / pairs;
  unseen_bands_of(v, cal, seen);
  return cal;
}

}  // namespace bot_detail

bot_calibration::bot_calibration(const variant& v, bot_detail::calibrated ready) : v_(v) {
  std::call_once(once_, [&] { cal_ = std::make_unique<bot_detail::calibrated>(std::move(ready)); });
}

bot_calibration::bot_calibration(const variant& v) : v_(v) {}
bot_calibration::bot_calibration(const variant& v, std::shared_ptr<const calibration_store> store) : v_(v), store_(std::move(store)) {}
bot_calibration::~bot_calibration() = default;

namespace {

// Does the formula read anything but the bids, calls, options, counters, scores and the hand's number and
// dealer (a count of tricks, a card)? Unknown names are taken to read them.
bool reads_play(const variant& v, int node) {
  if (node < 0) return false;
  const expr_node& e = v.exprs[(size_t)node];
  if (e.o == op::var) switch (e.v) {
      case var::option: case var::counter: case var::score: case var::behind: case var::hand: case var::first_hand:
      case var::team_bid: case var::team_kind: case var::team_blind: case var::player_bid: case var::player_kind:
      case var::player_blind: case var::team_call: case var::player_call: case var::partner_kind:
      case var::dealer: case var::dealer_left: case var::dealer_right: case var::dealer_partner:
        break;
      default: return true;
    }
  return reads_play(v, e.a) || reads_play(v, e.b) || reads_play(v, e.c);
}

}  // namespace

namespace bot_detail {
uint64_t kinds_key(const game_state& st) {
  uint64_t key = 0;
  for (int s = 0; s < max_seats; ++s) key |= (uint64_t)(uint8_t)st.bids[s].kind << (8 * s);
  return key;
}
}  // namespace bot_detail

bot_detail::trick_reads_answer bot_calibration::trick_reads_for(const game_state& st) const {
  const uint64_t key = bot_detail::kinds_key(st);
  {
    const std::lock_guard<std::mutex> lock(reads_mutex_);
    if (auto it = reads_.find(key); it != reads_.end()) return it->second;
  }
  bot_detail::trick_reads_answer a;
  if (v_.scoring && v_.scoring->compiled_for(v_) && !reads_play(v_, v_.win_when) && !reads_play(v_, v_.lose_when))
    if (auto masks = trick_reads(v_, *v_.scoring, st.bids)) {
      a.known = true;
      a.masks = std::move(*masks);
    }
  const std::lock_guard<std::mutex> lock(reads_mutex_);
  if (reads_.size() < 4096) reads_.emplace(key, a);
  return a;
}

const bot_detail::calibrated& bot_calibration::get() const {
  std::call_once(once_, [this] {
    auto kept = std::make_unique<bot_detail::calibrated>();
    if (store_ && store_->load(v_, *kept)) {
      cal_ = std::move(kept);
      return;
    }
    cal_ = std::make_unique<bot_detail::calibrated>(bot_detail::calibrate(v_));
    if (store_) store_->save(v_, *cal_);
  });
  return *cal_;
}

double estimate_tricks(const game_state& st, int seat, const bot_context& cx) {
  return bot_detail::estimate_of(cx.calibration(), *st.v, st.hands[seat], value_hand(*st.v, st.hands[seat], seat));
}

}  // namespace spades
