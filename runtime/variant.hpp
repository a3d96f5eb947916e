// The compiled variant: immutable tables that drive the game state machine. Its meaning is produced by
// lang/elaborate*.cpp; the fields marked "plan" are worked out from that meaning by prepare()
// (runtime/plan.hpp), which lang/ calls last and which a variant built by hand must call too. Nothing in
// runtime/ knows which variant it is running.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/cards.hpp"
#include "runtime/diagnostic.hpp"
#include "runtime/limits.hpp"
#include "runtime/restrict.hpp"

namespace spades {

struct score_code;  // runtime/score_code.hpp

// ---- the words of the enums: one table per enum, each value with its word in the language (the word
// lang/ reads in a file and lists in its messages, in the table's order; explain and graph print it) ----
template <class E>
struct enum_word {
  std::string_view word;
  E value;
};
// The word of `value` in `table`.
template <class E, size_t N>
constexpr std::string_view word_of(const enum_word<E> (&table)[N], E value) {
  for (const enum_word<E>& w : table)
    if (w.value == value) return w.word;
  return {};
}
// The table's words, in order (a parse error's candidates).
template <class E, size_t N>
constexpr std::array<std::string_view, N> words_of(const enum_word<E> (&table)[N]) {
  std::array<std::string_view, N> out{};
  for (size_t i = 0; i < N; ++i) out[i] = table[i].word;
  return out;
}

// ---- expressions: a flat pool of nodes; children are indices into the pool ----
enum class op : uint8_t {
  num, var, neg, not_, add, sub, mul, div, mod, lt, le, gt, ge, eq, ne, and_, or_, if_, min, max, abs, sum, count
};
// The comparison that holds exactly when `o` does not (`<` gives `>=`); any other op is returned as it is.
constexpr op negated_comparison(op o) {
  switch (o) {
    case op::lt: return op::ge;
    case op::le: return op::gt;
    case op::gt: return op::le;
    case op::ge: return op::lt;
    case op::eq: return op::ne;
    case op::ne: return op::eq;
    default: return o;
  }
}
// What a variable node reads. `index` selects the option, let slot, counter or bid kind.
enum class var : uint8_t {
  option, let, counter, score, behind, hand, first_hand, team_tricks, team_bid, team_kind, team_blind,
  player_tricks, player_bid, player_kind, player_blind, broken, trick,
  team_call, player_call,      // an announcement (or conversion) made by the team / the player
  team_bids_made, partner_bid, // while bidding: how many of the bidder's team have bid; has partner bid
  team_first_tricks, player_first_tricks,  // of the first n tricks (n = child a), how many were won
  last_trick,                  // player scope: won the hand's last trick
  this_bid, bids_made, bids_total,  // while bidding: the number being bid; bids so far; their sum
  partner_kind,                // the partner's bid is of kind `value`
  // card functions: `value` indexes variant::card_groups; the player in scope, else the team's members
  held, dealt, won_cards,      // how many cards of the group they hold now / were dealt / won in tricks
  won_with, trumped,           // tricks won with a card of the group (by trumping); child a: trick k, or -1
  final_run,                   // the unbroken run of final tricks won with a card of the group
  led_is,                      // play: the card led to this trick is one of the group (0 at a lead)
  leading, void_led, led_trump, // play: the player to play leads; holds no card of the suit led; a trump was led
  winning,                     // a card played: it would win the trick as it stands (per card, eval_ctx::card)
  // the seat in scope (the bidder, the player to play, the player; a team: any member) is the dealer, sits at
  // the dealer's left or right, or is the dealer's partner
  dealer, dealer_left, dealer_right, dealer_partner,
  // play: the player to play leads (or led) this trick; is on the side of the one who did
  leader, leader_side
};
inline bool is_card_function(var v) { return v >= var::held && v <= var::led_is; }
struct expr_node {
  op o = op::num;
  var v = var::option;
  bool reads_number = false;       // plan: in a bid's condition, the node reads this_bid
  int32_t a = -1, b = -1, c = -1;  // children
  int64_t value = 0;               // literal value, the variable's index, or (bid kinds) a bit per kind
  int32_t file = -1, line = 0, col = 0;  // source position, for run-time errors
};

// ---- scoring statements ----
enum class stmt_op : uint8_t { let, points, counter_add, counter_sub, counter_set, if_, tally, win, lose };
constexpr int points_to_scope = -1, points_to_opponents = -2;
struct stmt {
  stmt_op o = stmt_op::points;
  int slot = 0;   // let slot, counter or tally index
  int to = points_to_scope;  // points: the team in scope, every other team, or this team
  int expr = -1;  // value or condition
  std::vector<stmt> then_body, else_body;
};
struct score_rule {
  std::string name;
  bool per_player = false;  // each player (points go to the player's team) or each team
  int when = -1;            // condition, -1 = always
  std::vector<stmt> body;
};

// ---- bidding ----
struct bid_kind {
  std::string name;   // identifier used in formulas
  std::string words;  // what a player types/says before the number ("blind"), or the whole bid ("nil")
  int lo = 0, hi = 0; // tricks range
  bool blind = false; // declared before looking at the cards
  int when = -1;      // eligibility condition (expr), -1 = always
  std::string reason; // why it is refused when `when` does not hold
  int exchange = 0;   // cards exchanged with partner after bidding
  bool exchange_optional = false;  // ... if the bidder chooses to
  int exchange_when = -1;          // ... when this condition (bidding scope, for the bidder) holds; -1 = always
  bool side = false;  // a bid for the whole side: the partners' turns are skipped, their bids are this one
  bool agree = false; // the partner must agree to it, or the bidder bids again
  // plan: `when` split at its top-level `and`s (runtime/plan.hpp), so that legal_moves evaluates the
  // leading parts that do not read the number bid once per decision, not once per number: when_fixed,
  // each with its slot among the variant's distinct leading parts (variant::bid_fixed_parts; -1: none),
  // so that a part written alike in several kinds is evaluated once per decision; when_number, the rest,
  // in order, per number. Not split (the whole condition per number) unless when_split.
  bool when_split = false;
  std::vector<int> when_fixed, when_number;
  std::vector<int8_t> when_fixed_slot;
  // A bit per number lo..hi (lo <= hi < 128).
  unsigned __int128 numbers() const {
    if (hi < 64) return (uint64_t{2} << hi) - (uint64_t{1} << lo);  // one word (2 << 63 wraps to 0: still right)
    return ((unsigned __int128)2 << hi) - ((unsigned __int128)1 << lo);
  }
};

// ---- play ----
enum class lead_start : uint8_t { dealer_left, dealer, dealer_right, holder };
inline constexpr enum_word<lead_start> lead_start_words[] = {
    {"dealer_left", lead_start::dealer_left}, {"dealer", lead_start::dealer}, {"dealer_right", lead_start::dealer_right}, {"holder", lead_start::holder}};
enum class follow_rule : uint8_t { suit, beat };
inline constexpr enum_word<follow_rule> follow_rule_words[] = {{"suit", follow_rule::suit}, {"beat", follow_rule::beat}};

enum class tie_rule : uint8_t { another_hand, draw, next_hand_decides };
inline constexpr enum_word<tie_rule> tie_rule_words[] = {
    {"another_hand", tie_rule::another_hand}, {"draw", tie_rule::draw}, {"next_hand_decides", tie_rule::next_hand_decides}};
struct tie_choice {
  tie_rule rule = tie_rule::another_hand;
  int when = -1;  // game-scope condition; the first whose condition holds applies
};
// The cards not dealt: none may be left; out of play; a kitty for a `take` step; a face-down stock, in
// its shuffled order, for a `draw` step.
enum class leftover_rule : uint8_t { none, out, kitty, stock };
inline constexpr enum_word<leftover_rule> leftover_rule_words[] = {
    {"out", leftover_rule::out}, {"kitty", leftover_rule::kitty}, {"none", leftover_rule::none}, {"stock", leftover_rule::stock}};

// A declaration made after the bidding: an announcement (bemo, aces) or the conversion of a bid
// ("come out" of a blind bid into a plain 10).
struct call_kind {
  std::string name;
  std::string words;      // as typed: "little bemo", "come out"
  bool by_team = true;    // made by a team (the first member in bidding order speaks) or by a player
  int when = -1;          // eligibility (bidding scope), -1 = always
  int from_kind = -1;     // conversion: only for a bid of this kind ...
  int to_kind = -1, to_n = 0;  // ... which becomes this bid
  bool redeal = false;    // a misdeal: made before the bidding, it throws the hand in and the same dealer deals again
  std::string reason;     // why it is refused when `when` does not hold (shown for a redeal)
  // plan: `when` split at its top-level `and`s (runtime/plan.hpp), each part with its slot among the
  // calls' distinct parts (variant::call_parts; -1: none), so that the calls open to an owner are found
  // with a part written alike in several calls evaluated once (game_state::open_calls).
  std::vector<int> when_parts;
  std::vector<int8_t> when_slot;
};

// `force NAME lead CARDS play WHO …`: who must play (play_restriction::who).
inline constexpr enum_word<force_who> force_who_words[] = {
    {"opponents", force_who::opponents}, {"others", force_who::others}, {"partner", force_who::partner}};

// The values an option may take (`option NAME = VALUE in ALLOWED`). A true/false option allows true (1)
// and false (0); a number option a range (the language's, -10^9..10^9, when none is given) or listed
// numbers; a choice its listed words, its value being the position of the word chosen.
enum class option_type : uint8_t { number, boolean, choice };
struct option_spec {
  option_type type = option_type::number;
  int64_t lo = -max_number, hi = max_number;  // number: the range, when `listed` is empty
  std::vector<int64_t> listed;                // number: the allowed values, when listed
  std::vector<std::string> words;             // choice: the allowed words, in order
  bool in_settings = false;                   // a setting names it: each value is its own elaboration

