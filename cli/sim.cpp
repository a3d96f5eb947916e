// spades sim FILE --games N --seed S [--bots SPEC] [--jobs N] [--json]: bots play whole games; a summary
// of what happened, each side's win rate with its 95% interval, for comparing bots and house rules.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numeric>
#include <optional>
#include <thread>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/games.hpp"
#include "cli/output.hpp"
#include "cli/output_file.hpp"
#include "cli/record_stream.hpp"
#include "cli/records.hpp"
#include "cli/shard.hpp"
#include "cli/text_table.hpp"
#include "cli/sim_report.hpp"
#include "runtime/choices.hpp"
#include "runtime/loop.hpp"
#include "bots/calibration_cache.hpp"
#include "bots/players.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades sim FILE --games N --seed S [--bots SPEC] [--bot-timeout MS] [--mc-budget N] [--jobs N] [--timing] [--json] [--option NAME=VALUE]... [--record OUT.json] [--shard I/N]\n"
    "\n"
    "Bots play N complete games, the first dealer of each drawn at random; by default the rule-following\n"
    "bot at every seat. --bots chooses the bot per side or per seat: `NS=mc`, `N=mc,E=random`, or one name\n"
    "for every seat (bots: rule, random, mc; --mc-budget sets the Monte Carlo bot's playouts per decision);\n"
    "a seat by its name or its position, P1..Pn, never a dummy seat, which no bot plays. `exec:CMD` seats\n"
    "an outside program speaking the bot protocol (spec/bot-protocol.md), started per game and seat;\n"
    "--bot-timeout MS bounds each of its answers (default 10000); a bot that breaks the protocol stops\n"
    "the run with exit code 1.\n"
    "Prints games, hands (and per game), and per side its bots, wins, win rate with its 95% interval\n"
    "(Wilson), the average hand score, and every tally the variant keeps (sets, nils made and failed, bag\n"
    "penalties ...) in total and per hand, as text or JSON; for a variant with a call that throws the hand\n"
    "in (a misdeal), how many hands were thrown in. Each game's seed is derived from S and the game's\n"
    "number, so the same seed gives the same games on every machine, whatever --jobs (threads; default:\n"
    "every core) says. A game that reaches the variant's hand limit is stopped and counted as stopped.\n"
    "Progress is shown on standard error when it is a terminal; Ctrl-C prints the summary of the games\n"
    "finished so far. --timing prints each bot's decision times on standard error. For each bid kind and\n"
    "call: how often the bots chose it and at how many decisions it was legal.\n"
    "--record OUT.json writes every game, hand by hand (deal, moves, scores and what each scoring rule\n"
    "gave), as a game record: `spades replay` shows and checks it, `spades test` runs it. Each game is\n"
    "written as it finishes, in game order (the same record whatever --jobs), and the file replaced\n"
    "whole at the end. A record stops short of 64 MiB, the most replay and test read: the run stops\n"
    "at the first game that would not fit, the games before it recorded and summarised, and says\n"
    "into how many shards to split the run (exit code 2).\n"
    "--shard I/N plays the I-th of N disjoint slices of the games (for runs over many machines); the\n"
    "shards' --json summaries combined by `spades merge` are the whole run's (docs/scale-out.md).\n"
    "\n"
    "exit codes: 0 done, 1 the variant has errors, a formula failed while scoring or an outside bot broke\n"
    "the protocol, 2 bad usage or a record that would pass its size limit (after the summary of the\n"
    "games recorded), 130 interrupted (after the summary of the games finished)\n";

namespace {

// What the summary adds up, by side. Every figure is a whole number summed exactly (a hand's points fill 64
// bits, so their sum over many games is kept in 128: 2^63 points a hand for 10^11 hands still fits), so
// summaries merged in any order give the same totals; they are merged in game order all the same.
// How many moves the decision pending offers (the cards, in the play): a decision with one is no choice.
int choices_open(const game_state& s) {
  if (s.ph == phase::play) return s.legal_cards().count();
  static thread_local move_list ms;
  return s.legal_moves(ms);
}

struct summary {
  long long games = 0, hands = 0, draws = 0, stopped = 0, thrown_in = 0;
  std::vector<long long> wins;
  std::vector<__int128> points;
  std::vector<std::vector<long long>> tallies;
  std::array<std::vector<float>, bot_kinds> times;  // with --timing: seconds per decision, by bot kind
  std::array<std::vector<float>, bot_kinds> choice_times;  // ... of the decisions with more than one legal move
  choice_tally choices;                      // each bid kind and call: chosen, and legal at how many decisions
  std::vector<recorded_game> recorded;       // --record: the games played, as the record's text (not merged)

