// Conditions in words (cli/explain_words.hpp). A condition is an and/or/not of comparisons and yes-or-no
// names; a comparison of a name with a number has the name's own phrasing where it has one (tricks, the
// hand, behind, the cards held), else "<what> is <number> or more".
#include "cli/explain_words.hpp"

#include <optional>
#include <utility>

#include <fmt/format.h>

#include "lang/formula_text.hpp"

namespace spades::cli {

namespace {

using lang::scope;

std::string spoken(std::string name) {
  for (char& c : name)
    if (c == '_') c = ' ';
  return name;
}

bool comparison(op o) { return o == op::lt || o == op::le || o == op::gt || o == op::ge || o == op::eq || o == op::ne; }

class words {
 public:
  words(const variant& v, scope sc) : v_(v), sc_(sc) {}

  // The condition at `node`, or (`negated`) its opposite.
  std::string cond(int node, bool negated = false) {
    const expr_node& n = v_.exprs.at(node);
    if (std::optional<bool> k = constant(node)) return *k != negated ? "always" : "never";
    switch (n.o) {
      case op::not_: return cond(n.a, !negated);
      case op::and_:
      case op::or_: {
        // not (A and B) is (not A) or (not B); a side that is always true or never (an option's bid kind
        // left out: 0) leaves the other
        const bool both = (n.o == op::and_) != negated;
        for (auto [side, other] : {std::pair{n.a, n.b}, std::pair{n.b, n.a}})
          if (std::optional<bool> k = constant(side); k && (*k != negated) == both) return cond(other, negated);
        return fmt::format("{} {} {}", part(n.a, negated, both), both ? "and" : "or", part(n.b, negated, both));
      }
      case op::if_: {
        // `if A then B else true` is "not A, or B"; `if A then B else false` is "A and B"
        const std::optional<bool> otherwise = constant(n.c);
        if (otherwise && *otherwise != negated) return fmt::format("{} or {}", part(n.a, true, false), part(n.b, negated, false));
        if (otherwise) return fmt::format("{} and {}", part(n.a, false, true), part(n.b, negated, true));
        return fmt::format("({})", if_chain(n, negated));
      }
      case op::var: return yes_no(n, negated);
      default: break;
    }
    if (comparison(n.o)) return compare(n, negated ? negated_comparison(n.o) : n.o);
    // a number as a condition: true when not 0
    return fmt::format("{} is {}0", noun(node), negated ? "" : "not ");
  }

 private:
  const variant& v_;
  scope sc_;

  // "if A, B; otherwise if C, D; otherwise E": an `else if` goes on in the same brackets.
  std::string if_chain(const expr_node& n, bool negated) {
    const expr_node& rest = v_.exprs.at(n.c);
    const bool chain = rest.o == op::if_ && !constant(rest.c);
    return fmt::format("if {}, {}; otherwise {}", cond(n.a), cond(n.b, negated), chain ? if_chain(rest, negated) : cond(n.c, negated));
  }

  // A literal as a condition: 0 is never, anything else always.
  std::optional<bool> constant(int node) const {
    const expr_node& n = v_.exprs.at(node);
    if (n.o == op::num) return n.value != 0;
    if (n.o == op::var && (n.v == var::team_kind || n.v == var::player_kind) && n.value == 0) return false;  // no kind at all
    return std::nullopt;
  }

  // The connective a condition reads as once its negation is pushed in (`not (A and B)`: or).
  enum class link { none, and_, or_ };
  link connective(int node, bool negated) const {
    const expr_node& n = v_.exprs.at(node);
    if (n.o == op::not_) return connective(n.a, !negated);
    if (n.o == op::and_ || n.o == op::or_) {
      const bool both = (n.o == op::and_) != negated;
      for (auto [side, other] : {std::pair{n.a, n.b}, std::pair{n.b, n.a}})
        if (std::optional<bool> k = constant(side); k && (*k != negated) == both) return connective(other, negated);
      return both ? link::and_ : link::or_;
    }
    if (n.o == op::if_ && !constant(node))
      if (std::optional<bool> otherwise = constant(n.c)) return *otherwise != negated ? link::or_ : link::and_;
    return link::none;
  }

  // A side of an `and` (`or`): bracketed when it is the other of the two, so that the grouping stays.
  std::string part(int node, bool negated, bool in_and) {
    const link c = connective(node, negated);
    const bool mixed = c != link::none && (c == link::and_) != in_and;
    std::string s = cond(node, negated);
    return mixed ? fmt::format("({})", s) : s;
  }

