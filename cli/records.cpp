// Game records on the command line: the set-up a record keeps, and reading one back.
#include "cli/records.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/games.hpp"
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

// The record's own fields that need no variant: format, command, seed, seat, bot and options as written.
void read_meta(const std::string& path, const json& r, record_file& out) {
  if (!r.contains("format") || !r["format"].is_number_integer()) bad(path, "record.format: expected the record's format number");
  if (r["format"].get<int64_t>() != record_format)
    bad(path, fmt::format("record.format: this spades reads records of format {}, not {}", record_format, r["format"].dump()));
  if (!r.contains("command") || !r["command"].is_string()) bad(path, "record.command: expected \"play\", \"sim\" or \"serve\"");
  out.command = r["command"].get<std::string>();
  // a game played at a table: in the terminal, or in the browser (`spades serve`); or games of `spades sim`
  if (out.command != "play" && out.command != "sim" && out.command != "serve")
    bad(path, fmt::format("record.command: '{}' is none of \"play\", \"sim\" and \"serve\"", printable(out.command, 40)));
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
  if (r.contains("mc_budget")) {
    const json& b = r["mc_budget"];
    if (!b.is_number_integer() || b.get<int64_t>() < 1 || b.get<int64_t>() > max_mc_budget)
      bad(path, fmt::format("record.mc_budget: {} is not a number of playouts from 1 to {}", printable(b.dump(), 40), max_mc_budget));
  }
  if (r.contains("options")) {
    if (!r["options"].is_object()) bad(path, "record.options: expected an object: option -> value");
    for (auto it = r["options"].begin(); it != r["options"].end(); ++it)
      out.options.push_back(it.key() + "=" + (it.value().is_string() ? it.value().get<std::string>() : it.value().dump()));
  }
}

// record.games against the cases the file holds: each game numbered in turn, its cases counted within the
// file (a count past it is a record tampered with, not a game to show).
void read_games(const std::string& path, const variant& v, const json& r, size_t cases) {
  if (!r.contains("games")) return;
  if (!r["games"].is_array()) bad(path, "record.games: expected a list of the games finished");
  size_t counted = 0;
  for (size_t i = 0; i < r["games"].size(); ++i) {
    const json& g = r["games"][i];
    const std::string at = fmt::format("record.games[{}]", i);
    if (!g.is_object()) bad(path, at + ": expected an object (game, cases, over, winner, score, end)");
    if (!g.contains("game") || g["game"] != i + 1) bad(path, fmt::format("{}.game: expected {} (the games are numbered in turn)", at, i + 1));
    if (!g.contains("cases") || !g["cases"].is_number_integer() || g["cases"].get<int64_t>() < 1)
      bad(path, at + ".cases: expected how many of the cases are the game's hands (1 or more)");
    const uint64_t n = g["cases"].get<uint64_t>();
    if (n > cases - counted)
      bad(path, fmt::format("{}.cases: {} cases from case {} on, but the record holds {} cases", at, n, counted + 1, cases));
    counted += (size_t)n;
    if (g.contains("winner") && !g["winner"].is_null() &&
        (!g["winner"].is_string() || std::find(v.team_names.begin(), v.team_names.end(), g["winner"].get<std::string>()) == v.team_names.end()))
      bad(path, fmt::format("{}.winner: {} is not a side of {} (sides: {})", at, printable(g["winner"].dump(), 40), v.name,
                            fmt::join(v.team_names, " ")));
  }
}

// The seat and the bots of a `play` record, against its variant.
void read_table(const std::string& path, const variant& v, const record_file& rf) {
  if (!rf.seat.empty()) {
    const int seat = v.find_seat(rf.seat);
    if (seat < 0) bad(path, fmt::format("record.seat: '{}' is not a seat of {} (seats: {})", printable(rf.seat, 40), v.name, fmt::join(v.seat_names, " ")));
    if (seat == v.dummy) bad(path, fmt::format("record.seat: '{}' is the dummy, which no one sits at", rf.seat));
  }
  if (rf.bot.empty()) return;
  try {
    (void)read_bots(v, rf.bot);
  } catch (const usage_error& e) {
    std::string why = e.what();
    if (why.rfind("--bots: ", 0) == 0) why.erase(0, 8);
    bad(path, "record.bot: " + printable(why, std::string::npos));
  }
}

}  // namespace

record_file read_record(const std::string& path) {
  file_text f;
  try {
    f = read_file_bounded(path, max_record_bytes);
  } catch (const file_error& e) {
    throw input_error(e.what());
  }
  if (f.too_large) bad(path, fmt::format("the record is too large ({} bytes; the limit is {} MiB)", f.size, max_record_bytes >> 20));
  json doc = json::parse(f.text, nullptr, false);
  // a record cut short (a copy interrupted, a disk that lost its end) is no JSON at all: said so
  if (doc.is_discarded()) bad(path, "not a game record: not valid JSON (cut short, or no JSON at all; see spec/records.md)");
  if (!doc.is_object()) bad(path, "not a game record (not a JSON object; see spec/records.md)");
  if (!doc.contains("record") || !doc["record"].is_object()) bad(path, "not a game record: it has no \"record\" object (a hands file is run by `spades test`)");
  record_file out;
  read_meta(path, doc["record"], out);
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
  read_games(path, *out.d.v, out.d.doc["record"], out.d.doc["cases"].size());
  read_table(path, *out.d.v, out);
  return out;
}

}  // namespace spades::cli
