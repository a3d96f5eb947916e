// The `spades` subcommands. Each returns the process exit code:
// 0 success, 1 the checked thing is wrong (errors in a variant, failed cases), 2 unusable input or usage.
#pragma once
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "runtime/game.hpp"

namespace spades::cli {

int cmd_check(int argc, char** argv);
int cmd_test(int argc, char** argv);
int cmd_play(int argc, char** argv);
int cmd_sim(int argc, char** argv);
int cmd_match(int argc, char** argv);
int cmd_merge(int argc, char** argv);
int cmd_bench(int argc, char** argv);
int cmd_list(int argc, char** argv);
int cmd_explain(int argc, char** argv);
int cmd_diff(int argc, char** argv);
int cmd_graph(int argc, char** argv);
int cmd_replay(int argc, char** argv);
int cmd_fmt(int argc, char** argv);
int cmd_lsp(int argc, char** argv);
int cmd_stats(int argc, char** argv);
int cmd_serve(int argc, char** argv);

// Input that cannot be used at all (a file named on the command line that cannot be read): exit code 2.
struct input_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A variant loaded, or why not: its diagnostics rendered as text and as JSON (see output.hpp), and whether
// the file itself could not be read.
struct load_result {
  std::shared_ptr<const variant> v;
  std::string text;
  nlohmann::ordered_json diagnostics = nlohmann::ordered_json::array();
  bool unreadable = false;
  bool fragment = false;  // the file is a fragment (`fragment`), no variant by itself
  bool options_failed = false;  // the file is sound; the values chosen with --option make it fail together
};

// A failure already reported (on standard error, and with --json on standard output), with its exit code.
struct reported_failure {
  int code;
};
// Loads a variant for the `name=value` rule options (checked: usage_error); never prints.
load_result try_load(const std::string& path, const std::vector<std::string>& opts = {});
// try_load, printing the diagnostics as a failure (output.hpp); null when the variant has errors; throws
// input_error when the file cannot be read, and reported_failure{2} when only the --option values chosen
// together fail (after printing them).
std::shared_ptr<const variant> load_or_report(const std::string& path, const std::vector<std::string>& opts = {});
// Applies `name=value` rule options to a new game; throws usage_error for unknown names or values.
void apply_options(game_state& st, const std::vector<std::string>& opts);
// The rulesets directory: rulesets/ in the working directory, else beside the source tree.
std::string default_rulesets_dir();
// Where a variant named by id is looked for (docs/cli.md, "Variants by id"): each folder of SPADES_PATH
// (colon-separated), then default_rulesets_dir().
std::vector<std::string> ruleset_search_path();
// A variant argument as a file: `arg` itself when it exists or is no id, else ID.spades from the search
// path; input_error (with the ids near it) when there is none.
std::string variant_path(const std::string& arg);
// The *.spades files of `dir`, sorted; usage_error when it is not a directory.
std::vector<std::string> ruleset_files(const std::string& dir);
// The default ruleset: rulesets/standard.spades next to the source tree or the working directory.
std::string default_ruleset();
// The folder `spades play` keeps its games in without --record: $XDG_STATE_HOME/spades, else
// ~/.local/state/spades; "" when neither can be named.
std::string kept_games_folder();
// Prints `text` when --help or -h is among the arguments; returns true if it did.
bool wants_help(int argc, char** argv, const char* text);

}  // namespace spades::cli