  bool language_range() const { return type == option_type::number && listed.empty() && lo == -max_number && hi == max_number; }
  // The value `text` stands for ("true", "12", "2D"), if it is allowed; "no" is not false.
  std::optional<int64_t> read(std::string_view text) const;
  std::string text(int64_t value) const;      // as written: "true", "12", "2D"
  std::string allowed() const;                // "1..4", "true, false", "2D, 2C"
  std::vector<int64_t> values() const;        // every allowed value, when there are at most `max_option_values`
};
// `force NAME play lowest|highest|any CARDS`: which of the cards must be played.
enum class force_pick : uint8_t { lowest, highest, any };
inline constexpr enum_word<force_pick> force_pick_words[] = {{"lowest", force_pick::lowest}, {"highest", force_pick::highest}, {"any", force_pick::any}};

// ---- the course of a hand: named steps in order (spec/language.md, "course") ----
// Each kind has a start function in game.cpp (game_state::start_step) that says whether the step has
// anything to do; a step with nothing to do, or whose condition does not hold, is skipped.
// deal: the chance step (always first); take: the leftover cards go to a taker; discard: cards out of play;
// pass: every player passes cards at once; bid: the bidding round (with `raise`: a raise round after it,
// each side in turn raising its bid or passing); calls: announcements and conversions (before the
// bidding: the calls that throw the hand in, misdeals);
// exchange: the exchanges the bids call for; play: the tricks, then the hand is scored (always last);
// partner: the dummy seat is given to the player a rule chooses, who plays it as partner for the hand;
// draw: the players draw from the stock in turn until each holds a hand (right after the deal).
enum class step_kind : uint8_t { deal, take, discard, pass, bid, calls, exchange, play, partner, draw };
constexpr int step_kinds = 10;
// `step NAME KIND`: the kind's word (the parser's candidates, the course's elaboration, explain, graph).
inline constexpr enum_word<step_kind> step_kind_words[] = {
    {"deal", step_kind::deal},   {"take", step_kind::take},   {"discard", step_kind::discard}, {"pass", step_kind::pass},
    {"bid", step_kind::bid},     {"calls", step_kind::calls}, {"exchange", step_kind::exchange}, {"play", step_kind::play},
    {"partner", step_kind::partner}, {"draw", step_kind::draw}};
static_assert(std::size(step_kind_words) == step_kinds);
// Where passed cards go, as a seat offset clockwise: partner (the seat of `partner`), left, across, right.
enum class pass_to : uint8_t { partner, left, right, across };
inline constexpr enum_word<pass_to> pass_to_words[] = {{"partner", pass_to::partner}, {"left", pass_to::left}, {"right", pass_to::right}, {"across", pass_to::across}};
// Who takes the leftover cards: the dealer; the holder of the first of `cards` dealt (the dealer when
// none is); or, after the bidding, the side whose bids add up to the most, its member who bid the most
// (the first of them in bidding order) taking them; sides tied for the most take one card each in turn,
// in bidding order, the kitty's cards in deck order.
enum class taker_rule : uint8_t { dealer, holder, side_bidding_more };
// `take dealer | holder CARDS | side bidding more` (`kitty` in 'deal' names the first two)
inline constexpr enum_word<taker_rule> taker_rule_words[] = {{"dealer", taker_rule::dealer}, {"holder", taker_rule::holder}, {"side", taker_rule::side_bidding_more}};
// Who is given the dummy seat to play (a `partner` step): the player who bid the highest number (the
// first of them in bidding order on equal numbers; with no bidding, the first in bidding order).
enum class controller_rule : uint8_t { highest_bidder };
inline constexpr enum_word<controller_rule> controller_rule_words[] = {{"highest_bidder", controller_rule::highest_bidder}};
// A compiled step: arguments omitted in the file were filled in from the other blocks' settings, and a
// step those settings leave with nothing to do (no pass, no kitty) is not in the table at all.
struct hand_step {
  std::string name;
  step_kind kind = step_kind::play;
  int when = -1;              // game-scope condition (expr), -1 = always
  int count = 0;              // pass: the cards each player passes; discard: the cards the kitty's taker discards;
                              // draw: the cards a turn looks at, one of which the drawer keeps
  bool dealer_first = false;  // draw: the dealer draws first (else the dealer's left)
  bool extra = false;         // discard: every player holding more than a hand discards down to it, from the dealer's left
  bool redeal = false;        // calls: before the bidding, where only the calls that throw the hand in are made
  bool raise = false;         // bid: a raise round after the bidding, not the bidding itself
  pass_to to = pass_to::partner;
  taker_rule taker = taker_rule::dealer;
  controller_rule controller = controller_rule::highest_bidder;  // partner: who is given the dummy
  bool one_each = false;      // take side bidding more one_each: a side alone on top shares the cards, a card a member
  std::vector<int> cards;     // taker_rule::holder: the cards looked for, in order
};

struct variant {
  std::string name;  // display name
  std::string file;  // the variant's own file (every file read is in `source`)
  std::string id;    // the file's name without `.spades`
  std::string about; // the file's `about` sentence, or ""
  std::string group; // the file's `group`: the family and source it is listed under, or ""
  std::string base;  // the id of the variant it extends, or ""
  std::vector<std::string> fragments;  // the ids of the fragments the file itself includes, in order
  std::vector<diagnostic> warnings;  // what loading found the file may not mean (positions in `source`)

