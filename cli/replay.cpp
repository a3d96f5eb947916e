// spades replay RECORD [--json] [--pbn OUT.pbn]: a game record shown trick by trick and checked against the
// rules, move by move and score by score; its four-handed hands exported as PBN.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <unordered_set>

#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/output_file.hpp"
#include "cli/output.hpp"
#include "cli/records.hpp"
#include "cli/text_table.hpp"
#include "hands/hand.hpp"
#include "runtime/claim.hpp"
#include "runtime/notation.hpp"
#include "runtime/pbn.hpp"
#include "runtime/rng.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades replay RECORD.json [--json] [--pbn OUT.pbn] [--notation plain|symbols]\n"
    "\n"
    "Replays a game record written by `spades play --record` or `spades sim --record`: each hand's\n"
    "deal (with the cards dealt to no seat, a kitty, and who takes them), its bids and other decisions,\n"
    "its tricks one per line with who won them, and the scores with what each scoring rule gave. Every\n"
    "move is checked against the rules and every score recorded is scored again, each game's result\n"
    "against record.games, and each game's first deal against the record's seed (a sim's every game, a\n"
    "play record's first); the first that disagrees is named (the hand, the move or the field, the\n"
    "reason) and the replay stops. Cards are shown as at the table: --notation plain shows AS 10D,\n"
    "--notation symbols A\u2660 10\u2666 (default: symbols where the terminal shows UTF-8). --json prints the\n"
    "hands' results as one JSON document instead. --pbn OUT.pbn\n"
    "also writes the hands played out as PBN 2.1 (four seats); a deck PBN cannot describe (jokers, two\n"
    "packs, other suits or ranks) is written with the deck extension of spec/records.md.\n"
    "\n"
    "exit codes: 0 the record agrees with the rules, 1 it does not (or its variant has errors),\n"
    "2 the record cannot be used or bad usage\n";

namespace {

using json = nlohmann::ordered_json;

// The record disagrees with the rules: exit code 1.
struct disagreement : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One hand shown: the deal, the decisions, a line per trick, the scores and each rule's part; and, when
// PBN is wanted, the hand's PBN game.
struct hand_show {
  hand_show(const variant& var, const game_state& before, card_notation n) : v(var), st(before), notation(n) {}
  const variant& v;
  game_state st;  // the game before the hand, then the hand replayed
  card_notation notation;
  int width = output_width();  // the terminal's (cli/text_table.hpp): the scores' lines fitted to it
  std::vector<std::pair<size_t, std::string>> claims;  // record.claims of this case: before which move, and whose
  std::string text, pbn_auction, pbn_play;
  std::string passing;  // the cards of one pass or discard shown so far, on one line
  card_set rest;        // the cards dealt to no seat
  std::array<card_set, max_seats> dealt{};  // as dealt (the state's own may change: a dummy's hand given to a player)
  // For PBN, which knows only the hands as dealt: the cards that changed hands, as they did ("S gives H2 D3
  // to N", "E takes SK HQ from the kitty", "E discards H5 H8"); per seat the cards it gave up other than by
  // playing them, until they are seen to arrive.
  struct change_of_hands {
    std::string who, what, whom;
    card_set cards;
  };
  std::vector<change_of_hands> pbn_changes;
  std::array<card_set, max_seats> gone{};
  bool pbn_ok = pbn_extended_unsupported(v).empty();
  int dealer = -1, first_bidder = -1, opening_leader = -1, bids = 0;
  std::vector<int> trick;  // the cards of the trick under way, by seat
  scoring_witness witness;

  void run(const hands::case_ctx& cx, const json& h) {
    case_result ignored;
    hands::hand_runner deal(cx, v, st, ignored, "");
    deal.deal(h);
    dealer = st.dealer;
    text += fmt::format("\n=== {}: {} deals ===\n", cx.name, v.seat_names[st.dealer]);
    dealt = st.dealt;
    rest = v.deck;
    for (int s = 0; s < v.seats; ++s) rest &= ~dealt[s];
    const size_t width = rest.empty() ? 4 : std::max<size_t>(4, std::strlen(leftover_word()) + 1);
    for (int s = 0; s < v.seats; ++s) text += fmt::format("  {:<{}}{}\n", v.seat_names[s], width, show_cards(v, dealt[s], notation));
    if (!rest.empty()) text += fmt::format("  {:<{}}{}\n", leftover_word(), width, show_cards(v, rest, notation));
    taken(rest);  // a kitty taken as soon as it is dealt
    changed_hands(dealt, rest);
    if (h.contains("moves"))
      for (size_t k = 0; k < h["moves"].size(); ++k) {
        for (const auto& [at, who] : claims)
          if (at == k) claimed(cx, k, who);
        step(h["moves"][k].get<std::string>());
      }
    flush_passing();
  }

