// option_settings: the settings that name an option take its value for this elaboration.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "lang/resolve.hpp"

namespace spades::lang {

// Options chosen for a game: name and value as written ("14", "2C", "true").
using option_choices = std::vector<std::pair<std::string, std::string>>;

// Sets each chosen option's value in `r` (the values were checked against the allowed ones by the caller;
// the elaboration checks them again), then replaces every setting's word that names an option by the
// option's value, and records which options settings name (resolved::setting_options).
void apply_option_values(resolved& r, const option_choices& chosen);

}  // namespace spades::lang
