// The claim's search (runtime/claim.hpp): an AND-OR search of the rest of the hand, the claimant's cards an
// OR (one card that keeps every trick suffices), every other seat's an AND (every card it may play must fail
// to take a trick). It runs on a copy of the state in which the hands the claimant cannot see are empty: a
// seat among them plays a card of the unseen pool, given just that card (and, before the last trick, a
// stand-in so that its hand is not taken for played out). Positions met again at a trick's start are looked
// up, not searched again; where the play rules are the plain ones, cards between which no card of another
// place ranks are one choice.
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

bool unseen_by(const game_state& st, int seat, int p) { return p != seat && !st.exposed(p); }

}  // namespace

card_set claim_unseen(const game_state& st, int seat) {
  card_set pool = st.out_of_play;
  for (int p = 0; p < st.v->seats; ++p)
    if (unseen_by(st, seat, p)) pool |= st.hands[p];
  return pool;
}

namespace {

struct out_of_bound {};

class claim_search {
 public:
  claim_search(const game_state& st, int seat, long bound) : seat_(seat), bound_(bound), plain_(st.v->plain_restrictions && !st.v->uses_trick_cards && st.opening_card < 0) {}

  // Does the claimant take every trick from `s` on, whatever cards of `pool` the seats it cannot see play?
  // Throws out_of_bound past the bound.
  bool certain(const game_state& s, card_set pool, int* first = nullptr) {
    if (s.ph != phase::play) return true;
    if (++visited_ > bound_) throw out_of_bound{};
    std::string key;
    if (s.played == 0 && !first) {
      key = position_key(s, pool);
      if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    }
    if (plain_ && s.played == 0 && s.turn == seat_ && all_masters(s, pool)) {
      if (first) *first = highest(s, s.legal_cards());
      return true;
    }
    const bool mine = claimant_plays(s, seat_);
    const int mover = s.turn;
    const bool unseen = !mine && unseen_by(s, seat_, mover);
    bool result = !mine;
    for (int c : choices(s, pool, unseen)) {
      game_state n = s;
      card_set rest = pool;
      if (unseen) {
        n.hands[mover] = card_set::of(c);
        if (!last_trick(s)) n.hands[mover].add(c == 0 ? 1 : 0);  // the stand-in: its hand is not played out
        rest.remove(c);
      }
      n.play_card(c);
      if (unseen) n.hands[mover] = {};
      const bool trick_over = n.ph != phase::play || n.trick != s.trick;
      const bool ok = trick_over && !takes(n, n.last_trick_winner) ? false : certain(n, rest);
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

  // On the claimant's lead under the plain rules: does every card it holds beat, led, every card any other
  // seat may play to it (the pool's, an exposed hand's not its own)? Then it wins every trick, whichever it
  // leads, for the others' cards only go.
  bool all_masters(const game_state& s, card_set pool) const {
    const variant& v = *s.v;
    card_set others = pool;
    for (int p = 0; p < v.seats; ++p)
      if (p != seat_ && !takes(s, p)) others |= s.hands[p];
    bool all = true;
    s.hands[seat_].for_each([&](int c) {
      others.for_each([&](int x) { all = all && !beats(v, x, c); });
    });
    return all;
  }

  static int highest(const game_state& s, card_set cards) {
    int best = -1;
    cards.for_each([&](int c) {
      if (best < 0 || s.v->power[c] > s.v->power[best]) best = c;
    });
    return best;
  }

  // Is the trick under way the hand's last? Every seat holds as many cards before it plays to a trick; the
  // claimant's are known.
  bool last_trick(const game_state& s) const {
    const int seats = s.v->seats;
    const bool claimant_played = (seat_ - s.leader + seats) % seats < s.played;
    return s.hands[seat_].count() + (claimant_played ? 1 : 0) == 1;
  }

  // The cards worth trying, highest first (the claimant's likeliest winner, the others' likeliest threat):
  // for a seat the claimant cannot see, every card of the pool; for the others, their legal cards.
  std::vector<int> choices(const game_state& s, card_set pool, bool unseen) const {
    const variant& v = *s.v;
    std::vector<int> cs;
    const card_set own = unseen ? pool : s.legal_cards();
    own.for_each([&](int c) { cs.push_back(c); });
    std::sort(cs.begin(), cs.end(), [&](int a, int b) { return v.power[a] != v.power[b] ? v.power[a] > v.power[b] : a < b; });
    if (!plain_) return cs;
    // under the plain rules only a card's suit and rank matter: of cards of a suit with no card of another
    // place ranked between them (ties included), one stands for all. A seat the claimant cannot see may
    // play any card of the pool, so the pool is its place; the others' is their hand.
    card_set elsewhere = unseen ? card_set{} : pool;
    for (int p = 0; p < v.seats; ++p)
      if (p != s.turn) elsewhere |= s.hands[p];
    if (unseen) elsewhere &= ~pool;
    std::vector<int> kept;
    std::vector<std::pair<int, int>> last;  // per suit followed, the last card kept of it
    for (int c : cs) {
      auto it = std::find_if(last.begin(), last.end(), [&](const auto& l) { return l.first == v.follow_suit[c]; });
      if (it != last.end() && !between(s, elsewhere, c, it->second)) continue;
      if (it != last.end()) it->second = c;
      else last.emplace_back(v.follow_suit[c], c);
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

  // What decides the rest at a trick's start: who holds what of the hands seen, the pool, who has won which
  // cards, who leads, whether trumps are broken.
  static std::string position_key(const game_state& s, card_set pool) {
    std::string key;
    auto add = [&](const void* p, size_t n) { key.append(static_cast<const char*>(p), n); };
    for (int p = 0; p < s.v->seats; ++p) add(&s.hands[p].bits, sizeof s.hands[p].bits), add(&s.won_cards[p].bits, sizeof s.won_cards[p].bits);
    add(&pool.bits, sizeof pool.bits);
    add(&s.turn, sizeof s.turn);
    add(&s.broken, sizeof s.broken);
    add(&s.trumped_tricks, sizeof s.trumped_tricks);
    return key;
  }
};

}  // namespace

claim_verdict check_claim(const game_state& st, int seat, int* card, long bound) {
  if (st.ph != phase::play) return claim_verdict::not_certain;
  // the search sees what the claimant sees: the hands hidden from it emptied, as dealt too
  game_state seen = st;
  for (int p = 0; p < st.v->seats; ++p)
    if (unseen_by(st, seat, p)) seen.hands[p] = seen.dealt[p] = {};
  try {
    claim_search search(seen, seat, bound);
    int first = -1;
    const bool sure = search.certain(seen, claim_unseen(st, seat), claimant_plays(st, seat) ? &first : nullptr);
    if (sure && card) *card = first;
    return sure ? claim_verdict::certain : claim_verdict::not_certain;
  } catch (const out_of_bound&) {
    return claim_verdict::too_many;
  } catch (const rule_error&) {
    // the scoring of a hand played out failed on the cards the claimant cannot see, which the search
    // leaves out: it cannot tell, and the claim is not certain
    return claim_verdict::not_certain;
  }
}

}  // namespace spades
