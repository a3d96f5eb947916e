// --shard I/N and the sums a shard's summary carries (cli/shard.hpp).
#include "cli/shard.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "runtime/limits.hpp"

namespace spades::cli {

shard_spec read_shard(const args& a) {
  shard_spec s;
  if (!a.has("--shard")) return s;
  const std::string t = a.get("--shard");
  const auto bad = [&] {
    return usage_error(fmt::format("--shard needs I/N, the I-th of N slices of the run (1 <= I <= N <= {}), not '{}'", max_shards, t));
  };
  const size_t slash = t.find('/');
  if (slash == std::string::npos || slash == 0 || slash + 1 == t.size() || slash > 7 || t.size() - slash - 1 > 7 ||
      t.find_first_not_of("0123456789/") != std::string::npos || t.find('/', slash + 1) != std::string::npos)
    throw bad();
  const long long i = std::stoll(t.substr(0, slash)), n = std::stoll(t.substr(slash + 1));
  if (i < 1 || n < 1 || i > n || n > max_shards) throw bad();
  s.index = (int)i, s.of = (int)n, s.given = true;
  return s;
}

std::pair<long long, long long> shard_games(const shard_spec& s, long long total) {
  const auto at = [&](long long k) { return (long long)((__int128)total * k / s.of); };
  return {at(s.index - 1), at(s.index) - at(s.index - 1)};
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
  if (t.size() == (size_t)neg || t.size() > 40) throw std::invalid_argument("a sum is not a decimal number");
  __int128 x = 0;
  for (size_t i = neg; i < t.size(); ++i) {
    if (t[i] < '0' || t[i] > '9') throw std::invalid_argument("a sum is not a decimal number");
    if (__builtin_mul_overflow(x, 10, &x) || __builtin_add_overflow(x, neg ? -(t[i] - '0') : t[i] - '0', &x))
      throw std::invalid_argument("a sum is too large");
  }
  return x;
}

nlohmann::ordered_json shard_json(const shard_spec& s, const nlohmann::ordered_json& run, const nlohmann::ordered_json& sums) {
  return {{"index", s.index}, {"of", s.of}, {"run", run}, {"sums", sums}};
}

}  // namespace spades::cli
