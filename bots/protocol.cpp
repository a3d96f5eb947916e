// The bot protocol's messages (bots/protocol.hpp).
#include "bots/protocol.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "runtime/limits.hpp"
#include "runtime/notation.hpp"
#include "runtime/read.hpp"

namespace spades {

namespace {

using json = nlohmann::ordered_json;

json cards_json(const variant& v, card_set s) {
  json out = json::array();
  s.for_each([&](int c) { out.push_back(v.cards[c].name); });
  return out;
}
json seat_name(const variant& v, int seat) { return seat >= 0 ? json(v.seat_names[seat]) : json(nullptr); }

// Per team, a number each.
json per_team(const variant& v, const std::array<int64_t, max_teams>& x) {
  json out = json::object();
  for (int t = 0; t < v.teams; ++t) out[v.team_names[t]] = x[t];
  return out;
}
// Per team, each of `names` with its value.
template <size_t N>
json per_team_named(const variant& v, const std::vector<std::string>& names, const std::array<std::array<int64_t, N>, max_teams>& x) {
  json out = json::object();
  for (int t = 0; t < v.teams; ++t) {
    json row = json::object();
    for (size_t k = 0; k < names.size(); ++k) row[names[k]] = x[t][k];
    out[v.team_names[t]] = row;
  }
  return out;
}

json variant_json(const game_state& st) {
  const variant& v = *st.v;
  json j;
  j["name"] = v.name;
  json seats = json::array();
  for (int s = 0; s < v.seats; ++s)
    seats.push_back({{"name", v.seat_names[s]}, {"team", v.team_of[s] >= 0 ? json(v.team_names[v.team_of[s]]) : json(nullptr)}, {"dummy", s == v.dummy}});
  j["seats"] = seats;
  j["teams"] = v.team_names;
  j["suits"] = v.suit_names;
  j["trump"] = v.trump_suit >= 0 ? json(v.suit_names[v.trump_suit]) : json(nullptr);
  json cards = json::array();
  for (size_t c = 0; c < v.cards.size(); ++c) {
    const card_face& f = v.cards[c];
    // a card beats another of the suit it follows (or any non-trump, being a trump) by a higher power
    cards.push_back({{"card", f.name},
                     {"suit", f.suit >= 0 ? json(v.suit_names[f.suit]) : json(nullptr)},
                     {"follows", v.follow_suit[c] >= 0 ? json(v.suit_names[v.follow_suit[c]]) : json(nullptr)},
                     {"power", v.power[c]},
                     {"trump", v.trump.has((int)c)}});
  }
  j["cards"] = cards;
  j["later_wins"] = v.later_wins;
  j["hand_size"] = v.hand_size;
  j["tricks_per_hand"] = v.tricks_per_hand;
  json bids = json::array();
  for (const bid_kind& b : v.bids) bids.push_back({{"name", b.name}, {"words", b.words}, {"from", b.lo}, {"to", b.hi}, {"blind", b.blind}});
  j["bids"] = bids;
  j["bid_by"] = v.bid_by_team ? "team" : "player";
  json calls = json::array();
  for (const call_kind& c : v.calls) calls.push_back({{"name", c.name}, {"words", c.words}, {"by", c.by_team ? "team" : "player"}});
  j["calls"] = calls;
  j["decline"] = v.decline_words;
  j["counters"] = v.counters;
  j["tallies"] = v.tallies;
  json options = json::object();
  for (size_t o = 0; o < v.option_names.size(); ++o) options[v.option_names[o]] = v.option_specs[o].text(st.options[o]);
  j["options"] = options;
  return j;
}

json tricks_json(const variant& v, const std::vector<trick_seen>& tricks) {
  json out = json::array();
  for (const trick_seen& t : tricks) {
    json cards = json::array();
    for (const auto& [s, c] : t.cards) cards.push_back({v.seat_names[s], v.cards[c].name});
    out.push_back({{"leader", seat_name(v, t.leader)}, {"cards", cards}, {"winner", seat_name(v, t.winner)}});
  }
  return out;
}

json calls_json(const variant& v, const seat_view& w) {
  json out = json::array();
  for (size_t k = 0; k < v.calls.size(); ++k) {
    const call_kind& c = v.calls[k];
    const int owners = c.by_team ? v.teams : v.seats;
    for (int o = 0; o < owners; ++o)
      if (((c.by_team ? w.team_calls[o] : w.player_calls[o]) >> k) & 1)
        out.push_back({{"by", c.by_team ? v.team_names[o] : v.seat_names[o]}, {"call", c.words}});
  }
  return out;
}

}  // namespace

json view_json(const variant& v, const seat_view& w) {
  json j;
  j["seat"] = v.seat_names[w.seat];
  j["phase"] = phase_name(w.ph);
  j["hand"] = w.hand + (w.hand_scored ? 0 : 1);  // the hand under way, or the one just scored
  j["dealer"] = v.seat_names[w.dealer];
  j["acting"] = seat_name(v, w.acting);
  j["acting_for"] = seat_name(v, w.acting_for);
  j["cards"] = w.hand_seen ? cards_json(v, w.hand_cards) : json(nullptr);
  j["received"] = cards_json(v, w.received);
  j["given"] = cards_json(v, w.given);
  j["drawn"] = w.drawn >= 0 ? json(v.cards[w.drawn].name) : json(nullptr);
  j["dummy"] = w.dummy >= 0 ? json{{"seat", v.seat_names[w.dummy]}, {"player", seat_name(v, w.controller)}, {"cards", cards_json(v, w.dummy_cards)}}
                            : json(nullptr);
  json bids = json::object();
  const int bidders = v.bid_by_team ? v.teams : v.seats;
  for (int b = 0; b < bidders; ++b) {
    if (!v.bid_by_team && b == v.dummy) continue;
    bids[v.bid_by_team ? v.team_names[b] : v.seat_names[b]] = w.bids[b].kind >= 0 ? json(format_bid(v, w.bids[b].kind, w.bids[b].n)) : json(nullptr);
  }
  j["bids"] = bids;
  j["calls"] = calls_json(v, w);
  j["tricks"] = tricks_json(v, w.tricks);
  json won = json::object();
  for (int s = 0; s < v.seats; ++s) won[v.seat_names[s]] = w.tricks_won[s];
  j["tricks_won"] = won;
  j["broken"] = w.broken;
  j["scores"] = per_team(v, w.score);
  j["hand_points"] = w.hand_scored ? per_team(v, w.hand_points) : json(nullptr);
  j["counters"] = per_team_named(v, v.counters, w.counters);
  j["tallies"] = per_team_named(v, v.tallies, w.tallies);
  return j;
}

json greeting_message(const game_state& st, int seat) {
  return {{"type", "hello"}, {"protocol", bot_protocol_version}, {"seat", st.v->seat_names[seat]}, {"variant", variant_json(st)}};
}

json decide_message(const game_state& st, int seat, const table_memory& memory, const std::vector<std::string>& legal, bool may_look) {
  json j = {{"type", "decide"}, {"view", view_json(*st.v, view_of(st, seat, memory))}, {"legal", legal}};
  if (may_look) j["may_look"] = true;
  return j;
}

json hand_over_message(const game_state& st, int seat, const table_memory& memory) {
  return {{"type", "hand_over"}, {"view", view_json(*st.v, view_of(st, seat, memory))}};
}

json game_over_message(const game_state& st, int seat, const table_memory& memory) {
  return {{"type", "game_over"},
          {"view", view_json(*st.v, view_of(st, seat, memory))},
          {"winner", st.winner >= 0 ? json(st.v->team_names[st.winner]) : json(nullptr)},
          {"end", st.end_reason()}};
}

std::vector<std::string> legal_words(const game_state& st, std::vector<move>* moves) {
  move_list ms;  // on the stack: an outside bot's decision is no hot path
  const int n = st.legal_moves(ms);
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) {
    std::string w = format_move(st, ms[i]);
    if (std::find(out.begin(), out.end(), w) != out.end()) continue;
    out.push_back(std::move(w));
    if (moves) moves->push_back(ms[i]);
  }
  return out;
}

