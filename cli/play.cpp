// spades play [FILE] [--seat S] [--seed N]: one person against bots at the terminal.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/resume.hpp"
#include "runtime/loop.hpp"
#include "runtime/notation.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades play [FILE] [--seat S] [--seed N] [--option NAME=VALUE]... [--record OUT.json]\n"
    "       spades play --resume RECORD.json [--record OUT.json]\n"
    "\n"
    "Plays a whole game of FILE (default: rulesets/standard.spades) at the terminal: you take seat S\n"
    "(default: S, or the first seat), bots take the others. Your hand is shown sorted, with suit symbols\n"
    "and colour where the terminal supports them (set NO_COLOR to turn colour off).\n"
    "\n"
    "At a prompt type a bid (4, nil, blind nil ...), a card (QH, 10D, TD, BJ), `pass 2C 3D` when\n"
    "passing cards, `discard 2C 3D` when discarding, or an announcement (`little bemo`,\n"
    "`come out`) or `no` when the variant offers one, and `raise to 8` or `pass` in a round where\n"
    "your side may raise its bid. Also: `hand` shows your hand, `score` the scores, `help` the legal\n"
    "moves, `quit` ends the game. An illegal entry is refused with the reason and asked again.\n"
    "EOF (Ctrl-D) or `quit` leaves with exit code 0; Ctrl-C leaves at once with 130.\n"
    "After each hand the score table, then what each scoring rule gave each side.\n"
    "\n"
    "--record OUT.json writes the game as it goes (saved before each of your decisions and after each\n"
    "hand): `spades replay` shows and checks it, `spades test` runs it. --resume RECORD.json continues a\n"
    "recorded game where it was left, with its variant, seat, seed and options, recording on into the\n"
    "same file (or OUT.json).\n"
    "\n"
    "exit codes: 0 the game ended or you left, 1 the variant has errors, 2 bad usage, 130 interrupted\n";

namespace {

// The table: the game loop's chooser (you at your seat, bots at the others) and its observer (it says
// what happens).
struct table : observer {
  const variant& v;
  game_state& st;
  int me;
  bool color, utf8;
  std::vector<move> entered;  // the rest of your last entry (several cards passed at once), still to apply
  bool announced = false;     // the move about to be applied was already said (a blind bid)
  // the move being applied: who made it, in which phase, at which trick of which hand
  int mover = -1, trick_before = 0, hands_before = 0;
  card_set drawn_before;  // your hand before your answer to a card drawn, to tell you the card it brings
  phase phase_before = phase::deal;

  table(const variant& v, game_state& st, int me, bool color, bool utf8) : v(v), st(st), me(me), color(color), utf8(utf8) {}

  std::string card(int c) const {
    const card_face& f = v.cards[c];
    if (f.suit < 0) return f.name;
    std::string rank = f.name.substr(0, f.name.size() - 1);
    if (rank == "T") rank = "10";
    const std::string& s = v.suit_names[f.suit];
    std::string sym = s;
    if (utf8) sym = s == "S" ? "\u2660" : s == "H" ? "\u2665" : s == "D" ? "\u2666" : s == "C" ? "\u2663" : s;
    std::string text = rank + sym;
    bool red = s == "H" || s == "D";
    return color && red ? "\033[31m" + text + "\033[0m" : text;
  }
  // trump first (top trumps leading), then the other suits in the deck's order; high to low
  std::vector<int> sorted(card_set s) const {
    std::vector<int> cs;
    s.for_each([&](int c) { cs.push_back(c); });
    auto key = [&](int c) {
      int su = v.follow_suit[c];
      int order = su == v.trump_suit ? -1 : su;
      return std::make_pair(order, -v.power[c]);
    };
    std::sort(cs.begin(), cs.end(), [&](int a, int b) { return key(a) < key(b); });
    return cs;
  }
  std::string show(card_set s) const {
    std::string out;
    int last = -2;
    for (int c : sorted(s)) {
      int su = v.follow_suit[c];
      if (!out.empty()) out += su != last ? "   " : " ";
      out += card(c);
      last = su;
    }
    return out;
  }
  std::string who(int seat) const { return seat == me ? fmt::format("You ({})", v.seat_names[seat]) : v.seat_names[seat]; }

