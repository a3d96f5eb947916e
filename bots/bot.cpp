// The rule-following bot. It never names a variant: it reads trump, ranking, bids and legality from the
// compiled tables, values its hand from the compiled ranking, and chooses bids and calls by asking the
// variant's own scoring, so it plays every ruleset legally and takes every option the scoring rewards.
// The decisions are made in bots/bid.cpp (bids and calls), bots/play.cpp (cards), on bots/value.cpp's
// valuation of hands and bots/outcome.cpp's scoring of guessed outcomes.
#include "bots/bot.hpp"

#include "bots/bid.hpp"
#include "bots/play.hpp"

namespace spades {

move bot_move(const game_state& st, rng& r, bot_context& cx) {
  using namespace bot_detail;
  (void)r;
  // the decision's state, for the answers kept (hand_answers::holds), until this call returns
  struct decision {
    bot_detail::hand_answers& a;
    decision(bot_detail::hand_answers& answers, const game_state& st) : a(answers) {
      a.begin(st);
    }
    ~decision() { a.root = nullptr; }
  } now(cx.answers, st);
  switch (st.ph) {
    case phase::bid: return bot_decide(cx, st, true);
    case phase::call: return st.redeal_step() ? bot_redeal(cx, st) : bot_decide(cx, st, false);
    case phase::agree: return bot_decide(cx, st, true);  // the bidding goes on after the answer
    case phase::raise: return bot_raise(cx, st);
    case phase::exchange: return exchange_card(cx, st);
    case phase::pass:  // before bidding: keep the strength, pass the small cards
      return move::make_card(lowest_side(*st.v, st.hands[st.turn]));
    case phase::discard: return discard_card(cx, st);
    case phase::play: return bot_play(cx, st);
    case phase::draw: return draw_choice(st);
    default: return move{};
  }
}

}  // namespace spades
