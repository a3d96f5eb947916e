// Scoring as a function (runtime/scoring.hpp): a guessed outcome scored apart from the state (guess_hand,
// score, verdict_after) gives what a copy of the state with the guess written into it and scored in place
// gives, points, counters, tallies, the game's end and its errors alike, in every ruleset and feature file;
// and scoring writes nothing but its result.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>

#include <fmt/format.h>

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

}  // namespace

TEST_CASE("scoring: a guessed outcome scored apart from the state is what scoring it in a copy gives, in every ruleset") {
  int compared = 0;
  for (const char* dir : {"rulesets", "tests/features"})
    for (const auto& file : std::filesystem::directory_iterator(source_path(dir))) {
      if (file.path().extension() != ".spades") continue;
      INFO(file.path().string());
      lang::sources src;
      auto v = lang::load_variant(src, file.path().string());
      if (v->tricks_per_hand > max_tricks) continue;
      rng r(7);
      game_state st;
      st.new_game(*v, 0);
      for (int decision = 0; decision < 600 && st.ph != phase::over; ++decision) {
        if (st.ph == phase::deal) { st.deal(r); continue; }
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
        move_list ms;
        const int n = st.legal_moves(ms);
        if (n == 0) break;
        try {
          st.apply(ms[r.below((uint32_t)n)]);
        } catch (const rule_error&) {
          break;  // a variant whose scoring fails: the comparison above has seen its error
        }
      }
    }
  CHECK(compared > 1000);
}
