// A finished game as history keeps it: read from its game record (spec/records.md) by replaying the record's
// hands through the runtime, so that every figure is what the rules give, not what a file claims. Nothing
// here knows a Spades name: a nil-kind bid, bags and a set are read from the compiled variant (figures.cpp).
#pragma once
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runtime/variant.hpp"

namespace spades::history {

// A record that cannot be read as finished games (tampered, truncated, a hand that does not replay): the
// message names the record (its label) and the case or field at fault.
struct record_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

enum class player_kind { person, bot };
const char* kind_name(player_kind k);  // "person", "bot"

// Who sat at a seat: the caller knows (the server its players, `spades stats` the record's seat and bots).
struct seat_player {
  std::string name;
  player_kind kind = player_kind::bot;
};

// One seat's figures for one hand. An absent figure (std::nullopt) is one the variant has no concept of: no
// bid of zero tricks (nils), no counter in the role of bags, no bidding (bids made, sets); absent is not 0.
struct hand_figures {
  int hand = 0;                      // 1, 2, ... within the game (hands thrown in are not counted)
  std::string seat;
  std::optional<std::string> bid;    // as the table writes it ("4", "nil"); absent: the seat made no bid
  int tricks = 0;
  int64_t points = 0;                // the seat's side's hand score
  std::optional<int> bid_made;       // 1: the seat bid tricks (not a zero-trick bid) and its side made its contract
  std::optional<int> side_set;       // 1: the seat's side fell short of its contract
  std::optional<int> nil_bid;        // 1: the seat bid a zero-trick bid
  std::optional<int> nil_made;       // 1: ... and took no trick
  std::optional<int64_t> bags;       // what the bags counter of the seat's side gained this hand
};

struct seat_entry {
  std::string seat, side;
  seat_player player;
};

struct side_entry {
  std::string side;
  int64_t score = 0;
  bool won = false;
};

// A finished game, ready to store.
struct finished_game {
  std::string ruleset;     // the ruleset's id (its file name without .spades), as the caller names it
  std::string game_name;   // the variant's `game` name
  std::string played_at;   // when it ended, ISO 8601 UTC ("2026-11-28T14:30:15Z"), as the caller says
  int hands = 0;
  std::optional<std::string> winner;  // a side's name; absent: no winner
  std::string end;                    // why it ended, in words
  std::vector<seat_entry> seats;      // every seat but a dummy
  std::vector<side_entry> sides;
  std::vector<hand_figures> figures;  // per hand, per seat
};

// The games a record holds that are over (record.games entries with "over": true), each replayed from its
// cases. `v` is the record's variant compiled with the record's options; `label` names the record in
// errors; `players` gives who sat at each seat (by seat index; a dummy's entry is ignored). Throws
// record_error when the record does not replay or its record.games does not agree with the replay.
std::vector<finished_game> finished_games(const variant& v, const nlohmann::ordered_json& record, const std::string& label,
                                          const std::vector<seat_player>& players, const std::string& ruleset,
                                          const std::string& played_at);

// The players of a record of `spades play` or `spades sim`, from record.seat and record.bot: the person at
// the table's seat is `person_name`, a bot is named by its kind and seat ("mc (N)"). Throws record_error
// for a bot spec this version does not know.
std::vector<seat_player> record_players(const variant& v, const nlohmann::ordered_json& record, const std::string& label,
                                        const std::string& person_name);

}  // namespace spades::history
