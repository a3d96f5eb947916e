// The bots a driver may seat, by name (the registry `sim --bots` and `play --bot` read), and a chooser that
// seats one bot of a given kind at each seat of a game.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "runtime/loop.hpp"
#include "bots/external.hpp"
#include "bots/mc_bot.hpp"

namespace spades {

// external: an outside program (`exec:CMD`), by its command rather than a name in the registry.
enum class bot_kind : uint8_t { rule, random, mc, external };
constexpr int bot_kinds = 4;

struct bot_entry {
  const char* name;
  bot_kind kind;
  const char* about;  // one line, for --help and errors
};
// Every bot, in the order --help lists them.
extern const std::array<bot_entry, 3> bot_registry;
std::optional<bot_kind> find_bot(std::string_view name);
const char* bot_name(bot_kind k);
// "rule, random, mc": the names, for messages.
std::string bot_names();

using seat_kinds = std::array<bot_kind, max_seats>;
// The outside bots' commands, by seat (for the seats of kind external), and how long each may take to answer.
struct exec_seats {
  std::array<std::string, max_seats> command;
  int timeout_ms = default_bot_timeout_ms;
};

// A chooser and an observer for run_game: the decision pending goes to the bot at the seat that acts (the
// dummy's cards to the bot of its controller). One per game: a Monte Carlo bot keeps what its seat has seen,
// and draws from its own stream, seeded from the game's seed and its seat, so that the deals and the other
// bots' moves are the same whichever bots sit where. The game's bot context is here too, shared by its
// bots; the variant's calibration `cal` may be shared by many games.
class seated_bots : public observer {
 public:
  // `exec`: the commands of the seats of kind external (each started at its seat's first decision)
  seated_bots(const seat_kinds& kinds, uint64_t game_seed, std::shared_ptr<const bot_calibration> cal, mc_options o = {},
              const exec_seats* exec = nullptr);
  // a copy is a bot for bot (play's `undo` goes back to a copy), what each Monte Carlo bot has seen included;
  // an outside bot is shared with the copy (it keeps nothing the protocol does not resend)
  seated_bots(const seated_bots& o) : observer(o), kinds_(o.kinds_), cx_(o.cx_) { *this = o; }
  seated_bots& operator=(const seated_bots& o);
  bool operator()(const game_state& st, rng& r, move& out) {
    const int seat = st.acting_seat();
    switch (kinds_[seat]) {
      case bot_kind::random: out = random_move(st, r); break;
      case bot_kind::mc: out = mc_[seat]->choose(st, cx_); break;
      case bot_kind::external: out = ext_[seat]->choose(st, memory_, look_); break;
      default: out = bot_move(st, r, cx_); break;
    }
    return true;
  }
  bot_context& context() { return cx_; }
  // How a seat looks at its cards in the driver's game (game_state::look on the game played, and the record
  // told): an outside bot is offered a look at a decision it could make blind only when this is set.
  void on_look(external_bot::look_fn look) { look_ = std::move(look); }
  void dealt(const game_state& st);
  void moving(const game_state& st, const move& m);
  void moved(const game_state& st, const move& m);

 private:
  seat_kinds kinds_;
  bot_context cx_;
  std::array<std::unique_ptr<mc_bot>, max_seats> mc_;
  std::array<std::shared_ptr<external_bot>, max_seats> ext_;
  bool any_ext_ = false;
  external_bot::look_fn look_;
  table_memory memory_;  // what the outside bots are told of past tricks and of what their seat gave away
  int hands_seen_ = 0;
};

}  // namespace spades
