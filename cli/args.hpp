// Command-line arguments: positionals and --flags (with values), with clear errors for the rest.
#pragma once
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace spades::cli {

struct usage_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct args {
  std::vector<std::string> positional;
  std::map<std::string, std::string> values;  // --name value
  std::vector<std::string> multi;             // repeated --option name=value
  std::vector<std::pair<std::string, std::string>> given;  // every valued flag as given, in order (repeatable ones)
  std::vector<std::string> all(const std::string& flag) const;  // each value a repeatable flag was given
  bool has(const std::string& flag) const { return values.count(flag) > 0; }
  std::string get(const std::string& flag, const std::string& def = "") const;
  long long get_int(const std::string& flag, long long def, long long lo, long long hi) const;
};

// `flags` take no value, `valued` take one; anything else is a usage error naming the command.
args parse_args(const std::string& command, int argc, char** argv, const std::vector<std::string>& flags,
                const std::vector<std::string>& valued);

}  // namespace spades::cli
