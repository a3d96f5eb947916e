// The messages of the bot protocol (spec/bot-protocol.md): what the engine writes to an outside bot, one
// JSON object per line. A seat's view comes from runtime/view.hpp and nowhere else.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runtime/view.hpp"

namespace spades {

// 2 added the look (a bot may look at its cards at a decision it could make blind); every message of 1 is
// unchanged, so a bot written for 1 plays on.
constexpr int bot_protocol_version = 2;

// The greeting: the protocol's version, the variant (seats, sides, cards and their ranking, bids, calls,
// options as set for the game) and the seat the bot sits in.
nlohmann::ordered_json greeting_message(const game_state& st, int seat);
// A decision: the seat's view and the legal moves as the table writes them (each once); with `may_look`,
// "may_look": true (the seat may look at its cards before it decides).
nlohmann::ordered_json decide_message(const game_state& st, int seat, const table_memory& memory, const std::vector<std::string>& legal,
                                      bool may_look = false);
// After a hand is scored, and when the game is over: the seat's view (scores, the hand's points).
nlohmann::ordered_json hand_over_message(const game_state& st, int seat, const table_memory& memory);
nlohmann::ordered_json game_over_message(const game_state& st, int seat, const table_memory& memory);
// The view as JSON: every card by its name.
nlohmann::ordered_json view_json(const variant& v, const seat_view& w);
// The legal moves of the decision pending, in the table's words, each once (two copies of a card are one).
std::vector<std::string> legal_words(const game_state& st, std::vector<move>* moves = nullptr);

// A bot's answers, read: "" when `line` is the answer to the greeting ({"type": "hello"}), else why not.
std::string read_hello(const std::string& line);
// The index in `legal` of the move `line` answers a decision with; look_answer for {"look": true} where
// `may_look`; else -1 with `why` saying what is wrong (not a JSON object with a "move" string, a move not among
// the legal ones, a look where the seat may not look). Any line is safe to read.
constexpr int look_answer = -2;
int read_move(const std::string& line, const std::vector<std::string>& legal, std::string& why, bool may_look = false);

}  // namespace spades
