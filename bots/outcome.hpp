// Scoring assumed trick outcomes of the hand under way, without a copy of the state, for the rule-following
// bot's bids and play (bots/outcome.cpp): what a count of tricks, one trick or a contract is worth to a
// side, asked of the variant's own scoring, and the answers that hold for a hand, asked once.
#pragma once
#include <array>
#include <initializer_list>
#include <optional>
#include <utility>

#include "bots/context.hpp"
#include "runtime/game.hpp"
#include "runtime/scoring.hpp"

namespace spades::bot_detail {

// A hand's tricks as the bots guess them: each seat in turn takes its count, in that order (first the first
// seat's tricks, then the next's ...), for scoring a guessed outcome.
struct trick_split {
  std::array<int, max_seats> won{};
  std::array<int8_t, max_tricks> order{};
};
trick_split split_of(std::initializer_list<std::pair<int, int>> takes);

// A guessed outcome scored as the game would score the hand in the state, without a copy of it
// (runtime/scoring.hpp): the hand's result and how the game would then stand. Throws rule_error where
// scoring the hand in the state would, the game's end decided included.
struct scored_guess {
  hand_result r;
  game_verdict d;
};
scored_guess score_guess(const variant& v, const hand_facts& f);
// The same for `won` tricks taken in `order` (guess_hand).
scored_guess score_guess(const game_state& st, const std::array<int, max_seats>& won, const int8_t* order);

// Guessed outcomes of one state (unchanged while it is used) scored as score_guess scores them (with
// `raised`, the team whose carried counter is raised by 100 before the hand), kept for the decision under
// way (guess_memo); what they share is read once.
class guess_scorer {
 public:
  guess_scorer(bot_context& cx, const game_state& st);
  const game_state& state() const { return st_; }  // the state its guesses are of
  guess_scorer(const guess_scorer&) = delete;  // the facts point into it
  guess_scorer& operator=(const guess_scorer&) = delete;
  guess_memo::result operator()(const std::array<int, max_seats>& won, const int8_t* order, int raised = -1);

 private:
  bot_context& cx_;
  const game_state& st_;
  guessed_hand g_;
  hand_facts f_;
  // the guess's key (guess_memo): the state's words first, the same for every guess, and their share of its hash
  std::array<uint64_t, 64> key_;
  int state_words_ = 0;
  uint64_t state_hash_ = 0;
};

// The side's score for the hand were `won` tricks taken in `order`, a game won or lost by it included.
// outcome_scorer: the same for many outcomes of one state, what they share (the carried counter's price,
// the side's chance before the hand) asked once.
class outcome_scorer {
 public:
  outcome_scorer(bot_context& cx, const game_state& st, int team);
  // sharing the guesses of `st` scored already (and to come) with others asking of the same state
  outcome_scorer(bot_context& cx, guess_scorer& shared, const game_state& st, int team);
  double operator()(const std::array<int, max_seats>& won, const int8_t* order) const;

 private:
  const game_state& st_;
  std::optional<guess_scorer> own_;
  guess_scorer* scored_;
  bool& ended_;  // hand_answers::game_ended
  int team_;
  double unit_ = 0, stake_ = 0, before_ = 0;
};
double score_outcome(bot_context& cx, const game_state& st, int team, const std::array<int, max_seats>& won, const int8_t* order);
// The first opponent of `seat` that is not the dummy, or -1.
int first_opponent(const variant& v, int seat);
// The seat whose score a seat's tricks go to: itself, or for the dummy its controller.
inline int scorer_of(const game_state& st, int seat) { return seat == st.v->dummy ? st.controller : seat; }
// Does the seat's side lose by the seat taking a trick (a nil, a naught)? `stake`, if given, is set to what the
// seat's first trick costs the side then (0 when it plays to win). bid_zero: the same, kept per hand.
bool zero_wanted(bot_context& cx, const game_state& st, int seat, double* stake = nullptr);
// The same, the guesses scored by `scored` (of its state, shared with others asking of it).
bool zero_wanted(guess_scorer& scored, int seat, double* stake = nullptr);

bool bid_zero(bot_context& cx, const game_state& st, int seat);
// The side's score with the seat taking k tricks and an opponent the rest, for every k; null if none.
const std::array<double, max_tricks + 1>* scores_by_count(bot_context& cx, const game_state& st, int seat);
// Does the hand of `st` score the same for every split of seats a's and b's tricks that keeps their sum? So
// when the scoring, compiled, may read their tricks only together whatever the bids' numbers and the tricks
// (runtime/score_code.hpp's trick_reads, kept per bid kinds), reads neither the order of the tricks nor
// cards, neither is the dummy, and no condition of the game's end reads the tricks.
bool sums_only(bot_context& cx, const game_state& st, int a, int b);
// Does a trick of partner `mate` count for the side as one of the seat's would?
bool tricks_pooled(bot_context& cx, const game_state& st, int seat, int mate);
// What one more trick costs the seat's side, with `later` sure tricks of the seat's to come.
double trick_cost(bot_context& cx, const game_state& st, int seat, int later = 0);
bool trick_unwanted(bot_context& cx, const game_state& st, int seat);
// The seat's trumps that no card in `others` beats.
int sure_later(const game_state& st, card_set hand, card_set others);
// The tricks the seat's side still needs for its contract (and the step's points in `step_gain`).
int tricks_short(bot_context& cx, const game_state& st, int seat, double* step_gain = nullptr);
// What more tricks can only cost a side that has its contract.
double risk_ahead(bot_context& cx, const game_state& st, int seat, int later);
// Is covering a partner playing to take nothing worth the trick it costs?
bool cover_worth(bot_context& cx, const game_state& st, int self, int partner, int later, card_set pool, double cost);
// What a trick left to the other sides may be worth to an opponent with no room to spare.
double opponents_stake(bot_context& cx, const game_state& st, int seat, int later);
// Must the seat's side win the trick in play (a bonus hangs on it)?
bool trick_needed(bot_context& cx, const game_state& st, int seat);

}  // namespace spades::bot_detail
