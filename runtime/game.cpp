// The state machine's transitions and guards, all read from the compiled variant.
//
// A hand walks the variant's course, its compiled table of steps (variant::course): the deal (the chance
// step) first, the play of the tricks last. Each kind of step has a start function that says whether the
// step waits for decisions; one with nothing to do, or whose condition does not hold, is passed over.
#include "runtime/game.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "runtime/expr.hpp"

namespace spades {

const char* phase_name(phase p) {
  switch (p) {
    case phase::deal: return "deal";
    case phase::pass: return "pass";
    case phase::bid: return "bid";
    case phase::call: return "call";
    case phase::discard: return "discard";
    case phase::exchange: return "exchange";
    case phase::play: return "play";
    case phase::over: return "over";
    case phase::agree: return "agree";
    case phase::raise: return "raise";
    case phase::draw: return "draw";
  }
  return "";
}

int legal_move_bound(const variant& v) {
  int bids = 0;
  for (const bid_kind& k : v.bids) bids += k.hi - k.lo + 1;
  // a hand grows past the deal (a kitty, an exchange) but never past the deck
  // (+2: an exchange the bidder may decline offers both choices beside the cards)
  return std::max({bids, (int)v.calls.size() + 1, (int)v.cards.size() + 2});
}

void game_state::new_game(const variant& var, int first_dealer) {
  // the language's limits keep every variant within max_moves; a variant built past them is refused
  if (legal_move_bound(var) > max_moves)
    throw rule_error(var, {}, fmt::format("this variant can offer {} moves at one decision; the engine holds at most {}",
                                          legal_move_bound(var), max_moves));
  *this = game_state{};
  v = &var;
  dealer = first_dealer == var.dummy ? (first_dealer + 1) % var.seats : first_dealer;  // the dummy never deals
  for (int t = 0; t < var.teams; ++t)
    for (size_t c = 0; c < var.counters.size(); ++c) counters[t][c] = var.counter_init[c];
  for (size_t o = 0; o < var.option_defaults.size(); ++o) options[o] = var.option_defaults[o];
  ph = phase::deal;
}

void game_state::deal(rng& r) {
  if (v->narrow) deal_as<true>(r);
  else deal_as<false>(r);
}

template <bool Narrow>
void game_state::deal_as(rng& r) {
  // the deck is always the ids 0..n-1 (check.cpp compacts them)
  std::array<int16_t, max_cards> order;
  const int n = (int)v->cards.size();
  for (int i = 0; i < n; ++i) order[i] = (int16_t)i;
  std::array<card_set, max_seats> given;  // cleared where it is built up card by card (the narrow deal sets each)
  card_set rest;
  const int seats = v->seats, dealt_n = v->deal_size * seats;
  const bool by_words = dealt_n > 0 && v->leftover != leftover_rule::stock;
  if (!by_words) given = {};
  if (v->leftover == leftover_rule::stock) {  // the cards not dealt lie face down in their shuffled order
    for (int i = n - 1; i > 0; --i) std::swap(order[i], order[r.below((uint32_t)(i + 1))]);
    int k = 0;
    for (int round = 0; round < v->deal_size; ++round) {
      int seat = dealer;
      for (int i = 0; i < v->seats; ++i) {
        if (++seat == v->seats) seat = 0;
        set_ops<Narrow>::add(given[seat], order[k++]);
      }
    }
    deal_given(given, rest, order.data() + k, n - k);
    return;
  }
  // Singly, clockwise from the dealer's left: the k-th card of the shuffled deck goes to the (k mod seats)-th
  // seat after the dealer, the cards past the last round are left over. The shuffle fixes position i at its
  // step (later steps swap only below it), so each card is dealt as soon as its position is fixed, from the
  // last position down (no division and no second pass: this is the hot path).
  int i = n - 1;
  for (; i >= dealt_n && i > 0; --i) {
    std::swap(order[i], order[r.below((uint32_t)(i + 1))]);
    set_ops<Narrow>::add(rest, order[i]);
  }
  if (by_words) {  // the same, each hand in a word (two for a wide deck) and the generator in registers
    constexpr int per_seat = Narrow ? 1 : 2;
    rng local = r;
    std::array<uint64_t, max_seats * per_seat> words{};
    const auto add = [&](int seat, int c) {
      if (Narrow) words[seat] |= uint64_t{1} << c;
      else words[seat * 2 + (c >> 6)] |= uint64_t{1} << (c & 63);
    };
    int seat = (dealer + dealt_n) % seats;
    for (; i > 0; --i) {  // position i is not read again: the card drawn for it is moved out, not swapped
      int16_t& drawn_card = order[local.below((uint32_t)(i + 1))];
      const int c = drawn_card;
      drawn_card = order[i];
      add(seat, c);
      if (--seat < 0) seat = seats - 1;
    }
    add(seat, order[0]);
    r = local;
    for (int s = 0; s < max_seats; ++s)
      given[s].bits = Narrow ? words[s] : words[s * 2] | (unsigned __int128)words[s * 2 + 1] << 64;
  } else if (dealt_n > 0) {
    int seat = (dealer + dealt_n) % seats;  // the seat of position dealt_n - 1
    for (; i > 0; --i) {
      std::swap(order[i], order[r.below((uint32_t)(i + 1))]);
      set_ops<Narrow>::add(given[seat], order[i]);
      if (--seat < 0) seat = seats - 1;
    }
    set_ops<Narrow>::add(given[seat], order[0]);
  } else if (n > 0) {
    set_ops<Narrow>::add(rest, order[0]);
  }
  deal_given(given, rest);
}

void game_state::deal_given(const std::array<card_set, max_seats>& given, card_set rest, const int16_t* stock_order, int stock_cards) {
  for (int i = 0; i < stock_cards; ++i) stock[i] = (int8_t)stock_order[i];
  stock_top = 0;
  stock_size = (uint8_t)stock_cards;
  drawn = -1;
  hands = given;
  dealt = given;
  deal_known = true;
  trick_cards_known = true;
  for (int s = 0; s < v->seats; ++s) won_cards[s] = passing[s] = card_set{};  // the seats past v->seats stay empty
  trumped_tricks = 0;
  out_of_play = rest;
  tricks_won = {};
  bids = {};
  bids_made = 0;
  exchange_count = exchange_index = exchange_left = 0;
  hand_points = {};
  hand_scored = false;
  won_flag = {};
  lost_flag = {};
  last_trick_winner = -1;
  team_calls = {};
  player_calls = {};
  bid_converted = {};
  covered = {};
  refused = {};
  asking = -1;
  kitty_taker = -1;
  controller = -1;
  // known from the deal on (game-scope conditions do not change within a hand), for the steps before it
  bidding_skipped = bidding_passed_over();
  step = 0;  // the deal
  advance();
}

// One start function per kind of step (the order of step_kind): true when the step waits for decisions.
bool (game_state::*const game_state::starts[step_kinds])(const hand_step&) = {
    &game_state::start_dealt, &game_state::start_take, &game_state::start_discard, &game_state::start_pass,
    &game_state::start_bid,   &game_state::start_calls, &game_state::start_exchange, &game_state::start_play_step,
    &game_state::start_partner, &game_state::start_draw};

void game_state::advance() {
  // the play step is last and always starts, so the walk ends there
  while (++step < v->course.size()) {
    const hand_step& s = v->course[step];
    if (s.when >= 0 && eval(*v, s.when, eval_ctx{this}) == 0) continue;
    if ((this->*starts[(int)s.kind])(s)) return;
  }
}

bool game_state::start_dealt(const hand_step&) { return false; }  // deal() has dealt the cards

// The leftover cards go to the taker the step names: the holder of the first listed card dealt, else the dealer.
bool game_state::start_take(const hand_step& s) {
  if (s.taker == taker_rule::side_bidding_more) return take_by_bids();
  kitty_taker = dealer;
  if (s.taker == taker_rule::holder)
    for (int c : s.cards) {
      int holder = -1;
      for (int p = 0; p < v->seats; ++p)
        if (hands[p].has(c)) holder = p;
      if (holder >= 0) { kitty_taker = holder; break; }
    }
  hands[kitty_taker] |= out_of_play;
  out_of_play = {};
  return false;
}

// The kitty to the side whose bids add up to the most (see taker_rule), a card at a time.
bool game_state::take_by_bids() {
  std::array<int, max_teams> total{};
  std::array<int, max_teams> taker{};  // the member who bid the most, the first in bidding order
  taker.fill(-1);
  const int first = (dealer + v->bid_start) % v->seats;
  std::array<int, max_teams> order{};  // teams in bidding order
  int teams = 0;
  for (int i = 0; i < v->seats; ++i) {
    const int p = (first + i) % v->seats, t = v->team_of[p];
    const int n = bidding_skipped ? 0 : v->bid_by_team ? bids[t].n : bids[p].n;
    if (taker[t] < 0) { order[teams++] = t; taker[t] = p; }
    else if (!v->bid_by_team && n > bids[taker[t]].n) taker[t] = p;
    if (!v->bid_by_team) total[t] += n;
    else total[t] = n;
  }
  int best = INT32_MIN;
  for (int i = 0; i < teams; ++i) best = std::max(best, total[order[i]]);
  int next = 0;
  out_of_play.for_each([&](int c) {
    while (total[order[next]] != best) next = (next + 1) % teams;
    hands[taker[order[next]]].add(c);
    kitty_taker = taker[order[next]];
    next = (next + 1) % teams;
  });
  out_of_play = {};
  return false;
}

// From the `from`-th seat after the dealer on: the first player holding more than a hand discards the extra.
bool game_state::next_discarder(int from) {
  for (int i = from; i < v->seats; ++i) {
    const int p = (dealer + 1 + i) % v->seats;
    const int extra = hands[p].count() - v->hand_size;
    if (extra <= 0) continue;
    ph = phase::discard;
    turn = p;
    cards_left = extra;
    return true;
  }
  return false;
}

bool game_state::start_discard(const hand_step& s) {
  if (s.extra) return next_discarder(0);
  if (kitty_taker < 0) return false;
  ph = phase::discard;
  turn = kitty_taker;
  cards_left = s.count;
  return true;
}

bool game_state::start_pass(const hand_step& s) {
  ph = phase::pass;
  turn = (dealer + 1) % v->seats;
  cards_left = s.count;
  return true;
}

bool game_state::start_bid(const hand_step& s) {
  if (!s.raise) return start_bidding();
  if (bidding_skipped) return false;  // nothing to raise
  raise_index = -1;
  return next_raiser();
}

// A raise round: the next side in bidding order that can raise its bid decides; a side that cannot (no
// member's bid kind has room above its number, or its bid is already the most) is passed over.
bool game_state::next_raiser() {
  for (++raise_index; raise_index < v->teams; ++raise_index) {
    const int t = team_in_bidding_order(raise_index);
    if (raise_carrier(t) < 0 || side_bid(t) >= raise_limit(t)) continue;
    ph = phase::raise;
    turn = t;
    return true;
  }
  return false;
}

int game_state::team_in_bidding_order(int k) const {
  const int first = (dealer + v->bid_start) % v->seats;
  bool seen[max_teams] = {};
  for (int i = 0; i < v->seats; ++i) {
    int t = v->team_of[(first + i) % v->seats];
    if (t < 0 || seen[t]) continue;  // the dummy is in no team
    seen[t] = true;
    if (k-- == 0) return t;
  }
  return -1;
}

int game_state::side_bid(int team) const {
  if (v->bid_by_team) return bids[team].kind >= 0 ? bids[team].n : 0;
  int total = 0;
  for (int m : v->members[team])
    if (bids[m].kind >= 0) total += bids[m].n;
  return total;
}

int game_state::raise_carrier(int team) const {
  auto ranged = [&](int bidder) { return bids[bidder].kind >= 0 && v->bids[bids[bidder].kind].lo < v->bids[bids[bidder].kind].hi; };
  if (v->bid_by_team) return ranged(team) ? team : -1;
  const int first = (dealer + v->bid_start) % v->seats;
  for (int i = 0; i < v->seats; ++i) {
    const int p = (first + i) % v->seats;
    if (v->team_of[p] == team && !covered[p] && ranged(p)) return p;
  }
  return -1;
}

int game_state::raise_limit(int team) const {
  const int c = raise_carrier(team);
  return c < 0 ? 0 : v->bids[bids[c].kind].hi;
}

bool game_state::start_calls(const hand_step&) {
  call_index = -1;
  return next_call_turn();
}

bool game_state::start_exchange(const hand_step&) { return start_exchanges(); }

bool game_state::start_play_step(const hand_step&) {
  start_play();
  return true;
}

bool game_state::start_partner(const hand_step& s) {
  choose_controller(s);
  return false;  // nobody decides anything: the dummy is exposed and the walk goes on
}

// The player the partner step's rule gives the dummy to (one rule so far: the highest bidder).
void game_state::choose_controller(const hand_step&) { controller = highest_bidder(); }

// The highest number bid (a bid kind's number, a Nil's 0), the first in bidding order on equal numbers,
// so with no bidding the first bidder.
int game_state::highest_bidder() const {
  const int first = (dealer + v->bid_start) % v->seats;
  int best = -1;
  for (int i = 0; i < v->seats; ++i) {
    const int p = (first + i) % v->seats;
    if (p == v->dummy) continue;
    if (best < 0 || (!bidding_skipped && bids[p].kind >= 0 && (bids[best].kind < 0 || bids[p].n > bids[best].n))) best = p;
  }
  return best;
}

int game_state::partner_in_hand(int seat) const {
  if (v->dummy >= 0 && controller >= 0) {
    if (seat == v->dummy) return controller;
    if (seat == controller && v->partner[seat] < 0) return v->dummy;
  }
  return seat == v->dummy ? -1 : v->partner[seat];
}

// At scoring the dummy's tricks, the cards it was dealt and won, and the tricks it won in the order of
// tricks are its controller's: rules see one player (and side) that played two hands.
void game_state::fold_dummy() {
  const int d = v->dummy, c = controller;
  tricks_won[c] += tricks_won[d];
  tricks_won[d] = 0;
  won_cards[c] |= won_cards[d];
  won_cards[d] = {};
  dealt[c] |= dealt[d];
  dealt[d] = {};
  for (int i = 0; i < max_tricks; ++i)
    if (trick_winner[i] == d) trick_winner[i] = (int8_t)c;
  if (last_trick_winner == d) last_trick_winner = c;
}

// The players draw in turn, clockwise from the step's first drawer, until each holds a hand.
bool game_state::start_draw(const hand_step& s) {
  turn = s.dealer_first ? dealer : (dealer + 1) % v->seats;
  return next_draw();
}

// The drawer at `turn` (or the next one still short of a hand) turns up the top card of the stock: a
// decision when the turn may look at another card after it, else the card is kept at once. False once
// every player holds a hand: the rest of the stock is out of play.
bool game_state::next_draw() {
  const int per_turn = v->course[step].count;
  for (int passed = 0; passed < v->seats; ++passed, turn = (turn + 1) % v->seats) {
    if (hands[turn].count() >= v->hand_size || stock_top >= stock_size) continue;
    drawn = stock[stock_top++];
    draw_seen = 1;
    if (per_turn > 1 && stock_top < stock_size) {
      ph = phase::draw;
      return true;
    }
    keep_drawn();
    passed = -1;  // a card was drawn: go round the table again
  }
  while (stock_top < stock_size) out_of_play.add(stock[stock_top++]);
  return false;
}

// The card drawn goes to the drawer's hand; it is part of the hand as dealt (`dealt()` in formulas).
void game_state::keep_drawn() {
  hands[turn].add(drawn);
  dealt[turn].add(drawn);
  drawn = -1;
}

void game_state::enter_bidding() {
  while (ph == phase::draw) apply(move::make_choice(1));  // the rest of the draw: each turn keeps its first card
  if (ph != phase::pass && ph != phase::discard && !(ph == phase::call && redeal_step())) return;
  if (ph != phase::call) deliver_passes();
  if (step < v->course_bid) {
    step = (uint8_t)(v->course_bid - 1);
    advance();
  }
}

void game_state::enter_play() {
  while (ph == phase::draw) apply(move::make_choice(1));  // as enter_bidding
  if (ph == phase::play || ph == phase::over || ph == phase::deal) return;
  if (ph == phase::agree) cover_side(asking);  // a bid awaiting agreement stands as made
  asking = -1;
  exchange_count = 0;
  // the dummy still needs its player: the partner step is not passed over
  if (v->course_partner >= 0 && controller < 0) choose_controller(v->course[v->course_partner]);
  step = (uint8_t)v->course_play;
  start_play();
}

void game_state::record_tricks(const std::array<int, max_seats>& won, const int8_t* order) {
  tricks_won = won;
  trick = v->tricks_per_hand;
  played = 0;
  const int n = std::min(v->tricks_per_hand, max_tricks);
  // no order: every winner unknown, which is what the formulas that read the order test
  for (int i = 0; i < n; ++i) trick_winner[i] = order ? order[i] : (int8_t)-1;
  last_trick_winner = order && n > 0 ? order[n - 1] : -1;
  trick_cards_known = false;
  hands = {};
  score_hand();
}

void game_state::guess_tricks(const std::array<int, max_seats>& won, const int8_t* order) {
  for (int s = 0; s < v->seats; ++s) won_cards[s] |= hands[s];
  for (int i = trick; i < max_tricks; ++i) trick_win_card[i] = -1;
  tricks_won = won;
  trick = v->tricks_per_hand;
  played = 0;
  const int n = std::min(v->tricks_per_hand, max_tricks);
  for (int i = 0; i < n; ++i) trick_winner[i] = order[i];
  last_trick_winner = n > 0 ? order[n - 1] : -1;
  hands = {};
  score_hand();
}

int64_t game_state::behind(int team) const {
  int64_t best = INT64_MIN;
  for (int t = 0; t < v->teams; ++t)
    if (t != team && score[t] > best) best = score[t];
  return best == INT64_MIN ? 0 : best - score[team];
}

// No bidding this hand: the course has no bid step, or its condition fails, or there are no bids, or
// `skip when` holds.
bool game_state::bidding_passed_over() const {
  if (v->course_bid < 0) return true;
  eval_ctx cx{this};
  const int when = v->course[v->course_bid].when;
  if (when >= 0 && eval(*v, when, cx) == 0) return true;
  return v->bids.empty() || (v->skip_bidding_when >= 0 && eval(*v, v->skip_bidding_when, cx) != 0);
}

bool game_state::start_bidding() {
  bidding_skipped = bidding_passed_over();
  if (bidding_skipped) return false;
  ph = phase::bid;
  int first = (dealer + v->bid_start) % v->seats;
  if (first == v->dummy) first = (first + 1) % v->seats;  // the dummy makes no bid
  turn = v->bid_by_team ? v->team_of[first] : first;
  return true;
}

int game_state::acting_seat() const {
  if (ph == phase::play && turn == v->dummy && controller >= 0) return controller;  // plays the dummy's cards
  if (team_decides()) {
    // the team member nearest the first bidding seat speaks for the team
    int first = (dealer + v->bid_start) % v->seats;
    for (int i = 0; i < v->seats; ++i) {
      int s = (first + i) % v->seats;
      if (v->team_of[s] == turn) return s;
    }
  }
  return turn;
}

// Why a bid kind is closed to the bidder whatever the number, or nullptr: its partner refused it this hand,
// or it is a bid for the side and a partner has already bid.
const char* game_state::bid_closed(int kind, int bidder) const {
  if ((refused[bidder] >> kind) & 1) return "partner refused it this hand";
  if (v->bids[kind].side && !v->bid_by_team)
    for (int m : v->members[v->team_of[bidder]])
      if (m != bidder && bids[m].kind >= 0) return "a bid for the side must come before partner's bid";
  return nullptr;
}

bool game_state::bid_allowed(int kind, int n, int bidder) const {
  const bid_kind& k = v->bids[kind];
  if (n < k.lo || n > k.hi) return false;
  if (k.when < 0) return true;
  eval_ctx cx{this, bidder_team(bidder), v->bid_by_team ? -1 : bidder, bidder};
  cx.this_bid = n;
  return eval(*v, k.when, cx) != 0;
}

// A call is open to its owner when not yet made, its conversion applies to the owner's bid,
// and its condition holds.
bool game_state::call_allowed(int k, int owner, bool by_team) const {
  const call_kind& c = v->calls[k];
  if (c.by_team != by_team || c.redeal != redeal_step()) return false;
  uint32_t made = by_team ? team_calls[owner] : player_calls[owner];
  if (made & (1u << k)) return false;
  if (c.from_kind >= 0) {
    // the bid being converted belongs to the bidder: the team when bidding by team, else the player
    if (by_team != v->bid_by_team || bidding_skipped || bids[owner].kind != c.from_kind || bid_converted[owner] || (!by_team && covered[owner])) return false;
  }
  return call_condition(k, owner, by_team);
}

bool game_state::call_condition(int k, int owner, bool by_team) const {
  const call_kind& c = v->calls[k];
  if (c.when < 0) return true;
  // a team call has no single bidder: partner_bid and partner_bid_is() are false there
  eval_ctx cx{this, by_team ? owner : v->team_of[owner], by_team ? -1 : owner, by_team ? -1 : owner};
  return eval(*v, c.when, cx) != 0;
}

namespace {
// A conjunction of a condition's parts, a part shared between conditions (its slot, -1: none) evaluated at
// most once per decision: the slots evaluated, and those that held, a bit each.
struct shared_parts {
  uint64_t evaluated = 0, holding = 0;
  bool hold(const variant& v, const std::vector<int>& parts, const std::vector<int8_t>& slots, const eval_ctx& cx) {
    for (size_t i = 0; i < parts.size(); ++i) {
      const uint64_t g = slots[i] >= 0 ? uint64_t{1} << slots[i] : 0;
      if (!(evaluated & g)) {
        evaluated |= g;
        if (eval(v, parts[i], cx) != 0) holding |= g;
        else return false;  // an unshared part (g == 0) that holds falls through to the next
      } else if (!(holding & g)) {
        return false;
      }
    }
    return true;
  }
};
}  // namespace

uint32_t game_state::open_calls(int owner, bool by_team) const {
  static_assert(max_calls <= 32 && max_call_parts <= 64);
  // the calls of the owner's kind and of this calls step, not yet made
  uint32_t left = (by_team ? v->team_call_mask : ~v->team_call_mask) & (redeal_step() ? v->redeal_call_mask : ~v->redeal_call_mask) &
                  ~(by_team ? team_calls[owner] : player_calls[owner]);
  left &= v->calls.size() == 32 ? ~0u : (1u << v->calls.size()) - 1;
  if (!left) return 0;
  uint32_t open = 0;
  shared_parts parts;
  const eval_ctx cx{this, by_team ? owner : v->team_of[owner], by_team ? -1 : owner, by_team ? -1 : owner};
  for (; left; left &= left - 1) {
    const int k = __builtin_ctz(left);
    const call_kind& c = v->calls[k];
    if (c.from_kind >= 0 &&
        (by_team != v->bid_by_team || bidding_skipped || bids[owner].kind != c.from_kind || bid_converted[owner] || (!by_team && covered[owner])))
      continue;
    if (parts.hold(*v, c.when_parts, c.when_slot, cx)) open |= 1u << k;
  }
  return open;
}

// A call that throws the hand in, made during the bidding: refused, with the reason its condition gives
// when the hand does not allow it, else because its time has passed.
std::string game_state::late_redeal(int k) const {
  const call_kind& c = v->calls[k];
  const int seat = acting_seat();
  const int owner = c.by_team ? v->team_of[seat] : seat;
  const std::string who = c.by_team ? v->team_names[owner] : v->seat_names[seat];
  if (!call_condition(k, owner, c.by_team))
    return fmt::format("'{}' is not open to {}: {}", c.words, who, c.reason.empty() ? "its condition does not hold" : c.reason);
  return fmt::format("'{}' is called before the bidding, not during it", c.words);
}

// Moves `call_index` to the next owner (teams first, then players, in bidding order) with an open call.
bool game_state::next_call_turn() {
  if (v->calls.empty()) return false;
  const int first = (dealer + v->bid_start) % v->seats;
  const int owners = v->teams + v->seats;
  for (++call_index; call_index < owners; ++call_index) {
    bool by_team = call_index < v->teams;
    int owner;
    if (by_team) {
      owner = team_in_bidding_order(call_index);
    } else {
      owner = (first + call_index - v->teams) % v->seats;
      if (owner == v->dummy) continue;  // never asked for a call
    }
    if (const uint32_t open = open_calls(owner, by_team)) {
      ph = phase::call;
      call_by_team = by_team;
      turn = owner;
      calls_open = open;
      return true;
    }
  }
  return false;
}

bool game_state::start_exchanges() {
  exchange_count = 0;
  if (!v->bid_by_team && !bidding_skipped) {
    for (int i = 0, p = (dealer + v->bid_start) % v->seats; i < v->seats; ++i, p = p + 1 == v->seats ? 0 : p + 1) {
      if (bids[p].kind < 0 || covered[p]) continue;  // a side's bid owes its exchange once, from its bidder
      int n = v->bids[bids[p].kind].exchange;
      int q = v->partner[p];
      if (n <= 0 || q < 0 || !exchange_holds(p)) continue;
      exchanges[exchange_count++] = {(int8_t)p, (int8_t)q, (int8_t)n, (int8_t)v->bids[bids[p].kind].exchange_optional};
      exchanges[exchange_count++] = {(int8_t)q, (int8_t)p, (int8_t)n, 0};
    }
  }
  if (exchange_count == 0) return false;
  ph = phase::exchange;
  exchange_index = 0;
  enter_exchange(0);
  return true;
}

// An exchange with a condition (`exchange N with partner when ...`) is owed only while it holds for the bidder.
bool game_state::exchange_holds(int bidder) const {
  const bid_kind& k = v->bids[bids[bidder].kind];
  if (k.exchange_when < 0) return true;
  eval_ctx cx{this, v->team_of[bidder], bidder, bidder};
  cx.this_bid = bids[bidder].n;
  return eval(*v, k.exchange_when, cx) != 0;
}

void game_state::enter_exchange(int index) {
  turn = exchanges[index][0];
  exchange_left = exchanges[index][2];
  exchange_offer = exchanges[index][3] != 0;
}

const char* game_state::pass_words() const {
  if (ph != phase::pass) return "to partner";  // an exchange is always with partner
  switch (v->course[step].to) {
    case pass_to::partner: return "to partner";
    case pass_to::left: return "to the left";
    case pass_to::right: return "to the right";
    case pass_to::across: return "across";
  }
  return "";
}

// Every player's chosen cards reach the player the pass step names, all at once.
void game_state::deliver_passes() {
  const hand_step& p = v->course[step];
  if (p.kind == step_kind::pass)
    for (int s = 0; s < v->seats; ++s) {
      int to = p.to == pass_to::partner ? v->partner[s]
               : p.to == pass_to::left  ? (s + 1) % v->seats
               : p.to == pass_to::right ? (s + v->seats - 1) % v->seats
                                        : (s + v->seats / 2) % v->seats;
      if (to >= 0) hands[to] |= passing[s];
    }
  passing = {};
}

namespace {

// Do all these parts of a bid's condition (bid_kind::when_fixed, when_number) hold, in order?
bool parts_hold(const variant& v, const std::vector<int>& parts, const eval_ctx& cx) {
  for (int p : parts)
    if (eval(v, p, cx) == 0) return false;
  return true;
}

static_assert(max_tricks < 128);

template <class F> void each_number(number_mask m, F f) {
  for (; m; m &= m - 1) {
    const uint64_t lo = (uint64_t)m;
    f(lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(m >> 64)));
  }
}

// The numbers 0..127 below t.
number_mask below(__int128 t) {
  if (t <= 0) return 0;
  if (t >= 128) return ~number_mask{0};
  return (number_mask{1} << (int)t) - 1;
}

// The numbers k (0..127) with k `o` t.
number_mask comparing(op o, __int128 t) {
  switch (o) {
    case op::lt: return below(t);
    case op::le: return below(t + 1);
    case op::gt: return ~below(t + 1);
    case op::ge: return ~below(t);
    case op::eq: return t >= 0 && t < 128 ? number_mask{1} << (int)t : 0;
    default: return t >= 0 && t < 128 ? ~(number_mask{1} << (int)t) : ~number_mask{0};
  }
}

// x `o` y as y `flipped o` x.
op flipped(op o) {
  switch (o) {
    case op::lt: return op::gt;
    case op::le: return op::ge;
    case op::gt: return op::lt;
    case op::ge: return op::le;
    default: return o;
  }
}

// A side of a comparison that is the number bid plus or minus what does not read it: the number,
// `this_bid + E`, `E + this_bid`, `this_bid - E` or `E - this_bid`, as sign * this_bid + offset (E
// evaluated here, once). False for any other formula, or when some number 0..127 would overflow
// there (then the number-by-number evaluation meets the overflow itself).
bool linear_in_number(const variant& v, int node, const eval_ctx& cx, int& sign, int64_t& offset) {
  const expr_node& n = v.exprs[node];
  auto bare = [&](int i) { return v.exprs[i].o == op::var && v.exprs[i].v == var::this_bid; };
  if (bare(node)) { sign = 1; offset = 0; return true; }
  if (n.o != op::add && n.o != op::sub) return false;
  int other;
  if (bare(n.a) && !v.exprs[n.b].reads_number) { sign = 1; other = n.b; }
  else if (bare(n.b) && !v.exprs[n.a].reads_number) { sign = n.o == op::add ? 1 : -1; other = n.a; }
  else return false;
  const int64_t e = eval(v, other, cx);
  if (n.o == op::sub && sign == 1) {  // this_bid - E
    if (e < INT64_MIN + 128) return false;
    offset = -e;
    return true;
  }
  // this_bid + E, E + this_bid, E - this_bid
  if (e > INT64_MAX - 127 || e < INT64_MIN + 127) return false;
  offset = e;
  return true;
}

// The numbers among `dom` for which the formula `node` holds (is not 0), as evaluating it with each number
// as this_bid answers: what does not read the number is evaluated once, `and`, `or`, `not` and `if` split
// the numbers, a comparison of the number (plus or minus what does not read it) with what does not read
// it is answered for all numbers at once without the evaluator, and anything else is evaluated number by
// number. The formulas are pure, so only the count of evaluations differs; a failing part may fail here
// where the number-by-number order would not reach it (the caller then takes that order, which gives its
// own error first).
number_mask numbers_holding(const variant& v, int node, number_mask dom, eval_ctx& cx) {
  if (!dom) return 0;
  const expr_node& n = v.exprs[node];
  if (!n.reads_number) return eval(v, node, cx) != 0 ? dom : 0;
  switch (n.o) {
    case op::and_: return numbers_holding(v, n.b, numbers_holding(v, n.a, dom, cx), cx);
    case op::or_: {
      const number_mask a = numbers_holding(v, n.a, dom, cx);
      return a | numbers_holding(v, n.b, dom & ~a, cx);
    }
    case op::not_: return dom & ~numbers_holding(v, n.a, dom, cx);
    case op::if_: {
      const number_mask c = numbers_holding(v, n.a, dom, cx);
      return numbers_holding(v, n.b, c, cx) | numbers_holding(v, n.c, dom & ~c, cx);
    }
    case op::lt: case op::le: case op::gt: case op::ge: case op::eq: case op::ne: {
      // sign * k + offset `o` x, with x what does not read the number: k compared with a threshold
      const bool left = !v.exprs[n.b].reads_number, right = !v.exprs[n.a].reads_number;
      if (!left && !right) break;
      int sign;
      int64_t offset;
      if (!linear_in_number(v, left ? n.a : n.b, cx, sign, offset)) break;
      const int64_t x = eval(v, left ? n.b : n.a, cx);
      op o = left ? n.o : flipped(n.o);      // k' o x, k' = sign * k + offset
      const __int128 t = (__int128)x - offset;  // sign * k o t
      if (sign < 0) return dom & comparing(flipped(o), -t);  // -k o t: k (flipped o) -t
      return dom & comparing(o, t);
    }
    default: break;
  }
  number_mask out = 0;
  each_number(dom, [&](int k) {
    cx.this_bid = k;
    if (eval(v, node, cx) != 0) out |= number_mask{1} << k;
  });
  return out;
}

}  // namespace

