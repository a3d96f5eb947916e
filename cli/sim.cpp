// spades sim FILE --games N --seed S [--json]: bots play whole games; a summary of what happened.
#include <algorithm>
#include <cstdio>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "runtime/choices.hpp"
#include "cli/records.hpp"
#include "runtime/loop.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades sim FILE --games N --seed S [--json] [--option NAME=VALUE]... [--record OUT.json]\n"
    "\n"
    "Four (or however many seats) rule-following bots play N complete games, the first dealer of each\n"
    "drawn at random. Prints games, hands, wins and draws per side, the average hand score per side,\n"
    "and every tally the variant keeps (sets, nils made and failed, bag penalties ...), as text or JSON;\n"
    "for a variant with a call that throws the hand in (a misdeal), how many hands were thrown in;\n"
    "and for each bid kind and call, how often the bots chose it and at how many decisions it was legal.\n"
    "The same seed gives the same games on every machine. A game that reaches the variant's hand limit\n"
    "is stopped and counted as stopped.\n"
    "--record OUT.json writes every game, hand by hand (deal, moves, scores and what each scoring rule\n"
    "gave), as a game record: `spades replay` shows and checks it, `spades test` runs it.\n"
    "\n"
    "exit codes: 0 done, 1 the variant has errors or a formula failed while scoring, 2 bad usage\n";

// Each bid kind and call: how often it was chosen, and at how many decisions it was legal.
static void put_choices(nlohmann::ordered_json& j, const variant& v, const choice_tally& c) {
  for (size_t k = 0; k < v.bids.size(); ++k) j["bids"][v.bids[k].name] = {{"chosen", c.bid_chosen[k]}, {"legal", c.bid_legal[k]}};
  for (size_t k = 0; k < v.calls.size(); ++k) j["calls"][v.calls[k].name] = {{"chosen", c.call_chosen[k]}, {"legal", c.call_legal[k]}};
}
static void print_choices(const variant& v, const choice_tally& c) {
  fmt::print("\n{:<20}{:>10}{:>10}", "bid kind", "chosen", "legal");
  for (size_t k = 0; k < v.bids.size(); ++k) fmt::print("\n{:<20}{:>10}{:>10}", v.bids[k].name, c.bid_chosen[k], c.bid_legal[k]);
  if (!v.calls.empty()) fmt::print("\n{:<20}{:>10}{:>10}", "call", "chosen", "legal");
  for (size_t k = 0; k < v.calls.size(); ++k) fmt::print("\n{:<20}{:>10}{:>10}", v.calls[k].name, c.call_chosen[k], c.call_legal[k]);
}

