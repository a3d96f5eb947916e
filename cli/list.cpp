// spades list [DIR] [--json]: the rulesets in a directory, each with its sentence, base and options.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades list [DIR] [--json]\n"
    "\n"
    "Lists the rulesets (*.spades) in DIR, by id: its name and the ruleset it extends, the sentence of its\n"
    "`about` line, and its rule options with their defaults (set them with --option NAME=VALUE).\n"
    "Rulesets with a `group` line are listed under it, the groups in the order of their names, after\n"
    "those without one.\n"
    "Default DIR: rulesets/ in the current directory, else the rulesets beside the source tree.\n"
    "A file with errors is reported on standard error and left out.\n"
    "\n"
    "exit codes: 0 listed, 1 some file has errors, 2 bad usage or no such directory\n";

namespace {

std::string option_value(const variant& v, size_t i) { return v.option_specs[i].text(v.option_defaults[i]); }

void print_entry(const variant& v) {
  std::string base = v.base.empty() ? "" : fmt::format(", extends {}", v.base);
  fmt::print("{}  ({}{})\n", printable(v.id, std::string::npos), v.name, base);
  if (!v.about.empty()) fmt::print("    {}\n", v.about);
  for (size_t i = 0; i < v.option_names.size(); ++i) {
    std::string set = fmt::format("--option {}={}", v.option_names[i], option_value(v, i));
    fmt::print("    {:<32} {}\n", set, v.option_about[i]);
  }
}

// The rulesets without a group first, as they come (by id); then each group under its name, the groups
// in the order of their names, each by id.
void print_text(const std::vector<std::shared_ptr<const variant>>& all) {
  std::vector<std::shared_ptr<const variant>> grouped;
  for (const auto& v : all)
    if (v->group.empty()) print_entry(*v);
    else grouped.push_back(v);
  bool first = grouped.size() == all.size();  // no line above the first heading
  std::stable_sort(grouped.begin(), grouped.end(), [](const auto& a, const auto& b) { return a->group < b->group; });
  for (size_t i = 0; i < grouped.size(); ++i) {
    if (i == 0 || grouped[i]->group != grouped[i - 1]->group) fmt::print("{}== {} ==\n", first && i == 0 ? "" : "\n", grouped[i]->group);
    print_entry(*grouped[i]);
  }
}

void print_json(const std::vector<std::shared_ptr<const variant>>& all, const nlohmann::ordered_json& errors) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const auto& v : all) {
    nlohmann::ordered_json options = nlohmann::ordered_json::array();
    for (size_t i = 0; i < v->option_names.size(); ++i) {
      const option_spec& spec = v->option_specs[i];
      const int64_t def = v->option_defaults[i];
      nlohmann::ordered_json value = spec.type == option_type::boolean ? nlohmann::ordered_json(def != 0)
                                     : spec.type == option_type::choice ? nlohmann::ordered_json(spec.text(def))
                                                                        : nlohmann::ordered_json(def);
      options.push_back({{"name", v->option_names[i]}, {"default", value}, {"allowed", spec.allowed()}, {"about", v->option_about[i]}});
    }
    list.push_back({{"id", v->id},
                    {"name", v->name},
                    {"about", v->about},
                    {"group", v->group.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(v->group)},
                    {"base", v->base.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(v->base)},
                    {"file", v->file},
                    {"options", options}});
  }
  fmt::print("{}\n", json_text(nlohmann::ordered_json{{"rulesets", list}, {"errors", errors}}));
}

}  // namespace

int cmd_list(int argc, char** argv) {
  if (wants_help(argc, argv, help)) return 0;
  args a = parse_args("list", argc, argv, {"--json"}, {});
  if (a.positional.size() > 1) throw usage_error("name at most one directory");
  std::string dir = a.positional.empty() ? default_rulesets_dir() : a.positional[0];
  std::vector<std::string> files = ruleset_files(dir);
  std::vector<std::shared_ptr<const variant>> all;
  nlohmann::ordered_json errors = nlohmann::ordered_json::array();  // the files that have errors, with them
  for (const std::string& f : files) {
    load_result r = try_load(f);
    if (r.v) {
      all.push_back(r.v);
      continue;
    }
    std::fputs(r.text.c_str(), stderr);
    errors.push_back({{"file", f}, {"diagnostics", r.diagnostics}});
  }
  if (a.has("--json")) print_json(all, errors);
  else print_text(all);
  return errors.empty() ? 0 : 1;
}

}  // namespace spades::cli
