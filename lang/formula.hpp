// formula: a formula or a rule body -> nodes of the variant's expression pool and runtime statements.
// Names are looked up in the symbol table and the vocabulary, per scope, the moment the table entry that
// owns the formula is built; the result is an index into `variant::exprs`.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lang/declare.hpp"
#include "lang/vocabulary.hpp"
#include "runtime/variant.hpp"

namespace spades::lang {

// The value of a compiled formula that reads nothing of the game: literals and the operators on them, and
// `or` / `and` decided by one side (`x or true`). Nothing when it depends on the game, an option, or on
// arithmetic that would overflow or divide by zero.
std::optional<int64_t> constant_value(const variant& v, int node);

class formula_compiler {
 public:
  formula_compiler(const symbol_table& syms, variant& v) : syms_(syms), v_(v) {}
  int compile(const formula& e, scope sc);               // the pool index of its root
  int compile_opt(const std::optional<formula>& e, scope sc) { return e ? compile(*e, sc) : -1; }
  std::vector<spades::stmt> compile_body(const std::vector<lang::statement>& body, scope sc);

 private:
  int add(expr_node n, pos at);
  int name(const formula& e, scope sc);  // lang/conditions.cpp
  expr_node variable(const formula& e, scope sc);
  expr_node builtin_variable(const builtin& row, const formula& e, scope sc, int64_t index);
  const builtin* visible_row(const std::string& n, scope sc, int64_t& index) const;
  bool dropped_call_or_bid(const std::string& n, scope sc) const;
  [[noreturn]] void unknown_name(const formula& e, scope sc) const;
  int call(const formula& e, scope sc);
  int card_call(const formula& e, const builtin& row, scope sc);
  int binary(const formula& e, scope sc);
  int choice_option(const formula& e) const;
  int choice_test(const formula& e, int option);
  spades::stmt let(const lang::statement& s, size_t mark, scope sc);
  spades::stmt assign(const lang::statement& s, scope sc);
  spades::stmt tally(const lang::statement& s);
  int points_to(const lang::statement& s) const;

  const symbol_table& syms_;
  variant& v_;
  std::vector<std::pair<std::string, int>> lets_;  // visible lets: name -> slot
  int next_let_ = 0;
  std::vector<std::string> expanding_;  // the named conditions being compiled, outermost first
};

}  // namespace spades::lang
