// Test hands, reading a file: the JSON document, its ruleset, and each case's set-up (options, the game
// before it, its hands) checked into plain values. The hands' own fields are read as they are run, so that
// a file's first error is the first one the run meets.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "hands/fields.hpp"
#include "hands/run.hpp"

namespace spades::hands {

struct hands_doc {
  std::string file, ruleset;
  // the file's own "ruleset" when --ruleset names another file: a case that this one runs but the other
  // cannot set up is not applicable to the other, not an error of the file
  std::string own_ruleset;
  std::shared_ptr<const variant> v;
  json doc;  // the whole file; doc["cases"] is a list
};

// Parses `text` (the content of `file`), checks the file's own fields and loads its ruleset.
hands_doc load_doc(const std::string& file, const std::string& text, const std::string& ruleset_override,
                   const variant_loader& load);

struct team_value {
  int team;
  int64_t value;
};

// A case's game before its first hand, and its hands.
struct case_setup {
  std::string name;
  std::vector<std::pair<int, int64_t>> options;           // option index, value
  bool has_before = false;
  int hands_played = 0;                                   // with `before`; 1 unless it says otherwise
  std::vector<std::pair<int, team_value>> before;         // counter index (-1: the score), team, value
  std::vector<json> hands;                                // each hand's fields
  std::vector<std::string> prefixes;                      // "" (one hand) or "hands[N]." per hand
};

// Reads case `index` of the file; `seen` holds the names of the cases before it.
case_setup read_case(const hands_doc& d, size_t index, const std::unordered_set<std::string>& seen);

}  // namespace spades::hands
