// Test hands, the outcome: each case's result field by field, and the text and JSON that `spades test`
// prints from it (spec/test-hands.md, "Output").
#pragma once
#include <string>
#include <vector>

namespace spades {

struct field_failure {
  std::string field;     // "hand_score.NS", "hands[1].score.EW", "error"
  std::string expected;
  std::string got;
};

struct case_result {
  std::string name;
  bool ok = true;
  std::vector<field_failure> failures;
  std::vector<std::string> notes;  // why a score came out as it did: "scored NS: contract: bid 4+4 took 9, +81"
};

// A case that --ruleset's ruleset cannot set up (an option, counter, card or seat it lacks) though the file's
// own ruleset runs it.
struct case_not_applicable {
  std::string name, reason;
};

struct hands_report {
  std::string file, ruleset;
  std::vector<case_result> cases;  // the cases run, in order
  int passed = 0, failed = 0;
  std::vector<case_not_applicable> not_applicable;
  // one JSON document, indented by two spaces, without a final newline; `explain`: a failing case's notes
  // as "scoring": [...]
  std::string to_json(bool explain = false) const;
  // `ok   NAME` / `FAIL NAME` and the differing fields (and with `explain`, the notes), `n/a  NAME` and
  // its reason, then `K not applicable` when there are such cases, and last the totals
  std::string to_text(bool explain = false) const;
};

}  // namespace spades
