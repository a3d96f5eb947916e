// The claim's search (runtime/claim.hpp): an AND-OR search of the rest of the hand, the claimant's cards an
// OR (one card that keeps every trick suffices), every other seat's an AND (every legal card must fail to
// take a trick). Positions met again at a trick's start are looked up, not searched again; where the
// play rules are the plain ones, cards a seat holds that no other held card ranks between are one choice.
#include "runtime/claim.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "runtime/limits.hpp"

namespace spades {

bool claimant_plays(const game_state& st, int seat) {
  return st.turn == seat || (st.turn == st.v->dummy && st.controller == seat);
}

int claim_follow_card(const game_state& st) {
  const card_set legal = st.legal_cards();
  int best = -1;
  legal.for_each([&](int c) {
    if (best < 0 || st.v->power[c] < st.v->power[best]) best = c;
  });
  return best;
}

namespace {

struct out_of_bound {};

class claim_search {
 public:
  claim_search(const game_state& st, int seat, long bound) : seat_(seat), bound_(bound), plain_(st.v->plain_restrictions && !st.v->uses_trick_cards && st.opening_card < 0) {}

  // Does the claimant take every trick from `s` on? Throws out_of_bound past the bound.
  bool certain(const game_state& s, int* first = nullptr) {
    if (s.ph != phase::play) return true;
    if (++visited_ > bound_) throw out_of_bound{};
    std::string key;
    if (s.played == 0 && !first) {
      key = position_key(s);
      if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    }
    const bool mine = claimant_plays(s, seat_);
    bool result = !mine;
    for (int c : choices(s)) {
      game_state n = s;
      n.play_card(c);
      const bool trick_over = n.ph != phase::play || n.trick != s.trick;
      const bool ok = trick_over && !takes(n, n.last_trick_winner) ? false : certain(n);
      if (mine && ok) {
        if (first) *first = c;
        result = true;
        break;
      }
      if (!mine && !ok) {
        result = false;
        break;
      }
    }
    if (!key.empty()) memo_.emplace(std::move(key), result);  // at most one entry a position visited: bounded too
    return result;
  }

 private:
  int seat_;
  long bound_;
  bool plain_;
  long visited_ = 0;
  std::unordered_map<std::string, bool> memo_;

  bool takes(const game_state& s, int winner) const { return winner == seat_ || (winner == s.v->dummy && s.controller == seat_); }

  // The cards worth trying, highest first (the claimant's likeliest winner, the others' likeliest threat).
  std::vector<int> choices(const game_state& s) const {
    const variant& v = *s.v;
    std::vector<int> cs;
    s.legal_cards().for_each([&](int c) { cs.push_back(c); });
    std::sort(cs.begin(), cs.end(), [&](int a, int b) { return v.power[a] != v.power[b] ? v.power[a] > v.power[b] : a < b; });
    if (!plain_) return cs;
    // under the plain rules only a card's suit and rank matter: of cards of a suit with no card held
    // elsewhere ranked between them (ties included), one stands for all
    card_set elsewhere;
    for (int p = 0; p < v.seats; ++p)
      if (p != s.turn) elsewhere |= s.hands[p];
    std::vector<int> kept;
    for (int c : cs) {
      if (!kept.empty() && v.follow_suit[kept.back()] == v.follow_suit[c] && !between(s, elsewhere, c, kept.back())) continue;
      kept.push_back(c);
    }
    return kept;
  }

  static bool between(const game_state& s, card_set elsewhere, int low, int high) {
    const variant& v = *s.v;
    bool any = false;
    elsewhere.for_each([&](int o) {
      any |= v.follow_suit[o] == v.follow_suit[low] && v.power[o] >= v.power[low] && v.power[o] <= v.power[high];
    });
    return any;
  }

  // What decides the rest at a trick's start: who holds what, who has won which cards, who leads, whether
  // trumps are broken.
  static std::string position_key(const game_state& s) {
    std::string key;
    auto add = [&](const void* p, size_t n) { key.append(static_cast<const char*>(p), n); };
    for (int p = 0; p < s.v->seats; ++p) add(&s.hands[p].bits, sizeof s.hands[p].bits), add(&s.won_cards[p].bits, sizeof s.won_cards[p].bits);
    add(&s.turn, sizeof s.turn);
    add(&s.broken, sizeof s.broken);
    add(&s.trumped_tricks, sizeof s.trumped_tricks);
    return key;
  }
};

}  // namespace

claim_verdict check_claim(const game_state& st, int seat, int* card, long bound) {
  if (st.ph != phase::play) return claim_verdict::not_certain;
  try {
    claim_search search(st, seat, bound);
    int first = -1;
    const bool sure = search.certain(st, claimant_plays(st, seat) ? &first : nullptr);
    if (sure && card) *card = first;
    return sure ? claim_verdict::certain : claim_verdict::not_certain;
  } catch (const out_of_bound&) {
    return claim_verdict::too_many;
  }
}

}  // namespace spades
