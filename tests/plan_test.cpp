// The execution plan (runtime/plan.hpp) is worked out from the variant's meaning alone: a variant whose
// plan was lost or never made gets it back whole from prepare(), for every ruleset.
#include <catch2/catch.hpp>

#include <filesystem>

#include "runtime/plan.hpp"
#include "tests/test_util.hpp"

using namespace spades;

namespace {

// Every field prepare() sets, wiped or set wrong, as a variant built by hand might have them.
void lose_plan(variant& v) {
  v.narrow = !v.narrow;
  v.above_mask.clear();
  if (!v.below_mask.empty()) v.below_mask[0] = v.deck;
  for (expr_node& n : v.exprs) n.reads_number = false;
  for (bid_kind& b : v.bids) b.when_split = false, b.when_fixed.clear(), b.when_number.clear(), b.when_fixed_slot.clear();
  for (call_kind& c : v.calls) c.when_parts.clear(), c.when_slot.clear();
  for (play_restriction& r : v.restrictions) r.unless_broken = !r.unless_broken, r.per_card = false, r.when_fixed.clear(), r.when_card.clear(), r.held_group = 0;
  v.lead_forbidden = v.forcing_leads = card_set{};
  v.plain_restrictions = !v.plain_restrictions;
  v.bid_fixed_parts = v.call_parts = -1;
  v.team_call_mask = v.redeal_call_mask = ~0u;
  v.scoring = nullptr;
}

void same_plan(const variant& a, const variant& b) {
  CHECK(a.narrow == b.narrow);
  CHECK(a.above_mask == b.above_mask);
  CHECK(a.below_mask == b.below_mask);
  for (size_t i = 0; i < a.exprs.size(); ++i) CHECK(a.exprs[i].reads_number == b.exprs[i].reads_number);
  for (size_t k = 0; k < a.bids.size(); ++k) {
    CHECK(a.bids[k].when_split == b.bids[k].when_split);
    CHECK(a.bids[k].when_fixed == b.bids[k].when_fixed);
    CHECK(a.bids[k].when_number == b.bids[k].when_number);
    CHECK(a.bids[k].when_fixed_slot == b.bids[k].when_fixed_slot);
  }
  for (size_t k = 0; k < a.calls.size(); ++k) {
    CHECK(a.calls[k].when_parts == b.calls[k].when_parts);
    CHECK(a.calls[k].when_slot == b.calls[k].when_slot);
  }
  for (size_t k = 0; k < a.restrictions.size(); ++k) {
    CHECK(a.restrictions[k].unless_broken == b.restrictions[k].unless_broken);
    CHECK(a.restrictions[k].per_card == b.restrictions[k].per_card);
    CHECK(a.restrictions[k].when_fixed == b.restrictions[k].when_fixed);
    CHECK(a.restrictions[k].when_card == b.restrictions[k].when_card);
    CHECK(a.restrictions[k].held_group == b.restrictions[k].held_group);
  }
  CHECK(a.lead_forbidden == b.lead_forbidden);
  CHECK(a.forcing_leads == b.forcing_leads);
  CHECK(a.plain_restrictions == b.plain_restrictions);
  CHECK(a.bid_fixed_parts == b.bid_fixed_parts);
  CHECK(a.call_parts == b.call_parts);
  CHECK(a.team_call_mask == b.team_call_mask);
  CHECK(a.redeal_call_mask == b.redeal_call_mask);
  CHECK((a.scoring == nullptr) == (b.scoring == nullptr));
}

}  // namespace

TEST_CASE("plan: prepare() gives back every ruleset's plan, from the meaning alone", "[plan]") {
  int rulesets = 0, split = 0;
  for (const auto& e : std::filesystem::directory_iterator(testing::source_path("rulesets"))) {
    if (e.path().extension() != ".spades") continue;
    const std::string id = e.path().stem().string();
    INFO(id);
    std::shared_ptr<const variant> v = testing::load_ruleset(id);
    variant copy = *v;
    lose_plan(copy);
    prepare(copy);
    same_plan(*v, copy);
    prepare(copy);  // again: the same plan, nothing added twice
    same_plan(*v, copy);
    ++rulesets;
    for (const bid_kind& b : v->bids) split += b.when_split;
  }
  CHECK(rulesets >= 60);
  CHECK(split > 0);  // some ruleset has a bid condition to split: the comparison is not of empty plans
}
