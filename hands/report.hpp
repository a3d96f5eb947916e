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
};

struct hands_report {
  std::string file, ruleset;
  std::vector<case_result> cases;
  int passed = 0, failed = 0;
  std::string to_json() const;  // one JSON document, indented by two spaces, without a final newline
  std::string to_text() const;  // `ok   NAME` / `FAIL NAME` and the differing fields, then the totals
};

}  // namespace spades
