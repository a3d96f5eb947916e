// Scoring as a function (runtime/scoring.hpp): a guessed outcome scored apart from the state (guess_hand,
// score, verdict_after) gives what a copy of the state with the guess written into it and scored in place
// gives, points, counters, tallies, the game's end and its errors alike, in every ruleset and feature file;
// and scoring writes nothing but its result.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>

#include <fmt/format.h>

#include "runtime/score_code.hpp"
#include "runtime/scoring.hpp"
#include "tests/test_util.hpp"

using namespace spades;
using namespace spades::testing;

namespace {

// The outcome in words: each team's points, counters, tallies, and the game's end; or the error.
std::string outcome(const variant& v, const std::array<int64_t, max_teams>& points, const team_counters& counters,
                    const team_tallies& tallies, game_end end, int winner) {
  std::string out;
  for (int t = 0; t < v.teams; ++t) {
    out += fmt::format("team {}: {:+}", t, points[t]);
    for (size_t k = 0; k < v.counters.size(); ++k) out += fmt::format(" c{}={}", k, counters[t][k]);
    for (size_t k = 0; k < v.tallies.size(); ++k) out += fmt::format(" t{}={}", k, tallies[t][k]);
    out += "; ";
  }
  return out + fmt::format("end {} winner {}", (int)end, end == game_end::none ? -1 : winner);
}

// The guess written into a copy of the state through its public members, as the bots once did it
// (game_state::guess_tricks, now gone): each seat brings home the cards it holds besides those it has won,
// a trick not yet played was won by no known card, the tricks are recorded as record_tricks records them
// but the cards of the tricks played stay known (record_tricks forgets them), nothing is held any more;
// then the hand is scored in place (score_hand, which folds the dummy into its controller).
void guess_into(game_state& c, const std::array<int, max_seats>& won, const int8_t* order) {
  const variant& v = *c.v;
  for (int s = 0; s < v.seats; ++s) c.won_cards[s] |= c.hands[s];
  for (int i = c.trick; i < max_tricks; ++i) c.trick_win_card[i] = -1;
  c.tricks_won = won;
  c.trick = v.tricks_per_hand;
  c.played = 0;
  const int n = std::min(v.tricks_per_hand, max_tricks);
  for (int i = 0; i < n; ++i) c.trick_winner[i] = order[i];
  c.last_trick_winner = n > 0 ? order[n - 1] : -1;
  c.hands = {};
  c.score_hand();
}

// A copy of the state, its counter `bump` (team, counter) raised by 100, with the guess written into it
// and scored in place.
std::string by_copy(const game_state& st, const std::array<int, max_seats>& won, const int8_t* order, std::pair<int, int> bump) {
  try {
    game_state c = st;
    if (bump.first >= 0) c.counters[bump.first][bump.second] += 100;
    guess_into(c, won, order);
    return outcome(*st.v, c.hand_points, c.counters, c.tallies, c.ph == phase::over ? c.end : game_end::none, c.winner);
  } catch (const rule_error& e) {
    return std::string("error: ") + e.what();
  }
}

// The same without a copy: the guessed facts scored, under other counters when bumped.
std::string by_function(const game_state& st, const std::array<int, max_seats>& won, const int8_t* order, std::pair<int, int> bump) {
  try {
    const variant& v = *st.v;
    const guessed_hand g = guess_hand(st, won, order);
    hand_facts f = g.facts();
    team_counters bumped = st.counters;
    if (bump.first >= 0) {
      bumped[bump.first][bump.second] += 100;
      f.counters = &bumped;
    }
    const hand_result r = score(v, f);
    const game_verdict d = verdict_after(v, f, r);
    return outcome(v, r.points, r.counters, r.tallies, d.end, d.winner);
  } catch (const rule_error& e) {
    return std::string("error: ") + e.what();
  }
}

// One step of a seeded random game: the deal, or a random legal move; false when there is none or the
// rules fail on it (a variant whose scoring fails: the comparisons have seen its error).
bool random_step(game_state& st, rng& r) {
  if (st.ph == phase::deal) {
    st.deal(r);
    return true;
  }
  move_list ms;
  const int n = st.legal_moves(ms);
  if (n == 0) return false;
  try {
    st.apply(ms[r.below((uint32_t)n)]);
  } catch (const rule_error&) {
    return false;
  }
  return true;
}

// Calls `check` with every ruleset and feature file, loaded.
template <class F>
void each_variant_file(F check) {
  for (const char* dir : {"rulesets", "tests/features"})
    for (const auto& file : std::filesystem::directory_iterator(source_path(dir))) {
      if (file.path().extension() != ".spades") continue;
      INFO(file.path().string());
      lang::sources src;
      check(lang::load_variant(src, file.path().string()));
    }
}

}  // namespace

