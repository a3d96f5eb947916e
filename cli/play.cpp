// spades play [FILE] [--seat S] [--seed N]: one person against bots at the terminal.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/chrono.h>
#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "cli/output_file.hpp"
#include "cli/play_text.hpp"
#include "cli/text_table.hpp"
#include "cli/resume.hpp"
#include "runtime/claim.hpp"
#include "runtime/loop.hpp"
#include "runtime/notation.hpp"
#include "bots/calibration_cache.hpp"
#include "bots/players.hpp"
#include "cli/games.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades play [FILE] [--seat S] [--seed N] [--bot NAME | --bots SPEC] [--bot-timeout MS] [--mc-budget N] [--option NAME=VALUE]... [--record OUT.json] [--notation plain|symbols]\n"
    "       spades play --resume RECORD.json [--record OUT.json]\n"
    "\n"
    "Plays a whole game of FILE (default: rulesets/standard.spades) at the terminal: you take seat S\n"
    "(default: S, or the first seat), bots take the others. Your hand is shown sorted, with suit symbols\n"
    "and colour where the terminal supports them (set NO_COLOR to turn colour off; --notation plain\n"
    "shows AS 10D, --notation symbols A\u2660 10\u2666, whatever the terminal). --bot chooses the\n"
    "bots: mc (the Monte Carlo bot, the default: the strongest, a few milliseconds a decision;\n"
    "--mc-budget sets its playouts per decision), rule (the rule-following bot: weaker, at once), or\n"
    "random. --bots SPEC seats bots per side or seat as sim does (your seat is yours whatever it says),\n"
    "outside programs included: `--bots E=exec:CMD` (see spec/bot-protocol.md; --bot-timeout MS bounds\n"
    "each answer, default 10000).\n"
    "\n"
    "At a prompt type a bid (4, nil, blind nil ...), a card (QH, 10D, TD, BJ), `pass 2C 3D` when\n"
    "passing cards, `discard 2C 3D` when discarding, or an announcement (`little bemo`,\n"
    "`come out`) or `no` when the variant offers one, and `raise to 8` or `pass` in a round where\n"
    "your side may raise its bid. At every prompt: `hand` shows your hand, `score` the scores (each\n"
    "player's bid and tricks), `last` the last trick, `undo` goes back to your last decision (the bots\n"
    "replay theirs as before), `help` the commands and the legal moves, `quit` ends the game. While\n"
    "the tricks are played, `claim` takes the remaining tricks when you are certain to win them all,\n"
    "whatever the others hold and play (the engine checks it); the hand is then played out. An\n"
    "illegal entry is refused with the reason and asked again. The game ends with a summary and\n"
    "whether you won, then offers another game.\n"
    "EOF (Ctrl-D) or `quit` leaves with exit code 0; Ctrl-C leaves at once with 130.\n"
    "After each hand the score table, then what each scoring rule gave each side. Tables and long\n"
    "lines fit the width COLUMNS gives, else the terminal's (none: as they are).\n"
    "\n"
    "--record OUT.json writes the game as it goes (saved before each of your decisions and after each\n"
    "hand): `spades replay` shows and checks it, `spades test` runs it. --resume RECORD.json continues a\n"
    "recorded game where it was left, with its variant, seat, seed and options, recording on into the\n"
    "same file (or OUT.json). Without --record the game is kept in $XDG_STATE_HOME/spades (else\n"
    "~/.local/state/spades), the 20 newest games; leaving names the file and the --resume command.\n"
    "\n"
    "exit codes: 0 the game ended or you left, 1 the variant has errors or an outside bot broke the protocol,\n"
    "2 bad usage, 130 interrupted\n";

namespace {

// The table: the game loop's chooser (you at your seat, bots at the others) and its observer (it says
// what happens).
struct table : observer {
  const variant& v;
  game_state& st;
  int me;
  bool color, utf8;
  seated_bots& bots;
  game_recorder* rec = nullptr;  // told when you look at your cards (null: no record)
  std::vector<move> entered;  // the rest of your last entry (several cards passed at once), still to apply
  bool announced = false;     // the move about to be applied was already said (a blind bid)
  // the move being applied: who made it, in which phase, at which trick of which hand
  int mover = -1, trick_before = 0, hands_before = 0;
  card_set drawn_before;  // your hand before your answer to a card drawn, to tell you the card it brings
  phase phase_before = phase::deal;
  card_set kitty_before;  // the cards out of play before the move: the kitty, if it is taken
  card_set kitty_for_you;  // the kitty you took, to show with your hand when you are next asked
  int kitty_taker_before = -1;
  // The tricks as the table saw them, to show the last one again: (seat, card) in the order played.
  struct trick_memory {
    std::vector<std::pair<int, int>> current, last;
    int last_winner = -1, last_number = 0, last_hand = 0;
  } tricks;
  // `undo`: the game at each of your decisions, the bots' random generator included, so that going back
  // to one replays the same bots' moves after it.
  struct decision_point {
    game_state st;
    rng r;
    trick_memory tricks;
    seated_bots bots;  // what each Monte Carlo bot had seen by then
  };
  std::vector<decision_point> decisions;
  std::optional<decision_point> undo_to;  // set when you asked to go back: the loop is left and restarted there
  int claimed_hand = -1;  // your claim of the remaining tricks was accepted in this hand: it is played out

