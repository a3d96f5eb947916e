// A table's game: the engine's loop driven a decision at a time, people's moves checked as the terminal
// table checks them, undo by agreement, and a hint from the rule-following bot.
#include "web/server/table.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "bots/bot.hpp"
#include "bots/calibration_cache.hpp"
#include "runtime/loop.hpp"
#include "runtime/notation.hpp"

namespace spades::web {

int deciding_seat(const game_state& st) {
  if (st.ph == phase::over || st.ph == phase::deal) return -1;
  return st.acting_seat();
}

// The loop's chooser: a person's queued move, else the bot at the seat; nothing (the loop is left) when a
// person must decide. Its observer tells the record, the table's memory and the bots what happened.
struct table::driver : observer {
  table& t;
  explicit driver(table& owner) : t(owner) {}
  bool operator()(const game_state& st, rng& r, move& out) {
    if (!t.queued_.empty()) {
      out = t.queued_.front();
      t.queued_.erase(t.queued_.begin());
      return true;
    }
    const int s = deciding_seat(st);
    if (s >= 0 && t.setup_.seats[s].person) return false;
    return t.bots_(st, r, out);
  }
  void dealing(const game_state& st) { t.rec_.dealing(st); }
  void dealt(const game_state& st) {
    t.rec_.dealt(st);
    t.memory_.dealt(st);
    t.bots_.dealt(st);
  }
  void moving(const game_state& st, const move& m) {
    t.rec_.moving(st, m);
    t.memory_.moving(st, m);
    t.bots_.moving(st, m);
  }
  void moved(const game_state& st, const move& m) {
    ++t.moves_;
    t.rec_.moved(st, m);
    t.memory_.moved(st, m);
    t.bots_.moved(st, m);
  }
  bool hand_scored(const game_state&) {
    t.hand_scored();
    return true;
  }
};

namespace {

seat_kinds kinds_of(const table_setup& s) {
  seat_kinds k{};
  for (size_t i = 0; i < s.seats.size(); ++i) k[i] = s.seats[i].person ? bot_kind::rule : s.seats[i].bot;
  return k;
}

exec_seats commands_of(const table_setup& s) {
  exec_seats e;
  for (size_t i = 0; i < s.seats.size(); ++i) e.command[i] = s.seats[i].outside.command;
  e.timeout_ms = s.bot_timeout_ms;
  return e;
}

json record_meta(const table_setup& s) {
  json m;
  m["format"] = record_format;
  m["command"] = "serve";
  m["variant"] = s.v->name;
  m["seed"] = s.seed;
  json options = json::object();
  for (const auto& [o, x] : s.option_values) {
    const option_spec& spec = s.v->option_specs[o];
    if (spec.type == option_type::boolean) options[s.v->option_names[o]] = x != 0;
    else if (spec.type == option_type::choice) options[s.v->option_names[o]] = spec.text(x);
    else options[s.v->option_names[o]] = x;
  }
  m["options"] = options;
  json seats = json::array();
  for (size_t i = 0; i < s.seats.size(); ++i)
    seats.push_back({{"seat", s.v->seat_names[i]}, {"player", s.seats[i].player()}, {"name", s.seats[i].name}});
  m["seats"] = seats;
  m["mc_budget"] = s.mc_budget;
  return m;
}

}  // namespace

table::table(table_setup setup)
    : setup_(std::move(setup)),
      r_(setup_.seed),
      commands_(commands_of(setup_)),
      bots_(kinds_of(setup_), setup_.seed, cached_calibration(*setup_.v), mc_options{setup_.mc_budget}, &commands_),
      rec_(*setup_.v, setup_.ruleset, json::object()),
      at_decision_(setup_.v->seats),
      undo_agreed_(setup_.v->seats) {
  st_.new_game(*setup_.v, (int)r_.below((uint32_t)setup_.v->seats));
  for (const auto& [o, x] : setup_.option_values) st_.options[o] = x;
  rec_ = game_recorder(*setup_.v, setup_.ruleset, record_meta(setup_));
  rec_.start_game(st_);
}

void table::advance() {
  if (!error_.empty()) return;
  // an outside bot looking at its cards: this table's game and record know it (set here, not at construction:
  // a copy of the table must not look in the original's game)
  bots_.on_look([this](int seat) {
    st_.look(seat);
    rec_.looked(st_, seat);
  });
  try {
    driver d(*this);
    run_game(st_, r_, d, d);
  } catch (const rule_error& e) {
    error_ = e.headline();
  } catch (const bot_error& e) {
    error_ = e.what();  // an outside bot that broke the protocol stops the game, recorded up to its decision
  }
  if (st_.ph == phase::over) {
    rec_.end_game(st_);
    return;
  }
  const int s = deciding_seat(st_);
  if (s >= 0 && error_.empty()) at_decision_[s].push_back({st_, r_, bots_, memory_, rec_, sheet_, moves_});
}

bool table::person_decides(int seat) const { return error_.empty() && st_.ph != phase::over && deciding_seat(st_) == seat; }

act_result table::act(int seat, const json& msg) {
  const std::string type = msg.value("type", "");
  if (type == "undo") return act_undo(seat, false);
  if (type == "agree_undo") return act_undo(seat, true);
  if (type == "hint") return act_hint(seat);
  if (type == "look") {
    if (st_.ph == phase::over || st_.has_looked(seat)) return {"you have already looked at your cards", {}};
    if (!st_.may_look(seat)) return {"you may not look now: every bid open to you is blind", {}};
    st_.look(seat);
    rec_.looked(st_, seat);
    return {};
  }
  if (!person_decides(seat)) return {over() ? "the game is over" : "it is not your turn", {}};
  if (type == "move") return act_move(seat, msg);
  if (type == "cards") return act_cards(seat, msg);
  return {fmt::format("unknown message type '{}'", printable(type, 40)), {}};
}

// A decision other than cards chosen from the hand: the index of one of the legal moves the view offered.
act_result table::act_move(int seat, const json& msg) {
  if (!msg.contains("index") || !msg["index"].is_number_integer()) return {"a move names the index of one of the legal moves", {}};
  move_list ms;
  const int n = st_.legal_moves(ms);
  const int64_t i = msg["index"].get<int64_t>();
  if (i < 0 || i >= n) return {fmt::format("no legal move has index {} (there are {})", i, n), {}};
  const move m = ms[(size_t)i];
  if (st_.ph == phase::play || passes_cards(st_.ph)) return {"choose cards for this decision", {}};
  // before looking, only a decision that may be made blind (a blind bid, an answer to partner's)
  if (!st_.may_see_hand(seat) && !(m.type == move::bid && v().bids[m.a].blind) && st_.ph != phase::agree)
    return {"that is not a blind bid: look at your cards first", {}};
  return {queue({m}), {}};
}

// Cards from the seat's hand (or the dummy's it plays): one to a trick, or as many as a pass, an exchange
// or a discard asks, checked whole before any is applied.
act_result table::act_cards(int seat, const json& msg) {
  if (!msg.contains("cards") || !msg["cards"].is_array()) return {"a card message lists the cards chosen", {}};
  if (st_.ph != phase::play && !passes_cards(st_.ph)) return {"this decision is not made with cards", {}};
  const int owes = st_.ph == phase::play ? 1 : st_.ph == phase::exchange ? st_.exchange_left : st_.cards_left;
  if ((int)msg["cards"].size() != owes) return {fmt::format("choose {} card{}", owes, owes == 1 ? "" : "s"), {}};
  std::vector<move> ms;
  card_set chosen;
  const int from = st_.ph == phase::play ? st_.turn : seat;
  for (const json& c : msg["cards"]) {
    if (!c.is_number_integer() || c.get<int64_t>() < 0 || c.get<int64_t>() >= (int64_t)v().cards.size()) return {"no such card", {}};
    const int card = c.get<int>();
    if (!st_.hands[from].has(card) || chosen.has(card)) return {"that card is not in the hand you play from", {}};
    chosen.add(card);
    ms.push_back(move::make_card(card));
  }
  return {queue(ms), {}};
}

// The moves checked on a copy of the game, all or none; then the loop goes on with them.
std::string table::queue(const std::vector<move>& ms) {
  game_state trial = st_;
  for (const move& m : ms) {
    std::string why = trial.why_illegal(m);
    if (!why.empty()) return why;
    trial.apply(m);
  }
  queued_ = ms;
  undo_asker_ = -1;
  advance();
  return {};
}

// `undo`: back to the asker's previous decision, at once against bots only, else once every other person
// at the table has agreed (an agreement is asked of them in their view).
act_result table::act_undo(int seat, bool agree) {
  if (over()) return {"the game is over", {}};
  if (agree) {
    if (undo_asker_ < 0 || undo_asker_ == seat) return {"no one has asked to undo", {}};
    undo_agreed_[seat] = true;
  } else {
    const size_t current = person_decides(seat) ? 1 : 0;  // the decision pending is the asker's: its previous one
    if (at_decision_[seat].size() <= current) return {"nothing to undo: you have made no decision yet", {}};
    undo_asker_ = seat;
    std::fill(undo_agreed_.begin(), undo_agreed_.end(), false);
  }
  for (int s = 0; s < v().seats; ++s)
    if (setup_.seats[s].person && s != undo_asker_ && !undo_agreed_[s]) return {};
  go_back(undo_asker_);
  undo_asker_ = -1;
  return {};
}

void table::go_back(int seat) {
  std::vector<snapshot>& mine = at_decision_[seat];
  if (person_decides(seat)) mine.pop_back();
  snapshot& to = mine.back();
  st_ = to.st;
  r_ = to.r;
  bots_ = to.bots;
  memory_ = to.memory;
  rec_ = to.rec;
  sheet_ = to.sheet;
  moves_ = to.moves;
  queued_.clear();
  // decisions made after the one gone back to are forgotten, every seat's
  for (auto& list : at_decision_)
    while (!list.empty() && list.back().moves > moves_) list.pop_back();
}

// The game as `seat` might believe it to be: the cards it cannot see (the others' hands, an unexposed dummy's,
// the cards out of play) dealt again at random among their places, each keeping its number. A bot asked for
// a hint decides on this, so that its answer tells nothing of the cards the seat cannot see.
game_state table::world_of(int seat, rng& r) const {
  game_state w = st_;
  card_set hidden = st_.out_of_play;
  std::vector<int> places;
  for (int s = 0; s < v().seats; ++s)
    if (s != seat && !st_.exposed(s)) hidden |= st_.hands[s], places.push_back(s);
  std::vector<int> cards;
  hidden.for_each([&](int c) { cards.push_back(c); });
  for (size_t i = cards.size(); i > 1; --i) std::swap(cards[i - 1], cards[r.below((uint32_t)i)]);
  size_t next = 0;
  auto deal = [&](card_set& to, int n) {
    to = {};
    for (int k = 0; k < n; ++k) to.add(cards[next++]);
  };
  for (int s : places) deal(w.hands[s], st_.hands[s].count());
  deal(w.out_of_play, st_.out_of_play.count());
  return w;
}

// The rule-following bot's choice for the seat's decision, in words, made on a world the seat might believe in.
act_result table::act_hint(int seat) {
  if (!person_decides(seat)) return {"a hint is for your own decision, when it is your turn", {}};
  if (!st_.may_see_hand(seat)) return {"look at your cards first", {}};
  bot_context cx(bots_.context().shared_calibration());  // the table's calibration, made once, not one per hint
  rng r(setup_.seed ^ moves_);
  const game_state world = world_of(seat, r);
  const move m = bot_move(world, r, cx);
  return {{}, json{{"type", "hint"}, {"text", format_move(st_, m)}, {"card", m.type == move::card ? m.a : -1}}};
}

void table::hand_scored() {
  json entry;
  entry["hand"] = st_.hands_played;
  json teams = json::array();
  for (int t = 0; t < v().teams; ++t) {
    json counters = json::object();
    for (size_t c = 0; c < v().counters.size(); ++c) counters[v().counters[c]] = st_.counters[t][c];
    teams.push_back({{"team", v().team_names[t]},
                     {"points", st_.hand_points[t]},
                     {"score", st_.score[t]},
                     {"counters", counters},
                     {"rules", effects_text(v(), rec_.last_effects(), t)}});
  }
  entry["teams"] = teams;
  sheet_.push_back(entry);
}

}  // namespace spades::web
