// spades graph FILE: the compiled course of a hand as a Graphviz DOT state machine: a node per step, the
// edges that take the hand from one to the next with their conditions (a step's `when`, the bidding's
// `skip when`, a misdeal that throws the hand in), the loops within a step (bidders, tricks), the scoring
// and the check for the end of the game.
#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "lang/formula_text.hpp"
#include "runtime/notation.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades graph FILE\n"
    "\n"
    "Prints the course of a hand of the variant as a Graphviz DOT digraph: a node per step of the course,\n"
    "then the scoring and the game-end check; edges carry the conditions that take them (a step's\n"
    "condition, steps passed over, a misdeal throwing the hand in, the bidding and play loops, the game's\n"
    "end or the next hand). Render it with e.g. `spades graph FILE | dot -Tsvg > course.svg`.\n"
    "\n"
    "exit codes: 0 printed, 1 the variant has errors, 2 bad usage or the file cannot be read\n";

namespace {

using lang::formula_text;
using lang::scope;

// The longest label written, in bytes: Graphviz refuses longer strings (a variant of 3,000 rules would
// otherwise list them all in one node).
constexpr size_t max_label = 1000;

// A DOT string: quotes and backslashes escaped; "\n" in `s` becomes DOT's centred line break; past
// max_label bytes cut at a character's start and ended with "...".
std::string dot_string(std::string s) {
  if (s.size() > max_label) {
    size_t cut = max_label;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
    s = s.substr(0, cut) + "...";
  }
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') out += "\\n";
    else out += c;
  }
  return out + "\"";
}

std::string node_id(const hand_step& h) { return "step_" + h.name; }

// A list "a, b, c" folded into lines of at most `width` characters (a longer item stays whole), so a
// node stays narrow.
std::string folded(const std::string& list, size_t width = 40) {
  std::string out, line;
  size_t at = 0;
  while (at <= list.size()) {
    size_t end = list.find(", ", at);
    const std::string item = list.substr(at, end == std::string::npos ? std::string::npos : end - at);
    if (!line.empty() && line.size() + 2 + item.size() > width) {
      out += line + ",\n";
      line.clear();
    }
    line += (line.empty() ? "" : ", ") + item;
    if (end == std::string::npos) break;
    at = end + 2;
  }
  return out + line;
}

// Who leads the first trick, in words.
std::string first_lead(const variant& v) {
  switch (v.lead) {
    case lead_start::dealer_left: return "the dealer's left leads";
    case lead_start::dealer: return "the dealer leads";
    case lead_start::dealer_right: return "the dealer's right leads";
    case lead_start::holder: {
      std::vector<std::string> cards;
      for (int c : v.lead_holder) cards.push_back(v.cards[c].name);
      return fmt::format("the holder of {} leads{}", fmt::join(cards, " or "), v.lead_holder_card ? " it" : "");
    }
  }
  return "";
}

// The bids that call for an exchange, and how many cards: "blind nil: 2 each way".
std::string exchanges_called(const variant& v) {
  std::vector<std::string> out;
  for (const bid_kind& b : v.bids)
    if (b.exchange > 0) out.push_back(fmt::format("{}: {} each way{}", b.words.empty() ? b.name : b.words, b.exchange, b.exchange_optional ? ", if the bidder chooses" : ""));
  return out.empty() ? "no bid calls for one" : fmt::format("{}", fmt::join(out, "\n"));
}

// The calls open at a calls step (a misdeal step has only those that redeal).
std::string calls_made(const variant& v, const hand_step& h) {
  std::vector<std::string> out;
  for (const call_kind& c : v.calls)
    if (c.redeal == h.redeal) out.push_back(c.words);
  return out.empty() ? "none in this variant" : fmt::format("{}", fmt::join(out, ", "));
}

// Who takes the kitty, as the step's rule gives it (runtime/game.cpp, start_take).
std::string kitty_taken(const variant& v, const hand_step& h) {
  switch (h.taker) {
    case taker_rule::dealer: return "the dealer takes the kitty";
    case taker_rule::holder: {
      std::vector<std::string> cards;
      for (int c : h.cards) cards.push_back(v.cards[c].name);
      return folded(fmt::format("the first held of {} (else the dealer): its holder takes the kitty", fmt::join(cards, ", ")));
    }
    case taker_rule::side_bidding_more: {
      std::string out = h.one_each ? "one card each to the side bidding more,\nits top bidder first" : "the side bidding more: its top bidder\ntakes the kitty";
      // an option that chooses the sharing (`take side bidding more OPTION`): the other way, as it chooses it
      for (size_t i = 0; i < v.option_specs.size(); ++i) {
        const option_spec& o = v.option_specs[i];
        const char* other = h.one_each ? "both" : "one_each";
        if (o.type == option_type::choice && o.in_settings && std::find(o.words.begin(), o.words.end(), other) != o.words.end())
          out += fmt::format("\n(with {} = {}: {})", v.option_names[i], other,
                             h.one_each ? "its top bidder\ntakes both" : "one card each,\nits top bidder first");
      }
      return out + "\n(equal sides: one card a side)";
    }
  }
  return "";
}

