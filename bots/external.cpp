// An outside bot speaking the bot protocol (bots/external.hpp).
#include "bots/external.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bots/process.hpp"
#include "bots/protocol.hpp"

namespace spades {

namespace {

// A line as an error message quotes it: its first 80 bytes.
std::string quoted(const std::string& line) { return line.size() > 80 ? line.substr(0, 80) + "..." : line; }

// The legal moves as an error lists them: the first 20.
std::string listed(const std::vector<std::string>& words) {
  std::string out;
  for (size_t i = 0; i < words.size() && i < 20; ++i) out += (i ? ", " : "") + words[i];
  return words.size() > 20 ? out + ", ..." : out;
}

}  // namespace

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
  const auto j = nlohmann::json::parse(line, nullptr, false);
  if (j.is_discarded() || !j.is_object() || j.value("type", "") != "hello")
    fail(st, fmt::format("answered the greeting with '{}', not {{\"type\": \"hello\"}}", quoted(line)));
}

move external_bot::choose(const game_state& st, const table_memory& memory) {
  if (!proc_) start(st);
  std::vector<move> moves;
  const std::vector<std::string> legal = legal_words(st, &moves);
  const std::string line = ask(decide_message(st, seat_, memory, legal).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace), st);
  const auto j = nlohmann::json::parse(line, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("move") || !j["move"].is_string())
    fail(st, fmt::format("wrote '{}', not a JSON object with a \"move\"", quoted(line)));
  const std::string said = j["move"].get<std::string>();
  for (size_t i = 0; i < legal.size(); ++i)
    if (legal[i] == said) return moves[i];
  fail(st, fmt::format("answered '{}', which is not a legal move now (legal: {})", quoted(said), listed(legal)));
}

void external_bot::hand_over(const game_state& st, const table_memory& memory) {
  if (proc_) (void)proc_->write_line(hand_over_message(st, seat_, memory).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace), timeout_ms_);
}

void external_bot::game_over(const game_state& st, const table_memory& memory) {
  if (proc_) (void)proc_->write_line(game_over_message(st, seat_, memory).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace), timeout_ms_);
  proc_.reset();
}

}  // namespace spades
