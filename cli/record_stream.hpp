// A game record written as its games finish (`spades sim --record`): each game's hands go to disk as soon
// as the game is added, so the memory a run takes does not grow with --games, and the record stops short of
// the size its readers accept (runtime/limits.hpp) instead of being written past it.
#pragma once
#include <cstddef>
#include <string>

#include "hands/record.hpp"
#include "runtime/limits.hpp"

namespace spades::cli {

// One finished game as the record's text holds it: its entry of record.games and its cases, laid out at
// their depth in the file.
struct recorded_game {
  std::string entry;  // the game's object in record.games
  std::string cases;  // its hands, one case each, separated as the "cases" list separates them
  size_t case_count = 0;
};
// The games a recorder holds (a recorder per game, as sim's threads use them), as text.
recorded_game recorded_of(const game_recorder& rec);

// The record of `set_up` (a recorder before its first game: the ruleset and the record's set-up) with the
// games added in turn; byte for byte the text game_recorder::text() gives for the same games. The hands
// wait on disk, in a temporary file beside `path` that has no name (nothing is left behind, whatever
// happens); only the games' short entries of record.games are kept in memory until commit().
class record_stream {
 public:
  record_stream(std::string path, const game_recorder& set_up, size_t limit = max_record_bytes);
  record_stream(const record_stream&) = delete;
  record_stream& operator=(const record_stream&) = delete;
  ~record_stream();

  // Adds the next game; false, adding nothing, when it would take the record past the limit. Throws
  // input_error when the disk refuses it.
  bool add(const recorded_game& g);
  size_t size() const;  // the bytes of the record as it stands
  long long games() const { return games_; }
  size_t limit() const { return limit_; }
  // Writes the record at its path, whole (cli/output_file.hpp), or throws input_error.
  void commit();

 private:
  std::string path_, head_;  // head_: the text before the first game's entry
  size_t limit_;
  int spool_ = -1;           // the cases written so far
  size_t spooled_ = 0, cases_ = 0;
  long long games_ = 0;
  std::string entries_;      // record.games' entries so far
  size_t size_with(size_t entries, size_t games, size_t spooled, size_t cases) const;
};

// What sim says when the record is full after `recorded` of the `asked` games (a run already split in `shards`
// shards): how many games the record holds, and in how many shards to split the run so that each fits.
std::string record_full_message(const std::string& path, long long recorded, long long asked, int shards, size_t limit);

}  // namespace spades::cli