namespace {

// A line as an error message quotes it: its first 80 bytes.
std::string quoted(const std::string& line) { return line.size() > 80 ? line.substr(0, 80) + "..." : line; }

// The legal moves as an error lists them: the first 20.
std::string listed(const std::vector<std::string>& words) {
  std::string out;
  for (size_t i = 0; i < words.size() && i < 20; ++i) out += (i ? ", " : "") + words[i];
  return words.size() > 20 ? out + ", ..." : out;
}

// The answer as JSON; discarded when it is not JSON or nests deeper than any answer needs (the parser and
// the value's destructor recurse once per level).
nlohmann::json answer_json(const std::string& line) {
  if (json_nesting_over(line, max_bot_json_depth)) return nlohmann::json::value_t::discarded;
  return nlohmann::json::parse(line, nullptr, false);
}

}  // namespace

std::string read_hello(const std::string& line) {
  const auto j = answer_json(line);
  if (j.is_discarded() || !j.is_object() || !j.contains("type") || j["type"] != "hello")
    return fmt::format("answered the greeting with '{}', not {{\"type\": \"hello\"}}", quoted(line));
  return "";
}

int read_move(const std::string& line, const std::vector<std::string>& legal, std::string& why, bool may_look) {
  const auto j = answer_json(line);
  if (j.is_object() && j.contains("look") && j["look"] == true) {
    if (may_look) return look_answer;
    why = "answered {\"look\": true} where it may not look: its cards are in view, or its decision is not one made blind";
    return -1;
  }
  if (j.is_discarded() || !j.is_object() || !j.contains("move") || !j["move"].is_string()) {
    why = fmt::format("wrote '{}', not a JSON object with a \"move\"", quoted(line));
    return -1;
  }
  const std::string& said = j["move"].get_ref<const std::string&>();
  for (size_t i = 0; i < legal.size(); ++i)
    if (legal[i] == said) return (int)i;
  why = fmt::format("answered '{}', which is not a legal move now (legal: {})", quoted(said), listed(legal));
  return -1;
}

}  // namespace spades
