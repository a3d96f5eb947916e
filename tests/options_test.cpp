// Options with allowed values: `--option` and a hands file's `options` refused outside them, with the
// allowed values named (tests/features/options_allowed.spades declares the options).
#include <catch2/catch.hpp>

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
