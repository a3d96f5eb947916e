// actions: the parse tree (lang/parse_tree.hpp) -> the syntax tree (lang/ast.hpp), one node per form,
// with its source positions. Numbers are read here (and refused past 2^53); a chain of binary operators,
// flat in the parse tree, is nested here and its height bounded.
#pragma once
#include "lang/ast.hpp"
#include "lang/grammar.hpp"
#include "lang/parse_tree.hpp"

namespace spades::lang::syntax {

template <class... Rules>
struct rule_list {
  static constexpr size_t size = sizeof...(Rules);
};
// The grammar's rule of each form, in the order of `form` (lang/ast.hpp): the parse keeps a node for
// each (lang/parser.cpp) and the converter reads an item's form from its rule's place here.
using item_rules = rule_list<
    rules::option_item, rules::count_item, rules::seats_item, rules::teams_item, rules::team_item, rules::dummy_item,
    rules::suits_item, rules::ranks_item, rules::jokers_item, rules::remove_item, rules::packs_item,
    rules::trump_item, rules::top_trumps_item, rules::ties_item, rules::hand_size_item, rules::deal_size_item,
    rules::rotate_item, rules::leftover_item, rules::kitty_item, rules::discard_item, rules::pass_item,
    rules::order_item, rules::bid_item, rules::skip_item, rules::announce_item, rules::amend_item, rules::blind_item,
    rules::allow_item, rules::exchange_item, rules::convert_item, rules::by_item, rules::redeal_item,
    rules::for_side_item, rules::partner_agrees_item, rules::lead_item, rules::forbid_item, rules::broken_by_item,
    rules::follow_item, rules::force_item, rules::refuse_item, rules::prefer_item, rules::counter_item, rules::tally_decl_item, rules::rule_item,
    rules::target_item, rules::tie_item, rules::win_when_item, rules::lose_when_item, rules::max_hands_item,
    rules::step_item, rules::drop_item>;
static_assert(item_rules::size == std::size(form_words), "one rule per form");
// The grammar's rule of each block, in the order of `block_kind`.
using block_rules = rule_list<rules::players_block, rules::cards_block, rules::deal_block, rules::bidding_block, rules::play_block,
                              rules::scoring_block, rules::end_block, rules::course_block>;
static_assert(block_rules::size == std::size(block_words), "one rule per block");

// The syntax tree of source `file`, whose parse tree is `root`. Throws diag_error.
file_ast to_ast(const node& root, int file);

}  // namespace spades::lang::syntax
