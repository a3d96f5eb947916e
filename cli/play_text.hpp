// What `spades play` prints in tables and long lines, fitted to the terminal's width (cli/text_table.hpp):
// the score table after each hand and at `score`, the game's summary, and a line of prose.
#pragma once
#include <string>

#include "runtime/game.hpp"

namespace spades::cli {

// A bid as the score table shows it ("-" before it is made).
std::string bid_text(const game_state& st, int bidder);

// The score table: a row per side, and under it a row per player with their bid and tricks (the side's row
// has the bid only when a side bids as one, or is one player), for seat `me` ("(you)"). The bid column is
// as wide as its widest entry, so that `blind naught 6` keeps the columns.
std::string score_table(const game_state& st, int me, int width);

// The end of the game: hands played, and each side's score, counters and tallies.
std::string game_summary(const game_state& st, int width);

}  // namespace spades::cli
