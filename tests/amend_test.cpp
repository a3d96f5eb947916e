// `amend`: an inherited bid keeps what the amendment does not name; a rule's named part is replaced in place.
#include <catch2/catch.hpp>

#include "tests/test_util.hpp"

TEST_CASE("amend: a bid keeps its other options; a new option is added") {
  spades::lang::sources src;
  auto v = spades::lang::load_variant(src, spades::testing::source_path("tests/features/amend.spades"));
  const spades::bid_kind& blind_nil = v->bids.at(2);
  CHECK(blind_nil.name == "blind_nil");
  CHECK(blind_nil.blind);
  CHECK(blind_nil.exchange == 2);
  CHECK(blind_nil.reason == "your side must trail by 200 or more");
  CHECK(v->bids.at(1).reason == "no Nil in a game's first hand");
  // the rules keep their order: nil, contract, sandbags
  REQUIRE(v->rules.size() == 3);
  CHECK(v->rules[1].name == "contract");
}
