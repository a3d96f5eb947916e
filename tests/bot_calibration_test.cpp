// The rule-following bot's calibration from hands of the variant played out by the bots: where the variant's
// play makes value_hand's guesses miss, what it learned says better, on deals the calibration never saw.
#include <algorithm>
#include <cmath>

#include <catch2/catch.hpp>

#include "bots/bot.hpp"
#include "bots/value.hpp"
#include "tests/test_util.hpp"

using namespace spades;
using namespace spades::testing;

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
      game_state st;
      st.new_game(*v, d % v->seats);
      st.deal(r);
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
      game_state st;
      st.new_game(*v, d % v->seats);
      st.deal(r);
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