  table(const variant& v, game_state& st, seated_bots& bots, int me, bool color, bool utf8)
      : v(v), st(st), me(me), color(color), utf8(utf8), bots(bots) {}

  std::string card(int c) const {
    std::string text = show_card(v, c, utf8 ? card_notation::symbols : card_notation::plain);
    return color && red_card(v, c) ? "\033[31m" + text + "\033[0m" : text;
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

  std::string bid_text(int bidder) const { return cli::bid_text(st, bidder); }
  void scores() const { fmt::print("{}", score_table(st, me, output_width())); }
  void summary() const { fmt::print("{}", game_summary(st, output_width())); }

  void last_trick() const {
    if (tricks.last.empty()) {
      fmt::print("  no trick has been won yet\n");
      return;
    }
    std::string cards;
    for (auto [seat, c] : tricks.last) cards += fmt::format("{}{} {}", cards.empty() ? "" : ", ", v.seat_names[seat], card(c));
    fmt::print("  last trick (trick {} of hand {}): {}; {} won it\n", tricks.last_number, tricks.last_hand, cards,
               tricks.last_winner >= 0 ? v.seat_names[tricks.last_winner] : std::string("?"));
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

  // Moves of one kind whose numbers follow one another, said once when there are three or more: "1..13",
  // "naught 4..13", "raise to 8..13".
  std::string grouped(const move* ms, int n) const {
    auto next_of = [&](const move& a, const move& b) {
      if (a.type != b.type) return false;
      if (a.type == move::bid) return a.a == b.a && b.b == a.b + 1 && v.bids[a.a].lo != v.bids[a.a].hi;
      return a.type == move::raise && a.a >= 0 && b.a == a.a + 1;
    };
    std::string out;
    for (int i = 0, j; i < n; i = j + 1) {
      for (j = i; j + 1 < n && next_of(ms[j], ms[j + 1]);) ++j;
      std::string text = format_move(st, ms[i]);
      if (j - i >= 2) {
        const std::string& words = ms[i].type == move::bid ? v.bids[ms[i].a].words : std::string("raise to");
        int lo = ms[i].type == move::bid ? ms[i].b : ms[i].a, hi = ms[j].type == move::bid ? ms[j].b : ms[j].a;
        text = fmt::format("{}{}..{}", words.empty() ? "" : words + " ", lo, hi);
      } else {
        for (int k = i + 1; k <= j; ++k) text += ", " + format_move(st, ms[k]);
      }
      out += (out.empty() ? "" : ", ") + text;
    }
    return out;
  }

  std::string legal_text() const {
    if (st.ph == phase::play) return show(st.legal_cards());
    move_list ms;
    int n = st.legal_moves(ms);
    std::string out = grouped(ms.data(), n);
    if (st.ph == phase::exchange && st.exchange_offer) return fmt::format("exchange {} cards with partner, or no", st.exchange_left);
    if (st.ph == phase::exchange) return fmt::format("pass {} of your cards", st.exchange_left);
    if (st.ph == phase::pass) return fmt::format("pass {} of your cards", st.cards_left);
    if (st.ph == phase::discard) return fmt::format("discard {} of your cards", st.cards_left);
    return out;
  }

  // The decision pending: yours from what you type (nothing when you leave), else the bot's.
  bool operator()(const game_state&, rng& r, move& out) {
    if (claim_move(out)) return true;
    if (entered.empty()) {
      bool mine = st.team_decides() ? v.team_of[me] == st.turn : st.acting_seat() == me;
      if (!mine) return bots(st, r, out);
      if (!st.has_legal_move()) return false;  // nothing to ask you: the loop reports the dead end
      decisions.push_back({st, r, tricks, bots});
      if (!human_turn()) return false;
    }
    out = entered.front();
    entered.erase(entered.begin());
    return true;
  }

  static constexpr const char* commands =
      "hand (your hand), score (the scores), last (the last trick), undo (back to your last decision), "
      "claim (the remaining tricks, when you are certain to take them all), help, quit";

  // A claim accepted plays the hand out: your cards (and the dummy's you play) the claim's search chooses,
  // every other seat its lowest legal card (runtime/claim.hpp), no one asked.
  bool claim_move(move& out) {
    if (claimed_hand != st.hands_played || st.ph != phase::play || !entered.empty()) return false;
    int c = claim_follow_card(st);
    if (claimant_plays(st, me)) check_claim(st, me, &c);
    out = move::make_card(c);
    return true;
  }

  // `claim`: accepted when you take every remaining trick whatever the others play (the engine decides,
  // saying nothing of the cards you cannot see); true when accepted, `entered` then holds your first card.
  bool claim() {
    if (st.ph != phase::play) {
      fmt::print("  a claim is made while the tricks are played, when it is your turn to play\n");
      return false;
    }
    int first = -1;
    const claim_verdict verdict = check_claim(st, me, &first);
    if (verdict == claim_verdict::too_many) fmt::print("  claim refused: too many possibilities to check; play on\n");
    if (verdict == claim_verdict::not_certain) fmt::print("  claim refused: the rest is not certain for you (another player could still take a trick); play on\n");
    if (verdict != claim_verdict::certain) return false;
    const int left = st.hands[st.turn].count();  // you (or your dummy) are to play: a card for each trick left
    fmt::print("You claim the remaining {} trick{}: certain, the rest is played out.\n", left, left == 1 ? "" : "s");
    if (rec) rec->claimed(st, me);
    claimed_hand = st.hands_played;
    entered = {move::make_card(first)};
    return true;
  }

  // The commands every prompt takes: true when `t` was one (handled, or `leave` set to leave or go back).
  bool command(const std::string& t, bool& leave, const std::string& moves) {
    if (t == "quit" || t == "exit") leave = true;
    else if (t == "score") scores();
    else if (t == "last") last_trick();
    else if (t == "help" || t == "?") fmt::print("  legal now: {}\n  commands: {}\n", moves, commands);
    else if (t == "undo") leave = undo();
    else return false;
    return true;
  }

  // Goes back to your decision before this one: false (nothing to undo) at your first.
  bool undo() {
    if (decisions.size() < 2) {
      fmt::print("  nothing to undo: this is your first decision\n");
      return false;
    }
    decisions.pop_back();
    undo_to = std::move(decisions.back());
    decisions.pop_back();  // asked again, it is taken again
    return true;
  }

  // After `undo`: back to your previous decision, the game, the bots' generator and the table's memory as they were.
  void go_back(game_state& game, rng& r) {
    game = undo_to->st;
    r = undo_to->r;
    tricks = undo_to->tricks;
    bots = undo_to->bots;
    undo_to.reset();
    entered.clear();
    announced = false;
    kitty_for_you = {};
    claimed_hand = -1;
  }

  // Reads your decision into `entered`; false when you leave.
  bool human_turn() {
    if (!st.may_see_hand(me)) {  // a decision you may make blind, before looking at your cards
      const turn_result blind = blind_turn();
      if (blind != turn_result::look) return blind == turn_result::entered;
    }
    if (!kitty_for_you.empty()) fmt::print("\nYou take the kitty: {}", show(kitty_for_you));
    kitty_for_you = {};
    const bool for_dummy = st.ph == phase::play && st.turn == v.dummy;
    show_position(for_dummy);
    return read_entry(prompt(for_dummy));
  }

  // You look at your cards: the game's state and the record know it (a blind bid is then closed to you).
  void look() {
    st.look(me);
    if (rec) rec->looked(st, me);
  }

  enum class turn_result { look, entered, left };
  // A decision you may make before looking at your cards (a blind bid, or an answer to partner's blind
  // bid): `look` when you look instead (Enter, `look` or `hand`).
  turn_result blind_turn() {
    const bool answer = st.ph == phase::agree;
    move_list ms;
    int n = st.legal_moves(ms);
    move_list blind_moves;
    int blind_count = 0;
    for (int i = 0; i < n; ++i)
      if (answer || v.bids[ms[i].a].blind) blind_moves[blind_count++] = ms[i];
    const std::string blinds = answer ? "agree, refuse" : grouped(blind_moves.data(), blind_count);
    // after partner's `go blind`, say, every bid open to you is blind: you may not look first
    const bool can_look = st.may_look(me);
    if (answer) fmt::print("Your partner bids {}, made blind: you may agree or refuse before looking at your cards.\n", format_bid(v, st.bids[st.asking].kind, st.bids[st.asking].n));
    else if (can_look) fmt::print("You may bid blind, before looking at your cards ({}).\n", blinds);
    else fmt::print("Every bid open to you is blind ({}): you bid before looking at your cards.\n", blinds);
    const char* look_offer = can_look ? ", or Enter to look" : "";
    for (;;) {
      std::string line;
      if (!read(fmt::format("{}{}: ", answer ? "Agree or refuse" : "Blind bid", look_offer), line)) return turn_result::left;
      std::string t = lower_words(line);
      if (t.empty() || t == "hand" || t == look_word) {  // looking at your hand gives up the blind decision
        if (!can_look) {
          fmt::print("  you may not look now: every bid open to you is blind ({})\n", blinds);
          continue;
        }
        look();
        return turn_result::look;
      }
      bool leave = false;
      if (command(t, leave, blinds + (can_look ? ", or Enter to look at your cards" : ""))) {
        if (leave) return turn_result::left;
        continue;
      }
      std::vector<move> parsed;
      std::string err;
      if (!parse_action(st, line, parsed, err)) { fmt::print("  {}\n", err); continue; }
      const move m = parsed.front();
      if (!answer && (m.type != move::bid || !v.bids[m.a].blind)) { fmt::print("  that is not a blind bid; press Enter to look at your cards first\n"); continue; }
      std::string why = st.why_illegal(m);
      if (!why.empty()) { fmt::print("  {}\n", why); continue; }
      if (!answer) {
        fmt::print("You bid {}.\n", format_move(st, m));
        announced = true;
      }
      entered = {m};
      return turn_result::entered;
    }
  }

  // Your hand, the dummy's when it is shown, and the trick under way.
  void show_position(bool for_dummy) {
    fmt::print("\nYour hand: {}\n", show(st.hands[me]));
    if (for_dummy) fmt::print("You play for the dummy ({}): {}\n", v.seat_names[v.dummy], show(st.hands[v.dummy]));
    else if (st.ph == phase::play && st.exposed(v.dummy))
      fmt::print("Dummy ({}, played by {}): {}\n", v.seat_names[v.dummy], who(st.controller), show(st.hands[v.dummy]));
    if (st.ph != phase::play) return;
    const std::string taken = st.bidding_skipped ? "Taken: " : "Taken/bid: ";
    fmt::print("{}{}\n", taken, wrap(standings(), output_width(), taken.size(), taken.size(), "   "));
    if (st.played == 0) fmt::print("Trick {}: {} lead{}\n", st.trick + 1, for_dummy ? "the dummy" : "you", for_dummy ? "s" : "");
    if (st.played > 0) {
      std::string trick;
      for (int i = 0; i < st.played; ++i) trick += fmt::format("{}{} {}", i ? ", " : "", v.seat_names[(st.leader + i) % v.seats], card(st.trick_cards[i]));
      const std::string winning = st.win_seat == me ? "you are winning" : fmt::format("{} is winning", v.seat_names[st.win_seat]);
      fmt::print("Trick {}: {}; {}, {} play{} next\n", st.trick + 1, trick, winning, for_dummy ? "the dummy" : "you", for_dummy ? "s" : "");
    }
  }

  // Each bidder's tricks taken so far and its bid ("N 2/3", a worded bid in its words: "W 0/nil"; no bid: "N 2"): every seat,
  // or every team when teams bid as one.
  std::string standings() const {
    std::string out;
    const int bidders = v.bid_by_team ? v.teams : v.seats;
    for (int b = 0; b < bidders; ++b) {
      if (!v.bid_by_team && b == v.dummy) continue;
      int taken = 0;
      if (v.bid_by_team) {
        for (int m : v.members[b]) taken += st.tricks_won[m];
      } else {
        taken = st.tricks_won[b];
        // the dummy's tricks count as its player's
        if (v.dummy >= 0 && st.controller == b) taken += st.tricks_won[v.dummy];
      }
      const std::string name = v.bid_by_team ? v.team_names[b] : b == me ? v.seat_names[b] + " (you)" : v.seat_names[b];
      const std::string bid = bid_text(b);  // "-": no bid this hand, the tricks alone
      out += fmt::format("{}{} {}{}", out.empty() ? "" : "   ", name, taken, bid == "-" ? "" : "/" + bid);
    }
    return out;
  }

  // What the prompt asks for the decision pending.
  std::string prompt(bool for_dummy) {
    return st.ph == phase::bid        ? "Your bid"
               : st.ph == phase::exchange && st.exchange_offer
                   ? fmt::format("Exchange {} card{} with partner? (`exchange` or `{}`)", st.exchange_left, st.exchange_left == 1 ? "" : "s",
                                 v.decline_words.empty() ? "no" : v.decline_words.front())
               : st.ph == phase::exchange ? fmt::format("Pass {} card{} to partner", st.exchange_left, st.exchange_left == 1 ? "" : "s")
               : st.ph == phase::pass     ? fmt::format("Pass {} card{} {}", st.cards_left, st.cards_left == 1 ? "" : "s", st.pass_words())
               : st.ph == phase::discard  ? fmt::format("Discard {} card{}", st.cards_left, st.cards_left == 1 ? "" : "s")
               : st.ph == phase::call && st.redeal_step()
                   ? fmt::format("Throw the hand in ({}) or `no` to play it", legal_text())
               : st.ph == phase::call     ? fmt::format("Announce ({})", legal_text())  // the list ends with the word that declines
               : st.ph == phase::draw     ? fmt::format("You draw {}: `keep` (k) or `discard` (d)", card(st.drawn))
               : st.ph == phase::agree    ? fmt::format("Your partner bids {}: agree or refuse", format_bid(v, st.bids[st.asking].kind, st.bids[st.asking].n))
               : st.ph == phase::raise    ? fmt::format("Your side bids {}: raise to {}..{}, or pass", st.side_bid(st.turn), st.side_bid(st.turn) + 1, st.raise_limit(st.turn))
               : for_dummy                ? "The dummy's card"
                                          : "Your card";
  }

  // Reads an entry for the decision pending until one is legal whole: false when you leave.
  bool read_entry(const std::string& ask) {
    for (;;) {
      std::string line;
      if (!read(fmt::format("{}: ", ask), line)) return false;
      std::string t = lower_words(line);
      if (t == "hand") { fmt::print("Your hand: {}\n", show(st.hands[me])); continue; }
      if (t == "claim") {
        if (claim()) return true;
        continue;
      }
      bool leave = false;
      if (command(t, leave, legal_text())) {
        if (leave) return false;
        continue;
      }
      if (st.ph == phase::draw && (t == "k" || t == "d")) line = t == "k" ? "keep" : "discard";  // the prompt's answers by their first letter
      std::vector<move> ms;
      std::string err;
      if (!parse_action(st, line, ms, err)) {
        // a word that is no bid at all: the bids open now, not every bid the variant knows
        if (st.ph == phase::bid && !t.empty() && !names_a_bid(v, line)) fmt::print("  '{}' is not a bid (legal now: {})\n", lower_words(line), legal_text());
        else fmt::print("  {} (type `help` for the legal moves)\n", err);
        continue;
      }
      // a bid typed otherwise than the variant says it (`zero`, `0` for Nil): which bid it was taken for
      if (ms.size() == 1 && ms[0].type == move::bid && lower_words(line) != format_move(st, ms[0]))
        fmt::print("  '{}' is taken as {}\n", lower_words(line), format_move(st, ms[0]));
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
    bots.dealt(st);
    if (st.kitty_taker >= 0) {
      card_set kitty;
      for (int p = 0; p < v.seats; ++p) kitty |= st.hands[p] & ~st.dealt[p];
      say_kitty(kitty);
    }
    if (st.bidding_skipped) fmt::print("This hand has no bidding.\n");
  }

  // Who took the kitty (and, when it is you, its cards; the others' only as a count).
  void say_kitty(card_set kitty) {
    for (int p = 0; p < v.seats; ++p) {
      card_set got = kitty & st.hands[p];
      if (got.empty()) continue;
      if (p == me) kitty_for_you = got;  // said with your hand, after any blind bid: you have not looked yet
      else fmt::print("{} takes the kitty ({} card{})\n", who(p), got.count(), got.count() == 1 ? "" : "s");
    }
  }

  // Says the move about to be applied.
  void moving(const game_state&, const move& m) {
    bots.moving(st, m);
    int seat = mover = st.acting_seat();
    phase ph = phase_before = st.ph;
    const std::string passing_to = st.pass_words();
    trick_before = st.trick;
    hands_before = st.hands_played;
    drawn_before = st.hands[me];
    kitty_before = st.out_of_play;
    kitty_taker_before = st.kitty_taker;
    if (ph == phase::play) tricks.current.push_back({st.turn, m.a});
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
    } else if (ph == phase::agree) {
      fmt::print("{} {} {}'s bid\n", who(seat), m.a ? (seat == me ? "agree to" : "agrees to") : (seat == me ? "refuse" : "refuses"), who(st.asking));
    } else if (m.type == move::choice) {
      fmt::print("{} {} the exchange with partner\n", who(seat), m.a != 0 ? (seat == me ? "take" : "takes") : (seat == me ? "decline" : "declines"));
    } else if (ph == phase::exchange || ph == phase::pass) {
      fmt::print("{} pass{} a card {}{}\n", who(seat), seat == me ? "" : "es", passing_to, seat == me ? fmt::format(" ({})", card(m.a)) : "");
    } else if (ph == phase::discard) {
      fmt::print("{} discard{} a card{}\n", who(seat), seat == me ? "" : "s", seat == me ? fmt::format(" ({})", card(m.a)) : "");
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
    bots.moved(st, m);
    if (phase_before != phase::play && st.ph == phase::play && st.exposed(v.dummy))
      fmt::print("{} play{} the dummy ({}) as partner; it is exposed: {}\n", who(st.controller), st.controller == me ? "" : "s",
                 v.seat_names[v.dummy], show(st.hands[v.dummy]));
    // discarding the card drawn brings the next one, unseen by the others
    if (phase_before == phase::draw && mover == me && m.a == 0 && (st.hands[me] & ~drawn_before).count() == 1)
      fmt::print("You take {}\n", card((st.hands[me] & ~drawn_before).first()));
    // the cards passed to you, once they change hands (a pass: all at once; an exchange: from partner)
    if (phase_before == phase::pass || phase_before == phase::exchange) {
      card_set got = st.hands[me] & ~drawn_before;
      if (!got.empty() && phase_before == phase::exchange) fmt::print("You receive {} from {}\n", show(got), who(mover));
      else if (!got.empty()) fmt::print("You receive {} (passed to you)\n", show(got));
    }
    if (kitty_taker_before < 0 && st.kitty_taker >= 0 && hands_before == st.hands_played) say_kitty(kitty_before);
    if (phase_before == phase::play && (st.trick != trick_before || st.hands_played != hands_before)) {
      tricks.last = std::move(tricks.current);
      tricks.current.clear();
      tricks.last_winner = st.last_trick_winner;
      tricks.last_number = trick_before + 1;
      tricks.last_hand = hands_before + 1;
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

// What Ctrl-C says, made before the game so that the handler only writes it (no allocation in a signal).
char interrupt_message[1024] = "\ninterrupted: goodbye\n";

void on_interrupt(int) {
  (void)!write(1, interrupt_message, std::strlen(interrupt_message));
  _exit(130);
}

// Where a game is saved, and how to go on with it: said when you leave.
std::string saved_words(const std::string& path) {
  return path.empty() ? "" : fmt::format(" (the game is saved: `spades play --resume {}` goes on with it)", path);
}

// The folder games are kept in, made when missing; "" when it can be neither named nor made.
std::string autosave_dir() {
  namespace fs = std::filesystem;
  const fs::path dir = kept_games_folder();
  std::error_code ec;
  if (dir.empty() || (fs::create_directories(dir, ec), !fs::is_directory(dir, ec))) return {};
  return dir.string();
}

// A new game's file in the autosave folder, the oldest games removed so that it keeps max_autosaves.
std::string autosave_path(uint64_t seed) {
  namespace fs = std::filesystem;
  const std::string dir = autosave_dir();
  if (dir.empty()) return {};
  std::vector<std::pair<fs::file_time_type, fs::path>> games;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end && games.size() < 10000; it.increment(ec))
    if (it->path().filename().string().rfind("game-", 0) == 0 && it->path().extension() == ".json") games.push_back({it->last_write_time(ec), it->path()});
  std::sort(games.begin(), games.end());
  for (size_t i = 0; i + max_autosaves <= games.size(); ++i) fs::remove(games[i].second, ec);
  const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  return (fs::path(dir) / fmt::format("game-{:%Y%m%d-%H%M%S}-{}.json", fmt::localtime(now), seed % 1000000)).string();
}

}  // namespace

std::string kept_games_folder() {
  namespace fs = std::filesystem;
  const char* state = std::getenv("XDG_STATE_HOME");
  const char* home = std::getenv("HOME");
  return state && *state == '/' ? (fs::path(state) / "spades").string() : home && *home ? (fs::path(home) / ".local/state/spades").string() : "";
}

namespace {

// The game at the table from where it stands, with `undo` going back to your previous decision, until it is
// over or you leave; the record saved as it goes.
int play_on(const variant& v, game_state& st, rng& r, table& tb, recorded_table<table>& rt, game_recorder* rec,
            const std::string& record_path, int me, uint64_t seed) {
  std::string banner = fmt::format("{} - you are {} ", v.name, v.seat_names[me]);
  if (v.partner[me] >= 0) banner += fmt::format("(partner {}) ", v.seat_names[v.partner[me]]);
  if (v.dummy >= 0) banner += fmt::format("({} is a dummy, played each hand by the player the rules give it to) ", v.seat_names[v.dummy]);
  banner += fmt::format("(seed {}). Type `help` at a prompt for the legal moves.", seed);
  fmt::print("{}\n", wrap(banner, output_width(), 0, 0, ") "));  // between its brackets where it can
  loop_end end;
  while ((end = run_game(st, r, rt, rt)) == loop_end::left && tb.undo_to) {
    tb.go_back(st, r);
    rt.undo();  // the record as it was at that decision
    fmt::print("Back to your previous decision (hand {}).\n", st.hands_played + 1);
  }
  if (end == loop_end::left) {
    if (rec) save_record(*rec, record_path);
    fmt::print("goodbye{}\n", saved_words(record_path));
    return 0;
  }
  if (rec) {
    rec->end_game(st);
    save_record(*rec, record_path);
  }
  const std::string over = st.winner >= 0 ? fmt::format("Game over: {} win ({}): {}.", v.team_names[st.winner], st.end_reason(),
                                                          v.team_of[me] == st.winner ? "you win - well played" : "you lose")
                                           : fmt::format("Game over: no winner ({}).", st.end_reason());
  fmt::print("{}\n", wrap(over, output_width(), 0, 2));
  tb.summary();
  return 0;
}

// After a game: another? (yes or y; no, n, quit or the end of input leave).
bool another_game() {
  for (;;) {
    std::string line;
    if (!table::read("\nAnother game? (yes or no): ", line)) return false;
    const std::string t = lower_words(line);
    if (t == "yes" || t == "y") return true;
    if (t == "no" || t == "n" || t == "quit" || t == "exit") return false;
    fmt::print("  answer yes or no\n");
  }
}

// With --resume: the record read, and the variant, options, seed and seat it gives put into `file` and `a`.
std::optional<record_file> resumed(args& a, std::string& file) {
  if (!a.has("--resume")) return std::nullopt;
  if (!a.positional.empty() || a.has("--seat") || a.has("--seed") || !a.multi.empty())
    throw usage_error("--resume takes the variant, seat, seed and options from the record: give none of them");
  if (a.has("--bot") || a.has("--bots") || a.has("--mc-budget"))
    throw usage_error("--resume plays on against the bots the game was played against: give no --bot, --bots or --mc-budget");
  std::optional<record_file> saved = read_record(a.get("--resume"));
  // the Monte Carlo bots' playouts as recorded (records before it was kept: the default then)
  const nlohmann::ordered_json& meta = saved->d.doc["record"];
  if (meta.contains("mc_budget")) a.values["--mc-budget"] = std::to_string(meta["mc_budget"].get<int64_t>());  // checked by read_record
  if (saved->command != "play") throw usage_error(fmt::format("'{}' is a record of `spades {}`, not of a game played at the table", a.get("--resume"), saved->command));
  file = saved->d.ruleset;
  a.multi = saved->options;
  a.values["--seed"] = std::to_string(saved->seed);
  if (!saved->seat.empty()) a.values["--seat"] = saved->seat;
  return saved;
}

// The seat you play: --seat, else S where there is one, else the first; never the dummy.
int your_seat(const variant& v, const args& a) {
  int me = v.find_seat("S") >= 0 ? v.find_seat("S") : 0;
  if (a.has("--seat")) {
    me = v.find_seat(a.get("--seat"));
    if (me < 0) throw usage_error(fmt::format("unknown seat '{}' (seats: {})", a.get("--seat"), fmt::join(v.seat_names, " ")));
    if (me == v.dummy) throw usage_error(fmt::format("seat '{}' is the dummy, which no one sits at: choose another seat", a.get("--seat")));
  }
  if (me == v.dummy) me = (me + 1) % v.seats;
  return me;
}

}  // namespace

int cmd_play(int argc, char** argv) {
  if (wants_help(argc, argv, help)) return 0;
  args a = parse_args("play", argc, argv, {}, {"--seat", "--seed", "--option", "--bot", "--bots", "--bot-timeout", "--mc-budget", "--record", "--resume", "--notation"});
  if (a.positional.size() > 1) throw usage_error("name at most one variant file");
  std::string file = a.positional.empty() ? default_ruleset() : variant_path(a.positional[0]);
  const std::optional<record_file> saved = resumed(a, file);
  const uint64_t seed = a.has("--seed") ? (uint64_t)a.get_int("--seed", 0, 0, INT64_MAX)
                                        : (uint64_t)std::chrono::system_clock::now().time_since_epoch().count();
  // without --record, the game is kept in the autosave folder (--resume goes on in its own file)
  const std::string record_path = a.has("--record") ? a.get("--record") : a.has("--resume") ? a.get("--resume") : autosave_path(seed);
  if (!record_path.empty()) check_output_path(a.has("--record") ? "--record" : "--resume", record_path, {file});
  auto vp = load_or_report(file, a.multi);
  if (!vp) return 1;
  const variant& v = *vp;
  const int me = your_seat(v, a);
  if (a.has("--bot") && a.has("--bots")) throw usage_error("give --bot NAME (every bot) or --bots SPEC (per side or seat), not both");
  // the Monte Carlo bot unless --bot or --bots says; a resumed game goes on with the bots it was played against
  std::string bots_spec = bot_name(bot_kind::mc);
  if (saved) bots_spec = saved->bot.empty() ? bot_name(bot_kind::rule) : saved->bot;
  else if (a.has("--bots")) bots_spec = a.get("--bots");
  else if (a.has("--bot")) {
    if (!find_bot(a.get("--bot"))) throw usage_error(fmt::format("--bot: unknown bot '{}' (bots: {})", a.get("--bot"), bot_names()));
    bots_spec = a.get("--bot");
  }
  seat_bots kinds = read_bots(v, bots_spec);
  kinds.kinds[me] = bot_kind::rule;  // your seat: no bot decides there
  kinds.exec.timeout_ms = (int)a.get_int("--bot-timeout", default_bot_timeout_ms, 1, max_bot_timeout_ms);
  mc_options mc;
  mc.budget = (int)a.get_int("--mc-budget", mc.budget, 1, max_mc_budget);
  if (!record_path.empty())
    *fmt::format_to_n(interrupt_message, sizeof interrupt_message - 1, "\ninterrupted: goodbye{}\n", saved_words(record_path)).out = '\0';
  std::signal(SIGINT, on_interrupt);
  const terminal term = this_terminal();
  rng r(seed);
  game_state st;
  st.new_game(v, (int)r.below((uint32_t)v.seats));
  apply_options(st, a.multi);
  seated_bots bots(kinds.kinds, seed, cached_calibration(v), mc, &kinds.exec);
  table tb(v, st, bots, me, term.color, notation_wanted(a, term) == card_notation::symbols);
  std::unique_ptr<game_recorder> rec;
  if (!record_path.empty()) {
    nlohmann::ordered_json meta = record_meta("play", st, a.multi, seed);
    meta["seat"] = v.seat_names[me];
    meta["bot"] = bots_spec;
    meta["mc_budget"] = mc.budget;
    rec = std::make_unique<game_recorder>(v, ruleset_for(file, record_path), meta);
    rec->start_game(st);
  }
  tb.rec = rec.get();
  bots.on_look([&](int seat) {  // an outside bot looking at its cards: the game and the record know it
    st.look(seat);
    if (rec) rec->looked(st, seat);
  });
  recorded_table<table> rt(tb, rec.get(), record_path, me);
  if (saved) {
    size_t moves = resume_game(*saved, st, r, me, bots, rec.get());
    if (st.ph == phase::over) throw usage_error(fmt::format("the game in '{}' is over: there is nothing to resume", a.get("--resume")));
    fmt::print("Resumed {}: hand {}, {} dealt ({} moves replayed).\n", a.get("--resume"), st.hands_played + 1, v.seat_names[st.dealer], moves);
    tb.scores();
  }
  try {
    for (;;) {
      play_on(v, st, r, tb, rt, rec.get(), record_path, me, seed);
      if (st.ph != phase::over || !another_game()) return 0;
      // the next game: same variant, seat, bots and options, the generator going on (the record holds both games)
      st.new_game(v, (int)r.below((uint32_t)v.seats));
      apply_options(st, a.multi);
      tb.decisions.clear();
      tb.tricks = {};
      rt.at_decision.clear();
      if (rec) rec->start_game(st);
    }
  } catch (const bot_error&) {
    if (rec) save_record(*rec, record_path);  // the game up to the outside bot's failure
    throw;
  }
}

}  // namespace spades::cli
