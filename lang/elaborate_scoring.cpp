// elaborate_scoring: `scoring` -> counters (and the roles they play), tallies and scoring rules, whose
// conditions and bodies are compiled as each rule is built.
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
    v.counter_init.push_back(it.args.size() > 1 ? to_int(it.args[1], -1000000, 1000000, "a counter's start") : 0);
    if (s->name == "bags") v.bags_counter = s->index;  // until counters declare their role
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
  r.per_player = choose(it.args.at(1), {"player", "team"}, "rule scope") == "player";
  scope sc = r.per_player ? scope::player : scope::team;
  r.when = e.formulas.compile_opt(it.cond, sc);
  r.body = e.formulas.compile_body(it.body, sc);
  return r;
}

}  // namespace

void elaborate_scoring(elaboration& e) {
  counters(e);
  tallies(e);
  for (const symbol* s : e.syms.of(symbol_kind::rule)) e.v.rules.push_back(rule(e, *s));
}

}  // namespace spades::lang
