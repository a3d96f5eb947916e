// The rules in sentences for users: why a move is illegal, the words of a refused card, where a pass goes,
// why the game ended, and the names of the phases.
#include <fmt/format.h>

#include "runtime/game.hpp"

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

std::string play_refusal_words(const variant& v, const play_refusal& r, int refused) {
  if (r.rule == play_rule::none) return {};
  if (r.rule == play_rule::opening_card) return fmt::format("the hand must be opened with {}", v.cards[r.card].name);
  if (r.rule == play_rule::follow_suit) return fmt::format("you must follow suit ({})", v.suit_names[r.index]);
  if (r.rule == play_rule::follow_beat) return "you must beat the card winning the trick if you can";
  const play_restriction& f = v.restrictions[r.index];
  if (!f.reason.empty()) return f.reason;
  switch (r.rule) {
    case play_rule::forbid: return fmt::format("leading {} is not allowed now (rule '{}')", v.cards[refused].name, f.name);
    case play_rule::forbid_play:
    case play_rule::refuse: return fmt::format("playing {} is not allowed now (rule '{}')", v.cards[refused].name, f.name);
    default:  // force, force_play, prefer: the card that must be played, or any of the group's
      return r.card >= 0 ? fmt::format("you must play {} (rule '{}')", v.cards[r.card].name, f.name)
                         : fmt::format("you must play a card of {} (rule '{}')", f.group, f.name);
  }
}

// A blind bid refused to a bidder that has looked at its cards (a team bidding as one: a member has).
static std::string looked_refusal(const game_state& st, const bid_kind& k) {
  const variant& v = *st.v;
  return fmt::format("{} is not allowed now: {} has looked at {} cards, and a blind bid is made before looking", k.words.empty() ? k.name : k.words,
                     v.bid_by_team ? v.team_names[st.turn] : v.seat_names[st.turn], v.bid_by_team ? "their" : "its");
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
      if (k.blind && bidder_looked(turn)) return looked_refusal(*this, k);
      // a plain number is said as the player said it ("a bid of 3"), never by the kind's name in the file
      const std::string words = k.words.empty() ? fmt::format("a bid of {}", m.b) : k.words;
      if (const char* closed = bid_closed(m.a, turn)) return fmt::format("{} is not allowed now: {}", words, closed);
      if (!bid_allowed(m.a, m.b, turn)) {
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