// What the step does in this variant, in a few lines for its node: its name (and kind, when the name is
// not the kind's word), then what it deals, bids, calls, passes or plays.
std::string step_label(const variant& v, const hand_step& h) {
  std::string what;
  switch (h.kind) {
    case step_kind::deal:
      what = fmt::format("deal {} each", v.deal_size);
      if (v.leftover == leftover_rule::kitty) what += ", the rest a kitty";
      else if (v.leftover == leftover_rule::stock) what += ", the rest a stock";
      else if (v.leftover == leftover_rule::out) what += ", the rest out of play";
      break;
    case step_kind::take: what = kitty_taken(v, h); break;
    case step_kind::discard: what = h.extra ? "discard down to a hand" : fmt::format("the taker discards {}", h.count); break;
    case step_kind::pass: what = fmt::format("each passes {} to {}", h.count, word_of(pass_to_words, h.to)); break;
    case step_kind::bid:
      what = h.raise ? "each side may raise its bid" : fmt::format("{}\n{}", v.bid_by_team ? "a bid per team" : "a bid per player", folded(bid_summary(v)));
      break;
    case step_kind::calls: what = folded(fmt::format("{}: {}", h.redeal ? "misdeal calls" : "calls", calls_made(v, h))); break;
    case step_kind::exchange: what = "exchanges\n" + exchanges_called(v); break;
    case step_kind::play: what = fmt::format("{} tricks\n{}", v.tricks_per_hand, first_lead(v)); break;
    case step_kind::partner: what = fmt::format("the dummy {} to the highest bidder", v.seat_names[v.dummy]); break;
    case step_kind::draw: what = fmt::format("draw, keep 1 of {}", h.count); break;
  }
  const std::string kind{word_of(step_kind_words, h.kind)};
  return fmt::format("{}\n{}", h.name == kind ? h.name : fmt::format("{} ({})", h.name, kind), what);
}

// A step that may have nothing to do in a hand, and is then passed over.
bool may_pass_over(const variant& v, const hand_step& h) {
  switch (h.kind) {
    case step_kind::calls:
    case step_kind::exchange: return true;
    case step_kind::bid: return h.raise || v.skip_bidding_when >= 0;
    case step_kind::discard: return h.extra;
    default: return false;
  }
}

std::string pass_over_label(const variant& v, const hand_step& h) {
  if (h.when >= 0) return "not (" + formula_text(v, h.when, scope::game) + ")";
  if (h.kind == step_kind::bid && !h.raise) return "skip when " + formula_text(v, v.skip_bidding_when, scope::game);
  return "no " + h.name;
}

void self_loops(const variant& v, const hand_step& h, std::string& out) {
  std::string id = node_id(h);
  auto loop = [&](const std::string& label) { out += fmt::format("  {} -> {} [label={}];\n", id, id, dot_string(label)); };
  switch (h.kind) {
    case step_kind::bid:
      if (h.raise) loop("next side: raise or pass");
      else {
        loop(v.bid_by_team ? "next team bids" : "next player bids");
        for (const bid_kind& b : v.bids)
          if (b.agree) {
            loop("partner refuses: bid again");
            break;
          }
      }
      break;
    case step_kind::pass: loop("next player chooses"); break;
    case step_kind::calls: loop("next maker: a call or no"); break;
    case step_kind::exchange: loop("next exchange"); break;
    case step_kind::draw: loop("next turn"); break;
    case step_kind::discard: if (h.extra) loop("next player"); break;
    case step_kind::play: loop("next trick: the winner leads"); break;
    default: break;
  }
}

