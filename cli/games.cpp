// What `sim` and `match` share (cli/games.hpp): --bots, the Wilson interval and Ctrl-C.
#include "cli/games.hpp"

#include <cmath>
#include <unistd.h>

#include "cli/args.hpp"

namespace spades::cli {

std::atomic<bool> interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);
extern "C" void on_interrupt(int) {
  if (interrupted.exchange(true)) _exit(130);  // a second Ctrl-C does not wait for the summary
}

seat_kinds read_bots(const variant& v, const std::string& spec) {
  seat_kinds kinds;
  kinds.fill(bot_kind::rule);
  auto bot = [&](const std::string& name) {
    auto k = find_bot(name);
    if (!k) throw usage_error(fmt::format("--bots: unknown bot '{}' (bots: {})", name, bot_names()));
    return *k;
  };
  std::vector<std::pair<int, bot_kind>> seats;
  size_t from = 0;
  while (from <= spec.size()) {
    size_t comma = spec.find(',', from);
    std::string item = spec.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
    from = comma == std::string::npos ? spec.size() + 1 : comma + 1;
    size_t eq = item.find('=');
    if (eq == std::string::npos) {
      if (item.empty()) throw usage_error("--bots: an empty entry (write NAME, or SIDE=NAME or SEAT=NAME, separated by commas)");
      kinds.fill(bot(item));
      continue;
    }
    std::string key = item.substr(0, eq);
    bot_kind k = bot(item.substr(eq + 1));
    auto team = std::find(v.team_names.begin(), v.team_names.end(), key);
    if (team != v.team_names.end()) {
      for (int s = 0; s < v.seats; ++s)
        if (v.team_of[s] == team - v.team_names.begin()) kinds[s] = k;
      continue;
    }
    const int seat = v.find_seat(key);  // a seat's name, or P1..Pn by position
    if (seat < 0)
      throw usage_error(fmt::format("--bots: '{}' is neither a side ({}) nor a seat ({})", key, fmt::join(v.team_names, " "),
                                    fmt::join(v.seat_names, " ")));
    if (seat == v.dummy)
      throw usage_error(fmt::format("--bots: '{}' is the dummy, which never decides: its cards are played by the bot of the player given it",
                                    key));
    seats.push_back({seat, k});
  }
  for (const auto& [seat, k] : seats) kinds[seat] = k;
  return kinds;
}

std::string side_bots(const variant& v, const seat_kinds& kinds, int team) {
  std::vector<std::string> out;
  for (int s = 0; s < v.seats; ++s)
    if (v.team_of[s] == team && s != v.dummy && std::find(out.begin(), out.end(), bot_name(kinds[s])) == out.end())
      out.push_back(bot_name(kinds[s]));
  return out.empty() ? "-" : fmt::format("{}", fmt::join(out, "/"));
}

std::pair<double, double> wilson(double wins, long long n) {
  if (n == 0) return {0.0, 1.0};
  const double z = z95, p = wins / (double)n, nn = (double)n;
  const double centre = (p + z * z / (2 * nn)) / (1 + z * z / nn);
  const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / (1 + z * z / nn);
  // at 0 and at n the interval ends at the bound itself (the sum would miss it by a rounding)
  return {wins == 0 ? 0.0 : std::max(0.0, centre - half), wins == (double)n ? 1.0 : std::min(1.0, centre + half)};
}

}  // namespace spades::cli
