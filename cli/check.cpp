// spades check FILE...: run the whole pipeline on each file and print its diagnostics.
#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades check FILE... [--quiet]\n"
    "\n"
    "Parses, resolves, checks and compiles each variant file (and the files it extends).\n"
    "Errors are printed as file:line:col: error: message, with the source line and a caret.\n"
    "A clean file prints one summary line (none with --quiet).\n"
    "\n"
    "exit codes: 0 every file is clean, 1 a file has errors, 2 bad usage\n";

int cmd_check(int argc, char** argv) {
  if (wants_help(argc, argv, help)) return 0;
  args a = parse_args("check", argc, argv, {"--quiet"}, {});
  if (a.positional.empty()) throw usage_error("name at least one variant file");
  int bad = 0;
  for (const std::string& f : a.positional) {
    auto v = load_or_report(f);
    if (!v) { ++bad; continue; }
    if (!a.has("--quiet"))
      fmt::print("ok {}: {}: {} players, {} teams, {} cards, {} bid{}, {} scoring rule{}\n", f, v->name, v->seats, v->teams,
                 v->cards.size(), v->bids.size(), v->bids.size() == 1 ? "" : "s", v->rules.size(), v->rules.size() == 1 ? "" : "s");
  }
  return bad ? 1 : 0;
}

}  // namespace spades::cli
