// What the rule-following bot keeps between decisions: per compiled variant, its calibration from random
// deals (bot_calibration, made once and shared read-only by every game and thread), and per game, the
// answers that hold for a hand or a trick (bot_context, owned by whoever runs the game and passed in).
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "runtime/game.hpp"

namespace spades {

namespace bot_detail {

struct calibrated;  // bots/value.hpp

// Does the variant's scoring read cards (a card function: what a seat was dealt or won, a trick won with a
// card)? Then what a guessed outcome scores hangs on the cards held and won too.
inline bool scoring_reads_cards(const variant& v) { return v.uses_trick_cards || !v.card_groups.empty(); }

// The state an answer kept for a hand is asked of: everything the scoring of a guessed outcome reads of it
// (runtime/scoring.hpp's guess_hand and hand_facts): the hand and the game so far, its bids and calls, the
// dummy's player, the options; and where the scoring reads cards, the cards dealt, held and won. Where
// answers are kept per trick (trick_needed), the tricks so far too.
struct hand_key {
  const variant* v = nullptr;
  int hands_played = -1, dealer = -1, redeals = -1, controller = -1;
  bool hand_scored = false, overtime = false;
  std::array<bid_made, max_seats> bids{};
  std::array<bool, max_seats> covered{}, converted{};
  std::array<uint32_t, max_seats> team_calls{}, player_calls{};
  std::array<int64_t, max_teams> score{};
  std::array<std::array<int64_t, max_counters>, max_teams> counters{};
  std::array<int64_t, max_options> options{};
  // where the scoring reads cards
  std::array<card_set, max_seats> dealt{}, held{}, won_cards{};
  std::array<int16_t, max_tricks> trick_win_card{};
  uint64_t trumped_tricks = 0;
  // the count of changes of the decisions' key (hand_answers::now_count) while the key was last found to
  // hold for a decision's own state (0: never)
  uint64_t held_at = 0;
  bool same(const game_state& st) const;
  // the same but for the bidding's fields (bids, covers, conversions, calls)
  bool same_game(const game_state& st) const;
  void set(const game_state& st);
};

// The scored guesses of one decision (score_guess): every guess a decision scores is of the decision's state
// or of one the bot imagines from it by bids, answers, calls and raises, which differ from it only in the
// bidding's fields (and, where a kitty goes by the bids, the cards held). So a guess's key is those fields
// (the cards held where the scoring reads them), the tricks per seat, and their order where the scoring
// reads it. The rest of what the scoring reads (the game before the hand, the cards where read) is the
// decision's hand_key, so the memo is kept from one decision to the next while that key holds (bot_move),
// and emptied when it changes or the memo is full.
struct guess_memo {
  struct result {
    std::array<int64_t, max_teams> points{};
    std::array<int64_t, max_teams> carried{};  // the carried counter after the hand (variant::bags_counter)
    game_end end = game_end::none;
    int winner = -1;
  };
  struct entry {
    uint64_t hash = 0;
    uint32_t at = 0, len = 0;  // the key's words in `keys`
    result r;
  };
  std::vector<uint64_t> keys;
  std::vector<entry> entries;
  std::vector<std::pair<uint32_t, int32_t>> slots;  // (decision, entry) by hash, open addressing
  uint32_t decision = 1;
  void next_decision() {
    keys.clear();
    entries.clear();
    if (++decision == 0) {  // the stamps wrapped: none may look current
      for (auto& s : slots) s = {0, -1};
      decision = 1;
    }
  }
};

// What scoring a guessed hand may read of its tricks for some bid kinds: the compiled scoring's reads
// (runtime/score_code.hpp's trick_reads), the seats read together, each read a mask; known false where
// they could not be followed, or a condition of the game's end reads the tricks.
struct trick_reads_answer {
  bool known = false;
  std::vector<uint64_t> masks;
};
// The bid kinds of every seat, a byte each: the key of a trick_reads_answer.
uint64_t kinds_key(const game_state& st);

// The answers kept, each by the function of bots/ that asks it, for a key that holds all the answer reads.
struct hand_answers {
  struct {  // carried_unit: per decision (hand_answers::decisions), of the first state it is asked of
    uint64_t decision = 0;
    std::array<double, max_teams> unit{};
    std::array<bool, max_teams> known{};
  } carried;
  struct {  // bid_zero: per seat, 0 unknown, 1 no, 2 yes
    hand_key key;
    std::array<int8_t, max_seats> answer{};
  } zero;
  struct {  // scores_by_count: per seat, and its step from set to made (tricks_short)
    hand_key key;
    std::array<bool, max_seats> known{};
    std::array<std::array<double, max_tricks + 1>, max_seats> by_count{};
    std::array<int, max_seats> step{};
    std::array<double, max_seats> step_gain{};
  } counts;
  struct {  // tricks_pooled: per seat and partner, 0 unknown, 1 no, 2 yes
    hand_key key;
    std::array<std::array<int8_t, max_seats>, max_seats> answer{};
  } pooled;
  struct {  // trick_needed: per trick (and the tricks so far) and seat, 0 unknown, 1 no, 2 yes
    hand_key key;
    int trick = -1;
    std::array<int, max_seats> tricks_won{};
    std::array<int8_t, max_tricks> trick_winner{};
    std::array<int8_t, max_seats> answer{};
  } needed;
  struct mate_entry {  // mate_choice: per bidding position (at most 64 kept)
    hand_key key;
    int seat = -1, choice = 0;
  };
  std::vector<mate_entry> mate_choices;
  struct leaves_entry {  // leaves_to_mate: per bid kind and what the bidder's outlook guesses of the later bids
    hand_key key;
    int kind = -1;
    double mu = 0, mate_mu = 0, opp_shift = 0;
    bool answer = false;
  };
  std::vector<leaves_entry> leaves;
  std::vector<std::pair<uint64_t, trick_reads_answer>> trick_reads;  // sums_only: per bid kinds (at most 64 kept)
  guess_memo guesses;
  bool game_ended = false;  // an outcome scored (outcome_scorer) ended the game; reset by whoever asks
  // The decision under way (bot_move): its state, which stays unchanged until it ends, and a count of the
  // decisions begun.
  const game_state* root = nullptr;
  uint64_t decisions = 0;
  // The key of the decisions' states (bot_move), and a count of its changes: a key found to hold for one
  // decision's state holds for every later decision's while the count stays, and need not be compared again.
  hand_key now;
  uint64_t now_count = 0;
  // A decision begins at `st`: the key of the decisions' states brought up to date, and the guesses emptied
  // when the game before the hand has changed (guess_memo).
  void begin(const game_state& st) {
    root = &st;
    ++decisions;
    if (now_count > 0 && now.same(st)) return;
    if (now_count == 0 || !now.same_game(st)) guesses.next_decision();
    now.set(st);
    ++now_count;
  }
  // key.same(st), compared at most once while the decisions' key holds, for the decision's own state;
  // keep: key.set(st)
  bool holds(hand_key& key, const game_state& st) {
    if (&st == root && key.held_at == now_count) return true;
    if (!key.same(st)) return false;
    if (&st == root) key.held_at = now_count;
    return true;
  }
  void keep(hand_key& key, const game_state& st) {
    key.set(st);
    key.held_at = &st == root ? now_count : 0;
  }
};

}  // namespace bot_detail

// Where calibrations made before are kept (bots/calibration_cache.hpp keeps them in files): asked for the
// variant's before one is computed, and given each one computed. Neither may throw.
class calibration_store {
 public:
  virtual ~calibration_store() = default;
  // the variant's calibration into `out`, if one is kept
  virtual bool load(const variant& v, bot_detail::calibrated& out) const = 0;
  virtual void save(const variant& v, const bot_detail::calibrated& cal) const = 0;
};

// The rule-following bot's calibration of one compiled variant (its options included): computed from a
// fixed run of random deals when a bot first needs it, once whichever thread asks, then only read. Made
// for exactly this variant, so it is keyed by nothing; the variant must outlive it.
class bot_calibration {
 public:
  explicit bot_calibration(const variant& v);
  // one made already
  bot_calibration(const variant& v, bot_detail::calibrated ready);
  // one kept in `store` when first needed, else computed then and given to `store`
  bot_calibration(const variant& v, std::shared_ptr<const calibration_store> store);
  ~bot_calibration();
  bot_calibration(const bot_calibration&) = delete;
  bot_calibration& operator=(const bot_calibration&) = delete;
  const variant& for_variant() const { return v_; }
  const bot_detail::calibrated& get() const;
  // What the variant's compiled scoring may read of the tricks when the bids are of the kinds of st's:
  // asked once for the variant and the kinds by whichever game or thread asks first (up to 4,096 kinds),
  // then shared.
  bot_detail::trick_reads_answer trick_reads_for(const game_state& st) const;

 private:
  const variant& v_;
  std::shared_ptr<const calibration_store> store_;
  mutable std::once_flag once_;
  mutable std::unique_ptr<bot_detail::calibrated> cal_;
  mutable std::mutex reads_mutex_;
  mutable std::unordered_map<uint64_t, bot_detail::trick_reads_answer> reads_;
};

// One game's bot context: every rule-following decision of the game (the Monte Carlo bots' playouts
// included) reads and keeps its answers here. A copy keeps what the original had (play's `undo` goes back
// to one).
class bot_context {
 public:
  // with a calibration of its own, made when first needed
  explicit bot_context(const variant& v) : cal_(std::make_shared<const bot_calibration>(v)) {}
  // with one shared by the games of the variant
  explicit bot_context(std::shared_ptr<const bot_calibration> cal) : cal_(std::move(cal)) {}
  const bot_detail::calibrated& calibration() const { return cal_->get(); }
  const std::shared_ptr<const bot_calibration>& shared_calibration() const { return cal_; }
  bot_detail::hand_answers answers;

 private:
  std::shared_ptr<const bot_calibration> cal_;
};

}  // namespace spades