  void scores() const {
    fmt::print("\n  {:<10}{:>8}{:>8}{:>8}", "side", "bid", "tricks", "hand");
    fmt::print("{:>8}", "score");
    for (const auto& c : v.counters) fmt::print("{:>8}", c);
    fmt::print("\n");
    for (int t = 0; t < v.teams; ++t) {
      int tricks = 0;
      for (int m : v.members[t]) tricks += st.tricks_won[m];
      std::string bid;
      if (st.bidding_skipped) bid = "-";
      else if (v.bid_by_team) bid = st.bids[t].kind < 0 ? "-" : format_bid(v, st.bids[t].kind, st.bids[t].n);
      else
        for (int m : v.members[t]) {
          if (!bid.empty()) bid += '+';
          bid += st.bids[m].kind < 0 ? std::string("-") : format_bid(v, st.bids[m].kind, st.bids[m].n);
        }
      fmt::print("  {:<10}{:>8}{:>8}{:>8}{:>8}", v.team_names[t], bid, tricks, st.hand_points[t], st.score[t]);
      for (size_t c = 0; c < v.counters.size(); ++c) fmt::print("{:>8}", st.counters[t][c]);
      fmt::print("\n");
    }
    fmt::print("\n");
  }

  // Reads one line; false on EOF.
  static bool read(const std::string& prompt, std::string& line) {
    fmt::print("{}", prompt);
    std::fflush(stdout);
    if (!std::getline(std::cin, line)) {
      fmt::print("\n");
      return false;
    }
    return true;
  }

  std::string legal_text() const {
    if (st.ph == phase::play) return show(st.legal_cards());
    move_list ms;
    int n = st.legal_moves(ms);
    std::string out;
    for (int i = 0; i < n; ++i) out += (i ? ", " : "") + format_move(st, ms[i]);
    if (st.ph == phase::exchange && st.exchange_offer) return fmt::format("exchange {} cards with partner, or no", st.exchange_left);
    if (st.ph == phase::exchange) return fmt::format("pass {} of your cards", st.exchange_left);
    if (st.ph == phase::pass) return fmt::format("pass {} of your cards", st.cards_left);
    if (st.ph == phase::discard) return fmt::format("discard {} of your cards", st.cards_left);
    return out;
  }

  // The decision pending: yours from what you type (nothing when you leave), else the bot's.
  bool operator()(const game_state&, rng& r, move& out) {
    if (entered.empty()) {
      bool mine = st.team_decides() ? v.team_of[me] == st.turn : st.acting_seat() == me;
      if (!mine) {
        out = bot_move(st, r);
        return true;
      }
      if (!st.has_legal_move()) return false;  // nothing to ask you: the loop reports the dead end
      if (!human_turn()) return false;
    }
    out = entered.front();
    entered.erase(entered.begin());
    return true;
  }

