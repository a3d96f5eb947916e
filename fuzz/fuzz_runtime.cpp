// libFuzzer target: the runtime driven by a fuzzed ruleset and fuzzed move choices.
// Input: a ruleset (one of rulesets/*.spades chosen by the first byte; 0xff: fuzzed text up to a NUL;
// 0xfe: the ruleset chosen by the second byte changed by fuzzed text up to a NUL, as a file that extends
// it, which keeps most inputs valid and so reaches deep into the runtime) then bytes that pick moves
// among the legal ones and seed the deals. Every move picked is legal and
// applied; the game must end within the variant's hand limit; the only error allowed is a rule_error
// (a formula that overflows), which names its source position.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "bots/bot.hpp"
#include "fuzz/fuzz_rulesets.hpp"
#include "lang/load.hpp"
#include "runtime/loop.hpp"

namespace {

std::shared_ptr<const spades::variant> load_text(const std::string& text) {
  spades::lang::sources src;
  try {
    return spades::lang::load_variant_text(src, FUZZ_RULESETS "/fuzzed.spades", text);
  } catch (const spades::lang::diag_error&) {
    return nullptr;
  }
}

}  // namespace

int spades_fuzz_runtime(const uint8_t* data, size_t size) {
  static auto rulesets = spades::fuzzing::load_rulesets(FUZZ_RULESETS);
  if (size < 2 || rulesets.empty()) return 0;
  std::shared_ptr<const spades::variant> v;
  std::shared_ptr<const spades::bot_calibration> cal;
  size_t pos = 1;
  const bool delta = data[0] == 0xfe;
  const uint8_t* nul = static_cast<const uint8_t*>(std::memchr(data + 1 + delta, 0, size - 1 - delta));
  if ((data[0] == 0xff || delta) && nul) {
    std::string text(reinterpret_cast<const char*>(data + 1 + delta), nul - data - 1 - delta);
    if (delta) text = "extends \"" + rulesets[data[1] % rulesets.size()].id + "\"\n" + text;
    v = load_text(text);
    if (!v) return 0;
    pos = nul - data + 1;
  } else {
    v = rulesets[data[0] % rulesets.size()].v;
    cal = rulesets[data[0] % rulesets.size()].cal;
  }
  spades::bot_context cx(cal ? cal : std::make_shared<const spades::bot_calibration>(*v));
  spades::game_state st;
  uint64_t seed = 0;
  for (size_t i = pos; i < size && i < pos + 8; ++i) seed = seed * 256 + data[i];
  spades::rng r(seed);
  st.new_game(*v, (int)(seed % v->seats));
  // the bytes after the seed pick each move among the legal ones; then the bot plays on
  size_t i = pos + 8;
  long moves = 0, bot_moves = 0;
  auto choose = [&](const spades::game_state& s, spades::rng& rr, spades::move& out) {
    if (++moves > 20000) return false;  // enough for one input: fuzzing wants many short runs
    if (i >= size) {
      // the bot plays on for a few hands (its decisions are slow under the sanitizers: a whole game of
      // them took over 10 s, a libFuzzer timeout), then the input is done
      if (++bot_moves > 400) return false;
      out = spades::bot_move(s, rr, cx);
      return true;
    }
    spades::move_list ms;
    int n = s.legal_moves(ms);
    if (n <= 0) {
      if (s.has_legal_move()) __builtin_trap();  // the two answers to "is there a move?" must agree
      return false;  // a dead end: the loop reports it
    }
    out = ms[data[i++] % n];
    return true;
  };
  struct checks : spades::observer {
    const spades::variant& v;
    void moving(const spades::game_state& s, const spades::move& m) {
      if (!s.why_illegal(m).empty()) __builtin_trap();
    }
    bool hand_scored(const spades::game_state& s) {
      if (s.hands_played > v.max_hands) __builtin_trap();  // the hand limit must stop every game
      return true;
    }
  };
  try {
    spades::run_game(st, r, choose, checks{{}, *v});
  } catch (const spades::rule_error& e) {
    if (std::strstr(e.what(), ": error: ") == nullptr) __builtin_trap();
    // no legal bid: fuzzed rules whose every bid condition fails, reported as a rule error. Any other
    // decision always has a move (a card in hand, or `no` for calls).
    if (st.ph != spades::phase::bid && st.ph != spades::phase::over && !st.has_legal_move()) __builtin_trap();
  }
  return 0;
}

#ifndef SPADES_FUZZ_NO_MAIN
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return spades_fuzz_runtime(data, size); }
// Loads every ruleset once before the first input, so that this start-up (seconds under the sanitizers on a
// busy machine) is not counted against the first input's time limit: libFuzzer reported it as a timeout.
extern "C" int LLVMFuzzerInitialize(int*, char***) { return spades_fuzz_runtime(nullptr, 0); }
#endif
