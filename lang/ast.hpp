// The syntax tree of one variant file: what the parse makes (lang/actions.cpp) and the later passes read
// (resolve merges it, declare collects its names, elaborate builds the variant from it). Every node keeps
// its source position so that those passes can point at the source.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "lang/errors.hpp"
#include "runtime/variant.hpp"

namespace spades::lang {

struct word {
  std::string text;
  pos at;
};

// A formula as written (runtime/variant.hpp's expr_node is what it compiles to).
struct formula {
  enum kind_t { number, boolean, name, unary, binary, cond, call } kind = number;
  pos at;
  int64_t value = 0;     // number, boolean
  std::string text;      // name, operator ("-", "not", "+", "and", "<=" ...) or function
  std::vector<formula> args;
  std::vector<word> group;  // a card function's card group, as written
};

// A statement of a scoring rule's body as written (runtime's stmt is what it compiles to).
struct statement {
  enum kind_t { let, points, assign, if_, tally, win, lose } kind = points;
  pos at;
  std::string name;      // let/assign target, tally name, the team `points to` names
  pos name_at;
  std::string op;        // assign: "+=", "-=", "="
  std::optional<formula> value;  // value or condition
  std::vector<statement> then_body, else_body;
};

// Which form a line is: one per item of the grammar (lang/grammar.hpp), the options of bids and
// announcements among them.
enum class form : uint8_t {
  option,                                                                          // top level
  count, seats, teams, team, dummy,                                                // players
  suits, ranks, jokers, remove, packs, trump, top_trumps, ties,                    // cards
  hand_size, deal_size, rotate, leftover, kitty, discard, pass,                    // deal
  order, bid, skip, announce, amend,                                               // bidding (amend: scoring too)
  blind, allow, exchange, convert, by, redeal, for_side, partner_agrees,           // options of a bid or an announcement
  lead, forbid, broken_by, follow, force, refuse, prefer,                          // play
  counter, tally, rule,                                                            // scoring
  target, tie, win, lose, max_hands,                                               // end
  step,                                                                            // course
  drop                                                                             // any block
};
// The keyword that opens each form's line (`for side` opens with `for`).
inline constexpr enum_word<form> form_words[] = {
    {"option", form::option},     {"count", form::count},       {"seats", form::seats},         {"teams", form::teams},
    {"team", form::team},         {"dummy", form::dummy},       {"suits", form::suits},         {"ranks", form::ranks},
    {"jokers", form::jokers},     {"remove", form::remove},     {"packs", form::packs},         {"trump", form::trump},
    {"top_trumps", form::top_trumps}, {"ties", form::ties},     {"hand_size", form::hand_size}, {"deal_size", form::deal_size},
    {"rotate", form::rotate},     {"leftover", form::leftover}, {"kitty", form::kitty},         {"discard", form::discard},
    {"pass", form::pass},         {"order", form::order},       {"bid", form::bid},             {"skip", form::skip},
    {"announce", form::announce}, {"amend", form::amend},       {"blind", form::blind},         {"allow", form::allow},
    {"exchange", form::exchange}, {"convert", form::convert},   {"by", form::by},               {"redeal", form::redeal},
    {"for", form::for_side},      {"partner", form::partner_agrees}, {"lead", form::lead},      {"forbid", form::forbid},
    {"broken_by", form::broken_by}, {"follow", form::follow},   {"force", form::force},         {"refuse", form::refuse},
    {"prefer", form::prefer},     {"counter", form::counter},
    {"tally", form::tally},       {"rule", form::rule},         {"target", form::target},       {"tie", form::tie},
    {"win", form::win},           {"lose", form::lose},         {"max_hands", form::max_hands}, {"step", form::step},
    {"drop", form::drop}};
inline std::string keyword(form f) { return std::string(word_of(form_words, f)); }
// The keywords of `forms`, in order (a parse error's candidates).
template <size_t N>
constexpr std::array<std::string_view, N> keywords_of(const form (&forms)[N]) {
  std::array<std::string_view, N> out{};
  for (size_t i = 0; i < N; ++i) out[i] = word_of(form_words, forms[i]);
  return out;
}

// The forms each block's items may take (the parse error's candidates and the editor's completion read them;
// `amend` is left out of them: it is written in bidding and scoring to change an inherited item).
inline constexpr form players_forms[] = {form::count, form::seats, form::teams, form::team, form::dummy, form::drop};
inline constexpr form cards_forms[] = {form::suits, form::ranks, form::jokers, form::remove, form::packs, form::trump, form::top_trumps, form::ties, form::drop};
inline constexpr form deal_forms[] = {form::hand_size, form::rotate, form::leftover, form::kitty, form::discard, form::pass, form::deal_size, form::drop};
inline constexpr form bidding_forms[] = {form::order, form::bid, form::skip, form::announce, form::drop};
inline constexpr form play_forms[] = {form::lead, form::forbid, form::broken_by, form::follow, form::force, form::refuse, form::prefer, form::drop};
inline constexpr form scoring_forms[] = {form::counter, form::tally, form::rule, form::drop};
inline constexpr form end_forms[] = {form::target, form::tie, form::win, form::lose, form::max_hands, form::drop};
inline constexpr form course_forms[] = {form::step, form::drop};
inline constexpr form bid_option_forms[] = {form::blind, form::allow, form::exchange, form::convert, form::for_side, form::partner_agrees};
inline constexpr form announce_option_forms[] = {form::by, form::allow, form::redeal};
// The statements of a scoring rule's body, by their first word.
inline constexpr std::string_view statement_words[] = {"let", "points", "if", "tally", "win", "lose"};

// The blocks of a file, each a list of items.
enum class block_kind : uint8_t { players, cards, deal, bidding, play, scoring, end, course };
inline constexpr enum_word<block_kind> block_words[] = {
    {"players", block_kind::players}, {"cards", block_kind::cards},     {"deal", block_kind::deal}, {"bidding", block_kind::bidding},
    {"play", block_kind::play},       {"scoring", block_kind::scoring}, {"end", block_kind::end},   {"course", block_kind::course}};

struct item;

// ---- each form's own parts (the parts every form may have are in `item`) ----
// words listed after the keyword: seats, suits, ranks, jokers, remove, top_trumps, kitty, dummy, lead,
// broken_by, order
struct listing {
  std::vector<word> words;
};
// one value: count, teams, packs, trump, ties, hand_size, deal_size, rotate, leftover, follow, target,
// max_hands, and the options `by`, `for` and `partner`
struct setting {
  word value;
};
// team NAME SEATS
struct team_decl {
  std::vector<word> seats;
};
// a count and the words after it: discard N before|after bidding, pass N to partner, exchange N with partner
struct count_decl {
  word count;
  std::vector<word> rest;
};
// bid NAME RANGE ["words"] { options } | announce NAME "words" { options }
struct call_decl {
  std::optional<word> range;   // a bid's
  std::vector<item> options;
};
// convert NAME "words" to BID N
struct convert_decl {
  word to_bid, to_n;
};
// forbid NAME lead|play CARDS | refuse NAME CARDS
struct forbid_decl {
  bool plays = false;  // `play`: every card played, not only leads
  std::vector<word> cards;
};
// force NAME lead CARDS play WORDS | force NAME play WORDS | prefer NAME WORDS
struct force_decl {
  bool on_lead = false;
  std::vector<word> lead;  // on_lead: the cards led
  std::vector<word> play;  // after `play`: WHO highest|lowest CARDS, or lowest|highest|any CARDS
};
// counter NAME [= START] [as ROLE]
struct counter_decl {
  std::optional<word> start, role;
};
// rule NAME each player|team [when ...] { statements }
struct rule_decl {
  word each;
  std::vector<statement> body;
};
// step NAME KIND ARGS [before|after STEP]
struct step_decl {
  word kind;
  std::vector<word> args;     // after the kind
  std::optional<word> place;  // `before` or `after`, as written ...
  bool before = false;
  std::optional<word> by;     // ... and the step it is placed by
};
// amend bid|announce NAME { options } | amend rule NAME [when ...] [{ lets }]
struct amend_decl {
  word of;                    // bid, announce or rule, as written
  bool rule = false;          // `amend rule`
  std::vector<item> options;
  std::vector<statement> body;
};
// drop KIND NAME | drop target
struct drop_decl {
  word kind;
  std::optional<form> of;     // the form `kind` names, when it is a keyword
  std::optional<word> what;   // the name (none for `drop target`)
};
// option NAME = VALUE [in ALLOWED]
struct option_decl {
  word value;
  std::vector<word> allowed;  // one range "1..4", or each value
};

// One line of a block (or of a bid's options): its form, where it is, the name it merges by, optionally
// a quoted string and a condition, and the form's own parts.
struct item {
  form kind = form::option;
  pos at;
  std::optional<word> name;      // bid, forbid, counter, tally, rule, team, option, announce, force, step, convert,
                                 // amend (the item amended); tie: its rule
  std::optional<word> str;       // the quoted string, without quotes
  std::optional<formula> cond;   // `when ...`
  std::variant<std::monostate, listing, setting, team_decl, count_decl, call_decl, convert_decl, forbid_decl, force_decl,
               counter_decl, rule_decl, step_decl, amend_decl, drop_decl, option_decl>
      parts;

  template <class T> const T& as() const { return std::get<T>(parts); }
  template <class T> T& as() { return std::get<T>(parts); }
  // Items with a name merge by it ("bid nil"); `win`/`lose` by "win when"; others by their keyword.
  std::string key() const;
};

struct block {
  block_kind kind = block_kind::players;
  pos at;
  std::vector<item> items;
};

// condition NAME = EXPR: a formula named once, compiled where it is read, in that formula's scope.
struct named_condition {
  word name;
  formula value;
  pos at;  // the `condition` line
};

struct file_ast {
  int file = -1;
  std::optional<word> game;       // display name
  std::optional<word> extends;
  std::optional<word> about;      // one sentence describing the file's variant
  std::optional<word> group;      // the family and source `spades list` shows it under
  std::vector<word> includes;     // the fragments it takes in, in order
  std::optional<word> fragment;   // the `fragment` line: this file is a fragment
  std::vector<item> top;          // top-level items: option declarations
  std::vector<named_condition> conditions;
  std::vector<block> blocks;
};

}  // namespace spades::lang
