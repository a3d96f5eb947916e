// A saved game brought back: its moves played again from its seed through the game loop.
#include "cli/resume.hpp"

#include <set>

#include "bots/players.hpp"
#include "cli/commands.hpp"
#include "runtime/claim.hpp"
#include "runtime/notation.hpp"

namespace spades::cli {

using json = nlohmann::ordered_json;

namespace {

// The recorded entries in order, each with the case it belongs to.
struct entry {
  std::string name, text;
  size_t case_index, index;
};

struct replayer {
  const record_file& rf;
  int me;
  seated_bots& bots;
  game_state& live;     // the game the loop plays: a recorded look is made in it (looking is no move)
  game_recorder* rec;
  std::vector<entry> entries;
  size_t next = 0;
  std::vector<move> pending;  // the rest of the entry under way (several cards passed at once)
  entry current;
  std::set<std::pair<size_t, size_t>> claims;  // record.claims: (case, move) where an accepted claim began
  int claimed_hand = -1;                       // a claim is played out in this hand (runtime/claim.hpp)

  [[noreturn]] void wrong(const std::string& why) const {
    throw input_error(fmt::format("{}: {}, move {} ('{}'): {}", rf.d.file, current.name, current.index, current.text, why));
  }

  bool operator()(const game_state& st, rng& r, move& out) {
    while (pending.empty() && next < entries.size() && is_look(text_of(entries[next]))) {
      current = entries[next++];
      look();
    }
    if (pending.empty()) {
      if (next == entries.size()) return false;
      current = entries[next++];
      std::string err;
      if (!parse_action(st, current.text.substr(current.text.find(':') + 1), pending, err) || pending.empty()) wrong(err);
    }
    move m = pending.front();
    pending.erase(pending.begin());
    if (claims.count({current.case_index, current.index})) claim_begins(st);
    if (claimed_hand == st.hands_played && st.ph == phase::play) {
      played_out(st, m);
      out = m;
      return true;
    }
    if (yours(st, me)) {
      std::string why = st.why_illegal(m);
      if (!why.empty()) wrong(why);
      out = m;
      return true;
    }
    // the bots' moves are made again (the seed's random numbers drawn the same way) and must agree
    bots(st, r, out);
    if (format_move(st, out) != format_move(st, m))
      wrong(fmt::format("the bot plays {} here: the record does not follow from its seed {} (was it made by another version of spades?)",
                        format_move(st, out), rf.seed));
    return true;
  }

  // A claim recorded here: it must be yours and certain, as the table accepted it.
  void claim_begins(const game_state& st) {
    if (st.ph != phase::play || !claimant_plays(st, me)) wrong("a claim is made at your turn to play a card");
    if (check_claim(st, me) != claim_verdict::certain) wrong("the claim made here is not certain: the table would have refused it");
    claimed_hand = st.hands_played;
    if (rec) rec->claimed(live, me);  // the record written on keeps it
  }
  // A card of a claim played out: yours legal, the others' their lowest legal card, as the table plays them.
  void played_out(const game_state& st, const move& m) const {
    const std::string why = m.type == move::card ? st.why_illegal(m) : "a claim is played out in cards";
    if (!why.empty()) wrong(why);
    if (!claimant_plays(st, me) && m.a != claim_follow_card(st))
      wrong(fmt::format("a claim is played out with each other seat's lowest legal card, {} here", format_move(st, move::make_card(claim_follow_card(st)))));
  }

  static std::string text_of(const entry& e) { return e.text.substr(e.text.find(':') + 1); }

