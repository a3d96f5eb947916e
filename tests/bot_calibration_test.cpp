// The rule-following bot's calibration from hands of the variant played out by the bots: where the variant's
// play makes value_hand's guesses miss, what it learned says better, on deals the calibration never saw.
#include <algorithm>
#include <cmath>

#include <catch2/catch.hpp>

#include "bots/bid.hpp"
#include "bots/bot.hpp"
#include "bots/outcome.hpp"
#include "bots/value.hpp"
#include "tests/test_util.hpp"

using namespace spades;
using namespace spades::testing;

namespace {

// Deal `d` of a run of fresh deals from `r`, its dealer in turn.
game_state fresh_deal(const variant& v, rng& r, int d) {
  game_state st;
  st.new_game(v, d % v.seats);
  st.deal(r);
  return st;
}

// The first bid among `ms` of one fixed number, made blind or not as `blind` says (a nil, a blind nil), or -1.
int nil_bid(const variant& v, const move* ms, int n, bool blind = false) {
  for (int i = 0; i < n; ++i)
    if (ms[i].type == move::bid && v.bids[ms[i].a].lo == v.bids[ms[i].a].hi && v.bids[ms[i].a].blind == blind) return i;
  return -1;
}

// `cx`'s calibration with no correction of bids to take nothing
bot_context uncorrected(const variant& v, const bot_context& cx) {
  bot_detail::calibrated c = cx.calibration();
  c.zero_bias = 0;
  return bot_context(std::make_shared<const bot_calibration>(v, c));
}

}  // namespace

TEST_CASE("bot: where the variant's play rules make value_hand's estimate miss, the estimate learned from its own play is used") {
  // Lowball, Highball and Spades for Two: the table learned from hands played out under the variant's rules is
  // on; standard and bux, where value_hand's estimate does as well, it is off and the estimate is value_hand's.
  for (const char* name : {"standard", "bux"}) {
    auto v = load_ruleset(name);
    bot_context cx(*v);
    INFO(name);
    CHECK_FALSE(cx.calibration().learned.on);
  }
  for (const char* name : {"bux-lowball", "bux-highball", "two"}) {
    INFO(name);
    auto v = load_ruleset(name);
    bot_context cx(*v);
    const bot_detail::calibrated& cal = cx.calibration();
    REQUIRE(cal.learned.on);
    // on deals the calibration never saw, hands bid and played by the bots: the estimate each seat bid on
    // misses the tricks it took by less than value_hand's, where the seat and its partner bid a number
    rng r(2024);
    double learned = 0, valued = 0;
    int seats = 0;
    for (int d = 0; d < 120; ++d) {
      game_state st = fresh_deal(*v, r, d);
      std::array<double, max_seats> a{}, b{};
      bool looked = false;
      for (int guard = 0; guard < 1000 && st.hands_played == 0 && st.ph != phase::over; ++guard) {
        if (st.ph == phase::bid && !looked) {
          looked = true;
          for (int s = 0; s < v->seats; ++s) {
            a[s] = estimate_tricks(st, s, cx);
            b[s] = bot_detail::tricks_of(cal, value_hand(*v, st.hands[s], s));
          }
        }
        st.apply(bot_move(st, r, cx));
      }
      REQUIRE(st.hands_played == 1);
      for (int s = 0; s < v->seats; ++s) {
        auto number = [&](int x) { return x < 0 || (st.bids[x].kind >= 0 && v->bids[st.bids[x].kind].lo < v->bids[st.bids[x].kind].hi); };
        if (!number(s) || !number(v->partner[s])) continue;
        learned += (a[s] - st.tricks_won[s]) * (a[s] - st.tricks_won[s]);
        valued += (b[s] - st.tricks_won[s]) * (b[s] - st.tricks_won[s]);
        ++seats;
      }
    }
    REQUIRE(seats > 200);
    CHECK(std::sqrt(learned / seats) < 0.95 * std::sqrt(valued / seats));
  }
}