  // players and teams
  int seats = 4;
  std::vector<std::string> seat_names;
  int teams = 2;
  std::vector<std::string> team_names;
  std::vector<std::string> team_aliases;  // joined seat names ("NS"), always accepted
  std::array<int, max_seats> team_of{};
  std::vector<std::vector<int>> members;
  std::array<int, max_seats> partner{};   // -1 when none (a team of one or of three)
  // A seat with no player (`dummy SEAT`), or -1: dealt a hand, it never deals, bids or calls, is in no
  // team, and each hand the course's partner step gives it to a player, who plays its cards as partner;
  // when the hand is scored its tricks and cards count as that player's (team_of[dummy] is -1).
  int dummy = -1;

  // cards: ids 0..ncards-1
  std::vector<card_face> cards;
  std::vector<std::string> suit_names;    // "S", "H", ...
  // How people see the suits (spec: "How cards are shown"): per suit its symbol ("\u2660"), or "" for
  // none, and whether it is printed red; set by the language.
  std::vector<std::string> suit_symbols;
  std::vector<char> suit_red;
  card_set deck;
  bool narrow = false;                    // plan: at most 64 cards, the playouts' card sets use one word (set_ops<true>)
  std::vector<card_set> follow_mask;      // per suit: the cards that follow it (trump suit includes top trumps)
  std::vector<int8_t> follow_suit;        // per card: the suit it belongs to for following
  std::vector<int16_t> power;             // per card: higher beats lower within the same suit / among trumps
  // plan: per card, the cards that follow its suit and rank above it, and those that rank below (the
  // relative words `above` and `below`, read card by card in play conditions)
  std::vector<card_set> above_mask, below_mask;
  bool twin_cards = false;  // plan: the deck holds two cards of one suit and power (two packs)
  int trump_suit = -1;
  card_set trump;
  bool later_wins = false;                // identical cards: the later one played beats the earlier

