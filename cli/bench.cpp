// spades bench FILE... [--all [DIR]] [--hands N] [--seed S] [--reference R] [--json]: uniformly random legal
// moves, every hand scored; one ruleset's rates, or a table of many so that a regression shows at a glance
// (each rate as a share of a reference rate, the process's peak memory).
#include <algorithm>
#include <chrono>
#include <optional>
#include <vector>

#include <sys/resource.h>

#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "lang/load.hpp"
#include "lang/resolve.hpp"
#include "runtime/loop.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades bench FILE... [--hands N] [--seed S] [--reference R] [--json]\n"
    "       spades bench --all [DIR] [--hands N] [--seed S] [--reference R] [--json]\n"
    "\n"
    "Random playouts on one core: a uniformly random legal move at every decision, bids included,\n"
    "every hand dealt and scored, new games started as games end. Prints hands/s and moves/s, and the\n"
    "time to parse, check and compile the file (the median of 21 runs), and the peak memory (RSS).\n"
    "With several files, or --all (every ruleset in DIR, default: the rulesets directory), prints one\n"
    "table: a row per ruleset. --reference R (hands/s, say another engine's or an earlier build's rate\n"
    "on this machine) adds each rate as a share of R, and names the ruleset with the lowest share.\n"
    "--json prints one JSON document.\n"
    "Defaults: --hands 100000 (20000 per ruleset with --all) --seed 1.\n"
    "\n"
    "exit codes: 0 done, 1 a variant has errors, 2 bad usage or a file cannot be read\n";

namespace {

struct bench_result {
  std::string file, name;
  long long hands = 0, moves = 0, games = 0;
  double seconds = 0, load_ms = 0;
};

// The process's peak resident memory so far, in KiB (Linux counts ru_maxrss in KiB).
long peak_rss_kib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

std::string mib(long kib) { return fmt::format("{:.1f} MiB", kib / 1024.0); }

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
  game_state st;
  st.new_game(v, 0);
  out.games = 1;
  // run_game with random_chooser, unrolled: the cards of a hand are played in one call, in the variant's
  // card-set width chosen once per hand (the same moves from the same generator, so the same games)
  auto start = std::chrono::steady_clock::now();
  for (;;) {
    if (st.ph == phase::over) {
      st.new_game(v, (int)r.below((uint32_t)v.seats));
      ++out.games;
    }
    if (st.ph == phase::deal) {
      st.deal(r);
      continue;
    }
    const int before = st.hands_played;
    if (st.ph == phase::play) {
      out.moves += st.play_random_cards(r);
    } else if (move bid; st.ph == phase::bid && st.random_bid(r, bid)) {
      // random_move's bid, read field by field (random_move returns it through a whole-move load of the
      // fields random_bid stored apart: a stalled store-to-load forwarding at every bid); with no legal bid,
      // random_move reports the dead end
      st.apply(bid);
      ++out.moves;
    } else {
      const move m = random_move(st, r);
      st.apply(m);
      ++out.moves;
    }
    if (st.hands_played != before && ++out.hands >= hands) break;
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

nlohmann::ordered_json to_json(const bench_result& b, std::optional<long long> reference) {
  nlohmann::ordered_json j = {{"file", b.file},
          {"name", b.name},
          {"hands", b.hands},
          {"moves", b.moves},
          {"games", b.games},
          {"seconds", b.seconds},
          {"load_ms", b.load_ms},
          {"hands_per_second", b.hands / b.seconds},
          {"moves_per_second", b.moves / b.seconds}};
  if (reference) j["reference_share"] = b.hands / b.seconds / (double)*reference;
  return j;
}

void print_one(const bench_result& b, std::optional<long long> reference) {
  fmt::print("{}: {} hands, {} moves, {} games in {:.3f} s\n", b.name, b.hands, b.moves, b.games, b.seconds);
  fmt::print("parse+check+compile {:.3f} ms (median of 21)\n", b.load_ms);
  fmt::print("{:.0f} hands/s\n{:.0f} moves/s\n", b.hands / b.seconds, b.moves / b.seconds);
  if (reference) fmt::print("{:.2f} of the reference's {} hands/s\n", b.hands / b.seconds / (double)*reference, *reference);
  fmt::print("peak RSS {}\n", mib(peak_rss_kib()));
}

// The file name without its directory and `.spades`: the ruleset's id.
std::string id_of(const std::string& path) {
  size_t slash = path.find_last_of('/');
  std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  return base.size() > 7 && base.ends_with(".spades") ? base.substr(0, base.size() - 7) : base;
}

// A row per ruleset; with a reference, each rate's share of it and, below, the lowest share; then the
// slowest load and the peak memory of the whole run.
void print_table(const std::vector<bench_result>& all, std::optional<long long> reference) {
  size_t w = 7;
  for (const bench_result& b : all) w = std::max(w, id_of(b.file).size());
  fmt::print("{:<{}} {:>10} {:>12} {:>9}{}\n", "ruleset", w, "hands/s", "moves/s", "load ms", reference ? "   of ref" : "");
  const bench_result* lowest = &all[0];
  const bench_result* slowest_load = &all[0];
  for (const bench_result& b : all) {
    double rate = b.hands / b.seconds;
    fmt::print("{:<{}} {:>10.0f} {:>12.0f} {:>9.3f}", id_of(b.file), w, rate, b.moves / b.seconds, b.load_ms);
    if (reference) fmt::print(" {:>8.2f}", rate / (double)*reference);
    fmt::print("\n");
    if (rate < lowest->hands / lowest->seconds) lowest = &b;
    if (b.load_ms > slowest_load->load_ms) slowest_load = &b;
  }
  if (reference)
    fmt::print("lowest share of the reference's {} hands/s: {} at {:.2f}\n", *reference, id_of(lowest->file),
               lowest->hands / lowest->seconds / (double)*reference);
  fmt::print("slowest load: {} at {:.3f} ms; peak RSS {}\n", id_of(slowest_load->file), slowest_load->load_ms, mib(peak_rss_kib()));
}

}  // namespace

int cmd_bench(int argc, char** argv) {
  if (wants_help(argc, argv, help)) return 0;
  args a = parse_args("bench", argc, argv, {"--json", "--all"}, {"--hands", "--seed", "--reference"});
  std::vector<std::string> files = a.positional;
  if (a.has("--all")) {
    if (files.size() > 1) throw usage_error("--all takes at most one directory");
    files = ruleset_files(files.empty() ? default_rulesets_dir() : files[0]);
    if (files.empty()) throw usage_error("no ruleset (*.spades) in that directory");
  }
  if (files.empty()) throw usage_error("name a variant file (or --all)");
  long long hands = a.get_int("--hands", a.has("--all") ? 20000 : 100000, 1, max_bench_hands);
  uint64_t seed = (uint64_t)a.get_int("--seed", 1, 0, INT64_MAX);
  std::optional<long long> reference;
  if (a.has("--reference")) reference = a.get_int("--reference", 0, 1, max_bench_hands);
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
    for (const bench_result& b : all) list.push_back(to_json(b, reference));
    nlohmann::ordered_json doc = table ? nlohmann::ordered_json{{"seed", seed}, {"results", list}} : list[0];
    if (reference) doc["reference"] = *reference;
    doc["peak_rss_kib"] = peak_rss_kib();
    fmt::print("{}\n", json_text(doc));
  } else if (table) {
    print_table(all, reference);
  } else {
    print_one(all[0], reference);
  }
  return 0;
}

}  // namespace spades::cli
