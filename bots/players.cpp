// The registry of bots by name.
#include "bots/players.hpp"

#include <stdexcept>

namespace spades {

const std::array<bot_entry, 3> bot_registry = {{
    {"rule", bot_kind::rule, "the rule-following bot: bids by the variant's scoring, plays by rules of thumb"},
    {"random", bot_kind::random, "a uniformly random legal move at every decision"},
    {"mc", bot_kind::mc, "Monte Carlo: each card played out on deals consistent with what the seat knows; bids as the rule bot"},
}};

std::optional<bot_kind> find_bot(std::string_view name) {
  for (const bot_entry& b : bot_registry)
    if (name == b.name) return b.kind;
  return std::nullopt;
}

const char* bot_name(bot_kind k) {
  if (k == bot_kind::external) return "exec";
  for (const bot_entry& b : bot_registry)
    if (b.kind == k) return b.name;
  return "?";
}

std::string bot_names() {
  std::string out;
  for (const bot_entry& b : bot_registry) out += std::string(out.empty() ? "" : ", ") + b.name;
  return out;
}

seated_bots::seated_bots(const seat_kinds& kinds, uint64_t game_seed, std::shared_ptr<const bot_calibration> cal, mc_options o,
                         const exec_seats* exec)
    : kinds_(kinds), cx_(std::move(cal)) {
  for (int s = 0; s < max_seats; ++s) {
    if (kinds_[s] == bot_kind::mc) mc_[s] = std::make_unique<mc_bot>(s, derive_seed(game_seed, (uint64_t)s), o);
    if (kinds_[s] != bot_kind::external) continue;
    if (!exec) throw std::logic_error("an outside bot's seat without its command");
    ext_[s] = std::make_shared<external_bot>(exec->command[s], s, exec->timeout_ms);
    any_ext_ = true;
  }
}

seated_bots& seated_bots::operator=(const seated_bots& o) {
  kinds_ = o.kinds_;
  cx_ = o.cx_;
  for (int s = 0; s < max_seats; ++s) mc_[s] = o.mc_[s] ? std::make_unique<mc_bot>(*o.mc_[s]) : nullptr;
  ext_ = o.ext_;
  any_ext_ = o.any_ext_;
  look_ = o.look_;
  memory_ = o.memory_;
  hands_seen_ = o.hands_seen_;
  return *this;
}

void seated_bots::dealt(const game_state& st) {
  for (auto& b : mc_)
    if (b) b->dealt(st);
  if (any_ext_) memory_.dealt(st);
}

void seated_bots::moving(const game_state& st, const move& m) {
  for (auto& b : mc_)
    if (b) b->moving(st, m);
  if (any_ext_) memory_.moving(st, m);
}

void seated_bots::moved(const game_state& st, const move& m) {
  for (auto& b : mc_)
    if (b) b->moved(st);
  if (!any_ext_) return;
  memory_.moved(st, m);
  // the outside bots are told of each hand scored, and of the game's end
  if (st.hands_played != hands_seen_) {
    hands_seen_ = st.hands_played;
    for (auto& b : ext_)
      if (b) b->hand_over(st, memory_);
  }
  if (st.ph == phase::over)
    for (auto& b : ext_)
      if (b) b->game_over(st, memory_);
}

}  // namespace spades