TEST_CASE("bot: a nil's chance is learned from nils of the variant played out, where that tells better which are made") {
  // The learned nil_table is on in standard, Screamer and Lowball (it says which played-out nils were made
  // better than the danger's curve); off where there is no nil to learn from (Spades for Two bids none).
  for (const char* name : {"standard", "bux-screamer", "bux-lowball"}) {
    auto v = load_ruleset(name);
    bot_context cx(*v);
    INFO(name);
    CHECK(cx.calibration().nils.on);
  }
  {
    auto v = load_ruleset("two");
    bot_context cx(*v);
    CHECK_FALSE(cx.calibration().nils.on);
  }
  // On deals the calibration never saw, the seat least in danger by value_hand bids nil and the bots bid and
  // play the rest: the learned chance says whether the nil was made with less log-loss than the danger's curve
  // (nils the learned chance itself chose would favour the curve: a chooser's picks are those it overrates)
  for (const char* name : {"standard", "bux-screamer", "bux-highball"}) {
    INFO(name);
    auto v = load_ruleset(name);
    bot_context cx(*v);
    const bot_detail::calibrated& cal = cx.calibration();
    rng r(2025);
    double learned = 0, curve = 0;
    int nils = 0;
    auto loss = [](double p, bool made) { return made ? -std::log(std::max(p, 1e-3)) : -std::log(std::max(1 - p, 1e-3)); };
    for (int d = 0; d < 300; ++d) {
      game_state st = fresh_deal(*v, r, d);
      int seat = -1;
      double least = 0;
      for (int s = 0; s < v->seats; ++s) {
        const double danger = value_hand(*v, st.hands[s], s).danger;
        if (seat < 0 || danger < least) {
          seat = s;
          least = danger;
        }
      }
      const hand_value hv = value_hand(*v, st.hands[seat], seat);
      const double p = bot_detail::zero_chance(cal, *v, st.hands[seat], hv), q = bot_detail::zero_chance(hv, cal.zero_scale);
      bool nil = false;
      for (int guard = 0; guard < 1000 && st.hands_played == 0 && st.ph != phase::over; ++guard) {
        move m = bot_move(st, r, cx);
        if (st.ph == phase::bid && st.acting_seat() == seat) {
          move ms[max_moves];
          const int n = st.legal_moves(ms);
          for (int i = 0; i < n; ++i)
            if (ms[i].type == move::bid && v->bids[ms[i].a].lo == 0 && v->bids[ms[i].a].hi == 0 && !v->bids[ms[i].a].blind) m = ms[i];
          nil = m.type == move::bid && v->bids[m.a].hi == 0 && !v->bids[m.a].blind;
        }
        st.apply(m);
      }
      REQUIRE(st.hands_played == 1);
      if (!nil) continue;
      learned += loss(p, st.tricks_won[seat] == 0);
      curve += loss(q, st.tricks_won[seat] == 0);
      ++nils;
    }
    REQUIRE(nils >= 200);
    CHECK(learned < curve);
  }
}


TEST_CASE("bot: what bids to take nothing scored in hands played out corrects what they are reckoned worth") {
  // Learned from the variant's own play: standard's and Screamer's nils scored more than the bot reckoned
  // them worth (negative), Lowball's a little less; no nil, nothing learned.
  auto standard = load_ruleset("standard");
  bot_context cx(*standard);
  const double bias = cx.calibration().zero_bias;
  CHECK(bias < -0.15);
  {
    auto v = load_ruleset("bux-screamer");
    CHECK(bot_context(*v).calibration().zero_bias < -0.15);
  }
  {
    auto v = load_ruleset("bux-lowball");
    const double b = bot_context(*v).calibration().zero_bias;
    CHECK(b > 0);
    CHECK(b < 0.15);
  }
  {
    auto v = load_ruleset("two");
    CHECK(bot_context(*v).calibration().zero_bias == 0);
  }
  // Exactly: a nil is worth what it was reckoned worth less the bias times what it stands to lose; a number
  // bid of a side where nobody plays to take nothing is worth the same.
  bot_context plain = uncorrected(*standard, cx);
  rng r(7);
  int nils = 0, numbers = 0;
  for (int d = 0; d < 20; ++d) {
    game_state st = fresh_deal(*standard, r, d);
    move ms[max_moves];
    const int n = st.legal_moves(ms);
    const int nil = nil_bid(*standard, ms, n);
    REQUIRE(nil >= 0);
    double u = 0, stake = 0, u0 = 0, stake0 = 0;
    REQUIRE(bot_detail::bid_value(cx, st, ms[nil], u, stake));
    REQUIRE(bot_detail::bid_value(plain, st, ms[nil], u0, stake0));
    CHECK(stake == Approx(stake0));
    if (stake > 0) {
      CHECK(u == Approx(u0 - bias * stake));
      ++nils;
    }
    int number = -1;
    for (int i = 0; i < n && number < 0; ++i)
      if (ms[i].type == move::bid && standard->bids[ms[i].a].lo < standard->bids[ms[i].a].hi) number = ms[i].a;
    REQUIRE(number >= 0);
    const move three = move::make_bid(number, 3);
    REQUIRE(st.why_illegal(three).empty());
    REQUIRE(bot_detail::bid_value(cx, st, three, u, stake));
    REQUIRE(bot_detail::bid_value(plain, st, three, u0, stake0));
    if (stake0 == 0) {
      CHECK(u == u0);
      ++numbers;
    }
  }
  CHECK(nils == 20);
  CHECK(numbers >= 10);
}

