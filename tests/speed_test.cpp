// What the engine does to go faster must not change what it decides: a bid's condition split at compile
// time (what does not read the number, once per kind) offers exactly the bids the whole condition allows.
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
