// Compiled scoring: the variant's scoring rules turned at load time into one flat program per variant,
// each rule's body laid out once per team (and per player) it runs for, so that the scope's team and
// seats are constants, `let`s are registers, sums over a team's members are unrolled and conditions
// are jumps. It computes exactly what the tree walk (runtime/expr.cpp) computes, in the same order, and
// raises the same errors at the same formulas.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "runtime/variant.hpp"

namespace spades {

struct game_state;

// One instruction: `d` the register written, `a` and `b` the registers read; `x` a jump target, a
// formula (the node an error names, or the one a fallback evaluates), a seat or a slot; `k` a bit mask.
enum class sc_op : uint8_t;
struct sc_ins {
  sc_op o;
  int8_t team = -1, player = -1;
  uint16_t d = 0, a = 0, b = 0;
  int32_t x = -1;
  int64_t k = 0;
};

struct score_code {
  std::vector<sc_ins> code;
  // registers: the `let` slots first (so the tree walk reads them in place), then the temporaries,
  // then the constants, loaded from `consts` before each run
  std::vector<int64_t> consts;
  int const_base = 0;
  int registers = 0;
  // What it was compiled from: a copy of the variant with other rules (runtime/breakdown.cpp) has its own
  // vectors, and falls back to the tree walk.
  const score_rule* rules = nullptr;
  const expr_node* exprs = nullptr;

  bool compiled_for(const variant& v) const { return rules == v.rules.data() && exprs == v.exprs.data(); }
};

// The variant's scoring compiled; null when it cannot be (a program too large for its registers), and
// the tree walk scores that variant.
std::shared_ptr<const score_code> compile_scoring(const variant& v);
// Runs the rules over the hand just played, adding to hand_points, counters, tallies and flags.
void run_scoring(game_state& st, const score_code& c);

}  // namespace spades
