// spades check FILE...: run the whole pipeline on each file and print its diagnostics.
#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "lang/resolve.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades check FILE... [--quiet] [--json]\n"
    "\n"
    "Parses, resolves, checks and compiles each variant file (and the files it extends and includes).\n"
    "Errors are printed as file:line:col: error: message, with the source line and a caret.\n"
    "A clean file prints one summary line (none with --quiet), and its warnings on standard error\n"
    "(they do not fail it). A fragment (`fragment`) is checked as far as it can be alone.\n"
    "--json prints one JSON document: each file with `ok`, its summary (a fragment: `fragment`)\n"
    "or its diagnostics (file, line, col, message, notes).\n"
    "\n"
    "exit codes: 0 every file is clean, 1 a file has errors, 2 bad usage or a file cannot be read\n";

namespace {

nlohmann::ordered_json summary_json(const variant& v) {
  return {{"name", v.name}, {"players", v.seats}, {"teams", v.teams}, {"cards", v.cards.size()}, {"bids", v.bids.size()},
          {"rules", v.rules.size()}};
}

// A fragment is checked as far as it can be alone (lang::check_fragment): printed as clean, or its error.
bool check_fragment_alone(const std::string& f, bool json, bool quiet, nlohmann::ordered_json& files, int& bad) {
  lang::sources src;
  try {
    const std::optional<lang::fragment_summary> s = lang::check_fragment(src, variant_path(f), ruleset_search_path());
    if (!s) return false;
    if (json) files.push_back({{"file", f}, {"ok", true}, {"readable", true}, {"fragment", {{"items", s->items}, {"fragments", s->fragments}}}});
    else if (!quiet)
      fmt::print("ok {}: a fragment, {} item{} ({} more fragment{} included); its meaning is checked in each variant that includes it\n", f,
                 s->items, s->items == 1 ? "" : "s", s->fragments, s->fragments == 1 ? "" : "s");
  } catch (const lang::diag_error& e) {
    ++bad;
    std::fputs(src.render(e.d).c_str(), stderr);
    if (json) files.push_back({{"file", f}, {"ok", false}, {"readable", true}, {"diagnostics", {diagnostic_json(src, e.d)}}});
  }
  return true;
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
    if (r.fragment && check_fragment_alone(f, json, a.has("--quiet"), files, bad)) continue;
    if (!r.v) {
      ++(r.unreadable ? unreadable : bad);
      std::fputs(r.text.c_str(), stderr);
      if (json) files.push_back({{"file", f}, {"ok", false}, {"readable", !r.unreadable}, {"diagnostics", r.diagnostics}});
      continue;
    }
    const variant& v = *r.v;
    // warnings do not fail the check: the file means what it always meant
    for (const diagnostic& w : v.warnings) std::fputs(v.source->render_warning(w).c_str(), stderr);
    if (json) {
      nlohmann::ordered_json entry{{"file", f}, {"ok", true}, {"readable", true}, {"summary", summary_json(v)}};
      for (const diagnostic& w : v.warnings) {
        nlohmann::ordered_json j = diagnostic_json(*v.source, w);
        j["severity"] = "warning";
        entry["warnings"].push_back(j);
      }
      files.push_back(entry);
    }
    else if (!a.has("--quiet"))
      fmt::print("ok {}: {}: {} players, {} teams, {} cards, {} bid{}, {} scoring rule{}\n", f, v.name, v.seats, v.teams,
                 v.cards.size(), v.bids.size(), v.bids.size() == 1 ? "" : "s", v.rules.size(), v.rules.size() == 1 ? "" : "s");
  }
  if (json)
    fmt::print("{}\n", json_text(nlohmann::ordered_json{{"files", files}, {"errors", bad}, {"unreadable", unreadable}}));
  return unreadable ? 2 : bad ? 1 : 0;
}

}  // namespace spades::cli
