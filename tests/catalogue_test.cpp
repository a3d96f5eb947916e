// rulesets/README.md, the catalogue of rulesets, against the files it describes: one row per
// rulesets/*.spades (and no row without its file), each row's base and options as the file declares them,
// every ruleset's test hands beside it, and each row under the heading that is its file's `group`. Adding a
// ruleset without its row fails here, by name.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "tests/test_util.hpp"

using namespace spades;
using namespace spades::testing;
namespace fs = std::filesystem;

namespace {

const std::string readme = "rulesets/README.md";
const char* const no_entry = "—";  // an empty cell: no base, no options

struct option_cell {
  std::string name;
  std::string value;  // as written: true, false or a whole number
};

struct row {
  int line = 0;
  std::string id;
  std::string base;  // "" for —
  std::string about; // the variant's sentence
  std::string group; // the heading (## ...) the row's table stands under
  std::vector<option_cell> options;
};

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

std::vector<std::string> cells_of(const std::string& line) {
  std::string s = trim(line);
  if (!s.empty() && s.front() == '|') s.erase(0, 1);
  if (!s.empty() && s.back() == '|') s.pop_back();
  std::vector<std::string> out;
  size_t i = 0;
  while (true) {
    size_t j = s.find('|', i);
    out.push_back(trim(s.substr(i, j == std::string::npos ? std::string::npos : j - i)));
    if (j == std::string::npos) break;
    i = j + 1;
  }
  return out;
}

bool is_name(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isalnum(c) || c == '_' || c == '-'; });
}

// "[`nyc`](nyc.spades)" or "`nyc`" or "nyc" -> "nyc"; a link must point at the id's own file.
std::string ruleset_ref(const std::string& cell, const std::string& where, std::vector<std::string>& problems) {
  std::string name = cell, target;
  if (!cell.empty() && cell.front() == '[') {
    size_t close = cell.find("](");
    if (close == std::string::npos || cell.back() != ')') {
      problems.push_back(where + ": '" + cell + "' is not a link of the form [`id`](id.spades)");
      return "";
    }
    name = cell.substr(1, close - 1);
    target = cell.substr(close + 2, cell.size() - close - 3);
  }
  name.erase(std::remove(name.begin(), name.end(), '`'), name.end());
  name = trim(name);
  if (!is_name(name)) {
    problems.push_back(where + ": '" + cell + "' does not name a ruleset");
    return "";
  }
  if (!target.empty() && target != name + ".spades")
    problems.push_back(where + ": the link for '" + name + "' points at " + target + ", not " + name + ".spades");
  return name;
}

bool is_value(const std::string& v) {
  if (v == "true" || v == "false" || is_name(v)) return true;  // a name: a choice of words
  size_t i = (!v.empty() && v[0] == '-') ? 1 : 0;
  return i < v.size() && std::all_of(v.begin() + i, v.end(), [](unsigned char c) { return std::isdigit(c); });
}

// "`name = value` meaning<br>`name = value` meaning" or "—".
std::vector<option_cell> options_of(const std::string& cell, const std::string& where, std::vector<std::string>& problems) {
  std::vector<option_cell> out;
  if (cell == no_entry) return out;
  std::string rest = cell;
  while (true) {
    size_t br = rest.find("<br>");
    std::string entry = trim(rest.substr(0, br));
    bool ok = entry.size() > 2 && entry[0] == '`';
    size_t close = ok ? entry.find('`', 1) : std::string::npos;
    ok = ok && close != std::string::npos;
    std::string decl = ok ? entry.substr(1, close - 1) : "";
    size_t eq = decl.find('=');
    option_cell o;
    if (ok && eq != std::string::npos) {
      o.name = trim(decl.substr(0, eq));
      o.value = trim(decl.substr(eq + 1));
    }
    std::string meaning = ok ? trim(entry.substr(close + 1)) : "";
    if (!ok || eq == std::string::npos || !is_name(o.name) || !is_value(o.value) || meaning.empty())
      problems.push_back(where + ": option entry '" + entry +
                         "' should be `name = default` (true, false or a number) and then its meaning, entries "
                         "separated by <br>, or — for none");
    else
      out.push_back(o);
    if (br == std::string::npos) break;
    rest = rest.substr(br + 4);
  }
  return out;
}

