// The rule-following bot's cards (bots/play.cpp): the card played to a trick, the card drawn kept or not,
// the cards passed, given and discarded.
#pragma once
#include "bots/context.hpp"
#include "runtime/game.hpp"

namespace spades::bot_detail {

move bot_play(bot_context& cx, const game_state& st);
// Keep the card drawn from the stock (1) or discard it for the next (0).
move draw_choice(const game_state& st);
move exchange_card(bot_context& cx, const game_state& st);
move discard_card(bot_context& cx, const game_state& st);
// The lowest card outside trumps (the lowest trump when there is none): what a seat keeping its strength gives up.
int lowest_side(const variant& v, card_set h);

}  // namespace spades::bot_detail