  // Reads your decision into `entered`; false when you leave.
  bool human_turn() {
    if (st.ph == phase::bid) {
      move_list ms;
      int n = st.legal_moves(ms);
      bool blind_offer = false;
      for (int i = 0; i < n; ++i) blind_offer |= v.bids[ms[i].a].blind;
      if (blind_offer) {
        std::string blinds;
        for (int i = 0; i < n; ++i)
          if (v.bids[ms[i].a].blind) blinds += (blinds.empty() ? "" : ", ") + format_move(st, ms[i]);
        for (;;) {
          std::string line;
          if (!read(fmt::format("You may bid blind, before looking at your cards ({}).\nBlind bid, or Enter to look: ", blinds), line)) return false;
          if (lower_words(line).empty()) break;
          if (lower_words(line) == "quit") return false;
          move m;
          std::string err;
          if (!parse_bid(v, line, m, err)) { fmt::print("  {}\n", err); continue; }
          if (!v.bids[m.a].blind) { fmt::print("  that is not a blind bid; press Enter to look at your cards first\n"); continue; }
          std::string why = st.why_illegal(m);
          if (!why.empty()) { fmt::print("  {}\n", why); continue; }
          fmt::print("You bid {}.\n", format_move(st, m));
          entered = {m};
          announced = true;
          return true;
        }
      }
    }
    fmt::print("\nYour hand: {}\n", show(st.hands[me]));
    const bool for_dummy = st.ph == phase::play && st.turn == v.dummy;
    if (for_dummy) fmt::print("You play for the dummy ({}): {}\n", v.seat_names[v.dummy], show(st.hands[v.dummy]));
    else if (st.ph == phase::play && st.exposed(v.dummy))
      fmt::print("Dummy ({}, played by {}): {}\n", v.seat_names[v.dummy], who(st.controller), show(st.hands[v.dummy]));
    if (st.ph == phase::play && st.played > 0) {
      std::string trick;
      for (int i = 0; i < st.played; ++i) trick += fmt::format("{}{} {}", i ? ", " : "", v.seat_names[(st.leader + i) % v.seats], card(st.trick_cards[i]));
      fmt::print("Trick {}: {}\n", st.trick + 1, trick);
    }
    std::string ask = st.ph == phase::bid        ? "Your bid"
                      : st.ph == phase::exchange && st.exchange_offer
                          ? fmt::format("Exchange {} card{} with partner? (`exchange` or `{}`)", st.exchange_left, st.exchange_left == 1 ? "" : "s",
                                        v.decline_words.empty() ? "no" : v.decline_words.front())
                      : st.ph == phase::exchange ? fmt::format("Pass {} card{} to partner", st.exchange_left, st.exchange_left == 1 ? "" : "s")
                      : st.ph == phase::pass     ? fmt::format("Pass {} card{} {}", st.cards_left, st.cards_left == 1 ? "" : "s", st.pass_words())
                      : st.ph == phase::discard  ? fmt::format("Discard {} card{}", st.cards_left, st.cards_left == 1 ? "" : "s")
                      : st.ph == phase::call && st.redeal_step()
                          ? fmt::format("Throw the hand in ({}) or `no` to play it", legal_text())
                      : st.ph == phase::call     ? fmt::format("Announce ({}) or `no`", legal_text())
                      : st.ph == phase::draw     ? fmt::format("You draw {}: `keep` or `discard`", card(st.drawn))
                      : st.ph == phase::agree    ? fmt::format("Your partner bids {}: agree or refuse", format_bid(v, st.bids[st.asking].kind, st.bids[st.asking].n))
                      : st.ph == phase::raise    ? fmt::format("Your side bids {}: raise to {}..{}, or pass", st.side_bid(st.turn), st.side_bid(st.turn) + 1, st.raise_limit(st.turn))
                      : for_dummy                ? "The dummy's card"
                                                 : "Your card";
    for (;;) {
      std::string line;
      if (!read(fmt::format("{}: ", ask), line)) return false;
      std::string t = lower_words(line);
      if (t == "quit" || t == "exit") return false;
      if (t == "hand") { fmt::print("Your hand: {}\n", show(st.hands[me])); continue; }
      if (t == "score") { scores(); continue; }
      if (t == "help" || t == "?") { fmt::print("  legal now: {}\n", legal_text()); continue; }
      std::vector<move> ms;
      std::string err;
      if (!parse_action(st, line, ms, err)) { fmt::print("  {} (type `help` for the legal moves)\n", err); continue; }
      // check the whole entry before applying any of it
      game_state trial = st;
      std::string why;
      for (const move& m : ms) {
        why = trial.why_illegal(m);
        if (!why.empty()) break;
        trial.apply(m);
      }
      if (!why.empty()) { fmt::print("  {}\n", why); continue; }
      entered = ms;
      return true;
    }
  }

  void dealing(const game_state&) { fmt::print("\n=== Hand {}: {} deals ===\n", st.hands_played + 1, v.seat_names[st.dealer]); }
  void dealt(const game_state&) {
    if (st.bidding_skipped) fmt::print("This hand has no bidding.\n");
  }

