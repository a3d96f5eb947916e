// Test hands: the contract format (see spec/test-hands.md). Loads a hands file, plays or scores each
// case through the same state machine as every game, and compares the outcome field by field.
#pragma once
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runtime/variant.hpp"

namespace spades {

// The hands file or its ruleset cannot be used (exit code 2): the message names the file, case and field.
struct hands_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

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
  nlohmann::ordered_json to_json() const;
  std::string to_text() const;
};

// Loads the ruleset at a path, or throws hands_error with the rendered diagnostics.
using variant_loader = std::function<std::shared_ptr<const variant>(const std::string& path)>;

// `ruleset_override`: a path (relative to the current directory) that replaces the file's own "ruleset".
hands_report run_hands(const std::string& hands_path, const std::string& ruleset_override, const variant_loader& load);
// The same for a hands file already read: `text` is the content of `hands_path`.
hands_report run_hands_text(const std::string& hands_path, const std::string& text, const std::string& ruleset_override,
                            const variant_loader& load);

}  // namespace spades
