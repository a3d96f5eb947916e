// Where a finished game leaves the table: the one place a game's end is handed on (to the history of past
// games, kept apart from the server; today a line in the server's log).
#pragma once
#include <string>

#include "web/server/table.hpp"

namespace spades::web {

struct finished_game {
  std::string table;             // the table's id
  const table_setup& setup;      // the variant, its options and who sat where (people's names, bots)
  const json& record;            // the game record (spec/records.md), its end included
  const std::string& state_dir;  // --state DIR, or "" when the server keeps nothing
};

// Called once per game, when it is over (a game resumed over after a restart is not handed on again).
void on_game_finished(const finished_game& g);

}  // namespace spades::web