// The bids open to the bidder, a set of numbers per kind, in the kinds' order: a kind's condition is split
// (bid_kind::when_split) so that what does not read the number is evaluated once per decision (a part
// written alike in several kinds once for all of them), not once per number.
static_assert(max_bid_fixed_parts <= 64, "each_bid keeps a bit per leading part");

template <class Kind>
void game_state::each_bid(Kind&& kind) const {
  shared_parts fixed;  // the leading parts, by slot
  eval_ctx cx{this, bidder_team(turn), v->bid_by_team ? -1 : turn, turn};
  for (int k = 0; k < (int)v->bids.size(); ++k) {
    const bid_kind& bk = v->bids[k];
    if (bk.lo > bk.hi) continue;
    if ((bk.side || refused[turn]) && bid_closed(k, turn)) continue;
    if (bk.when < 0) {
      kind(k, bk.numbers());
      continue;
    }
    if (!bk.when_split) {
      number_mask allowed = 0;
      for (int n = bk.lo; n <= bk.hi; ++n)
        if (bid_allowed(k, n, turn)) allowed |= number_mask{1} << n;
      if (allowed) kind(k, allowed);
      continue;
    }
    if (!fixed.hold(*v, bk.when_fixed, bk.when_fixed_slot, cx)) continue;
    number_mask open = bk.numbers();  // computed once the leading parts hold
    if (!bk.when_number.empty()) {
      try {
        for (int p : bk.when_number) open = numbers_holding(*v, p, open, cx);
      } catch (...) {  // number by number, in the order that gives the error first
        open = 0;
        for (int n = bk.lo; n <= bk.hi; ++n) {
          cx.this_bid = n;
          if (parts_hold(*v, bk.when_number, cx)) open |= number_mask{1} << n;
        }
      }
    }
    if (open) kind(k, open);
  }
}