std::string end_label(const variant& v) {
  std::vector<std::string> ways;
  if (v.win_when >= 0) ways.push_back("a team wins: " + formula_text(v, v.win_when, scope::team));
  if (v.lose_when >= 0) ways.push_back("a team loses: " + formula_text(v, v.lose_when, scope::team));
  bool statements = false;
  std::function<void(const std::vector<stmt>&)> walk = [&](const std::vector<stmt>& ss) {
    for (const stmt& s : ss) {
      if (s.o == stmt_op::win || s.o == stmt_op::lose) statements = true;
      walk(s.then_body);
      walk(s.else_body);
    }
  };
  for (const score_rule& r : v.rules) walk(r.body);
  if (statements) ways.push_back("a rule says win or lose");
  if (v.has_target)
    ways.push_back(v.target_option >= 0 ? fmt::format("a score reaches {}", v.option_names[v.target_option]) : fmt::format("a score reaches {}", v.target));
  ways.push_back(fmt::format("{} hands played (stopped)", v.max_hands));
  std::string out;
  for (const std::string& w : ways) out += (out.empty() ? "" : "\nor ") + w;
  return out;
}

std::string graph(const variant& v) {
  std::string out = fmt::format("digraph {} {{\n", dot_string(v.id));
  out += fmt::format("  label={};\n  labelloc=t;\n", dot_string(v.name + ": the course of a hand"));
  out += "  node [shape=box, style=rounded];\n";
  out += "  hand [shape=circle, label=\"hand\"];\n";
  for (const hand_step& h : v.course) {
    bool dashed = h.when >= 0 || may_pass_over(v, h);
    out += fmt::format("  {} [label={}{}];\n", node_id(h), dot_string(step_label(v, h)), dashed ? ", style=\"rounded,dashed\"" : "");
  }
  // at most a dozen rules named, so the node stays readable
  constexpr size_t named = 12;
  std::vector<std::string> rules;
  for (const score_rule& r : v.rules)
    if (rules.size() < named) rules.push_back(r.name);
  if (v.rules.size() > named) rules.push_back(fmt::format("and {} more", v.rules.size() - named));
  out += fmt::format("  score [label={}];\n", dot_string("score the hand\n" + (rules.empty() ? std::string("no rules") : folded(fmt::format("rules: {}", fmt::join(rules, ", "))))));
  out += "  game_end [shape=diamond, label=\"game over?\"];\n";
  out += "  over [shape=doublecircle, label=\"game over\"];\n";
  // each step reached from the one before; a step that may be passed over also lets the hand go past it
  out += fmt::format("  hand -> {} [label={}];\n", node_id(v.course.front()), dot_string("the dealer deals"));
  std::vector<std::pair<std::string, std::string>> from;  // the nodes that lead on, with the edge's label
  from.push_back({node_id(v.course.front()), ""});
  for (size_t i = 1; i < v.course.size(); ++i) {
    const hand_step& h = v.course[i];
    std::vector<std::pair<std::string, std::string>> next;
    for (auto& [f, label] : from) {
      std::string l = label;
      if (h.when >= 0) l = (l.empty() ? "" : l + "\n") + "when " + formula_text(v, h.when, scope::game);
      out += fmt::format("  {} -> {}{};\n", f, node_id(h), l.empty() ? "" : " [label=" + dot_string(l) + "]");
    }
    if (h.when >= 0 || may_pass_over(v, h)) {
      for (auto& [f, label] : from) next.push_back({f, (label.empty() ? "" : label + ", ") + pass_over_label(v, h)});
    }
    next.push_back({node_id(h), h.kind == step_kind::calls && h.redeal ? "nobody calls" : ""});
    from = std::move(next);
    if (h.kind == step_kind::calls && h.redeal)
      out += fmt::format("  {} -> {} [label={}];\n", node_id(h), node_id(v.course.front()), dot_string("a misdeal is called:\nthe same dealer deals again"));
  }
  for (const hand_step& h : v.course) self_loops(v, h, out);
  out += fmt::format("  {} -> score [label={}];\n", node_id(v.course.back()), dot_string("last trick"));
  out += "  score -> game_end;\n";
  out += fmt::format("  game_end -> over [label={}];\n", dot_string(end_label(v)));
  std::string rotate = v.rotate == 1 ? "the deal passes left" : v.rotate == -1 ? "the deal passes right" : "the same dealer";
  out += fmt::format("  game_end -> hand [label={}];\n", dot_string("play on: " + rotate));
  return out + "}\n";
}

}  // namespace

int cmd_graph(int argc, char** argv) {
  if (wants_help(argc, argv, help)) return 0;
  args a = parse_args("graph", argc, argv, {}, {});
  if (a.positional.size() != 1) throw usage_error("name one variant file");
  std::shared_ptr<const variant> v = load_or_report(a.positional[0]);
  if (!v) return 1;
  fmt::print("{}", graph(*v));
  return 0;
}

}  // namespace spades::cli