  // "S: look": the seat looks at its cards, its turn or not
  void look() {
    std::string who = current.text.substr(0, current.text.find(':'));
    who.erase(0, who.find_first_not_of(' '));
    who.erase(who.find_last_not_of(' ') + 1);
    const int seat = live.v->find_seat(who);
    if (seat < 0) wrong(fmt::format("'{}' is not a seat", who));
    if (live.has_looked(seat)) wrong(fmt::format("{} has already looked at its cards", live.v->seat_names[seat]));
    live.look(seat);
    if (rec) rec->looked(live, seat);
  }
};

// Hears the game replayed: the recorder and the bots, which see it as they saw it when it was played (the
// table stays silent).
struct recorder_only : observer {
  game_recorder* rec;
  seated_bots& bots;
  const record_file& rf;
  void dealing(const game_state& s) { if (rec) rec->dealing(s); }
  void dealt(const game_state& s) {
    if (rec) {
      rec->dealt(s);
      check_deal();
    }
    bots.dealt(s);
  }
  // The deal the seed gives, against the deal recorded for the same case, as soon as it is dealt: a deal
  // changed in the file (a card moved, one the deck lacks) is named before any move of the hand is blamed.
  void check_deal() const {
    const json& cases = rf.d.doc["cases"];
    const size_t i = rec->doc()["cases"].size() - 1;
    if (i >= cases.size() || !cases[i].is_object() || !cases[i].contains("deal")) return;
    const json &said = cases[i]["deal"], &is = rec->doc()["cases"][i]["deal"];
    const std::string name = printable(cases[i].value("name", std::string("?")), std::string::npos);
    for (auto it = is.begin(); it != is.end(); ++it)
      if (!said.is_object() || !said.contains(it.key()) || said[it.key()] != it.value())
        throw input_error(fmt::format("{}: {}: deal.{}: the record says {}, seed {} deals {}", rf.d.file, name, it.key(),
                                      said.is_object() && said.contains(it.key()) ? printable(said[it.key()].dump(), 200) : "nothing",
                                      rf.seed, it.value().dump()));
    // every hand as the seed deals it (in any order of the keys): more than it is a deal of another seed
    if (said.size() != is.size())
      throw input_error(fmt::format("{}: {}: deal: the record's deal is not the deal of seed {}", rf.d.file, name, rf.seed));
  }
  void moving(const game_state& s, const move& m) {
    if (rec) rec->moving(s, m);
    bots.moving(s, m);
  }
  void moved(const game_state& s, const move& m) {
    if (rec) rec->moved(s, m);
    bots.moved(s, m);
  }
};

// record.claims: where each accepted claim began, {"case": C, "move": M, "seat": S}, C and M counted from 0.
std::set<std::pair<size_t, size_t>> read_claims(const record_file& rf) {
  std::set<std::pair<size_t, size_t>> out;
  const json& r = rf.d.doc["record"];
  if (!r.contains("claims")) return out;
  const json& claims = r["claims"];
  auto whole = [](const json& j) { return j.is_number_unsigned() || (j.is_number_integer() && j.get<int64_t>() >= 0); };
  if (!claims.is_array()) throw input_error(fmt::format("{}: record.claims: expected a list of the claims made", rf.d.file));
  for (size_t i = 0; i < claims.size(); ++i) {
    const json& c = claims[i];
    if (!c.is_object() || !c.contains("case") || !c.contains("move") || !whole(c["case"]) || !whole(c["move"]))
      throw input_error(fmt::format("{}: record.claims[{}]: expected {{\"case\": N, \"move\": M, \"seat\": S}}", rf.d.file, i));
    out.insert({c["case"].get<size_t>(), c["move"].get<size_t>()});
  }
  return out;
}

}  // namespace

size_t resume_game(const record_file& rf, game_state& st, rng& r, int me, seated_bots& bots, game_recorder* rec) {
  replayer rp{rf, me, bots, st, rec, {}, 0, {}, {}, {}, -1};
  const json& cases = rf.d.doc["cases"];
  for (size_t k = 0; k < cases.size(); ++k) {
    const json& c = cases[k];
    if (!c.is_object() || !c.contains("moves") || !c["moves"].is_array()) continue;
    std::string name = printable(c.value("name", std::string("?")), std::string::npos);
    for (size_t i = 0; i < c["moves"].size(); ++i) {
      // a move that is not a string is the record's mistake, at its place (not a later move blamed)
      if (!c["moves"][i].is_string())
        throw input_error(fmt::format("{}: {}, move {}: expected a \"SEAT: action\" string, found {}", rf.d.file, name, i,
                                      printable(c["moves"][i].dump(), 40)));
      rp.entries.push_back({name, c["moves"][i].get<std::string>(), k, i});
    }
  }
  rp.claims = read_claims(rf);
  recorder_only watch{{}, rec, bots, rf};
  run_game(st, r, rp, watch);
  // moves after a game over are the next game at the same table (play's "Another game?"), started as play
  // starts it: same variant, seat and options, the generator going on
  while (st.ph == phase::over && st.end != game_end::stopped && rp.next < rp.entries.size() && rp.pending.empty()) {
    if (rec) rec->end_game(st);
    st.new_game(*st.v, (int)r.below((uint32_t)st.v->seats));
    apply_options(st, rf.options);
    if (rec) rec->start_game(st);
    run_game(st, r, rp, watch);
  }
  if (rp.next < rp.entries.size() || !rp.pending.empty()) {
    rp.current = rp.entries[std::min(rp.next, rp.entries.size() - 1)];
    rp.wrong("the game is over before this move");
  }
  return rp.entries.size();
}

}  // namespace spades::cli