  explicit summary(const variant& v)
      : wins(v.teams), points(v.teams), tallies(v.teams, std::vector<long long>(v.tallies.size())), choices(v) {}
  void add_game(const variant& v, const game_state& st, long long game_hands, const std::vector<__int128>& game_points) {
    ++games;
    hands += game_hands;
    if (st.winner >= 0) ++wins[st.winner];
    else if (st.end == game_end::stopped) ++stopped;
    else ++draws;
    thrown_in += st.redeals;
    for (int t = 0; t < v.teams; ++t) {
      points[t] += game_points[t];
      for (size_t k = 0; k < v.tallies.size(); ++k) tallies[t][k] += st.tallies[t][k];
    }
  }
  void merge(const summary& o) {
    games += o.games, hands += o.hands, draws += o.draws, stopped += o.stopped, thrown_in += o.thrown_in;
    for (size_t t = 0; t < wins.size(); ++t) {
      wins[t] += o.wins[t];
      points[t] += o.points[t];
      for (size_t k = 0; k < tallies[t].size(); ++k) tallies[t][k] += o.tallies[t][k];
    }
    for (size_t k = 0; k < times.size(); ++k) times[k].insert(times[k].end(), o.times[k].begin(), o.times[k].end());
    for (size_t k = 0; k < choice_times.size(); ++k) choice_times[k].insert(choice_times[k].end(), o.choice_times[k].begin(), o.choice_times[k].end());
    choices.add(o.choices);
  }
};

struct run_setup {
  const variant& v;
  const game_state& proto;  // a new game with the rule options set
  seat_bots bots;
  std::shared_ptr<const bot_calibration> cal;  // the rule-following bot's, made once for every game of the run
  mc_options mc;
  uint64_t seed;
  long long games;
  bool timing;  // --timing: each decision's time, by bot
  const game_recorder* record = nullptr;  // --record: the record's set-up, copied to record each game
  long long first = 0;                    // the run's first game, numbered 1 in the record
};

// Plays game `g` from its own seed and adds it to `out`; false when the game was abandoned (Ctrl-C).
bool play_game(const run_setup& run, long long g, game_state& st, summary& out) {
  const variant& v = run.v;
  struct counter : observer {
    const variant& v;
    long long hands = 0;
    std::vector<__int128> points;
    bool hand_scored(const game_state& st) {
      ++hands;
      for (int t = 0; t < v.teams; ++t) points[t] += st.hand_points[t];
      return !interrupted.load(std::memory_order_relaxed);
    }
  } count{{}, v, 0, std::vector<__int128>(v.teams)};
  // the first game is played from the run's seed itself, as `spades play --seed S` plays its game (the same
  // deals and first dealer, whatever the bots); each later one from a seed derived from S and its number
  const uint64_t game_seed = g == 0 ? run.seed : derive_seed(run.seed, (uint64_t)g);
  rng r(game_seed);
  st.new_game(v, (int)r.below((uint32_t)v.seats));
  st.options = run.proto.options;
  std::optional<game_recorder> rec;
  if (run.record) {
    rec.emplace(*run.record);
    rec->start_game(st, (int)(g - run.first + 1));
  }
  seated_bots bots(run.bots.kinds, game_seed, run.cal, run.mc, &run.bots.exec);
  bots.on_look([&](int seat) {  // an outside bot looking at its cards: the game and the record know it
    st.look(seat);
    if (rec) rec->looked(st, seat);
  });
  // with --timing each decision is timed, by the bot that makes it (the games are the same either way)
  auto timed = [&](const game_state& s, rng& rr, move& m) {
    if (!run.timing) return bots(s, rr, m);
    const auto t0 = std::chrono::steady_clock::now();
    bool ok = bots(s, rr, m);
    const float took = std::chrono::duration<float>(std::chrono::steady_clock::now() - t0).count();
    out.times[(int)run.bots.kinds[s.acting_seat()]].push_back(took);
    if (choices_open(s) > 1) out.choice_times[(int)run.bots.kinds[s.acting_seat()]].push_back(took);
    return ok;
  };
  struct both : observer {
    counter& c;
    seated_bots& b;
    choice_tally& choices;
    game_recorder* rec;
    void dealing(const game_state& s) {
      if (rec) rec->dealing(s);
    }
    void dealt(const game_state& s) {
      b.dealt(s);
      if (rec) rec->dealt(s);
    }
    void moving(const game_state& s, const move& m) {
      choices.count(s, m);
      b.moving(s, m);
      if (rec) rec->moving(s, m);
    }
    void moved(const game_state& s, const move& m) {
      b.moved(s, m);
      if (rec) rec->moved(s, m);
    }
    bool hand_scored(const game_state& s) { return c.hand_scored(s); }
  };
  both watch{{}, count, bots, out.choices, rec ? &*rec : nullptr};
  loop_end end;
  try {
    end = run_game(st, r, timed, watch);
  } catch (const bot_error&) {
    if (rec) {
      rec->end_game(st);  // the game recorded up to the decision the bot failed
      out.recorded.push_back(recorded_of(*rec));
    }
    throw;
  }
  if (end != loop_end::over) return false;
  if (rec) {
    rec->end_game(st);
    out.recorded.push_back(recorded_of(*rec));
  }
  out.add_game(v, st, count.hands, count.points);
  return true;
}

// --timing, on standard error (times vary from run to run; the summary does not): per bot, its decisions'
// median and 90th percentile.
void print_timing(summary& s) {
  for (size_t k = 0; k < s.times.size(); ++k) {
    std::vector<float>& t = s.times[k];
    if (t.empty()) continue;
    std::sort(t.begin(), t.end());
    std::vector<float>& c = s.choice_times[k];
    std::sort(c.begin(), c.end());
    fmt::print(stderr, "timing {}: {} decisions, median {:.3f} ms, 90th percentile {:.3f} ms, mean {:.3f} ms; with a choice {}, median {:.3f} ms\n",
               bot_name((bot_kind)k), t.size(), 1000 * t[t.size() / 2], 1000 * t[t.size() * 9 / 10],
               1000 * std::accumulate(t.begin(), t.end(), 0.0) / (double)t.size(), c.size(), c.empty() ? 0.0 : 1000 * c[c.size() / 2]);
  }
}

double per(long long n, long long of) { return of ? (double)n / (double)of : 0.0; }

void print_choices(const variant& v, const choice_tally& c) {
  fmt::print("{:<20}{:>14}{:>14}\n", "bid kind", "chosen", "legal");
  for (size_t k = 0; k < v.bids.size(); ++k) fmt::print("{:<20}{:>14}{:>14}\n", v.bids[k].name, c.bid_chosen[k], c.bid_legal[k]);
  if (!v.calls.empty()) fmt::print("{:<20}{:>14}{:>14}\n", "call", "chosen", "legal");
  for (size_t k = 0; k < v.calls.size(); ++k) fmt::print("{:<20}{:>14}{:>14}\n", v.calls[k].name, c.call_chosen[k], c.call_legal[k]);
}

// The summary's totals, named after the variant's sides, tallies, bids and calls.
sim_totals totals_of(const variant& v, const summary& s, const seat_bots& kinds, uint64_t seed, bool redeals) {
  sim_totals t;
  t.variant = v.name, t.seed = seed, t.redeals = redeals, t.interrupted = interrupted.load();
  t.games = s.games, t.hands = s.hands, t.draws = s.draws, t.stopped = s.stopped, t.thrown_in = s.thrown_in;
  t.teams = v.team_names, t.tallies = v.tallies;
  for (int k = 0; k < v.teams; ++k) t.side_bots.push_back(side_bots(v, kinds, k));
  for (const bid_kind& b : v.bids) t.bids.push_back(b.name);
  for (const call_kind& c : v.calls) t.calls.push_back(c.name);
  t.wins = s.wins, t.points = s.points, t.tally = s.tallies;
  t.bid_chosen = s.choices.bid_chosen, t.bid_legal = s.choices.bid_legal;
  t.call_chosen = s.choices.call_chosen, t.call_legal = s.choices.call_legal;
  return t;
}

// The summary as JSON; a shard's carries its slice, its run and the points summed exactly (cli/shard.hpp).
void print_json(const sim_totals& t, const shard_spec& shard, const nlohmann::ordered_json& run) {
  nlohmann::ordered_json j = sim_json(t);
  if (shard.given) {
    nlohmann::ordered_json points;
    for (size_t k = 0; k < t.teams.size(); ++k) points[t.teams[k]] = big_text(t.points[k]);
    j["shard"] = shard_json(shard, run, {{"points", points}});
  }
  fmt::print("{}\n", json_text(j));
}

void print_text(const variant& v, const summary& s, const seat_bots& kinds, uint64_t seed, bool redeals) {
  fmt::print("{}: {} games, {} hands ({:.1f} per game), seed {}\n", v.name, s.games, s.hands, per(s.hands, s.games), seed);
  // a column per side, folded to the terminal's width (cli/text_table.hpp)
  text_table table{"", " ", {20}, {}};
  auto row = [&](const char* name, auto cell) {
    table.rows.push_back({name});
    for (int t = 0; t < v.teams; ++t) table.rows.back().push_back(cell(t));
  };
  row("side", [&](int t) { return v.team_names[t]; });
  row("bots", [&](int t) { return side_bots(v, kinds, t); });
  row("wins", [&](int t) { return fmt::format("{}", s.wins[t]); });
  row("win rate", [&](int t) { return fmt::format("{:.1f}%", 100 * per(s.wins[t], s.games)); });
  row("  95% interval", [&](int t) {
    auto [lo, hi] = wilson(s.wins[t], s.games);
    return fmt::format("{:.1f}-{:.1f}%", 100 * lo, 100 * hi);
  });
  row("avg hand score", [&](int t) {
    const double avg = s.hands ? (double)s.points[t] / (double)s.hands : 0.0;
    return std::abs(avg) < 1e9 ? fmt::format("{:.1f}", avg) : fmt::format("{:.4g}", avg);  // a huge score in 13 columns
  });
  for (size_t k = 0; k < v.tallies.size(); ++k) {
    row(v.tallies[k].c_str(), [&](int t) { return fmt::format("{}", s.tallies[t][k]); });
    row("  per hand", [&](int t) { return fmt::format("{:.3f}", per(s.tallies[t][k], s.hands)); });
  }
  table.widths.resize(v.teams + 1, 14);
  fmt::print("{}", table.render(output_width()));
  if (redeals) fmt::print("{:<20}{:>14} ({:.3f} per hand played)\n", "hands thrown in", s.thrown_in, per(s.thrown_in, s.hands));
  print_choices(v, s.choices);
  if (redeals) fmt::print("draws {}, stopped at the hand limit or thrown in {} times in a row {}\n", s.draws, max_redeals_in_row, s.stopped);
  else fmt::print("draws {}, stopped at the hand limit {}\n", s.draws, s.stopped);
}

// --record: each game recorded on the thread that plays it, and added to the record in game order as soon as the
// games before it are, one game at a time, so that the record stops at the game that would take it past its limit.
struct sim_record {
  std::string path;
  std::optional<game_recorder> set_up;   // the record's set-up, copied to record each game
  std::unique_ptr<record_stream> stream;
  std::optional<input_error> unsaved;    // the summary is printed even when the record cannot be written
  bool full = false, gap = false;        // gap: a game abandoned (Ctrl-C); no later game joins the record