TEST_CASE("bot: on deals the calibration never saw, the corrected reckoning of a nil misses what its hand scored by less") {
  // As learn_zero_bias plays them, on other deals: the seat of best chance, at least even, bids nil, the bots
  // the rest. Summed over the hands, the nil's value as the bot reckons it misses the side's points by less
  // with the learned correction than without.
  for (const char* name : {"standard", "bux-screamer", "bux-highball"}) {
    INFO(name);
    auto v = load_ruleset(name);
    bot_context cx(*v);
    const bot_detail::calibrated& cal = cx.calibration();
    rng r(2026);
    double corrected = 0, raw = 0;
    int hands = 0;
    for (int d = 0; d < 3000 && hands < 200; ++d) {
      game_state st = fresh_deal(*v, r, d);
      int seat = -1;
      double best = 0.5;
      for (int s = 0; s < v->seats; ++s) {
        const double p = bot_detail::zero_chance(cal, *v, st.hands[s], value_hand(*v, st.hands[s], s));
        if (p >= best) {
          best = p;
          seat = s;
        }
      }
      if (seat < 0) continue;
      double u = 0, stake = 0;
      bool bid = false;
      for (int guard = 0; guard < 1000 && !st.hand_scored && st.ph != phase::over; ++guard) {
        if (st.ph == phase::bid && st.acting_seat() == seat && !bid) {
          move ms[max_moves];
          const int pick = nil_bid(*v, ms, st.legal_moves(ms));
          REQUIRE(pick >= 0);
          REQUIRE(bot_detail::bid_value(cx, st, ms[pick], u, stake));
          bid = true;
          st.apply(ms[pick]);
          continue;
        }
        st.apply(bot_move(st, r, cx));
      }
      REQUIRE(st.hand_scored);
      if (stake <= 0) continue;
      const double points = (double)st.hand_points[v->team_of[seat]];
      corrected += u - points;
      raw += u + cal.zero_bias * stake - points;
      ++hands;
    }
    REQUIRE(hands == 200);
    CHECK(std::abs(corrected) < std::abs(raw));
  }
}

TEST_CASE("bot: with standard's correction the bot bids nil on hands it bid a number with before, never the reverse") {
  // Standard's nils scored more than reckoned (a negative bias): where the corrected and the uncorrected bot
  // bid differently as the first bidder, the corrected one bids nil.
  auto v = load_ruleset("standard");
  bot_context cx(*v);
  REQUIRE(cx.calibration().zero_bias < 0);
  bot_context plain = uncorrected(*v, cx);
  rng r(11);
  int differ = 0;
  for (int d = 0; d < 600; ++d) {
    game_state st = fresh_deal(*v, r, d);
    const move a = bot_move(st, r, cx), b = bot_move(st, r, plain);
    if (a == b) continue;
    INFO("deal " << d);
    CHECK(v->bids[a.a].hi == 0);
    CHECK(v->bids[b.a].hi > 0);
    ++differ;
  }
  CHECK(differ >= 10);
}

namespace {

// `cx`'s calibration with no shift of a blind nil's chances
bot_context unshifted(const variant& v, const bot_context& cx) {
  bot_detail::calibrated c = cx.calibration();
  c.blind_shift = 0;
  return bot_context(std::make_shared<const bot_calibration>(v, c));
}

// Games of the bots from `seed`: every state in which the seat to bid may bid a blind nil, up to `most`.
std::vector<game_state> blind_chances(const variant& v, bot_context& cx, uint64_t seed, size_t most) {
  std::vector<game_state> found;
  rng r(seed);
  for (int g = 0; g < 100 && found.size() < most; ++g) {
    game_state st;
    st.new_game(v, g % v.seats);
    for (int guard = 0; guard < 20000 && st.ph != phase::over && found.size() < most; ++guard) {
      if (st.ph == phase::deal) {
        st.deal(r);
        continue;
      }
      move ms[max_moves];
      if (st.ph == phase::bid && nil_bid(v, ms, st.legal_moves(ms), true) >= 0) found.push_back(st);
      st.apply(bot_move(st, r, cx));
    }
  }
  return found;
}

}  // namespace

