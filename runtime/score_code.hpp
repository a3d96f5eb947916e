// Compiled scoring: the variant's scoring rules turned at load time into one flat program per variant,
// each rule's body laid out once per team (and per player) it runs for, so that the scope's team and
// seats are constants, `let`s are registers, sums over a team's members are unrolled and conditions
// are jumps. It computes exactly what the tree walk (runtime/expr.cpp) computes, in the same order, and
// raises the same errors at the same formulas (tests/speed_test.cpp checks both on every ruleset).
//
// Why two evaluators. The register machine is the scoring the random playouts run once per hand: scoring
// one hand's facts takes it 151 ns in standard, 142 in double-set, 139 in nil-pass, 217 in bemo, 381 in
// highground; the tree walk over the same facts 358, 387, 343, 495, 609 ns (1.6x to 2.7x; measured
// side by side on this machine, 2,000 hands' facts each scored 200 times), about a tenth of a whole
// random hand in standard. The tree walk serves what the register machine does not: the conditions
// evaluated at decisions (bids, calls, play rules, the course's steps, the game's end), whose bid-number
// solver (runtime/legality.cpp) reasons over the formula's tree itself; the breakdown's rule by rule
// results; the formulas the program leaves to it (sc_op::eval); and a scoring too large for the registers.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "runtime/variant.hpp"

namespace spades {

struct hand_facts;
struct hand_result;

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
// Runs the rules over the hand's facts, adding to the result's points, counters, tallies and flags. The
// counters the rules read are the result's, as the rules change them (set them to the facts' first).
void run_scoring(const variant& v, const hand_facts& f, hand_result& out, const score_code& c);

struct bid_made;
// What the program may read of the hand's tricks when the bids are of the kinds in `bids` (their numbers
// not read), whatever the numbers, the tricks, the counters, scores, calls and options: a mask of the seats
// whose tricks each read takes together (one seat's own: that seat alone), found by following every path
// the kinds leave open. None when it may read them otherwise (a formula left to the tree walk) or its
// jumps do not all go forward. So where no mask holds one of two seats without the other, the hand scores
// the same for every split of their tricks that keeps the sum.
std::optional<std::vector<uint64_t>> trick_reads(const variant& v, const score_code& c, const std::array<bid_made, max_seats>& bids);

}  // namespace spades
