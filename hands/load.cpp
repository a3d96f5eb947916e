// Test hands, reading a file: JSON, the ruleset it names, and each case's set-up as plain values.
#include "hands/load.hpp"

#include <algorithm>
#include <filesystem>
#include <unordered_set>

#include <fmt/format.h>

#include "runtime/diagnostic.hpp"
#include "runtime/read.hpp"

namespace spades::hands {

namespace fs = std::filesystem;

namespace {

// --ruleset is a path from the current directory; failing that, from the hands file's directory.
std::string ruleset_path(const case_ctx& top, const std::string& file, const json& doc, const std::string& override_path) {
  std::string ruleset = override_path;
  std::error_code ec;
  fs::path dir = fs::path(file).parent_path();
  if (!ruleset.empty() && !fs::exists(ruleset, ec) && fs::exists(dir / ruleset, ec)) ruleset = (dir / ruleset).string();
  if (ruleset.empty()) {
    if (!doc.contains("ruleset") || !doc["ruleset"].is_string()) top.fail("ruleset", "the file names no ruleset (or give --ruleset)");
    ruleset = (dir / doc["ruleset"].get<std::string>()).string();
  }
  return ruleset;
}

void read_options(const case_ctx& cx, const variant& v, const json& c, case_setup& out) {
  if (!c.contains("options")) return;
  if (!c["options"].is_object()) cx.fail("options", "expected an object: option -> value");
  for (auto it = c["options"].begin(); it != c["options"].end(); ++it) {
    auto f = std::find(v.option_names.begin(), v.option_names.end(), it.key());
    if (f == v.option_names.end()) cx.fail("options." + it.key(), "the ruleset declares no such option");
    const json& val = it.value();
    const option_spec& spec = v.option_specs[f - v.option_names.begin()];
    bool choice = spec.type == option_type::choice;
    if (choice && !val.is_string()) cx.fail("options." + it.key(), fmt::format("expected one of the option's words as a string ({})", spec.allowed()));
    if (!choice && !val.is_boolean() && !val.is_number_integer()) cx.fail("options." + it.key(), "expected a number or true/false");
    if (val.is_number_integer() && (val.get<int64_t>() < -max_number || val.get<int64_t>() > max_number))
      cx.fail("options." + it.key(), fmt::format("{} is out of range (an option's value is from {} to {})", val.dump(), -max_number, max_number));
    std::optional<int64_t> x = spec.read(val.is_string() ? val.get<std::string>() : val.dump());
    if (!x) cx.fail("options." + it.key(), fmt::format("{} is not one of its allowed values ({})", val.dump(), spec.allowed()));
    out.options.push_back({(int)(f - v.option_names.begin()), *x});
  }
}

void read_before(const case_ctx& cx, const variant& v, const json& c, case_setup& out) {
  if (!c.contains("before")) return;
  const json& b = c["before"];
  if (!b.is_object()) cx.fail("before", "expected an object");
  out.has_before = true;
  out.hands_played = 1;
  for (auto it = b.begin(); it != b.end(); ++it) {
    std::string f = "before." + it.key();
    if (it.key() == "hands_played") {
      int64_t n = integer(cx, f, it.value());
      if (n < 0 || n > 1000000) cx.fail(f, "out of range");
      out.hands_played = (int)n;
      continue;
    }
    // `bags` names the counter that plays the role of bags, whatever the ruleset calls it
    bool bags = it.key() == "bags";
    int counter = bags ? v.bags_counter : counter_index(v, it.key());
    if (it.key() != "score" && counter < 0 && !bags)
      cx.fail(f, fmt::format("unknown field (known: score, hands_played{}{})", v.counters.empty() ? "" : ", ", fmt::join(v.counters, ", ")));
    if (!it.value().is_object()) cx.fail(f, "expected an object: team -> number");
    for (auto t = it.value().begin(); t != it.value().end(); ++t) {
      int team = team_of(cx, v, f + "." + t.key(), t.key());
      int64_t x = integer(cx, f + "." + t.key(), t.value());
      if (x < -max_number || x > max_number) cx.fail(f + "." + t.key(), "out of range");
      if (bags && counter < 0) {  // a ruleset without bags: every team has none
        if (x != 0) cx.fail(f + "." + t.key(), "the ruleset keeps no bags (no counter plays the role `bags`): only 0 is accepted");
        continue;
      }
      out.before.push_back({counter, {team, x}});
    }
  }
}

void read_hands(const case_ctx& cx, const json& c, case_setup& out) {
  if (!c.contains("hands")) {
    // one hand: the case's own fields, less those of the case
    json hand = c;
    hand.erase("options");
    hand.erase("before");
    out.hands.push_back(std::move(hand));
    out.prefixes.push_back("");
    return;
  }
  for (const char* f : {"dealer", "deal", "bids", "play", "moves", "tricks", "events", "expect"})
    if (c.contains(f)) cx.fail(f, "with 'hands', each hand carries its own fields");
  only_fields(cx, c, "", {"name", "options", "before", "hands", "note"});
  if (!c["hands"].is_array() || c["hands"].empty()) cx.fail("hands", "expected a non-empty list of hands");
  for (size_t h = 0; h < c["hands"].size(); ++h) {
    out.hands.push_back(c["hands"][h]);
    out.prefixes.push_back(fmt::format("hands[{}].", h));
  }
}

// The JSON library's message without its own labels: "[json.exception.parse_error.101] parse error at
// line 1, column 2: syntax error ..." reads "syntax error ...", the position being given our way.
std::string library_text(std::string what) {
  if (what.rfind("[json.exception.", 0) == 0) what.erase(0, what.find("] ") + 2);
  if (auto colon = what.find(": "); what.rfind("parse error", 0) == 0 && colon != std::string::npos) what.erase(0, colon + 2);
  return what;
}

// A syntax error at byte `byte` (1-based; 0 or past the end: the end of the text): `file:line:col: error:`,
// the source line and a caret, as for variant files.
std::string json_syntax_error(const std::string& file, const std::string& text, size_t byte, const std::string& what) {
  size_t at = byte == 0 || byte > text.size() ? text.size() : byte - 1;
  if (at == text.size() && at > 0 && text[at - 1] == '\n') --at;  // the end of the input: the end of its last line
  size_t line_start = at == 0 ? 0 : text.rfind('\n', at - 1);
  line_start = line_start == std::string::npos || at == 0 ? 0 : line_start + 1;
  sources src;
  int f = src.add(file, text);
  pos p{f, 1 + (int)std::count(text.begin(), text.begin() + (long)line_start, '\n'), (int)(at - line_start) + 1};
  std::string out = src.render(diagnostic{p, "not valid JSON: " + library_text(what), {}});
  if (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

}  // namespace

// The JSON parser recurses once per level of nesting: refuse absurd depth before it runs.
void check_depth(const std::string& file, const std::string& text) {
  if (json_nesting_over(text, max_hands_depth))
    throw hands_error(fmt::format("{}: not valid JSON: nesting is too deep (more than {} levels of [ and {{)", file, max_hands_depth));
}

// Parses, refusing a key given twice in one object: JSON keeps only the last, which would silently hide
// a case list or an expectation.
json parse_unique(const std::string& file, const std::string& text) {
  struct level {
    bool array = false;
    size_t index = 0;
    std::string key;
    std::unordered_set<std::string> keys;
  };
  std::vector<level> path;
  auto where = [&] {
    std::string out;
    for (size_t i = 0; i + 1 < path.size(); ++i)
      out += path[i].array ? fmt::format("[{}]", path[i].index) : (out.empty() ? "" : ".") + path[i].key;
    return out.empty() ? std::string("the top level") : "'" + out + "'";
  };
  auto element_done = [&] {
    if (!path.empty() && path.back().array) ++path.back().index;
  };
  json::parser_callback_t cb = [&](int, json::parse_event_t ev, json& parsed) {
    switch (ev) {
      case json::parse_event_t::object_start: path.emplace_back(); break;
      case json::parse_event_t::array_start: path.emplace_back().array = true; break;
      case json::parse_event_t::key: {
        std::string k = parsed.get<std::string>();
        if (!path.back().keys.insert(k).second)
          throw hands_error(fmt::format("{}: the key \"{}\" is given twice in the same object (at {}): JSON would keep only the last", file, k, where()));
        path.back().key = k;
        break;
      }
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        path.pop_back();
        element_done();
        break;
      case json::parse_event_t::value: element_done(); break;
    }
    return true;
  };
  return json::parse(text, cb);
}

hands_doc load_doc(const std::string& file, const std::string& text, const std::string& ruleset_override,
                   const variant_loader& load) {
  hands_doc d;
  d.file = file;
  check_depth(file, text);
  try {
    d.doc = parse_unique(file, text);
  } catch (const json::parse_error& e) {
    throw hands_error(json_syntax_error(file, text, e.byte, e.what()));
  } catch (const json::exception& e) {
    // a number too large for JSON's numbers here (out_of_range.406)
    throw hands_error(fmt::format("{}: not valid JSON: {}", file, library_text(e.what())));
  }
  case_ctx top{file, "(file)"};
  // a game record (spec/records.md) is a hands file with its "record": what `spades test` does not read
  if (d.doc.is_object() && d.doc.contains("record")) {
    if (!d.doc["record"].is_object()) top.fail("record", "expected an object (a game record's description)");
    json rest = d.doc;
    rest.erase("record");
    only_fields(top, rest, "", {"ruleset", "cases", "note"});
  } else {
    only_fields(top, d.doc, "", {"ruleset", "cases", "note"});
  }
  d.ruleset = ruleset_path(top, file, d.doc, ruleset_override);
  if (!ruleset_override.empty() && d.doc.contains("ruleset") && d.doc["ruleset"].is_string()) {
    std::string own = ruleset_path(top, file, d.doc, "");
    std::error_code ec;
    if (!fs::equivalent(own, d.ruleset, ec)) d.own_ruleset = own;
  }
  try {
    d.v = load(d.ruleset);
  } catch (const hands_error& e) {
    throw hands_error(fmt::format("{}: the ruleset '{}' cannot be used:\n{}", file, d.ruleset, e.what()));
  }
  if (!d.doc.contains("cases") || !d.doc["cases"].is_array()) top.fail("cases", "expected a list of cases");
  return d;
}

case_setup read_case(const hands_doc& d, size_t index, const std::unordered_set<std::string>& seen) {
  const json& c = d.doc["cases"][index];
  case_ctx cx{d.file, fmt::format("#{}", index)};
  if (!c.is_object()) cx.fail("", "a case must be an object");
  if (!c.contains("name") || !c["name"].is_string()) cx.fail("name", "every case needs a name");
  // shown in messages and reports: control bytes (a terminal's escapes) are shown as '?', never sent raw
  cx.name = printable(c["name"].get<std::string>(), std::string::npos);
  if (seen.count(cx.name)) cx.fail("name", "another case has the same name");
  case_setup out;
  out.name = cx.name;
  try {
    read_options(cx, *d.v, c, out);
    read_before(cx, *d.v, c, out);
    read_hands(cx, c, out);
  } catch (const json::exception& e) {
    // a value of the wrong JSON type somewhere the checks did not look: still the file's fault
    cx.fail("", fmt::format("a value has the wrong type ({})", e.what()));
  }
  return out;
}

}  // namespace spades::hands
