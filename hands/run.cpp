// Test hands, the entry point: each case set up on a new game, its hands run one after another.
#include "hands/run.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <unordered_set>

#include <fmt/format.h>

#include "hands/hand.hpp"
#include "hands/load.hpp"
#include "runtime/read.hpp"

namespace spades {

using namespace spades::hands;

namespace {

// A new game, set to the case's options and to where its `before` says the game stands.
void set_up(const variant& v, const case_setup& c, game_state& st) {
  st.new_game(v, 0);
  for (const auto& [option, value] : c.options) st.options[option] = value;
  if (!c.has_before) return;
  st.hands_played = c.hands_played;
  for (const auto& [counter, tv] : c.before) {
    if (counter < 0) st.score[tv.team] = tv.value;
    else st.counters[tv.team][counter] = tv.value;
  }
}

// The variant a case plays: the file's, or, when the case sets an option a setting names, the file's
// elaborated for those values (each set loaded once).
struct variants {
  const hands_doc& d;
  const variant_for_options& load_for;
  std::map<option_choices, std::shared_ptr<const variant>> cache;

  std::shared_ptr<const variant> of(const case_setup& c) {
    option_choices chosen;
    for (const auto& [o, x] : c.options)
      if (d.v->option_specs[o].in_settings && x != d.v->option_defaults[o])
        chosen.push_back({d.v->option_names[o], d.v->option_specs[o].text(x)});
    if (chosen.empty()) return d.v;
    std::sort(chosen.begin(), chosen.end());
    auto& v = cache[chosen];
    if (!v) {
      if (!load_for) throw hands_error(fmt::format("{}: case '{}': options a setting names need a loader for chosen values", d.file, c.name));
      v = load_for(d.ruleset, chosen);
    }
    return v;
  }
};

// The case's hands in order; a rejected hand ends the case.
void run_case(const hands_doc& d, const variant& v, const case_setup& c, case_result& res) {
  case_ctx cx{d.file, c.name};
  game_state st;
  set_up(v, c, st);
  for (size_t h = 0; h < c.hands.size(); ++h) {
    hand_runner r(cx, v, st, res, c.prefixes[h]);
    try {
      r.run(c.hands[h]);
    } catch (const json::exception& e) {
      // a value of the wrong JSON type somewhere the checks did not look: still the file's fault
      cx.fail("", fmt::format("a value has the wrong type ({})", e.what()));
    }
    if (r.rejected) break;
  }
}

}  // namespace

hands_report run_hands(const std::string& hands_path, const std::string& ruleset_override, const variant_loader& load,
                       const variant_for_options& load_for) {
  file_text f;
  try {
    f = read_file_bounded(hands_path, max_hands_bytes);
  } catch (const file_error& e) {
    if (e.kind == file_error::not_regular)
      throw hands_error(fmt::format("{}: cannot read the hands file: it is not a regular file (a pipe or a device cannot be read as a file)", hands_path));
    // "cannot read 'PATH': REASON" gives the reason
    std::string why = e.what();
    auto at = why.find("': ");
    throw hands_error(fmt::format("{}: cannot read the hands file{}", hands_path, at == std::string::npos ? "" : ": " + why.substr(at + 3)));
  }
  if (f.too_large)
    throw hands_error(fmt::format("{}: the hands file is too large ({} bytes; the limit is {} MiB)", hands_path, f.size, max_hands_bytes >> 20));
  return run_hands_text(hands_path, f.text, ruleset_override, load, load_for);
}

namespace {

// "FILE: case 'NAME': field 'F': MSG" as "field 'F': MSG": the report's line already names the case.
std::string case_reason(const std::string& file, const std::string& name, const std::string& what) {
  std::string prefix = fmt::format("{}: case '{}': ", file, name);
  return what.rfind(prefix, 0) == 0 ? what.substr(prefix.size()) : what;
}

// The file's own ruleset, when --ruleset names another: loaded at the first case the other cannot set up.
struct own_ruleset {
  const hands_doc& d;
  const variant_loader& load;
  const variant_for_options& load_for;
  std::optional<hands_doc> own;
  std::optional<variants> chosen;

  // Whether case `i` runs on the file's own ruleset: false when that ruleset cannot be loaded (nothing can
  // be told then); a case at fault throws its hands_error, the file's error whichever ruleset runs it.
  bool runs(size_t i, const std::unordered_set<std::string>& names) {
    if (!own) {
      try {
        own = hands_doc{d.file, d.own_ruleset, "", load(d.own_ruleset), d.doc};
      } catch (const hands_error&) {
        return false;
      }
      chosen.emplace(variants{*own, load_for, {}});
    }
    case_setup c = read_case(*own, i, names);
    case_result res;
    run_case(*own, *chosen->of(c), c, res);
    return true;
  }
};

}  // namespace

hands_report run_hands_text(const std::string& hands_path, const std::string& text, const std::string& ruleset_override,
                            const variant_loader& load, const variant_for_options& load_for) {
  hands_doc d = load_doc(hands_path, text, ruleset_override, load);
  variants chosen{d, load_for, {}};
  hands_report rep;
  rep.file = hands_path;
  rep.ruleset = d.ruleset;
  std::unordered_set<std::string> names;
  own_ruleset own{d, load, load_for, {}, {}};
  for (size_t i = 0; i < d.doc["cases"].size(); ++i) {
    case_result res;
    try {
      case_setup c = read_case(d, i, names);
      res.name = c.name;
      run_case(d, *chosen.of(c), c, res);
    } catch (const hands_error& e) {
      if (d.own_ruleset.empty() || !own.runs(i, names)) throw;
      const json& name = d.doc["cases"][i]["name"];
      res.name = printable(name.get<std::string>(), std::string::npos);
      rep.not_applicable.push_back({res.name, case_reason(d.file, res.name, e.what())});
      names.insert(res.name);
      continue;
    }
    names.insert(res.name);
    rep.cases.push_back(res);
    (res.ok ? rep.passed : rep.failed)++;
  }
  return rep;
}

}  // namespace spades
