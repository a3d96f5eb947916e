// One table of `spades serve`: a game on the engine's loop with people and bots at its seats. People's
// decisions arrive as messages; the loop runs the bots until a person must decide, and each seat is told the
// game only as runtime/view.hpp lets it see it.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bots/players.hpp"
#include "hands/record.hpp"
#include "runtime/view.hpp"

namespace spades::web {

using json = nlohmann::ordered_json;

// An outside bot the operator registered: its name in the lobby and the command it runs (bots/external.hpp).
struct outside_bot {
  std::string name, command;
};

struct seat_setup {
  bool person = false;
  bot_kind bot = bot_kind::rule;  // a bot's kind (rule, mc, or external), when not a person
  std::string name;               // the player's name as the host gave it (checked: max_web_name_bytes)
  outside_bot outside;            // bot_kind::external: the registered bot that sits here
  // what the lobby, the record and the views call the player: person, rule, mc, or an outside bot's name
  std::string player() const { return person ? "person" : bot == bot_kind::external ? outside.name : bot_name(bot); }
};

struct table_setup {
  std::shared_ptr<const variant> v;
  std::string ruleset;                   // the variant as the record names it (its id, or "pasted.spades")
  std::string ruleset_text;              // a pasted variant's text (kept in the record), else ""
  std::vector<std::string> options;      // NAME=VALUE as set in the lobby
  std::vector<std::pair<int, int64_t>> option_values;  // each option index with its value
  std::vector<seat_setup> seats;         // one per seat of the variant
  uint64_t seed = 0;
  int mc_budget = mc_options{}.budget;
  int bot_timeout_ms = default_bot_timeout_ms;  // an outside bot's time to answer
};

// What a seat's message did: refused (with the reason), or done; `reply` goes to the sender alone (a hint).
struct act_result {
  std::string refused;
  json reply;
};

class table {
 public:
  explicit table(table_setup setup);
  const table_setup& setup() const { return setup_; }
  const variant& v() const { return *setup_.v; }
  // The game and what the players remember of it, read-only (the serve fuzzer checks every message against them).
  const game_state& state() const { return st_; }
  const table_memory& memory() const { return memory_; }
  // Runs the bots until a person must decide or the game is over.
  void advance();
  // A message from the person at `seat` (already known to hold the seat's token).
  act_result act(int seat, const json& msg);
  // Everything `seat` may see now, as the page draws it.
  json view_message(int seat) const;
  bool over() const { return st_.ph == phase::over || !error_.empty(); }
  // The game record (spec/records.md) as it stands.
  std::string record_text() const { return rec_.text(); }
  const game_recorder& recorder() const { return rec_; }
  // The moves recorded so far replayed into a fresh table (a restart with --state): false with `err` set
  // when the record does not follow from its seed.
  bool replay(const json& record, std::string& err);

 private:
  // The game loop's chooser and observer: the people's queued moves, the bots, the memory, the record.
  struct driver;
  struct snapshot {
    game_state st;
    rng r;
    seated_bots bots;
    table_memory memory;
    game_recorder rec;
    std::vector<json> sheet;
    uint64_t moves;
  };
  act_result act_move(int seat, const json& msg);
  act_result act_cards(int seat, const json& msg);
  act_result act_undo(int seat, bool agree);
  act_result act_hint(int seat);
  game_state world_of(int seat, rng& r) const;
  std::string queue(const std::vector<move>& ms);
  bool person_decides(int seat) const;
  void hand_scored();
  void go_back(int seat);
  json options_of(int seat) const;
  json cards_of(int seat, const seat_view& w) const;

  table_setup setup_;
  game_state st_;
  rng r_;
  exec_seats commands_;  // the outside bots' commands, by seat
  seated_bots bots_;
  table_memory memory_;
  game_recorder rec_;
  std::vector<move> queued_;
  std::vector<json> sheet_;                 // each hand scored: points, scores, what each rule gave
  std::vector<std::vector<snapshot>> at_decision_;  // per seat: the game at each of its decisions (undo)
  int undo_asker_ = -1;                     // a person asking to undo, until every other person agrees
  std::vector<bool> undo_agreed_;
  uint64_t moves_ = 0;                      // moves applied in this game
  std::string error_;                       // a rule error that stopped the game
  friend struct driver;
};

// What a seat is sent when it joins: its seat, the variant's name, teams and its public deck.
json table_hello(const table& t, int seat);

// The seat whose decision is pending (the member who speaks for a team, the controller for the dummy), or -1.
int deciding_seat(const game_state& st);

}  // namespace spades::web
