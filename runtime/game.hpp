// The game state machine: a copyable state over an immutable compiled variant.
// Phases: deal (a chance step) -> the course's steps (pass, bid, ...) -> play -> (scored) -> deal ... -> over.
// Every guard and transition reads the variant's tables; nothing here knows which variant it runs.
#pragma once
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "runtime/rng.hpp"
#include "runtime/variant.hpp"

namespace spades {

// deal: the chance step. pass: cards to partner before bidding. discard: the kitty's taker discards.
// call: announcements and conversions after the bidding. exchange: cards between partners after it.
// agree: the partner of a bidder whose bid needs agreement agrees to it or refuses it (within the bidding).
// raise: a raise round after the bidding (a `bid raise` step): each side in turn raises its bid or passes.
// draw: the drawer keeps or discards the card it has drawn from the stock.
enum class phase : uint8_t { deal, pass, bid, call, discard, exchange, play, over, agree, raise, draw };
const char* phase_name(phase p);

// A decision: a bid (kind index and number of tricks), a card (to play, pass, discard or exchange),
// a call (an announcement or conversion by index; -1 declines), or a choice between the answers a phase
// offers (agree: 1 agrees to partner's bid, 0 refuses it; draw: 1 keeps the card drawn, 0 discards it), or a
// side's raise (the side's new total; -1 passes).
struct move {
  // no default member initialisers: move lists are arrays on the hot path
  enum type_t : uint8_t { bid, card, call, choice, raise } type;
  int16_t a;  // bid kind, card id, call index (-1: none), the choice, or the total raised to (-1: pass)
  int16_t b;  // bid number
  static move make_bid(int kind, int n) { return {bid, (int16_t)kind, (int16_t)n}; }
  static move make_card(int c) { return {card, (int16_t)c, 0}; }
  static move make_call(int k) { return {call, (int16_t)k, 0}; }
  static move make_choice(int k) { return {choice, (int16_t)k, 0}; }
  static move make_raise(int total) { return {raise, (int16_t)total, 0}; }
  bool operator==(const move&) const = default;
};

// How a game ended, in the order check_game_end tests them (spec/language.md, "How the game ends").
// `stopped` is not an ending: the hand limit cut short a game its rules did not finish.
enum class game_end : uint8_t { none, win_condition, lose_condition, overtime, target, stopped };

// How the game stands after a scored hand, as check_game_end decides it: how it ended (none: it goes on),
// the winning team (-1: a draw, a stop, or none yet), the target a score reached (game_end::target), and
// whether the next hand decides a tie (`tie next_hand_decides`).
struct game_verdict {
  game_end end = game_end::none;
  int winner = -1;
  int64_t target = 0;
  bool overtime = false;
};

struct hand_facts;  // runtime/scoring.hpp

struct bid_made {
  int8_t kind = -1;  // -1: not bid (yet, or the hand bids itself)
  int8_t n = 0;
};

// A run-time failure of the rules themselves (arithmetic overflow in a formula, division by zero, a
// decision with no legal move): the variant file is at fault. It is a diagnostic like any other, and
// what() is rendered the same way: file:line:col: error: message, the source line and a caret.
struct rule_error : diag_error {
  // What went wrong, for callers that explain it in their own words (the message says it in the runtime's).
  enum class cause : uint8_t { rules, trick_order_unknown, cards_unknown, trick_cards_unknown };
  rule_error(const variant& v, pos at, std::string message, cause why = cause::rules, std::vector<note> notes = {});
  const char* what() const noexcept override { return rendered.c_str(); }
  std::string headline() const;  // the first line: file:line:col: error: message
  std::string rendered;
  cause why = cause::rules;
};

// Does card c beat card w, the card winning the trick so far?
template <bool Narrow = false>
inline bool beats(const variant& v, int c, int w) {
  bool tc = set_ops<Narrow>::has(v.trump, c), tw = set_ops<Narrow>::has(v.trump, w);
  if (tc != tw) return tc;
  if (!tc && v.follow_suit[c] != v.follow_suit[w]) return false;
  return v.later_wins ? v.power[c] >= v.power[w] : v.power[c] > v.power[w];
}

// Why a card may not be played: the restriction that refuses it, as data (play_refusal_words gives its
// words). rule: the form it was written as; index: the restriction (variant::restrictions), or for
// follow_suit the suit to follow; card: the card that must be played (opening_card, a preference's single
// card), else -1.
struct play_refusal {
  play_rule rule = play_rule::none;
  int16_t index = -1;
  int16_t card = -1;
};
// The refusal in words, as the table and test hands show it; `refused` is the card that was refused.
std::string play_refusal_words(const variant& v, const play_refusal& r, int refused);

// A bit per number a bid may have (0..max_tricks).
using number_mask = unsigned __int128;
// Room for every legal move at one decision (runtime/limits.hpp bounds the choices a decision may offer).
using move_list = std::array<move, max_moves>;
// The most legal moves the variant can offer at one decision: every number of every bid kind, every
// call and declining, or the cards of a hand (at most the deck).
int legal_move_bound(const variant& v);

struct game_state {
  const variant* v = nullptr;

