// A finished game handed on: said in the server's log, with who played it.
#include "web/server/finished.hpp"

#include <fmt/format.h>

namespace spades::web {

void on_game_finished(const finished_game& g) {
  std::string players;
  for (size_t s = 0; s < g.setup.seats.size(); ++s)
    players += fmt::format("{}{} {}", s ? ", " : "", g.setup.v->seat_names[s], printable(g.setup.seats[s].name, 40));
  const json& cases = g.record.contains("cases") ? g.record["cases"] : json::array();
  fmt::print(stderr, "spades serve: table {} finished {} ({} hands; {})\n", g.table, g.setup.v->name, cases.size(), players);
}

}  // namespace spades::web
