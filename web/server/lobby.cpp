// The lobby's side of the hub: the rulesets listed, a pasted variant checked as `spades check` checks it, and
// a table's set-up read from the host's request (ruleset or text, options, seats), every refusal in words.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <regex>

#include <fmt/format.h>

#include "lang/load.hpp"
#include "lang/resolve.hpp"
#include "web/server/hub.hpp"

namespace spades::web {

namespace fs = std::filesystem;

std::string random_token(int bytes) {
  std::vector<unsigned char> buf((size_t)bytes);
  const int fd = ::open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  size_t got = 0;
  while (fd >= 0 && got < buf.size()) {
    const ssize_t n = ::read(fd, buf.data() + got, buf.size() - got);
    if (n <= 0) break;
    got += (size_t)n;
  }
  if (fd >= 0) ::close(fd);
  // no token at all rather than a guessable one
  if (got != buf.size()) throw std::runtime_error("cannot read /dev/urandom for a seat token");
  std::string out;
  for (unsigned char c : buf) out += fmt::format("{:02x}", c);
  return out;
}

uint64_t random_seed() { return std::stoull(random_token(7), nullptr, 16); }

namespace {

answer refusal(int status, const std::string& why) { return {status, json{{"error", why}}.dump(-1, ' ', false, json::error_handler_t::replace)}; }

json options_json(const variant& v) {
  json out = json::array();
  for (size_t i = 0; i < v.option_names.size(); ++i) {
    const option_spec& spec = v.option_specs[i];
    json values = json::array();
    for (int64_t x : spec.values()) values.push_back(spec.text(x));
    out.push_back({{"name", v.option_names[i]},
                   {"default", spec.text(v.option_defaults[i])},
                   {"allowed", spec.allowed()},
                   {"values", values},
                   {"about", v.option_about[i]}});
  }
  return out;
}

json summary(const variant& v) {
  return {{"id", v.id}, {"name", v.name}, {"about", v.about}, {"base", v.base}, {"seats", v.seat_names}, {"dummy", v.dummy},
          {"options", options_json(v)}};
}

// A pasted variant may extend a ruleset by its id only: no path from a request reaches the file system.
std::string path_in_extends(const std::string& text) {
  static const std::regex extends(R"re(\bextends\s+"([^"\n]*)")re");
  for (std::sregex_iterator it(text.begin(), text.end(), extends), end; it != end; ++it)
    if (!lang::is_variant_id((*it)[1].str()))
      return fmt::format("a pasted variant extends a ruleset by its id (extends \"standard\"), not by a path: '{}'",
                         printable((*it)[1].str(), 60));
  return {};
}

}  // namespace

hub::hub(hub_config config) : config_(std::move(config)) {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(config_.rulesets_dir, ec))
    if (e.path().extension() == ".spades") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  for (const std::string& f : files) {
    try {
      sources src;
      rulesets_.push_back(summary(*lang::load_variant(src, f, config_.search)));
    } catch (const diag_error&) {
      // a ruleset with errors is not offered (`spades list` reports it)
    }
  }
}

// The rulesets, and the bots a seat may take (the built-in ones, then the operator's outside bots by name).
answer hub::rulesets() const {
  json bots = json::array({"mc", "rule"});
  for (const outside_bot& b : config_.outside_bots) bots.push_back(b.name);
  return {200, json{{"rulesets", rulesets_}, {"bots", bots}}.dump()};
}

answer hub::check(const std::string& text) const {
  if (text.size() > max_web_variant_bytes)
    return refusal(413, fmt::format("the variant is too large ({} bytes; the limit is {} KiB)", text.size(), max_web_variant_bytes >> 10));
  if (std::string why = path_in_extends(text); !why.empty()) return refusal(400, why);
  sources src;
  try {
    std::unique_ptr<variant> v = lang::load_variant_text(src, "pasted.spades", text, config_.search);
    return {200, json{{"ok", true}, {"variant", summary(*v)}}.dump(-1, ' ', false, json::error_handler_t::replace)};
  } catch (const diag_error& e) {
    const bool here = e.d.at.file >= 0 && src.path(e.d.at.file) == "pasted.spades";
    json d = {{"file", e.d.at.file >= 0 ? src.path(e.d.at.file) : ""},
              {"line", e.d.at.line},
              {"col", e.d.at.col},
              {"message", e.d.message},
              {"in_text", here},
              {"rendered", src.render(e.d)}};
    return {200, json{{"ok", false}, {"diagnostics", json::array({d})}}.dump(-1, ' ', false, json::error_handler_t::replace)};
  }
}

namespace {

// The option values a request sets, read by each option's own rules; `chosen` those a setting names.
std::string read_options(const variant& v, const json& opts, table_setup& out, lang::option_choices& chosen) {
  if (opts.is_null()) return {};
  if (!opts.is_object()) return "options: expected an object of option -> value";
  for (auto it = opts.begin(); it != opts.end(); ++it) {
    auto f = std::find(v.option_names.begin(), v.option_names.end(), it.key());
    if (f == v.option_names.end()) return fmt::format("unknown rule option '{}'", printable(it.key(), 40));
    const int o = (int)(f - v.option_names.begin());
    const std::string val = it.value().is_string() ? it.value().get<std::string>() : it.value().dump();
    std::optional<int64_t> x = v.option_specs[o].read(val);
    if (!x) return fmt::format("option {}: '{}' is not one of its allowed values ({})", it.key(), printable(val, 40), v.option_specs[o].allowed());
    out.options.push_back(it.key() + "=" + v.option_specs[o].text(*x));
    out.option_values.push_back({o, *x});
    if (v.option_specs[o].in_settings && *x != v.option_defaults[o]) chosen.push_back({it.key(), v.option_specs[o].text(*x)});
  }
  return {};
}

// The outside bots' names, for messages ("none" without any).
std::string outside_names(const std::vector<outside_bot>& outside) {
  std::string out;
  for (const outside_bot& b : outside) out += (out.empty() ? "" : ", ") + b.name;
  return out.empty() ? "none" : out;
}

// Who sits at a seat by the request's word: a person, rule or mc, or a registered outside bot by its name.
// A command is never read from a request: the operator's registrations are the only commands run.
std::string read_player(const std::string& who, const std::vector<outside_bot>& outside, const std::string& seat, seat_setup& ss) {
  if (who == "person") return ss.person = true, "";
  if (who == "rule" || who == "mc") return ss.bot = *find_bot(who), "";
  for (const outside_bot& b : outside)
    if (who == b.name) return ss.bot = bot_kind::external, ss.outside = b, "";
  if (who.rfind("exec:", 0) == 0)
    return fmt::format("seat {}: a table runs no command a browser names; the outside bots this server offers are {} "
                       "(its operator registers them: spades serve --bot NAME=exec:CMD)",
                       seat, outside_names(outside));
  return fmt::format("seat {}: '{}' is neither a person nor a bot (rule, mc{}{})", seat, printable(who, 20), outside.empty() ? "" : ", ",
                     outside.empty() ? "" : outside_names(outside));
}

std::string read_seats(const variant& v, const json& seats, const std::vector<outside_bot>& outside, table_setup& out) {
  if (!seats.is_array() || (int)seats.size() != v.seats) return fmt::format("seats: expected one entry per seat ({})", v.seats);
  bool anyone = false;
  for (int s = 0; s < v.seats; ++s) {
    const json& e = seats[(size_t)s];
    if (!e.is_object()) return fmt::format("seats[{}]: expected an object", s);
    seat_setup ss;
    const std::string who = e.value("player", "rule");
    ss.name = e.contains("name") && e["name"].is_string() ? e["name"].get<std::string>() : "";
    if (ss.name.size() > (size_t)max_web_name_bytes)
      return fmt::format("the name at seat {} is too long ({} bytes; the limit is {})", v.seat_names[s], ss.name.size(), max_web_name_bytes);
    if (printable(ss.name, std::string::npos) != ss.name) return fmt::format("the name at seat {} holds control characters or is not UTF-8", v.seat_names[s]);
    if (std::string why = read_player(who, outside, v.seat_names[s], ss); !why.empty()) return why;
    anyone = anyone || ss.person;
    if (s == v.dummy && ss.person) return fmt::format("seat {} is the dummy, at which no one sits", v.seat_names[s]);
    if (ss.name.empty()) ss.name = ss.person ? v.seat_names[s] : ss.player() + " bot";
    out.seats.push_back(ss);
  }
  if (!anyone) return "seat at least one person: a table of bots alone is `spades sim`";
  return {};
}

}  // namespace

// The request's variant (a ruleset by id, or pasted text) with its options and seats, or the refusal.
answer hub::setup_of(const json& req, table_setup& out) const {
  sources src;
  std::shared_ptr<const variant> v;
  std::string path;
  try {
    if (req.contains("text")) {
      if (!req["text"].is_string()) return refusal(400, "text: expected the variant's text");
      out.ruleset_text = req["text"].get<std::string>();
      if (out.ruleset_text.size() > max_web_variant_bytes) return refusal(413, "the variant is too large");
      if (std::string why = path_in_extends(out.ruleset_text); !why.empty()) return refusal(400, why);
      v = lang::load_variant_text(src, "pasted.spades", out.ruleset_text, config_.search);
      out.ruleset = "pasted.spades";
    } else {
      const std::string id = req.value("ruleset", "");
      if (!lang::is_variant_id(id)) return refusal(400, "ruleset: expected a ruleset's id");
      path = lang::find_variant(id, {config_.rulesets_dir});
      if (path.empty()) return refusal(404, fmt::format("no ruleset '{}'", printable(id, 40)));
      v = lang::load_variant(src, path, config_.search);
      out.ruleset = fs::absolute(path).string();
    }
  } catch (const diag_error& e) {
    return refusal(400, src.render(e.d));
  }
  lang::option_choices chosen;
  if (std::string why = read_options(*v, req.contains("options") ? req["options"] : json(nullptr), out, chosen); !why.empty()) return refusal(400, why);
  if (!chosen.empty()) {
    if (path.empty()) return refusal(400, "an option a setting names cannot be set for a pasted variant: give it its value in the text");
    try {
      v = lang::load_variant(src, path, chosen, config_.search);
    } catch (const diag_error& e) {
      return refusal(400, src.render(e.d));
    }
  }
  out.v = v;
  if (std::string why = read_seats(*v, req.contains("seats") ? req["seats"] : json(nullptr), config_.outside_bots, out); !why.empty())
    return refusal(400, why);
  out.seed = random_seed();
  out.mc_budget = config_.mc_budget;
  out.bot_timeout_ms = config_.bot_timeout_ms;
  return {};
}

answer hub::create(const std::string& body) {
  if (body.size() > max_web_message_bytes) return refusal(413, "the request is too large");
  if ((int)tables_.size() >= max_web_tables) drop_finished();
  if ((int)tables_.size() >= max_web_tables)
    return refusal(503, fmt::format("this server has {} tables open, its limit: try again when a game has ended", max_web_tables));
  const json req = json::parse(body, nullptr, false);
  if (req.is_discarded() || !req.is_object()) return refusal(400, "expected a JSON object");
  table_setup setup;
  if (answer a = setup_of(req, setup); a.status != 200 || !a.body.empty()) return a;
  if (config_.seed) setup.seed = config_.seed + opened_;
  ++opened_;
  std::vector<std::string> tokens;
  for (const seat_setup& s : setup.seats) tokens.push_back(s.person ? random_token(16) : "");
  const variant& v = *setup.v;
  const std::string id = add_table(std::move(setup), tokens);
  json seats = json::array();
  for (int s = 0; s < v.seats; ++s) {
    const seat_setup& ss = tables_.at(id).t->setup().seats[(size_t)s];
    seats.push_back({{"seat", v.seat_names[s]}, {"name", ss.name}, {"player", ss.player()}, {"token", tokens[(size_t)s]}});
  }
  return {200, json{{"table", id}, {"variant", v.name}, {"seats", seats}}.dump(-1, ' ', false, json::error_handler_t::replace)};
}

}  // namespace spades::web