  // dealing
  int hand_size = 13;
  int deal_size = 13;                     // cards dealt to each; fewer than hand_size: the rest are drawn
  int rotate = 1;                         // +1: deal passes to the dealer's left; -1 right; 0 fixed
  leftover_rule leftover = leftover_rule::none;
  std::vector<int> kitty_holder;          // the kitty goes to the holder of the first of these held;
                                          // empty (or none held): to the dealer
  int discard = 0;                        // cards the kitty's taker discards, out of play
  bool discard_before_bidding = false;
  int pass_count = 0;                     // cards each player passes to partner before bidding

  // bidding
  bool bid_by_team = false;
  int bid_start = 1;                      // seat offset from the dealer of the first bidder
  std::vector<bid_kind> bids;
  int bid_fixed_parts = 0;                // plan: distinct leading parts of the bids' conditions (bid_kind::when_fixed_slot)
  int skip_bidding_when = -1;
  std::vector<call_kind> calls;           // announcements and conversions after the bidding
  int call_parts = 0;                     // plan: distinct parts of the calls' conditions (call_kind::when_slot)
  uint32_t team_call_mask = 0, redeal_call_mask = 0;  // plan: a bit per call made by a team / that throws the hand in

  // play
  lead_start lead = lead_start::dealer_left;
  std::vector<int> lead_holder;           // lead_start::holder: the first of these cards held leads
  bool lead_holder_card = false;          // ... and must lead that card to the first trick
  bool broken_by_discard = false, broken_by_lead = false, broken_by_win = false;
  // Which cards may be played, every form lowered into one list applied in order (runtime/restrict.hpp).
  std::vector<play_restriction> restrictions;
  // plan: the restrictions are the plain ones (lead forbids `when not broken`, forces on a card led, follow
  // suit), which the playouts play a trick at a time; the cards those forbids and forces name
  bool plain_restrictions = false;
  std::vector<int16_t> lead_steps, follow_steps;  // plan: the restrictions that apply to a lead, and to a follow, in order
  card_set lead_forbidden, forcing_leads;
  std::vector<relative_group> card_group_rel;  // per card_groups[k], its relative words (runtime/restrict.hpp)
  int tricks_per_hand = 13;

