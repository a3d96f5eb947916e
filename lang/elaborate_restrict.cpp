// elaborate_restrict: the desugarer of the play restrictions. Every form that limits which cards may be
// played (`lead holder … leading it`, `forbid … lead|play`, `force … lead … play WHO`, `force … play`,
// `follow suit|beat`) is lowered here into the core's two (`refuse`, `prefer`: runtime/restrict.hpp), in the
// order spec/language.md ("What may be played") states, so that one list decides legality.
#include <algorithm>

#include <fmt/format.h>

#include "lang/elaborate.hpp"

namespace spades::lang {

namespace {

constexpr enum_word<uint8_t> relative_words[] = {
    {"led", rel_led}, {"card", rel_card}, {"card_suit", rel_card_suit}, {"above", rel_above}, {"below", rel_below}};

// The bit of a relative word, or 0. A suit or a card the deck names so keeps its meaning.
uint8_t relative_bit(const variant& v, const word& w) {
  for (const auto& r : relative_words)
    if (r.word == w.text)
      return std::find(v.suit_names.begin(), v.suit_names.end(), w.text) == v.suit_names.end() && !known_card(v, w.text) ? r.value : 0;
  return 0;
}

// The first node of the formula that reads the card in question, for a message that points at it.
const expr_node* card_reader(const variant& v, int node) {
  if (node < 0) return nullptr;
  const expr_node& n = v.exprs[node];
  if (n.o == op::var && n.v == var::winning) return &n;
  if (n.o == op::var && is_card_function(n.v) && ((v.card_group_rel[n.value].in | v.card_group_rel[n.value].out) & rel_candidate)) return &n;
  for (int k : {n.a, n.b, n.c})
    if (const expr_node* r = card_reader(v, k)) return r;
  return nullptr;
}

void no_card_in_question(const variant& v, int when) {
  const expr_node* n = card_reader(v, when);
  if (!n) return;
  if (n->v == var::winning)
    fail(v.at(*n), "'winning' is about a card played to a trick: a lead restriction has none (use `forbid NAME play`)");
  fail(v.at(*n), "this card group is relative to the card in question ('card', 'card_suit', 'above', 'below'): a lead restriction has none "
                 "(use `forbid NAME play` or `refuse`)");
}

// refuse NAME CARDS | prefer NAME lowest|highest|any CARDS: a group that may name the suit led, never the
// card in question (which is the one the group is tested for).
void core_group(elaboration& e, play_restriction& r, const std::vector<word>& ws, size_t from) {
  const group_reading g = read_card_group(e.v, ws, from);
  if (g.candidate)
    fail(g.candidate->at, fmt::format("'{}' is relative to the card in question, and a restriction's cards are the cards in question: "
                                      "use it in the condition (`when held({}) > 0`)",
                                      g.candidate->text, g.candidate->text));
  r.cards = g.cards;
  r.rel = g.rel;
  r.group = joined(ws, from);
}

// forbid NAME lead CARDS [when CONDITION] ["reason"]: refuse NAME CARDS when leading and CONDITION, lifted
// together with the other lead forbids.
play_restriction lead_forbid(elaboration& e, const symbol& s) {
  const item& it = *s.decl;
  play_restriction r;
  r.name = s.name;
  r.form = play_rule::forbid;
  r.at = restrict_at::lead;
  r.joint = true;
  const std::vector<word>& cards = it.as<forbid_decl>().cards;
  r.cards = card_group(e.v, cards, 0);
  r.group = joined(cards, 0);
  if (it.str) r.reason = it.str->text;
  r.when = e.formulas.compile_opt(it.cond, scope::play);
  no_card_in_question(e.v, r.when);
  return r;
}

// forbid NAME play CARDS [when C] ["reason"]: refuse NAME CARDS [when C]; refuse: itself.
play_restriction play_forbid(elaboration& e, const symbol& s) {
  const item& it = *s.decl;
  play_restriction r;
  r.name = s.name;
  const std::vector<word>& cards = it.as<forbid_decl>().cards;
  if (it.kind == form::refuse) {
    r.form = play_rule::refuse;
    core_group(e, r, cards, 0);
  } else {
    r.form = play_rule::forbid_play;
    r.cards = card_group(e.v, cards, 0);
    r.group = joined(cards, 0);
  }
  if (it.str) r.reason = it.str->text;
  r.when = e.formulas.compile_opt(it.cond, scope::play);
  return r;
}

// force NAME play lowest|highest|any CARDS [when C] ["reason"]: prefer NAME lowest|highest|any CARDS [when C];
// prefer: itself.
play_restriction play_force(elaboration& e, const symbol& s) {
  const item& it = *s.decl;
  const auto& a = it.as<force_decl>().play;  // lowest|highest|any CARDS
  const bool core = it.kind == form::prefer;
  play_restriction r;
  r.name = s.name;
  r.form = core ? play_rule::prefer : play_rule::force_play;
  if (a.size() < 2)
    fail(a.back().at, fmt::format("expected `{} NAME {}lowest|highest|any CARDS`: which cards, and which of them", core ? "prefer" : "force", core ? "" : "play "));
  constexpr enum_word<restrict_kind> picks[] = {{"lowest", restrict_kind::lowest}, {"highest", restrict_kind::highest}, {"any", restrict_kind::any}};
  r.kind = choose_word(a[0], picks, "choice");
  if (core) {
    core_group(e, r, a, 1);
  } else {
    r.cards = card_group(e.v, a, 1);
    r.group = joined(a, 1);
  }
  if (it.str) r.reason = it.str->text;
  r.when = e.formulas.compile_opt(it.cond, scope::play);
  return r;
}

// The core's condition of `force … lead CARDS play WHO`: `led_is(CARDS) and WHO`, WHO as seats relative to
// the trick's leader (opponents: `not leader_side`; partner: `leader_side and not leader`; others: `not leader`).
formula forced_when(const std::vector<word>& lead, force_who who, pos at) {
  auto node = [&](formula::kind_t k, std::string text, std::vector<formula> args = {}) {
    formula f;
    f.kind = k;
    f.at = at;
    f.text = std::move(text);
    f.args = std::move(args);
    return f;
  };
  auto both = [&](formula a, formula b) { return node(formula::binary, "and", {std::move(a), std::move(b)}); };
  const formula not_leader = node(formula::unary, "not", {node(formula::name, "leader")});
  formula led = node(formula::call, "led_is");
  led.group = lead;
  switch (who) {
    case force_who::opponents: return both(led, node(formula::unary, "not", {node(formula::name, "leader_side")}));
    case force_who::partner: return both(led, both(node(formula::name, "leader_side"), not_leader));
    case force_who::others: break;
  }
  return both(led, not_leader);
}

// force NAME lead CARDS play WHO highest|lowest AMONG ["reason"]: prefer NAME highest|lowest AMONG when
// led_is(CARDS) and WHO, placed before following suit (lower_restrictions), where a preference that applies
// decides the card. The plan tests its condition without the evaluator, from `led` and `who`.
play_restriction lead_force(elaboration& e, const symbol& s) {
  const item& it = *s.decl;
  const force_decl& d = it.as<force_decl>();
  const auto& a = d.play;  // WHO highest|lowest CARDS
  play_restriction r;
  r.name = s.name;
  r.form = play_rule::force;
  r.at = restrict_at::follow;
  r.led = card_group(e.v, d.lead, 0);
  if (a.size() < 2) fail(it.at, "expected `force NAME lead CARDS play WHO highest|lowest CARDS`");
  r.who = choose_word(a[0], force_who_words, "player group");
  constexpr enum_word<restrict_kind> picks[] = {{"highest", restrict_kind::highest}, {"lowest", restrict_kind::lowest}};
  r.kind = choose_word(a[1], picks, "choice");
  r.cards = card_group(e.v, a, 2);
  r.lead_group = joined(d.lead, 0);
  r.group = joined(a, 2);
  if (r.cards.empty()) fail(a[1].at, "expected the cards to choose from after highest/lowest");
  if (it.str) r.reason = it.str->text;
  r.when = e.formulas.compile(forced_when(d.lead, r.who, it.at), scope::play);
  return r;
}

}  // namespace

group_reading read_card_group(const variant& v, const std::vector<word>& ws, size_t from) {
  group_reading g;
  std::vector<word> fixed;  // the words but the relative ones, `except` kept (a second one is card_group's error)
  size_t except = std::string::npos;
  for (size_t i = from; i < ws.size(); ++i) {
    if (ws[i].text == "except" && except == std::string::npos) except = fixed.size();
    if (const uint8_t bit = relative_bit(v, ws[i])) {
      (except == std::string::npos ? g.rel.in : g.rel.out) |= bit;
      if ((bit & rel_candidate) && !g.candidate) g.candidate = &ws[i];
      if (bit == rel_led && !g.led) g.led = &ws[i];
      continue;
    }
    fixed.push_back(ws[i]);
  }
  if (!g.rel.any()) {
    g.cards = card_group(v, ws, from);
    return g;
  }
  card_group(v, fixed, 0);  // the words' own errors, as without the relative ones
  g.cards = card_group(v, fixed, 0, except);
  if (except != std::string::npos) g.rel.out_cards = card_group(v, fixed, except + 1);
  return g;
}

void lower_forbids(elaboration& e, lowered_play& out) {
  std::vector<const symbol*> named = e.syms.of(symbol_kind::forbid);
  for (const symbol* s : e.syms.of(symbol_kind::force)) named.push_back(s);
  if (named.size() > (size_t)max_restrictions)
    fail(named[max_restrictions]->at, fmt::format("too many play restrictions (at most {} forbid, force, refuse and prefer rules)", max_restrictions));
  for (const symbol* s : e.syms.of(symbol_kind::forbid)) {
    const item& it = *s->decl;
    if (it.kind == form::forbid && !it.as<forbid_decl>().plays) out.lead_forbids.push_back(lead_forbid(e, *s));
    else out.play_forbids.push_back(play_forbid(e, *s));
  }
}

void lower_forces(elaboration& e, lowered_play& out) {
  for (const symbol* s : e.syms.of(symbol_kind::force)) {
    if (s->decl->kind == form::force && s->decl->as<force_decl>().on_lead) out.lead_forces.push_back(lead_force(e, *s));
    else out.play_forces.push_back(play_force(e, *s));
  }
}

// The core's order: the opening card; the lead forbids (lifted together); the forces on a card led;
// following suit; `forbid … play` and `refuse` as written; `force … play` and `prefer` as written; `follow beat`.
void lower_restrictions(elaboration& e, lowered_play&& in) {
  std::vector<play_restriction>& out = e.v.restrictions;
  if (e.v.lead_holder_card) {  // refuse every card but the opening one, at the first lead
    play_restriction r;
    r.name = "lead";
    r.form = play_rule::opening_card;
    r.at = restrict_at::lead;
    r.cards = e.v.deck;
    out.push_back(std::move(r));
  }
  for (play_restriction& r : in.lead_forbids) out.push_back(std::move(r));
  if (!in.lead_forbids.empty()) out.back().joint_end = true;
  for (play_restriction& r : in.lead_forces) out.push_back(std::move(r));
  play_restriction follow;  // refuse follow all except led
  follow.name = "follow";
  follow.form = play_rule::follow_suit;
  follow.at = restrict_at::follow;
  follow.cards = e.v.deck;
  follow.rel.out = rel_led;
  follow.group = "all except led";
  out.push_back(std::move(follow));
  for (play_restriction& r : in.play_forbids) out.push_back(std::move(r));
  for (play_restriction& r : in.play_forces) out.push_back(std::move(r));
  if (in.follow == follow_rule::beat) {  // refuse beat all when not winning
    play_restriction beat;
    beat.name = "beat";
    beat.form = play_rule::follow_beat;
    beat.at = restrict_at::follow;
    beat.cards = e.v.deck;
    beat.beat = true;
    beat.group = "all";
    out.push_back(std::move(beat));
  }
}

}  // namespace spades::lang
