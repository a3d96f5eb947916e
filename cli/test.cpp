// spades test HANDS.json [--ruleset F] [--json]: the contract in spec/test-hands.md.
#include <cstdio>

#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "lang/load.hpp"
#include "hands/run.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades test HANDS.json [--ruleset FILE.spades] [--json]\n"
    "\n"
    "Runs each case of a test-hands file against its ruleset (the file's \"ruleset\", a path relative\n"
    "to the hands file, or --ruleset). Prints `ok   NAME` or `FAIL NAME` with each differing field,\n"
    "then `N passed, M failed`. --json prints the same results as one JSON document.\n"
    "\n"
    "With --ruleset naming another file than the hands file's own ruleset, a case that other ruleset\n"
    "cannot set up (an option, a card, a counter or a seat it lacks) but the file's own ruleset runs is\n"
    "reported as `n/a  NAME` with the reason, and the run goes on.\n"
    "\n"
    "exit codes: 0 every case passed, 1 a case failed, 2 the hands file or ruleset cannot be used\n";

int cmd_test(int argc, char** argv) {
  if (wants_help(argc, argv, help)) return 0;
  args a = parse_args("test", argc, argv, {"--json"}, {"--ruleset"});
  if (a.positional.size() != 1) throw usage_error("name exactly one hands file");
  auto loader = [](const std::string& path) -> std::shared_ptr<const variant> {
    lang::sources src;
    try {
      return lang::load_variant(src, path, ruleset_search_path());
    } catch (const lang::diag_error& e) {
      throw hands_error(src.render(e.d));
    }
  };
  auto loader_for = [](const std::string& path, const option_choices& chosen) -> std::shared_ptr<const variant> {
    lang::sources src;
    try {
      return lang::load_variant(src, path, chosen, ruleset_search_path());
    } catch (const lang::diag_error& e) {
      throw hands_error(src.render(e.d));
    }
  };
  hands_report rep;
  try {
    rep = run_hands(a.positional[0], a.has("--ruleset") ? variant_path(a.get("--ruleset")) : "", loader, loader_for);
  } catch (const hands_error& e) {
    report_failure(command_error(e.what()), {{"file", a.positional[0]}});
    return 2;
  }
  if (a.has("--json")) fmt::print("{}\n", rep.to_json(true));
  else std::fputs(rep.to_text(true).c_str(), stdout);
  return rep.failed ? 1 : 0;
}

}  // namespace spades::cli
