// Helpers shared by the unit tests: load variants from text or from rulesets/.
#pragma once
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "lang/load.hpp"
#include "runtime/game.hpp"
#include "runtime/notation.hpp"

namespace spades::testing {

// A four-handed deal for standard-like tests: N hearts and AS KS QS, E diamonds and JS TS 9S, S clubs and
// 8S 7S 6S, W the low cards.
inline const std::vector<std::string> sample_deal = {
    "AS KS QS AH KH QH JH TH 9H 8H 7H 6H 5H",  // N
    "AD KD QD JD TD 9D 8D 7D 6D 5D JS TS 9S",  // E
    "AC KC QC JC TC 9C 8C 7C 6C 5C 8S 7S 6S",  // S
    "5S 4S 3S 2S 4H 3H 2H 4D 3D 2D 4C 3C 2C",  // W
};

inline std::string source_path(const std::string& rel) { return std::string(SPADES_SOURCE_DIR) + "/" + rel; }

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Runs `cmd` in a shell and returns what it printed on stdout (all of it); its exit status in `status`.
inline std::string shell(const std::string& cmd, int* status = nullptr) {
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  const int st = pclose(p);
  if (status) *status = st;
  return out;
}

// `spades play` keeps its games in a folder of this process's own, and every command its calibrations in the
// build tree's (the suite's, shared with the tests CTest runs: CMakeLists.txt), never in the user's; and no
// text is fitted to a width (COLUMNS empty: as if unset, whatever the shell running the tests exports): the
// environment settings to put before the binary in a shell command.
inline std::string state_env() {
  const auto tmp = std::filesystem::temp_directory_path();
#ifdef SPADES_BUILD_DIR
  const std::string cache = SPADES_BUILD_DIR "/test-cache";
#else
  const std::string cache = (tmp / ("spades-cache-" + std::to_string(getpid()))).string();
#endif
  return "COLUMNS= XDG_STATE_HOME=" + (tmp / ("spades-state-" + std::to_string(getpid()))).string() + " XDG_CACHE_HOME=" + cache + " ";
}

// What goes before a command in a shell line so that a folder's permissions bind it: `setpriv` to the user
// nobody when the tests run as root (whom no permission stops), else nothing (they bind the tests' own user).
inline std::string unprivileged() { return geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""; }

#ifdef SPADES_BINARY
struct run_result {
  int code;
  std::string out;
};

// Runs the binary from the source root with `args` (stdin from `input`), stdout and stderr together (or
// stdout alone, stderr dropped, when `stdout_only`).
inline run_result run(const std::string& args, const std::string& input = "", bool stdout_only = false) {
  // one input file per process: test runs of several checkouts may share the temporary directory
  std::string in_path = std::filesystem::temp_directory_path() / ("spades-cli-input-" + std::to_string(getpid()) + ".txt");
  std::ofstream(in_path) << input;
  std::string cmd = std::string("cd ") + SPADES_SOURCE_DIR + " && " + state_env() + SPADES_BINARY + " " + args + " < " + in_path +
                    (stdout_only ? " 2>/dev/null" : " 2>&1");
  int status = 0;
  std::string out = shell(cmd, &status);
  std::filesystem::remove(in_path);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}
#endif

inline std::shared_ptr<const variant> load_ruleset(const std::string& id) {
  lang::sources src;
  return lang::load_variant(src, source_path("rulesets/" + id + ".spades"));
}

// Writes `text` to a temporary .spades file beside a copy of standard (so that `extends "standard"`
// resolves), in a directory of this process's own: two test runs at once must not rewrite each other's copy.
inline std::string temp_variant(const std::string& name, const std::string& text) {
  auto dir = std::filesystem::temp_directory_path() / ("spades-tests-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::filesystem::copy_file(source_path("rulesets/standard.spades"), dir / "standard.spades",
                             std::filesystem::copy_options::overwrite_existing);
  auto p = dir / (name + ".spades");
  std::ofstream(p) << text;
  return p.string();
}

inline std::shared_ptr<const variant> load_text(const std::string& name, const std::string& text) {
  lang::sources src;
  return lang::load_variant(src, temp_variant(name, text));
}

// Deals the given hands ("AS KS ..." per seat in seat order), everything else out of play.
inline void deal(game_state& st, const std::vector<std::string>& hands) {
  std::array<card_set, max_seats> given{};
  card_set used;
  for (size_t s = 0; s < hands.size(); ++s) {
    size_t i = 0;
    const std::string& h = hands[s];
    while (i < h.size()) {
      size_t j = h.find(' ', i);
      std::string tok = h.substr(i, j == std::string::npos ? std::string::npos : j - i);
      if (!tok.empty()) {
        int c = st.v->find_card(tok);
        given[s].add(c);
        used.add(c);
      }
      if (j == std::string::npos) break;
      i = j + 1;
    }
  }
  st.deal_given(given, st.v->deck & ~used);
}

// Applies typed actions for whoever is to act; every one must be legal (for Catch2 test cases). `watch(st, m,
// applied)` is told of each move just before it is applied (false) and just after (true).
template <class Watch>
inline void act_watched(game_state& st, const std::vector<const char*>& actions, Watch&& watch) {
  for (const char* a : actions) {
    std::vector<move> ms;
    std::string err;
    INFO(a);
    REQUIRE(parse_action(st, a, ms, err));
    for (const move& m : ms) {
      REQUIRE(st.why_illegal(m).empty());
      watch(st, m, false);
      st.apply(m);
      watch(st, m, true);
    }
  }
}

inline void act(game_state& st, const std::vector<const char*>& actions) {
  act_watched(st, actions, [](const game_state&, const move&, bool) {});
}

inline int card(const game_state& st, const char* name) { return st.v->find_card(name); }

inline std::string names(const variant& v, card_set s) {
  std::string out;
  s.for_each([&](int c) { out += (out.empty() ? "" : " ") + v.cards[c].name; });
  return out;
}

}  // namespace spades::testing
