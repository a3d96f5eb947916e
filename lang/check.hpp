// check: the meaning of a merged variant. Builds the variant's tables (players, deck, ranking, dealing,
// bidding, play) and rejects what cannot work: unknown values, a deck that does not divide, cards
// without a rank, bid ranges outside a hand, a game that could never end. Formulas are left to compile.
#pragma once
#include <memory>

#include "lang/resolve.hpp"
#include "runtime/variant.hpp"

namespace spades::lang {

// A formula waiting for compile: where its result goes, and in which scope its names are looked up.
enum class scope { game, bidding, play, team, player };
struct pending_expr {
  const expr* e;
  scope sc;
  int* slot;  // receives the index of the compiled node
};

struct checked {
  std::unique_ptr<variant> v;
  std::vector<pending_expr> exprs;
  std::vector<std::pair<const item*, score_rule*>> rules;  // rule items and the runtime rules to fill
  pos target_at;                  // for compile's last check: can a score ever reach the target?
  bool ends_by_condition = false; // a win/lose condition or statement exists
  const std::vector<item>* drops = nullptr;  // the resolved variant's drops, for "is dropped" hints
};

checked check(const resolved& r, const sources& src);

}  // namespace spades::lang
