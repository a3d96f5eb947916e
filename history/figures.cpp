// A hand's figures per seat (figures.hpp): bids, contracts, zero-trick bids and bags, from the variant's tables.
#include "history/figures.hpp"

#include "runtime/notation.hpp"

namespace spades::history {

namespace {

bool nil_kind(const bid_kind& k) { return k.lo == 0 && k.hi == 0; }

// A side's contract and the tricks toward it: the bids of its members (or its own bid, when a side bids as
// one) other than zero-trick ones, and the tricks of the members who made them.
struct contract {
  int bid = 0, taken = 0;
  bool any = false;  // some member bid tricks
};

contract side_contract(const game_state& st, int team) {
  const variant& v = *st.v;
  contract c;
  if (v.bid_by_team) {
    const bid_made& b = st.bids[team];
    if (b.kind < 0 || nil_kind(v.bids[b.kind])) return c;
    c.any = true;
    c.bid = b.n;
    for (int m : v.members[team]) c.taken += st.tricks_won[m];
    return c;
  }
  for (int m : v.members[team]) {
    const bid_made& b = st.bids[m];
    if (m == v.dummy || b.kind < 0 || nil_kind(v.bids[b.kind])) continue;
    c.any = true;
    c.bid += b.n;
    c.taken += st.tricks_won[m];
  }
  return c;
}

// What the bags counter of `team` gained this hand: each rule's increase (a penalty that takes bags away
// is no bag taken).
int64_t bags_gained(const variant& v, const std::vector<rule_effect>& effects, int team) {
  int64_t out = 0;
  for (const rule_effect& e : effects)
    if (e.team == team)
      for (const auto& c : e.counters)
        if (c.counter == v.bags_counter && c.to > c.from) out += c.to - c.from;
  return out;
}

}  // namespace

bool has_nil_kind(const variant& v) {
  for (const bid_kind& k : v.bids)
    if (nil_kind(k)) return true;
  return false;
}

bool has_bidding(const variant& v) { return !v.bids.empty(); }

std::vector<hand_figures> hand_figures_of(const game_state& st, const std::vector<rule_effect>& effects) {
  const variant& v = *st.v;
  const bool bidding = has_bidding(v) && !st.bidding_skipped, nils = has_nil_kind(v);
  std::vector<hand_figures> out;
  for (int s = 0; s < v.seats; ++s) {
    if (s == v.dummy) continue;
    const int team = v.team_of[s];
    hand_figures f;
    f.seat = v.seat_names[s];
    f.tricks = st.tricks_won[s];
    f.points = st.hand_points[team];
    const bid_made& b = st.bids[v.bid_by_team ? team : s];
    const bool bid = bidding && b.kind >= 0;
    if (bid) f.bid = format_bid(v, b.kind, b.n);
    if (bidding) {
      const contract c = side_contract(st, team);
      f.bid_made = bid && !nil_kind(v.bids[b.kind]) && c.taken >= c.bid ? 1 : 0;
      f.side_set = c.any && c.taken < c.bid ? 1 : 0;
    }
    if (nils && bidding) {
      int taken = st.tricks_won[s];
      if (v.bid_by_team)
        for (int m : v.members[team]) taken += m == s ? 0 : st.tricks_won[m];
      f.nil_bid = bid && nil_kind(v.bids[b.kind]) ? 1 : 0;
      f.nil_made = *f.nil_bid && taken == 0 ? 1 : 0;
    }
    if (v.bags_counter >= 0) f.bags = bags_gained(v, effects, team);
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace spades::history
