// libFuzzer target: an outside bot's answers (bots/protocol.hpp), read at decisions of real games.
// Input: the first byte picks a ruleset (rulesets/*.spades), 8 bytes seed the deals, the next byte is how
// many moves (0 to 255) are played by the rule-following bot before the decision, and the rest is split at
// newlines into the bot's lines: the first answers the greeting, each next one a decision (or looks, where the
// decision may be made blind, and the next line answers the decision asked again). Properties: every
// message the engine writes for the seat to decide is JSON it can print; an answer is either a legal move,
// which the game accepts, or a refusal with its reason; no answer escapes as an exception or a crash.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "bots/bot.hpp"
#include "bots/protocol.hpp"
#include "fuzz/fuzz_rulesets.hpp"
#include "lang/load.hpp"
#include "runtime/loop.hpp"

namespace {

// The messages the engine writes for the seat to decide, printed as the table prints them.
void write_messages(const spades::game_state& st, int seat, const spades::table_memory& memory, const std::vector<std::string>& legal) {
  using j = nlohmann::ordered_json;
  const std::string hello = spades::greeting_message(st, seat).dump(-1, ' ', false, j::error_handler_t::replace);
  const std::string ask = spades::decide_message(st, seat, memory, legal).dump(-1, ' ', false, j::error_handler_t::replace);
  if (hello.empty() || ask.empty() || ask.find('\n') != std::string::npos) __builtin_trap();  // one line each
}

const std::vector<spades::fuzzing::fuzz_ruleset>& bot_rulesets() {
  static const auto all = spades::fuzzing::load_rulesets(FUZZ_RULESETS);
  return all;
}

}  // namespace

int spades_fuzz_bot(const uint8_t* data, size_t size) {
  const auto& rulesets = bot_rulesets();
  if (size < 10 || rulesets.empty()) return 0;
  const spades::fuzzing::fuzz_ruleset& rs = rulesets[data[0] % rulesets.size()];
  uint64_t seed = 0;
  for (size_t i = 1; i < 9; ++i) seed = seed * 256 + data[i];
  spades::rng r(seed);
  spades::bot_context cx(rs.cal);
  spades::game_state st;
  st.new_game(*rs.v, (int)(seed % rs.v->seats));
  std::vector<std::string> lines(1);
  for (size_t i = 10; i < size; ++i) data[i] == '\n' ? (void)lines.emplace_back() : lines.back().push_back((char)data[i]);
  (void)spades::read_hello(lines[0]);
  // the table's memory of what each seat saw, kept as the table keeps it
  struct memory_keeper : spades::observer {
    spades::table_memory memory;
    void dealt(const spades::game_state& s) { memory.dealt(s); }
    void moving(const spades::game_state& s, const spades::move& m) { memory.moving(s, m); }
    void moved(const spades::game_state& s, const spades::move& m) { memory.moved(s, m); }
  } keeper;
  int played = 0;
  size_t next_line = 1;
  auto choose = [&](const spades::game_state& s, spades::rng& rr, spades::move& out) {
    if (played++ < data[9]) {  // the rule-following bot plays up to the decision the answers are read at
      out = spades::bot_move(s, rr, cx);
      return true;
    }
    int at = spades::look_answer;
    std::vector<spades::move> moves;
    std::vector<std::string> legal;
    std::string why;
    while (at == spades::look_answer) {  // a look (where offered): the seat looks, and is asked again
      if (next_line >= lines.size()) return false;
      const int seat = s.acting_seat();
      const bool may_look = !s.may_see_hand(seat);
      moves.clear();
      legal = spades::legal_words(s, &moves);
      if (legal.empty() || legal.size() != moves.size()) __builtin_trap();
      write_messages(s, seat, keeper.memory, legal);
      at = spades::read_move(lines[next_line++], legal, why, may_look);
      if (at == spades::look_answer) {
        if (!may_look) __builtin_trap();
        st.look(seat);  // as the drivers' seated_bots::on_look does, between two decisions of the loop
        if (!s.may_see_hand(seat)) __builtin_trap();  // one look opens the cards: the next answer is a move
      }
    }
    if (at < 0 ? why.empty() : at >= (int)legal.size()) __builtin_trap();
    if (at < 0) return false;  // a refused answer ends the game, as it does at a table
    if (!s.why_illegal(moves[at]).empty()) __builtin_trap();  // a legal word is a move the game takes
    out = moves[at];
    return true;
  };
  try {
    spades::run_game(st, r, choose, keeper);
  } catch (const spades::rule_error&) {
    // a ruleset's dead end (no legal bid) is the rules', reported by the loop; not the answers'
  }
  return 0;
}

#ifndef SPADES_FUZZ_NO_MAIN
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return spades_fuzz_bot(data, size); }
// Every ruleset's calibration is made before the first input: made on first need, it ran inside an input and
// took more than libFuzzer's 10 s under the sanitizers on a busy machine (the seed corpus's first inputs).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  for (const spades::fuzzing::fuzz_ruleset& rs : bot_rulesets()) (void)rs.cal->get();
  return 0;
}
#endif
