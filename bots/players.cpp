// The registry of bots by name.
#include "bots/players.hpp"

namespace spades {

const std::array<bot_entry, 3> bot_registry = {{
    {"rule", bot_kind::rule, "the rule-following bot: bids by the variant's scoring, plays by rules of thumb"},
    {"random", bot_kind::random, "a uniformly random legal move at every decision"},
    {"mc", bot_kind::mc, "Monte Carlo: each bid and card played out on deals consistent with what the seat knows"},
}};

std::optional<bot_kind> find_bot(std::string_view name) {
  for (const bot_entry& b : bot_registry)
    if (name == b.name) return b.kind;
  return std::nullopt;
}

const char* bot_name(bot_kind k) {
  for (const bot_entry& b : bot_registry)
    if (b.kind == k) return b.name;
  return "?";
}

std::string bot_names() {
  std::string out;
  for (const bot_entry& b : bot_registry) out += std::string(out.empty() ? "" : ", ") + b.name;
  return out;
}

seated_bots::seated_bots(const seat_kinds& kinds, uint64_t game_seed, std::shared_ptr<const bot_calibration> cal, mc_options o)
    : kinds_(kinds), cx_(std::move(cal)) {
  for (int s = 0; s < max_seats; ++s)
    if (kinds_[s] == bot_kind::mc) mc_[s] = std::make_unique<mc_bot>(s, derive_seed(game_seed, (uint64_t)s), o);
}

seated_bots& seated_bots::operator=(const seated_bots& o) {
  kinds_ = o.kinds_;
  cx_ = o.cx_;
  for (int s = 0; s < max_seats; ++s) mc_[s] = o.mc_[s] ? std::make_unique<mc_bot>(*o.mc_[s]) : nullptr;
  return *this;
}

void seated_bots::dealt(const game_state& st) {
  for (auto& b : mc_)
    if (b) b->dealt(st);
}

void seated_bots::moving(const game_state& st, const move& m) {
  for (auto& b : mc_)
    if (b) b->moving(st, m);
}

void seated_bots::moved(const game_state& st, const move&) {
  for (auto& b : mc_)
    if (b) b->moved(st);
}

}  // namespace spades
