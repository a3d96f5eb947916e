// libFuzzer target: the runtime driven by fuzzed choices in the shipped rulesets, loaded once.
// Input: a byte picking the ruleset (rulesets/*.spades), four bytes of seed, a byte of flags (bit 0: once the
// choices run out, play on at random to the end of the next hand rather than of the hand under way; the high four
// bits: 16 times that many random decisions before the input's first, so that a short input starts late in a hand
// or a few hands in), a byte giving how many options are set (0 to 3) and a pair of bytes for each (which option,
// which of its values), then the choices, one a byte: below 0xee, the legal move that many places round the legal
// list; 0xee and the next byte: that seat looks at its cards; 0xef and above, with the next two bytes: a move of any
// shape (kind, value, number), often illegal. At most 32 decisions are the input's and bytes past the 256th are not
// read. Properties checked at each of the input's decisions: a move is refused with a reason exactly when it is not
// among the legal ones, and a legal one applies; no seat's view shows a card another seat holds unseen (nor its own
// hand at a blind decision it has not looked for). At every decision, the input's or random: each hand ends within
// a bound of moves and the game within the hand limit; every hand's scores are what the pure scoring function gives
// for its facts. The only error allowed is a rule_error naming its source position (a formula that overflows).
// Each input is cheap: nothing is loaded per input, the views (dear under the sanitizers: a copy of the hand's
// tricks per seat) are checked only at the input's own few decisions, and the random decisions around them are
// the engine's random moves alone.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "fuzz/fuzz_rulesets.hpp"
#include "runtime/loop.hpp"
#include "runtime/scoring.hpp"
#include "runtime/view.hpp"

