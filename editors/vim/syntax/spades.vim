" Vim syntax file for spades variant files (*.spades): the language of spec/language.md.
" The keyword lists follow lang/grammar.hpp, lang/ast.hpp and lang/vocabulary.cpp; tests/editors_test.cpp
" fails when a keyword of the language is missing here.
if exists("b:current_syntax")
  finish
endif

let s:cpo_save = &cpo
set cpo&vim

" top-level declarations
syn keyword spadesTop game extends about group option include fragment condition
" the blocks
syn keyword spadesBlock players cards deal bidding play scoring end course
" the items of the blocks (a setting a line), the options of bids and calls, drop and amend
syn keyword spadesItem seats teams team dummy suits ranks jokers remove packs trump top_trumps ties
syn keyword spadesItem hand_size deal_size rotate leftover kitty discard pass order bid skip announce amend
syn keyword spadesItem blind allow exchange convert by redeal for partner lead forbid broken_by follow force
syn keyword spadesItem refuse prefer
syn keyword spadesItem counter tally rule target tie win lose max_hands step drop
" the words inside items and scoring statements
syn keyword spadesStatement let points each to as in before after
" conditions and conditionals
syn keyword spadesConditional if then else when
syn keyword spadesOperator and or not
syn keyword spadesBoolean true false
" the functions (count is also the players' item)
syn keyword spadesFunction sum count min max abs first_tricks partner_bid_is held dealt won won_with trumped final_run led_is
" the built-in names a formula reads (lang/vocabulary.cpp)
syn keyword spadesBuiltin hand first_hand score behind broken trick leading void_led led_trump winning dealer dealer_left dealer_right dealer_partner leader leader_side
syn keyword spadesBuiltin team_bids_made partner_bid this_bid bids_made bids_total tricks last_trick
syn keyword spadesBuiltin team_tricks team_bid
" the card groups' words relative to the trick and the card in question (refuse, prefer)
syn keyword spadesBuiltin led card card_suit above below

" cards of the usual pack (rank then suit: AS, TD, 2C) and the jokers
syn match spadesCard "\<[AKQJT2-9][SHDC]\>"
syn keyword spadesCard BJ LJ
syn match spadesNumber "\<\d\+\>"
syn match spadesRange "\.\."
syn match spadesOperatorSign "[-+*/%<>=!]=\="

syn keyword spadesTodo contained TODO FIXME XXX NOTE
syn match spadesComment "#.*$" contains=spadesTodo,@Spell
syn match spadesString "\"[^"]*\"" contains=@Spell

" blocks fold on their braces
syn region spadesFold start="{" end="}" transparent fold

hi def link spadesTop PreProc
hi def link spadesBlock Structure
hi def link spadesItem Statement
hi def link spadesStatement Keyword
hi def link spadesConditional Conditional
hi def link spadesOperator Operator
hi def link spadesOperatorSign Operator
hi def link spadesRange Operator
hi def link spadesBoolean Boolean
hi def link spadesFunction Function
hi def link spadesBuiltin Identifier
hi def link spadesCard Constant
hi def link spadesNumber Number
hi def link spadesTodo Todo
hi def link spadesComment Comment
hi def link spadesString String

let b:current_syntax = "spades"

let &cpo = s:cpo_save
unlet s:cpo_save