  // A claim the record says was accepted before move k: the claimant's to make there, and certain
  // (runtime/claim.hpp), as the table accepted it.
  void claimed(const hands::case_ctx& cx, size_t k, const std::string& who) {
    const int seat = v.find_seat(who);
    if (seat < 0 || st.ph != phase::play || !claimant_plays(st, seat) || check_claim(st, seat) != claim_verdict::certain)
      throw disagreement(fmt::format("{}: {}, move {}: record.claims says {} claimed the remaining tricks here, which is not certain for it",
                                     cx.file, cx.name, k, who));
    flush_passing();
    text += fmt::format("  {} claims the remaining tricks\n", who);
  }

  // The cards dealt to no seat, as the variant calls them.
  const char* leftover_word() const {
    switch (v.leftover) {
      case leftover_rule::kitty: return "kitty";
      case leftover_rule::stock: return "stock";
      default: return "out";
    }
  }

  // Each seat that took cards of `rest` (the cards dealt to no seat before a move) into its hand.
  void taken(card_set rest) {
    for (int s = 0; s < v.seats; ++s) {
      const card_set got = st.hands[s] & rest;
      if (got.empty()) continue;
      flush_passing();
      text += fmt::format("  {} takes the {}: {}\n", v.seat_names[s], leftover_word(), show_cards(v, got, notation));
    }
  }

  // A change of hands, merged with the one before when it is the same seat doing the same.
  void hand_change(const std::string& who, card_set cards, const std::string& what, const std::string& whom = "") {
    if (!pbn_changes.empty() && pbn_changes.back().who == who && pbn_changes.back().what == what && pbn_changes.back().whom == whom)
      pbn_changes.back().cards |= cards;
    else pbn_changes.push_back({who, what, whom, cards});
  }

  // What a move other than a card played did to the hands: the cards given, taken from the rest, discarded.
  void changed_hands(const std::array<card_set, max_seats>& before, card_set rest_before) {
    for (int s = 0; s < v.seats; ++s) gone[s] |= before[s] & ~st.hands[s];
    for (int to = 0; to < v.seats; ++to) {
      card_set gained = st.hands[to] & ~before[to];
      for (int from = 0; from < v.seats && !gained.empty(); ++from) {
        const card_set given = gained & gone[from];
        if (given.empty()) continue;
        hand_change(v.seat_names[from], given, "gives", v.seat_names[to]);
        gone[from] &= ~given;
        gained &= ~given;
      }
      if (!(gained & rest_before).empty())
        hand_change(v.seat_names[to], gained & rest_before, "takes", leftover_word());
    }
    for (int s = 0; s < v.seats; ++s) {
      const card_set out = gone[s] & st.out_of_play;
      if (out.empty()) continue;
      hand_change(v.seat_names[s], out, "discards");
      gone[s] &= ~out;
    }
  }

  void flush_passing() {
    if (!passing.empty()) text += "  " + passing + "\n";
    passing.clear();
  }

