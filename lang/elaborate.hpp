// elaborate: the resolved variant and its symbol table -> the runtime's tables, one block at a time
// (elaborate_players.cpp ... elaborate_end.cpp, in that order, the course after the play), each formula compiled when the entry that
// owns it is built. Every check of meaning lives in the block that builds what it checks.
#pragma once
#include <initializer_list>
#include <memory>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include "lang/declare.hpp"
#include "lang/formula.hpp"
#include "runtime/variant.hpp"

namespace spades::lang {

// Builds the variant `r` describes; throws diag_error at the first thing that cannot work.
std::unique_ptr<variant> elaborate(const resolved& r, const symbol_table& syms);

// What every block's elaboration shares: the input, the variant being built and the formula compiler.
struct elaboration {
  const resolved& r;
  const symbol_table& syms;
  variant& v;
  formula_compiler formulas;

  const std::vector<item>& items(block_kind block) const;
  const item* find(block_kind block, form f) const;
};

void elaborate_options(elaboration& e);
void elaborate_players(elaboration& e);
void elaborate_cards(elaboration& e);
void elaborate_deal(elaboration& e);
void elaborate_bidding(elaboration& e);
void elaborate_play(elaboration& e);
void elaborate_course(elaboration& e);
void elaborate_scoring(elaboration& e);
void elaborate_end(elaboration& e);

// ---- helpers for the blocks (elaborate.cpp, elaborate_cards.cpp) ----
[[noreturn]] void fail(pos at, std::string msg, std::vector<note> notes = {});
// An error at `at` (in a base, say) that the players' teams cause: a note at the line that set them when
// another file set them (lang/elaborate_players.cpp), so the author sees which change of theirs caused it.
std::vector<note> because_of_teams(const elaboration& e, pos at);
// `w` if it is one of `allowed`, else "unknown WHAT 'w'; did you mean ...? (expected one of: ...)".
const std::string& choose(const word& w, const std::vector<std::string>& allowed, const char* what);
// `w` as the value of the enum whose words `table` gives (runtime/variant.hpp), or the same message as `choose`.
template <class E, size_t N>
E choose_word(const word& w, const enum_word<E> (&table)[N], const char* what) {
  std::vector<std::string> allowed;
  for (const enum_word<E>& t : table) allowed.emplace_back(t.word);
  return table[&choose(w, allowed, what) - allowed.data()].value;
}
int to_int(const word& w, int lo, int hi, const char* what);
std::string lower(const std::string& s);
// The words of `args` from `from` on, joined by blanks ("with partner"), for a message.
std::string joined(const std::vector<word>& args, size_t from);
// Which of `phrases` the words `ws` are, word for word (`to partner`); nothing when none.
std::optional<size_t> phrase(const std::vector<word>& ws, std::initializer_list<std::initializer_list<std::string_view>> phrases);

// Cards named in the text, against the deck elaborate_cards built.
bool known_card(const variant& v, const std::string& name);
std::vector<std::string> card_names(const variant& v);
// The card id of `w`, or "unknown card 'w'; did you mean ...".
int card_of(const variant& v, const word& w);
// A set of cards named by `all`, `trump`, suit letters, card names and `except` (args[from, to)).
card_set card_group(const variant& v, const std::vector<word>& ws, size_t from, size_t to = std::string::npos);

// ---- the play restrictions' desugarer (elaborate_restrict.cpp) ----
// A card group that may also hold relative words (`led`, `card`, `card_suit`, `above`, `below`): its fixed
// cards (before `except`), its relative words, and the first relative word about the card in question and
// the first `led`, for messages.
struct group_reading {
  card_set cards;
  relative_group rel;
  const word* candidate = nullptr;
  const word* led = nullptr;
};
group_reading read_card_group(const variant& v, const std::vector<word>& ws, size_t from);
// The restrictions of each kind as elaborated, in the order written, before they are put in the core's order.
struct lowered_play {
  std::vector<play_restriction> lead_forbids, play_forbids, lead_forces, play_forces;
  follow_rule follow = follow_rule::suit;
};
void lower_forbids(elaboration& e, lowered_play& out);  // forbid … lead|play, refuse
void lower_forces(elaboration& e, lowered_play& out);   // force … lead|play, prefer
void lower_restrictions(elaboration& e, lowered_play&& in);

}  // namespace spades::lang