  // scoring
  std::vector<std::string> counters;
  std::vector<int64_t> counter_init;
  int bags_counter = -1;                  // the counter that plays the role `bags` (overtricks carried), or -1
  std::vector<std::string> tallies;
  std::vector<score_rule> rules;

  // game end
  bool has_target = false;
  int64_t target = 0;
  int target_option = -1;                 // the target is this option's value
  std::vector<tie_choice> ties;           // none: another hand
  int win_when = -1, lose_when = -1;
  int max_hands = 1000;

  // the course of a hand; course_bid and course_play index its bidding step (not a raise round) and its play step
  std::vector<hand_step> course;
  int course_bid = -1, course_play = -1;
  int course_partner = -1;                // the step giving the dummy its player, or -1

  // options agreed before the game
  std::vector<std::string> option_names;
  std::vector<int64_t> option_defaults;   // the values this variant was elaborated for (the declared ones unless chosen)
  std::vector<option_spec> option_specs;  // what each option allows
  std::vector<std::string> option_about;  // each option's description, or ""

  bool uses_trick_order = false;          // scoring reads which tricks were won when
  bool uses_trick_cards = false;          // formulas read the cards of tricks (won, won_with, trumped, final_run):
                                          // only then does the play keep them, sparing the playouts

  std::vector<expr_node> exprs;
  std::vector<card_set> card_groups;      // the card groups that card functions read

  // words that decline a call at the table and in test hands ("no", "none" ...); no call may be named so
  std::vector<std::string> decline_words;

  // every file read to build the variant, so that a run-time error can show its source line and caret
  std::shared_ptr<const sources> source;

  int bidders() const { return bid_by_team ? teams : seats; }
  int find_seat(std::string_view name) const;  // seat names and P1..Pn; -1 if unknown
  int find_team(std::string_view name) const;  // team names and joined seat names; -1 if unknown
  int find_card(std::string_view text) const;  // first copy; -1 if unknown
  // A suited card's rank as its name writes it: the name less its suit letter ("T" of "TS").
  std::string rank_name(const card_face& f) const { return f.name.substr(0, f.name.size() - suit_names[f.suit].size()); }
  card_set cards_named(std::string_view text) const;  // every copy of that card
  pos at(const expr_node& n) const;                  // a formula's position in `source`
  std::string render(const diagnostic& d) const;     // file:line:col: error: ..., the line and a caret

  // The file's own words for what the tables above keep only as numbers and card sets: a side table beside
  // the rules' meaning, read by `spades explain` and nothing that plays.
  struct source_text {
    std::vector<std::string> let_names;           // per `let` slot, its name
    std::vector<std::string> card_group_texts;    // per card_groups[k], the card function's group as written
  } text;

  // plan: the scoring rules compiled (runtime/score_code.hpp); null: the tree walk scores the variant.
  std::shared_ptr<const score_code> scoring;
};

}  // namespace spades
