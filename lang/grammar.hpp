// The variant language's grammar (PEGTL rules only). Line-oriented: one setting per line (or `;`),
// blocks in braces, `#` comments. See spec/language.md for the meaning of each construct. Each rule a user
// can get wrong has a row in lang/parse_errors.hpp; lang/actions.cpp reads the rules the parse keeps.
#pragma once
#include <tao/pegtl.hpp>

namespace spades::lang::rules {
using namespace tao::pegtl;

// ---- lexical ----
struct comment : seq<one<'#'>, star<not_one<'\n'>>> {};
struct ws : star<sor<blank, comment>> {};            // within a line
struct nl : star<sor<space, comment>> {};            // across lines
struct gap : plus<blank> {};
struct ident_char : ranges<'a', 'z', 'A', 'Z', '0', '9', '_'> {};
// word -> [A-Za-z0-9_]+ : names, cards, numbers and setting values alike
struct word : plus<ident_char> {};
struct name : seq<ranges<'a', 'z', 'A', 'Z', '_'>, star<ident_char>> {};
struct number : plus<digit> {};
struct signed_number : seq<opt<one<'-'>>, number> {};
struct string_body : star<not_one<'"', '\n'>> {};
struct string_close : one<'"'> {};
// string_lit -> '"' chars '"'   (on one line)
struct string_lit : if_must<one<'"'>, string_body, string_close> {};
struct eos : seq<ws, sor<one<';'>, eol, at<one<'}'>>, eof>> {};

struct kw_and : TAO_PEGTL_KEYWORD("and") {};
struct kw_or : TAO_PEGTL_KEYWORD("or") {};
struct kw_not : TAO_PEGTL_KEYWORD("not") {};
struct kw_if : TAO_PEGTL_KEYWORD("if") {};
struct kw_then : TAO_PEGTL_KEYWORD("then") {};
struct kw_else : TAO_PEGTL_KEYWORD("else") {};
struct kw_true : TAO_PEGTL_KEYWORD("true") {};
struct kw_false : TAO_PEGTL_KEYWORD("false") {};
struct kw_when : TAO_PEGTL_KEYWORD("when") {};
struct kw_sum : TAO_PEGTL_KEYWORD("sum") {};
struct kw_count : TAO_PEGTL_KEYWORD("count") {};
struct kw_min : TAO_PEGTL_KEYWORD("min") {};
struct kw_max : TAO_PEGTL_KEYWORD("max") {};
struct kw_abs : TAO_PEGTL_KEYWORD("abs") {};
struct kw_first_tricks : TAO_PEGTL_KEYWORD("first_tricks") {};
struct kw_partner_bid_is : TAO_PEGTL_KEYWORD("partner_bid_is") {};
// card functions: their first argument is a card group
struct kw_held : TAO_PEGTL_KEYWORD("held") {};
struct kw_dealt : TAO_PEGTL_KEYWORD("dealt") {};
struct kw_won : TAO_PEGTL_KEYWORD("won") {};
struct kw_won_with : TAO_PEGTL_KEYWORD("won_with") {};
struct kw_trumped : TAO_PEGTL_KEYWORD("trumped") {};
struct kw_final_run : TAO_PEGTL_KEYWORD("final_run") {};
struct kw_led_is : TAO_PEGTL_KEYWORD("led_is") {};
// the keywords and functions of lang/vocabulary.cpp (tests/vocabulary_test.cpp checks the two agree)
struct reserved : sor<kw_and, kw_or, kw_not, kw_if, kw_then, kw_else, kw_true, kw_false, kw_when,
                      kw_sum, kw_count, kw_min, kw_max, kw_abs, kw_first_tricks, kw_partner_bid_is,
                      kw_held, kw_dealt, kw_won, kw_won_with, kw_trumped, kw_final_run, kw_led_is> {};
// words -> word+ on one line (never the keyword `when`, which starts a condition)
struct words : list<seq<not_at<kw_when>, word>, gap> {};
struct kw_play : TAO_PEGTL_KEYWORD("play") {};
// card_words -> word+ before `play` (in force rules)
struct card_words : list<seq<not_at<kw_when>, not_at<kw_play>, word>, gap> {};

// ---- expressions ----
struct expr;
struct close_paren : one<')'> {};
// paren -> '(' expr ')'
struct paren : if_must<one<'('>, nl, expr, nl, close_paren> {};
// cond_expr -> 'if' expr 'then' expr 'else' expr
struct then_part : seq<kw_then, nl, expr> {};
struct else_part : seq<kw_else, nl, expr> {};
struct cond_expr : if_must<kw_if, nl, expr, nl, then_part, nl, else_part> {};
struct func_name : sor<kw_sum, kw_count, kw_min, kw_max, kw_abs, kw_first_tricks, kw_partner_bid_is> {};
// call -> func '(' expr (',' expr)* ')'
struct call : if_must<func_name, ws, one<'('>, nl, list<expr, seq<nl, one<','>, nl>>, nl, close_paren> {};
struct card_func_name : sor<kw_held, kw_dealt, kw_won_with, kw_won, kw_trumped, kw_final_run, kw_led_is> {};
// card_group -> word+ on one line, as in `forbid` (`S`, `AS AH`, `rank A`, `all except trump`)
struct card_group : list<seq<not_at<kw_when>, word>, gap> {};
struct card_index : if_must<one<','>, nl, expr> {};
// card_call -> card_func '(' card_group (',' expr)? ')'
struct card_call : if_must<card_func_name, ws, one<'('>, nl, card_group, nl, opt<card_index, nl>, close_paren> {};
struct bool_lit : sor<kw_true, kw_false> {};
struct var_ref : seq<not_at<reserved>, name> {};
struct primary : sor<number, bool_lit, cond_expr, call, card_call, paren, var_ref> {};
struct operand;
struct neg_op : seq<one<'-'>, not_at<one<'='>>> {};
// neg_expr -> '-' operand
struct neg_expr : if_must<neg_op, ws, operand> {};
struct operand : sor<neg_expr, primary> {};
struct mul_op : one<'*', '/', '%'> {};
struct mul_expr : seq<operand, star<ws, mul_op, nl, must<operand>>> {};
struct add_op : seq<one<'+', '-'>, not_at<one<'='>>> {};
struct add_expr : seq<mul_expr, star<ws, add_op, nl, must<mul_expr>>> {};
struct cmp_op : sor<string<'<', '='>, string<'>', '='>, string<'=', '='>, string<'!', '='>, one<'<'>, one<'>'>> {};
struct cmp_expr : seq<add_expr, opt<ws, cmp_op, nl, must<add_expr>>> {};
struct not_expr;
// not_form -> 'not' not_expr
struct not_form : if_must<kw_not, ws, not_expr> {};
struct not_expr : sor<not_form, cmp_expr> {};
struct and_op : kw_and {};
struct and_expr : seq<not_expr, star<ws, and_op, nl, must<not_expr>>> {};
struct or_op : kw_or {};
struct or_expr : seq<and_expr, star<ws, or_op, nl, must<and_expr>>> {};
struct expr : or_expr {};
struct when_clause : if_must<kw_when, ws, expr> {};

// ---- scoring statements ----
struct stmt;
struct stmt_close : one<'}'> {};
// stmt_block -> '{' stmt* '}'
struct stmt_block : if_must<one<'{'>, nl, star<stmt, nl>, stmt_close> {};
struct let_stmt : if_must<TAO_PEGTL_KEYWORD("let"), ws, name, ws, one<'='>, nl, expr, eos> {};
// points_to -> 'to' word : the team the points go to (`opponents` or a team's name). `to` followed by an
// operator is a name in the formula (`points to + 1`), as it always was.
struct points_to : seq<TAO_PEGTL_KEYWORD("to"), gap, not_at<reserved>, word, ws,
                       not_at<one<'+', '-', '*', '/', '%', '<', '>', '=', '!'>>> {};
// points_stmt -> 'points' points_to? expr
struct points_stmt : if_must<TAO_PEGTL_KEYWORD("points"), ws, opt<points_to>, expr, eos> {};
struct tally_stmt : if_must<TAO_PEGTL_KEYWORD("tally"), ws, name, eos> {};
struct win_stmt : if_must<TAO_PEGTL_KEYWORD("win"), eos> {};
struct lose_stmt : if_must<TAO_PEGTL_KEYWORD("lose"), eos> {};
struct if_stmt;
struct else_body : sor<if_stmt, stmt_block> {};
struct else_branch : if_must<kw_else, ws, else_body> {};
// if_stmt -> 'if' expr stmt_block ('else' (if_stmt | stmt_block))?
struct if_stmt : if_must<kw_if, ws, expr, ws, stmt_block, opt<nl, else_branch>> {};
struct assign_op : sor<string<'+', '='>, string<'-', '='>, seq<one<'='>, not_at<one<'='>>>> {};
// a name followed by an operator sign can only be an assignment: from there on, report a bad operator
// as such (`bags := 1`) rather than as an unknown statement
struct assign_target : seq<name, ws, at<one<'=', '+', '-', '*', '/', '%', ':', '<', '>', '!'>>> {};
// assign_stmt -> counter ('+=' | '-=' | '=') expr
struct assign_stmt : if_must<assign_target, assign_op, nl, expr, eos> {};
struct stmt : sor<let_stmt, points_stmt, tally_stmt, win_stmt, lose_stmt, if_stmt, assign_stmt> {};

// ---- items: one setting per line, `keyword arguments` ----
// arg -> ' '+ value : one argument of a setting; a missing one is reported as the value expected
template <class Value>
struct arg : seq<gap, Value> {};
template <class Kw, class... Args>
struct item_of : if_must<Kw, Args..., eos> {};
#define SPADES_ITEM(id, text, ...) \
  struct id##_item : item_of<TAO_PEGTL_KEYWORD(text), ##__VA_ARGS__> {}
// a number a setting takes: written, or an option's name (its value for this game)
struct setting_number : sor<number, name> {};
struct range : seq<setting_number, opt<string<'.', '.'>, must<setting_number>>> {};

// players { count N | seats NAMES | teams opposite|none | team NAME SEATS | dummy SEAT }
SPADES_ITEM(count, "count", arg<number>);
SPADES_ITEM(seats, "seats", arg<words>);
SPADES_ITEM(teams, "teams", arg<word>);
SPADES_ITEM(team, "team", arg<word>, arg<words>);
// dummy SEAT: a seat with no player, played each hand by whoever the course's partner step gives it to
SPADES_ITEM(dummy, "dummy", arg<words>);
// cards { suits | ranks | jokers | remove | packs N | trump SUIT|none | top_trumps CARDS | ties RULE }
SPADES_ITEM(suits, "suits", arg<words>);
SPADES_ITEM(ranks, "ranks", arg<words>);
SPADES_ITEM(jokers, "jokers", arg<words>);
SPADES_ITEM(remove, "remove", arg<words>);
SPADES_ITEM(packs, "packs", arg<number>);
SPADES_ITEM(trump, "trump", arg<word>);
SPADES_ITEM(top_trumps, "top_trumps", arg<words>);
SPADES_ITEM(ties, "ties", arg<word>);
// deal { hand_size N | rotate left|right|none | leftover out|kitty|none | kitty dealer|holder CARDS
//        | discard N before|after bidding | pass N to partner | deal_size N }
SPADES_ITEM(hand_size, "hand_size", arg<setting_number>);
// deal_size N: the cards dealt to each player, fewer than a hand when the rest are drawn from a stock
SPADES_ITEM(deal_size, "deal_size", arg<number>);
SPADES_ITEM(rotate, "rotate", arg<word>);
SPADES_ITEM(leftover, "leftover", arg<word>);
SPADES_ITEM(kitty, "kitty", arg<words>);
SPADES_ITEM(discard, "discard", arg<number>, arg<words>);
SPADES_ITEM(pass, "pass", arg<number>, arg<words>);
// bidding { order players|teams from SEAT | bid NAME RANGE "words" { options } | skip when EXPR }
SPADES_ITEM(order, "order", arg<words>);
SPADES_ITEM(blind, "blind");
SPADES_ITEM(allow, "allow", arg<when_clause>, opt<ws, string_lit>);
// exchange N with partner [optional] [when EXPR]: after the bidding, while EXPR holds for the bidder; N a
// number or an option's name
SPADES_ITEM(exchange, "exchange", arg<setting_number>, arg<words>, opt<gap, when_clause>);
// convert NAME "words" to BID N [when EXPR]: after the bidding the bidder may turn this bid into BID N
SPADES_ITEM(convert, "convert", arg<name>, ws, string_lit, arg<TAO_PEGTL_KEYWORD("to")>, arg<name>, arg<number>, opt<gap, when_clause>);
SPADES_ITEM(by, "by", arg<word>);
// redeal: the call throws the hand in, made before the bidding; the same dealer deals again
SPADES_ITEM(redeal, "redeal");
// for side: a bid for the whole side; partner agrees: the partner must agree to it
SPADES_ITEM(for_side, "for", arg<word>);
SPADES_ITEM(partner_agrees, "partner", arg<word>);
struct bid_option : sor<blind_item, allow_item, exchange_item, convert_item, for_side_item, partner_agrees_item> {};
struct bid_options_close : one<'}'> {};
struct bid_options : if_must<one<'{'>, nl, star<bid_option, nl>, bid_options_close> {};
struct announce_option : sor<by_item, allow_item, redeal_item> {};
struct announce_options_close : one<'}'> {};
struct announce_options : if_must<one<'{'>, nl, star<announce_option, nl>, announce_options_close> {};
SPADES_ITEM(bid, "bid", arg<name>, arg<range>, opt<ws, string_lit>, opt<ws, bid_options>);
SPADES_ITEM(skip, "skip", arg<when_clause>);
// announce NAME "words" { by team|player ; allow when EXPR }: a call made after the bidding
SPADES_ITEM(announce, "announce", arg<name>, ws, string_lit, opt<ws, announce_options>);
// play { lead SEAT|holder CARDS | forbid NAME lead|play CARDS when EXPR "reason" | broken_by EVENTS | follow RULE
//        | force NAME lead CARDS play WHO highest|lowest CARDS "reason" | force NAME play lowest|highest|any CARDS when EXPR "reason" }
SPADES_ITEM(lead, "lead", arg<words>);
// forbid_what -> 'lead' | 'play' : a restriction of the leads, or of every card played
struct kw_lead : TAO_PEGTL_KEYWORD("lead") {};
struct forbid_what : sor<kw_lead, kw_play> {};
SPADES_ITEM(forbid, "forbid", arg<name>, arg<forbid_what>, arg<words>, opt<gap, when_clause>, opt<ws, string_lit>);
SPADES_ITEM(broken_by, "broken_by", arg<words>);
SPADES_ITEM(follow, "follow", arg<word>);
// force_on_lead -> 'lead' CARDS 'play' WHO highest|lowest CARDS "reason"
struct force_on_lead : if_must<TAO_PEGTL_KEYWORD("lead"), arg<card_words>, arg<kw_play>, arg<words>, opt<ws, string_lit>> {};
// force_on_play -> 'play' lowest|highest|any CARDS [when EXPR] "reason"
struct force_on_play : if_must<kw_play, arg<words>, opt<gap, when_clause>, opt<ws, string_lit>> {};
struct force_form : sor<force_on_lead, force_on_play> {};
SPADES_ITEM(force, "force", arg<name>, arg<force_form>);
// the core's restrictions (the forms above are sugar over them, lang/elaborate_restrict.cpp):
// refuse NAME CARDS [when EXPR] "reason" | prefer NAME lowest|highest|any CARDS [when EXPR] "reason"
SPADES_ITEM(refuse, "refuse", arg<name>, arg<words>, opt<gap, when_clause>, opt<ws, string_lit>);
SPADES_ITEM(prefer, "prefer", arg<name>, arg<words>, opt<gap, when_clause>, opt<ws, string_lit>);
// scoring { counter NAME [= N] [as ROLE] | tally NAME | rule NAME each player|team [when EXPR] { statements } }
struct counter_init : seq<one<'='>, ws, sor<signed_number, name>> {};
// counter_role -> 'as' ROLE : the part the counter plays for the engine (lang/vocabulary.cpp lists the roles)
struct counter_role : if_must<TAO_PEGTL_KEYWORD("as"), arg<name>> {};
SPADES_ITEM(counter, "counter", arg<name>, opt<ws, counter_init>, opt<gap, counter_role>);
SPADES_ITEM(tally_decl, "tally", arg<name>);
struct rule_scope : arg<word> {};  // player | team
SPADES_ITEM(rule, "rule", arg<name>, arg<TAO_PEGTL_KEYWORD("each")>, rule_scope, opt<gap, when_clause>, ws, stmt_block);
// end { target N|OPTION | tie another_hand|draw|next_hand_decides [when EXPR] | win when EXPR | lose when EXPR | max_hands N }
struct target_value : sor<signed_number, name> {};
SPADES_ITEM(target, "target", arg<target_value>);
SPADES_ITEM(tie, "tie", arg<word>, opt<gap, when_clause>);
SPADES_ITEM(win_when, "win", arg<when_clause>);
SPADES_ITEM(lose_when, "lose", arg<when_clause>);
SPADES_ITEM(max_hands, "max_hands", arg<setting_number>);
// amend bid|announce NAME ["words"] [{ options }] | amend rule NAME [when EXPR] [{ lets }]: change one inherited item
struct amend_call_kind : sor<TAO_PEGTL_KEYWORD("bid"), TAO_PEGTL_KEYWORD("announce")> {};
struct amend_rule_kind : TAO_PEGTL_KEYWORD("rule") {};
struct amend_option : sor<blind_item, allow_item, exchange_item, convert_item, for_side_item, partner_agrees_item, by_item, redeal_item> {};
struct amend_options_close : one<'}'> {};
struct drop_item;
struct amend_options : if_must<one<'{'>, nl, star<sor<amend_option, drop_item>, nl>, amend_options_close> {};
// amend_change -> "words" [{ options }] | { options }: the item's words at the table, its options, or both
struct amend_words : seq<string_lit, opt<ws, amend_options>> {};
struct amend_change : sor<amend_words, amend_options> {};
struct amend_of_call : if_must<amend_call_kind, arg<name>, ws, amend_change> {};
struct amend_of_rule : if_must<amend_rule_kind, arg<name>, opt<gap, when_clause>, opt<ws, stmt_block>> {};
struct amend_target : sor<amend_of_call, amend_of_rule> {};
SPADES_ITEM(amend, "amend", arg<amend_target>);
// course { step NAME KIND ARGS... [before|after STEP] [when EXPR] }: the course of a hand, one step a line
struct kw_before : TAO_PEGTL_KEYWORD("before") {};
struct kw_after : TAO_PEGTL_KEYWORD("after") {};
struct step_name : name {};
struct step_kind_name : name {};
// step_words -> word+ : a step's arguments (never `when`, `before` or `after`, which follow them)
struct step_words : list<seq<not_at<kw_when>, not_at<kw_before>, not_at<kw_after>, word>, gap> {};
struct step_place_kw : sor<kw_before, kw_after> {};
// step_place -> ('before' | 'after') STEP : where a new (or moved) step stands among the inherited ones
struct step_place : if_must<step_place_kw, arg<step_name>> {};
SPADES_ITEM(step, "step", arg<step_name>, arg<step_kind_name>, opt<gap, step_words>, opt<gap, step_place>, opt<gap, when_clause>);
// in any block: drop KIND NAME  (remove an inherited named item)
struct drop_kind : arg<word> {};  // bid, forbid, counter, tally, rule, team
struct drop_name : arg<word> {};
// drop target: an unnamed setting that can be removed (a game then ends by its other rules)
struct drop_target_kw : TAO_PEGTL_KEYWORD("target") {};
struct drop_target : seq<gap, drop_target_kw, at<eos>> {};
// drop OPTION: inside `amend bid|announce NAME { … }`, an option of the item removed (`drop exchange`)
struct drop_option_kw : sor<TAO_PEGTL_KEYWORD("blind"), TAO_PEGTL_KEYWORD("allow"), TAO_PEGTL_KEYWORD("exchange"), TAO_PEGTL_KEYWORD("for"),
                            TAO_PEGTL_KEYWORD("partner"), TAO_PEGTL_KEYWORD("by"), TAO_PEGTL_KEYWORD("redeal")> {};
struct drop_option : seq<gap, at<drop_option_kw>, word, at<eos>> {};
struct drop_what : sor<drop_target, drop_option, seq<drop_kind, must<drop_name>>> {};
SPADES_ITEM(drop, "drop", drop_what);
#undef SPADES_ITEM

// ---- blocks ----
template <class Block>
struct block_close : one<'}'> {};
template <class Block, class Kw, class Item>
struct block_of : if_must<Kw, ws, one<'{'>, nl, star<sor<Item, drop_item>, nl>, block_close<Block>> {};
struct players_block : block_of<players_block, TAO_PEGTL_KEYWORD("players"), sor<count_item, seats_item, teams_item, team_item, dummy_item>> {};
struct cards_block : block_of<cards_block, TAO_PEGTL_KEYWORD("cards"), sor<suits_item, ranks_item, jokers_item, remove_item, packs_item,
                                                              trump_item, top_trumps_item, ties_item>> {};
struct deal_block : block_of<deal_block, TAO_PEGTL_KEYWORD("deal"), sor<hand_size_item, rotate_item, leftover_item, kitty_item,
                                                                        discard_item, pass_item, deal_size_item>> {};
struct bidding_block : block_of<bidding_block, TAO_PEGTL_KEYWORD("bidding"), sor<order_item, bid_item, skip_item, announce_item, amend_item>> {};
struct play_block : block_of<play_block, TAO_PEGTL_KEYWORD("play"), sor<lead_item, forbid_item, broken_by_item, follow_item, force_item, refuse_item, prefer_item>> {};
struct scoring_block : block_of<scoring_block, TAO_PEGTL_KEYWORD("scoring"), sor<counter_item, tally_decl_item, rule_item, amend_item>> {};
struct course_block : block_of<course_block, TAO_PEGTL_KEYWORD("course"), step_item> {};
struct end_block : block_of<end_block, TAO_PEGTL_KEYWORD("end"), sor<target_item, tie_item, win_when_item, lose_when_item, max_hands_item>> {};

// ---- top level ----
struct game_decl : if_must<TAO_PEGTL_KEYWORD("game"), ws, string_lit, eos> {};
struct extends_decl : if_must<TAO_PEGTL_KEYWORD("extends"), ws, string_lit, eos> {};
// about -> 'about' "one sentence a player understands" (the file's own; not inherited)
struct about_decl : if_must<TAO_PEGTL_KEYWORD("about"), ws, string_lit, eos> {};
// group -> 'group' "the family and source it is listed under" (the file's own; not inherited)
struct group_decl : if_must<TAO_PEGTL_KEYWORD("group"), ws, string_lit, eos> {};
// ---- composition (spec/language.md, "Fragments: `include`") ----
// include -> 'include' "PATH" : take in a fragment's items after the base's, before the file's own
struct include_decl : if_must<TAO_PEGTL_KEYWORD("include"), ws, string_lit, eos> {};
// fragment -> 'fragment' : this file is a fragment, taken in by the variants that include it
struct fragment_decl : if_must<TAO_PEGTL_KEYWORD("fragment"), eos> {};
// ---- named conditions (spec/language.md, "Named conditions") ----
// condition -> 'condition' NAME '=' expr : a formula named once, read wherever a formula is
struct condition_decl : if_must<TAO_PEGTL_KEYWORD("condition"), arg<name>, ws, one<'='>, nl, expr, eos> {};
struct kw_in : TAO_PEGTL_KEYWORD("in") {};
// option_choice -> '-'? word : one allowed value of an option, a number or a word (2D)
struct option_choice : seq<opt<one<'-'>>, word> {};
// option_range -> signed_number '..' signed_number
struct option_range : seq<signed_number, string<'.', '.'>, must<signed_number>> {};
struct option_choice_list : list<option_choice, gap> {};
struct option_allowed_values : sor<option_range, option_choice_list> {};
// option_allowed -> 'in' (range | choice+) : the values players may choose
struct option_allowed : if_must<kw_in, arg<option_allowed_values>> {};
// a word default is allowed only before `in` (a choice such as `2D in 2D 2C`)
struct option_value : sor<seq<option_choice, at<gap, kw_in>>, signed_number, bool_lit> {};
// option_item -> 'option' name '=' value ('in' allowed)? "description"?
struct option_item : if_must<TAO_PEGTL_KEYWORD("option"), arg<name>, ws, one<'='>, ws, option_value, opt<gap, option_allowed>,
                             opt<ws, string_lit>, eos> {};
struct top_item : sor<game_decl, extends_decl, about_decl, group_decl, include_decl, fragment_decl, condition_decl, option_item, players_block, cards_block, deal_block, bidding_block,
                      play_block, scoring_block, end_block, course_block> {};
struct file_end : eof {};
// file -> top_item* eof
struct grammar : seq<opt<utf8::bom>, nl, star<top_item, nl>, must<file_end>> {};

}  // namespace spades::lang::rules
