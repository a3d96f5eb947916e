// Test hands, the outcome as text and as JSON.
#include "hands/report.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace spades {

using json = nlohmann::ordered_json;

std::string hands_report::to_json(bool explain) const {
  json j;
  j["file"] = file;
  j["ruleset"] = ruleset;
  j["cases"] = json::array();
  for (const auto& c : cases) {
    json cj;
    cj["name"] = c.name;
    cj["ok"] = c.ok;
    cj["failures"] = json::array();
    for (const auto& f : c.failures) cj["failures"].push_back({{"field", f.field}, {"expected", f.expected}, {"got", f.got}});
    if (explain && !c.notes.empty()) cj["scoring"] = c.notes;
    j["cases"].push_back(cj);
  }
  j["passed"] = passed;
  j["failed"] = failed;
  if (!not_applicable.empty()) {
    j["not_applicable"] = json::array();
    for (const auto& n : not_applicable) j["not_applicable"].push_back({{"name", n.name}, {"reason", n.reason}});
  }
  return j.dump(2, ' ', false, json::error_handler_t::replace);  // a path not in UTF-8 is kept readable
}

std::string hands_report::to_text(bool explain) const {
  std::string out;
  for (const auto& c : cases) {
    out += fmt::format("{} {}\n", c.ok ? "ok  " : "FAIL", c.name);
    for (const auto& f : c.failures) out += fmt::format("     {}: expected {}, got {}\n", f.field, f.expected, f.got);
    if (explain)
      for (const auto& n : c.notes) out += fmt::format("     {}\n", n);
  }
  for (const auto& n : not_applicable) out += fmt::format("n/a  {}\n     {}\n", n.name, n.reason);
  if (!not_applicable.empty()) out += fmt::format("{} not applicable to {}\n", not_applicable.size(), ruleset);
  out += fmt::format("{} passed, {} failed\n", passed, failed);
  return out;
}

}  // namespace spades
