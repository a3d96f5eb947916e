// The course of a hand: a new game, the deal, and the walk through the variant's course (advance and the
// start function of each kind of step), the end of a hand (the game over or the next deal).
//
// A hand walks the variant's course, its compiled table of steps (variant::course): the deal (the chance
// step) first, the play of the tricks last. Each kind of step has a start function that says whether the
// step waits for decisions; one with nothing to do, or whose condition does not hold, is passed over.
// The decisions' transitions are in transitions.cpp, what is legal in legality.cpp, the random playouts
// and the play of a card in playouts.cpp, the sentences for users in rule_text.cpp.
#include "runtime/game.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "runtime/expr.hpp"

namespace spades {

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
  // the deck is always the ids 0..n-1 (lang/elaborate_cards.cpp numbers the cards left after `remove` so)
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
  looked = {};
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
  if (s.taker == taker_rule::side_bidding_more) return take_by_bids(s.one_each);
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

// The kitty's cards in the order they are handed out: by face, as the first copy of each lies in the deck. With
// two packs the copies are interchangeable, and a record names a card, not its copy: handing the kitty out in
// id order would depend on which copy was dealt where, so a game read back from its record could go differently.
// With one pack this is the id order.
static std::vector<int> kitty_in_face_order(const variant& v, card_set kitty) {
  std::vector<std::pair<int, int>> keyed;  // (the first id with the card's name, the id)
  kitty.for_each([&](int c) {
    int first = 0;
    if (v.cards[c].pack == 0) first = c;
    else
      while (v.cards[first].name != v.cards[c].name) ++first;
    keyed.push_back({first, c});
  });
  std::sort(keyed.begin(), keyed.end());
  std::vector<int> ids;
  for (auto [key, c] : keyed) ids.push_back(c);
  return ids;
}

// The kitty to the side whose bids add up to the most (see taker_rule), a card at a time. `one_each`: a side
// alone on top shares them, its member who bid the most first, then the others in bidding order.
bool game_state::take_by_bids(bool one_each) {
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
  if (one_each && std::count_if(order.begin(), order.begin() + teams, [&](int t) { return total[t] == best; }) == 1) {
    int t = 0;
    while (total[order[t]] != best) ++t;
    std::array<int, max_seats> share{};  // the side's members from its top bidder on, in bidding order
    int n = 0, from = 0;
    for (int i = 0; i < v->seats; ++i)
      if (const int p = (first + i) % v->seats; v->team_of[p] == order[t]) {
        if (p == taker[order[t]]) from = n;
        share[n++] = p;
      }
    int k = 0;
    for (int c : kitty_in_face_order(*v, out_of_play)) hands[share[(from + k++) % n]].add(c);
    kitty_taker = taker[order[t]];
    out_of_play = {};
    return false;
  }
  for (int c : kitty_in_face_order(*v, out_of_play)) {
    while (total[order[next]] != best) next = (next + 1) % teams;
    hands[taker[order[next]]].add(c);
    kitty_taker = taker[order[next]];
    next = (next + 1) % teams;
  }
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
  looked.fill(true);  // no card is played blind: a seat that bid blind looks now
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

[[gnu::always_inline]] inline void game_state::end_conditions_in(std::array<uint8_t, max_teams>& won, std::array<uint8_t, max_teams>& lost, const hand_facts* f) const {
  eval_ctx cx{this};
  cx.facts = f;
  for (int t = 0; t < v->teams; ++t) {
    cx.team = t;
    if (v->win_when >= 0 && eval(*v, v->win_when, cx)) won[t] = 1;
    if (v->lose_when >= 0 && eval(*v, v->lose_when, cx)) lost[t] = 1;
  }
}

[[gnu::always_inline]] inline game_verdict game_state::decide_end_in(const std::array<int64_t, max_teams>& after, const std::array<uint8_t, max_teams>& won,
                                    const std::array<uint8_t, max_teams>& lost, int played, const hand_facts* f) const {
  const int T = v->teams;
  auto highest = [&](auto in) {  // the single team with the highest score among `in`, or -1 on a tie
    int best = -1; bool tie = false;
    for (int t = 0; t < T; ++t) {
      if (!in(t)) continue;
      if (best < 0 || after[t] > after[best]) { best = t; tie = false; }
      else if (after[t] == after[best]) tie = true;
    }
    return tie ? -1 : best;
  };
  bool any_win = false, any_lose = false;
  for (int t = 0; t < T; ++t) {
    any_win |= won[t] != 0;
    any_lose |= lost[t] != 0;
  }
  game_verdict d;
  d.overtime = overtime;
  if (any_win) {
    d.end = game_end::win_condition;
    d.winner = highest([&](int t) { return won[t] != 0; });
  } else if (any_lose) {
    d.end = game_end::lose_condition;
    bool someone_left = false;
    for (int t = 0; t < T; ++t) someone_left |= !lost[t];
    d.winner = highest([&](int t) { return !someone_left || !lost[t]; });
  } else if (overtime) {
    d.end = game_end::overtime;
    d.winner = highest([](int) { return true; });
  } else if (v->has_target) {
    d.target = v->target_option >= 0 ? options[v->target_option] : v->target;
    for (int t = 0; t < T && d.end == game_end::none; ++t)
      if (after[t] >= d.target) d.end = game_end::target;
    if (d.end != game_end::none) d.winner = highest([](int) { return true; });
  }
  if (d.end != game_end::none && d.winner < 0 && played < v->max_hands) {
    tie_rule tie = tie_rule::another_hand;
    eval_ctx cx{this};
    cx.facts = f;
    for (const tie_choice& c : v->ties)
      if (eval_cond(*v, c.when, cx)) { tie = c.rule; break; }
    if (tie == tie_rule::next_hand_decides) { d.overtime = true; d.end = game_end::none; }
    else if (tie == tie_rule::another_hand) { d.overtime = false; d.end = game_end::none; }  // the next hand is no decider
  }
  if (d.end == game_end::none && played >= v->max_hands) {
    // a stop, not an ending: nobody wins a game its rules did not finish
    d.end = game_end::stopped;
    d.winner = -1;
  }
  return d;
}

void game_state::end_conditions(std::array<uint8_t, max_teams>& won, std::array<uint8_t, max_teams>& lost, const hand_facts* f) const {
  end_conditions_in(won, lost, f);
}

game_verdict game_state::decide_end(const std::array<int64_t, max_teams>& after, const std::array<uint8_t, max_teams>& won,
                                    const std::array<uint8_t, max_teams>& lost, int played, const hand_facts* f) const {
  return decide_end_in(after, won, lost, played, f);
}

// Once a hand, and once a guess of the bots: the decision's steps inlined here.
void game_state::check_game_end() {
  end_conditions_in(won_flag, lost_flag, nullptr);
  const game_verdict d = decide_end_in(score, won_flag, lost_flag, hands_played, nullptr);
  overtime = d.overtime;
  if (d.end != game_end::none) {
    ph = phase::over;
    winner = d.winner;
    end = d.end;
    end_target = d.target;
  } else {
    dealer = ((dealer + v->rotate) % v->seats + v->seats) % v->seats;
    if (dealer == v->dummy) dealer = ((dealer + v->rotate) % v->seats + v->seats) % v->seats;  // the dummy never deals
    ph = phase::deal;
  }
}

}  // namespace spades
