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
#include "bots/mc_bot.hpp"

namespace spades {

enum class bot_kind : uint8_t { rule, random, mc };

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

// A chooser and an observer for run_game: the decision pending goes to the bot at the seat that acts (the
// dummy's cards to the bot of its controller). One per game: a Monte Carlo bot keeps what its seat has seen,
// and draws from its own stream, seeded from the game's seed and its seat, so that the deals and the other
// bots' moves are the same whichever bots sit where. The game's bot context is here too, shared by its
// bots; the variant's calibration `cal` may be shared by many games.
class seated_bots : public observer {
 public:
  seated_bots(const seat_kinds& kinds, uint64_t game_seed, std::shared_ptr<const bot_calibration> cal, mc_options o = {});
  // a copy is a bot for bot (play's `undo` goes back to a copy), what each Monte Carlo bot has seen included
  seated_bots(const seated_bots& o) : observer(o), kinds_(o.kinds_), cx_(o.cx_) { *this = o; }
  seated_bots& operator=(const seated_bots& o);
  bool operator()(const game_state& st, rng& r, move& out) {
    const int seat = st.acting_seat();
    switch (kinds_[seat]) {
      case bot_kind::random: out = random_move(st, r); break;
      case bot_kind::mc: out = mc_[seat]->choose(st, cx_); break;
      default: out = bot_move(st, r, cx_); break;
    }
    return true;
  }
  bot_context& context() { return cx_; }
  void dealt(const game_state& st);
  void moving(const game_state& st, const move& m);
  void moved(const game_state& st, const move& m);

 private:
  seat_kinds kinds_;
  bot_context cx_;
  std::array<std::unique_ptr<mc_bot>, max_seats> mc_;
};

}  // namespace spades
