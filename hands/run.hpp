// Test hands, the entry point: a hands file (spec/test-hands.md) run against its ruleset through the
// game state machine's public API, case by case, into a report.
#pragma once
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "hands/report.hpp"
#include "runtime/limits.hpp"
#include "runtime/variant.hpp"

namespace spades {

// The hands file or its ruleset cannot be used (exit code 2): the message names the file, case and field.
struct hands_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Loads the ruleset at a path, or throws hands_error with the rendered diagnostics.
using variant_loader = std::function<std::shared_ptr<const variant>(const std::string& path)>;

// `ruleset_override`: a path (relative to the current directory) that replaces the file's own "ruleset".
// A hands file is at most max_hands_bytes large and nests at most max_hands_depth deep (runtime/limits.hpp).

// Loads the ruleset at a path for chosen option values (name, value as written), or throws hands_error:
// a case that sets an option a setting names (option_spec::in_settings) plays that variant.
using option_choices = std::vector<std::pair<std::string, std::string>>;
using variant_for_options = std::function<std::shared_ptr<const variant>(const std::string& path, const option_choices& chosen)>;

hands_report run_hands(const std::string& hands_path, const std::string& ruleset_override, const variant_loader& load,
                       const variant_for_options& load_for = {});
// The same for a hands file already read: `text` is the content of `hands_path`.
hands_report run_hands_text(const std::string& hands_path, const std::string& text, const std::string& ruleset_override,
                            const variant_loader& load, const variant_for_options& load_for = {});

}  // namespace spades