  // ---- the game ----
  std::array<int64_t, max_teams> score{};
  std::array<std::array<int64_t, max_counters>, max_teams> counters{};
  std::array<std::array<int64_t, max_tallies>, max_teams> tallies{};  // statistics, not score
  std::array<int64_t, max_options> options{};
  int hands_played = 0;
  bool hand_scored = false;   // between scoring a hand and the next deal (`hand` is that hand's number)
  int dealer = 0;
  phase ph = phase::deal;
  int winner = -1;            // team; -1 with ph == over: a draw or a stop
  game_end end = game_end::none;  // how the game ended (none while it goes on)
  int64_t end_target = 0;     // with game_end::target: the target a score reached
  bool overtime = false;      // a tie under `tie next_hand_decides`: the next hand decides

  // ---- the hand ----
  std::array<card_set, max_seats> hands{};
  card_set out_of_play;
  std::array<bid_made, max_seats> bids{};  // per bidder: seat, or team when bidding by team
  int bids_made = 0;
  int turn = 0;               // the seat to act (the team, while bidding or calling by team)
  bool bidding_skipped = false;
  // bids for the side and partner's agreement: a seat whose bid is its side's bid, made by a partner (its
  // own turn skipped); the seat whose bid awaits its partner's agreement (phase agree); per seat, a bit
  // per bid kind its partner refused this hand
  std::array<bool, max_seats> covered{};
  int asking = -1;
  std::array<uint64_t, max_seats> refused{};
  // per seat, whether it has looked at its cards this hand: a blind bid is open only to a bidder that has
  // not; a seat looks when it chooses to (look), when it makes a decision that is not made blind (anything
  // but a blind bid or an answer to partner's blind bid), and every seat looks once the play begins
  std::array<bool, max_seats> looked{};
  uint8_t step = 0;           // the step of the variant's course under way (an index into variant::course)
  int controller = -1;        // the player given the dummy seat this hand (variant::dummy), once a partner step chose
  int kitty_taker = -1;       // the seat that took the kitty, or -1
  // the draw (`leftover stock`): the stock face down in its order, stock[stock_top] on top; the card the
  // drawer (`turn`) has drawn and looks at, seen by no one else (-1: none); the cards of the turn drawn so far
  std::array<int8_t, max_cards> stock{};
  uint8_t stock_top = 0, stock_size = 0;
  int drawn = -1;
  int draw_seen = 0;
  int cards_left = 0;         // cards still to pass or discard by `turn`
  std::array<card_set, max_seats> passing{};  // chosen to pass, delivered when everyone has chosen
  // calls: per owner (team for team calls, seat for player calls), a bit per call kind made
  std::array<uint32_t, max_seats> team_calls{}, player_calls{};
  int call_index = 0;         // position in the calling order (teams then players)
  uint32_t calls_open = 0;    // in phase call: the calls open to `turn` (open_calls), a bit per call
  // hands thrown in by a call that redeals: in this game, and since a hand was last played
  int redeals = 0, redeals_in_row = 0;
  int8_t last_redeal = -1;    // the call that threw the last one in
  bool call_by_team = false;
  std::array<bool, max_seats> bid_converted{};
  // exchanges owed after bidding: from -> to, count, optional (the bidder's own entry of an exchange the
  // bidder may decline: choice 1 exchanges, 0 declines both ways)
  std::array<std::array<int8_t, 4>, max_seats * 2> exchanges{};
  int exchange_count = 0, exchange_index = 0, exchange_left = 0;
  bool exchange_offer = false;  // the bidder decides whether the exchange at exchange_index happens
  int raise_index = 0;        // a raise round: the position, among the sides in bidding order, of the side deciding
  // play
  int trick = 0;              // 0-based trick number
  int leader = 0;
  int played = 0;             // cards in the current trick
  std::array<int16_t, max_seats> trick_cards{};
  int win_seat = -1, win_card = -1;
  card_set led_mask;          // the cards that follow the suit led
  bool broken = false;
  int opening_card = -1;      // `lead holder ... leading it`: the card that must open the hand
  std::array<int, max_seats> tricks_won{};
  std::array<int64_t, max_teams> hand_points{};  // the last scored hand
  std::array<uint8_t, max_teams> won_flag{}, lost_flag{};
  int last_trick_winner = -1;  // -1 while no trick is won, or when the order of tricks is unknown
  std::array<int8_t, max_tricks> trick_winner{};  // seat that won each trick of this hand
  // cards visible to the rules (card functions in formulas): the hands as dealt (before the kitty,
  // passes, discards and exchanges), the cards in the tricks each seat won, and per trick the card that
  // won it (-1: unknown or not played) and whether it was won by trumping (a trump winning a trick led
  // in another suit). Kept per trick, never per card, and the tricks' only when a formula reads them
  // (variant::uses_trick_cards).
  std::array<card_set, max_seats> dealt{};
  std::array<card_set, max_seats> won_cards{};
  std::array<int16_t, max_tricks> trick_win_card{};
  uint64_t trumped_tricks = 0;  // bit per trick
  // What the state knows of the cards: the deal (a hand known only by its result has none), and the
  // cards of the tricks (a hand recorded from its trick counts has none). Reading what is unknown is a
  // rule_error of cause cards_unknown or trick_cards_unknown.
  bool deal_known = false, trick_cards_known = false;

