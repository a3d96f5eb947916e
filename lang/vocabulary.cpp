// The vocabulary table. spec/language.md's "Built-in names" table states the same rows; a unit test
// (tests/vocabulary_test.cpp) fails when the two disagree.
#include "lang/vocabulary.hpp"

#include <algorithm>
#include <array>

namespace spades::lang {

namespace {

constexpr uint8_t g = bit(scope::game), b = bit(scope::bidding), p = bit(scope::play), t = bit(scope::team),
                  pl = bit(scope::player);
constexpr uint8_t not_game = b | p | t | pl, stated = b | t | pl;

constexpr builtin variable(std::string_view n, uint8_t sc, var other, var player, std::string_view meaning) {
  return {builtin::variable, n, sc, other, player, 0, {}, meaning};
}
constexpr builtin variable(std::string_view n, uint8_t sc, var v, std::string_view meaning) { return variable(n, sc, v, v, meaning); }
constexpr builtin klass(std::string_view n, declared_kind c, uint8_t sc, var other, var player, std::string_view meaning) {
  return {builtin::name_class, n, sc, other, player, 0, {}, meaning, c};
}
constexpr builtin function(std::string_view n, uint8_t sc, int arity, std::string_view misplaced, std::string_view meaning) {
  return {builtin::function, n, sc, var::option, var::option, arity, misplaced, meaning};
}

// Lookup order matters where a declared name could also be a built-in one: it is the order names have
// always been looked up in (after `let` values).
constexpr std::array rows{
    klass("option names", declared_kind::option, all_scopes, var::option, var::option, "the option's value for this game"),
    variable("hand", all_scopes, var::hand, "number of the current hand of the game, from 1"),
    variable("first_hand", all_scopes, var::first_hand, "1 in the game's first hand, else 0"),
    klass("counter names", declared_kind::counter, not_game, var::counter, var::counter, "the team's counter"),
    variable("score", not_game, var::score, "the team's score before this hand"),
    variable("behind", not_game, var::behind, "the highest score of the other teams minus this team's score"),
    variable("broken", p, var::broken, "1 once trumps are broken this hand"),
    variable("trick", p, var::trick, "number of the trick about to be led, from 1"),
    variable("leading", p, var::leading, "1 when the player to play leads the trick"),
    variable("void_led", p, var::void_led, "1 when a card was led and the player to play holds none of its suit"),
    variable("led_trump", p, var::led_trump, "1 when the card led to this trick is a trump; 0 at the lead itself, before anything is led"),
    variable("winning", p, var::winning, "1 when the card in question would win the trick as it stands (every card at a lead)"),
    variable("leader", p, var::leader, "1 when the player to play leads this trick, or led it"),
    variable("leader_side", p, var::leader_side, "1 when the player to play is on the side of the trick's leader (the leader too)"),
    variable("dealer", not_game, var::dealer, "1 when the seat in scope is this hand's dealer (a team: holds the deal)"),
    variable("dealer_left", not_game, var::dealer_left, "1 when the seat in scope sits at the dealer's left (a team: a member does)"),
    variable("dealer_right", not_game, var::dealer_right, "1 when the seat in scope sits at the dealer's right (a team: a member does)"),
    variable("dealer_partner", not_game, var::dealer_partner, "1 when the seat in scope is the dealer's partner (a team: a member is)"),
    variable("team_bids_made", b, var::team_bids_made, "how many members of the bidder's team have bid"),
    variable("partner_bid", b, var::partner_bid, "1 if the bidder's partner has bid"),
    variable("this_bid", b, var::this_bid, "the number of the bid being checked"),
    variable("bids_made", b, var::bids_made, "how many bids have been made this hand"),
    variable("bids_total", b, var::bids_total, "the sum of the numbers bid so far this hand"),
    variable("tricks", t | pl, var::team_tricks, var::player_tricks, "tricks won this hand: the team's, or the player's"),
    variable("bid", stated, var::team_bid, var::player_bid, "the number bid: the team's, or the player's"),
    variable("last_trick", pl, var::last_trick, "1 if the player won the hand's last trick"),
    klass("call names", declared_kind::call, stated, var::team_call, var::player_call, "1 if the announcement or conversion was made"),
    variable("blind", stated, var::team_blind, var::player_blind, "1 if a blind kind was bid"),
    variable("team_tricks", pl, var::team_tricks, "the player's team's tricks"),
    variable("team_bid", pl, var::team_bid, "the player's team's bid"),
    klass("bid kind names", declared_kind::bid_kind, stated | p, var::team_kind, var::player_kind, "1 if the bid is of that kind"),
    function("min", all_scopes, 2, {}, "the smaller of two values"),
    function("max", all_scopes, 2, {}, "the larger of two values"),
    function("abs", all_scopes, 1, {}, "absolute value"),
    function("sum", t, 1, "{}() adds up a team's players: use it in a team rule", "e for each member of the team, added up"),
    function("count", t, 1, "{}() adds up a team's players: use it in a team rule", "the number of members for whom e is non-zero"),
    function("first_tricks", t | pl, 1, "first_tricks() reads the tricks of a played hand: use it in a scoring rule",
             "of the hand's first n tricks, how many the team or the player won"),
    function("held", b | p | t | pl, 1, "{}() reads the cards of a player or team: use it in a bid, announcement or play condition or a scoring rule",
             "how many cards of the group the player (team: its members) holds now"),
    function("dealt", b | p | t | pl, 1, "{}() reads the cards of a player or team: use it in a bid, announcement or play condition or a scoring rule",
             "how many cards of the group the player (team) was dealt"),
    function("won", p | t | pl, 1, "{}() reads the tricks won: use it in a play condition or a scoring rule",
             "how many cards of the group are in the tricks the player (team) won this hand"),
    function("won_with", p | t | pl, 1, "{}() reads the tricks won: use it in a play condition or a scoring rule",
             "tricks the player (team) won with a card of the group; with k, 1 if trick k was"),
    function("trumped", p | t | pl, 1, "{}() reads the tricks won: use it in a play condition or a scoring rule",
             "as won_with(), counting only tricks won by trumping"),
    function("final_run", p | t | pl, 1, "{}() reads the tricks won: use it in a play condition or a scoring rule",
             "the unbroken run of final tricks the player (team) won with a card of the group"),
    function("led_is", p, 1, "{}() reads the card led to the trick: use it in a play condition",
             "1 when the card led to this trick is one of the group (0 at a lead)"),
    function("partner_bid_is", b | pl, 1, "partner_bid_is() looks at a player's partner: use it in a bid's condition or a player rule",
             "1 if the partner's bid is of kind BID"),
};

constexpr std::array<std::string_view, 9> plain_keywords{"and", "or", "not", "if", "then", "else", "true", "false", "when"};

constexpr std::array roles{
    counter_role{"bags", "overtricks carried from hand to hand; the `bags` field of test hands reads this counter", &variant::bags_counter},
};

}  // namespace

std::span<const builtin> builtins() { return rows; }

const builtin& class_row(declared_kind c) {
  for (const builtin& r : rows)
    if (r.kind == builtin::name_class && r.declared == c) return r;
  return rows[0];
}

const builtin* find_builtin(std::string_view name) {
  for (const builtin& r : rows)
    if (r.kind != builtin::name_class && r.name == name) return &r;
  return nullptr;
}

std::string_view scope_title(scope s) {
  static constexpr std::array<std::string_view, scope_count> titles{
      "a game condition (`skip when`, `tie when`, a step's `when`)", "a bid's `allow when` condition", "a play condition", "a team rule or end condition", "a player rule"};
  return titles[int(s)];
}

std::string where_known(uint8_t scopes) {
  std::vector<std::string_view> parts;
  if (scopes & g) parts.push_back("`skip when` and `tie when` conditions");
  if (scopes & b) parts.push_back("bid and announcement conditions");
  if (scopes & p) parts.push_back("play conditions");
  if ((scopes & t) && (scopes & pl)) parts.push_back("scoring rules and end conditions");
  else if (scopes & t) parts.push_back("team rules and end conditions");
  else if (scopes & pl) parts.push_back("player rules");
  std::string out = "it is known only in ";
  for (size_t i = 0; i < parts.size(); ++i) (out += i ? ", " : "") += parts[i];
  return out;
}

std::span<const std::string_view> keywords() { return plain_keywords; }

bool is_reserved(std::string_view word) {
  return std::find(plain_keywords.begin(), plain_keywords.end(), word) != plain_keywords.end() || find_builtin(word);
}

std::span<const counter_role> counter_roles() { return roles; }

std::vector<std::string> role_names() {
  std::vector<std::string> out;
  for (const counter_role& r : roles) out.emplace_back(r.name);
  return out;
}

std::vector<std::string> decline_words() { return {"no", "none", "keep", "nothing"}; }

}  // namespace spades::lang
