// spades match FILE A B [--deals N] [--duplicate]: bot A on one side against bot B on the other over the
// same seeded deals, scored by the difference (cli/match_report.hpp prints it).
#include <memory>
#include <thread>
#include <unistd.h>

#include <fmt/format.h>

#include "bots/calibration_cache.hpp"
#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/games.hpp"
#include "cli/match_report.hpp"
#include "cli/output.hpp"
#include "cli/shard.hpp"
#include "runtime/loop.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades match FILE A B [--deals N] [--duplicate] [--seed S] [--jobs N] [--json] [--option NAME=VALUE]... [--mc-budget N] [--bot-timeout MS] [--shard I/N]\n"
    "\n"
    "Bot A plays bot B: A at every seat of the variant's first side, B at the other's (bots: rule, random,\n"
    "mc, or exec:CMD for an outside program speaking spec/bot-protocol.md, its answers bounded by\n"
    "--bot-timeout MS, default 10000). A deal here is a board: one whole game's cards, every hand of the game dealt from the board's own\n"
    "seed (derived from S and the board's number), the bots drawing from streams of their own so that their\n"
    "choices never change the cards. --deals N boards are played (default 1000). With --duplicate each board\n"
    "is played twice, the second time with the sides swapped, so that A and B hold the same cards in turn\n"
    "for as many hands as both games last, and the luck of the cards cancels out of the difference.\n"
    "Prints A's points minus B's per hand and per game, each with its 95% interval (over boards: a board's\n"
    "two plays are one sample), the games A won, lost and tied (a game drawn or stopped at the hand limit is\n"
    "a tie), A's score (a win 1, a tie 1/2) and the Elo difference it implies, with its 95% interval (over\n"
    "games; an unbounded difference, when A won or lost every game, is +inf or -inf, null in JSON).\n"
    "Only variants of two sides can be matched (a variant of three solo players or of no teams is refused:\n"
    "compare bots there with `spades sim --bots`); a dummy is played by its controller's bot, as in sim.\n"
    "The same seed gives the same figures on every machine, whatever --jobs (threads; default: every core)\n"
    "says. Ctrl-C prints the figures of the boards finished so far. --shard I/N plays the I-th of N\n"
    "disjoint slices of the boards; `spades merge` combines the shards' --json summaries into the whole\n"
    "match's (docs/scale-out.md).\n"
    "\n"
    "exit codes: 0 done, 1 the variant has errors, a formula failed while scoring or an outside bot broke\n"
    "the protocol, 2 bad usage, 130 interrupted (after the figures of the boards finished)\n";

namespace {

struct match_setup {
  const variant& v;
  const game_state& proto;  // a new game with the rule options set
  bot_kind a, b;
  std::string a_command, b_command;  // outside bots' (exec:CMD)
  int timeout_ms;
  std::shared_ptr<const bot_calibration> cal;
  mc_options mc;
  uint64_t seed;
  bool duplicate;
};

// One game of board `board` from its seed, A's bot at the seats of side `a_team`; its outcome added to
// `out`. False when the game was abandoned (Ctrl-C).
bool play_side(const match_setup& m, uint64_t board_seed, int a_team, board_result& out) {
  const variant& v = m.v;
  seat_kinds kinds;
  exec_seats exec;
  exec.timeout_ms = m.timeout_ms;
  for (int s = 0; s < v.seats; ++s) {
    kinds[s] = v.team_of[s] == a_team ? m.a : m.b;
    exec.command[s] = v.team_of[s] == a_team ? m.a_command : m.b_command;
  }
  rng deals(board_seed);  // the cards only: every hand's deal is the same whoever sits where
  rng choices(derive_seed(board_seed, 1));
  game_state st;
  st.new_game(v, (int)deals.below((uint32_t)v.seats));
  st.options = m.proto.options;
  seated_bots bots(kinds, board_seed, m.cal, m.mc, &exec);
  bots.on_look([&](int seat) { st.look(seat); });  // an outside bot looking at its cards
  struct watch : observer {
    seated_bots& bots;
    int a, b;
    board_result& out;
    void dealt(const game_state& s) { bots.dealt(s); }
    void moving(const game_state& s, const move& mv) { bots.moving(s, mv); }
    void moved(const game_state& s, const move& mv) { bots.moved(s, mv); }
    bool hand_scored(const game_state& s) {
      ++out.hands;
      out.hand_diff += (__int128)s.hand_points[a] - s.hand_points[b];
      return !interrupted.load(std::memory_order_relaxed);
    }
  } w{{}, bots, a_team, 1 - a_team, out};
  auto choose = [&](const game_state& s, rng&, move& mv) { return bots(s, choices, mv); };
  if (run_game(st, deals, choose, w) != loop_end::over) return false;
  ++out.games;
  out.game_diff += (__int128)st.score[a_team] - st.score[1 - a_team];
  if (st.winner == a_team) ++out.wins;
  else if (st.winner == 1 - a_team) ++out.losses;
  else ++out.ties;
  return true;
}

bool play_board(const match_setup& m, long long board, match_sums& part) {
  // the first board is dealt from the seed itself, as sim's first game is; each later one from a seed
  // derived from S and its number
  const uint64_t board_seed = board == 0 ? m.seed : derive_seed(m.seed, (uint64_t)board);
  board_result r;
  if (!play_side(m, board_seed, 0, r)) return false;
  if (m.duplicate && !play_side(m, board_seed, 1, r)) return false;
  part.add(r);
  return true;
}

}  // namespace

