// The messages of the bot protocol (spec/bot-protocol.md): what the engine writes to an outside bot, one
// JSON object per line. A seat's view comes from runtime/view.hpp and nowhere else.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runtime/view.hpp"

namespace spades {

constexpr int bot_protocol_version = 1;

// The greeting: the protocol's version, the variant (seats, sides, cards and their ranking, bids, calls,
// options as set for the game) and the seat the bot sits in.
nlohmann::ordered_json greeting_message(const game_state& st, int seat);
// A decision: the seat's view and the legal moves as the table writes them (each once).
nlohmann::ordered_json decide_message(const game_state& st, int seat, const table_memory& memory, const std::vector<std::string>& legal);
// After a hand is scored, and when the game is over: the seat's view (scores, the hand's points).
nlohmann::ordered_json hand_over_message(const game_state& st, int seat, const table_memory& memory);
nlohmann::ordered_json game_over_message(const game_state& st, int seat, const table_memory& memory);
// The view as JSON: every card by its name.
nlohmann::ordered_json view_json(const variant& v, const seat_view& w);
// The legal moves of the decision pending, in the table's words, each once (two copies of a card are one).
std::vector<std::string> legal_words(const game_state& st, std::vector<move>* moves = nullptr);

// A bot's answers, read: "" when `line` is the answer to the greeting ({"type": "hello"}), else why not.
std::string read_hello(const std::string& line);
// The index in `legal` of the move `line` answers a decision with, or -1 with `why` saying what is wrong
// (not a JSON object with a "move" string, or a move not among the legal ones). Any line is safe to read.
int read_move(const std::string& line, const std::vector<std::string>& legal, std::string& why);

}  // namespace spades