namespace {

using namespace spades;

constexpr uint8_t look_byte = 0xee;     // and above it, a move of any shape
constexpr long moves_per_deal = 4000;   // far above any shipped ruleset's hand (a pass, bids, calls, tricks)
constexpr int skip_unit = 16;           // random decisions per step of the flags' high four bits
constexpr size_t max_read = 256;        // bytes read from an input; the rest changes nothing
// The input's decisions, each checked with every seat's view: twice the skip's step, so that the windows the
// skips open overlap and every decision of the first hands can be one of the input's.
constexpr int max_choices = 2 * skip_unit;

// The options a game may set without loading the variant again (not those a setting names), each with its values.
struct settable {
  int option;
  std::vector<int64_t> values;
};
std::vector<settable> settable_options(const variant& v) {
  std::vector<settable> out;
  for (size_t o = 0; o < v.option_specs.size(); ++o)
    if (!v.option_specs[o].in_settings) {
      std::vector<int64_t> values = v.option_specs[o].values();
      if (!values.empty()) out.push_back({(int)o, std::move(values)});
    }
  return out;
}

struct loaded {
  const fuzzing::fuzz_ruleset* rs;
  std::vector<settable> options;
};
const std::vector<loaded>& rulesets() {
  static const std::vector<fuzzing::fuzz_ruleset> files = fuzzing::load_rulesets(FUZZ_RULESETS);
  static const std::vector<loaded> all = [] {
    std::vector<loaded> out;
    for (const auto& rs : files) out.push_back({&rs, settable_options(*rs.v)});
    return out;
  }();
  return all;
}

// A move of the kind, value and number the bytes say, in the ranges around the variant's own.
move shaped_move(const variant& v, uint8_t kind, uint8_t a, uint8_t b) {
  switch (kind % 5) {
    case 0: return move::make_bid(a % ((int)v.bids.size() + 2) - 1, (int8_t)b);
    case 1: return move::make_card(a % ((int)v.cards.size() + 4) - 2);
    case 2: return move::make_call(a % ((int)v.calls.size() + 3) - 2);
    case 3: return move::make_choice(a % 5 - 1);
    default: return move::make_raise((int8_t)a);
  }
}

bool among(const move_list& ms, int n, const move& m) { return std::find(ms.begin(), ms.begin() + n, m) != ms.begin() + n; }

// Every card of `seat`'s view that another seat holds unseen must be one the seat gave it; its own hand is
// hidden at a blind decision it has not looked for; a dummy's cards are shown only once it is exposed.
void check_view(const game_state& st, int seat, const table_memory& memory) {
  const seat_view w = view_of(st, seat, memory);
  card_set shown = w.hand_cards | w.received | w.dummy_cards;
  if (w.drawn >= 0) shown.add(w.drawn);
  for (const trick_seen& t : w.tricks)
    for (const auto& [s, c] : t.cards) {
      (void)s;
      shown.add(c);
    }
  card_set unseen;
  for (int o = 0; o < st.v->seats; ++o)
    if (o != seat && !st.exposed(o)) unseen |= st.hands[o];
  if (!(shown & unseen & ~w.given).empty()) __builtin_trap();
  if (!(w.hand_cards & ~st.hands[seat]).empty()) __builtin_trap();
  if (w.dummy >= 0 && !st.exposed(w.dummy)) __builtin_trap();
  const bool deciding = st.ph != phase::deal && st.ph != phase::over && !st.team_decides() && st.acting_seat() == seat;
  if (deciding && !st.has_looked(seat) && st.blind_decision() && !w.hand_cards.empty()) __builtin_trap();
}

// The game's own observer: the table's memory for the views, the scores before each card of the play (the
// last one's are the hand's "before"), the moves since the deal and the hand limit.
struct checks : observer {
  const variant& v;
  table_memory memory;
  std::array<int64_t, max_teams> score_before{};
  team_counters counters_before{};
  team_tallies tallies_before{};
  long since_deal = 0;
  int hands_before = 0;
  bool playing = false;
  explicit checks(const variant& rules) : v(rules) {}
  void dealt(const game_state& st) {
    memory.dealt(st);
    since_deal = 0;
  }
  void moving(const game_state& st, const move& m) {
    memory.moving(st, m);
    if (++since_deal > moves_per_deal) __builtin_trap();  // a hand that never ends
    hands_before = st.hands_played;
    playing = st.ph == phase::play;
    if (!playing) return;
    score_before = st.score;
    counters_before = st.counters;
    tallies_before = st.tallies;
  }
  void moved(const game_state& st, const move& m) {
    memory.moved(st, m);
    if (st.hands_played != hands_before && playing) check_scoring(st);
  }
  bool hand_scored(const game_state& st) {
    if (st.hands_played > v.max_hands) __builtin_trap();  // the hand limit must stop every game
    return true;
  }
  // The hand just scored in place is what the scoring function gives for its facts and the game before it.
  void check_scoring(const game_state& st) const {
    hand_facts f = facts_of(st);
    f.score = &score_before;
    f.counters = &counters_before;
    f.tallies = &tallies_before;
    const hand_result r = score(v, f);
    for (int t = 0; t < v.teams; ++t) {
      if (r.points[t] != st.hand_points[t] || st.score[t] != score_before[t] + r.points[t]) __builtin_trap();
      for (size_t c = 0; c < v.counters.size(); ++c)
        if (r.counters[t][c] != st.counters[t][c]) __builtin_trap();
      for (size_t c = 0; c < v.tallies.size(); ++c)
        if (r.tallies[t][c] != st.tallies[t][c]) __builtin_trap();
    }
  }
};

// The input's choices, read as the game asks for them. Looking changes the state between two decisions, as a
// table does when a person looks: the chooser holds the game it is asked about for that alone.
struct chooser {
  game_state& live;
  const checks& watch;
  const uint8_t* data;
  size_t size, at;
  bool more_hands;
  int skip;                // random decisions still to make before the input's first
  int choices = 0;         // the input's decisions so far
  int spent_at_hand = -1;  // the hands played when the choices ran out
  random_chooser random{};