int game_state::bid_moves(move* out) const {
  int count = 0;
  each_bid([&](int k, number_mask open) { each_number(open, [&](int n) { out[count++] = move::make_bid(k, n); }); });
  return count;
}

// The legal bids in bid_moves' order, a set of numbers per kind, so that the one drawn is found without
// listing them all.
bool game_state::random_bid(rng& r, move& out) const {
  // from: the index of its first bid; the numbers as two words (a 128-bit member made of two register halves
  // was stored in halves and read back whole: a stalled store-to-load forwarding at every kind)
  struct open_kind { int kind, from; uint64_t low, high; };
  std::array<open_kind, max_bid_kinds> kinds;
  int n_kinds = 0, total = 0;
  each_bid([&](int k, number_mask open) {
    const uint64_t low = (uint64_t)open, high = (uint64_t)(open >> 64);
    kinds[n_kinds++] = {k, total, low, high};
    total += __builtin_popcountll(low) + __builtin_popcountll(high);
  });
  if (total == 0) return false;
  const int i = (int)r.below((uint32_t)total);
  int j = n_kinds - 1;
  while (kinds[j].from > i) --j;
  // the number: the (i - from)-th of the kind's, at once when they are a run (a kind without condition)
  int nth = i - kinds[j].from, base = 0;
  uint64_t w = kinds[j].low;
  if (const int low = __builtin_popcountll(w); nth >= low) {
    w = kinds[j].high;
    nth -= low;
    base = 64;
  }
  const int first = __builtin_ctzll(w);
  const uint64_t run = w >> first;
  if ((run & (run + 1)) == 0) {
    out = move::make_bid(kinds[j].kind, base + first + nth);
    return true;
  }
  for (; nth > 0; --nth) w &= w - 1;
  out = move::make_bid(kinds[j].kind, base + __builtin_ctzll(w));
  return true;
}

