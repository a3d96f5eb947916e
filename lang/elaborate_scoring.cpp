// elaborate_scoring: `scoring` -> counters (and the roles they play), tallies and scoring rules, whose
// conditions and bodies are compiled as each rule is built.
#include <algorithm>

#include <fmt/format.h>

#include "lang/elaborate.hpp"

namespace spades::lang {

namespace {

void counters(elaboration& e) {
  variant& v = e.v;
  for (const symbol* s : e.syms.of(symbol_kind::counter)) {
    const item& it = *s->decl;
    if (s->index == max_counters) fail(it.at, fmt::format("too many counters (the limit is {})", max_counters));
    v.counters.push_back(s->name);
    const std::optional<word>& start = it.as<counter_decl>().start;
    v.counter_init.push_back(start ? to_int(*start, -1000000, 1000000, "a counter's start") : 0);
  }
}

// counter NAME as ROLE: at most one counter per role. A counter named after a role that states none plays
// it when no other counter does, as `counter bags` always has.
void assign_roles(elaboration& e) {
  const std::vector<std::string> names = role_names();
  std::vector<const symbol*> holder(names.size(), nullptr);
  for (const symbol* s : e.syms.of(symbol_kind::counter)) {
    const std::optional<word>& w = s->decl->as<counter_decl>().role;
    if (!w) continue;
    auto f = std::find(names.begin(), names.end(), w->text);
    if (f == names.end())
      fail(w->at, fmt::format("unknown counter role '{}'{} (the roles are: {})", w->text, did_you_mean(w->text, names), fmt::join(names, ", ")));
    const symbol*& h = holder[f - names.begin()];
    if (h) fail(w->at, fmt::format("counters '{}' and '{}' both play the role '{}': a role belongs to one counter", h->name, s->name, w->text),
                {{h->decl->as<counter_decl>().role->at, "first given here"}});
    h = s;
  }
  for (size_t r = 0; r < names.size(); ++r) {
    const symbol* s = holder[r] ? holder[r] : e.syms.find(names[r], symbol_kind::counter);
    if (s && (holder[r] || !s->decl->as<counter_decl>().role)) e.v.*(counter_roles()[r].field) = s->index;
  }
}

void tallies(elaboration& e) {
  for (const symbol* s : e.syms.of(symbol_kind::tally)) {
    if (s->index == max_tallies) fail(s->decl->at, fmt::format("too many tallies (the limit is {})", max_tallies));
    e.v.tallies.push_back(s->name);
  }
}

// rule NAME each player|team [when CONDITION] { STATEMENTS }
score_rule rule(elaboration& e, const symbol& s) {
  const item& it = *s.decl;
  score_rule r;
  r.name = s.name;
  constexpr enum_word<bool> scopes[] = {{"player", true}, {"team", false}};  // score_rule::per_player
  r.per_player = choose_word(it.as<rule_decl>().each, scopes, "rule scope");
  scope sc = r.per_player ? scope::player : scope::team;
  r.when = e.formulas.compile_opt(it.cond, sc);
  r.body = e.formulas.compile_body(it.as<rule_decl>().body, sc);
  return r;
}

}  // namespace

void elaborate_scoring(elaboration& e) {
  counters(e);
  assign_roles(e);
  tallies(e);
  for (const symbol* s : e.syms.of(symbol_kind::rule)) e.v.rules.push_back(rule(e, *s));
}

}  // namespace spades::lang
