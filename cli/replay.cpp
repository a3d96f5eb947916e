// spades replay RECORD [--json] [--pbn OUT.pbn]: a game record shown trick by trick and checked against the
// rules, move by move and score by score; its four-handed hands exported as PBN.
#include <cstdio>
#include <unordered_set>

#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/output_file.hpp"
#include "cli/output.hpp"
#include "cli/records.hpp"
#include "hands/hand.hpp"
#include "runtime/notation.hpp"
#include "runtime/pbn.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades replay RECORD.json [--json] [--pbn OUT.pbn]\n"
    "\n"
    "Replays a game record written by `spades play --record` or `spades sim --record`: each hand's\n"
    "deal, its bids and other decisions, its tricks one per line with who won them, and the scores with\n"
    "what each scoring rule gave. Every move is checked against the rules and every score recorded is\n"
    "scored again; the first that disagrees is named (the hand, the move, the reason) and the replay\n"
    "stops. --json prints the hands' results as one JSON document instead. --pbn OUT.pbn also writes\n"
    "the hands played out as PBN 2.1 (four seats, one pack of four suits, no jokers).\n"
    "\n"
    "exit codes: 0 the record agrees with the rules, 1 it does not (or its variant has errors),\n"
    "2 the record cannot be used or bad usage\n";

namespace {

using json = nlohmann::ordered_json;

// The record disagrees with the rules: exit code 1.
struct disagreement : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string cards_of(const variant& v, card_set s) {
  std::string out;
  s.for_each([&](int c) { out += (out.empty() ? "" : " ") + v.cards[c].name; });
  return out;
}

// One hand shown: the deal, the decisions, a line per trick, the scores and each rule's part; and, when
// PBN is wanted, the hand's PBN game.
struct hand_show {
  hand_show(const variant& var, const game_state& before) : v(var), st(before) {}
  const variant& v;
  game_state st;  // the game before the hand, then the hand replayed
  std::string text, pbn_auction, pbn_play;
  bool pbn_ok = pbn_unsupported(v).empty();
  int dealer = -1, first_bidder = -1, opening_leader = -1, bids = 0;
  std::vector<int> trick;  // the cards of the trick under way, by seat
  scoring_witness witness;

  void run(const hands::case_ctx& cx, const json& h) {
    case_result ignored;
    hands::hand_runner deal(cx, v, st, ignored, "");
    deal.deal(h);
    dealer = st.dealer;
    text += fmt::format("\n=== {}: {} deals ===\n", cx.name, v.seat_names[st.dealer]);
    for (int s = 0; s < v.seats; ++s) text += fmt::format("  {:<4}{}\n", v.seat_names[s], cards_of(v, st.dealt[s]));
    if (h.contains("moves"))
      for (const json& m : h["moves"]) step(m.get<std::string>());
  }

  void step(const std::string& entry) {
    if (is_look(entry.substr(entry.find(':') + 1))) {  // checked already: the seat looks at its cards
      std::string who = entry.substr(0, entry.find(':'));
      who.erase(0, who.find_first_not_of(' '));
      st.look(v.find_seat(who));
      text += fmt::format("  {}: {}\n", who, look_word);
      return;
    }
    std::vector<move> ms;
    std::string err;
    parse_action(st, entry.substr(entry.find(':') + 1), ms, err);
    for (const move& m : ms) {
      const int hands = st.hands_played, redeals = st.redeals, tricks = st.trick;
      if (st.ph == phase::bid) {
        if (first_bidder < 0) first_bidder = st.acting_seat();
        std::string b = format_move(st, m);
        for (char& c : b)
          if (c == ' ') c = '_';
        pbn_auction += fmt::format("{}{}", bids % 4 ? " " : bids ? "\n" : "", b);
        ++bids;
      }
      const bool card_played = st.ph == phase::play;
      if (card_played) {
        card(m);
        witness.moving(st, m);
        st.play_card(m.a);
      } else {
        text += fmt::format("  {}\n", record_move(st, m));
        st.apply(m);
      }
      if (st.redeals != redeals) text += "  the cards are thrown in\n";
      if (card_played && st.hands_played == hands && st.trick != tricks) text += fmt::format(" -> {}\n", v.seat_names[st.last_trick_winner]);
      if (st.hands_played != hands) scored();
    }
  }

