// Game records, written as the game goes: each hand a test-hands case (spec/records.md).
#include "hands/record.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "runtime/notation.hpp"

namespace spades {

using json = nlohmann::ordered_json;

namespace {

// Cards as a hands file lists them: in the deck's order (the suits as declared, high to low).
std::string cards_text(const variant& v, card_set s) {
  std::string out;
  s.for_each([&](int c) { out += (out.empty() ? "" : " ") + v.cards[c].name; });
  return out;
}

json per_team(const variant& v, const auto& values) {
  json j = json::object();
  for (int t = 0; t < v.teams; ++t) j[v.team_names[t]] = values[t];
  return j;
}

json counters_of(const variant& v, const game_state& st) {
  json j = json::object();
  for (size_t c = 0; c < v.counters.size(); ++c) {
    json& k = j[v.counters[c]];
    for (int t = 0; t < v.teams; ++t) k[v.team_names[t]] = st.counters[t][c];
  }
  return j;
}

}  // namespace

bool passes_cards(phase ph) { return ph == phase::pass || ph == phase::exchange || ph == phase::discard; }

std::string record_move(const game_state& st, const move& m) {
  const variant& v = *st.v;
  std::string who = st.team_decides() ? v.team_names[st.turn] : v.seat_names[st.acting_seat()];
  std::string what = format_move(st, m);
  if (m.type == move::card && passes_cards(st.ph)) what = (st.ph == phase::discard ? "discard " : "pass ") + what;
  if (what.empty()) what = "no";  // declining where the variant lists no words for it
  return who + ": " + what;
}

std::string effects_note(const variant& v, const std::vector<rule_effect>& effects) {
  std::string out;
  for (int t = 0; t < v.teams; ++t) {
    std::string text = effects_text(v, effects, t);
    if (!text.empty()) out += fmt::format("{}{}: {}", out.empty() ? "" : " | ", v.team_names[t], text);
  }
  return out;
}

game_recorder::game_recorder(const variant& v, std::string ruleset, json meta) : v_(&v) {
  meta["games"] = json::array();
  doc_["ruleset"] = std::move(ruleset);
  doc_["record"] = std::move(meta);
  doc_["cases"] = json::array();
}

void game_recorder::start_game(const game_state&, int number) {
  game_ = number > 0 ? number : game_ + 1;
  game_first_case_ = doc_["cases"].size();
}

void game_recorder::end_game(const game_state& st) {
  json g;
  g["game"] = game_;
  g["cases"] = doc_["cases"].size() - game_first_case_;
  g["over"] = st.ph == phase::over && st.end != game_end::stopped;
  g["winner"] = st.ph == phase::over && st.winner >= 0 ? json(v_->team_names[st.winner]) : json(nullptr);
  g["score"] = per_team(*v_, st.score);
  g["end"] = st.end_reason();
  doc_["record"]["games"].push_back(std::move(g));
}

void game_recorder::dealing(const game_state& st) {
  json c;
  c["name"] = st.redeals_in_row ? fmt::format("game {}, hand {}, redeal {}", game_, st.hands_played + 1, st.redeals_in_row)
                                : fmt::format("game {}, hand {}", game_, st.hands_played + 1);
  json options = doc_["record"].value("options", json::object());
  if (!options.empty()) c["options"] = options;
  // the game so far, unless this is its first deal (a new game is the case's default)
  if (st.hands_played > 0 || st.redeals > 0) {
    json b;
    b["score"] = per_team(*v_, st.score);
    b["hands_played"] = st.hands_played;
    const json counters = counters_of(*v_, st);
    for (auto it = counters.begin(); it != counters.end(); ++it) b[it.key()] = it.value();
    c["before"] = std::move(b);
  }
  c["dealer"] = v_->seat_names[st.dealer];
  doc_["cases"].push_back(std::move(c));
  redeals_at_deal_ = st.redeals;
  hands_at_deal_ = st.hands_played;
  group_open_ = false;
}

void game_recorder::dealt(const game_state& st) {
  json d;
  card_set dealt, stock;
  for (int s = 0; s < v_->seats; ++s) {
    d[v_->seat_names[s]] = cards_text(*v_, st.dealt[s]);
    dealt |= st.dealt[s];
  }
  std::string order;
  for (int i = 0; i < st.stock_size; ++i) {
    stock.add(st.stock[i]);
    order += (order.empty() ? "" : " ") + v_->cards[st.stock[i]].name;
  }
  card_set rest = v_->deck & ~dealt & ~stock;
  if (!rest.empty()) d["rest"] = cards_text(*v_, rest);
  if (v_->leftover == leftover_rule::stock) d["stock"] = order;
  hand()["deal"] = std::move(d);
  hand()["moves"] = json::array();
}

void game_recorder::moving(const game_state& st, const move& m) {
  witness_.moving(st, m);
  // a card passed or discarded that leaves more owed by the same seat: the next card joins this entry
  next_joins_ = m.type == move::card && passes_cards(st.ph) && (st.ph == phase::exchange ? st.exchange_left : st.cards_left) > 1;
  json& moves = hand()["moves"];
  std::string text = record_move(st, m);
  if (group_open_ && !moves.empty()) {
    // another card of the same pass or discard: "N: pass 2H" becomes "N: pass 2H 3H"
    moves.back() = moves.back().get<std::string>() + " " + v_->cards[m.a].name;
    return;
  }
  moves.push_back(text);
}

void game_recorder::looked(const game_state&, int seat) {
  hand()["moves"].push_back(fmt::format("{}: {}", v_->seat_names[seat], look_word));
  group_open_ = false;
}

void game_recorder::claimed(const game_state&, int seat) {
  json& claims = doc_["record"]["claims"];
  if (!claims.is_array()) claims = json::array();
  claims.push_back({{"case", doc_["cases"].size() - 1}, {"move", hand()["moves"].size()}, {"seat", v_->seat_names[seat]}});
  group_open_ = false;
}

void game_recorder::moved(const game_state& st, const move& m) {
  (void)m;
  group_open_ = next_joins_;
  if (st.hands_played != hands_at_deal_ || st.redeals != redeals_at_deal_) close_hand(st);
}

void game_recorder::close_hand(const game_state& st) {
  json e;
  if (st.redeals != redeals_at_deal_) {
    e["thrown_in"] = true;
    e["score"] = per_team(*v_, st.score);
  } else {
    effects_ = witness_.effects();
    e["hand_score"] = per_team(*v_, st.hand_points);
    e["score"] = per_team(*v_, st.score);
    json tricks;
    for (int s = 0; s < v_->seats; ++s) tricks[v_->seat_names[s]] = st.tricks_won[s];
    e["tricks"] = tricks;
    if (!v_->counters.empty()) e["counters"] = counters_of(*v_, st);
  }
  e["game_over"] = st.ph == phase::over;
  if (st.ph == phase::over) e["winner"] = st.winner >= 0 ? json(v_->team_names[st.winner]) : json(nullptr);
  hand()["expect"] = std::move(e);
  if (st.redeals == redeals_at_deal_) {
    std::string note = effects_note(*v_, effects_);
    if (!note.empty()) hand()["note"] = note;
  }
  group_open_ = false;
}

std::string game_recorder::text() const { return doc_.dump(2, ' ', false, json::error_handler_t::replace) + '\n'; }

}  // namespace spades