  // Starts a new game: scores, counters and options reset; `dealer` deals the first hand.
  void new_game(const variant& var, int first_dealer);
  // The chance step: shuffle and deal with `r`.
  void deal(rng& r);
  // Deals given hands (a replay, a puzzle, a test hand): hands[seat], the rest out of play, and with
  // `leftover stock` the stock's `stock_cards` cards in order, the top card first.
  void deal_given(const std::array<card_set, max_seats>& given, card_set rest, const int16_t* stock_order = nullptr, int stock_cards = 0);

  int bidder_team(int bidder) const { return v->bid_by_team ? bidder : v->team_of[bidder]; }
  // Legal moves in the bid and exchange phases (and play, as cards); returns the count, at most
  // legal_move_bound(*v) <= max_moves (so `out` needs room for max_moves: a move_list).
  int legal_moves(move* out) const;
  int legal_moves(move_list& out) const { return legal_moves(out.data()); }
  // Is there a legal move for the decision pending? The same answer as legal_moves() > 0, cheaper.
  bool has_legal_move() const;
  // Legal cards for the seat to play.
  card_set legal_cards() const;
  // A uniformly random legal card for the seat to play (the random playouts).
  int random_card(rng& r) const;
  // In the bidding: a uniformly random legal bid, drawn as from the list legal_moves() gives (the same
  // draw of `r`, the same bid), without building the list; false when no bid is legal (nothing drawn).
  bool random_bid(rng& r, move& out) const;
  // Plays uniformly random legal cards (each drawn as random_card draws it) until the play phase ends:
  // the hand is scored. The random playouts' path, in the variant's card-set width chosen once per hand.
  // Returns the cards played.
  int play_random_cards(rng& r);
  // Why the seat to play may not play card c, which it holds; rule none when it may.
  play_refusal refusal(int c) const;
  // A card group's cards with its relative words read (runtime/restrict.hpp): `in` the fixed cards before
  // its `except`, `card` the card in question (-1: none).
  card_set relative_cards(card_set in, const relative_group& rel, int card) const;
  // Empty when legal, otherwise the reason in words.
  std::string why_illegal(const move& m) const;
  // Applies a legal move (the caller checks legality; apply does not). A decision not made blind (see
  // blind_decision) has the seat that makes it look at its cards first.
  void apply(const move& m);
  // Looking at the cards (spec/language.md, "Looking at the cards"): the seat looks now, at any time of the
  // hand, its turn or not; has it looked; may it see its own hand (it has looked, or it is about to make a
  // decision that is not made blind, or the variant has no blind bid to keep it from looking); is the
  // decision pending one the seat to act may make without looking (a blind bid open to it, or an answer
  // to its partner's blind bid)?
  void look(int seat) { looked[seat] = true; }
  // May `seat` look at its cards now? Not when it is the seat to decide and every move open to it is blind
  // (after partner's `go blind`, say): looking would leave it nothing to do. The table, the bot protocol
  // and the records ask this before a look.
  bool may_look(int seat) const;
  bool has_looked(int seat) const { return looked[seat]; }
  bool may_see_hand(int seat) const;
  bool blind_decision() const;
  bool bidder_looked(int bidder) const;  // the bidder's seat has looked (a team bidding as one: any member)
  // apply() for a card in the play phase (the hot path of playouts).
  void play_card(int card);

