// elaborate_course: `course` -> the table of steps a hand walks (variant::course). A file with no course
// gets the course every variant had before courses could be written; a step whose arguments are omitted
// takes them from the settings of 'deal', and one those settings leave idle is left out of the table.
#include <algorithm>

#include <fmt/format.h>

#include "lang/elaborate.hpp"

namespace spades::lang {

namespace {

// A step as written (or as the default course has it), before it is compiled.
struct step_spec {
  word name, kind;
  std::vector<word> args;  // after the kind
  const item* decl = nullptr;  // null: the default course
  pos at;
};

// The course of a file that states none: the steps the engine walked before courses were written.
constexpr enum_word<step_kind> default_course[] = {
    {"deal", step_kind::deal},   {"kitty", step_kind::take},     {"early_discard", step_kind::discard}, {"pass", step_kind::pass},
    {"bidding", step_kind::bid}, {"calls", step_kind::calls},    {"late_discard", step_kind::discard},  {"exchange", step_kind::exchange},
    {"play", step_kind::play}};

std::vector<step_spec> specs(const elaboration& e) {
  std::vector<step_spec> out;
  if (!e.r.find(block_kind::course)) {
    for (const auto& d : default_course)
      out.push_back({{std::string(d.word), {}}, {std::string(word_of(step_kind_words, d.value)), {}}, {}, nullptr, {}});
    return out;
  }
  for (const item& it : e.items(block_kind::course)) {
    const step_decl& d = it.as<step_decl>();
    step_spec s{*it.name, d.kind, d.args, &it, it.at};
    out.push_back(std::move(s));
  }
  return out;
}

void no_arguments(const step_spec& s, const char* why) {
  if (!s.args.empty()) fail(s.args[0].at, fmt::format("expected the end of the line: {}", why));
}

// take [dealer | holder CARD... | side bidding more]: without arguments, as `kitty` in 'deal' says.
bool take(elaboration& e, const step_spec& s, hand_step& h) {
  const variant& v = e.v;
  if (v.leftover != leftover_rule::kitty) {
    if (s.args.empty()) return false;  // nothing left over to take
    fail(s.kind.at, "a `take` step hands out the leftover cards: it needs `leftover kitty` in 'deal'");
  }
  if (s.args.empty()) {
    h.taker = v.kitty_holder.empty() ? taker_rule::dealer : taker_rule::holder;
    h.cards = v.kitty_holder;
    return true;
  }
  if (s.args.size() >= 3 && s.args[0].text == "side" && s.args[1].text == "bidding" && s.args[2].text == "more") {
    h.taker = taker_rule::side_bidding_more;
    if (s.args.size() == 3) return true;
    const std::string& how = s.args[3].text;
    if (s.args.size() > 4 || (how != "both" && how != "one_each"))
      fail(s.args[s.args.size() > 4 && (how == "both" || how == "one_each") ? 4 : 3].at,
           "expected the end of the line, `both` or `one_each` after `take side bidding more` (how the side on top shares the "
           "cards: its higher bidder takes them all, or its members take one each), or an option whose value is one of them");
    h.one_each = how == "one_each";
    return true;
  }
  const taker_rule who = choose_word(s.args[0], taker_rule_words, "taker");
  if (who == taker_rule::side_bidding_more)
    fail(s.args[0].at, "expected `take side bidding more`: the side whose bids add up to the most takes the leftover cards");
  if (who == taker_rule::dealer) {
    if (s.args.size() > 1) fail(s.args[1].at, "expected the end of the line after `take dealer`");
    h.taker = taker_rule::dealer;
    return true;
  }
  if (s.args.size() < 2) fail(s.args[0].at, "expected `take holder CARD...`: the holder of the first of these cards dealt takes the leftover cards");
  h.taker = taker_rule::holder;
  for (size_t i = 1; i < s.args.size(); ++i) h.cards.push_back(card_of(v, s.args[i]));
  return true;
}

// pass [N to partner|left|right|across]: without arguments, as `pass N to partner` in 'deal' says.
bool pass(elaboration& e, const step_spec& s, hand_step& h) {
  const variant& v = e.v;
  if (s.args.empty()) {
    h.count = v.pass_count;
    h.to = pass_to::partner;
    return v.pass_count > 0;
  }
  h.count = to_int(s.args[0], 1, v.hand_size, "the number of cards passed (at most a hand)");
  if (s.args.size() != 3 || s.args[1].text != "to")
    fail(s.args.size() > 1 ? s.args[1].at : s.args[0].at, "expected `pass N to partner`, `to left`, `to right` or `to across`");
  h.to = choose_word(s.args[2], pass_to_words, "direction to pass");
  if (h.to == pass_to::partner)
    for (int p = 0; p < v.seats; ++p)
      if (v.partner[p] < 0) fail(s.args[2].at, "passing to partner needs every player to have exactly one partner", because_of_teams(e, s.args[2].at));
  if (h.to == pass_to::across && v.seats % 2 != 0)
    fail(s.args[2].at, fmt::format("passing across needs an even number of players, not {}", v.seats));
  return true;
}

// discard: the kitty's taker discards as `discard N before|after bidding` in 'deal' says, when the step
// stands on that side of the bidding. discard extra: whoever holds more than a hand discards down to it.
bool discard(elaboration& e, const step_spec& s, hand_step& h, bool before_bidding) {
  if (!s.args.empty() && s.args[0].text == "extra") {
    if (s.args.size() > 1) fail(s.args[1].at, "expected the end of the line after `discard extra`");
    h.extra = true;
    return true;
  }
  no_arguments(s, "a discard step discards as `discard N before|after bidding` in 'deal' says, or `discard extra`");
  const variant& v = e.v;
  h.count = v.discard;
  return v.discard > 0 && v.discard_before_bidding == before_bidding;
}

bool redeal_calls(const variant& v) {
  return std::any_of(v.calls.begin(), v.calls.end(), [](const call_kind& c) { return c.redeal; });
}

// A call that throws the hand in is made in a calls step before the bidding: the course must have one.
void check_redeal_step(elaboration& e) {
  const variant& v = e.v;
  if (!redeal_calls(v) || std::any_of(v.course.begin(), v.course.end(), [](const hand_step& h) { return h.redeal; })) return;
  for (const symbol* s : e.syms.of(symbol_kind::call)) {
    if (s->owner) continue;  // a conversion: it cannot throw the hand in
    for (const item& o : s->decl->as<call_decl>().options)
      if (o.kind == form::redeal)
        fail(o.at, fmt::format("'{}' throws the hand in, so it is called before the bidding: the course needs a calls step "
                               "there (`step misdeal calls before {}`)", s->name, v.course_bid >= 0 ? v.course[v.course_bid].name : "bidding"));
  }
}

// bid [raise]: the bidding as 'bidding' says, or a raise round after it (each side in turn may raise its bid).
bool raise_round(const step_spec& s) {
  if (s.args.empty()) return false;
  if (s.args[0].text != "raise") fail(s.args[0].at, "expected `bid` alone (the bidding, as 'bidding' says) or `bid raise` (a round in which each side may raise its bid)");
  if (s.args.size() > 1) fail(s.args[1].at, "expected the end of the line after `bid raise`");
  return true;
}

// partner highest_bidder: the dummy seat goes to the player the rule chooses, after the bidding it reads.
void partner(elaboration& e, const step_spec& s, hand_step& h) {
  const variant& v = e.v;
  if (v.dummy < 0)
    fail(s.kind.at, "a `partner` step gives the dummy seat a player, but no seat is a dummy: name one with `dummy SEAT` in 'players'");
  if (s.args.empty()) fail(s.kind.at, "expected who is given the dummy: `partner highest_bidder`");
  h.controller = choose_word(s.args[0], controller_rule_words, "rule choosing the dummy's player");
  if (s.args.size() > 1) fail(s.args[1].at, "expected the end of the line after `partner highest_bidder`");
  if (s.decl && s.decl->cond)
    fail(s.decl->cond->at, "the dummy must have a player in every hand: a `partner` step takes no condition");
}

// draw [keep 1 of N] [from dealer|dealer_left]: the players draw from the stock in turn, clockwise from
// the dealer's left (or the dealer), until each holds a hand; a turn looks at N cards one by one and keeps
// one (the first the drawer keeps, or the last), the others out of play.
void draw(elaboration& e, const step_spec& s, hand_step& h) {
  const variant& v = e.v;
  if (v.leftover != leftover_rule::stock) fail(s.kind.at, "a `draw` step draws from the stock: it needs `leftover stock` in 'deal'");
  h.count = 1;
  size_t i = 0;
  if (i < s.args.size() && s.args[i].text == "keep") {
    if (s.args.size() < i + 4 || s.args[i + 1].text != "1" || s.args[i + 2].text != "of")
      fail(s.args[std::min(s.args.size() - 1, i + 1)].at, "expected `keep 1 of N`: a turn looks at up to N cards, one by one, and keeps one of them");
    h.count = to_int(s.args[i + 3], 1, max_cards, "the cards a turn looks at");
    i += 4;
  }
  if (i < s.args.size()) {
    if (s.args[i].text != "from" || i + 1 >= s.args.size())
      fail(s.args[i].at, "expected `keep 1 of N` or `from dealer|dealer_left` (who draws first)");
    constexpr enum_word<bool> drawers[] = {{"dealer_left", false}, {"dealer", true}};  // does the dealer draw first
    h.dealer_first = choose_word(s.args[i + 1], drawers, "first drawer");
    if (i + 2 < s.args.size()) fail(s.args[i + 2].at, "expected the end of the line after the first drawer");
  }
  const int owed = v.hand_size - v.deal_size, stock = (int)v.cards.size() - v.deal_size * v.seats;
  if (owed == 0) fail(s.kind.at, fmt::format("every player is dealt a whole hand of {}: there is nothing to draw (set `deal_size` in 'deal' below the hand size)", v.hand_size));
  if (stock < v.seats * owed * h.count)
    fail(s.kind.at, fmt::format("the stock of {} cards cannot give {} players {} card{} each: at {} card{} a turn, that takes {}", stock, v.seats, owed,
                                owed == 1 ? "" : "s", h.count, h.count == 1 ? "" : "s", v.seats * owed * h.count));
}

// A step placed `before` or `after` another by the author.
bool placed(const step_spec& s) { return s.decl && s.decl->as<step_decl>().place.has_value(); }

// The step at `i` comes after the play step at `play`: said at the step, with why it is there (placed by a
// step that is itself after the play, or added to an inherited course, which puts it at the end).
[[noreturn]] void after_play(const std::vector<step_spec>& in, size_t i, int play) {
  const step_spec& s = in[i];
  constexpr std::string_view why = "no step can follow the play of the tricks (the hand is scored after it)";
  if (placed(s)) {
    const step_decl& d = s.decl->as<step_decl>();
    const auto anchor = std::find_if(in.begin(), in.end(), [&](const step_spec& t) { return t.name.text == d.by->text; });
    if (anchor != in.end() && anchor - in.begin() > play)
      fail(s.at, fmt::format("{}: '{}' is placed {} '{}', which is itself after the play", why, s.name.text, d.place->text, d.by->text),
           {{anchor->at, fmt::format("'{}' is here, after the play step", d.by->text)}, {in[play].at, "the play step is here"}});
    fail(s.at, "no step can follow the play of the tricks (the hand is scored after it)", {{in[play].at, "the play step is here"}});
  }
  if (s.decl && in[play].decl && s.decl->at.file != in[play].decl->at.file)
    fail(s.at, fmt::format("{}: a step added to an inherited course goes at its end; place it (`step {} {} before {}`)", why, s.name.text,
                           s.kind.text, in[play].name.text),
         {{in[play].at, "the play step is here"}});
  fail(s.at, "no step can follow the play of the tricks (the hand is scored after it)", {{in[play].at, "the play step is here"}});
}

// The frame of a course: one deal step, first; one play step, last. Returns the play step's index.
int check_frame(elaboration& e, const std::vector<step_spec>& in, const std::vector<step_kind>& kinds) {
  const resolved_block* block = e.r.find(block_kind::course);
  int deal = -1, play = -1;
  for (size_t i = 0; i < in.size(); ++i) {
    const step_spec& s = in[i];
    if (play >= 0 && kinds[i] != step_kind::play) after_play(in, i, play);
    int& seen = kinds[i] == step_kind::deal ? deal : play;
    if (kinds[i] != step_kind::deal && kinds[i] != step_kind::play) continue;
    if (seen >= 0) fail(s.at, fmt::format("a course has one {} step", s.kind.text), {{in[seen].at, "the first is here"}});
    seen = (int)i;
    if (kinds[i] == step_kind::deal && i != 0) {
      // at the step the author placed: the deal moved, or a step placed before it
      if (placed(s) || !placed(in[0])) fail(s.at, "the deal must be the first step of the course");
      fail(in[0].at, fmt::format("the deal must be the first step of the course: '{}' is placed before it", in[0].name.text), {{s.at, "the deal step is here"}});
    }
  }
  if (deal < 0) fail(block ? block->at : pos{}, "the course has no deal step: a hand starts with the deal (`step deal deal`)");
  if (play < 0) fail(block ? block->at : pos{}, "the course has no play step: a hand ends with the play of the tricks (`step play play`)");
  return play;
}

// The order within the frame: at most one bidding and one take; calls and exchanges after the bidding;
// the kitty's discard after its taking, on the side of the bidding 'deal' says.
void check_order(elaboration& e, const std::vector<step_spec>& in, const std::vector<step_kind>& kinds) {
  const resolved_block* block = e.r.find(block_kind::course);
  int bid = -1, take = -1, extra_after_take = -1, partner = -1, drawn = -1;
  bool discard_before = false, discard_after = false;
  const int taken = (int)(std::find(kinds.begin(), kinds.end(), step_kind::take) - kinds.begin());
  size_t bidding = 0;  // the bidding step (a `bid` without arguments; a raise round is not one)
  while (bidding < in.size() && !(kinds[bidding] == step_kind::bid && in[bidding].args.empty())) ++bidding;
  for (size_t i = 0; i < in.size(); ++i) {
    const step_spec& s = in[i];
    auto first_of = [&](int& seen, const char* what) {
      if (seen >= 0) fail(s.at, fmt::format("a course has one {} step", what), {{in[seen].at, "the first is here"}});
      seen = (int)i;
    };
    switch (kinds[i]) {
      case step_kind::draw:
        first_of(drawn, "draw");
        // the hands the draw makes are the ones every later step works on
        if (i != 1)
          fail(s.at, bid >= 0 ? "the draw must come straight after the deal, not after the bidding: the players bid with the hands it makes"
                              : "the draw must come straight after the deal: the steps after it work on the hands it makes",
               {{in[i - 1].at, "the step before it is here"}});
        break;
      case step_kind::bid:
        if (raise_round(s)) {
          if (bid < 0) fail(s.at, "a raise round raises the bids already made: place it after the bidding step (`after bidding`)");
          break;
        }
        if (bid >= 0)
          fail(s.at, "a course has one bidding step (a round in which each side may raise its bid is `bid raise`)", {{in[bid].at, "the first is here"}});
        bid = (int)i;
        break;
      case step_kind::take:
        first_of(take, "take");
        if (bid < 0 && s.args.size() >= 3 && s.args[0].text == "side" && s.args[1].text == "bidding" && s.args[2].text == "more")
          fail(s.at, "the side bidding more is known only once the bids are made: place this step after the bidding");
        break;
      case step_kind::partner:
        if (bid < 0 && std::any_of(kinds.begin() + (long)i, kinds.end(), [](step_kind k) { return k == step_kind::bid; }))
          fail(s.at, "the highest bidder is known only once the bids are made: place this step after the bidding");
        first_of(partner, "partner");
        break;
      case step_kind::calls:
      case step_kind::exchange:
        // calls that throw the hand in (`redeal`) are made before the bidding, the others after it
        if (kinds[i] == step_kind::calls && redeal_calls(e.v)) break;
        if (bid < 0 && bidding < in.size())  // the bidding comes later
          fail(s.at, fmt::format("the {} step must come after the bidding: it follows from the bids", s.kind.text));
        break;
      case step_kind::discard:
        if (take < 0 && taken < (int)in.size() && taken > (int)i && e.v.discard > 0 && s.args.empty())
          fail(s.at, "the kitty's taker discards: this step must come after the `take` step", {{in[taken].at, "the kitty is taken here"}});
        (bid < 0 ? discard_before : discard_after) = true;
        if (take >= 0 && !s.args.empty()) extra_after_take = (int)i;
        if (take >= 0 && s.args.empty() && in[take].args.size() == 4 && in[take].args[3].text == "one_each")
          fail(s.at, "the kitty's cards are shared one each, so more than one player may hold extra cards: discard them with `discard extra`",
               {{in[take].at, "the cards are shared here"}});
        break;
      default: break;
    }
  }
  if (e.v.dummy >= 0 && partner < 0) {
    const item* d = e.find(block_kind::players, form::dummy);
    fail(d->as<listing>().words.at(0).at, fmt::format("no step gives the dummy seat '{}' a player: add `step NAME partner highest_bidder` after the bidding in 'course'",
                                        e.v.seat_names[e.v.dummy]));
  }
  if (bid < 0 && !e.v.bids.empty())
    fail(block->at, "the course has no bidding step, but 'bidding' declares bids: add `step bidding bid` to 'course'");
  if (e.v.discard > 0 && !(e.v.discard_before_bidding ? discard_before : discard_after)) {
    const item* dis = e.find(block_kind::deal, form::discard);
    fail(dis->at, fmt::format("the course has no discard step {} its bidding: add one to 'course'", e.v.discard_before_bidding ? "before" : "after"));
  }
  if (e.v.leftover == leftover_rule::stock && drawn < 0)
    fail(e.find(block_kind::deal, form::leftover)->at, "the course has no `draw` step: the stock would never be drawn (add `step draw draw after deal` to 'course')");
  if (e.v.leftover == leftover_rule::kitty && take < 0)
    fail(e.find(block_kind::deal, form::leftover)->at, "the course has no `take` step: the leftover cards would never be taken");
  if (e.v.leftover == leftover_rule::kitty && e.v.discard == 0 && extra_after_take < 0)
    fail(in[take].at, "whoever takes the leftover cards holds too many: add a `discard extra` step after this one");
}

}  // namespace

void elaborate_course(elaboration& e) {
  variant& v = e.v;
  std::vector<step_spec> in = specs(e);
  if (in.size() > (size_t)max_steps)
    fail(e.r.find(block_kind::course)->at, fmt::format("with what it inherits, this course has {} steps; a course has at most {}", in.size(), max_steps));
  std::vector<step_kind> kinds;
  for (const step_spec& s : in) kinds.push_back(choose_word(s.kind, step_kind_words, "kind of step"));
  check_frame(e, in, kinds);
  check_order(e, in, kinds);
  bool before_bidding = true;
  for (size_t i = 0; i < in.size(); ++i) {
    const step_spec& s = in[i];
    hand_step h;
    h.name = s.name.text;
    h.kind = kinds[i];
    bool keep = true;
    switch (h.kind) {
      case step_kind::deal: no_arguments(s, "the deal deals as 'deal' says"); break;
      case step_kind::take: keep = take(e, s, h); break;
      case step_kind::discard: keep = discard(e, s, h, before_bidding); break;
      case step_kind::pass: keep = pass(e, s, h); break;
      case step_kind::bid:
        h.raise = raise_round(s);
        before_bidding = false;
        break;
      case step_kind::calls:
        no_arguments(s, "the calls are the announcements and conversions of 'bidding'");
        // before the bidding itself (a `bid` step without arguments) is where the hand may be thrown in
        h.redeal = before_bidding && std::any_of(in.begin() + (long)i, in.end(), [&](const step_spec& t) {
          return kinds[&t - in.data()] == step_kind::bid && t.args.empty();
        });
        break;
      case step_kind::exchange: no_arguments(s, "the exchanges are those the bids call for"); break;
      case step_kind::play: no_arguments(s, "the tricks are played as 'play' says"); break;
      case step_kind::partner: partner(e, s, h); break;
      case step_kind::draw: draw(e, s, h); break;
    }
    if (s.decl && s.decl->cond) {
      if (h.kind == step_kind::deal || h.kind == step_kind::play)
        fail(s.decl->cond->at, fmt::format("the {} always happens: its step takes no condition", h.kind == step_kind::deal ? "deal" : "play of the tricks"));
      if (h.kind == step_kind::draw) fail(s.decl->cond->at, "the draw makes the hands: its step takes no condition");
      h.when = e.formulas.compile(*s.decl->cond, scope::game);
    }
    if (!keep) continue;
    if (h.kind == step_kind::bid && !h.raise) v.course_bid = (int)v.course.size();
    if (h.kind == step_kind::play) v.course_play = (int)v.course.size();
    if (h.kind == step_kind::partner) v.course_partner = (int)v.course.size();
    if (v.dummy >= 0 && (h.kind == step_kind::take || h.kind == step_kind::discard || h.kind == step_kind::pass || h.kind == step_kind::draw))
      fail(s.at, fmt::format("a dummy seat has no player to choose its cards before the play: a course with a dummy cannot have a {} step",
                             s.kind.text));
    v.course.push_back(std::move(h));
  }
  check_redeal_step(e);
}

}  // namespace spades::lang
