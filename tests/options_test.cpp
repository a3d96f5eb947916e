// Options with allowed values: `--option` and a hands file's `options` refused outside them, with the
// allowed values named (tests/features/options_allowed.spades declares the options).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <string>

#include "tests/test_util.hpp"

using spades::testing::run;

namespace {
const std::string sim = "sim tests/features/options_allowed.spades --games 1 --seed 1 --option ";
}

TEST_CASE("options: --option outside the allowed values is a usage error naming them") {
  struct refused {
    const char* option;
    const char* message;
  };
  const refused cases[] = {
      {"per_trick=21", "spades sim: option per_trick: '21' is not one of its allowed values (5..20)\n"},
      {"per_trick=x", "spades sim: option per_trick: 'x' is not one of its allowed values (5..20)\n"},
      {"bonus=3", "spades sim: option bonus: '3' is not one of its allowed values (0, 7)\n"},
      {"doubled=2", "spades sim: option doubled: '2' is not one of its allowed values (true, false)\n"},
  };
  for (const refused& r : cases) {
    auto out = run(sim + r.option);
    INFO(r.option);
    CHECK(out.code == 2);
    CHECK(out.out == r.message);
  }
}

TEST_CASE("options: --option within the allowed values plays") {
  for (const char* o : {"per_trick=5", "per_trick=20", "bonus=7", "doubled=true", "doubled=0"}) {
    INFO(o);
    CHECK(run(sim + o).code == 0);
  }
}

TEST_CASE("options: a hands file's option outside the allowed values names the file, case, field and values") {
  auto out = run("test tests/features/failing/option_not_allowed.hands.json");
  CHECK(out.code == 2);
  CHECK(out.out ==
        "tests/features/failing/option_not_allowed.hands.json: case 'a bonus the option does not list': field 'options.bonus': "
        "3 is not one of its allowed values (0, 7)\n");
}

TEST_CASE("options: a setting that names an option is elaborated for the value chosen") {
  spades::lang::sources src;
  const std::string path = spades::testing::source_path("tests/features/option_settings.spades");
  auto declared = spades::lang::load_variant(src, path);
  CHECK(declared->hand_size == 2);
  CHECK(declared->option_specs[1].in_settings);
  auto chosen = spades::lang::load_variant(src, path, spades::lang::option_choices{{"deal_size", "1"}, {"low_card", "JS"}, {"start", "5"}});
  CHECK(chosen->hand_size == 1);
  CHECK(chosen->bids.at(0).hi == 1);
  CHECK(chosen->find_card("JS") < 0);
  CHECK(chosen->find_card("2S") >= 0);
  CHECK(chosen->counter_init.at(0) == 5);
  CHECK(chosen->option_defaults.at(1) == 1);
  CHECK(chosen->option_defaults.at(4) == 1);  // a choice's value: the position of its word
}

TEST_CASE("options: --option for a setting's option plays that variant, or is refused naming the values") {
  const std::string base = "sim tests/features/option_settings.spades --games 1 --seed 1 --json --option ";
  auto one = run(base + "hands=1");
  CHECK(one.code == 0);
  CHECK(one.out.find("\"hands\": 1,") != std::string::npos);
  auto refused = run(base + "low_card=QS");
  CHECK(refused.code == 2);
  CHECK(refused.out.find("spades sim: option low_card: 'QS' is not one of its allowed values (2S, JS)\n") != std::string::npos);
  // under --json, stdout holds the error as a document
  CHECK(nlohmann::json::parse(run(base + "low_card=QS", "", true).out)["error"] == "spades sim: option low_card: 'QS' is not one of its allowed values (2S, JS)");
}
