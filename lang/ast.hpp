// The syntax tree of one variant file. Every node keeps its source position so that the later passes
// (resolve, check, compile) can point at the source.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "lang/errors.hpp"

namespace spades::lang {

struct word {
  std::string text;
  pos at;
};

struct expr {
  enum kind_t { number, boolean, name, unary, binary, cond, call } kind = number;
  pos at;
  int64_t value = 0;     // number, boolean
  std::string text;      // name, operator ("-", "not", "+", "and", "<=" ...) or function
  std::vector<expr> args;
  std::vector<word> group;  // a card function's card group, as written
};

struct stmt {
  enum kind_t { let, points, assign, if_, tally, win, lose } kind = points;
  pos at;
  std::string name;      // let/assign target, tally name, the team `points to` names
  pos name_at;
  std::string op;        // assign: "+=", "-=", "="
  std::optional<expr> value;  // value or condition
  std::vector<stmt> then_body, else_body;
};

// One line of a block: a keyword, its arguments, and optionally a string, a condition, a nested block
// of options (bids) or a body of statements (scoring rules).
struct item {
  std::string kw;
  pos at;
  std::vector<word> args;
  std::optional<word> str;        // the quoted string, without quotes
  std::optional<expr> cond;       // `when ...` or `= value`
  std::optional<word> role;       // a counter's `as ROLE`
  std::vector<word> allowed;      // an option's `in` values: one range "1..4", or each value
  std::optional<word> place;      // a step's `before` or `after` ...
  std::optional<word> place_step; // ... and the step it is placed by
  std::vector<item> sub;          // bid options
  std::vector<stmt> body;         // rule body
  std::string block;              // the block it belongs to ("" at top level)
  // Items with a name (bid, forbid, counter, tally, rule, team, option) merge by name; others by keyword.
  std::string key() const;
};

struct block {
  std::string kw;
  pos at;
  std::vector<item> items;
};

struct file_ast {
  int file = -1;
  std::optional<word> game;       // display name
  std::optional<word> extends;
  std::optional<word> about;      // one sentence describing the file's variant
  std::vector<item> top;          // top-level items: option declarations
  std::vector<block> blocks;
};

}  // namespace spades::lang