  bool operator()(const game_state& st, rng& r, move& out) {
    if (skip > 0) {
      --skip;
      return random(st, r, out);
    }
    if (spent_at_hand < 0 && choices == max_choices) spent_at_hand = st.hands_played;
    // the choices spent: random moves to the end of the hand under way, or of the next
    if (spent_at_hand >= 0) return st.hands_played <= spent_at_hand + (more_hands ? 1 : 0) && random(st, r, out);
    ++choices;
    for (int s = 0; s < st.v->seats; ++s) check_view(st, s, watch.memory);
    move_list ms;
    int n = st.legal_moves(ms);
    if (n <= 0) {
      if (st.has_legal_move()) __builtin_trap();  // the two answers to "is there a move?" must agree
      return false;  // a dead end: the loop reports it
    }
    for (int i = 0; i < n; ++i)
      if (!st.why_illegal(ms[i]).empty()) __builtin_trap();
    while (at < size) {
      const uint8_t b = data[at++];
      if (b < look_byte) {
        out = ms[b % n];
        return true;
      }
      if (b == look_byte) {
        if (at < size) {
          const int seat = data[at++] % st.v->seats;
          if (st.may_look(seat)) live.look(seat);  // a look the rules allow (never one that leaves no move)
        }
        n = st.legal_moves(ms);  // a look takes the blind moves away from the seat that looked
        if (n <= 0) __builtin_trap();
        continue;
      }
      if (at + 2 > size) break;
      const move m = shaped_move(*st.v, b, data[at], data[at + 1]);
      at += 2;
      // refused with a reason exactly when it is not a legal move; a legal one is applied
      const bool refused = !st.why_illegal(m).empty();
      if (refused == among(ms, n, m)) __builtin_trap();
      if (!refused) {
        out = m;
        return true;
      }
    }
    spent_at_hand = st.hands_played;  // the input ended inside this decision
    return random(st, r, out);
  }
};

}  // namespace

int spades_fuzz_runtime(const uint8_t* data, size_t size) {
  const std::vector<loaded>& all = rulesets();
  if (size < 7 || all.empty()) return 0;
  const loaded& rs = all[data[0] % all.size()];
  const variant& v = *rs.rs->v;
  uint32_t seed = 0;
  for (size_t i = 1; i < 5; ++i) seed = seed * 256 + data[i];
  const bool more_hands = data[5] & 1;
  const int skip = (data[5] >> 4) * skip_unit;
  size = std::min(size, max_read);
  size_t at = 7;
  game_state st;
  st.new_game(v, (int)(seed % (uint32_t)v.seats));
  for (int k = 0; k < data[6] % 4 && at + 2 <= size && !rs.options.empty(); ++k, at += 2) {
    const settable& o = rs.options[data[at] % rs.options.size()];
    st.options[o.option] = o.values[data[at + 1] % o.values.size()];
  }
  rng r(seed);
  checks watch(v);
  chooser choose{st, watch, data, size, at, more_hands, skip};
  try {
    spades::run_game(st, r, choose, watch);
  } catch (const rule_error& e) {
    if (std::strstr(e.what(), ": error: ") == nullptr) __builtin_trap();
    // no legal bid: rules whose every bid condition fails (an option's value can make them so), reported as a
    // rule error. Any other decision always has a move (a card in hand, or `no` for calls).
    if (st.ph != phase::bid && st.ph != phase::over && !st.has_legal_move()) __builtin_trap();
  }
  return 0;
}

#ifndef SPADES_FUZZ_NO_MAIN
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return spades_fuzz_runtime(data, size); }
// Loads every ruleset once before the first input, so that this start-up (seconds under the sanitizers on a
// busy machine) is not counted against the first input's time limit: libFuzzer reported it as a timeout.
extern "C" int LLVMFuzzerInitialize(int*, char***) { return spades_fuzz_runtime(nullptr, 0); }
#endif
