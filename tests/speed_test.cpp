// What the engine does to go faster must not change what it decides: a bid's condition split at compile
// time (what does not read the number, once per kind) offers exactly the bids the whole condition allows;
// formulas read the named parts of a rule in place and sum out of line, with the values and errors as before.
#include <algorithm>
#include <filesystem>
#include <string>

#include "runtime/loop.hpp"
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

TEST_CASE("bid conditions: split where they start reading the number, shared between kinds") {
  auto v = load_ruleset("highground");
  const bid_kind& team = v->bids[kind_named(*v, "team")];
  CHECK(team.when_split);
  CHECK(team.when_fixed.size() == 3);   // team_bids_made == 1, not partner_bid_is(go_blind), not blind_four
  CHECK(team.when_number.size() == 1);  // this_bid >= min_bid
  CHECK(team.when_shared == -1);
  CHECK(v->bids[kind_named(*v, "naught")].when_shared == kind_named(*v, "team"));
  CHECK(v->bids[kind_named(*v, "partner_naught")].when_shared == kind_named(*v, "team"));
  const bid_kind& hint = v->bids[kind_named(*v, "hint")];
  CHECK(hint.when_fixed.size() == 2);
  CHECK(hint.when_number.empty());
  const bid_kind& blind = v->bids[kind_named(*v, "blind_team")];
  CHECK(blind.when_fixed.size() == 2);   // the `if ... this_bid ...` part is per number
  CHECK(blind.when_number.size() == 1);
  CHECK(blind.when_shared == -1);  // `and partner_bid_is(go_blind)`, not team's `and not partner_bid_is(go_blind)`
  CHECK(v->bids[kind_named(*v, "blind_naught")].when_shared == kind_named(*v, "blind_team"));
  CHECK(v->bids[kind_named(*v, "blind_partner_naught")].when_shared == kind_named(*v, "blind_team"));
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
