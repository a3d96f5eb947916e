// Every limit of the language and the engine, in one place: what a variant may declare, what a decision
// may offer, how deep a file may nest. lang/ refuses a file past them, the runtime sizes its tables by them.
#pragma once
#include <cstdint>

namespace spades {

// ---- the table and the deck ----
constexpr int max_seats = 8;
constexpr int max_teams = 8;
constexpr int max_cards = 128;  // two packs and jokers: a card_set is 128 bits
constexpr int max_tricks = max_cards / 2;

// ---- what a variant may declare ----
constexpr int max_counters = 16;
constexpr int max_tallies = 16;
constexpr int max_options = 16;
constexpr int max_lets = 64;
constexpr int max_steps = 32;           // steps of a hand's course
constexpr int max_bid_kinds = 60;       // each a range within 0..tricks
constexpr int max_calls = 32;           // announcements and conversions, besides declining
constexpr int max_option_values = 64;   // an option a setting names allows at most this many values
// A number in a file (an option's value, a target) lies within -10^9..10^9.
constexpr int64_t max_number = 1000000000;
// The deepest a formula or a run of nested statements may go: PEGTL descends recursively through
// '-', 'not', brackets and `else if`, and so do the converter, the formula compiler and the runtime;
// brackets and braces together nest no deeper either.
constexpr int max_nesting = 100;

// ---- what the compiled tables hold ----
constexpr int max_bid_fixed_parts = 64;  // slots of distinct leading parts of bid conditions (a bit each per decision)
constexpr int max_call_parts = 64;       // slots of distinct parts of the calls' conditions (a bit each per owner)
constexpr int max_registers = 1024;      // a compiled scoring's registers

// ---- the files a user gives ----
constexpr uint64_t max_source_bytes = 4u << 20;  // a variant file: "the file is too large (N bytes; the limit is 4 MiB)"
// A hands file or game record (a hundred thousand full cases fit); its JSON nests at most this deep in [ and {.
constexpr uint64_t max_hands_bytes = 64u << 20;
constexpr int max_hands_depth = 64;

// ---- what a command may be asked for ----
constexpr long long max_sim_games = 100000000;
constexpr long long max_bench_hands = 1000000000000LL;
constexpr int max_jobs = 1024;
constexpr int max_mc_budget = 1000000;  // playouts per decision
constexpr int max_autosaves = 20;       // games `spades play` keeps in its folder; the oldest go first

// ---- a game ----
// A game whose hand is thrown in this many times in a row is stopped: the rules would never let it be played.
constexpr int max_redeals_in_row = 100;
// Room for every legal move at one decision of any variant the language accepts (3900: 60 bid kinds of
// 65 numbers each); legal_moves never writes more. new_game refuses a variant that could need more.
constexpr int max_moves = max_bid_kinds * (max_tricks + 1);
static_assert(max_moves >= max_calls + 1 && max_moves >= max_cards + 2);

}  // namespace spades
