// declare: the resolved variant -> its symbol table. Collects, and refuses a name formulas could not tell
// apart (two kinds, or a built-in); every other check of what a name means lives in the block's elaboration.
#include "lang/declare.hpp"

#include <algorithm>
#include <optional>
#include <variant>

#include <fmt/format.h>

#include "lang/conditions.hpp"
#include "lang/errors.hpp"
#include "lang/vocabulary.hpp"

namespace spades::lang {

void symbol_table::add(std::string name, symbol_kind kind, pos at, const item* decl, const item* owner) {
  by_kind_[int(kind)].push_back({std::move(name), kind, count(kind), at, decl, owner});
}

const symbol* symbol_table::find(std::string_view name, symbol_kind kind) const {
  for (const symbol& s : by_kind_[int(kind)])
    if (s.name == name) return &s;
  return nullptr;
}

std::vector<const symbol*> symbol_table::of(symbol_kind kind) const {
  std::vector<const symbol*> out;
  for (const symbol& s : by_kind_[int(kind)]) out.push_back(&s);
  return out;
}

std::vector<std::string> symbol_table::names(symbol_kind kind) const {
  std::vector<std::string> out;
  for (const symbol& s : by_kind_[int(kind)]) out.push_back(s.name);
  return out;
}

int symbol_table::count(symbol_kind kind) const { return (int)by_kind_[int(kind)].size(); }

const item* symbol_table::dropped(std::string_view name, std::initializer_list<form> kinds) const {
  for (const item& d : drops) {
    const drop_decl& drop = d.as<drop_decl>();
    for (form k : kinds)
      if (drop.what && drop.of == k && drop.what->text == name) return &d;
  }
  return nullptr;
}

namespace {

const std::vector<item>& items_of(const resolved& r, block_kind block) {
  static const std::vector<item> none;
  const resolved_block* b = r.find(block);
  return b ? b->items : none;
}

// Every word of each line of form `f` in `block`, as symbols of `kind`.
void declare_listed(symbol_table& t, const resolved& r, block_kind block, form f, symbol_kind kind) {
  for (const item& it : items_of(r, block))
    if (it.kind == f)
      for (const word& w : it.as<listing>().words) t.add(w.text, kind, w.at, &it);
}

// Items `f NAME ...` (or `also NAME ...`) of `block`, as symbols of `kind`, in the order written.
void declare_named(symbol_table& t, const resolved& r, block_kind block, form f, symbol_kind kind, std::optional<form> also = {}) {
  for (const item& it : items_of(r, block))
    if (it.kind == f || it.kind == also) t.add(it.name->text, kind, it.name->at, &it);
}

// Calls in the order they are offered after the bidding: each bid's conversions, announcements, as written.
void declare_calls(symbol_table& t, const resolved& r) {
  for (const item& it : items_of(r, block_kind::bidding)) {
    if (it.kind == form::bid)
      for (const item& o : it.as<call_decl>().options)
        if (o.kind == form::convert) t.add(o.name->text, symbol_kind::call, o.at, &o, &it);
    if (it.kind == form::announce) t.add(it.name->text, symbol_kind::call, it.at, &it);
  }
}

}  // namespace

namespace {

std::string_view kind_title(symbol_kind k) {
  switch (k) {
    case symbol_kind::option: return "an option";
    case symbol_kind::counter: return "a counter";
    case symbol_kind::bid: return "a bid";
    case symbol_kind::call: return "an announcement or conversion";
    default: return "a name";
  }
}

}  // namespace

// Formulas read options, counters, bids and calls by name: a name declared as two of these kinds, or as
// one of them and a built-in, would silently mean one of them in formulas and the other elsewhere (an
// `option bags` beside `counter bags`: formulas read the option, assignments write the counter). An
// option named like a built-in, and a call named like a bid, are refused by their own elaboration. A bid
// named like a built-in could never be read by name (the built-in is found first), so it is refused too,
// but for a blind bid named `blind` (nyc's), where the built-in `blind` means what the name would.
static bool blind_named_blind(const symbol& s) {
  if (s.name != "blind" || s.decl == nullptr || !std::holds_alternative<call_decl>(s.decl->parts)) return false;
  const std::vector<item>& options = s.decl->as<call_decl>().options;
  return std::any_of(options.begin(), options.end(), [](const item& o) { return o.kind == form::blind; });
}

void refuse_clashes(const symbol_table& t) {
  constexpr symbol_kind kinds[] = {symbol_kind::option, symbol_kind::bid, symbol_kind::call, symbol_kind::counter};
  for (size_t k = 0; k < std::size(kinds); ++k)
    for (const symbol* s : t.of(kinds[k])) {
      if (kinds[k] == symbol_kind::bid && is_reserved(s->name) && !blind_named_blind(*s))
        throw diag_error(s->at, fmt::format("'{}' is a built-in name of the language; a bid needs another name (a formula reading '{}' would read "
                                            "the built-in, never the bid)",
                                            s->name, s->name));
      if ((kinds[k] == symbol_kind::counter || kinds[k] == symbol_kind::call) && is_reserved(s->name))
        throw diag_error(s->at, fmt::format("'{}' is a built-in name of the language; {} needs another name", s->name, kind_title(kinds[k])));
      for (size_t j = 0; j < k; ++j) {
        if (kinds[k] == symbol_kind::call && kinds[j] == symbol_kind::bid) continue;
        if (const symbol* first = t.find(s->name, kinds[j]))
          throw diag_error(s->at, fmt::format("'{}' is already {}; {} needs another name (a formula could not tell them apart)",
                                              s->name, kind_title(kinds[j]), kind_title(kinds[k])),
                           {{first->at, fmt::format("'{}' is declared here", s->name)}});
      }
    }
}

symbol_table declare(const resolved& r) {
  symbol_table t;
  t.drops = r.drops;
  for (const item& it : r.options) t.add(it.name->text, symbol_kind::option, it.name->at, &it);
  declare_listed(t, r, block_kind::players, form::seats, symbol_kind::seat);
  declare_named(t, r, block_kind::players, form::team, symbol_kind::team);
  declare_listed(t, r, block_kind::cards, form::suits, symbol_kind::suit);
  declare_listed(t, r, block_kind::cards, form::jokers, symbol_kind::joker);
  declare_named(t, r, block_kind::bidding, form::bid, symbol_kind::bid);
  declare_calls(t, r);
  declare_named(t, r, block_kind::play, form::forbid, symbol_kind::forbid, form::refuse);  // a core refusal is a forbid's kin
  declare_named(t, r, block_kind::play, form::force, symbol_kind::force, form::prefer);
  declare_named(t, r, block_kind::scoring, form::counter, symbol_kind::counter);
  declare_named(t, r, block_kind::scoring, form::tally, symbol_kind::tally);
  declare_named(t, r, block_kind::scoring, form::rule, symbol_kind::rule);
  t.conditions = &r.conditions;
  refuse_condition_clashes(t);
  return t;
}

}  // namespace spades::lang