int game_state::legal_moves(move* out) const {
  int count = 0;
  switch (ph) {
    case phase::bid:
      count = bid_moves(out);
      break;
    case phase::agree:
    case phase::draw:
      out[count++] = move::make_choice(1);
      out[count++] = move::make_choice(0);
      break;
    case phase::raise:
      for (int n = side_bid(turn) + 1; n <= raise_limit(turn); ++n) out[count++] = move::make_raise(n);
      out[count++] = move::make_raise(-1);
      break;
    case phase::call:
      for (uint32_t open = calls_open; open; open &= open - 1) out[count++] = move::make_call(__builtin_ctz(open));
      out[count++] = move::make_call(-1);
      break;
    case phase::exchange:
      if (exchange_offer) {  // agree, decline, or agree by passing a first card
        out[count++] = move::make_choice(1);
        out[count++] = move::make_choice(0);
      }
      hands[turn].for_each([&](int c) { out[count++] = move::make_card(c); });
      break;
    case phase::pass:
    case phase::discard:
      hands[turn].for_each([&](int c) { out[count++] = move::make_card(c); });
      break;
    case phase::play:
      legal_cards().for_each([&](int c) { out[count++] = move::make_card(c); });
      break;
    default:
      break;
  }
  return count;
}

bool game_state::has_legal_move() const {
  switch (ph) {
    case phase::bid:
      for (int k = 0; k < (int)v->bids.size(); ++k)
        for (int n = v->bids[k].lo; n <= v->bids[k].hi && !bid_closed(k, turn); ++n)
          if (v->bids[k].when < 0 || bid_allowed(k, n, turn)) return true;
      return false;
    case phase::call: return true;  // declining is always open
    case phase::agree: return true;
    case phase::raise: return true;  // passing is always open
    case phase::draw: return true;
    case phase::pass:
    case phase::discard:
    case phase::exchange: return exchange_offer || !hands[turn].empty();
    case phase::play: return !hands[turn].empty();  // the play rules never take away every card
    default: return false;
  }
}

