// The variant workbench: a text checked as `check` checks it, explained and compared with its base as `explain`
// and `diff` do, and simulated by rule-following bots over a bounded number of seeded games (the wins, each
// hand's score, each tally per game), for the page to chart.
#include <fmt/format.h>

#include "bots/bot.hpp"
#include "lang/load.hpp"
#include "lang/resolve.hpp"
#include "runtime/loop.hpp"
#include "web/server/hub.hpp"

namespace spades::web {

namespace {

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

// The hands' scores as the loop hears them scored.
struct hand_scores : observer {
  std::vector<std::vector<int64_t>>& out;
  bool hand_scored(const game_state& st) {
    for (int t = 0; t < st.v->teams; ++t) out[(size_t)t].push_back(st.hand_points[t]);
    return true;
  }
};

json sim_games(const variant& v, int games, uint64_t seed) {
  std::vector<int64_t> wins((size_t)v.teams);
  std::vector<std::vector<int64_t>> scores((size_t)v.teams), tallies((size_t)v.teams, std::vector<int64_t>(v.tallies.size()));
  int64_t draws = 0, stopped = 0, hands = 0;
  bot_chooser bots(v);
  for (int g = 0; g < games; ++g) {
    rng r(seed + (uint64_t)g);
    game_state st;
    st.new_game(v, (int)r.below((uint32_t)v.seats));
    run_game(st, r, bots, hand_scores{{}, scores});
    hands += st.hands_played;
    if (st.end == game_end::stopped) ++stopped;
    else if (st.winner >= 0) ++wins[(size_t)st.winner];
    else ++draws;
    for (int t = 0; t < v.teams; ++t)
      for (size_t k = 0; k < v.tallies.size(); ++k) tallies[(size_t)t][k] += st.tallies[t][k];
  }
  return {{"variant", v.name}, {"teams", v.team_names}, {"games", games}, {"seed", seed}, {"hands", hands}, {"wins", wins},
          {"draws", draws}, {"stopped", stopped}, {"hand_scores", scores}, {"tally_names", v.tallies}, {"tallies", tallies}};
}

}  // namespace

answer hub::describe(const std::string& text) const {
  answer checked = check(text);
  if (checked.status != 200) return checked;
  json out = json::parse(checked.body);
  if (!out["ok"].get<bool>() || !explain_of) return {200, dump(out)};
  sources src;
  std::unique_ptr<variant> v = lang::load_variant_text(src, "pasted.spades", text, config_.search);
  std::unique_ptr<variant> base;
  if (!v->base.empty()) {
    sources base_src;
    base = lang::load_variant(base_src, lang::find_variant(v->base, config_.search), config_.search);
  }
  out["described"] = explain_of(*v, base.get());
  return {200, dump(out)};
}

answer hub::simulate(const std::string& body) const {
  const json req = json::parse(body, nullptr, false);
  if (req.is_discarded() || !req.is_object() || !req.contains("text") || !req["text"].is_string())
    return {400, dump({{"error", "expected {\"text\": the variant, \"games\": N}"}})};
  const int64_t games = req.value("games", (int64_t)100);
  if (games < 1 || games > max_web_sim_games)
    return {400, dump({{"error", fmt::format("games: from 1 to {} (the workbench's limit; `spades sim` plays more)", max_web_sim_games)}})};
  const std::string text = req["text"].get<std::string>();
  answer checked = check(text);
  if (checked.status != 200 || !json::parse(checked.body)["ok"].get<bool>()) return {400, checked.body};
  sources src;
  std::unique_ptr<variant> v = lang::load_variant_text(src, "pasted.spades", text, config_.search);
  try {
    return {200, dump(sim_games(*v, (int)games, 1))};
  } catch (const rule_error& e) {
    return {422, dump({{"error", e.what()}})};
  }
}

}  // namespace spades::web
