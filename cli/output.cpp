// Failure reports shared by the commands; see output.hpp.
#include "cli/output.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <system_error>

#include <fmt/format.h>

namespace spades::cli {

namespace {
bool json_on = false;

nlohmann::ordered_json where(const sources& src, pos at) {
  nlohmann::ordered_json j;
  bool known = at.file >= 0 && at.file < src.size();
  j["file"] = known ? nlohmann::ordered_json(src.path(at.file)) : nlohmann::ordered_json(nullptr);
  j["line"] = known && at.line > 0 ? nlohmann::ordered_json(at.line) : nlohmann::ordered_json(nullptr);
  j["col"] = known && at.line > 0 ? nlohmann::ordered_json(at.col) : nlohmann::ordered_json(nullptr);
  return j;
}
}  // namespace

void set_json_output(bool on) { json_on = on; }

namespace {
std::string command_name = "spades";
}  // namespace

void set_command(const std::string& name) { command_name = "spades " + name; }

std::string command_error(const std::string& message) {
  return message.rfind("error: ", 0) == 0 ? command_name + ": " + message.substr(7) : message;
}
bool json_output() { return json_on; }

void report_failure(const std::string& message, const nlohmann::ordered_json& extra) {
  std::string text = message;
  if (text.empty() || text.back() != '\n') text += '\n';
  std::fputs(text.c_str(), stderr);
  if (!json_on) return;
  nlohmann::ordered_json j;
  text.pop_back();
  j["error"] = text;
  for (auto it = extra.begin(); it != extra.end(); ++it) j[it.key()] = it.value();
  try {
    fmt::print("{}\n", json_text(j));
  } catch (const std::system_error&) {
    // standard output refuses writes: the message is on standard error, and main says the output was lost
  }
}

nlohmann::ordered_json diagnostic_json(const sources& src, const diagnostic& d) {
  nlohmann::ordered_json j = where(src, d.at);
  j["severity"] = "error";
  j["message"] = d.message;
  nlohmann::ordered_json notes = nlohmann::ordered_json::array();
  for (const note& n : d.notes) {
    nlohmann::ordered_json nj = where(src, n.at);
    nj["message"] = n.message;
    notes.push_back(nj);
  }
  j["notes"] = notes;
  return j;
}

terminal this_terminal() {
  const char* term = std::getenv("TERM");
  const char* lang_env = std::getenv("LC_ALL") ? std::getenv("LC_ALL") : std::getenv("LANG");
  const bool tty = isatty(1);
  const std::string lang_s = lang_env ? lang_env : "";
  return {tty && !std::getenv("NO_COLOR") && term && std::string(term) != "dumb",
          tty && (lang_s.find("UTF-8") != std::string::npos || lang_s.find("utf8") != std::string::npos)};
}

card_notation notation_wanted(const args& a, const terminal& term) {
  if (!a.has("--notation")) return term.utf8 ? card_notation::symbols : card_notation::plain;
  card_notation n;
  if (!read_card_notation(a.get("--notation"), n))
    throw usage_error(fmt::format("--notation: '{}' is not a notation (plain: AS 10D; symbols: A\u2660 10\u2666)", printable(a.get("--notation"))));
  return n;
}

}  // namespace spades::cli