  void card(const move& m) {
    if (opening_leader < 0) opening_leader = st.turn;
    if (st.played == 0) {
      trick.assign(v.seats, -1);
      text += fmt::format("  trick {:>2}:", st.trick + 1);
    }
    trick[st.turn] = m.a;
    text += fmt::format(" {} {}{}", v.seat_names[st.turn], v.cards[m.a].name, st.played + 1 < v.seats ? "," : "");
    if (st.played + 1 == v.seats && pbn_ok) {
      // PBN lists a trick's cards by seat, from the opening leader's column (only for a deck PBN describes:
      // a joker has no PBN suit)
      std::string line;
      for (int i = 0; i < v.seats; ++i) {
        const int c = trick[(opening_leader + i) % v.seats];
        if (i) line += ' ';
        line += c < 0 ? std::string("-") : pbn_card(v, c);
      }
      pbn_play += line + "\n";
    }
  }

  void scored() {
    if (st.last_trick_winner >= 0) text += fmt::format(" -> {}\n", v.seat_names[st.last_trick_winner]);
    std::vector<rule_effect> effects = witness.effects();
    for (int t = 0; t < v.teams; ++t) {
      text += fmt::format("  {:<6} hand {:>+5}  score {:>6}", v.team_names[t], st.hand_points[t], st.score[t]);
      for (size_t c = 0; c < v.counters.size(); ++c) text += fmt::format("  {} {}", v.counters[c], st.counters[t][c]);
      std::string why = effects_text(v, effects, t);
      text += why.empty() ? "\n" : fmt::format("\n         {}\n", why);
    }
    if (st.ph == phase::over) text += fmt::format("  game over: {}{}\n", st.winner >= 0 ? v.team_names[st.winner] + " win, " : "", st.end_reason());
  }
};

// The case's `before` against the game as replayed: a record that says the game stood elsewhere is wrong.
void check_before(const std::string& where, const variant& v, const hands::case_setup& c, const game_state& st) {
  auto differ = [&](const std::string& field, int64_t said, int64_t is) {
    if (said != is) throw disagreement(fmt::format("{}: before.{}: the record says {}, the game replayed stands at {}", where, field, said, is));
  };
  differ("hands_played", c.hands_played, st.hands_played);
  for (const auto& [counter, tv] : c.before)
    differ(fmt::format("{}.{}", counter < 0 ? "score" : v.counters[counter], v.team_names[tv.team]), tv.value,
           counter < 0 ? st.score[tv.team] : st.counters[tv.team][counter]);
}

std::string pbn_game(const variant& v, const hand_show& h, int board, int game) {
  std::string out;
  auto tag = [&](const char* name, const std::string& value) { out += fmt::format("[{} \"{}\"]\n", name, value); };
  tag("Event", fmt::format("{}, game {}", v.name, game));
  tag("Site", "");
  tag("Date", "");
  tag("Board", std::to_string(board));
  for (int s : {3, 0, 1, 2}) tag(s == 3 ? "West" : s == 0 ? "North" : s == 1 ? "East" : "South", v.seat_names[s]);
  tag("Dealer", std::string(1, pbn_seat(h.dealer)));
  tag("Vulnerable", "None");
  tag("Deal", pbn_deal(v, h.st.dealt, h.dealer));
  tag("Scoring", "");
  tag("Declarer", "");
  tag("Contract", "");
  tag("Result", "");
  if (h.first_bidder >= 0) {
    tag("Auction", std::string(1, pbn_seat(h.first_bidder)));
    out += h.pbn_auction + "\n";
  }
  if (h.opening_leader >= 0) {
    tag("Play", std::string(1, pbn_seat(h.opening_leader)));
    out += h.pbn_play + "*\n";
  }
  return out + "\n";
}

// A record replayed case by case: every hand checked against the rules, shown as text, JSON and PBN.
struct replay_run {
  replay_run(const std::string& file, const variant& var, bool pbn_wanted) : path(file), v(var), want_pbn(pbn_wanted) {}
  const std::string& path;
  const variant& v;
  bool want_pbn;
  std::string pbn = "% PBN 2.1\n% EXPORT\n%\n";
  json hands_json = json::array();
  std::string text;
  game_state st;
  int game = 0, played = 0, board = 0;
  std::unordered_set<std::string> names;

  void replay_case(const record_file& rf, size_t i) {
    hands::case_setup c = hands::read_case(rf.d, i, names);
    names.insert(c.name);
    hands::case_ctx cx{path, c.name};
    if (c.hands.size() != 1) cx.fail("hands", "a record gives each hand as its own case");
    start_case(c);
    const json& h = c.hands[0];
    hand_show show{v, st};
    check_hand(cx, c.name, h);
    show.run(cx, h);
    ++played;
    text += show.text;
    if (want_pbn && show.opening_leader >= 0) pbn += pbn_game(v, show, ++board, game);
    hands_json.push_back(hand_json(c.name, show));
  }

