// explain: a compiled variant as sections of plain sentences (the rules an author can read back), shared
// by `spades explain` and `spades diff`, which compares two explanations section by section.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runtime/variant.hpp"

namespace spades::cli {

struct explained_section {
  std::string title;
  std::vector<std::string> lines;  // a line indented by two blanks belongs to the line above it
};
struct explanation {
  std::string heading;  // the variant's name, id and base
  std::string about;
  std::vector<explained_section> sections;
};

// The variant's rules; `values` are the options' values for the game (the variant's defaults when empty)
// and `declared` the values the file declares.
explanation explain(const variant& v, const std::vector<int64_t>& values, const std::vector<int64_t>& declared);
std::string explanation_text(const explanation& e);
nlohmann::ordered_json explanation_json(const explanation& e);
// What `b` changes from `a`, as `spades diff A B` prints it (cli/diff.cpp).
std::string diff_text(const explanation& a, const explanation& b);

}  // namespace spades::cli
