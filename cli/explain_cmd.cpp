// spades explain FILE: the command around explain() (cli/explain.cpp), which `spades diff` and the language
// server's hover share.
#include <algorithm>

#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/explain.hpp"
#include "cli/output.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades explain FILE [--option NAME=VALUE]... [--json]\n"
    "\n"
    "Prints the variant's rules in plain English, generated from the compiled rules (not the file's text):\n"
    "players and teams, the cards and their ranking, the course of a hand step by step, the bids and who\n"
    "may make them, calls, leading and following, each scoring rule, how the game ends, and the options.\n"
    "Conditions are said in words (a formula in backticks where no words fit). --option sets a rule option for the explanation.\n"
    "--json prints {\"name\", \"about\", \"sections\": [{\"title\", \"lines\"}]}.\n"
    "\n"
    "exit codes: 0 explained, 1 the variant has errors, 2 bad usage or the file cannot be read\n";

// The values of the options chosen with --option (already checked by try_load), else the defaults.
static std::vector<int64_t> chosen_values(const variant& v, const std::vector<std::string>& opts) {
  std::vector<int64_t> values = v.option_defaults;
  for (const std::string& o : opts) {
    auto eq = o.find('=');
    auto f = std::find(v.option_names.begin(), v.option_names.end(), o.substr(0, eq));
    if (f == v.option_names.end()) continue;
    size_t i = f - v.option_names.begin();
    if (auto x = v.option_specs[i].read(eq == std::string::npos ? "true" : o.substr(eq + 1))) values[i] = *x;
  }
  return values;
}

int cmd_explain(int argc, char** argv) {
  if (wants_help(argc, argv, help)) return 0;
  args a = parse_args("explain", argc, argv, {"--json"}, {"--option"});
  if (a.positional.size() != 1) throw usage_error("name one variant file");
  std::shared_ptr<const variant> declared = load_or_report(a.positional[0]);
  if (!declared) return 1;
  std::shared_ptr<const variant> v = a.multi.empty() ? declared : load_or_report(a.positional[0], a.multi);
  if (!v) return 1;
  explanation e = explain(*v, chosen_values(*v, a.multi), declared->option_defaults);
  if (a.has("--json")) fmt::print("{}\n", json_text(explanation_json(e)));
  else fmt::print("{}", explanation_text(e));
  return 0;
}

}  // namespace spades::cli
