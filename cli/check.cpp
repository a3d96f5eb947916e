// spades check FILE...: run the whole pipeline on each file and print its diagnostics.
#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades check FILE... [--quiet] [--json]\n"
    "\n"
    "Parses, resolves, checks and compiles each variant file (and the files it extends).\n"
    "Errors are printed as file:line:col: error: message, with the source line and a caret.\n"
    "A clean file prints one summary line (none with --quiet). --json prints one JSON document:\n"
    "each file with `ok`, its summary or its diagnostics (file, line, col, message, notes).\n"
    "\n"
    "exit codes: 0 every file is clean, 1 a file has errors, 2 bad usage or a file cannot be read\n";

namespace {

nlohmann::ordered_json summary_json(const variant& v) {
  return {{"name", v.name}, {"players", v.seats}, {"teams", v.teams}, {"cards", v.cards.size()}, {"bids", v.bids.size()},
          {"rules", v.rules.size()}};
}

}  // namespace

int cmd_check(int argc, char** argv) {
  if (wants_help(argc, argv, help)) return 0;
  args a = parse_args("check", argc, argv, {"--quiet", "--json"}, {});
  if (a.positional.empty()) throw usage_error("name at least one variant file");
  bool json = a.has("--json");
  int bad = 0, unreadable = 0;
  nlohmann::ordered_json files = nlohmann::ordered_json::array();
  for (const std::string& f : a.positional) {
    load_result r = try_load(f);
    if (!r.v) {
      ++(r.unreadable ? unreadable : bad);
      std::fputs(r.text.c_str(), stderr);
      if (json) files.push_back({{"file", f}, {"ok", false}, {"readable", !r.unreadable}, {"diagnostics", r.diagnostics}});
      continue;
    }
    const variant& v = *r.v;
    if (json) files.push_back({{"file", f}, {"ok", true}, {"readable", true}, {"summary", summary_json(v)}});
    else if (!a.has("--quiet"))
      fmt::print("ok {}: {}: {} players, {} teams, {} cards, {} bid{}, {} scoring rule{}\n", f, v.name, v.seats, v.teams,
                 v.cards.size(), v.bids.size(), v.bids.size() == 1 ? "" : "s", v.rules.size(), v.rules.size() == 1 ? "" : "s");
  }
  if (json)
    fmt::print("{}\n", json_text(nlohmann::ordered_json{{"files", files}, {"errors", bad}, {"unreadable", unreadable}}));
  return unreadable ? 2 : bad ? 1 : 0;
}

}  // namespace spades::cli