  // ---- setting up a position (replays, puzzles, a hand known only by its result) ----
  // From a pass or a discard before the bidding: enters the bidding as if those card decisions were
  // made with no card changing hands. From the draw: the rest of the draw is made, each drawer keeping the
  // first card of each turn, and then as above. From the calls before it, as if nobody threw the hand in.
  // Elsewhere it does nothing.
  void enter_bidding();
  // From the bidding's end up to the first card: enters the play of the tricks with the bids as they
  // stand (a bid awaiting partner's agreement stands as agreed); calls still owed are declined, raises passed, and no
  // discard or exchange is made (a draw under way is finished as enter_bidding does). Elsewhere it does nothing.
  void enter_play();
  // Records the result of a hand played elsewhere and scores it, as if its tricks had been played here:
  // `won` tricks per seat (adding up to the tricks of a hand) and, when known, `order`, the seat that won
  // each trick (as many as the hand has tricks). Without the order, a formula that reads it (first_tricks,
  // last_trick) is a rule_error of cause trick_order_unknown.
  // Cards are not known either: a formula reading the cards of tricks is a rule_error of cause
  // trick_cards_unknown. The cards still held count as played (none is held afterwards).
  void record_tricks(const std::array<int, max_seats>& won, const int8_t* order = nullptr);
  // The deal was made up, not given (a hand known only by its result): formulas that read the cards
  // are a rule_error of cause cards_unknown.
  void forget_deal() { deal_known = false; }
  // Scores the hand (runtime/scoring.hpp: its facts as the state holds them, scored, the result applied), then
  // decides whether the game is over.
  void score_hand();
  // Sets won[t] (lost[t]) for each team whose `win when` (`lose when`) holds as the state stands (or over
  // the facts `f` of a hand scored apart from the state, with the scores and counters it leaves), in team
  // order, each team's win then lose condition: the first step of deciding whether the game is over.
  void end_conditions(std::array<uint8_t, max_teams>& won, std::array<uint8_t, max_teams>& lost, const hand_facts* f = nullptr) const;
  // The rest of that decision, from the scores after the hand, the teams whose win or lose flags are set
  // (end_conditions included), and the hands played with this one; the tie conditions evaluated over the
  // state (or the facts `f`).
  game_verdict decide_end(const std::array<int64_t, max_teams>& after, const std::array<uint8_t, max_teams>& won,
                          const std::array<uint8_t, max_teams>& lost, int played, const hand_facts* f = nullptr) const;

  // Where the cards of the pass under way go, in words: "to partner", "to the left", "to the right", "across".
  const char* pass_words() const;
  // The seat whose decision is pending (for a team's bid or call: the member who speaks for it).
  int acting_seat() const;
  // The team a seat plays for this hand: its own, or for the dummy seat its controller's (-1 before one is chosen).
  int team_in_hand(int seat) const { return seat == v->dummy ? (controller >= 0 ? v->team_of[controller] : -1) : v->team_of[seat]; }
  // The seat playing with `seat` this hand: its partner, or the dummy and its controller each other's.
  int partner_in_hand(int seat) const;
  // The player a `partner highest_bidder` step gives the dummy to, from the bids as they stand.
  int highest_bidder() const;
  // Is the seat's hand exposed to every player (the dummy, once it has a player)?
  bool exposed(int seat) const { return seat == v->dummy && controller >= 0; }
  // Is the pending decision a team's (bidding by team, or a team call)?
  bool team_decides() const { return (ph == phase::bid && v->bid_by_team) || (ph == phase::call && call_by_team) || ph == phase::raise; }
  bool call_allowed(int k, int owner, bool by_team) const;
  // The calls open to the owner, a bit per call: call_allowed for each in order, a part of their conditions
  // written alike in several (call_kind::when_slot) evaluated once.
  uint32_t open_calls(int owner, bool by_team) const;
  // Is the calls step under way the one before the bidding, where only calls that throw the hand in are made?
  bool redeal_step() const { return v->course[step].redeal; }
  int64_t behind(int team) const;
  // A raise round (spec/language.md, "Raising the bids"): the side's bid, the sum of its members' numbers
  // (the team's bid when bidding by team); the bidder whose number a raise of the side adds to (its first
  // member in bidding order whose bid kind has a range, not covered by a partner's bid for the side), or
  // -1 when none can; the most the side may raise to (the range's top of that bidder's kind).
  int side_bid(int team) const;
  int raise_carrier(int team) const;
  int raise_limit(int team) const;
  int team_in_bidding_order(int k) const;  // the k-th team in bidding order (from the first bidder's seat)
  // Is the bidder's exchange with partner owed (its kind's `when` holding for it, or none)?
  bool exchange_holds(int bidder) const;
  // Why the game ended, in words ("a score reached 500", "stopped: the hand limit of 3 hands was
  // reached", "...; the game is drawn"); empty while it goes on.
  std::string end_reason() const;

