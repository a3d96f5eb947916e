// An outside bot speaking the bot protocol (bots/external.hpp).
#include "bots/external.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bots/process.hpp"
#include "bots/protocol.hpp"

namespace spades {

external_bot::external_bot(std::string command, int seat, int timeout_ms) : command_(std::move(command)), seat_(seat), timeout_ms_(timeout_ms) {}
external_bot::~external_bot() = default;

void external_bot::fail(const game_state& st, const std::string& why) {
  proc_.reset();  // a bot that broke the protocol is not spoken to again
  throw bot_error(fmt::format("the bot at {} (exec:{}) {}", st.v->seat_names[seat_], command_, why));
}

std::string external_bot::ask(const std::string& message, const game_state& st) {
  using io = child_process::io;
  const io w = proc_->write_line(message, timeout_ms_);
  if (w == io::timeout) fail(st, fmt::format("did not read its input within {} ms", timeout_ms_));
  if (w != io::ok) fail(st, proc_->exit_words());
  std::string line;
  switch (proc_->read_line(line, timeout_ms_, max_bot_line)) {
    case io::ok: return line;
    case io::timeout: fail(st, fmt::format("did not answer within {} ms", timeout_ms_));
    case io::too_long: fail(st, fmt::format("wrote a line longer than {} bytes", max_bot_line));
    default: fail(st, proc_->exit_words());
  }
}

void external_bot::start(const game_state& st) {
  try {
    proc_ = std::make_unique<child_process>(command_);
  } catch (const std::runtime_error& e) {
    fail(st, e.what());
  }
  const std::string line = ask(greeting_message(st, seat_).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace), st);
  if (std::string why = read_hello(line); !why.empty()) fail(st, why);
}

move external_bot::choose(const game_state& st, const table_memory& memory, const look_fn& look) {
  if (!proc_) start(st);
  for (;;) {
    // the look is offered once: after it the seat sees its cards, and `st` (the game itself) knows it has looked
    const bool may_look = look && !st.may_see_hand(seat_) && st.may_look(seat_);
    std::vector<move> moves;
    const std::vector<std::string> legal = legal_words(st, &moves);
    const std::string line =
        ask(decide_message(st, seat_, memory, legal, may_look).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace), st);
    std::string why;
    const int at = read_move(line, legal, why, may_look);
    if (at == look_answer) {
      look(seat_);
      continue;
    }
    if (at < 0) fail(st, why);
    return moves[at];
  }
}

void external_bot::hand_over(const game_state& st, const table_memory& memory) {
  if (proc_) (void)proc_->write_line(hand_over_message(st, seat_, memory).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace), timeout_ms_);
}

void external_bot::game_over(const game_state& st, const table_memory& memory) {
  if (proc_) (void)proc_->write_line(game_over_message(st, seat_, memory).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace), timeout_ms_);
  proc_.reset();
}

}  // namespace spades