  // A decision other than a card played to a trick: a pass or discard's cards on one line.
  void decision(const move& m) {
    if (m.type == move::card && passes_cards(st.ph)) {
      const std::string card = show_card(v, m.a, notation);
      if (passing.empty()) passing = record_move(st, m).substr(0, record_move(st, m).rfind(' ') + 1) + card;
      else passing += " " + card;
      return;
    }
    flush_passing();
    text += fmt::format("  {}\n", record_move(st, m));
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
    flush_passing();  // each entry is one decision
    for (const move& m : ms) {
      const card_set rest = st.out_of_play;
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
        flush_passing();
        card(m);
        witness.moving(st, m);
        st.play_card(m.a);
      } else {
        const std::array<card_set, max_seats> before = st.hands;
        decision(m);
        st.apply(m);
        changed_hands(before, rest);
      }
      taken(rest);
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
    text += fmt::format(" {} {}{}", v.seat_names[st.turn], show_card(v, m.a, notation), st.played + 1 < v.seats ? "," : "");
    if (st.played + 1 == v.seats && pbn_ok) {
      // PBN lists a trick's cards by seat, from the opening leader's column
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
    flush_passing();
    if (st.last_trick_winner >= 0) text += fmt::format(" -> {}\n", v.seat_names[st.last_trick_winner]);
    std::vector<rule_effect> effects = witness.effects();
    for (int t = 0; t < v.teams; ++t) {
      std::string line = fmt::format("  {:<6} hand {:>+5}  score {:>6}", v.team_names[t], st.hand_points[t], st.score[t]);
      for (size_t c = 0; c < v.counters.size(); ++c) line += fmt::format("  {} {}", v.counters[c], st.counters[t][c]);
      text += wrap(line, width, 0, 9, "  ") + "\n";
      const std::string why = effects_text(v, effects, t);
      if (!why.empty()) text += "         " + wrap(why, width, 9, 9) + "\n";
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

// Cards as PBN play tokens, separated by blanks.
std::string pbn_cards(const variant& v, card_set s) {
  std::string out;
  s.for_each([&](int c) {
    if (!out.empty()) out += ' ';
    out += pbn_card(v, c);
  });
  return out;
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
  if (!pbn_unsupported(v).empty()) tag("SpadesDeck", pbn_deck_tag(v));
  tag("Vulnerable", "None");
  tag("Deal", pbn_deal(v, h.dealt, h.dealer));
  if (!h.rest.empty()) tag("SpadesRest", pbn_cards(v, h.rest));
  std::vector<std::string> changes;
  for (const auto& c : h.pbn_changes)
    changes.push_back(c.what == "gives"   ? fmt::format("{} gives {} to {}", c.who, pbn_cards(v, c.cards), c.whom)
                      : c.what == "takes" ? fmt::format("{} takes {} from the {}", c.who, pbn_cards(v, c.cards), c.whom)
                                          : fmt::format("{} discards {}", c.who, pbn_cards(v, c.cards)));
  if (!changes.empty()) tag("SpadesChanges", fmt::format("{}", fmt::join(changes, "; ")));
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
  replay_run(const std::string& file, const variant& var, bool pbn_wanted, card_notation n)
      : path(file), v(var), want_pbn(pbn_wanted), notation(n) {}
  const std::string& path;
  const variant& v;
  bool want_pbn;
  card_notation notation;
  std::string pbn;
  json hands_json = json::array();
  std::string text;
  game_state st;
  int game = 0, played = 0, board = 0;
  std::unordered_set<std::string> names;
  // each game as replayed, for record.games to be checked against
  struct game_seen {
    uint64_t cases = 0;
    bool over = false;
    json winner, score;
  };
  std::vector<game_seen> seen;

  void replay_case(const record_file& rf, size_t i) {
    hands::case_setup c = hands::read_case(rf.d, i, names);
    names.insert(c.name);
    hands::case_ctx cx{path, c.name};
    if (c.hands.size() != 1) cx.fail("hands", "a record gives each hand as its own case");
    const int games_before = game;
    start_case(c);
    const game_state start = st;
    const json& h = c.hands[0];
    hand_show show{v, st, notation};
    // a claim the table accepted (spec/records.md, record.claims), said where it was made
    const json& r = rf.d.doc["record"];
    if (r.contains("claims") && r["claims"].is_array())
      for (const json& cl : r["claims"])
        if (cl.is_object() && cl.value("case", json()) == json(i) && cl.contains("move") && cl["move"].is_number_unsigned())
          show.claims.push_back({cl["move"].get<size_t>(), cl.contains("seat") && cl["seat"].is_string() ? printable(cl["seat"].get<std::string>(), 20) : "?"});
    check_hand(cx, c.name, h);
    show.run(cx, h);
    if (game != games_before) check_seeded_deal(rf, c.name, start, show);
    ++played;
    text += show.text;
    if (want_pbn && show.opening_leader >= 0) pbn += pbn_game(v, show, ++board, game);
    hands_json.push_back(hand_json(c.name, show));
    game_seen& g = seen.back();
    ++g.cases;
    g.over = st.ph == phase::over && st.end != game_end::stopped;  // as the recorder says it: a game stopped is not over
    g.winner = st.winner >= 0 ? json(v.team_names[st.winner]) : json(nullptr);
    for (int t = 0; t < v.teams; ++t) g.score[v.team_names[t]] = st.score[t];
  }

  // record.games against the games replayed: a result the file claims that the rules do not give.
  void check_games(const json& games) const {
    for (size_t i = 0; i < games.size(); ++i) {
      const json& g = games[i];
      auto differ = [&](const char* field, const json& said, const json& is) {
        // an object's keys in any order (a JSON writer may sort them)
        bool same = said == is;
        if (!same && said.is_object() && is.is_object() && said.size() == is.size()) {
          same = true;
          for (auto it = is.begin(); it != is.end(); ++it) same = same && said.contains(it.key()) && said[it.key()] == it.value();
        }
        if (!same)
          throw disagreement(fmt::format("{}: record.games[{}].{}: the record says {}, the game replayed gives {}", path, i, field,
                                         printable(said.dump(), 200), is.dump()));
      };
      if (i >= seen.size()) throw disagreement(fmt::format("{}: record.games[{}]: the cases hold {} game{}", path, i, seen.size(), seen.size() == 1 ? "" : "s"));
      differ("cases", g["cases"], seen[i].cases);
      differ("over", g.value("over", json()), seen[i].over);
      differ("winner", g.value("winner", json()), seen[i].winner);
      differ("score", g.value("score", json()), seen[i].score);
    }
  }

  // A game's first hand follows from its seed alone (the bots draw nothing before it): a sim's every game
  // (the first from the run's seed, each later one from a seed derived from it), a play record's first. Its
  // dealer and hands must be the seed's, or the record says a game was dealt that never was.
  void check_seeded_deal(const record_file& rf, const std::string& name, const game_state& start, const hand_show& show) const {
    if (rf.command != "sim" && game > 1) return;
    const uint64_t seed = game == 1 ? rf.seed : derive_seed(rf.seed, (uint64_t)(game - 1));
    rng r(seed);
    game_state seeded;
    seeded.new_game(v, (int)r.below((uint32_t)v.seats));
    seeded.options = start.options;
    seeded.deal(r);
    if (seeded.dealer != show.dealer)
      throw disagreement(fmt::format("{}: {}: dealer: the record says {}, seed {} gives {}", path, name, v.seat_names[show.dealer], seed,
                                     v.seat_names[seeded.dealer]));
    // by the cards' names: which copy of a card of two packs a seat holds is not the record's to say
    auto names = [&](card_set cs) {
      std::vector<std::string> out;
      cs.for_each([&](int c) { out.push_back(v.cards[c].name); });
      std::sort(out.begin(), out.end());
      return out;
    };
    for (int s = 0; s < v.seats; ++s)
      if (names(seeded.dealt[s]) != names(show.dealt[s]))
        throw disagreement(fmt::format("{}: {}: deal.{}: the record's hand is not the one seed {} deals ({})", path, name, v.seat_names[s], seed,
                                       show_cards(v, seeded.dealt[s], card_notation::plain)));
  }

  // A case that does not go on from the one before starts a game: with the scores it gives, if any.
  void start_case(const hands::case_setup& c) {
    if (c.has_before && st.v != nullptr) return check_before(fmt::format("{}: {}", path, c.name), v, c, st);
    ++game;
    seen.emplace_back();
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
  args a = parse_args("replay", argc, argv, {"--json"}, {"--pbn", "--notation"});
  if (a.positional.size() != 1) throw usage_error("name exactly one record");
  const std::string path = a.positional[0];
  record_file rf = read_record(path);
  const variant& v = *rf.d.v;
  const bool want_pbn = a.has("--pbn");
  if (want_pbn) {
    std::string why = pbn_extended_unsupported(v);
    if (!why.empty()) throw usage_error(fmt::format("--pbn: {}", why));
    check_output_path("--pbn", a.get("--pbn"), {path, rf.d.ruleset});
  }
  replay_run run(path, v, want_pbn, notation_wanted(a, this_terminal()));
  run.pbn = pbn_unsupported(v).empty() ? "% PBN 2.1\n% EXPORT\n%\n"
                                       : "% PBN 2.1\n% EXPORT\n% with the spades deck extension (a deck PBN 2.1 cannot describe): see [SpadesDeck]\n%\n";
  run.text = fmt::format("{} - a record of `spades {}`, seed {}\n", v.name, printable(rf.command), rf.seed);
  try {
    for (size_t i = 0; i < rf.d.doc["cases"].size(); ++i) run.replay_case(rf, i);
    if (rf.d.doc["record"].contains("games")) run.check_games(rf.d.doc["record"]["games"]);
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