 private:
  void advance();             // enter the next step of the course that has something to do
  // the start function of each kind of step (game.cpp): true when the step waits for decisions
  static bool (game_state::*const starts[step_kinds])(const hand_step&);
  bool start_dealt(const hand_step& s);
  bool start_take(const hand_step& s);
  bool start_discard(const hand_step& s);
  bool start_pass(const hand_step& s);
  bool start_bid(const hand_step& s);
  bool start_calls(const hand_step& s);
  bool start_exchange(const hand_step& s);
  bool next_raiser();
  bool start_play_step(const hand_step& s);
  bool start_partner(const hand_step& s);
  void choose_controller(const hand_step& s);
  void fold_dummy();
  void finish_scoring();
  bool start_draw(const hand_step& s);
  bool next_draw();
  void keep_drawn();
  bool take_by_bids(bool one_each);
  bool next_discarder(int from);
  bool start_bidding();
  bool bidding_passed_over() const;
  bool next_call_turn();
  bool start_exchanges();
  void enter_exchange(int index);
  void deliver_passes();
  void start_play();
  void start_trick(int seat);
  // the hot path, in the card-set width of the variant (set_ops): play_card and legal_cards choose it
  template <bool Narrow> void deal_as(rng& r);
  template <bool Narrow> void play_card_as(int card);
  template <bool Narrow> int play_random_cards_as(rng& r);
  bool plain_play() const;
  template <bool Narrow> int play_plain_tricks(rng& r);
  template <bool Narrow> int play_trick_by_rules(rng& r, int lead);
  template <bool Narrow> [[gnu::always_inline]] inline void finish_trick();  // the end of play_card, kept inline on the hot path
  [[gnu::noinline]] void keep_trick_cards();  // then finish_trick()
  void check_game_end();
  // end_conditions and decide_end, inlined into check_game_end (game.cpp)
  void end_conditions_in(std::array<uint8_t, max_teams>& won, std::array<uint8_t, max_teams>& lost, const hand_facts* f) const;
  game_verdict decide_end_in(const std::array<int64_t, max_teams>& after, const std::array<uint8_t, max_teams>& won,
                             const std::array<uint8_t, max_teams>& lost, int played, const hand_facts* f) const;
  template <bool Narrow, class Refuse> card_set play_rules(Refuse&& refuse) const;
  template <bool Narrow> card_set restriction_holds(const play_restriction& r, card_set group) const;
  card_set restriction_group(const play_restriction& r) const;
  bool bid_allowed(int kind, int n, int bidder) const;
  int bid_moves(move* out) const;
  template <class Kind> void each_bid(Kind&& kind) const;
  const char* bid_closed(int kind, int bidder) const;
  // apply() for each phase (transitions.cpp)
  void apply_bid(const move& m);
  void apply_agree(const move& m);
  void apply_raise(const move& m);
  void apply_call(const move& m);
  void apply_pass(const move& m);
  void apply_discard(const move& m);
  void apply_exchange(const move& m);
  void apply_draw(const move& m);
  void settle_bid(int bidder);
  void throw_in(int call);
  bool call_condition(int k, int owner, bool by_team) const;
  std::string late_redeal(int k) const;
  void cover_side(int bidder);
  void next_bidder(int from);
  int first_holder();
};

}  // namespace spades
