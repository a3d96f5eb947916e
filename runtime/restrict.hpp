// The play restrictions (spec/language.md, "What may be played"): the one table every form of the language
// that limits which cards may be played is lowered into (lang/elaborate_restrict.cpp), read by play_rules.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "runtime/cards.hpp"

namespace spades {

// The form a restriction was written as: how a card it refuses is explained (play_refusal_words) and how
// `spades explain` says it. refuse and prefer are the core's own forms; the others are sugar over them.
// opening_card: `lead holder … leading it`; forbid: `forbid … lead`; force: `force … lead … play WHO`;
// follow_suit: following suit (always); follow_beat: `follow beat`; forbid_play: `forbid … play`;
// force_play: `force … play`.
enum class play_rule : uint8_t { none, opening_card, forbid, force, follow_suit, follow_beat, forbid_play, force_play, refuse, prefer };

// refuse: the cards of the group (for which the condition holds) may not be played, unless that leaves
// nothing; lowest, highest, any: a preference, the cards left of the group narrowed to the lowest, the
// highest, or all of them.
enum class restrict_kind : uint8_t { refuse, lowest, highest, any };
// When it applies: every card played, a lead only, or a card following a lead.
enum class restrict_at : uint8_t { any, lead, follow };
enum class force_who : uint8_t { opponents, others, partner };

// Card-relative words of a card group, as bits: `led` (the cards that follow the suit led; none at a lead),
// `card` (the card in question), `card_suit` (the cards that follow its suit), `above` and `below` (those of
// its suit that rank above or below it).
enum relative_word : uint8_t { rel_led = 1, rel_card = 2, rel_card_suit = 4, rel_above = 8, rel_below = 16 };
constexpr uint8_t rel_candidate = rel_card | rel_card_suit | rel_above | rel_below;  // read the card in question
struct relative_group {
  uint8_t in = 0, out = 0;  // the relative words before `except`, and after it
  card_set out_cards;       // the fixed cards after `except` (the fixed ones before it are the group's own)
  bool any() const { return in != 0 || out != 0; }
};

// plan: how play_rules applies a restriction, worked out from the fields below (runtime/plan.cpp).
enum class restrict_step : uint8_t { opening, joint, follow, beat, refuse, force, prefer };

struct play_restriction {
  std::string name;                  // as written; follow_suit and follow_beat: the keyword's
  play_rule form = play_rule::refuse;
  restrict_kind kind = restrict_kind::refuse;
  restrict_at at = restrict_at::any;
  card_set cards;                    // the group's fixed cards
  relative_group rel;                // ... and its relative words (follow suit: all except led)
  int when = -1;                     // play-scope condition, -1: always
  card_set led;                      // force: applies only when the card led is one of these ...
  force_who who = force_who::others; // ... and the player to play is among these
  // The lead forbids are lifted together: the cards of each that holds are refused, and only if they leave
  // nothing to lead are they all lifted (a run of restrictions with `joint`, its last one with `joint_end`).
  bool joint = false, joint_end = false;
  bool beat = false;                 // the condition is `not winning`, tested without the evaluator
  std::string reason;
  std::string group, lead_group;     // the groups as written (explain, the refusal's words)
  // plan (runtime/plan.cpp): the condition is exactly `not broken`, tested without the evaluator; the
  // condition reads the card in question and is tested card by card, split at its top-level `and`s into
  // the leading parts that do not read the card (tested once) and the rest (card by card). Both empty: the
  // whole condition card by card.
  bool unless_broken = false, per_card = false;
  std::vector<int> when_fixed, when_card;
  // plan: the part read card by card is exactly `held(G) > 0` (or `!= 0`, `>= 1`) of a group G with relative
  // words: tested with the group's masks, without the evaluator (G's index; -1: evaluated)
  int held_group = -1;
  restrict_step step = restrict_step::refuse;
};

}  // namespace spades
