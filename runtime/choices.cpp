// The tally of bid kinds and calls open and chosen (runtime/choices.hpp).
#include "runtime/choices.hpp"

namespace spades {

choice_tally::choice_tally(const variant& v)
    : bid_legal(v.bids.size()), bid_chosen(v.bids.size()), call_legal(v.calls.size()), call_chosen(v.calls.size()) {}

void choice_tally::count(const game_state& st, const move& m) {
  if (st.ph != phase::bid && st.ph != phase::call) return;
  move_list ms;
  const int n = st.legal_moves(ms);
  // a bid kind counts once per decision however many of its numbers are open (at most 60 kinds, 32 calls)
  uint64_t open = 0;
  for (int i = 0; i < n; ++i)
    if (ms[i].type == move::bid || (ms[i].type == move::call && ms[i].a >= 0)) open |= uint64_t{1} << ms[i].a;
  std::vector<long long>& legal = st.ph == phase::bid ? bid_legal : call_legal;
  std::vector<long long>& chosen = st.ph == phase::bid ? bid_chosen : call_chosen;
  for (size_t k = 0; k < legal.size(); ++k)
    if (open >> k & 1) ++legal[k];
  if ((m.type == move::bid || m.type == move::call) && m.a >= 0 && (size_t)m.a < chosen.size()) ++chosen[m.a];
}

void choice_tally::add(const choice_tally& other) {
  auto sum = [](std::vector<long long>& a, const std::vector<long long>& b) {
    for (size_t i = 0; i < a.size() && i < b.size(); ++i) a[i] += b[i];
  };
  sum(bid_legal, other.bid_legal);
  sum(bid_chosen, other.bid_chosen);
  sum(call_legal, other.call_legal);
  sum(call_chosen, other.call_chosen);
}

}  // namespace spades
