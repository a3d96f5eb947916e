// What the engine does to go faster must not change what it decides: a bid's condition split at compile
// time (what does not read the number, once per kind) offers exactly the bids the whole condition allows,
// and the calls found with their conditions' shared parts evaluated once are those each whole condition allows;
// formulas read the named parts of a rule in place and sum out of line, with the values and errors as before;
// compiled scoring scores every hand and raises every error as the tree walk does.
#include <algorithm>
#include <filesystem>
#include <string>

#include <fmt/format.h>

#include "runtime/loop.hpp"
#include "runtime/score_code.hpp"
#include "test_util.hpp"

using namespace spades;
using namespace spades::testing;

namespace {

int kind_named(const variant& v, const std::string& name) {
  for (size_t k = 0; k < v.bids.size(); ++k)
    if (v.bids[k].name == name) return (int)k;
  FAIL("no bid kind " << name);
  return -1;
}

// Every bid the rules allow, number by number, by asking why_illegal (which reads the whole condition).
std::vector<move> bids_by_whole_condition(const game_state& st) {
  std::vector<move> out;
  for (int k = 0; k < (int)st.v->bids.size(); ++k)
    for (int n = st.v->bids[k].lo; n <= st.v->bids[k].hi; ++n)
      if (st.why_illegal(move::make_bid(k, n)).empty()) out.push_back(move::make_bid(k, n));
  return out;
}

// Watches every bid decision of random playouts and compares legal_moves with the whole condition.
struct bid_checker : observer {
  long long hands = 0, decisions = 0, mismatches = 0;
  void moving(const game_state& st, const move&) {
    if (st.ph != phase::bid) return;
    move_list ms;
    std::vector<move> offered(ms.begin(), ms.begin() + st.legal_moves(ms));
    ++decisions;
    if (offered != bids_by_whole_condition(st)) ++mismatches;
  }
  bool hand_scored(const game_state&) { return ++hands < 40; }
};

}  // namespace

TEST_CASE("bid conditions: split where they start reading the number, parts written alike shared between kinds") {
  auto v = load_ruleset("highground");
  const bid_kind& team = v->bids[kind_named(*v, "team")];
  CHECK(team.when_split);
  CHECK(team.when_fixed.size() == 3);   // team_bids_made == 1, not partner_bid_is(go_blind), not blind_four
  CHECK(team.when_number.size() == 1);  // this_bid >= min_bid
  CHECK(v->bids[kind_named(*v, "naught")].when_fixed_slot == team.when_fixed_slot);
  CHECK(v->bids[kind_named(*v, "partner_naught")].when_fixed_slot == team.when_fixed_slot);
  const bid_kind& hint = v->bids[kind_named(*v, "hint")];
  CHECK(hint.when_fixed.size() == 2);
  CHECK(hint.when_number.empty());
  CHECK(hint.when_fixed_slot[0] != team.when_fixed_slot[0]);  // team_bids_made == 0, not == 1
  CHECK(hint.when_fixed_slot[1] == team.when_fixed_slot[2]);  // not blind_four
  const bid_kind& blind = v->bids[kind_named(*v, "blind_team")];
  CHECK(blind.when_fixed.size() == 2);   // the `if ... this_bid ...` part is per number
  CHECK(blind.when_number.size() == 1);
  CHECK(blind.when_fixed_slot[0] == team.when_fixed_slot[0]);  // team_bids_made == 1
  CHECK(blind.when_fixed_slot[1] != team.when_fixed_slot[1]);  // partner_bid_is(go_blind), not its `not`
  CHECK(v->bids[kind_named(*v, "blind_naught")].when_fixed_slot == blind.when_fixed_slot);
  CHECK(v->bids[kind_named(*v, "blind_partner_naught")].when_fixed_slot == blind.when_fixed_slot);
  std::vector<int8_t> slots;
  for (const bid_kind& k : v->bids)
    for (int8_t s : k.when_fixed_slot) {
      CHECK(s >= 0);
      CHECK(s < v->bid_fixed_parts);
      slots.push_back(s);
    }
  std::sort(slots.begin(), slots.end());
  CHECK(std::unique(slots.begin(), slots.end()) - slots.begin() == v->bid_fixed_parts);
}