// Every row of every table in README.md whose header is id | variant | base | options | source.
std::vector<row> catalogue_rows(std::vector<std::string>& problems) {
  std::vector<row> rows;
  fs::path p = source_path(readme);
  if (!fs::exists(p)) {
    problems.push_back(readme + " is missing");
    return rows;
  }
  const std::vector<std::string> header{"id", "variant", "base", "options", "source"};
  std::vector<std::string> lines = lines_of(read_text(p));
  bool in_table = false;
  int tables = 0;
  std::string heading;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string l = trim(lines[i]);
    if (l.rfind("## ", 0) == 0) heading = trim(l.substr(3));
    if (l.empty() || l.front() != '|') {
      in_table = false;
      continue;
    }
    std::vector<std::string> cells = cells_of(l);
    std::string where = readme + ":" + std::to_string(i + 1);
    if (!in_table) {
      // a table starts: the catalogue's if its header is ours (the separator line follows it)
      if (cells == header) {
        in_table = true;
        ++tables;
        ++i;
      }
      continue;
    }
    if (cells.size() != header.size()) {
      problems.push_back(where + ": a row needs 5 cells (id | variant | base | options | source), this one has " +
                         std::to_string(cells.size()));
      continue;
    }
    row r;
    r.line = (int)i + 1;
    r.id = ruleset_ref(cells[0], where, problems);
    if (r.id.empty()) continue;
    if (cells[1].empty() || cells[1] == no_entry) problems.push_back(where + ": '" + r.id + "' has no variant description");
    r.about = cells[1];
    r.group = heading;
    if (cells[2] != no_entry) r.base = ruleset_ref(cells[2], where, problems);
    r.options = options_of(cells[3], where, problems);
    if (cells[4].empty() || cells[4] == no_entry) problems.push_back(where + ": '" + r.id + "' names no source");
    rows.push_back(r);
  }
  if (tables == 0) problems.push_back(readme + " has no table with the header | id | variant | base | options | source |");
  return rows;
}

std::vector<std::string> ruleset_ids() {
  std::vector<std::string> ids;
  for (const auto& e : fs::directory_iterator(source_path("rulesets")))
    if (e.is_regular_file() && e.path().extension() == ".spades") ids.push_back(e.path().stem().string());
  std::sort(ids.begin(), ids.end());
  return ids;
}

// The file's `extends "PATH"` as the catalogue names it ("standard" for "standard" or "standard.spades");
// nullopt when the file extends nothing.
std::optional<std::string> extends_of(const std::string& text) {
  for (const std::string& raw : lines_of(text)) {
    std::string l = trim(raw);
    if (l.rfind("extends", 0) != 0 || l.size() == 7 || !std::isspace((unsigned char)l[7])) continue;
    size_t a = l.find('"'), b = a == std::string::npos ? a : l.find('"', a + 1);
    if (b == std::string::npos) continue;
    std::string path = l.substr(a + 1, b - a - 1);
    if (path.size() > 7 && path.substr(path.size() - 7) == ".spades") path.resize(path.size() - 7);
    return path;
  }
  return std::nullopt;
}

// Is `name` declared as `option name = true|false` in any file the variant was built from?
bool declared_boolean(const variant& v, const std::string& name) {
  if (!v.source) return false;
  for (int f = 0; f < v.source->size(); ++f)
    for (const std::string& raw : lines_of(v.source->text(f))) {
      std::istringstream in(raw);
      std::string kw, n, eq, value;
      in >> kw >> n >> eq >> value;
      if (kw == "option" && n == name && eq == "=" && (value == "true" || value == "false")) return true;
    }
  return false;
}

std::string shown_value(int64_t v, bool boolean) {
  if (boolean && (v == 0 || v == 1)) return v ? "true" : "false";
  return std::to_string(v);
}

void report(const std::vector<std::string>& problems) {
  for (const std::string& p : problems) FAIL_CHECK(p);
  if (problems.empty()) SUCCEED("rulesets/README.md agrees with rulesets/");
}

}  // namespace

