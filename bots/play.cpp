// Card play, draws and discards (bots/play.hpp): wins cheaply, ducks when it cannot win or a trick only
// costs, protects a partner's nil and keeps its own, presses an opponent's, wins the tricks a call needs.
#include "bots/play.hpp"

#include <algorithm>

#include "bots/bot.hpp"
#include "bots/outcome.hpp"
#include "bots/rank.hpp"

namespace spades::bot_detail {

namespace {

// The strongest card of its suit still out (not played, in no hand but possibly `hand`).
bool is_top(const game_state& st, int c, card_set unplayed) { return (unplayed & st.v->above_mask[c]).empty(); }

// Cards of c's suit that others still hold, above c (twice) and level with it (once: with two packs an
// identical card may come later or earlier): those above, then those not below. `others` are the unplayed
// cards not in the seat's hand.
int above_count(const variant& v, int c, card_set others) {
  const int above = (others & v.above_mask[c]).count();
  return above + (others & v.follow_mask[v.follow_suit[c]] & ~v.below_mask[c]).count();
}
int below_count(const variant& v, int c, card_set others) { return (others & v.below_mask[c]).count(); }

// For a seat playing to take no trick: the card of `cards` most likely to win a trick later, to be shed
// while it safely can: the fewest cards still out above it in its suit, then the highest.
int most_dangerous(const variant& v, card_set cards, card_set others) {
  int best = -1, best_above = 0;
  cards.for_each([&](int c) {
    int a = above_count(v, c, others);
    if (best < 0 || a < best_above || (a == best_above && value(v, c) > value(v, best))) {
      best = c;
      best_above = a;
    }
  });
  return best;
}

// For a seat playing to take no trick, the lead: the card others are likeliest to play over, the one
// with the most cards out above it and the fewest below it; a side suit before trumps on a tie.
int safest_lead(const variant& v, card_set legal, card_set others) {
  int best = -1, best_score = 0;
  legal.for_each([&](int c) {
    int above = above_count(v, c, others);
    int score = above == 0 ? -1000 : 2 * above - below_count(v, c, others);
    if (best < 0 || score > best_score || (score == best_score && value(v, c) < value(v, best))) {
      best = c;
      best_score = score;
    }
  });
  return best;
}

// For the partner of a seat playing to take no trick, the lead: the card with the fewest cards out above
// it (the partner can stay under it), trumps first on a tie (drawing them spares the partner a forced
// ruff later), then from the longest suit (the partner is likelier short in it), then the highest.
int covering_lead(const variant& v, card_set legal, card_set hand, card_set others) {
  int best = -1;
  std::array<int, 4> best_key{};
  legal.for_each([&](int c) {
    std::array<int, 4> key{-above_count(v, c, others), v.trump.has(c) ? 1 : 0, (hand & v.follow_mask[v.follow_suit[c]]).count(), value(v, c)};
    if (best < 0 || key > best_key) {
      best = c;
      best_key = key;
    }
  });
  return best;
}

// For a side trying to make a seat take a trick it does not want, the lead: the card the fewest cards out
// lie under (the nil seat cannot play below it), from a side suit when it can; the lowest on a tie.
int pressing_lead(const variant& v, card_set legal, card_set others) {
  card_set side = legal & ~v.trump;
  card_set pool = side.empty() ? legal : side;
  int best = -1, best_below = 0;
  pool.for_each([&](int c) {
    int b = below_count(v, c, others);
    if (best < 0 || b < best_below || (b == best_below && value(v, c) < value(v, best))) {
      best = c;
      best_below = b;
    }
  });
  return best;
}


}  // namespace

static move bot_lead(const game_state& st, card_set legal, card_set unplayed, card_set others, bool i_nil, bool partner_nil,
                     bool need, bool press) {
  const variant& v = *st.v;
  if (i_nil) return move::make_card(safest_lead(v, legal, others));
  // a side that must win this trick leads its surest card, trumps included
  if (need) {
    int top = -1;
    legal.for_each([&](int c) { if (is_top(st, c, unplayed) && (top < 0 || value(v, c) > value(v, top))) top = c; });
    if (top >= 0) return move::make_card(top);
  }
  // against a seat playing to take nothing: a low card it cannot stay under
  if (press) return move::make_card(pressing_lead(v, legal, others));
  // for a partner playing to take nothing: the card it is least likely to have to beat
  if (partner_nil) return move::make_card(covering_lead(v, legal, st.hands[st.turn], others));
  card_set side = legal & ~v.trump;
  int top = -1;
  side.for_each([&](int c) { if (top < 0 && is_top(st, c, unplayed)) top = c; });
  if (top >= 0) return move::make_card(top);
  if (partner_nil || need) return move::make_card(highest(v, side.empty() ? legal : side));
  return move::make_card(lowest(v, side.empty() ? legal : side));
}

namespace {

// Is `seat` still to play to the trick in play?
bool still_to_play(const game_state& st, int seat) {
  return seat >= 0 && (seat - st.leader + st.v->seats) % st.v->seats > st.played;
}

// An opponent of the seat's side playing to take no trick and none taken yet (the first found), whose
// failure the scoring rewards (its first trick costs its side more than a trick is worth); -1 if none.
int zero_opponent(bot_context& cx, const game_state& st, int self, const std::array<int, max_seats>& taken) {
  const variant& v = *st.v;
  for (int s = 0; s < v.seats; ++s)
    if (s != v.dummy && v.team_of[s] >= 0 && v.team_of[s] != v.team_of[self] && taken[s] == 0 && bid_zero(cx, st, s)) return s;
  return -1;
}

}  // namespace

namespace {

// What the seat to play aims at in this trick, read before it chooses a card.
struct aims {
  int me = -1, self = -1, partner = -1;
  card_set legal, unplayed, others;  // the seat's legal cards; the cards still out (its own included); less its own
  std::array<int, max_seats> taken{};  // tricks that count for each seat's score so far (the dummy's for its controller)
  bool i_nil = false, partner_nil = false, need = false, cover = false;
  int zero_opp = -1;  // an opponent's nil the seat presses, or -1
};

// The nils in play, the trick the side must win, and the cards still out.
aims read_aims(bot_context& cx, const game_state& st, card_set legal) {
  const variant& v = *st.v;
  aims a;
  a.me = st.turn;
  a.legal = legal;
  // the dummy is played with its controller's aims; the two hands are partners, one scorer
  a.self = scorer_of(st, a.me);
  a.partner = st.partner_in_hand(a.me);
  for (int s = 0; s < v.seats; ++s) a.taken[s] = st.tricks_won[s] + (v.dummy >= 0 && s == st.controller ? st.tricks_won[v.dummy] : 0);
  // a nil already taken is no longer played for: the seat helps its side instead
  a.i_nil = a.self >= 0 && a.taken[a.self] == 0 && bid_zero(cx, st, a.self);
  a.partner_nil = a.partner >= 0 && scorer_of(st, a.partner) != a.self && a.taken[a.partner] == 0 && bid_zero(cx, st, a.partner);
  a.need = !a.i_nil && a.self >= 0 && trick_needed(cx, st, a.self);
  // a side whose next trick only costs it ducks like a nil, unless a nil partner needs covering in this
  // trick (it is still to play, or it is winning)
  a.cover = a.partner_nil && (st.played == 0 || st.win_seat == a.partner || still_to_play(st, a.partner));
  for (int s = 0; s < v.seats; ++s) a.unplayed |= st.hands[s];
  // the cards discarded face down in a draw are not known to be out: any of them may still be held
  if (v.leftover == leftover_rule::stock) a.unplayed |= st.out_of_play;
  a.others = a.unplayed & ~st.hands[a.me];
  return a;
}

// Where one more trick costs the side, a partner still to play under an opponent's winning card is covered
// only if that is worth the trick (cover_worth).
void weigh_cover(bot_context& cx, const game_state& st, aims& a) {
  if (a.cover && st.played > 0 && st.win_seat != a.partner && a.self == a.me) {
    const int later = sure_later(st, st.hands[a.me], a.others);
    const double cost = trick_cost(cx, st, a.self, later);
    if (cost > 0.5 && !cover_worth(cx, st, a.self, a.partner, later, a.others, cost)) a.cover = false;
  }
}

// The trumps no one can beat take their tricks later whatever the seat does now: a trick now is unwanted
// too when it and those would take the side past the count that pays, by more than the trick left to an
// opponent with no room to spare may be worth to it (the step that makes its contract). So is a trick that
// can only cost later, the side's count (with those trumps) scoring as much as any count it may still
// reach, unless an opponent with no room to spare needs the trick. The seat then ducks as a nil does.
void shun_costly_trick(bot_context& cx, const game_state& st, aims& a) {
  if (a.i_nil || a.need || a.cover || a.self < 0) return;
  if (trick_unwanted(cx, st, a.self)) {
    a.i_nil = true;
    return;
  }
  const int later = sure_later(st, st.hands[a.me], a.others);
  const double cost = later > 0 ? trick_cost(cx, st, a.self, later) : 0;
  const double stake = opponents_stake(cx, st, a.self, later);
  a.i_nil = (cost > 0.5 && cost > stake) || risk_ahead(cx, st, a.self, later) > std::max(0.5, stake);
}

// An opponent's nil is pressed by a side with no nil of its own to cover, unless the side needs every trick
// left for its contract (pressing only once the contract was made or out of reach let more nils be made).
// With more than two sides, only once the contract is made or out of reach: the nil's loss is not all ours
// to gain, and with every side pressing, games ran far longer.
void choose_nil_to_press(bot_context& cx, const game_state& st, aims& a) {
  const variant& v = *st.v;
  a.zero_opp = !a.i_nil && !a.need && !a.partner_nil && a.self >= 0 ? zero_opponent(cx, st, a.self, a.taken) : -1;
  if (a.zero_opp >= 0) {
    const int short_by = tricks_short(cx, st, a.self), left = v.tricks_per_hand - st.trick;
    if (short_by > 0 && (v.teams == 2 ? short_by == left : short_by <= left)) a.zero_opp = -1;
  }
}

// Playing to take no trick, following: under the winning card the most dangerous card that stays under
// (following, the highest). Void in the suit led, with trumps a third of the hand or more, a trump that
// stays under goes first, since a hand left with nothing but trumps must ruff whatever it cannot follow.
int duck(const game_state& st, const aims& a, card_set winners, card_set losers, bool last) {
  const variant& v = *st.v;
  const card_set mine = st.hands[a.me], trumps_under = losers & v.trump;
  if (!trumps_under.empty() && (a.legal & st.led_mask).empty() && 3 * (mine & v.trump).count() >= mine.count())
    return most_dangerous(v, trumps_under, a.others);
  if (!losers.empty()) return most_dangerous(v, losers, a.others);
  // forced to win for now: the lowest card leaves the most room for a later player to overtake it;
  // last to play, the trick is lost anyway and the most dangerous card goes
  return last ? most_dangerous(v, winners, a.others) : lowest(v, winners);
}

// With two sides, an opponent's nil that has the trick, with no partner of it still to take it over, is left
// there even by a side still short of its contract, when the trick costs the nil's side more (asked of the
// scoring) than the step to our contract is worth; unless our own nil still needs covering in this trick.
// (With more sides the nil's loss is not all ours to gain.)
bool leave_to_opponents_nil(bot_context& cx, const game_state& st, const aims& a, card_set losers) {
  const variant& v = *st.v;
  if (!(v.teams == 2 && !a.i_nil && !a.need && !a.cover && a.self >= 0 && a.zero_opp < 0 && !losers.empty() && st.win_seat >= 0 &&
        st.win_seat != v.dummy && v.team_of[st.win_seat] >= 0 && v.team_of[st.win_seat] != v.team_of[a.self] &&
        a.taken[st.win_seat] == 0 && bid_zero(cx, st, st.win_seat)))
    return false;
  bool overtaken = false;
  for (int s = 0; s < v.seats; ++s) overtaken |= s != st.win_seat && v.team_of[s] == v.team_of[st.win_seat] && still_to_play(st, s);
  double step = 0;
  const int short_by = tricks_short(cx, st, a.self, &step), left = v.tricks_per_hand - st.trick;
  const auto* theirs = scores_by_count(cx, st, st.win_seat);
  const double loss = theirs ? (*theirs)[0] - (*theirs)[1] : 0;
  return !overtaken && (short_by <= 0 || short_by > left || loss > step);
}

// The card played to a trick already led, by the aims read.
int follow(bot_context& cx, const game_state& st, const aims& a) {
  const variant& v = *st.v;
  card_set winners, losers;
  a.legal.for_each([&](int c) { (beats(v, c, st.win_card) ? winners : losers).add(c); });
  bool last = st.played == v.seats - 1;
  if (a.i_nil) return duck(st, a, winners, losers, last);
  bool partner_winning = a.partner >= 0 && st.win_seat == a.partner;
  if (a.partner_nil && partner_winning && !winners.empty()) return lowest(v, winners);
  // a nil partner still to play is covered: the higher the card it must stay under, the safer; a card
  // no one can beat in its suit already covers it
  bool partner_to_play = still_to_play(st, a.partner);
  if (a.partner_nil && a.cover && partner_to_play && !winners.empty()) {
    bool covered = !v.trump.has(st.win_card) && is_top(st, st.win_card, a.unplayed | card_set::of(st.win_card));
    if (!covered) return highest(v, winners);
  }
  if (leave_to_opponents_nil(cx, st, a, losers)) return highest(v, losers);
  if (a.zero_opp >= 0) {
    // the opponent's nil has the trick: leave it there
    if (st.win_seat == a.zero_opp && !losers.empty()) return highest(v, losers);
    // the nil still to play must stay under the winning card: do not raise it
    if (still_to_play(st, a.zero_opp) && !losers.empty() && !partner_winning) return lowest(v, losers);
  }
  if (partner_winning && !a.partner_nil) {
    // safe: no card another seat may hold beats it in its suit (the seat's own higher cards stay home)
    bool safe = last || is_top(st, st.win_card, a.others | card_set::of(st.win_card));
    if (safe || winners.empty()) return lowest(v, losers.empty() ? a.legal : losers);
  }
  if (!winners.empty()) {
    // in last position win as cheaply as possible; earlier, with a card likely to hold (a ruff: the
    // cheapest trump that wins, unless the trick must be won)
    int cheap = lowest(v, winners);
    int high = highest(v, winners);
    bool ruff = v.trump.has(cheap) && !v.trump.has(st.trick_cards[0]);
    if (a.need && !last) return high;
    if (last || ruff) return cheap;
    if (is_top(st, high, a.unplayed)) return high;
    return cheap;
  }
  return lowest(v, a.legal);
}

}  // namespace

move bot_play(bot_context& cx, const game_state& st) {
  const card_set legal = st.legal_cards();
  if (legal.count() == 1) return move::make_card(legal.first());
  aims a = read_aims(cx, st, legal);
  weigh_cover(cx, st, a);
  shun_costly_trick(cx, st, a);
  choose_nil_to_press(cx, st, a);
  if (st.played == 0) return bot_lead(st, a.legal, a.unplayed, a.others, a.i_nil, a.partner_nil, a.need, a.zero_opp >= 0);
  return move::make_card(follow(cx, st, a));
}

// The card drawn from the stock is kept when it adds to the hand's estimated tricks at least what a card
// of the stock adds on average: discarding it brings the next card, which the bot does not look at, so
// that card is valued as any card the drawer has not seen may be (a dozen of them, taken evenly).
move draw_choice(const game_state& st) {
  const variant& v = *st.v;
  const card_set hand = st.hands[st.turn];
  const double base = value_hand(v, hand, st.turn).tricks;
  const double kept = value_hand(v, hand | card_set::of(st.drawn), st.turn).tricks - base;
  const card_set unseen = v.deck & ~hand & ~card_set::of(st.drawn);
  const int n = unseen.count();
  if (n == 0) return move::make_choice(1);
  const int samples = std::min(n, 12);
  double other = 0;
  for (int i = 0; i < samples; ++i)
    other += value_hand(v, hand | card_set::of(unseen.nth(i * n / samples)), st.turn).tricks - base;
  return move::make_choice(kept >= other / samples ? 1 : 0);
}

// Before the bidding, a call that throws the hand in (a misdeal): made when open and the hand is weak,

// The lowest card outside trumps (the lowest trump when there is none): what a seat keeping its strength gives up.
int lowest_side(const variant& v, card_set h) {
  card_set side = h & ~v.trump;
  return lowest(v, side.empty() ? h : side);
}

namespace {

// What a seat keeping its strength drops after the bidding: the lowest card of its shortest side suit,
// short suits becoming voids it can ruff, never a card no other seat's card beats in its suit (a sure trick);
// with no such card, the lowest outside trumps. (Dropping the lowest side cards, the kitty holder of a
// 54-card deal kept its suits as long as it was dealt them, and was set more often.)
int shortening_discard(const variant& v, card_set h) {
  const card_set side = h & ~v.trump;
  int best = -1, best_len = 0;
  side.for_each([&](int c) {
    if (above_count(v, c, v.deck & ~h) == 0) return;
    const int len = (side & v.follow_mask[v.follow_suit[c]]).count();
    if (best < 0 || len < best_len || (len == best_len && value(v, c) < value(v, best))) {
      best = c;
      best_len = len;
    }
  });
  return best >= 0 ? best : lowest_side(v, h);
}

}  // namespace

// A card given in an exchange with partner.
move exchange_card(bot_context& cx, const game_state& st) {
  const variant& v = *st.v;
  // an exchange the bidder may decline is taken: it sheds the nil bidder's highest cards
  if (st.exchange_offer) return move::make_choice(1);
  // the nil side passes its highest cards; the partner returns its lowest. When the partner plays to
  // take nothing too, each keeps its own danger: its highest cards would only make the partner's
  // nothing as hard as they made its own (both passing them, the naughts of a double naught were made far
  // less often than their bidders expected before the exchange)
  int from = st.turn;
  bool zero = bid_zero(cx, st, from);
  bool mate_zero = false;
  if (zero && v.team_of[from] >= 0)
    for (int m : v.members[v.team_of[from]]) mate_zero |= m != from && bid_zero(cx, st, m);
  card_set h = st.hands[from];
  return move::make_card(zero && !mate_zero ? highest(v, h) : lowest(v, h));
}

// A card discarded.
move discard_card(bot_context& cx, const game_state& st) {
  const variant& v = *st.v;
  // after the bidding a seat playing to take nothing drops the cards likeliest to win a trick
  card_set h = st.hands[st.turn];
  if (st.bids[st.turn].kind >= 0 && bid_zero(cx, st, st.turn)) return move::make_card(most_dangerous(v, h, v.deck & ~h));
  // before the bidding the lowest side cards (shortening there raised sets)
  if (st.bids[st.turn].kind < 0) return move::make_card(lowest_side(v, h));
  return move::make_card(shortening_discard(v, h));
}

}  // namespace spades::bot_detail
