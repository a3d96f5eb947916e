// What `spades match` adds up and prints: the score differences of bot A against bot B per hand and per
// game with their 95% intervals, the games won, lost and tied, and the Elo difference they imply.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace spades::cli {

// One board's plays added up: its games (one, or two with --duplicate), hands, and A's points minus B's,
// from the final scores and from the hands' points.
struct board_result {
  int games = 0, wins = 0, losses = 0, ties = 0;
  long long hands = 0;
  __int128 game_diff = 0, hand_diff = 0;
};

// Every figure is a sum of whole numbers, kept exactly (the squares for the intervals too), so that boards
// added in any grouping, on any thread or machine, give the same figures to the last bit. A sum too large
// for 128 bits is refused (std::overflow_error) rather than wrapped.
struct match_sums {
  long long boards = 0, games = 0, hands = 0, wins = 0, losses = 0, ties = 0;
  __int128 g = 0, gg = 0;         // per board: A minus B in final scores, and its square
  __int128 d = 0, dd = 0, dh = 0;  // per board: A minus B in hand points, its square, and times the hands
  __int128 hh = 0;                // per board: hands played, squared
  void add(const board_result& b);
  void merge(const match_sums& o);
  nlohmann::ordered_json to_json() const;  // the sums themselves, big numbers as decimal strings
  static match_sums from_json(const nlohmann::json& j);  // throws std::invalid_argument when malformed
};

// What the run was: printed with its figures.
struct match_info {
  std::string variant, a, b;
  std::string a_side, b_side;  // the sides' names, A's first
  uint64_t seed = 0;
  long long deals = 0;
  bool duplicate = false;
  bool interrupted = false;
};

nlohmann::ordered_json match_json(const match_info& info, const match_sums& s);
std::string match_text(const match_info& info, const match_sums& s);

}  // namespace spades::cli
