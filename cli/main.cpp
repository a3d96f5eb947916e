// spades: check, test, play, simulate and benchmark variant files.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "lang/load.hpp"

namespace spades::cli {

static const char* main_help =
    "usage: spades COMMAND [ARGS]\n"
    "\n"
    "commands:\n"
    "  check FILE...                          check variant files; print their errors\n"
    "  test HANDS.json [--ruleset F] [--json] run a variant's test hands\n"
    "  play [FILE] [--seat S] [--seed N]      play in the terminal against bots (default: standard)\n"
    "  sim FILE --games N --seed S [--json]   bots play N games; print a summary\n"
    "  (play and sim take --option NAME=VALUE for a variant's rule options)\n"
    "  bench FILE [--hands N] [--seed S]      random playouts; print hands/s and moves/s\n"
    "  list [DIR] [--json]                    the rulesets, each with its sentence, base and options\n"
    "\n"
    "'spades COMMAND --help' describes each command.\n"
    "'spades --version' prints the version.\n"
    "exit codes: 0 success, 1 errors found or cases failed, 2 bad usage or unusable input\n";

std::shared_ptr<const variant> load_or_report(const std::string& path) {
  lang::sources src;
  try {
    return lang::load_variant(src, path);
  } catch (const lang::diag_error& e) {
    std::fputs(src.render(e.d).c_str(), stderr);
    return nullptr;
  }
}

void apply_options(game_state& st, const std::vector<std::string>& opts) {
  const variant& v = *st.v;
  for (const std::string& o : opts) {
    auto eq = o.find('=');
    std::string name = o.substr(0, eq);
    auto f = std::find(v.option_names.begin(), v.option_names.end(), name);
    if (f == v.option_names.end())
      throw usage_error(v.option_names.empty() ? fmt::format("this variant has no rule options (--option {})", o)
                                               : fmt::format("unknown rule option '{}'{} (options: {})", name,
                                                             lang::did_you_mean(name, v.option_names), fmt::join(v.option_names, ", ")));
    std::string val = eq == std::string::npos ? "true" : o.substr(eq + 1);
    const option_spec& spec = v.option_specs[f - v.option_names.begin()];
    std::optional<int64_t> x = spec.read(val);
    if (!x && spec.language_range()) {
      // the language's numbers: a value a file could not state is refused here too
      bool number = !val.empty() && val.find_first_not_of("-0123456789") == std::string::npos && val.find('-', 1) == std::string::npos &&
                    val != "-";
      if (!number) throw usage_error(fmt::format("option {} needs a number, true or false, not '{}'", name, val));
      throw usage_error(fmt::format("option {}: {} is out of range (an option's value is from -1000000000 to 1000000000)", name, val));
    }
    if (!x) throw usage_error(fmt::format("option {}: '{}' is not one of its allowed values ({})", name, val, spec.allowed()));
    st.options[f - v.option_names.begin()] = *x;
  }
}

std::string default_ruleset() {
  namespace fs = std::filesystem;
  for (const char* p : {"rulesets/standard.spades", SPADES_SOURCE_DIR "/rulesets/standard.spades"})
    if (std::error_code ec; fs::exists(p, ec)) return p;
  return "rulesets/standard.spades";
}

bool wants_help(int argc, char** argv, const char* text) {
  for (int i = 0; i < argc; ++i)
    if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
      std::fputs(text, stdout);
      return true;
    }
  return false;
}

}  // namespace spades::cli

int main(int argc, char** argv) {
  using namespace spades::cli;
  if (argc < 2) {
    std::fputs(main_help, stderr);
    return 2;
  }
  std::string cmd = argv[1];
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    std::fputs(main_help, stdout);
    return 0;
  }
  if (cmd == "--version" || cmd == "-V" || cmd == "version") {
    std::fputs("spades " SPADES_VERSION "\n", stdout);
    return 0;
  }
  try {
    if (cmd == "list") return cmd_list(argc - 2, argv + 2);
    if (cmd == "check") return cmd_check(argc - 2, argv + 2);
    if (cmd == "test") return cmd_test(argc - 2, argv + 2);
    if (cmd == "play") return cmd_play(argc - 2, argv + 2);
    if (cmd == "sim") return cmd_sim(argc - 2, argv + 2);
    if (cmd == "bench") return cmd_bench(argc - 2, argv + 2);
  } catch (const usage_error& e) {
    fmt::print(stderr, "spades {}: {}\n", cmd, e.what());
    return 2;
  } catch (const spades::rule_error& e) {
    fmt::print(stderr, "{}\n", e.what());
    return 1;
  }
  fmt::print(stderr, "spades: unknown command '{}'{}\n\n{}", cmd,
             spades::lang::did_you_mean(cmd, {"check", "test", "play", "sim", "bench", "list"}), main_help);
  return 2;
}