  // Who the formula is about, as its scope has it.
  std::string subject() const {
    switch (sc_) {
      case scope::bidding: return "the bidder";
      case scope::play: return "the player to play";
      case scope::team: return "the team";
      default: return "the player";
    }
  }
  std::string side() const {
    switch (sc_) {
      case scope::bidding: return "the bidder's side";
      case scope::team: return "the team";
      case scope::game: return "a side";
      default: return "the player's side";
    }
  }
  // "the team's bid"; "the bid of the player to play"
  static std::string possessive(const std::string& who, const std::string& what) {
    return who.ends_with(" to play") ? fmt::format("the {} of {}", what, who) : fmt::format("{}'s {}", who, what);
  }

  std::string formula(int node) const { return fmt::format("`{}`", lang::formula_text(v_, node, sc_)); }

  std::string bid_words(int k) const {
    const bid_kind& b = v_.bids.at(k);
    return b.words.empty() ? "a plain number" : b.words;
  }
  std::string kinds(int64_t bits, bool negated) const {
    std::vector<std::string> names;
    for (size_t k = 0; k < v_.bids.size(); ++k)
      if (bits >> k & 1) names.push_back(bid_words((int)k));
    std::string out;
    for (size_t i = 0; i < names.size(); ++i) out += (i ? (negated ? " nor " : " or ") : "") + names[i];
    return (negated ? names.size() > 1 ? "neither " : "not " : "") + out;
  }
  std::string option_name(int64_t i) const { return i >= 0 && i < (int64_t)v_.option_names.size() ? spoken(v_.option_names[i]) : "?"; }
  std::string group(const expr_node& n) const {
    return n.value >= 0 && n.value < (int64_t)v_.text.card_group_texts.size() ? v_.text.card_group_texts[n.value] : "?";
  }

  // A yes-or-no name as a condition.
  std::string yes_no(const expr_node& n, bool no) const {
    const std::string who = n.v == var::team_kind || n.v == var::team_blind || n.v == var::team_call ? (sc_ == scope::player ? "the player's team" : side())
                                                                                                     : subject();
    auto say = [&](const std::string& yes, const std::string& not_) { return no ? not_ : yes; };
    switch (n.v) {
      case var::broken: {
        const std::string trumps = v_.trump_suit >= 0 ? fmt::format("trumps ({})", v_.suit_names.at(v_.trump_suit)) : "trumps";
        return say(trumps + " are broken", trumps + " are not broken");
      }
      case var::first_hand: return say("in the game's first hand", "after the game's first hand");
      case var::leading: return say("the player to play leads the trick", "the player to play does not lead the trick");
      case var::void_led: return say("the player to play holds no card of the suit led", "the player to play holds a card of the suit led");
      case var::led_trump: return say("a trump was led", "no trump was led");
      case var::winning: return say("the card would win the trick as it stands", "the card would not win the trick as it stands");
      case var::dealer: return sc_ == scope::team ? say("the team holds the deal", "the team does not hold the deal") : say(subject() + " is the dealer", subject() + " is not the dealer");
      case var::dealer_left: return say(subject() + " sits at the dealer's left", subject() + " does not sit at the dealer's left");
      case var::dealer_right: return say(subject() + " sits at the dealer's right", subject() + " does not sit at the dealer's right");
      case var::dealer_partner: return say(subject() + " is the dealer's partner", subject() + " is not the dealer's partner");
      case var::partner_bid: return say("the bidder's partner has bid", "the bidder's partner has not bid");
      case var::last_trick: return say("the player won the last trick", "the player did not win the last trick");
      case var::team_blind:
      case var::player_blind: return say(who + " bid blind", who + " did not bid blind");
      case var::team_kind:
      case var::player_kind: return fmt::format("{} is {}", possessive(who, "bid"), kinds(n.value, no));
      case var::partner_kind: return say("partner bid ", "partner did not bid ") + (n.value >= 0 && n.value < (int64_t)v_.bids.size() ? bid_words((int)n.value) : "?");
      case var::team_call:
      case var::player_call: {
        const std::string call = n.value >= 0 && n.value < (int64_t)v_.calls.size() ? v_.calls[n.value].words : "?";
        return say(fmt::format("{} called {}", who, call), fmt::format("{} did not call {}", who, call));
      }
      case var::option: return say(option_name(n.value) + " is on", option_name(n.value) + " is off");
      case var::let: {
        const std::string name = n.value >= 0 && n.value < (int64_t)v_.text.let_names.size() ? spoken(v_.text.let_names[n.value]) : "?";
        return say(name, "not " + name);
      }
      case var::held: return say(fmt::format("{} holds any of {}", subject(), group(n)), fmt::format("{} holds none of {}", subject(), group(n)));
      default: return fmt::format("{} is {}0", noun_of(n), no ? "" : "not ");
    }
  }

