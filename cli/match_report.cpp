// The figures of `spades match` (cli/match_report.hpp) from the exact sums, as text and as JSON.
#include "cli/match_report.hpp"

#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "cli/games.hpp"

namespace spades::cli {

namespace {

__int128 add(__int128 a, __int128 b) {
  __int128 r;
  if (__builtin_add_overflow(a, b, &r)) throw std::overflow_error("the scores are too large to add up");
  return r;
}
__int128 mul(__int128 a, __int128 b) {
  __int128 r;
  if (__builtin_mul_overflow(a, b, &r)) throw std::overflow_error("the scores are too large to add up");
  return r;
}

std::string big_text(__int128 x) {
  if (x == 0) return "0";
  const bool neg = x < 0;
  std::string out;
  while (x != 0) {
    const int digit = (int)(x % 10);
    out.insert(out.begin(), (char)('0' + (neg ? -digit : digit)));
    x /= 10;
  }
  return neg ? "-" + out : out;
}
__int128 big_read(const nlohmann::json& j) {
  if (!j.is_string()) throw std::invalid_argument("a sum is not a decimal string");
  const std::string t = j.get<std::string>();
  const bool neg = !t.empty() && t[0] == '-';
  if (t.size() == (size_t)neg || t.size() > 41) throw std::invalid_argument("a sum is not a decimal number");
  __int128 x = 0;
  for (size_t i = neg; i < t.size(); ++i) {
    if (t[i] < '0' || t[i] > '9') throw std::invalid_argument("a sum is not a decimal number");
    x = add(mul(x, 10), neg ? -(t[i] - '0') : t[i] - '0');
  }
  return x;
}

// A mean and its 95% interval; no interval from fewer than two boards.
struct estimate {
  double mean = 0;
  std::optional<std::pair<double, double>> ci;
};

// Per game: the boards' differences are the samples (a board's two plays with the sides swapped are one
// sample, so the luck of the cards they share cancels out of the interval as it does out of the mean).
estimate per_game(const match_sums& s) {
  estimate e;
  if (s.games == 0) return e;
  const long double n = s.boards, k = (long double)s.games / n;
  e.mean = (double)((long double)s.g / s.games);
  if (s.boards < 2) return e;
  const long double var = std::max<long double>(0, ((long double)s.gg - (long double)s.g * s.g / n) / (n - 1));
  const double half = (double)(z95 * std::sqrt(var / n) / k);
  e.ci = {e.mean - half, e.mean + half};
  return e;
}

// Per hand: a ratio of the boards' sums (points over hands), its interval by the delta method over boards.
estimate per_hand(const match_sums& s) {
  estimate e;
  if (s.hands == 0) return e;
  const long double n = s.boards, r = (long double)s.d / s.hands, hbar = (long double)s.hands / n;
  e.mean = (double)r;
  if (s.boards < 2) return e;
  const long double spread = std::max<long double>(0, (long double)s.dd - 2 * r * (long double)s.dh + r * r * (long double)s.hh);
  const double half = (double)(z95 * std::sqrt(spread / (n * (n - 1))) / hbar);
  e.ci = {e.mean - half, e.mean + half};
  return e;
}

// A's share of the games' points (a win 1, a tie 1/2) and the Elo difference it implies; its interval from
// the share's Wilson interval (a sweep of every game still has a finite lower end). A share of 0 or 1 is an
// unbounded difference.
double elo(double share) {
  if (share <= 0) return -std::numeric_limits<double>::infinity();
  if (share >= 1) return std::numeric_limits<double>::infinity();
  return 400 * std::log10(share / (1 - share));
}
struct elo_estimate {
  double share = 0, diff = 0, lo = 0, hi = 0;
};
elo_estimate elo_of(const match_sums& s) {
  elo_estimate e;
  if (s.games == 0) return e;
  const double points = (double)s.wins + 0.5 * (double)s.ties, p = points / (double)s.games;
  const auto [lo, hi] = wilson(points, s.games);
  return {p, elo(p), elo(lo), elo(hi)};
}

nlohmann::ordered_json estimate_json(const estimate& e) {
  nlohmann::ordered_json j;
  j["mean"] = e.mean;
  j["mean_95"] = e.ci ? nlohmann::ordered_json{e.ci->first, e.ci->second} : nlohmann::ordered_json(nullptr);
  return j;
}

// An Elo figure: signed, or +inf/-inf for an unbounded difference; JSON has no infinity and says null.
std::string elo_text(double x) { return std::isinf(x) ? (x > 0 ? "+inf" : "-inf") : fmt::format("{:+.0f}", x); }
nlohmann::ordered_json elo_json(double x) { return std::isinf(x) ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(x); }

}  // namespace

void match_sums::add(const board_result& b) {
  ++boards;
  games += b.games, hands += b.hands, wins += b.wins, losses += b.losses, ties += b.ties;
  g = spades::cli::add(g, b.game_diff), gg = spades::cli::add(gg, mul(b.game_diff, b.game_diff));
  d = spades::cli::add(d, b.hand_diff), dd = spades::cli::add(dd, mul(b.hand_diff, b.hand_diff));
  dh = spades::cli::add(dh, mul(b.hand_diff, b.hands)), hh = spades::cli::add(hh, mul(b.hands, b.hands));
}

void match_sums::merge(const match_sums& o) {
  boards += o.boards, games += o.games, hands += o.hands, wins += o.wins, losses += o.losses, ties += o.ties;
  g = spades::cli::add(g, o.g), gg = spades::cli::add(gg, o.gg), d = spades::cli::add(d, o.d);
  dd = spades::cli::add(dd, o.dd), dh = spades::cli::add(dh, o.dh), hh = spades::cli::add(hh, o.hh);
}

nlohmann::ordered_json match_sums::to_json() const {
  return {{"boards", boards}, {"games", games},     {"hands", hands},     {"wins", wins},       {"losses", losses},
          {"ties", ties},     {"g", big_text(g)},   {"gg", big_text(gg)}, {"d", big_text(d)},   {"dd", big_text(dd)},
          {"dh", big_text(dh)}, {"hh", big_text(hh)}};
}

match_sums match_sums::from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw std::invalid_argument("the sums are not an object");
  match_sums s;
  auto count = [&](const char* k) {
    if (!j.contains(k) || !j[k].is_number_integer() || j[k].get<long long>() < 0) throw std::invalid_argument(fmt::format("'{}' is not a count", k));
    return j[k].get<long long>();
  };
  auto big = [&](const char* k) {
    if (!j.contains(k)) throw std::invalid_argument(fmt::format("'{}' is missing", k));
    return big_read(j[k]);
  };
  s.boards = count("boards"), s.games = count("games"), s.hands = count("hands");
  s.wins = count("wins"), s.losses = count("losses"), s.ties = count("ties");
  s.g = big("g"), s.gg = big("gg"), s.d = big("d"), s.dd = big("dd"), s.dh = big("dh"), s.hh = big("hh");
  return s;
}

