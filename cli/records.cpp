// Game records on the command line: the set-up a record keeps, and reading one back.
#include "cli/records.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/output_file.hpp"
#include "runtime/read.hpp"

namespace spades::cli {

using json = nlohmann::ordered_json;
namespace fs = std::filesystem;

json record_meta(const std::string& command, const game_state& st, const std::vector<std::string>& opts, uint64_t seed) {
  const variant& v = *st.v;
  json m;
  m["format"] = record_format;
  m["command"] = command;
  m["variant"] = v.name;
  m["seed"] = seed;
  json options = json::object();
  for (const std::string& o : opts) {
    std::string name = o.substr(0, o.find('='));
    auto f = std::find(v.option_names.begin(), v.option_names.end(), name);
    if (f == v.option_names.end()) continue;  // apply_options has refused it already
    const int i = (int)(f - v.option_names.begin());
    const option_spec& spec = v.option_specs[i];
    const int64_t x = st.options[i];
    if (spec.type == option_type::boolean) options[name] = x != 0;
    else if (spec.type == option_type::choice) options[name] = spec.text(x);
    else options[name] = x;
  }
  m["options"] = options;
  return m;
}

std::string ruleset_for(const std::string& ruleset, const std::string& record_path) {
  std::error_code ec;
  fs::path dir = fs::absolute(fs::path(record_path), ec).parent_path();
  fs::path rel = fs::relative(fs::absolute(ruleset, ec), dir, ec);
  return ec || rel.empty() ? fs::absolute(ruleset, ec).string() : rel.generic_string();
}

namespace {

[[noreturn]] void bad(const std::string& path, const std::string& msg) { throw input_error(fmt::format("{}: {}", path, msg)); }

}  // namespace

record_file read_record(const std::string& path) {
  file_text f;
  try {
    f = read_file_bounded(path, max_hands_bytes);
  } catch (const file_error& e) {
    throw input_error(e.what());
  }
  if (f.too_large) bad(path, fmt::format("the record is too large ({} bytes; the limit is {} MiB)", f.size, max_hands_bytes >> 20));
  json doc = json::parse(f.text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) bad(path, "not a game record (not a JSON object; see spec/records.md)");
  if (!doc.contains("record") || !doc["record"].is_object()) bad(path, "not a game record: it has no \"record\" object (a hands file is run by `spades test`)");
  const json& r = doc["record"];
  if (!r.contains("format") || !r["format"].is_number_integer()) bad(path, "record.format: expected the record's format number");
  if (r["format"].get<int64_t>() != record_format)
    bad(path, fmt::format("record.format: this spades reads records of format {}, not {}", record_format, r["format"].dump()));
  record_file out;
  if (!r.contains("command") || !r["command"].is_string()) bad(path, "record.command: expected \"play\" or \"sim\"");
  out.command = r["command"].get<std::string>();
  if (!r.contains("seed") || !r["seed"].is_number_unsigned()) bad(path, "record.seed: expected the game's seed, a whole number");
  out.seed = r["seed"].get<uint64_t>();
  if (r.contains("seat")) {
    if (!r["seat"].is_string()) bad(path, "record.seat: expected a seat name");
    out.seat = r["seat"].get<std::string>();
  }
  if (r.contains("bot")) {
    if (!r["bot"].is_string()) bad(path, "record.bot: expected a bot's name");
    out.bot = r["bot"].get<std::string>();
  }
  if (r.contains("options")) {
    if (!r["options"].is_object()) bad(path, "record.options: expected an object: option -> value");
    for (auto it = r["options"].begin(); it != r["options"].end(); ++it)
      out.options.push_back(it.key() + "=" + (it.value().is_string() ? it.value().get<std::string>() : it.value().dump()));
  }
  const std::vector<std::string> opts = out.options;
  auto loader = [&](const std::string& ruleset) -> std::shared_ptr<const variant> {
    load_result l = try_load(ruleset, opts);
    if (!l.v) throw hands_error(l.text);
    return l.v;
  };
  try {
    out.d = hands::load_doc(path, f.text, "", loader);
  } catch (const hands_error& e) {
    throw input_error(e.what());
  } catch (const usage_error& e) {
    bad(path, fmt::format("record.options: {}", e.what()));
  }
  return out;
}

void save_record(const game_recorder& rec, const std::string& path) { write_file(path, rec.text()); }

}  // namespace spades::cli