TEST_CASE("catalogue: every ruleset has exactly one row in rulesets/README.md, every row a file", "[catalogue]") {
  std::vector<std::string> problems;
  std::vector<row> rows = catalogue_rows(problems);
  std::vector<std::string> ids = ruleset_ids();
  REQUIRE(!ids.empty());
  std::map<std::string, int> seen;  // id -> first row's line
  for (const row& r : rows) {
    if (seen.count(r.id))
      problems.push_back(readme + ":" + std::to_string(r.line) + ": a second row for '" + r.id + "' (the first is at line " +
                         std::to_string(seen[r.id]) + ")");
    else
      seen[r.id] = r.line;
    if (!std::binary_search(ids.begin(), ids.end(), r.id))
      problems.push_back(readme + ":" + std::to_string(r.line) + ": a row for '" + r.id + "', but there is no rulesets/" +
                         r.id + ".spades");
  }
  for (const std::string& id : ids)
    if (!seen.count(id))
      problems.push_back("rulesets/" + id + ".spades: no row in " + readme + " (add one: id, variant, base, options, source)");
  report(problems);
}

TEST_CASE("catalogue: each row's base is what the ruleset extends", "[catalogue]") {
  std::vector<std::string> problems, format;  // the table's format problems are the first test's to report
  for (const row& r : catalogue_rows(format)) {
    fs::path file = source_path("rulesets/" + r.id + ".spades");
    if (!fs::exists(file)) continue;  // reported by the test above
    std::optional<std::string> base = extends_of(read_text(file));
    std::string file_name = "rulesets/" + r.id + ".spades";
    if (!base && !r.base.empty())
      problems.push_back(file_name + ": extends nothing, but " + readme + " gives its base as '" + r.base + "'");
    else if (base && r.base.empty())
      problems.push_back(file_name + ": extends \"" + *base + "\", but " + readme + " gives no base");
    else if (base && *base != r.base)
      problems.push_back(file_name + ": extends \"" + *base + "\", but " + readme + " gives its base as '" + r.base + "'");
    if (!base) continue;
    // the line read above is the one the loader followed: the base file is among those it read
    lang::sources src;
    try {
      auto v = lang::load_variant(src, file.string());
      bool loaded = false;
      for (int f = 0; v->source && f < v->source->size(); ++f)
        loaded |= fs::path(v->source->path(f)).filename() == fs::path(*base + ".spades").filename();
      if (!loaded) problems.push_back(file_name + ": its base '" + *base + "' is not among the files the loader read");
    } catch (const lang::diag_error& e) {
      problems.push_back(file_name + ": does not load:\n" + src.render(e.d));
    }
  }
  report(problems);
}

TEST_CASE("catalogue: each row's sentence is the ruleset's own `about` line, which `spades list` shows", "[catalogue]") {
  std::vector<std::string> problems, format;  // the table's format problems are the first test's to report
  for (const row& r : catalogue_rows(format)) {
    std::string file_name = "rulesets/" + r.id + ".spades";
    if (!fs::exists(source_path(file_name))) continue;  // reported above
    lang::sources src;
    try {
      auto v = lang::load_variant(src, source_path(file_name));
      if (v->about.empty())
        problems.push_back(file_name + ": has no `about \"...\"` line (" + readme + " says: " + r.about + ")");
      else if (v->about != r.about)
        problems.push_back(file_name + ": its `about` says \"" + v->about + "\", but " + readme + ":" + std::to_string(r.line) +
                           " says \"" + r.about + "\"");
    } catch (const lang::diag_error& e) {
      problems.push_back(file_name + ": does not load:\n" + src.render(e.d));
    }
  }
  report(problems);
}