nlohmann::ordered_json match_json(const match_info& info, const match_sums& s) {
  nlohmann::ordered_json j;
  j["variant"] = info.variant;
  j["a"] = info.a;
  j["b"] = info.b;
  if (!info.duplicate) j["sides"] = {{"a", info.a_side}, {"b", info.b_side}};
  j["seed"] = info.seed;
  j["deals"] = info.deals;
  j["duplicate"] = info.duplicate;
  j["boards"] = s.boards;
  j["games"] = s.games;
  j["hands"] = s.hands;
  if (info.interrupted) j["interrupted"] = true;
  j["per_hand"] = estimate_json(per_hand(s));
  j["per_game"] = estimate_json(per_game(s));
  j["wins"] = s.wins;
  j["losses"] = s.losses;
  j["ties"] = s.ties;
  const elo_estimate e = elo_of(s);
  j["score"] = e.share;
  j["elo"] = elo_json(e.diff);
  j["elo_95"] = {elo_json(e.lo), elo_json(e.hi)};
  return j;
}

std::string match_text(const match_info& info, const match_sums& s) {
  std::string out = fmt::format("{}: A {} against B {}, {} deals{}, seed {}\n", info.variant, info.a, info.b, s.boards,
                                info.duplicate ? " played twice with the sides swapped" : "", info.seed);
  if (!info.duplicate) out += fmt::format("A sits at {}, B at {}\n", info.a_side, info.b_side);
  out += fmt::format("{} games, {} hands\n", s.games, s.hands);
  auto row = [&](const char* name, const estimate& e) {
    out += fmt::format("{:<26}{:>10.2f}", name, e.mean);
    out += e.ci ? fmt::format("   95% interval {:.2f} to {:.2f}\n", e.ci->first, e.ci->second) : "   (no interval from one deal)\n";
  };
  row("A - B points per hand", per_hand(s));
  row("A - B points per game", per_game(s));
  const elo_estimate e = elo_of(s);
  out += fmt::format("A won {}, lost {}, tied {} (A's score {:.1f}%)\n", s.wins, s.losses, s.ties, 100 * e.share);
  out += fmt::format("Elo difference A - B {}, 95% interval {} to {}\n", elo_text(e.diff), elo_text(e.lo), elo_text(e.hi));
  return out;
}

}  // namespace spades::cli
