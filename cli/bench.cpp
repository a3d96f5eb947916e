// spades bench FILE... [--all [DIR]] [--hands N] [--seed S] [--json]: uniformly random legal moves, every
// hand scored; one ruleset's rates, or a table of many so that a regression shows at a glance.
#include <algorithm>
#include <chrono>
#include <vector>

#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "lang/load.hpp"
#include "lang/resolve.hpp"
#include "runtime/loop.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades bench FILE... [--hands N] [--seed S] [--json]\n"
    "       spades bench --all [DIR] [--hands N] [--seed S] [--json]\n"
    "\n"
    "Random playouts on one core: a uniformly random legal move at every decision, bids included,\n"
    "every hand dealt and scored, new games started as games end. Prints hands/s and moves/s, and the\n"
    "time to parse, check and compile the file (the median of 21 runs).\n"
    "With several files, or --all (every ruleset in DIR, default: the rulesets directory), prints one\n"
    "table: a row per ruleset. --json prints one JSON document.\n"
    "Defaults: --hands 100000 (20000 per ruleset with --all) --seed 1.\n"
    "\n"
    "exit codes: 0 done, 1 a variant has errors, 2 bad usage or a file cannot be read\n";

namespace {

struct bench_result {
  std::string file, name;
  long long hands = 0, moves = 0, games = 0;
  double seconds = 0, load_ms = 0;
};

// Parse + check + compile from the text already read: the median of 21 runs, in milliseconds.
double load_time(const std::string& path) {
  std::vector<double> loads;
  std::string text = lang::read_file(path);
  for (int i = 0; i < 21; ++i) {
    lang::sources src;
    auto t0 = std::chrono::steady_clock::now();
    auto again = lang::load_variant_text(src, path, text);
    loads.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(loads.begin(), loads.end());
  return loads[loads.size() / 2];
}

bench_result run(const std::string& path, const variant& v, long long hands, uint64_t seed) {
  bench_result out{path, v.name};
  out.load_ms = load_time(path);
  rng r(seed);
  // counts moves and hands; stops the playouts once `hands` hands are scored
  struct counter : observer {
    long long hands, done = 0, moves = 0;
    void moved(const game_state&, const move&) { ++moves; }
    bool hand_scored(const game_state&) { return ++done < hands; }
  } count{{}, hands};
  game_state st;
  st.new_game(v, 0);
  out.games = 1;
  auto start = std::chrono::steady_clock::now();
  while (run_game(st, r, random_chooser{}, count) == loop_end::over) {
    st.new_game(v, (int)r.below((uint32_t)v.seats));
    ++out.games;
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out.hands = count.done;
  out.moves = count.moves;
  return out;
}

nlohmann::ordered_json to_json(const bench_result& b) {
  return {{"file", b.file},
          {"name", b.name},
          {"hands", b.hands},
          {"moves", b.moves},
          {"games", b.games},
          {"seconds", b.seconds},
          {"load_ms", b.load_ms},
          {"hands_per_second", b.hands / b.seconds},
          {"moves_per_second", b.moves / b.seconds}};
}

void print_one(const bench_result& b) {
  fmt::print("{}: {} hands, {} moves, {} games in {:.3f} s\n", b.name, b.hands, b.moves, b.games, b.seconds);
  fmt::print("parse+check+compile {:.3f} ms (median of 21)\n", b.load_ms);
  fmt::print("{:.0f} hands/s\n{:.0f} moves/s\n", b.hands / b.seconds, b.moves / b.seconds);
}

// The file name without its directory and `.spades`: the ruleset's id.
std::string id_of(const std::string& path) {
  size_t slash = path.find_last_of('/');
  std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  return base.size() > 7 && base.ends_with(".spades") ? base.substr(0, base.size() - 7) : base;
}

void print_table(const std::vector<bench_result>& all) {
  size_t w = 7;
  for (const bench_result& b : all) w = std::max(w, id_of(b.file).size());
  fmt::print("{:<{}} {:>10} {:>12} {:>9}\n", "ruleset", w, "hands/s", "moves/s", "load ms");
  for (const bench_result& b : all)
    fmt::print("{:<{}} {:>10.0f} {:>12.0f} {:>9.3f}\n", id_of(b.file), w, b.hands / b.seconds, b.moves / b.seconds, b.load_ms);
}

}  // namespace

int cmd_bench(int argc, char** argv) {
  if (wants_help(argc, argv, help)) return 0;
  args a = parse_args("bench", argc, argv, {"--json", "--all"}, {"--hands", "--seed"});
  std::vector<std::string> files = a.positional;
  if (a.has("--all")) {
    if (files.size() > 1) throw usage_error("--all takes at most one directory");
    files = ruleset_files(files.empty() ? default_rulesets_dir() : files[0]);
    if (files.empty()) throw usage_error("no ruleset (*.spades) in that directory");
  }
  if (files.empty()) throw usage_error("name a variant file (or --all)");
  long long hands = a.get_int("--hands", a.has("--all") ? 20000 : 100000, 1, 1000000000000LL);
  uint64_t seed = (uint64_t)a.get_int("--seed", 1, 0, INT64_MAX);
  // every file loaded first: an error stops the run before any timing
  std::vector<std::shared_ptr<const variant>> vs;
  for (const std::string& f : files) {
    vs.push_back(load_or_report(f));
    if (!vs.back()) return 1;
  }
  std::vector<bench_result> all;
  for (size_t i = 0; i < files.size(); ++i) all.push_back(run(files[i], *vs[i], hands, seed));
  bool table = a.has("--all") || files.size() > 1;
  if (a.has("--json")) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const bench_result& b : all) list.push_back(to_json(b));
    fmt::print("{}\n", (table ? nlohmann::ordered_json{{"seed", seed}, {"results", list}} : list[0]).dump(2));
  } else if (table) {
    print_table(all);
  } else {
    print_one(all[0]);
  }
  return 0;
}

}  // namespace spades::cli