// The one place that decides which cards the seat to play may play. The play rules are applied in
// order to its hand; each rule that takes cards away tells `refuse(refusal, cards taken)`, so the first
// rule to refuse a card is the reason it is illegal. legal_cards passes a no-op (the hot path: it
// compiles away); refusal() records the rule for one card.
template <bool Narrow, class Refuse>
card_set game_state::play_rules(Refuse&& refuse) const {
  using ops = set_ops<Narrow>;
  const card_set hand = hands[turn];
  if (played == 0) {
    if (trick == 0 && opening_card >= 0 && ops::has(hand, opening_card)) {
      card_set only = card_set::of(opening_card);
      refuse(play_refusal{play_rule::opening_card, -1, (int16_t)opening_card}, hand & ~only);
      return only;
    }
    card_set forbidden;
    for (const forbid_rule& f : v->forbids) {
      // `unless broken` is read directly; only other conditions need the evaluator
      if (!ops::empty(hand & f.cards) && (f.unless_broken ? !broken : eval_cond(*v, f.when, eval_ctx{this, team_in_hand(turn), turn}))) {
        refuse(play_refusal{play_rule::forbid, (int16_t)(&f - v->forbids.data()), -1}, hand & f.cards & ~forbidden);
        forbidden |= f.cards;
      }
    }
    // A restriction that would leave nothing to lead is lifted (the "only spades left" rule).
    card_set allowed = hand & ~forbidden;
    if (ops::empty(allowed)) allowed = hand;
    return v->play_conditions ? play_conditions<Narrow>(allowed, refuse) : allowed;
  }
  if (!v->forces.empty()) {
    const int lead_card = trick_cards[0];
    const bool partner = team_in_hand(turn) == team_in_hand(leader);
    for (const force_rule& f : v->forces) {
      if (!f.lead.has(lead_card)) continue;
      if (f.who == force_who::opponents ? partner : f.who == force_who::partner ? !partner : false) continue;
      card_set among = hand & f.among;
      if (among.empty()) continue;
      int pick = -1;
      among.for_each([&](int c) {
        if (pick < 0 || (f.highest ? v->power[c] > v->power[pick] : v->power[c] < v->power[pick])) pick = c;
      });
      refuse(play_refusal{play_rule::force, (int16_t)(&f - v->forces.data()), (int16_t)pick}, hand & ~card_set::of(pick));
      return card_set::of(pick);
    }
  }
  card_set same = hand & led_mask;
  card_set base = ops::empty(same) ? hand : same;
  if (!ops::empty(same)) refuse(play_refusal{play_rule::follow_suit, v->follow_suit[trick_cards[0]], -1}, hand & ~same);
  if (v->play_conditions) base = play_conditions<Narrow>(base, refuse);
  if (v->follow == follow_rule::beat) {
    card_set better;
    ops::for_each(base, [&](int c) { if (beats<Narrow>(*v, c, win_card)) ops::add(better, c); });
    if (!ops::empty(better)) {
      refuse(play_refusal{play_rule::follow_beat, -1, -1}, base & ~better);
      return better;
    }
  }
  return base;
}