  // What a value is, as a noun.
  std::string noun(int node) const {
    const expr_node& n = v_.exprs.at(node);
    if (n.o == op::num) return std::to_string(n.value);
    if (n.o == op::neg && v_.exprs.at(n.a).o == op::num) return std::to_string(-v_.exprs.at(n.a).value);
    if (n.o == op::neg && v_.exprs.at(n.a).o == op::var) return "minus " + noun(n.a);
    if (n.o == op::var) return noun_of(n);
    if (n.o == op::count) return fmt::format("the number of the team's players for whom {}", words(v_, scope::player).cond(n.a));
    return formula(node);
  }

  std::string noun_of(const expr_node& n) const {
    const std::string who = subject();
    switch (n.v) {
      case var::option: return option_name(n.value);
      case var::let: return n.value >= 0 && n.value < (int64_t)v_.text.let_names.size() ? spoken(v_.text.let_names[n.value]) : "?";
      case var::counter: return possessive(side(), "counter " + (n.value >= 0 && n.value < (int64_t)v_.counters.size() ? v_.counters[n.value] : std::string("?")));
      case var::score: return possessive(side(), "score");
      case var::hand: return "the hand's number";
      case var::trick: return "the trick's number";
      case var::team_tricks: return fmt::format("the number of tricks {} took", sc_ == scope::player ? "the player's team" : side());
      case var::player_tricks: return fmt::format("the number of tricks {} took", who);
      case var::team_bid: return fmt::format("the number {} bid", sc_ == scope::player ? "the player's team" : side());
      case var::player_bid: return fmt::format("the number {} bid", who);
      case var::team_bids_made: return "the number of bids made by the bidder's side";
      case var::this_bid: return "the number bid";
      case var::bids_made: return "the number of bids made this hand";
      case var::bids_total: return "the numbers bid so far, added up";
      case var::behind: return fmt::format("how far {} is behind", side());
      case var::team_first_tricks:
      case var::player_first_tricks:
        return fmt::format("the number of the first {} tricks {} took", noun(n.a), n.v == var::team_first_tricks && sc_ == scope::player ? "the player's team" : who);
      case var::held: return fmt::format("the number of cards of {} {} holds", group(n), who);
      case var::dealt: return fmt::format("the number of cards of {} {} was dealt", group(n), who);
      case var::won_cards: return fmt::format("the number of cards of {} in the tricks {} won", group(n), who);
      case var::won_with:
      case var::trumped:
      case var::final_run:
      default: return formula((int)(&n - v_.exprs.data()));
    }
  }

  // "is 3", "is 3 or more" ...: the comparison's words before its right side.
  static std::string relation(op o, const std::string& rhs) {
    switch (o) {
      case op::eq: return "is " + rhs;
      case op::ne: return "is not " + rhs;
      case op::lt: return "is less than " + rhs;
      case op::le: return "is " + rhs + " or less";
      case op::gt: return "is more than " + rhs;
      default: return "is " + rhs + " or more";
    }
  }

  // "at least 10 tricks" ...: a quantity as the object of a verb.
  static std::string relation_after(op o, const std::string& what) {
    switch (o) {
      case op::eq: return what;
      case op::ne: return "other than " + what;
      case op::lt: return "fewer than " + what;
      case op::le: return "at most " + what;
      case op::gt: return "more than " + what;
      default: return "at least " + what;
    }
  }