TEST_CASE("scoring: a guessed outcome scored apart from the state is what scoring it in a copy gives, in every ruleset") {
  int compared = 0;
  each_variant_file([&](const std::shared_ptr<const variant>& v) {
    if (v->tricks_per_hand > max_tricks) return;
    rng r(7);
    game_state st;
    st.new_game(*v, 0);
    for (int decision = 0; decision < 600 && st.ph != phase::over; ++decision) {
      if ((st.ph == phase::bid || st.ph == phase::play) && r.below(6) == 0) {
        // a guess: each trick to a random seat that is not the dummy
        std::array<int, max_seats> won{};
        std::array<int8_t, max_tricks> order{};
        for (int i = 0; i < v->tricks_per_hand; ++i) {
          int seat = (int)r.below((uint32_t)v->seats);
          if (seat == v->dummy) seat = (seat + 1) % v->seats;
          order[i] = (int8_t)seat;
          ++won[seat];
        }
        const std::pair<int, int> bump = v->counters.empty() ? std::pair{-1, 0} : std::pair{(int)r.below((uint32_t)v->teams), 0};
        const game_state before = st;
        CHECK(by_function(st, won, order.data(), {-1, 0}) == by_copy(st, won, order.data(), {-1, 0}));
        CHECK(by_function(st, won, order.data(), bump) == by_copy(st, won, order.data(), bump));
        // nothing written
        CHECK((before.score == st.score && before.counters == st.counters && before.tallies == st.tallies &&
               before.hand_points == st.hand_points && before.tricks_won == st.tricks_won && before.won_cards == st.won_cards &&
               before.hands == st.hands && before.ph == st.ph && before.won_flag == st.won_flag));
        ++compared;
      }
      if (!random_step(st, r)) break;
    }
  });
  CHECK(compared > 1000);
}

TEST_CASE("scoring: what the compiled scoring reads of the tricks, per bid kinds (trick_reads)") {
  auto v = load_ruleset("standard");
  REQUIRE(v->scoring);
  auto kind = [&](const char* name) {
    for (size_t k = 0; k < v->bids.size(); ++k)
      if (v->bids[k].name == name) return (int)k;
    return -1;
  };
  const int number = kind("number"), nil = kind("nil");
  REQUIRE((number >= 0 && nil >= 0));
  std::array<bid_made, max_seats> bids{};
  for (int s = 0; s < 4; ++s) bids[s] = {(int8_t)number, 3};
  // every bid a number: each side's tricks are read only as the side's sum (N+S, E+W)
  auto all_numbers = trick_reads(*v, *v->scoring, bids);
  REQUIRE(all_numbers);
  std::sort(all_numbers->begin(), all_numbers->end());
  CHECK(*all_numbers == std::vector<uint64_t>{0x5, 0xa});
  // N bids nil: N's own tricks are read too (the nil rule), and the side's tricks less N's
  bids[0] = {(int8_t)nil, 0};
  auto with_nil = trick_reads(*v, *v->scoring, bids);
  REQUIRE(with_nil);
  std::sort(with_nil->begin(), with_nil->end());
  CHECK(*with_nil == std::vector<uint64_t>{0x1, 0x4, 0x5, 0xa});
  // a formula the program leaves to the tree walk (a card function) may read anything
  bool left_to_tree = false;
  for (const auto& file : std::filesystem::directory_iterator(source_path("rulesets"))) {
    if (file.path().extension() != ".spades") continue;
    lang::sources src;
    auto w = lang::load_variant(src, file.path().string());
    if (!w->scoring || !w->uses_trick_cards) continue;
    std::array<bid_made, max_seats> none{};
    if (!trick_reads(*w, *w->scoring, none)) left_to_tree = true;
  }
  CHECK(left_to_tree);
}