  // Says the move about to be applied.
  void moving(const game_state&, const move& m) {
    int seat = mover = st.acting_seat();
    phase ph = phase_before = st.ph;
    const std::string passing_to = st.pass_words();
    trick_before = st.trick;
    hands_before = st.hands_played;
    drawn_before = st.hands[me];
    if (announced) {
      announced = false;
    } else if (ph == phase::bid) {
      std::string bidder = v.bid_by_team ? v.team_names[st.turn] : who(seat);
      fmt::print("{} bid{} {}\n", bidder, seat == me && !v.bid_by_team ? "" : "s", format_move(st, m));
    } else if (ph == phase::draw) {
      // the card drawn is the drawer's secret: shown only to you, when you drew it
      const char* verb = m.a != 0 ? "keep" : "discard";
      if (seat == me) fmt::print("You {} {}\n", verb, card(st.drawn));
      else fmt::print("{} {}s the card drawn\n", who(seat), verb);
    } else if (m.type == move::choice) {
      fmt::print("{} {} the exchange with partner\n", who(seat), m.a != 0 ? (seat == me ? "take" : "takes") : (seat == me ? "decline" : "declines"));
    } else if (ph == phase::exchange || ph == phase::pass) {
      fmt::print("{} pass{} a card {}{}\n", who(seat), seat == me ? "" : "es", passing_to, seat == me ? fmt::format(" ({})", card(m.a)) : "");
    } else if (ph == phase::discard) {
      fmt::print("{} discard{} a card{}\n", who(seat), seat == me ? "" : "s", seat == me ? fmt::format(" ({})", card(m.a)) : "");
    } else if (ph == phase::agree) {
      fmt::print("{} {} {}'s bid\n", who(seat), m.a ? (seat == me ? "agree to" : "agrees to") : (seat == me ? "refuse" : "refuses"), who(st.asking));
    } else if (ph == phase::call && m.a >= 0 && v.calls[m.a].redeal) {
      std::string owner = st.call_by_team ? v.team_names[st.turn] : who(seat);
      fmt::print("{}: {}! The cards are thrown in; {} deal{} again.\n", owner, v.calls[m.a].words, who(st.dealer), st.dealer == me ? "" : "s");
    } else if (ph == phase::raise) {
      fmt::print("{}: {}\n", v.team_names[st.turn], m.a < 0 ? "pass" : fmt::format("raise to {}", m.a));
    } else if (ph == phase::call) {
      std::string owner = st.call_by_team ? v.team_names[st.turn] : who(seat);
      fmt::print("{}: {}\n", owner, m.a < 0 ? (st.redeal_step() ? "no, the hand is played" : "no announcement") : v.calls[m.a].words);
    } else if (st.turn == v.dummy) {
      fmt::print("{} play{} {} for the dummy ({})\n", who(seat), seat == me ? "" : "s", card(m.a), v.seat_names[v.dummy]);
    } else {
      fmt::print("{} play{} {}\n", who(seat), seat == me ? "" : "s", card(m.a));
    }
  }

  // Says what the move did: a trick won, who leads the hand.
  void moved(const game_state&, const move& m) {
    if (phase_before != phase::play && st.ph == phase::play && st.exposed(v.dummy))
      fmt::print("{} play{} the dummy ({}) as partner; it is exposed: {}\n", who(st.controller), st.controller == me ? "" : "s",
                 v.seat_names[v.dummy], show(st.hands[v.dummy]));
    // discarding the card drawn brings the next one, unseen by the others
    if (phase_before == phase::draw && mover == me && m.a == 0 && (st.hands[me] & ~drawn_before).count() == 1)
      fmt::print("You take {}\n", card((st.hands[me] & ~drawn_before).first()));
    if (phase_before == phase::play && (st.trick != trick_before || st.hands_played != hands_before)) {
      int winner = st.last_trick_winner;
      fmt::print("  -> {} win{} trick {}\n", who(winner), winner == me ? "" : "s", trick_before + 1);
    }
    if (st.ph == phase::play && st.trick == 0 && st.played == 0 && hands_before == st.hands_played && mover != st.turn)
      fmt::print("{} lead{}.\n", who(st.turn), st.turn == me ? "" : "s");
  }

  bool hand_scored(const game_state&) {
    scores();
    return true;
  }
};

void on_interrupt(int) {
  const char msg[] = "\ninterrupted: goodbye\n";
  (void)!write(1, msg, sizeof msg - 1);
  _exit(130);
}

}  // namespace

