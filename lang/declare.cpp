// declare: the resolved variant -> its symbol table. Only collects; every check of what a name means or
// whether it clashes lives in the block's elaboration, where the table entry is built.
#include "lang/declare.hpp"

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

const item* symbol_table::dropped(std::string_view name, std::initializer_list<const char*> kinds) const {
  for (const item& d : drops)
    for (const char* k : kinds)
      if (d.args.size() == 2 && d.args[0].text == k && d.args[1].text == name) return &d;
  return nullptr;
}

namespace {

const std::vector<item>& items_of(const resolved& r, const char* block) {
  static const std::vector<item> none;
  const resolved_block* b = r.find(block);
  return b ? b->items : none;
}

// Every word of each `kw` line of `block`, as symbols of `kind`.
void declare_listed(symbol_table& t, const resolved& r, const char* block, const char* kw, symbol_kind kind) {
  for (const item& it : items_of(r, block))
    if (it.kw == kw)
      for (const word& w : it.args) t.add(w.text, kind, w.at, &it);
}

// Items `kw NAME ...` of `block`, as symbols of `kind`.
void declare_named(symbol_table& t, const resolved& r, const char* block, const char* kw, symbol_kind kind) {
  for (const item& it : items_of(r, block))
    if (it.kw == kw) t.add(it.args.at(0).text, kind, it.args[0].at, &it);
}

// Calls in the order they are offered after the bidding: each bid's conversions, announcements, as written.
void declare_calls(symbol_table& t, const resolved& r) {
  for (const item& it : items_of(r, "bidding")) {
    if (it.kw == "bid")
      for (const item& o : it.sub)
        if (o.kw == "convert") t.add(o.args.at(0).text, symbol_kind::call, o.at, &o, &it);
    if (it.kw == "announce") t.add(it.args.at(0).text, symbol_kind::call, it.at, &it);
  }
}

}  // namespace

symbol_table declare(const resolved& r) {
  symbol_table t;
  t.drops = r.drops;
  for (const item& it : r.options) t.add(it.args.at(0).text, symbol_kind::option, it.args[0].at, &it);
  declare_listed(t, r, "players", "seats", symbol_kind::seat);
  declare_named(t, r, "players", "team", symbol_kind::team);
  declare_listed(t, r, "cards", "suits", symbol_kind::suit);
  declare_listed(t, r, "cards", "jokers", symbol_kind::joker);
  declare_named(t, r, "bidding", "bid", symbol_kind::bid);
  declare_calls(t, r);
  declare_named(t, r, "play", "forbid", symbol_kind::forbid);
  declare_named(t, r, "play", "force", symbol_kind::force);
  declare_named(t, r, "scoring", "counter", symbol_kind::counter);
  declare_named(t, r, "scoring", "tally", symbol_kind::tally);
  declare_named(t, r, "scoring", "rule", symbol_kind::rule);
  return t;
}

}  // namespace spades::lang