  // A case that does not go on from the one before starts a game: with the scores it gives, if any.
  void start_case(const hands::case_setup& c) {
    if (c.has_before && st.v != nullptr) return check_before(fmt::format("{}: {}", path, c.name), v, c, st);
    ++game;
    st.new_game(v, 0);
    for (const auto& [o, x] : c.options) st.options[o] = x;
    if (c.has_before) {
      st.hands_played = c.hands_played;
      for (const auto& [counter, tv] : c.before) (counter < 0 ? st.score[tv.team] : st.counters[tv.team][counter]) = tv.value;
    }
  }

  // The hand's moves and outcome against the rules: a disagreement names the move or the field.
  void check_hand(const hands::case_ctx& cx, const std::string& name, const json& h) {
    case_result res;
    hands::hand_runner check(cx, v, st, res, "");
    check.run(h);
    if (check.rejected) {
      std::string at = check.reject_at;
      if (at != "bids" && at != "scoring") {
        size_t k = std::stoul(at);
        at = fmt::format("move {} ('{}')", k, h.contains("moves") && k < h["moves"].size() ? h["moves"][k].get<std::string>() : "?");
      }
      throw disagreement(fmt::format("{}: {}, {}: {}", path, name, at, check.reject_msg));
    }
    if (!res.ok) {
      const field_failure& f = res.failures.front();
      throw disagreement(fmt::format("{}: {}: expect.{}: the record says {}, the rules give {}", path, name, f.field, f.expected, f.got));
    }
  }

  json hand_json(const std::string& name, const hand_show& show) const {
    json hj;
    hj["name"] = name;
    hj["dealer"] = v.seat_names[show.dealer];
    hj["hand_score"] = json::object();
    hj["score"] = json::object();
    std::vector<rule_effect> effects = show.opening_leader >= 0 && st.hands_played > 0 ? show.witness.effects() : std::vector<rule_effect>{};
    hj["scoring"] = json::object();
    for (int t = 0; t < v.teams; ++t) {
      hj["hand_score"][v.team_names[t]] = st.hand_points[t];
      hj["score"][v.team_names[t]] = st.score[t];
      hj["scoring"][v.team_names[t]] = effects_text(v, effects, t);
    }
    hj["game_over"] = st.ph == phase::over;
    return hj;
  }
};

}  // namespace

int cmd_replay(int argc, char** argv) {
  if (wants_help(argc, argv, help)) return 0;
  args a = parse_args("replay", argc, argv, {"--json"}, {"--pbn"});
  if (a.positional.size() != 1) throw usage_error("name exactly one record");
  const std::string path = a.positional[0];
  record_file rf = read_record(path);
  const variant& v = *rf.d.v;
  const bool want_pbn = a.has("--pbn");
  if (want_pbn) {
    std::string why = pbn_unsupported(v);
    if (!why.empty()) throw usage_error(fmt::format("--pbn: {}", why));
    check_output_path("--pbn", a.get("--pbn"), {path, rf.d.ruleset});
  }
  replay_run run(path, v, want_pbn);
  run.text = fmt::format("{} - a record of `spades {}`, seed {}\n", v.name, printable(rf.command), rf.seed);
  try {
    for (size_t i = 0; i < rf.d.doc["cases"].size(); ++i) run.replay_case(rf, i);
  } catch (const disagreement& e) {
    report_failure(e.what(), {{"file", path}});
    return 1;
  } catch (const hands_error& e) {
    throw input_error(e.what());
  } catch (const rule_error& e) {
    report_failure(e.what(), {{"file", path}});
    return 1;
  }
  if (want_pbn) write_file(a.get("--pbn"), run.pbn);
  if (a.has("--json")) {
    json j;
    j["file"] = path;
    j["ruleset"] = rf.d.ruleset;
    j["command"] = rf.command;
    j["seed"] = rf.seed;
    j["games"] = run.game;
    j["hands"] = run.hands_json;
    j["agrees"] = true;
    fmt::print("{}\n", json_text(j));
    return 0;
  }
  std::fputs(run.text.c_str(), stdout);
  fmt::print("\n{} hand{} of {} game{} replayed: every move and score agrees with the rules\n", run.played, run.played == 1 ? "" : "s", run.game,
             run.game == 1 ? "" : "s");
  return 0;
}

}  // namespace spades::cli
