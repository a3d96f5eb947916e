// The play of a card and the random playouts (the hot path): play_card, random cards to the hand's end, and
// the plain tricks a trick at a time. Kept in one unit so the trick's end and the play rules stay inlined.
#include "runtime/game.hpp"

#include "runtime/expr.hpp"
#include "runtime/play_rules.hpp"

namespace spades {

int game_state::play_random_cards(rng& r) {
  return v->narrow ? play_random_cards_as<true>(r) : play_random_cards_as<false>(r);
}

template <bool Narrow>
__attribute__((noinline)) int game_state::play_random_cards_as(rng& r) {
  auto none = [](const play_refusal&, card_set) {};
  int cards = 0;
  const bool plain = plain_play();
  while (ph == phase::play) {
    // plain rules: the tricks from the next lead on (a trick under way is finished here, card by card); one
    // call of play_rules in this loop, so that it stays inlined
    if (plain && played == 0) return cards + play_plain_tricks<Narrow>(r);
    const card_set legal = play_rules<Narrow>(none);
    play_card_as<Narrow>(set_ops<Narrow>::nth(legal, (int)r.below((uint32_t)set_ops<Narrow>::count(legal))));
    ++cards;
  }
  return cards;
}

namespace {

// The n-th (0-based) set bit of w, n < its count, without a branch (the loop's exit, at a random count, is
// mispredicted at nearly every card): the set bits summed up to each byte (a multiply), the byte holding it
// found by comparing every byte's sum with n at once, then a table within that byte.
struct select_table {
  std::array<uint8_t, 256 * 8> at{};
  constexpr select_table() {
    for (int b = 0; b < 256; ++b) {
      int k = 0;
      for (int i = 0; i < 8; ++i)
        if ((b >> i) & 1) at[b * 8 + k++] = (uint8_t)i;
    }
  }
};
constexpr select_table select_in_byte{};
inline int select_bit(uint64_t w, int n) {
  constexpr uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
  uint64_t s = w - ((w >> 1) & 0x5555555555555555ULL);
  s = (s & 0x3333333333333333ULL) + ((s >> 2) & 0x3333333333333333ULL);
  s = (s + (s >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  const uint64_t upto = s * ones;  // byte i: the set bits in bytes 0..i
  const uint64_t below_n = (((uint64_t)n * ones | highs) - upto) & highs;  // bytes whose sum is at most n
  const int place = __builtin_popcountll(below_n) * 8;
  const int rank = n - (int)(((upto << 8) >> place) & 0xff);
  return place + select_in_byte.at[((w >> place) & 0xff) * 8 + rank];
}
}  // namespace

// Are this hand's play rules the plain ones (follow suit; leading barred only by `unless broken` forbids; no
// conditional rule, no opening card, no trick's cards kept; a force on a card led is allowed: that trick is
// played by the rules, card by card)? Then play_plain_tricks plays its tricks, a trick at a time.
bool game_state::plain_play() const { return v->plain_restrictions && !v->uses_trick_cards && opening_card < 0; }

// The random playouts' tricks under plain play rules, from a trick's lead to the hand's end: the same legal
// cards and the same draws of `r` as play_rules and play_card_as, card by card, with the trick's state in
// locals and written back at its end (only a lead reads `broken`, so it is settled once per trick).
// A trick of the plain tricks whose lead a force answers: the lead played, then each follower's card drawn
// from the legal cards play_rules gives, as play_random_cards draws them. Returns the cards played.
template <bool Narrow>
__attribute__((noinline)) int game_state::play_trick_by_rules(rng& r, int lead) {
  auto none = [](const play_refusal&, card_set) {};
  play_card_as<Narrow>(lead);
  int cards = 1;
  while (ph == phase::play && played > 0) {
    const card_set legal = play_rules<Narrow>(none);
    play_card_as<Narrow>(set_ops<Narrow>::nth(legal, (int)r.below((uint32_t)set_ops<Narrow>::count(legal))));
    ++cards;
  }
  return cards;
}

template <bool Narrow>
int game_state::play_plain_tricks(rng& shared) {
  // a deck of at most 64 cards in a word, else in two (the same ascending order of cards as set_ops)
  using word = std::conditional_t<Narrow, uint64_t, unsigned __int128>;
  auto bits = [](card_set s) { return (word)s.bits; };
  auto count = [](word w) {
    if constexpr (Narrow) return __builtin_popcountll(w);
    else return __builtin_popcountll((uint64_t)w) + __builtin_popcountll((uint64_t)(w >> 64));
  };
  auto select = [](word w, int n) {
    if constexpr (Narrow) return select_bit(w, n);
    else {
      const int low = __builtin_popcountll((uint64_t)w);
      return n < low ? select_bit((uint64_t)w, n) : 64 + select_bit((uint64_t)(w >> 64), n - low);
    }
  };
  rng r = shared;  // in registers, not stored back to memory at every draw; written back at the end
  const variant& var = *v;
  const word trump = bits(var.trump);
  const word lead_forbid = bits(var.lead_forbidden);  // every forbid holds while trumps are unbroken, and none once they are
  const int seats = var.seats;
  const int8_t* suit_of = var.follow_suit.data();
  const int16_t* power = var.power.data();
  const bool later_wins = var.later_wins;
  const word forcing = bits(var.forcing_leads);  // the leads on which a force takes the followers' choice
  auto draw = [&](word legal) { return select(legal, (int)r.below((uint32_t)count(legal))); };
  int cards = 0;
  while (ph == phase::play) {
    int seat = turn;
    word hand = bits(hands[seat]);
    word legal = broken ? hand : hand & ~lead_forbid;
    if (legal == 0) legal = hand;
    const int lead = draw(legal);
    if ((forcing >> lead) & 1) {  // the lead a force answers: its trick by the rules
      cards += play_trick_by_rules<Narrow>(r, lead);
      continue;
    }
    hands[seat].bits = hand & ~((word)1 << lead);
    trick_cards[0] = (int16_t)lead;
    const card_set follow = var.follow_mask[suit_of[lead]];
    const word follow_bits = bits(follow);
    const bool lead_trump = (trump >> lead) & 1;
    bool trumped = false;  // a follower played a trump
    int best_seat = seat, best = lead;
    bool best_trump = lead_trump;
    for (int i = 1; i < seats; ++i) {
      if (++seat == seats) seat = 0;
      hand = bits(hands[seat]);
      legal = hand & follow_bits;
      if (legal == 0) legal = hand;
      const int c = draw(legal);
      hands[seat].bits = hand & ~((word)1 << c);
      trick_cards[i] = (int16_t)c;
      const bool tc = (trump >> c) & 1;
      trumped |= tc;
      // beats(): a trump over a non-trump; else within the suit for following (or among trumps) by power
      if (tc != best_trump ? tc
                           : (tc || suit_of[c] == suit_of[best]) && (later_wins ? power[c] >= power[best] : power[c] > power[best])) {
        best_seat = seat;
        best = c;
        best_trump = tc;
      }
    }
    cards += seats;
    played = seats;
    turn = seat;
    win_seat = best_seat;
    win_card = best;
    led_mask = follow;
    if (lead_trump ? var.broken_by_lead : trumped && var.broken_by_discard) broken = true;
    finish_trick<Narrow>();
  }
  shared = r;
  return cards;
}

// Out of line, each width in its own frame: inlined into play_card, the two would crowd one another's registers.
template <bool Narrow>
__attribute__((noinline)) void game_state::play_card_as(int c) {
  using ops = set_ops<Narrow>;
  ops::remove(hands[turn], c);
  trick_cards[played++] = (int16_t)c;
  if (played == 1) {
    win_seat = turn;
    win_card = c;
    led_mask = v->follow_mask[v->follow_suit[c]];
    if (v->broken_by_lead && ops::has(v->trump, c)) broken = true;
  } else {
    if (v->broken_by_discard && ops::has(v->trump, c) && !ops::has(v->trump, trick_cards[0])) broken = true;
    if (beats<Narrow>(*v, c, win_card)) { win_seat = turn; win_card = c; }
  }
  if (played != v->seats) {
    if (++turn == v->seats) turn = 0;
  } else if (v->uses_trick_cards) [[unlikely]] {
    keep_trick_cards();  // a tail call, which finishes the trick: play_card keeps no register across it
  } else {
    finish_trick<Narrow>();
  }
}

void game_state::play_card(int c) {
  if (v->narrow) play_card_as<true>(c);
  else play_card_as<false>(c);
}

void game_state::start_trick(int seat) {
  leader = turn = seat;
  played = 0;
  win_seat = win_card = -1;
}

// The cards of the trick to its winner, its winning card, and whether it was won by trumping: kept only
// for variants whose formulas read them (a call per trick, off the playouts' path otherwise); then the
// trick is finished as for any other variant.
void game_state::keep_trick_cards() {
  card_set taken;
  for (int i = 0; i < played; ++i) taken.add(trick_cards[i]);
  won_cards[win_seat] |= taken;
  if (trick < max_tricks) {
    trick_win_card[trick] = (int16_t)win_card;
    trumped_tricks |= (uint64_t)(v->trump.has(win_card) && !v->trump.has(trick_cards[0])) << trick;
  }
  finish_trick<false>();  // correct at either width: the trick's end is once per trick, off the hot path here
}

template <bool Narrow>
void game_state::finish_trick() {
  using ops = set_ops<Narrow>;
  ++tricks_won[win_seat];
  last_trick_winner = win_seat;
  if (trick < max_tricks) trick_winner[trick] = (int8_t)win_seat;
  if (v->broken_by_win && ops::has(v->trump, win_card) && !ops::has(v->trump, trick_cards[0])) broken = true;
  ++trick;
  if (ops::empty(hands[win_seat])) { score_hand(); return; }
  start_trick(win_seat);
}

}  // namespace spades