// The conditional rules on every card played, applied to `base` (what leading or following leaves):
// each `forbid ... play` whose condition holds takes its cards away, unless that would leave nothing (then
// it is lifted); then the first `force ... play` whose condition holds and whose cards are among those
// left narrows them to its lowest, its highest, or all of them.
template <bool Narrow, class Refuse>
card_set game_state::play_conditions(card_set base, Refuse&& refuse) const {
  eval_ctx cx{this, team_in_hand(turn), turn};
  // the cards of `group` for which a condition holds: all or none, unless it reads the card in question
  auto holding = [&](card_set group, const auto& rule) {
    if (group.empty() || !rule.per_card) return group.empty() || eval_cond(*v, rule.when, cx) ? group : card_set{};
    if (rule.when_card.empty()) {  // not split: the whole condition card by card
      card_set out;
      group.for_each([&](int c) { cx.card = c; if (eval_cond(*v, rule.when, cx)) out.add(c); });
      cx.card = -1;
      return out;
    }
    for (int p : rule.when_fixed)
      if (eval(*v, p, cx) == 0) return card_set{};
    card_set out;
    group.for_each([&](int c) {
      cx.card = c;
      for (int p : rule.when_card)
        if (eval(*v, p, cx) == 0) return;
      out.add(c);
    });
    cx.card = -1;
    return out;
  };
  for (const play_forbid& f : v->play_forbids) {
    card_set barred = holding(base & f.cards, f);
    card_set left = base & ~barred;
    if (left.empty() || barred.empty()) continue;
    refuse(play_refusal{play_rule::forbid_play, (int16_t)(&f - v->play_forbids.data()), -1}, barred);
    base = left;
  }
  for (const play_force& f : v->play_forces) {
    card_set among = holding(base & f.cards, f);
    if (among.empty()) continue;
    int pick = -1;
    if (f.pick != force_pick::any)
      among.for_each([&](int c) {
        if (pick < 0 || (f.pick == force_pick::highest ? v->power[c] > v->power[pick] : v->power[c] < v->power[pick])) pick = c;
      });
    card_set only = pick < 0 ? among : card_set::of(pick);
    refuse(play_refusal{play_rule::force_play, (int16_t)(&f - v->play_forces.data()), (int16_t)pick}, base & ~only);
    return only;
  }
  return base;
}

card_set game_state::legal_cards() const {
  if (ph != phase::play) return {};
  auto none = [](const play_refusal&, card_set) {};
  return v->narrow ? play_rules<true>(none) : play_rules<false>(none);
}

int game_state::random_card(rng& r) const {
  auto none = [](const play_refusal&, card_set) {};
  if (v->narrow) {
    const card_set legal = play_rules<true>(none);
    return set_ops<true>::nth(legal, (int)r.below((uint32_t)set_ops<true>::count(legal)));
  }
  const card_set legal = play_rules<false>(none);
  return legal.nth((int)r.below((uint32_t)legal.count()));
}

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
bool game_state::plain_play() const {
  if (v->play_conditions || v->follow != follow_rule::suit || v->uses_trick_cards ||
      opening_card >= 0)
    return false;
  for (const forbid_rule& f : v->forbids)
    if (!f.unless_broken) return false;
  return true;
}

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
  word lead_forbid = 0;  // every forbid holds while trumps are unbroken, and none once they are
  for (const forbid_rule& f : var.forbids) lead_forbid |= bits(f.cards);
  const int seats = var.seats;
  const int8_t* suit_of = var.follow_suit.data();
  const int16_t* power = var.power.data();
  const bool later_wins = var.later_wins;
  word forcing = 0;  // the leads on which a force takes the followers' choice
  for (const force_rule& f : var.forces) forcing |= bits(f.lead);
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

play_refusal game_state::refusal(int c) const {
  play_refusal first;
  card_set legal = play_rules<false>([&](const play_refusal& r, card_set taken) {
    if (first.rule == play_rule::none && taken.has(c)) first = r;
  });
  // a rule lifted after refusing (nothing left to lead) refuses nothing
  return legal.has(c) ? play_refusal{} : first;
}

std::string play_refusal_words(const variant& v, const play_refusal& r, int refused) {
  switch (r.rule) {
    case play_rule::none: return {};
    case play_rule::opening_card: return fmt::format("the hand must be opened with {}", v.cards[r.card].name);
    case play_rule::forbid: {
      const forbid_rule& f = v.forbids[r.index];
      return f.reason.empty() ? fmt::format("leading {} is not allowed now (rule '{}')", v.cards[refused].name, f.name) : f.reason;
    }
    case play_rule::force: {
      const force_rule& f = v.forces[r.index];
      return f.reason.empty() ? fmt::format("you must play {} (rule '{}')", v.cards[r.card].name, f.name) : f.reason;
    }
    case play_rule::follow_suit: return fmt::format("you must follow suit ({})", v.suit_names[r.index]);
    case play_rule::follow_beat: return "you must beat the card winning the trick if you can";
    case play_rule::forbid_play: {
      const play_forbid& f = v.play_forbids[r.index];
      return f.reason.empty() ? fmt::format("playing {} is not allowed now (rule '{}')", v.cards[refused].name, f.name) : f.reason;
    }
    case play_rule::force_play: {
      const play_force& f = v.play_forces[r.index];
      if (!f.reason.empty()) return f.reason;
      return r.card >= 0 ? fmt::format("you must play {} (rule '{}')", v.cards[r.card].name, f.name)
                         : fmt::format("you must play a card of {} (rule '{}')", f.group, f.name);
    }
  }
  return {};
}

