// Tables brought back after a restart (--state DIR): each saved record's set-up read back, and its moves
// played again from its seed through the table itself, the bots making theirs again.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "lang/load.hpp"
#include "runtime/notation.hpp"
#include "web/server/hub.hpp"

namespace spades::web {

namespace fs = std::filesystem;

namespace {

// "S: 4" -> every entry of the record, in order.
std::vector<std::string> entries_of(const json& doc) {
  std::vector<std::string> out;
  if (!doc.contains("cases") || !doc["cases"].is_array()) return out;
  for (const json& c : doc["cases"])
    if (c.is_object() && c.contains("moves") && c["moves"].is_array())
      for (const json& m : c["moves"]) out.push_back(m.is_string() ? m.get<std::string>() : m.dump());
  return out;
}

}  // namespace

bool table::replay(const json& doc, std::string& err) {
  const std::vector<std::string> saved = entries_of(doc);
  advance();
  for (;;) {
    const std::vector<std::string> made = entries_of(rec_.doc());
    const size_t k = made.size();
    for (size_t i = 0; i < k; ++i)
      if (i >= saved.size() || made[i] != saved[i]) {
        err = fmt::format("move {} ('{}'): the record does not follow from its seed", i, i < saved.size() ? printable(saved[i], 40) : "");
        return false;
      }
    if (k == saved.size()) return true;
    const std::string& e = saved[k];
    const size_t colon = e.find(':');
    std::string who = colon == std::string::npos ? "" : e.substr(0, colon);
    who.erase(0, who.find_first_not_of(' '));
    who.erase(who.find_last_not_of(' ') + 1);
    const int seat = v().find_seat(who);
    const std::string action = colon == std::string::npos ? e : e.substr(colon + 1);
    if (seat < 0 || !setup_.seats[(size_t)seat].person) {
      err = fmt::format("move {} ('{}'): not a person's move where the bots have played theirs", k, printable(e, 40));
      return false;
    }
    if (is_look(action)) {
      st_.look(seat);
      rec_.looked(st_, seat);
      continue;
    }
    std::vector<move> ms;
    if (!parse_action(st_, action, ms, err) || ms.empty()) return false;
    if (std::string why = queue(ms); !why.empty()) {
      err = fmt::format("move {} ('{}'): {}", k, printable(e, 40), why);
      return false;
    }
  }
}

std::vector<std::string> hub::resume_saved() {
  std::vector<std::string> problems;
  if (config_.state_dir.empty()) return problems;
  std::error_code ec;
  std::vector<fs::path> files;
  for (const auto& f : fs::directory_iterator(config_.state_dir, ec))
    if (f.path().filename().string().rfind("table-", 0) == 0 && f.path().extension() == ".json") files.push_back(f.path());
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) {
    if ((int)tables_.size() >= max_web_tables) break;
    std::ifstream in(f);
    std::stringstream text;
    text << in.rdbuf();
    const json doc = json::parse(text.str(), nullptr, false);
    std::string why = doc.is_discarded() ? "not JSON" : resume_one(doc);
    if (!why.empty()) problems.push_back(fmt::format("{}: {}", f.string(), why));
  }
  return problems;
}

// One saved table back: its variant and set-up from the record, then its moves.
std::string hub::resume_one(const json& doc) {
  try {
    const json& r = doc.at("record");
    const json& serve = r.at("serve");
    json req;
    const std::string pasted = serve.value("variant_text", "");
    if (!pasted.empty()) req["text"] = pasted;
    else req["ruleset"] = fs::path(doc.at("ruleset").get<std::string>()).stem().string();
    req["options"] = r.value("options", json::object());
    req["seats"] = r.at("seats");
    table_setup setup;
    if (answer a = setup_of(req, setup); a.status != 200) return json::parse(a.body).value("error", "cannot be set up");
    setup.seed = r.at("seed").get<uint64_t>();
    setup.mc_budget = r.value("mc_budget", setup.mc_budget);
    const std::string id = serve.at("table").get<std::string>();
    if (tables_.count(id)) return "a table of this id is open already";
    entry e{std::make_unique<table>(std::move(setup)), serve.at("tokens").get<std::vector<std::string>>(), false};
    std::string err;
    if (!e.t->replay(doc, err)) return err;
    e.finished = e.t->over();  // handed on when it ended, before the restart
    for (size_t s = 0; s < e.tokens.size(); ++s)
      if (!e.tokens[s].empty()) tokens_[e.tokens[s]] = {id, (int)s};
    tables_.emplace(id, std::move(e));
    return {};
  } catch (const json::exception& e) {
    return fmt::format("not a table's record: {}", e.what());
  }
}

}  // namespace spades::web