int cmd_sim(int argc, char** argv) {
  if (wants_help(argc, argv, help)) return 0;
  args a = parse_args("sim", argc, argv, {"--json"}, {"--games", "--seed", "--option", "--record"});
  if (a.positional.size() != 1) throw usage_error("name exactly one variant file");
  if (!a.has("--games")) throw usage_error("--games N is required");
  long long games = a.get_int("--games", 0, 1, 100000000);
  uint64_t seed = (uint64_t)a.get_int("--seed", 1, 0, INT64_MAX);
  auto vp = load_or_report(a.positional[0], a.multi);
  if (!vp) return 1;
  const variant& v = *vp;
  rng r(seed);
  // what the summary counts: the hands and their points, by side. A hand's points fill 64 bits, so their
  // sum over many games is kept in 128 (2^63 points a hand for 10^11 hands still fits)
  struct counter : observer {
    const variant& v;
    long long hands = 0;
    std::vector<__int128> points;
    choice_tally choices;
    void moving(const game_state& st, const move& m) { choices.count(st, m); }
    bool hand_scored(const game_state& st) {
      ++hands;
      for (int t = 0; t < v.teams; ++t) points[t] += st.hand_points[t];
      return true;
    }
  } count{{}, v, 0, std::vector<__int128>(v.teams), choice_tally(v)};
  std::vector<long long> wins(v.teams);
  std::vector<std::vector<long long>> tallies(v.teams, std::vector<long long>(v.tallies.size()));
  long long draws = 0, stopped = 0, thrown_in = 0;
  // hands thrown in are reported for variants with a call that redeals (a misdeal), and only there
  const bool redeals = std::any_of(v.calls.begin(), v.calls.end(), [](const call_kind& c) { return c.redeal; });
  game_state st;
  // with --record: the recorder hears the game too (a separate loop, so the plain one stays as it is)
  std::unique_ptr<game_recorder> rec;
  struct recording : observer {
    counter& count;
    game_recorder& rec;
    void dealing(const game_state& s) { rec.dealing(s); }
    void dealt(const game_state& s) { rec.dealt(s); }
    void moving(const game_state& s, const move& m) { rec.moving(s, m); }
    void moved(const game_state& s, const move& m) { rec.moved(s, m); }
    bool hand_scored(const game_state& s) { return count.hand_scored(s); }
  };
  const std::string record_path = a.get("--record");
  for (long long g = 0; g < games; ++g) {
    st.new_game(v, (int)r.below((uint32_t)v.seats));
    apply_options(st, a.multi);
    if (!record_path.empty()) {
      if (!rec) rec = std::make_unique<game_recorder>(v, ruleset_for(a.positional[0], record_path), record_meta("sim", st, a.multi, seed));
      rec->start_game(st);
      run_game(st, r, bot_chooser{}, recording{{}, count, *rec});
      rec->end_game(st);
    } else {
      run_game(st, r, bot_chooser{}, count);
    }
    if (st.winner >= 0) ++wins[st.winner];
    else if (st.end == game_end::stopped) ++stopped;
    else ++draws;
    thrown_in += st.redeals;
    for (int t = 0; t < v.teams; ++t)
      for (size_t k = 0; k < v.tallies.size(); ++k) tallies[t][k] += st.tallies[t][k];
  }
  if (rec) save_record(*rec, record_path);
  const long long hands = count.hands;
  const std::vector<__int128>& points = count.points;
  if (a.has("--json")) {
    nlohmann::ordered_json j;
    j["variant"] = v.name;
    j["games"] = games;
    j["hands"] = hands;
    j["seed"] = seed;
    j["draws"] = draws;
    j["stopped"] = stopped;
    if (redeals) j["thrown_in"] = thrown_in;
    for (int t = 0; t < v.teams; ++t) {
      nlohmann::ordered_json tj;
      tj["wins"] = wins[t];
      tj["average_hand_score"] = hands ? (double)points[t] / (double)hands : 0.0;
      for (size_t k = 0; k < v.tallies.size(); ++k) tj[v.tallies[k]] = tallies[t][k];
      j["sides"][v.team_names[t]] = tj;
    }
    put_choices(j, v, count.choices);
    fmt::print("{}\n", j.dump(2));
    return 0;
  }
  fmt::print("{}: {} games, {} hands ({:.1f} per game), seed {}\n", v.name, games, hands, games ? (double)hands / (double)games : 0.0, seed);
  fmt::print("{:<20}", "side");
  for (int t = 0; t < v.teams; ++t) fmt::print("{:>10}", v.team_names[t]);
  fmt::print("\n{:<20}", "wins");
  for (int t = 0; t < v.teams; ++t) fmt::print("{:>10}", wins[t]);
  fmt::print("\n{:<20}", "avg hand score");
  for (int t = 0; t < v.teams; ++t) fmt::print("{:>10.1f}", hands ? (double)points[t] / (double)hands : 0.0);
  for (size_t k = 0; k < v.tallies.size(); ++k) {
    fmt::print("\n{:<20}", v.tallies[k]);
    for (int t = 0; t < v.teams; ++t) fmt::print("{:>10}", tallies[t][k]);
  }
  if (redeals) fmt::print("\n{:<20}{:>10} ({:.3f} per hand played)", "hands thrown in", thrown_in, hands ? (double)thrown_in / (double)hands : 0.0);
  print_choices(v, count.choices);
  if (redeals) fmt::print("\ndraws {}, stopped at the hand limit or thrown in {} times in a row {}\n", draws, max_redeals_in_row, stopped);
  else fmt::print("\ndraws {}, stopped at the hand limit {}\n", draws, stopped);
  return 0;
}

}  // namespace spades::cli
