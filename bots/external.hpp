// An outside bot (`exec:CMD`): a program playing one seat through the bot protocol (spec/bot-protocol.md),
// started when its seat's first hand is dealt and ended with the game.
#pragma once
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

#include "runtime/view.hpp"

namespace spades {

class child_process;  // bots/process.hpp

// An outside bot that broke the protocol (an illegal or malformed answer, none in time, gone): the game
// cannot go on. The message names the seat and the bot.
struct bot_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class external_bot {
 public:
  external_bot(std::string command, int seat, int timeout_ms);
  ~external_bot();
  // The move for the decision pending, which is this seat's (or the dummy's it plays); throws bot_error.
  // With `look` (the driver's way to have a seat look at its cards in the game it plays), a decision the seat
  // may make blind offers the bot a look; after one, the bot is asked the decision again with its cards.
  using look_fn = std::function<void(int seat)>;
  move choose(const game_state& st, const table_memory& memory, const look_fn& look = nullptr);
  // Told, answering nothing: a hand was scored, the game is over (a bot gone by then is no error).
  void hand_over(const game_state& st, const table_memory& memory);
  void game_over(const game_state& st, const table_memory& memory);
  const std::string& command() const { return command_; }

 private:
  void start(const game_state& st);
  std::string ask(const std::string& message, const game_state& st);  // one line back, or bot_error
  [[noreturn]] void fail(const game_state& st, const std::string& why);

  std::string command_;
  int seat_, timeout_ms_;
  std::unique_ptr<child_process> proc_;
};

}  // namespace spades