std::string game_state::why_illegal(const move& m) const {
  // in the play, the seat whose cards are played (the dummy, not its controller)
  const std::string& who = v->seat_names[ph == phase::play ? turn : acting_seat()];
  auto card_name = [&](int c) { return c >= 0 && c < (int)v->cards.size() ? v->cards[c].name : std::string("that card"); };
  auto held = [&](const std::string& doing) -> std::string {
    if (m.type != move::card) return fmt::format("it is time to {}", doing);
    if (m.a < 0 || m.a >= (int)v->cards.size() || !hands[turn].has(m.a)) return fmt::format("{} does not hold {}", who, card_name(m.a));
    return {};
  };
  switch (ph) {
    case phase::over: return "the game is over";
    case phase::deal: return "the cards have not been dealt";
    case phase::bid: {
      if (m.type == move::call && m.a >= 0 && m.a < (int)v->calls.size() && v->calls[m.a].redeal) return late_redeal(m.a);
      if (m.type != move::bid) return "it is time to bid";
      if (m.a < 0 || m.a >= (int)v->bids.size()) return "unknown bid";
      const bid_kind& k = v->bids[m.a];
      if (m.b < k.lo || m.b > k.hi)
        return k.lo == k.hi ? fmt::format("{} is always {}", k.name, k.lo)
                            : fmt::format("a {} bid must be from {} to {}", k.name, k.lo, k.hi);
      if (const char* closed = bid_closed(m.a, turn)) return fmt::format("{} is not allowed now: {}", k.words.empty() ? k.name : k.words, closed);
      if (!bid_allowed(m.a, m.b, turn)) {
        std::string words = k.words.empty() ? k.name : k.words;
        return k.reason.empty() ? fmt::format("{} is not allowed now: its condition does not hold", words)
                                : fmt::format("{} is not allowed now: {}", words, k.reason);
      }
      return {};
    }
    case phase::call:
      if (m.type != move::call) return "it is time to announce (or decline with `no`)";
      if (m.a == -1) return {};
      if (m.a < -1 || m.a >= (int)v->calls.size()) return "unknown announcement";
      if (!call_allowed(m.a, turn, call_by_team)) {
        const call_kind& c = v->calls[m.a];
        const std::string owner = call_by_team ? v->team_names[turn] : who;
        // a misdeal says why the hand does not allow it; other calls keep their words
        if (c.redeal && redeal_step() && c.by_team == call_by_team && !c.reason.empty())
          return fmt::format("'{}' is not open to {} now: {}", c.words, owner, c.reason);
        if (c.redeal != redeal_step())
          return fmt::format("'{}' is not open to {} now: {}", c.words, owner,
                             c.redeal ? "the hand is thrown in only before the bidding" : "it is made after the bidding");
        return fmt::format("'{}' is not open to {} now", c.words, owner);
      }
      return {};
    case phase::agree:
      if (m.type != move::choice) return fmt::format("it is time to agree to {}'s bid or refuse it", v->seat_names[asking]);
      if (m.a != 0 && m.a != 1) return "unknown answer (agree or refuse)";
      return {};
    case phase::raise: {
      if (m.type != move::raise) return "it is time to raise your side's bid (`raise to N`) or pass";
      if (m.a == -1) return {};
      const int now = side_bid(turn), most = raise_limit(turn);
      if (m.a <= now) return fmt::format("a raise must be higher than your side's bid of {}", now);
      if (m.a > most) {
        const bid_kind& k = v->bids[bids[raise_carrier(turn)].kind];
        return fmt::format("a raise may be at most {}, the most a {} bid may be", most, k.words.empty() ? k.name : k.words);
      }
      return {};
    }
    case phase::draw:
      if (m.type != move::choice) return fmt::format("it is time for {} to keep or discard the card drawn (`keep` or `discard`)", who);
      if (m.a != 0 && m.a != 1) return "unknown answer (keep or discard)";
      return {};
    case phase::pass: return held(fmt::format("pass cards {}", pass_words()));
    case phase::discard: return held("discard");
    case phase::exchange:
      // an exchange the bidder may decline: a choice, or a card passed, which agrees
      if (exchange_offer && m.type == move::choice) return m.a == 0 || m.a == 1 ? std::string() : "unknown choice";
      if (exchange_offer && m.type != move::card) return "it is time to choose whether to exchange with partner (`exchange` or `no`), or to pass cards";
      return held("pass cards to partner");
    case phase::play: {
      if (m.type != move::card) return "it is time to play a card";
      std::string not_held = held("play a card");
      return not_held.empty() ? play_refusal_words(*v, refusal(m.a), m.a) : not_held;
    }
  }
  return {};
}

void game_state::apply(const move& m) {
  switch (ph) {
    case phase::bid:
      bids[turn] = {(int8_t)m.a, (int8_t)m.b};
      ++bids_made;
      if (v->bids[m.a].agree && !v->bid_by_team && v->partner[turn] >= 0) {
        // the bid stands once the partner agrees to it
        asking = turn;
        turn = v->partner[turn];
        ph = phase::agree;
        return;
      }
      settle_bid(turn);
      return;
    case phase::agree: {
      const int bidder = asking;
      asking = -1;
      ph = phase::bid;
      if (m.a == 1) { settle_bid(bidder); return; }
      // refused: the bid is withdrawn, and the bidder bids again, that kind closed to it this hand
      refused[bidder] |= uint64_t{1} << bids[bidder].kind;
      bids[bidder] = {};
      --bids_made;
      turn = bidder;
      return;
    }
    case phase::raise:
      // the side's new total: the raise adds to its carrier's number, so that `bid` and team sums read it
      if (m.a >= 0) {
        const int carrier = raise_carrier(turn);
        bids[carrier].n = (int8_t)(bids[carrier].n + m.a - side_bid(turn));
      }
      if (!next_raiser()) advance();
      return;
    case phase::call: {
      if (m.a < 0) {
        if (!next_call_turn()) advance();
        return;
      }
      const call_kind& c = v->calls[m.a];
      if (c.redeal) { throw_in(m.a); return; }
      (call_by_team ? team_calls : player_calls)[turn] |= 1u << m.a;
      if (c.to_kind >= 0) {
        bids[turn] = {(int8_t)c.to_kind, (int8_t)c.to_n};
        bid_converted[turn] = true;
        if (!call_by_team)
          for (int m : v->members[v->team_of[turn]])
            if (covered[m]) bids[m].kind = (int8_t)c.to_kind;
      }
      // the same owner may make a further call; otherwise the next owner's turn
      calls_open = open_calls(turn, call_by_team);
      if (calls_open) return;
      if (!next_call_turn()) advance();
      return;
    }
    case phase::pass:
      hands[turn].remove(m.a);
      passing[turn].add(m.a);
      if (--cards_left == 0) {
        if (++turn == v->seats) turn = 0;
        cards_left = v->course[step].count;
        if (turn == (dealer + 1) % v->seats) { deliver_passes(); advance(); }
      }
      return;
    case phase::discard:
      hands[turn].remove(m.a);
      out_of_play.add(m.a);
      if (--cards_left == 0 && !(v->course[step].extra && next_discarder((turn - dealer - 1 + 2 * v->seats) % v->seats + 1))) advance();
      return;
    case phase::exchange: {
      if (exchange_offer) {
        exchange_offer = false;
        if (m.type == move::card) { apply(m); return; }  // a card passed agrees
        if (m.a != 0) return;  // agreed: the bidder now passes the cards
        exchange_index += 2;   // declined: no card changes hands either way
        if (exchange_index >= exchange_count) { advance(); return; }
        enter_exchange(exchange_index);
        return;
      }
      const auto& e = exchanges[exchange_index];
      hands[e[0]].remove(m.a);
      hands[e[1]].add(m.a);
      if (--exchange_left == 0) {
        if (++exchange_index == exchange_count) { advance(); return; }
        enter_exchange(exchange_index);
      }
      return;
    }
    case phase::draw: {
      const int per_turn = v->course[step].count;
      if (m.a != 0) {  // kept: the turn's other cards are turned up and discarded
        keep_drawn();
        for (; draw_seen < per_turn && stock_top < stock_size; ++draw_seen) out_of_play.add(stock[stock_top++]);
      } else {
        out_of_play.add(drawn);
        drawn = stock[stock_top++];  // there is one: the choice is offered only then
        if (++draw_seen < per_turn && stock_top < stock_size) return;  // another card to keep or discard
        keep_drawn();  // the turn's last card is kept
      }
      turn = (turn + 1) % v->seats;
      if (!next_draw()) advance();
      return;
    }
    case phase::play:
      play_card(m.a);
      return;
    default:
      return;
  }
}

