// Argument parsing for every subcommand.
#include "cli/args.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "lang/errors.hpp"

namespace spades::cli {

std::string args::get(const std::string& flag, const std::string& def) const {
  auto it = values.find(flag);
  return it == values.end() ? def : it->second;
}

long long args::get_int(const std::string& flag, long long def, long long lo, long long hi) const {
  auto it = values.find(flag);
  if (it == values.end()) return def;
  try {
    size_t used = 0;
    long long x = std::stoll(it->second, &used);
    if (used != it->second.size()) throw std::invalid_argument("");
    if (x < lo || x > hi) throw usage_error(fmt::format("{} must be from {} to {}, not {}", flag, lo, hi, x));
    return x;
  } catch (const usage_error&) {
    throw;
  } catch (...) {
    // a whole number too large for 64 bits is out of range, not malformed
    const std::string& t = it->second;
    const size_t digits = !t.empty() && t[0] == '-' ? 1 : 0;
    if (t.size() > digits && t.find_first_not_of("0123456789", digits) == std::string::npos)
      throw usage_error(fmt::format("{} must be from {} to {}, not {}", flag, lo, hi, t));
    throw usage_error(fmt::format("{} needs a whole number, not '{}'", flag, t));
  }
}

std::vector<std::string> args::all(const std::string& flag) const {
  std::vector<std::string> out;
  for (const auto& [name, value] : given)
    if (name == flag) out.push_back(value);
  return out;
}

args parse_args(const std::string& command, int argc, char** argv, const std::vector<std::string>& flags,
                const std::vector<std::string>& valued) {
  args a;
  for (int i = 0; i < argc; ++i) {
    std::string s = argv[i];
    if (s.size() > 1 && s[0] == '-' && s != "-") {
      std::string value;
      auto eq = s.find('=');
      bool inline_value = eq != std::string::npos && s.rfind("--", 0) == 0;
      std::string name = inline_value ? s.substr(0, eq) : s;
      // `-o NAME=VALUE`: a rule option, the short form of `--option` wherever that is taken
      if (name == "-o" && std::find(valued.begin(), valued.end(), "--option") != valued.end()) name = "--option";
      if (name == "--help") throw usage_error("--help takes no value");
      if (std::find(flags.begin(), flags.end(), name) != flags.end()) {
        if (inline_value) throw usage_error(fmt::format("{} takes no value", name));
        a.values[name] = "";
        continue;
      }
      if (std::find(valued.begin(), valued.end(), name) != valued.end()) {
        if (inline_value) value = s.substr(eq + 1);
        else if (i + 1 < argc) value = argv[++i];
        else throw usage_error(fmt::format("{} needs a value", name));
        a.given.push_back({name, value});
        if (name == "--option") a.multi.push_back(value);
        else a.values[name] = value;
        continue;
      }
      std::vector<std::string> all = flags;
      all.insert(all.end(), valued.begin(), valued.end());
      // as near as each other (`--sead`: `--seat` and `--seed`), all are named
      std::string near;
      for (const std::string& n : nearest_all(name, all)) near += fmt::format("{}'{}'", near.empty() ? "; did you mean " : " or ", n);
      throw usage_error(fmt::format("unknown option '{}' for 'spades {}'{}{}", name, command, near, near.empty() ? "" : "?"));
    }
    a.positional.push_back(s);
  }
  return a;
}

}  // namespace spades::cli