TEST_CASE("bid conditions: a part that reads the number first leaves nothing to evaluate once") {
  auto v = load_text("split-first", R"(game "Split first"
extends "standard"
bidding {
  amend bid number {
    allow when this_bid >= 2 and behind >= 0 "at least 2"
  }
}
)");
  const bid_kind& number = v->bids[kind_named(*v, "number")];
  CHECK(number.when_fixed.empty());
  CHECK(number.when_number.size() == 2);  // evaluated in the written order, number by number
}

TEST_CASE("bid conditions: the number plus or minus a value, compared either way, as number by number") {
  // every form of comparison the bids' numbers are answered for at once, against the whole condition
  const char* conditions[] = {
      "bid + this_bid >= 4", "this_bid + bid < 6", "4 <= bid + this_bid", "this_bid - bid > 2", "10 - this_bid >= bid",
      "bid - this_bid != 1", "3 == this_bid - bid", "team_bids_made == 0 or 13 - bid - this_bid <= 5",
      "this_bid + 1000000000 * 1000000000 > 0", "bid - this_bid < -1000000000 * 1000000000",
      "this_bid + hand * 2 <= 7 and this_bid - 1 > bid"};
  for (const char* when : conditions) {
    auto v = load_text("forms", fmt::format(R"(game "Forms"
extends "standard"
bidding {{
  amend bid number {{
    allow when {} "as written"
  }}
}}
)", when));
    bid_checker check;
    rng r(5);
    game_state st;
    st.new_game(*v, 0);
    while (check.hands < 40 && run_game(st, r, random_chooser{}, check) == loop_end::over) st.new_game(*v, 1);
    INFO(when << ": " << check.decisions << " bid decisions");
    CHECK(check.decisions > 0);
    CHECK(check.mismatches == 0);
  }
}

TEST_CASE("bid conditions: legal_moves offers exactly the bids the whole condition allows, every ruleset") {
  for (const auto& f : std::filesystem::directory_iterator(source_path("rulesets"))) {
    if (f.path().extension() != ".spades") continue;
    const std::string id = f.path().stem().string();
    auto v = load_ruleset(id);
    bid_checker check;
    rng r(11);
    game_state st;
    st.new_game(*v, 0);
    while (check.hands < 40 && run_game(st, r, random_chooser{}, check) == loop_end::over) st.new_game(*v, 1);
    INFO(id << ": " << check.decisions << " bid decisions");
    CHECK(check.mismatches == 0);
  }
}

// The deal draws each card as its position is fixed, each hand in its words (one for a deck of at most 64
// cards, two past it); the plain shuffle-then-deal must give every seat the same cards from the same draws.
TEST_CASE("random playouts: the dealt hands as a plain shuffle deals them, every ruleset") {
  for (const auto& f : std::filesystem::directory_iterator(source_path("rulesets"))) {
    if (f.path().extension() != ".spades") continue;
    const std::string id = f.path().stem().string();
    auto v = load_ruleset(id);
    if (v->leftover == leftover_rule::stock) continue;
    for (int dealer = 0; dealer < v->seats; ++dealer) {
      if (dealer == v->dummy) continue;
      rng ra(7 + dealer), rb(7 + dealer);
      game_state st;
      st.new_game(*v, dealer);
      st.deal(ra);
      const int n = (int)v->cards.size(), seats = v->seats, dealt_n = v->deal_size * seats;
      std::vector<int> order(n);
      for (int i = 0; i < n; ++i) order[i] = i;
      for (int i = n - 1; i > 0; --i) std::swap(order[i], order[rb.below((uint32_t)(i + 1))]);
      std::array<card_set, max_seats> hands{};  // as dealt (a step after the deal may move the leftover cards)
      for (int k = 0; k < dealt_n; ++k) hands[(st.dealer + 1 + k) % seats].add(order[k]);
      INFO(id << ", dealer " << dealer);
      CHECK(st.dealt == hands);
      CHECK(ra.next() == rb.next());
    }
  }
}

// The playouts play a hand's cards in one call (a trick at a time under plain play rules); card by card,
// random_card then play_card, the same generator must play the same cards: the same state after every hand.
TEST_CASE("random playouts: a hand's cards played in one call as card by card, every ruleset") {
  for (const auto& f : std::filesystem::directory_iterator(source_path("rulesets"))) {
    if (f.path().extension() != ".spades") continue;
    const std::string id = f.path().stem().string();
    auto v = load_ruleset(id);
    rng ra(5), rb(5);
    game_state a, b;
    a.new_game(*v, 0);
    b.new_game(*v, 0);
    int hands = 0, differ = 0;
    while (hands < 200 && differ == 0) {
      if (a.ph == phase::over) {
        a.new_game(*v, 1);
        b.new_game(*v, 1);
      }
      if (a.ph == phase::deal) {
        a.deal(ra);
        b.deal(rb);
        continue;
      }
      if (a.ph == phase::play) {
        a.play_random_cards(ra);
        while (b.ph == phase::play) b.play_card(b.random_card(rb));
        ++hands;
      } else {
        a.apply(random_move(a, ra));
        b.apply(random_move(b, rb));
      }
      differ += !(a.ph == b.ph && a.score == b.score && a.counters == b.counters && a.tallies == b.tallies &&
                  a.hands == b.hands && a.tricks_won == b.tricks_won && a.trick_winner == b.trick_winner &&
                  a.trick_cards == b.trick_cards && a.broken == b.broken && a.trick == b.trick && a.turn == b.turn &&
                  a.leader == b.leader && a.played == b.played && a.win_seat == b.win_seat && a.win_card == b.win_card &&
                  a.led_mask == b.led_mask && a.dealer == b.dealer && a.hands_played == b.hands_played);
    }
    INFO(id << ": " << hands << " hands");
    CHECK(differ == 0);
    CHECK(ra.next() == rb.next());
  }
}

namespace {

int call_named(const variant& v, const std::string& name) {
  for (size_t k = 0; k < v.calls.size(); ++k)
    if (v.calls[k].name == name) return (int)k;
  FAIL("no call " << name);
  return -1;
}

// Watches every call decision of random playouts and compares the calls legal_moves offers (the owner's
// open calls, found once with shared parts) with call_allowed, which reads each whole condition.
struct call_checker : observer {
  long long hands = 0, decisions = 0, mismatches = 0;
  void moving(const game_state& st, const move&) {
    if (st.ph != phase::call) return;
    move_list ms;
    std::vector<move> offered(ms.begin(), ms.begin() + st.legal_moves(ms)), whole;
    for (int k = 0; k < (int)st.v->calls.size(); ++k)
      if (st.call_allowed(k, st.turn, st.call_by_team)) whole.push_back(move::make_call(k));
    whole.push_back(move::make_call(-1));
    ++decisions;
    if (offered != whole) ++mismatches;
  }
  bool hand_scored(const game_state&) { return ++hands < 40; }
};

}  // namespace

TEST_CASE("call conditions: split at their `and`s, parts written alike shared between calls") {
  auto v = load_ruleset("highground-exact");
  const call_kind& little = v->calls[call_named(*v, "little_bemo")];
  const call_kind& big = v->calls[call_named(*v, "big_bemo")];
  const call_kind& exact = v->calls[call_named(*v, "blind_then_exact")];
  CHECK(little.when_parts.size() == 3);  // (hint or go_blind), not double_naught, not big_bemo
  CHECK(big.when_parts.size() == 3);
  CHECK(little.when_slot[0] == big.when_slot[0]);
  CHECK(little.when_slot[1] == big.when_slot[1]);
  CHECK(little.when_slot[2] != big.when_slot[2]);  // not big_bemo, not little_bemo
  CHECK(exact.when_parts.size() == 2);
  CHECK(v->call_parts == 6);
  for (const call_kind& c : v->calls)
    for (int8_t s : c.when_slot) {
      CHECK(s >= 0);
      CHECK(s < v->call_parts);
    }
}

TEST_CASE("call conditions: legal_moves offers exactly the calls the whole conditions allow, every ruleset") {
  long long decisions = 0;
  for (const auto& f : std::filesystem::directory_iterator(source_path("rulesets"))) {
    if (f.path().extension() != ".spades") continue;
    const std::string id = f.path().stem().string();
    auto v = load_ruleset(id);
    call_checker check;
    rng r(11);
    game_state st;
    st.new_game(*v, 0);
    while (check.hands < 40 && run_game(st, r, random_chooser{}, check) == loop_end::over) st.new_game(*v, 1);
    INFO(id << ": " << check.decisions << " call decisions");
    CHECK(check.mismatches == 0);
    decisions += check.decisions;
  }
  CHECK(decisions > 100);  // the rulesets with calls were reached
}

namespace {

// Watches every card decision of random playouts and compares the legal cards with those of the same
// position under `whole`, the same variant with its per-card conditions not split.
struct card_checker : observer {
  const variant* whole = nullptr;
  long long hands = 0, decisions = 0, mismatches = 0;
  void moving(const game_state& st, const move&) {
    if (st.ph != phase::play) return;
    game_state same = st;
    same.v = whole;
    ++decisions;
    if (!(st.legal_cards() == same.legal_cards())) ++mismatches;
  }
  bool hand_scored(const game_state&) { return ++hands < 40; }
};

}  // namespace

TEST_CASE("play conditions that read the card: what does not read it tested once, the same cards as the whole condition") {
  auto v = load_ruleset("no-trump");
  const play_restriction* found = nullptr;
  for (const play_restriction& r : v->restrictions)
    if (r.form == play_rule::forbid_play) found = &r;
  REQUIRE(found);
  const play_restriction& f = *found;
  CHECK(f.per_card);
  CHECK(f.when_fixed.size() == 1);  // no_trump
  CHECK(f.when_card.size() == 2);   // winning, not led_trump
  for (const auto& file : std::filesystem::directory_iterator(source_path("rulesets"))) {
    if (file.path().extension() != ".spades") continue;
    const std::string id = file.path().stem().string();
    auto split = load_ruleset(id);
    variant whole = *split;
    for (play_restriction& r : whole.restrictions) r.when_fixed.clear(), r.when_card.clear();
    card_checker check;
    check.whole = &whole;
    rng r(3);
    game_state st;
    st.new_game(*split, 0);
    while (check.hands < 40 && run_game(st, r, random_chooser{}, check) == loop_end::over) st.new_game(*split, 1);
    INFO(id << ": " << check.decisions << " card decisions");
    CHECK(check.mismatches == 0);
  }
}

namespace {

// Scores one hand of `v` with the tricks given (the bids: 3 each), as the runtime's scoring does.
game_state scored(const variant& v, std::array<int, max_seats> tricks) {
  game_state st;
  st.new_game(v, 0);
  rng r(1);
  st.deal(r);
  while (st.ph == phase::bid) st.apply(move::make_bid(0, 3));
  st.tricks_won = tricks;
  st.score_hand();
  return st;
}

int counter_named(const variant& v, const std::string& name) {
  for (size_t c = 0; c < v.counters.size(); ++c)
    if (v.counters[c] == name) return (int)c;
  FAIL("no counter " << name);
  return -1;
}

}  // namespace

TEST_CASE("formulas: sums, counts, short cuts and branches in a scoring rule") {
  auto v = load_text("flat-values", R"(game "Flat values"
extends "standard"
scoring {
  counter probe
  rule probing each team {
    let a = sum(tricks * 2)
    let b = count(tricks > 3)
    let c = if a > 100 then 1 / (a - a) else a - b
    let d = (a == 0 and 1 / (a - a) == 0) or b >= 0
    probe = c * 1000 + d
  }
}
)");
  game_state st = scored(*v, {4, 3, 3, 3});
  const int probe = counter_named(*v, "probe");
  // N and S: a = 2 * 4 + 2 * 3 = 14, b = 1 (N's 4 tricks), c = 14 - 1 = 13, d = 1 (no division reached)
  CHECK(st.counters[0][probe] == 13001);
  // E and W: a = 2 * 3 + 2 * 3 = 12, b = 0, c = 12, d = 1
  CHECK(st.counters[1][probe] == 12001);
}

TEST_CASE("formulas: an error in a branch of a scoring formula names the operation that failed") {
  auto v = load_text("flat-error", R"(game "Flat error"
extends "standard"
scoring {
  rule boom each team {
    points if sum(tricks) > 6 then 10 / (sum(tricks) - 7) else 0
  }
}
)");
  try {
    scored(*v, {4, 3, 3, 3});
    FAIL("no division by zero");
  } catch (const rule_error& e) {
    std::string msg = e.what();
    INFO(msg);
    CHECK(msg.find("flat-error.spades:5:39: error: division by zero while evaluating this formula") != std::string::npos);
  }
}

namespace {

// What each scored hand left: the scores, counters, tallies and flags, hand by hand.
struct score_log : observer {
  std::vector<std::string> hands;
  bool hand_scored(const game_state& st) {
    std::string h;
    for (int t = 0; t < st.v->teams; ++t) {
      h += std::to_string(st.score[t]) + " " + std::to_string(st.hand_points[t]) + " " + std::to_string(st.won_flag[t]) +
           std::to_string(st.lost_flag[t]) + ":";
      for (int64_t c : st.counters[t]) h += fmt::format(" {}", c);
      for (int64_t c : st.tallies[t]) h += fmt::format(" {}", c);
      h += "|";
    }
    hands.push_back(h);
    return hands.size() < 60;
  }
};

// 60 hands of random play under `v`, new games as they end; the same seed gives the same deals and moves
// as long as the scores are the same.
std::vector<std::string> play_hands(const variant& v) {
  score_log log;
  rng r(5);
  game_state st;
  st.new_game(v, 0);
  while (log.hands.size() < 60 && run_game(st, r, random_chooser{}, log) == loop_end::over) st.new_game(v, 1);
  return log.hands;
}

// The variant as the tree walk scores it: a copy has its own rules, which the compiled code was not made from.
variant tree_walked(const variant& v) {
  variant copy = v;
  copy.scoring = nullptr;
  return copy;
}

// The message of the rule error scoring raises, or "".
std::string scoring_error(const variant& v) {
  game_state st;
  st.new_game(v, 0);
  rng r(1);
  st.deal(r);
  while (st.ph == phase::bid) st.apply(move::make_bid(0, 3));
  st.tricks_won = {4, 3, 3, 3};
  try {
    st.score_hand();
  } catch (const rule_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("compiled scoring: every ruleset and feature file scores each hand as the tree walk does") {
  for (const char* dir : {"rulesets", "tests/features"})
    for (const auto& f : std::filesystem::directory_iterator(source_path(dir))) {
      if (f.path().extension() != ".spades") continue;
      INFO(f.path().string());
      lang::sources src;
      auto v = lang::load_variant(src, f.path().string());
      REQUIRE(v->scoring);  // no ruleset is left to the tree walk
      CHECK(v->scoring->compiled_for(*v));
      const variant tree = tree_walked(*v);
      CHECK_FALSE(v->scoring->compiled_for(tree));
      CHECK(play_hands(*v) == play_hands(tree));
    }
}

TEST_CASE("compiled scoring: its run-time errors are the tree walk's, at the same formula") {
  // m: the largest 64-bit number, 2^63 - 1 (a literal may be at most 2^53)
  const char* rules[] = {
      "rule r each team { points sum(tricks * 9007199254740992 * 1024) }",   // overflow in a product, per member
      "rule r each team { let m = 9007199254740992 * 1023 + 9007199254740991\n points sum(if tricks > 3 then m else 1) }",
      "rule r each team { let m = 9007199254740992 * 1023 + 9007199254740991\n points m + count(tricks > 0) }",
      "rule r each team { let m = 9007199254740992 * 1023 + 9007199254740991\n points -(tricks - m - 9) }",
      "rule r each team { points 7 % (bid - bid) }",                         // modulo by zero
      "rule r each team when tricks / (tricks - tricks) > 0 { points 1 }",  // in a rule's condition
      "rule r each team { let m = 9007199254740992 * 1023 + 9007199254740991\n points -m\n points -m }",
      "rule r each team { let m = 9007199254740992 * 1023 + 9007199254740991\n bags -= -m - 1 }",
      "rule r each team { let m = 9007199254740992 * 1023 + 9007199254740991\n if bid > 0 and abs(-m - 1) > 0 { points 1 } }",
  };
  int n = 0;
  for (const char* rule : rules) {
    auto v = load_text(fmt::format("compiled-error-{}", ++n), fmt::format("extends \"standard\"\nscoring {{\n  {}\n}}\n", rule));
    REQUIRE(v->scoring);
    const std::string compiled = scoring_error(*v);
    INFO(rule << "\n" << compiled);
    CHECK(compiled.find("error: ") != std::string::npos);
    CHECK(compiled == scoring_error(tree_walked(*v)));
  }
}