TEST_CASE("bot: how often a blind nil passing cards is made is learned from blind nils of the variant played out") {
  // Standard's blind nils, their exchange taken, were made more often than the bands' chances after passing
  // say (a positive shift of their log-odds). German's Double Zero passes no card: nothing is learned, nor
  // where no blind nil is offered.
  auto standard = load_ruleset("standard");
  bot_context cx(*standard);
  const bot_detail::calibrated& cal = cx.calibration();
  CHECK(cal.blind_shift > 0.5);
  CHECK(cal.blind_shift < 1.5);
  for (const char* name : {"german", "bux-lowball", "two"}) {
    INFO(name);
    auto v = load_ruleset(name);
    CHECK(bot_context(*v).calibration().blind_shift == 0);
  }
  // Exactly: a blind decision's band keeps its chance of taking none without passing, and shifts the
  // log-odds of each after passing by the learned shift.
  auto logit = [](double p) { return std::log(p / (1 - p)); };
  for (int k = 0; k < bot_detail::unseen_bands; ++k) {
    const bot_detail::unseen_hand b = bot_detail::blind_band(cal, k);
    CHECK(b.p0 == cal.bands[k].p0);
    CHECK(b.p0_passed[0] == cal.bands[k].p0_passed[0]);
    CHECK(b.mu == cal.bands[k].mu);
    for (int j = 1; j <= bot_detail::max_passed; ++j) CHECK(logit(b.p0_passed[j]) == Approx(logit(cal.bands[k].p0_passed[j]) + cal.blind_shift));
  }
  // On games the calibration never saw: a blind nil bid wherever one is open, the hand played out by the
  // bots. Of those the partner covers (not playing to take nothing itself), the shifted chances say how many
  // are made, the unshifted ones far fewer.
  std::vector<game_state> chances = blind_chances(*standard, cx, 2026, 200);
  REQUIRE(chances.size() == 200);
  rng r(5);
  double made = 0, shifted = 0, plain = 0;
  int bids = 0;
  for (const game_state& at : chances) {
    game_state st = at;
    const int seat = st.acting_seat(), hand = st.hands_played;
    const card_set dealt = st.hands[seat];
    move ms[max_moves];
    st.apply(ms[nil_bid(*standard, ms, st.legal_moves(ms), true)]);
    int passed = -1;
    bool covered = false;
    for (int guard = 0; guard < 1000 && st.hands_played == hand; ++guard) {
      if (st.ph == phase::play && passed < 0) {
        passed = std::min(bot_detail::max_passed, (dealt & ~st.hands[seat]).count());
        covered = !bot_detail::bid_zero(cx, st, standard->partner[seat]);
      }
      st.apply(bot_move(st, r, cx));
    }
    REQUIRE(st.hands_played == hand + 1);
    if (passed <= 0 || !covered) continue;

    ++bids;
    made += st.tricks_won[seat] == 0;
    for (int k = 0; k < bot_detail::unseen_bands; ++k) {
      shifted += bot_detail::blind_band(cal, k).p0_passed[passed] / bot_detail::unseen_bands;
      plain += cal.bands[k].p0_passed[passed] / bot_detail::unseen_bands;
    }
  }
  REQUIRE(bids >= 80);
  INFO("made " << made / bids << ", shifted " << shifted / bids << ", unshifted " << plain / bids);
  CHECK(std::abs(shifted - made) / bids < 0.05);
  CHECK((made - plain) / bids > 0.1);
}

TEST_CASE("bot: with standard's shift the bot bids blind nil where it looked at its cards before, never the reverse") {
  auto v = load_ruleset("standard");
  bot_context cx(*v);
  REQUIRE(cx.calibration().blind_shift > 0);
  bot_context plain = unshifted(*v, cx);
  const std::vector<game_state> chances = blind_chances(*v, cx, 11, 300);
  REQUIRE(chances.size() == 300);
  rng r(3);
  int blind = 0, both = 0;
  for (size_t i = 0; i < chances.size(); ++i) {
    const move a = bot_move(chances[i], r, cx), b = bot_move(chances[i], r, plain);
    const bool a_blind = v->bids[a.a].blind, b_blind = v->bids[b.a].blind;
    INFO("chance " << i);
    CHECK((a_blind || !b_blind));
    blind += a_blind && !b_blind;
    both += a_blind && b_blind;
  }
  CHECK(blind >= 50);
  CHECK(both >= 1);
}
