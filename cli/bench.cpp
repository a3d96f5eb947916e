// spades bench FILE [--hands N] [--seed S]: uniformly random legal moves, every hand scored.
#include <algorithm>
#include <chrono>
#include <vector>

#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "lang/load.hpp"
#include "lang/resolve.hpp"
#include "runtime/loop.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades bench FILE [--hands N] [--seed S]\n"
    "\n"
    "Random playouts on one core: a uniformly random legal move at every decision, bids included,\n"
    "every hand dealt and scored, new games started as games end. Prints hands/s and moves/s, and the\n"
    "time to parse, check and compile the file (the median of 21 runs).\n"
    "Defaults: --hands 100000 --seed 1.\n"
    "\n"
    "exit codes: 0 done, 1 the variant has errors, 2 bad usage\n";

int cmd_bench(int argc, char** argv) {
  if (wants_help(argc, argv, help)) return 0;
  args a = parse_args("bench", argc, argv, {}, {"--hands", "--seed"});
  if (a.positional.size() != 1) throw usage_error("name exactly one variant file");
  long long hands = a.get_int("--hands", 100000, 1, 1000000000000LL);
  uint64_t seed = (uint64_t)a.get_int("--seed", 1, 0, INT64_MAX);
  auto vp = load_or_report(a.positional[0]);
  if (!vp) return 1;
  // parse + check + compile, from the text already read: the median of 21 runs
  std::vector<double> loads;
  {
    std::string text = lang::read_file(a.positional[0]);
    for (int i = 0; i < 21; ++i) {
      lang::sources src;
      auto t0 = std::chrono::steady_clock::now();
      auto again = lang::load_variant_text(src, a.positional[0], text);
      loads.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(loads.begin(), loads.end());
  }
  const variant& v = *vp;
  rng r(seed);
  // counts moves and hands; stops the playouts once `hands` hands are scored
  struct counter : observer {
    long long hands, done = 0, moves = 0;
    void moved(const game_state&, const move&) { ++moves; }
    bool hand_scored(const game_state&) { return ++done < hands; }
  } count{{}, hands};
  game_state st;
  st.new_game(v, 0);
  long long games = 1;
  auto start = std::chrono::steady_clock::now();
  while (run_game(st, r, random_chooser{}, count) == loop_end::over) {
    st.new_game(v, (int)r.below((uint32_t)v.seats));
    ++games;
  }
  const long long done = count.done, moves = count.moves;
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fmt::print("{}: {} hands, {} moves, {} games in {:.3f} s\n", v.name, done, moves, games, secs);
  fmt::print("parse+check+compile {:.3f} ms (median of {})\n", loads[loads.size() / 2], loads.size());
  fmt::print("{:.0f} hands/s\n{:.0f} moves/s\n", done / secs, moves / secs);
  return 0;
}

}  // namespace spades::cli
