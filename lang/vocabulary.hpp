// The language's vocabulary, listed once: every built-in name a formula may use (with its scopes and
// meaning), the keywords, the counter roles and the words that decline a call. Name lookup, the
// "known only in ..." messages, did-you-mean candidates, the reserved-word check and the spec test read it.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/variant.hpp"

namespace spades::lang {

// Where a formula is written decides which names it sees.
enum class scope : uint8_t { game, bidding, play, team, player };
constexpr int scope_count = 5;
constexpr uint8_t bit(scope s) { return uint8_t(1u << int(s)); }
constexpr uint8_t all_scopes = 0x1f;

// The classes of names a variant declares that formulas may read.
enum class declared_kind : uint8_t { option, counter, bid_kind, call };

// A row of the "Built-in names" table: a name, a function, or a class of names the variant declares.
struct builtin {
  enum kind_t : uint8_t { variable, function, name_class } kind;
  std::string_view name;     // the name as written; for a class, its row label ("counter names")
  uint8_t scopes;            // bit(scope) for each scope where it is visible
  var other_var, player_var; // what a variable reads outside / inside player scope
  int arity;                 // functions: the number of arguments
  std::string_view misplaced;  // functions: why it cannot be used elsewhere ("{}" is the function's name)
  std::string_view meaning;
  declared_kind declared = declared_kind::option;  // a class: which declared names it stands for
};

// Every row, in lookup order: a name is the first row visible in the formula's scope that matches it.
std::span<const builtin> builtins();
const builtin& class_row(declared_kind c);
// The variable or function row named `name`, or nullptr.
const builtin* find_builtin(std::string_view name);

// How a scope is named in messages ("a player rule"), and where a set of scopes is, in words.
std::string_view scope_title(scope s);
std::string where_known(uint8_t scopes);

// The language's keywords (`and`, `if`, `when` ...).
std::span<const std::string_view> keywords();
// A word no option may take: a keyword, or the name of a built-in function or variable.
bool is_reserved(std::string_view word);

// Roles a counter can play for the engine (`counter NAME as ROLE`).
struct counter_role {
  std::string_view name;
  std::string_view meaning;
  int variant::*field;  // where the compiled variant keeps the counter's index
};
std::span<const counter_role> counter_roles();
std::vector<std::string> role_names();

// Words that decline a call at the table and in test hands; no call may be named so.
std::vector<std::string> decline_words();

}  // namespace spades::lang