int cmd_play(int argc, char** argv) {
  if (wants_help(argc, argv, help)) return 0;
  args a = parse_args("play", argc, argv, {}, {"--seat", "--seed", "--option", "--record", "--resume"});
  if (a.positional.size() > 1) throw usage_error("name at most one variant file");
  std::string file = a.positional.empty() ? default_ruleset() : a.positional[0];
  std::optional<record_file> saved;
  if (a.has("--resume")) {
    if (!a.positional.empty() || a.has("--seat") || a.has("--seed") || !a.multi.empty())
      throw usage_error("--resume takes the variant, seat, seed and options from the record: give none of them");
    saved = read_record(a.get("--resume"));
    if (saved->command != "play") throw usage_error(fmt::format("'{}' is a record of `spades {}`, not of a game played at the table", a.get("--resume"), saved->command));
    file = saved->d.ruleset;
    a.multi = saved->options;
    a.values["--seed"] = std::to_string(saved->seed);
    if (!saved->seat.empty()) a.values["--seat"] = saved->seat;
  }
  const std::string record_path = a.has("--record") ? a.get("--record") : a.get("--resume");
  auto vp = load_or_report(file, a.multi);
  if (!vp) return 1;
  const variant& v = *vp;
  int me = v.find_seat("S") >= 0 ? v.find_seat("S") : 0;
  if (a.has("--seat")) {
    me = v.find_seat(a.get("--seat"));
    if (me < 0) throw usage_error(fmt::format("unknown seat '{}' (seats: {})", a.get("--seat"), fmt::join(v.seat_names, " ")));
    if (me == v.dummy) throw usage_error(fmt::format("seat '{}' is the dummy, which no one sits at: choose another seat", a.get("--seat")));
  }
  if (me == v.dummy) me = (me + 1) % v.seats;
  uint64_t seed = a.has("--seed") ? (uint64_t)a.get_int("--seed", 0, 0, INT64_MAX)
                                  : (uint64_t)std::chrono::system_clock::now().time_since_epoch().count();
  std::signal(SIGINT, on_interrupt);
  const char* term = std::getenv("TERM");
  const char* lang_env = std::getenv("LC_ALL") ? std::getenv("LC_ALL") : std::getenv("LANG");
  bool tty = isatty(1);
  bool color = tty && !std::getenv("NO_COLOR") && term && std::string(term) != "dumb";
  std::string lang_s = lang_env ? lang_env : "";
  bool utf8 = tty && (lang_s.find("UTF-8") != std::string::npos || lang_s.find("utf8") != std::string::npos);
  rng r(seed);
  game_state st;
  st.new_game(v, (int)r.below((uint32_t)v.seats));
  apply_options(st, a.multi);
  table tb(v, st, me, color, utf8);
  std::unique_ptr<game_recorder> rec;
  if (!record_path.empty()) {
    nlohmann::ordered_json meta = record_meta("play", st, a.multi, seed);
    meta["seat"] = v.seat_names[me];
    rec = std::make_unique<game_recorder>(v, ruleset_for(file, record_path), meta);
    rec->start_game(st);
  }
  recorded_table<table> rt{{}, tb, rec.get(), record_path, me};
  if (saved) {
    size_t moves = resume_game(*saved, st, r, me, rec.get());
    if (st.ph == phase::over) throw usage_error(fmt::format("the game in '{}' is over: there is nothing to resume", a.get("--resume")));
    fmt::print("Resumed {}: hand {}, {} dealt ({} moves replayed).\n", a.get("--resume"), st.hands_played + 1, v.seat_names[st.dealer], moves);
    tb.scores();
  }
  fmt::print("{} - you are {} ", v.name, v.seat_names[me]);
  if (v.partner[me] >= 0) fmt::print("(partner {}) ", v.seat_names[v.partner[me]]);
  if (v.dummy >= 0) fmt::print("({} is a dummy, played each hand by the player the rules give it to) ", v.seat_names[v.dummy]);
  fmt::print("(seed {}). Type `help` at a prompt for the legal moves.\n", seed);
  if (run_game(st, r, rt, rt) == loop_end::left) {
    if (rec) save_record(*rec, record_path);
    fmt::print("goodbye\n");
    return 0;
  }
  if (rec) {
    rec->end_game(st);
    save_record(*rec, record_path);
  }
  if (st.winner >= 0) fmt::print("Game over: {} win{} ({}).\n", v.team_names[st.winner], v.team_of[me] == st.winner ? " - well played" : "", st.end_reason());
  else fmt::print("Game over: no winner ({}).\n", st.end_reason());
  return 0;
}

}  // namespace spades::cli