namespace {

// Where trick_reads reads two seats only together, every split of their tricks keeping the sum scores the
// same: checked at the first card of each hand of a seeded random game of `v`, for every such pair, every
// sum and every split of it, the other seats' tricks drawn at random. Counts the pairs read together and
// apart.
void check_splits(const variant& v, uint64_t seed, int& pooled, int& apart) {
  rng r(seed);
  game_state st;
  st.new_game(v, 0);
  for (int decision = 0; decision < 900 && st.ph != phase::over; ++decision) {
    if (st.ph == phase::play && st.trick == 0 && st.played == 0) {
      const auto reads = trick_reads(v, *v.scoring, st.bids);
      for (int a = 0; reads && a < v.seats; ++a)
        for (int b = a + 1; b < v.seats; ++b) {
          bool together = true;
          for (uint64_t m : *reads) together &= ((m >> a) & 1) == ((m >> b) & 1);
          if (!together) {
            ++apart;
            continue;
          }
          for (int sum = 0; sum <= v.tricks_per_hand; ++sum) {
            std::array<int, max_seats> won{};
            int rest = v.tricks_per_hand - sum, last = -1;
            for (int s = 0; s < v.seats; ++s)
              if (s != a && s != b) {
                const int k = (int)r.below((uint32_t)rest + 1);
                won[s] = k;
                rest -= k;
                last = s;
              }
            if (last < 0 && rest > 0) continue;  // no other seat to take them
            if (last >= 0) won[last] += rest;
            std::string first;
            for (int x = 0; x <= sum; ++x) {
              std::array<int, max_seats> split = won;
              split[a] = x;
              split[b] = sum - x;
              std::array<int8_t, max_tricks> order{};
              int t = 0;
              for (int s = 0; s < v.seats; ++s)
                for (int k = 0; k < split[s] && t < max_tricks; ++k) order[t++] = (int8_t)s;
              std::string out;
              try {
                const guessed_hand g = guess_hand(st, split, order.data());
                const hand_result res = score(v, g.facts());
                out = outcome(v, res.points, res.counters, res.tallies, game_end::none, -1);
              } catch (const rule_error& e) {
                out = std::string("error: ") + e.what();
              }
              if (x == 0) first = out;
              CHECK(out == first);
            }
          }
          ++pooled;
        }
    }
    if (!random_step(st, r)) break;
  }
}

}  // namespace

TEST_CASE("scoring: where trick_reads reads two seats only together, every split of their tricks keeping the sum scores the same, in every ruleset") {
  int pooled = 0, apart = 0;
  each_variant_file([&](const std::shared_ptr<const variant>& v) {
    if (v->tricks_per_hand > max_tricks || !v->scoring || !v->scoring->compiled_for(*v) || v->uses_trick_order) return;
    check_splits(*v, 11, pooled, apart);
  });
  // both answers given, many times each
  CHECK(pooled > 200);
  CHECK(apart > 200);
}

TEST_CASE("scoring: trick_reads follows sums through lets, joins, differences and comparisons") {
  // each rule added to standard's, the masks read with four number bids (N E S W = 1 2 4 8), sorted
  struct variant_case {
    const char* rules;
    std::vector<uint64_t> masks;
  };
  const std::vector<variant_case> cases = {
      // a player's own tricks, scored: read alone
      {"rule own each player { points 10 * tricks }", {0x1, 0x2, 0x4, 0x5, 0x8, 0xa}},
      // the side's tricks through a let, a comparison and min: the side only
      {"rule capped each team { let t = tricks\n points min(t, 9) }", {0x5, 0xa}},
      // a let set on one path to the side's tricks and on the other to a bid's number: read where used
      {"rule either each team { let t = if bid > 3 then tricks else bid\n points t }", {0x5, 0xa}},
      // the side's tricks less a player's: what the rest of the side took, read as that
      {"rule rest each player { points 0 - tricks }", {0x1, 0x2, 0x4, 0x5, 0x8, 0xa}},
      // a sum kept but never used: nothing read for it
      {"rule unused each team { let t = tricks + 1\n points bid }", {0x5, 0xa}},
  };
  for (const variant_case& c : cases) {
    INFO(c.rules);
    auto v = load_text("reads", std::string("extends \"standard\"\nscoring {\n  ") + c.rules + "\n}\n");
    REQUIRE(v->scoring);
    std::array<bid_made, max_seats> bids{};
    for (int s = 0; s < 4; ++s) bids[s] = {0, 3};  // standard's first kind: a number
    auto masks = trick_reads(*v, *v->scoring, bids);
    REQUIRE(masks);
    std::sort(masks->begin(), masks->end());
    CHECK(*masks == c.masks);
    int pooled = 0, apart = 0;
    check_splits(*v, 3, pooled, apart);
    CHECK(pooled + apart > 0);
  }
}
