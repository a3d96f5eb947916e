// spades merge FILE.json...: the --json summaries of a run's shards (`sim` or `match` with --shard I/N)
// combined into exactly the summary the whole run prints on one machine.
#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/match_report.hpp"
#include "cli/output.hpp"
#include "cli/shard.hpp"
#include "cli/sim_report.hpp"
#include "runtime/limits.hpp"

namespace spades::cli {

static const char* merge_help =
    "usage: spades merge FILE.json...\n"
    "\n"
    "Combines the JSON summaries of the shards of one run, each written by `spades sim ... --shard I/N\n"
    "--json` or `spades match ... --shard I/N --json`, into the JSON summary the whole run prints on one\n"
    "machine, byte for byte: every figure is recomputed from the shards' exact sums. Every shard of the\n"
    "run must be given, each once, all of the same run (the same command, variant, seed, games or deals,\n"
    "options and bots); a shard interrupted by Ctrl-C is refused. See docs/scale-out.md.\n"
    "\n"
    "exit codes: 0 merged, 2 bad usage, or a file that cannot be read, is not a shard's summary, or does\n"
    "not fit with the others\n";

namespace {

struct shard_file {
  std::string path;
  nlohmann::ordered_json doc;
  int index = 0, of = 0;
};

shard_file read_shard_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw input_error(fmt::format("spades merge: cannot read '{}'", path));
  std::ostringstream text;
  text << in.rdbuf();
  if (text.str().size() > max_hands_bytes) throw input_error(fmt::format("spades merge: '{}' is too large for a summary", path));
  shard_file f;
  f.path = path;
  f.doc = nlohmann::ordered_json::parse(text.str(), nullptr, false);
  const auto not_one = [&] {
    return input_error(fmt::format("spades merge: '{}' is not a shard's summary (write one with sim or match --shard I/N --json)", path));
  };
  if (f.doc.is_discarded() || !f.doc.is_object() || !f.doc.contains("shard") || !f.doc["shard"].is_object()) throw not_one();
  const auto& s = f.doc["shard"];
  if (!s.contains("index") || !s.contains("of") || !s["index"].is_number_integer() || !s["of"].is_number_integer() || !s.contains("run") ||
      !s["run"].is_object() || !s["run"].contains("command") || !s.contains("sums"))
    throw not_one();
  f.index = s["index"].get<int>(), f.of = s["of"].get<int>();
  if (f.index < 1 || f.index > f.of) throw not_one();
  if (f.doc.contains("interrupted"))
    throw input_error(fmt::format("spades merge: '{}' is the summary of a shard interrupted by Ctrl-C: run that shard again", path));
  return f;
}

// Every shard of one run, each once: usage errors otherwise, naming the files.
void check_together(const std::vector<shard_file>& files) {
  const shard_file& first = files.front();
  const auto& run = first.doc["shard"]["run"];
  std::map<int, std::string> seen;
  for (const shard_file& f : files) {
    const auto& other = f.doc["shard"]["run"];
    for (const auto& [key, value] : run.items())
      if (!other.contains(key) || other[key] != value)
        throw input_error(fmt::format("spades merge: '{}' is a shard of another run than '{}': its {} is {}, not {}", f.path, first.path, key,
                                      other.contains(key) ? other[key].dump() : "missing", value.dump()));
    if (f.of != first.of)
      throw input_error(fmt::format("spades merge: '{}' is a shard of {}, '{}' of {}: the run was split two ways", f.path, f.of, first.path, first.of));
    if (seen.count(f.index))
      throw input_error(fmt::format("spades merge: '{}' and '{}' are both shard {} of {}", seen[f.index], f.path, f.index, f.of));
    seen[f.index] = f.path;
  }
  for (int i = 1; i <= first.of; ++i)
    if (!seen.count(i)) throw input_error(fmt::format("spades merge: shard {} of {} is missing", i, first.of));
}

nlohmann::ordered_json merge_sim(const std::vector<shard_file>& files) {
  sim_totals all = sim_totals_from_json(files[0].doc, files[0].doc["shard"]["sums"].at("points"));
  for (size_t k = 1; k < files.size(); ++k) all.add(sim_totals_from_json(files[k].doc, files[k].doc["shard"]["sums"].at("points")));
  return sim_json(all);
}

nlohmann::ordered_json merge_match(const std::vector<shard_file>& files) {
  const auto& j = files[0].doc;
  match_info info;
  info.variant = j.at("variant").get<std::string>();
  info.a = j.at("a").get<std::string>(), info.b = j.at("b").get<std::string>();
  info.duplicate = j.at("duplicate").get<bool>();
  if (!info.duplicate) info.a_side = j.at("sides").at("a").get<std::string>(), info.b_side = j.at("sides").at("b").get<std::string>();
  info.seed = j.at("seed").get<uint64_t>();
  info.deals = j.at("deals").get<long long>();
  match_sums all;
  for (const shard_file& f : files) all.merge(match_sums::from_json(f.doc["shard"]["sums"]));
  return match_json(info, all);
}

}  // namespace

int cmd_merge(int argc, char** argv) {
  if (wants_help(argc, argv, merge_help)) return 0;
  args a = parse_args("merge", argc, argv, {}, {});
  if (a.positional.empty()) throw usage_error("name the shards' summaries: spades merge FILE.json...");
  if (a.positional.size() > (size_t)max_shards) throw usage_error(fmt::format("at most {} shards", max_shards));
  std::vector<shard_file> files;
  for (const std::string& p : a.positional) files.push_back(read_shard_file(p));
  check_together(files);
  std::sort(files.begin(), files.end(), [](const shard_file& x, const shard_file& y) { return x.index < y.index; });
  const std::string command = files[0].doc["shard"]["run"]["command"].is_string() ? files[0].doc["shard"]["run"]["command"].get<std::string>() : "";
  nlohmann::ordered_json out;
  try {
    if (command == "sim") out = merge_sim(files);
    else if (command == "match") out = merge_match(files);
    else throw std::invalid_argument("neither sim's nor match's");
  } catch (const std::exception& e) {
    throw input_error(fmt::format("spades merge: the shards' summaries are not complete summaries of spades sim or match ({})", e.what()));
  }
  fmt::print("{}\n", json_text(out));
  return 0;
}

}  // namespace spades::cli