  sim_record(const variant& v, const args& a, const game_state& proto, uint64_t seed) : path(a.get("--record")) {
    if (a.has("--record")) check_output_path("--record", path, {a.positional[0]});
    if (path.empty()) return;
    set_up.emplace(v, ruleset_for(a.positional[0], path), record_meta("sim", proto, a.multi, seed));
    stream = std::make_unique<record_stream>(path, *set_up);
  }
  // The runner's parts in game order: false stops the run, at the game that would take the record past its
  // limit. A disk that refuses the record ends the record, not the run: the summary still covers every game.
  bool take(const summary& part) {
    if (!stream || unsaved) return true;
    if (part.recorded.empty()) gap = true;
    for (const recorded_game& g : part.recorded) {
      if (gap) break;
      try {
        if (!stream->add(g)) return !(full = true);
      } catch (const input_error& e) {
        unsaved = e;
        stream.reset();  // its temporary file goes with it
        return true;
      }
    }
    return true;
  }
  void save() {
    if (!stream || stream->games() == 0) return;
    try {
      stream->commit();
    } catch (const input_error& e) {
      unsaved = e;
    }
  }
};

}  // namespace

int cmd_sim(int argc, char** argv) {
  if (wants_help(argc, argv, help)) return 0;
  args a = parse_args("sim", argc, argv, {"--json", "--timing"}, {"--games", "--seed", "--option", "--bots", "--jobs", "--mc-budget", "--record", "--bot-timeout", "--shard"});
  if (a.positional.size() != 1) throw usage_error("name exactly one variant file");
  a.positional[0] = variant_path(a.positional[0]);  // a ruleset id names its file, for the record too
  if (!a.has("--games")) throw usage_error("--games N is required");
  long long games = a.get_int("--games", 0, 1, max_sim_games);
  uint64_t seed = (uint64_t)a.get_int("--seed", 1, 0, INT64_MAX);
  const int cores = (int)std::max(1u, std::thread::hardware_concurrency());
  int jobs = (int)a.get_int("--jobs", cores, 1, max_jobs);
  mc_options mc;
  mc.budget = (int)a.get_int("--mc-budget", mc.budget, 1, max_mc_budget);
  auto vp = load_or_report(a.positional[0], a.multi);
  if (!vp) return 1;
  const variant& v = *vp;
  seat_bots kinds = read_bots(v, a.has("--bots") ? a.get("--bots") : "rule");
  kinds.exec.timeout_ms = (int)a.get_int("--bot-timeout", default_bot_timeout_ms, 1, max_bot_timeout_ms);
  game_state proto;
  proto.new_game(v, 0);
  apply_options(proto, a.multi);
  const shard_spec shard = read_shard(a);
  const auto [first, count] = shard_games(shard, games);
  jobs = (int)std::max<long long>(1, std::min<long long>(jobs, count));
  sim_record rec(v, a, proto, seed);
  const run_setup setup{v, proto, kinds, cached_calibration(v), mc, seed, games, a.has("--timing"), rec.set_up ? &*rec.set_up : nullptr, first};
  game_runner<summary> games_run(
      first, count, [&] { return summary(v); },
      [&](long long g, summary& part) {
        game_state st;
        return play_game(setup, g, st, part);
      },
      rec.stream ? 1 : 16);  // recorded, a game at a time: the record stops at the game that does not fit
  summary s = [&] {
    try {
      return run_interruptibly([&] { return games_run.run(jobs, isatty(2), [&](summary& part) { return rec.take(part); }); });
    } catch (const bot_error&) {
      rec.save();  // the games up to the bot's failure, the last cut short there
      if (rec.unsaved) throw *rec.unsaved;
      throw;
    }
  }();
  rec.save();

  // hands thrown in are reported for variants with a call that redeals (a misdeal), and only there
  const bool redeals = std::any_of(v.calls.begin(), v.calls.end(), [](const call_kind& c) { return c.redeal; });
  if (a.has("--json")) {
    nlohmann::ordered_json bots = nlohmann::ordered_json::array();
    for (int t = 0; t < v.teams; ++t) bots.push_back(side_bots(v, kinds, t));
    const nlohmann::ordered_json run = {{"command", "sim"}, {"variant", v.name}, {"seed", seed}, {"games", games},
                                        {"options", a.multi}, {"mc_budget", mc.budget}, {"bots", bots}};
    print_json(totals_of(v, s, kinds, seed, redeals), shard, run);
  }
  else print_text(v, s, kinds, seed, redeals);
  if (a.has("--timing")) print_timing(s);
  if (rec.unsaved) throw *rec.unsaved;
  if (rec.full) {
    fmt::print(stderr, "spades sim: {}\n", record_full_message(rec.path, rec.stream->games(), count, shard.of, rec.stream->limit()));
    return 2;
  }
  if (interrupted.load()) {
    fmt::print(stderr, "spades sim: interrupted after {} of {} games\n", s.games, count);
    return 130;
  }
  return 0;
}

}  // namespace spades::cli