  std::string compare(const expr_node& n, op o) const {
    const expr_node& l = v_.exprs.at(n.a);
    const expr_node& r = v_.exprs.at(n.b);
    if (l.o == op::var && r.o == op::num) {
      std::string s = named_compare(l, o, r.value);
      if (!s.empty()) return s;
    }
    // the tricks taken, against any number: "the team took 10 tricks or more"
    if (l.o == op::var && (l.v == var::team_tricks || l.v == var::player_tricks)) {
      const std::string who = l.v == var::player_tricks ? subject() : sc_ == scope::player ? "the player's team" : side();
      if (r.o == op::num && r.value == 0 && o == op::gt) return who + " took a trick";
      const std::string many = r.o == op::num && r.value == 1 ? "trick" : "tricks";
      // against its own bid: "the tricks it bid"
      const bool own_bid = r.o == op::var && ((l.v == var::team_tricks && r.v == var::team_bid) || (l.v == var::player_tricks && r.v == var::player_bid));
      return fmt::format("{} took {}", who, relation_after(o, own_bid ? "the tricks it bid" : noun(n.b) + " " + many));
    }
    // of the first n tricks, n: all of them
    if (l.o == op::var && (l.v == var::team_first_tricks || l.v == var::player_first_tricks) && o == op::eq &&
        lang::formula_text(v_, l.a, sc_) == lang::formula_text(v_, n.b, sc_))
      return fmt::format("{} took each of the first {} tricks", l.v == var::team_first_tricks && sc_ == scope::player ? "the player's team" : subject(),
                         noun(n.b));
    return noun(n.a) + " " + relation(o, noun(n.b));
  }

  // Comparisons with their own phrasing: counting tricks and hands from the first, behind, cards held.
  std::string named_compare(const expr_node& l, op o, int64_t k) const {
    if (l.v == var::trick || l.v == var::hand) {
      const char* one = l.v == var::trick ? "trick" : "hand";
      const std::string many = l.v == var::trick ? "tricks" : "hands";
      auto first = [&](int64_t m) { return m == 1 ? fmt::format("in the first {}", one) : fmt::format("in the first {} {}", m, many); };
      switch (o) {
        case op::le: return k >= 1 ? first(k) : "";
        case op::lt: return k >= 2 ? first(k - 1) : "";
        case op::eq: return fmt::format("in {} {}", one, k);
        case op::ne: return fmt::format("in any {} but {} {}", one, one, k);
        case op::ge: return k >= 2 ? fmt::format("from {} {} on", one, k) : "";
        default: return k >= 1 ? fmt::format("after the first {}", k == 1 ? one : fmt::format("{} {}", k, many)) : "";
      }
    }
    if (l.v == var::behind && k > 0) {
      const std::string who = side();
      switch (o) {
        case op::ge: return fmt::format("{} is behind by {} or more", who, k);
        case op::gt: return fmt::format("{} is behind by more than {}", who, k);
        case op::lt: return fmt::format("{} is behind by less than {}, or not behind", who, k);
        case op::le: return fmt::format("{} is behind by {} or less, or not behind", who, k);
        default: return "";
      }
    }
    if (l.v == var::team_bids_made && k == 0 && (o == op::eq || o == op::le)) return "no one on the bidder's side has bid yet";
    if (l.v == var::team_bids_made && k == 0 && (o == op::ne || o == op::gt)) return "someone on the bidder's side has bid";
    if (l.v == var::team_bids_made && k == 1 && o == op::eq) return "one player on the bidder's side has bid";
    if (l.v == var::player_tricks && k == 0 && o == op::eq) return subject() + " took no tricks";
    if (l.v == var::team_tricks && k == 0 && o == op::eq) return (sc_ == scope::player ? "the player's team" : side()) + " took no tricks";
    if (l.v == var::behind && k == 0) {
      const std::string who = side();
      switch (o) {
        case op::lt: return who + " is ahead of every other side";
        case op::le: return who + " is not behind";
        case op::gt: return who + " is behind";
        default: break;
      }
    }
    if (l.v == var::held && k == 1 && o == op::ge) return fmt::format("{} holds any of {}", subject(), group(l));
    if (l.v == var::held && k == 0 && (o == op::gt || o == op::ne)) return fmt::format("{} holds any of {}", subject(), group(l));
    if (l.v == var::held && k == 0 && o == op::eq) return fmt::format("{} holds none of {}", subject(), group(l));
    if (l.v == var::dealt && k == 0 && (o == op::gt || o == op::ne)) return fmt::format("{} was dealt any of {}", subject(), group(l));
    if (l.v == var::dealt && k == 0 && o == op::eq) return fmt::format("{} was dealt none of {}", subject(), group(l));
    return "";
  }
};

}  // namespace

std::string condition_words(const variant& v, int node, lang::scope sc) {
  if (node < 0) return "";
  return words(v, sc).cond(node);
}

}  // namespace spades::cli
