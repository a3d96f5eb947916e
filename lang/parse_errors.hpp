// parse errors: the grammar's error table. Per rule that can fail in a user's hands (each rule under a
// `must`, lang/grammar.hpp): its message, where the caret goes, the bracket it closes (for the "to close
// ... opened here" note) and the words expected (did-you-mean). lang/parse_errors.cpp renders a failure
// as a diagnostic; the driver (lang/parser.cpp) raises it.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include <tao/pegtl.hpp>

#include "lang/ast.hpp"
#include "lang/errors.hpp"
#include "lang/grammar.hpp"
#include "runtime/variant.hpp"

namespace spades::lang::syntax {

namespace pegtl = tao::pegtl;
namespace R = rules;

enum class caret : uint8_t {
  previous_code,  // stopped at a line's start: the mistake is what the line before lacks
  on_token        // the word found is itself the mistake (an unknown setting or statement)
};
enum class closes : uint8_t { nothing, brace, paren };
struct syntax_row {
  const char* message = nullptr;  // "{}": the candidates, joined by ", "; "{or}": the same, the last after " or "
  caret where = caret::previous_code;
  closes opened = closes::nothing;
  std::span<const std::string_view> candidates{};
};

inline constexpr const auto& statements = statement_words;
constexpr auto bid_options = keywords_of(bid_option_forms);
constexpr auto announce_options = keywords_of(announce_option_forms);
constexpr auto players_settings = keywords_of(players_forms);
constexpr auto cards_settings = keywords_of(cards_forms);
constexpr auto deal_settings = keywords_of(deal_forms);
constexpr auto bidding_settings = keywords_of(bidding_forms);
constexpr auto play_settings = keywords_of(play_forms);
constexpr auto scoring_settings = keywords_of(scoring_forms);
constexpr auto end_settings = keywords_of(end_forms);
constexpr auto course_settings = keywords_of(course_forms);
constexpr auto step_kinds = words_of(step_kind_words);
constexpr std::string_view declarations[] = {"game", "extends", "about", "group", "include", "fragment", "condition", "option", "players", "cards", "deal", "bidding", "play", "scoring", "end", "course"};
constexpr auto amend_options = keywords_of({form::blind, form::allow, form::exchange, form::convert, form::for_side, form::partner_agrees, form::by, form::redeal});
constexpr auto drop_kinds = keywords_of({form::bid, form::forbid, form::force, form::refuse, form::prefer, form::announce, form::counter, form::tally, form::rule, form::team, form::tie, form::step});

template <typename Rule> inline constexpr syntax_row error_info{};
#define MSG(text, ...) template <> inline constexpr syntax_row error_info<__VA_ARGS__>{text}
#define ROW(rule, text, where, opened, candidates) template <> inline constexpr syntax_row error_info<rule>{text, where, opened, candidates}
using expr_list = pegtl::list<R::expr, pegtl::seq<R::nl, pegtl::one<','>, R::nl>>;
MSG("expected a value", R::word);
MSG("expected one or more values", R::words);
MSG("expected a name (letters, digits and '_', starting with a letter)", R::name);
MSG("expected a whole number", R::number);
MSG("expected a number or a range like 1..13", R::range);
MSG("expected a quoted string", R::string_lit);
MSG("expected the text of a string", R::string_body);
MSG("unterminated string: expected a closing '\"' on the same line", R::string_close);
MSG("expected the end of the line", R::eos);
MSG("expected an expression", R::expr);
MSG("expected an expression", R::operand);
MSG("expected an expression", R::mul_expr);
MSG("expected an expression", R::add_expr);
MSG("expected an expression", R::not_expr);
MSG("expected an expression", R::and_expr);
ROW(R::close_paren, "expected ')'", caret::previous_code, closes::paren, {});
MSG("expected 'then' and an expression", R::then_part);
MSG("expected 'else' and an expression (an 'if' expression always has both branches)", R::else_part);
MSG("expected 'when' and a condition", R::when_clause);
MSG("expected '{' to open the block", R::stmt_block);
ROW(R::stmt_close, "expected a statement ({}, or an assignment to a counter) or '}'", caret::on_token, closes::brace, statements);
ROW(R::bid_options_close, "expected a bid option ({}) or '}'", caret::on_token, closes::brace, bid_options);
ROW(R::announce_options_close, "expected an announcement option ({}) or '}'", caret::on_token, closes::brace, announce_options);
MSG("expected a number, true or false", R::option_value);
MSG("expected a whole number", R::signed_number);
MSG("expected a whole number or an option's name", R::setting_number);
MSG("expected what to amend (bid NAME, announce NAME or rule NAME)", R::amend_target);
MSG("expected the new words (\"…\") or '{' and the options to change", R::amend_change);
ROW(R::amend_options_close, "expected an option to change ({}) or '}'", caret::on_token, closes::brace, amend_options);
MSG("expected the allowed values: a range such as 1..4, or values separated by blanks (2D 2C)", R::option_allowed_values);
ROW(R::block_close<R::players_block>, "expected a players setting ({}) or '}'", caret::on_token, closes::brace, players_settings);
ROW(R::block_close<R::cards_block>, "expected a cards setting ({}) or '}'", caret::on_token, closes::brace, cards_settings);
ROW(R::block_close<R::deal_block>, "expected a deal setting ({}) or '}'", caret::on_token, closes::brace, deal_settings);
ROW(R::block_close<R::bidding_block>, "expected a bidding setting ({}) or '}'", caret::on_token, closes::brace, bidding_settings);
ROW(R::block_close<R::play_block>, "expected a play setting ({}) or '}'", caret::on_token, closes::brace, play_settings);
ROW(R::block_close<R::scoring_block>, "expected a scoring setting ({}) or '}'", caret::on_token, closes::brace, scoring_settings);
ROW(R::block_close<R::end_block>, "expected an end setting ({}) or '}'", caret::on_token, closes::brace, end_settings);
ROW(R::block_close<R::course_block>, "expected a course setting ({}) or '}'", caret::on_token, closes::brace, course_settings);
MSG("expected the step's name (step NAME KIND ...)", R::step_name);
ROW(R::step_kind_name, "expected the kind of step ({or})", caret::previous_code, closes::nothing, step_kinds);
ROW(R::file_end, "expected a declaration ({})", caret::on_token, closes::nothing, declarations);
MSG("expected 'if' or '{' after 'else'", R::else_body);
MSG("expected '=', '+=' or '-=' after a counter's name (a statement is not a condition: use 'if')", R::assign_op);
MSG("expected '{'", pegtl::one<'{'>);
MSG("expected '('", pegtl::one<'('>);
MSG("expected '='", pegtl::one<'='>);
MSG("expected 'lead' or 'play' and the cards (forbid NAME lead|play CARDS when CONDITION)", R::forbid_what);
MSG("expected 'lead' CARDS 'play' WHO highest|lowest CARDS, or 'play' lowest|highest|any CARDS", R::force_form);
MSG("expected 'each player' or 'each team'", TAO_PEGTL_KEYWORD("each"));
MSG("expected 'player' or 'team' after 'each'", R::rule_scope);
ROW(R::drop_kind, "expected the kind of item to drop ({or}) and its name", caret::previous_code, closes::nothing, drop_kinds);
MSG("expected the name of the item to drop", R::drop_name);
template <> inline constexpr syntax_row error_info<R::drop_what> = error_info<R::drop_kind>;
MSG("expected 'to' and the bid it becomes (convert NAME \"words\" to BID N)", TAO_PEGTL_KEYWORD("to"));
MSG("expected one or more cards before 'play'", R::card_words);
MSG("expected 'play' and who must play what (opponents highest trump)", R::kw_play);
MSG("expected a number or an option name", R::target_value);
MSG("expected an expression", expr_list);
MSG("expected a card group (suit letters, cards such as AS, rank A, trump, all, except)", R::card_group);
#undef MSG
#undef ROW
// a setting's argument: the message of the value it should be
template <typename Value> inline constexpr syntax_row error_info<R::arg<Value>> = error_info<Value>;
// rules that always match (optional parts, blank runs) never fail, but the compile-time check that every
// rule under `must` has a message reaches them too
template <typename... Rules> inline constexpr syntax_row error_info<pegtl::opt<Rules...>>{"internal error: an optional part failed"};
template <typename... Rules> inline constexpr syntax_row error_info<pegtl::star<Rules...>>{"internal error: a repetition failed"};
template <> inline constexpr syntax_row error_info<R::ws>{"internal error: blanks failed"};
template <> inline constexpr syntax_row error_info<R::nl>{"internal error: blank lines failed"};

// The row's message, its candidates in place of "{}" and "{or}".
std::string message_of(const syntax_row& row);
// The diagnostic for a failed `must` at byte `at` of `text`: caret, did-you-mean and note as `row` says.
diag_error syntax_error(const std::string& text, int file, size_t at, const syntax_row& row);
// A formula (or statements) nested deeper than max_nesting (runtime/limits.hpp).
std::string too_deep_message(bool statements);
// The line and column (1-based) of byte `offset`.
pos position_of(const std::string& text, size_t offset, int file);

}  // namespace spades::lang::syntax