int cmd_match(int argc, char** argv) {
  if (wants_help(argc, argv, help)) return 0;
  args a = parse_args("match", argc, argv, {"--json", "--duplicate"}, {"--deals", "--seed", "--option", "--jobs", "--mc-budget", "--bot-timeout", "--shard"});
  if (a.positional.size() != 3) throw usage_error("name a variant file and two bots: spades match FILE A B");
  const long long deals = a.get_int("--deals", 1000, 1, max_match_deals);
  const uint64_t seed = (uint64_t)a.get_int("--seed", 1, 0, INT64_MAX);
  const int cores = (int)std::max(1u, std::thread::hardware_concurrency());
  const shard_spec shard = read_shard(a);
  const auto [first, count] = shard_games(shard, deals);
  const int jobs = (int)std::max<long long>(1, std::min<long long>(a.get_int("--jobs", cores, 1, max_jobs), count));
  mc_options mc;
  mc.budget = (int)a.get_int("--mc-budget", mc.budget, 1, max_mc_budget);
  std::string a_command, b_command;
  const bot_kind bot_a = read_bot("bot A", a.positional[1], a_command), bot_b = read_bot("bot B", a.positional[2], b_command);
  const int timeout_ms = (int)a.get_int("--bot-timeout", default_bot_timeout_ms, 1, max_bot_timeout_ms);
  auto vp = load_or_report(a.positional[0], a.multi);
  if (!vp) return 1;
  const variant& v = *vp;
  if (v.teams != 2)
    throw usage_error(fmt::format("{} has {} sides ({}): match seats bot A on one side and bot B on the other, so it needs two; "
                                  "compare bots here with `spades sim --bots`",
                                  v.name, v.teams, fmt::join(v.team_names, ", ")));
  game_state proto;
  proto.new_game(v, 0);
  apply_options(proto, a.multi);

  const match_setup setup{v, proto, bot_a, bot_b, a_command, b_command, timeout_ms, cached_calibration(v), mc, seed, a.has("--duplicate")};
  game_runner<match_sums> boards(first, count, [] { return match_sums{}; },
                                 [&](long long b, match_sums& part) { return play_board(setup, b, part); });
  match_sums s;
  try {
    s = run_interruptibly([&] { return boards.run(jobs, isatty(2)); });
  } catch (const std::overflow_error& e) {
    throw usage_error(fmt::format("{}: {}", v.name, e.what()));
  }
  const match_info info{v.name, a.positional[1], a.positional[2], v.team_names[0], v.team_names[1], seed, deals, setup.duplicate,
                        interrupted.load()};
  if (a.has("--json")) {
    nlohmann::ordered_json j = match_json(info, s);
    const nlohmann::ordered_json run = {{"command", "match"}, {"variant", v.name}, {"seed", seed},           {"deals", deals},
                                        {"duplicate", setup.duplicate}, {"a", info.a}, {"b", info.b},   {"options", a.multi},
                                        {"mc_budget", mc.budget}};
    if (shard.given) j["shard"] = shard_json(shard, run, s.to_json());
    fmt::print("{}\n", json_text(j));
  }
  else fmt::print("{}", match_text(info, s));
  if (interrupted.load()) {
    fmt::print(stderr, "spades match: interrupted after {} of {} deals\n", s.boards, count);
    return 130;
  }
  return 0;
}

}  // namespace spades::cli