// A bid made (and agreed to, if it needs it): a bid for the side becomes the bid of every other member,
// whose turn is then skipped (number 0 there, so that the side's number counts once); then the next
// bidder's turn, or the end of the bidding.
void game_state::settle_bid(int bidder) {
  cover_side(bidder);
  next_bidder(bidder);
}

void game_state::cover_side(int bidder) {
  const int8_t kind = bids[bidder].kind;  // the kind alone: apply has just stored it apart from the number
  if (v->bid_by_team || !v->bids[kind].side) return;
  for (int m : v->members[v->team_of[bidder]])
    if (m != bidder) {
      bids[m] = {kind, 0};
      covered[m] = true;
    }
}

void game_state::next_bidder(int from) {
  if (v->bid_by_team) {
    if (bids_made == v->bidders()) { advance(); return; }
    // next team in seat order after the current team's first seat
    int first = (dealer + v->bid_start) % v->seats;
    for (int i = 0; i < v->seats; ++i) {
      int t = v->team_of[(first + i) % v->seats];
      if (bids[t].kind < 0) { turn = t; return; }
    }
    return;
  }
  // the next seat clockwise that has not bid (seats covered by a side's bid are passed over)
  for (int i = 1, s = from; i <= v->seats; ++i) {  // from + i, mod seats (from is a seat): no division
    if (++s == v->seats) s = 0;
    if (bids[s].kind < 0 && s != v->dummy) { turn = s; return; }
  }
  advance();
}

// A call that redeals: the cards are thrown in, nothing is scored, and the same dealer deals again (the
// next deal draws the next shuffle). A game thrown in max_redeals_in_row times in a row is stopped.
void game_state::throw_in(int call) {
  ++redeals;
  last_redeal = (int8_t)call;
  if (++redeals_in_row >= max_redeals_in_row) {
    ph = phase::over;
    winner = -1;
    end = game_end::stopped;
    return;
  }
  ph = phase::deal;
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

int game_state::first_holder() {
  for (int c : v->lead_holder)
    for (int s = 0; s < v->seats; ++s)
      if (hands[s].has(c)) {
        opening_card = v->lead_holder_card ? c : -1;
        return s;
      }
  return (dealer + 1) % v->seats;
}

void game_state::start_play() {
  ph = phase::play;
  redeals_in_row = 0;  // this hand is played
  opening_card = -1;
  trick = 0;
  broken = false;
  int n = v->seats;
  int seat = 0;
  switch (v->lead) {
    case lead_start::dealer_left: seat = (dealer + 1) % n; break;
    case lead_start::dealer: seat = dealer; break;
    case lead_start::dealer_right: seat = (dealer + n - 1) % n; break;
    case lead_start::holder: seat = first_holder(); break;
  }
  start_trick(seat);
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

void game_state::check_game_end() {
  const int T = v->teams;
  auto highest = [&](auto in) {  // the single team with the highest score among `in`, or -1 on a tie
    int best = -1; bool tie = false;
    for (int t = 0; t < T; ++t) {
      if (!in(t)) continue;
      if (best < 0 || score[t] > score[best]) { best = t; tie = false; }
      else if (score[t] == score[best]) tie = true;
    }
    return tie ? -1 : best;
  };
  eval_ctx cx{this};
  bool any_win = false, any_lose = false;
  for (int t = 0; t < T; ++t) {
    cx.team = t;
    if (v->win_when >= 0 && eval(*v, v->win_when, cx)) won_flag[t] = 1;
    if (v->lose_when >= 0 && eval(*v, v->lose_when, cx)) lost_flag[t] = 1;
    any_win |= won_flag[t] != 0;
    any_lose |= lost_flag[t] != 0;
  }
  int w = -1;
  game_end how = game_end::none;
  int64_t target = 0;
  if (any_win) {
    how = game_end::win_condition;
    w = highest([&](int t) { return won_flag[t] != 0; });
  } else if (any_lose) {
    how = game_end::lose_condition;
    bool someone_left = false;
    for (int t = 0; t < T; ++t) someone_left |= !lost_flag[t];
    w = highest([&](int t) { return !someone_left || !lost_flag[t]; });
  } else if (overtime) {
    how = game_end::overtime;
    w = highest([](int) { return true; });
  } else if (v->has_target) {
    target = v->target_option >= 0 ? options[v->target_option] : v->target;
    for (int t = 0; t < T && how == game_end::none; ++t)
      if (score[t] >= target) how = game_end::target;
    if (how != game_end::none) w = highest([](int) { return true; });
  }
  if (how != game_end::none && w < 0 && hands_played < v->max_hands) {
    tie_rule tie = tie_rule::another_hand;
    for (const tie_choice& c : v->ties)
      if (eval_cond(*v, c.when, eval_ctx{this})) { tie = c.rule; break; }
    if (tie == tie_rule::next_hand_decides) { overtime = true; how = game_end::none; }
    else if (tie == tie_rule::another_hand) { overtime = false; how = game_end::none; }  // the next hand is no decider
  }
  if (how == game_end::none && hands_played >= v->max_hands) {
    // a stop, not an ending: nobody wins a game its rules did not finish
    how = game_end::stopped;
    w = -1;
  }
  if (how != game_end::none) {
    ph = phase::over;
    winner = w;
    end = how;
    end_target = target;
  } else {
    dealer = ((dealer + v->rotate) % v->seats + v->seats) % v->seats;
    if (dealer == v->dummy) dealer = ((dealer + v->rotate) % v->seats + v->seats) % v->seats;  // the dummy never deals
    ph = phase::deal;
  }
}

std::string game_state::end_reason() const {
  std::string words;
  switch (end) {
    case game_end::none: return {};
    case game_end::stopped:
      if (redeals_in_row >= max_redeals_in_row)
        return fmt::format("stopped: the hand was thrown in {} times in a row ('{}' was called every time), so it could never be played",
                           redeals_in_row, v->calls[last_redeal].words);
      return fmt::format("stopped: the hand limit of {} hands was reached", v->max_hands);
    case game_end::win_condition: words = "a winning condition was met"; break;
    case game_end::lose_condition: words = "a losing condition was met"; break;
    case game_end::overtime: words = "the hand after a tie decided it"; break;
    case game_end::target: words = fmt::format("a score reached {}", end_target); break;
  }
  return winner < 0 ? words + "; the game is drawn" : words;
}

}  // namespace spades