TEST_CASE("catalogue: each row's options are the ruleset's options, with their defaults", "[catalogue]") {
  std::vector<std::string> problems, format;  // the table's format problems are the first test's to report
  for (const row& r : catalogue_rows(format)) {
    std::string file_name = "rulesets/" + r.id + ".spades";
    if (!fs::exists(source_path(file_name))) continue;  // reported above
    lang::sources src;
    std::shared_ptr<const variant> v;
    try {
      v = lang::load_variant(src, source_path(file_name));
    } catch (const lang::diag_error& e) {
      problems.push_back(file_name + ": does not load:\n" + src.render(e.d));
      continue;
    }
    std::map<std::string, std::string> listed;
    for (const option_cell& o : r.options)
      if (!listed.emplace(o.name, o.value).second)
        problems.push_back(readme + ":" + std::to_string(r.line) + ": option '" + o.name + "' is listed twice for '" + r.id + "'");
    for (size_t i = 0; i < v->option_names.size(); ++i) {
      const std::string& name = v->option_names[i];
      int64_t def = v->option_defaults[i];
      bool boolean = declared_boolean(*v, name);
      const option_spec& spec = v->option_specs[i];
      const bool choice = spec.type == option_type::choice;
      auto it = listed.find(name);
      if (it == listed.end()) {
        problems.push_back(file_name + ": option '" + name + "' is declared but not in " + readme + " (`" + name + " = " +
                           (choice ? spec.text(def) : shown_value(def, boolean)) + "`)");
        continue;
      }
      const std::string& written = it->second;
      const bool number = !written.empty() && std::all_of(written.begin() + (written[0] == '-'), written.end(), [](unsigned char c) { return std::isdigit(c); });
      if (choice || (!number && written != "true" && written != "false")) {
        if (!choice || written != spec.text(def))
          problems.push_back(file_name + ": option '" + name + "' defaults to " + (choice ? spec.text(def) : shown_value(def, boolean)) +
                             ", " + readme + " says " + written);
        listed.erase(it);
        continue;
      }
      bool word = written == "true" || written == "false";
      int64_t value = word ? (written == "true") : std::stoll(written);
      if (value != def || (word && !boolean))
        problems.push_back(file_name + ": option '" + name + "' defaults to " + shown_value(def, boolean) + ", " + readme +
                           " says " + written);
      else if (boolean && !word)
        problems.push_back(file_name + ": option '" + name + "' is a true/false option; " + readme + " should say " +
                           shown_value(def, true) + ", not " + written);
      listed.erase(it);
    }
    for (const auto& [name, value] : listed)
      problems.push_back(readme + ":" + std::to_string(r.line) + ": lists option '" + name + "' for '" + r.id + "', but " +
                         file_name + " has no such option");
  }
  report(problems);
}

TEST_CASE("catalogue: each row stands under its ruleset's `group`, the heading `spades list` shows", "[catalogue]") {
  std::vector<std::string> problems, format;  // the table's format problems are the first test's to report
  for (const row& r : catalogue_rows(format)) {
    std::string file_name = "rulesets/" + r.id + ".spades";
    if (!fs::exists(source_path(file_name))) continue;  // reported above
    lang::sources src;
    try {
      auto v = lang::load_variant(src, source_path(file_name));
      if (v->group.empty())
        problems.push_back(file_name + ": has no `group \"...\"` line (" + readme + ":" + std::to_string(r.line) +
                           " stands under \"" + r.group + "\")");
      else if (v->group != r.group)
        problems.push_back(file_name + ": its `group` is \"" + v->group + "\", but " + readme + ":" + std::to_string(r.line) +
                           " stands under \"" + r.group + "\"");
    } catch (const lang::diag_error& e) {
      problems.push_back(file_name + ": does not load:\n" + src.render(e.d));
    }
  }
  report(problems);
}

TEST_CASE("catalogue: every ruleset has its test hands beside it", "[catalogue]") {
  std::vector<std::string> problems;
  for (const std::string& id : ruleset_ids()) {
    std::string hands = "rulesets/" + id + ".hands.json";
    if (!fs::exists(source_path(hands))) {
      problems.push_back("rulesets/" + id + ".spades: no test hands (" + hands + ")");
      continue;
    }
    // the hands beside a ruleset are that ruleset's: their "ruleset" names its file
    try {
      auto j = nlohmann::json::parse(read_text(source_path(hands)));
      if (j.contains("ruleset") && j["ruleset"].is_string()) {
        std::string named = j["ruleset"].get<std::string>();
        if (fs::path(named).filename() != fs::path(id + ".spades"))
          problems.push_back(hands + ": its \"ruleset\" is " + named + ", not " + id + ".spades");
      }
    } catch (const nlohmann::json::exception& e) {
      problems.push_back(hands + ": not JSON: " + e.what());
    }
  }
  report(problems);
}
