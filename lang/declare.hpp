// declare: one walk over the resolved variant that collects every thing it names (options, seats, teams,
// suits, jokers, bid kinds, calls, counters, tallies, rules, forbid and force rules) into one symbol table
// with its kind, its index among its kind and its source position. Elaborate builds each runtime table
// from these entries, and formulas look names up here, whatever block declares them.
#pragma once
#include <array>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "lang/resolve.hpp"

namespace spades::lang {

enum class symbol_kind : uint8_t { option, seat, team, suit, joker, bid, call, counter, tally, rule, forbid, force };
constexpr int symbol_kinds = 12;

struct symbol {
  std::string name;
  symbol_kind kind;
  int index = 0;                 // among the symbols of its kind, in declaration order: the runtime table's index
  pos at;                        // where it is named
  const item* decl = nullptr;    // the item that declares it (seats, suits, jokers: the listing item)
  const item* owner = nullptr;   // a conversion: the bid item it belongs to
};

class symbol_table {
 public:
  void add(std::string name, symbol_kind kind, pos at, const item* decl, const item* owner = nullptr);
  const symbol* find(std::string_view name, symbol_kind kind) const;
  int index(std::string_view name, symbol_kind kind) const { const symbol* s = find(name, kind); return s ? s->index : -1; }
  std::vector<const symbol*> of(symbol_kind kind) const;  // in index order
  std::vector<std::string> names(symbol_kind kind) const;
  int count(symbol_kind kind) const;
  // The `drop` that removed `name` as one of `kinds` (bid, counter ...), if any: it explains an unknown name.
  const item* dropped(std::string_view name, std::initializer_list<form> kinds) const;

  std::vector<item> drops;
  const std::vector<named_condition>* conditions = nullptr;  // the variant's named conditions (lang/conditions.hpp)

 private:
  std::array<std::vector<symbol>, symbol_kinds> by_kind_;  // each kind in declaration order
};

symbol_table declare(const resolved& r);
// A name declared as two of the kinds formulas read (option, bid, call, counter), or as one and a built-in.
void refuse_clashes(const symbol_table& t);

}  // namespace spades::lang
