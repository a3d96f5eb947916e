// Game records (spec/records.md): a game as it was played, written as the game goes, in the shape of a
// test-hands file (each hand one case, with its deal, every move and its scores), so that `spades test`
// runs a record and any hand of it is a test case by copy and paste; and the PBN export of its hands.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runtime/breakdown.hpp"
#include "runtime/game.hpp"

namespace spades {

constexpr int record_format = 1;

// Builds a record from the game loop's hooks (runtime/loop.hpp); the driver starts each game and ends it.
class game_recorder {
 public:
  // `ruleset`: the variant's path as the record names it (relative to the record's directory);
  // `meta`: the record's "record" object (format, command, seed, options ...), "games" is added.
  game_recorder(const variant& v, std::string ruleset, nlohmann::ordered_json meta);

  // a new game, options set, before its first deal; `number`: its number in the record, when not the next
  // (a run recorded game by game on several threads numbers each game itself)
  void start_game(const game_state& st, int number = 0);
  void end_game(const game_state& st);    // the game is over (or stopped): its result
  // the loop's hooks
  void dealing(const game_state& st);
  void dealt(const game_state& st);
  void moving(const game_state& st, const move& m);
  void moved(const game_state& st, const move& m);
  // a seat looked at its cards (no move of the loop: the table tells it): "S: look"
  void looked(const game_state& st, int seat);
  // a seat claimed the remaining tricks, its claim accepted (runtime/claim.hpp), before the hand's next move:
  // noted in record.claims (the moves that play the claim out are written as any others)
  void claimed(const game_state& st, int seat);

  const nlohmann::ordered_json& doc() const { return doc_; }
  // The record as the text of its file (a path not in UTF-8 has its bad bytes replaced, so it stays readable).
  std::string text() const;
  // The effects of the last hand scored, rule by rule (empty before the first).
  const std::vector<rule_effect>& last_effects() const { return effects_; }

 private:
  const variant* v_;  // a pointer, not a reference: a recorder is copied and assigned (undo at the table)
  nlohmann::ordered_json doc_;
  nlohmann::ordered_json& hand() { return doc_["cases"].back(); }  // the case of the hand under way
  int game_ = 0;
  size_t game_first_case_ = 0;
  int redeals_at_deal_ = 0, hands_at_deal_ = 0;
  bool group_open_ = false;  // the last move's cards are still being passed or discarded: the next joins it
  bool next_joins_ = false;  // set as a move is made: it leaves more cards owed by its seat
  scoring_witness witness_;
  std::vector<rule_effect> effects_;
  void close_hand(const game_state& st);
};

// The effects of a hand for each team, for a record's note or the table: "NS: contract: ... | EW: ...".
std::string effects_note(const variant& v, const std::vector<rule_effect>& effects);

// Whether a card chosen now is passed, exchanged or discarded (not played to a trick).
bool passes_cards(phase ph);
// A move as a record (and a hands file's `moves`) writes it: "N: 4", "E: pass 2C", "S: QH".
std::string record_move(const game_state& st, const move& m);

}  // namespace spades
