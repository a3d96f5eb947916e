// The `spades` subcommands. Each returns the process exit code:
// 0 success, 1 the checked thing is wrong (errors in a variant, failed cases), 2 unusable input or usage.
#pragma once
#include <memory>
#include <string>

#include "runtime/game.hpp"

namespace spades::cli {

int cmd_check(int argc, char** argv);
int cmd_test(int argc, char** argv);
int cmd_play(int argc, char** argv);
int cmd_sim(int argc, char** argv);
int cmd_bench(int argc, char** argv);
int cmd_list(int argc, char** argv);

// Loads a variant, printing diagnostics to stderr; null when it has errors.
std::shared_ptr<const variant> load_or_report(const std::string& path);
// Applies `name=value` rule options to a new game; throws usage_error for unknown names or values.
void apply_options(game_state& st, const std::vector<std::string>& opts);
// The default ruleset: rulesets/standard.spades next to the source tree or the working directory.
std::string default_ruleset();
// Prints `text` when --help or -h is among the arguments; returns true if it did.
bool wants_help(int argc, char** argv, const char* text);

}  // namespace spades::cli
