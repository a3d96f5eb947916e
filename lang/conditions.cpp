// conditions: merging, the names a condition may not take, and compiling a name that is a condition.
#include "lang/conditions.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "lang/declare.hpp"
#include "lang/formula.hpp"

namespace spades::lang {

void merge_conditions(std::vector<named_condition>& into, std::vector<named_condition>& from) {
  for (size_t i = 0; i < from.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (from[j].name.text == from[i].name.text)
        throw diag_error(from[i].at, fmt::format("'condition {}' is defined twice in this file", from[i].name.text), {{from[j].at, "first defined here"}});
  for (named_condition& c : from) {
    auto same = std::find_if(into.begin(), into.end(), [&](const named_condition& x) { return x.name.text == c.name.text; });
    if (same != into.end()) *same = std::move(c);
    else into.push_back(std::move(c));
  }
}

void refuse_condition_clashes(const symbol_table& t) {
  if (!t.conditions) return;
  for (const named_condition& c : *t.conditions) {
    const std::string& n = c.name.text;
    if (is_reserved(n))
      throw diag_error(c.name.at, fmt::format("'{}' is a word of the language or a built-in name; a condition needs another name", n));
    static constexpr std::pair<symbol_kind, const char*> kinds[] = {
        {symbol_kind::option, "an option"}, {symbol_kind::bid, "a bid"}, {symbol_kind::call, "a call"}, {symbol_kind::counter, "a counter"}};
    for (const auto& [k, title] : kinds)
      if (const symbol* s = t.find(n, k))
        throw diag_error(c.name.at, fmt::format("'{}' is already {}; a condition needs another name (a formula could not tell them apart)", n, title),
                         {{s->at, fmt::format("'{}' is declared here", n)}});
  }
}

const named_condition* find_condition(const std::vector<named_condition>* all, std::string_view name) {
  if (!all) return nullptr;
  for (const named_condition& c : *all)
    if (c.name.text == name) return &c;
  return nullptr;
}

// A name in a formula: a `let` (innermost first), else a named condition, compiled here in this formula's
// scope and without the lets around it (a condition means the same wherever it is read), else a variable.
int formula_compiler::name(const formula& e, scope sc) {
  const bool let = std::any_of(lets_.begin(), lets_.end(), [&](const auto& l) { return l.first == e.text; });
  const named_condition* c = let ? nullptr : find_condition(syms_.conditions, e.text);
  if (!c) return add(variable(e, sc), e.at);
  if (std::find(expanding_.begin(), expanding_.end(), e.text) != expanding_.end()) {
    std::string chain;
    for (const std::string& x : expanding_) chain += x + " -> ";
    throw diag_error(e.at, fmt::format("the condition '{}' reads itself: {}{}", e.text, chain, e.text));
  }
  if (expanding_.size() >= (size_t)max_nesting) throw diag_error(e.at, "named conditions nest too deep");
  expanding_.push_back(e.text);
  std::vector<std::pair<std::string, int>> outer;
  outer.swap(lets_);
  try {
    const int node = compile(c->value, sc);
    lets_.swap(outer);
    expanding_.pop_back();
    return node;
  } catch (diag_error& err) {
    // the places nearest the author's formula: a deep nest is not listed whole
    if (expanding_.size() <= 3) err.d.notes.push_back({e.at, fmt::format("in the condition '{}', read here", e.text)});
    lets_.swap(outer);
    expanding_.pop_back();
    throw;
  }
}

}  // namespace spades::lang
