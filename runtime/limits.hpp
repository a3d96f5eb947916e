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
constexpr int max_restrictions = 512;   // named play restrictions (forbid, force, refuse, prefer) of a variant
constexpr int max_option_values = 64;   // an option a setting names allows at most this many values
constexpr int max_fragments = 64;       // fragments one variant takes in (`include`), nested ones included
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
// A game record (spec/records.md) is a hands file: `play` and `sim` never write one larger than the tools
// read back ("the record would be N bytes, over its limit of 64 MiB"), and the readers refuse one larger.
constexpr uint64_t max_record_bytes = max_hands_bytes;

// ---- what a command may be asked for ----
constexpr long long max_sim_games = 100000000;
constexpr long long max_match_deals = 100000000;  // boards, each one game or two
constexpr long long max_bench_hands = 1000000000000LL;
constexpr int max_jobs = 1024;
constexpr int max_shards = 1000000;  // --shard I/N: N at most this
constexpr int max_mc_budget = 1000000;  // playouts per decision
// An outside bot (`exec:CMD`): how long it may take to answer (--bot-timeout, milliseconds), and the longest
// line it may write.
constexpr int default_bot_timeout_ms = 10000;
constexpr int max_bot_timeout_ms = 600000;
constexpr int max_bot_line = 65536;
constexpr int max_bot_json_depth = 64;  // [ and { nesting of a bot's answer (the protocol's own is 1)

// ---- what an editor may ask of `spades lsp` (docs/lsp.md) ----
// A message's body: a variant file at its largest, sent whole and escaped as JSON, fits with room to spare.
constexpr uint64_t max_lsp_message_bytes = 4 * max_source_bytes;
constexpr int max_lsp_header_bytes = 1024;   // one header line; a longer one ends the session (the stream is lost)
constexpr int max_lsp_header_lines = 16;     // header lines before the blank line that ends them
constexpr int max_lsp_json_depth = 64;       // [ and { nesting of a message (LSP's own is under 10)
constexpr int max_lsp_documents = 64;        // documents open at once
constexpr int max_lsp_changes = 1000;        // content changes in one didChange
constexpr int max_lsp_results = 2000;        // locations, completion items or symbols in one answer

constexpr int max_autosaves = 20;       // games `spades play` keeps in its folder; the oldest go first

// ---- the history of finished games (history/store.hpp) ----
constexpr int max_history_page = 500;   // games or players in one answer of a query
constexpr int history_busy_ms = 5000;   // how long a writer waits for another before "database is locked"
constexpr int max_stats_records = 10000;  // records `spades stats` reads from one folder

// ---- what a browser may ask of `spades serve` (docs/serve.md) ----
constexpr uint64_t max_web_variant_bytes = 256u << 10;  // a variant pasted into the page
// A WebSocket message or a request's body: a pasted variant sent as JSON (every byte escaped) fits.
constexpr uint64_t max_web_message_bytes = 8 * max_web_variant_bytes;
constexpr int max_web_tables = 64;                 // tables open at once on one server
constexpr int max_web_connections_per_table = 16;  // browser tabs at one table, every seat together
constexpr int max_web_name_bytes = 40;             // a seat's player name
constexpr size_t max_web_allowed_hosts = 16;        // names given to `serve --allow-host`
// The workbench's simulation: games of rule-following bots, played while the server waits (a few seconds).
constexpr int max_web_sim_games = 500;

// ---- a game ----
// A game whose hand is thrown in this many times in a row is stopped: the rules would never let it be played.
constexpr int max_redeals_in_row = 100;
// Room for every legal move at one decision of any variant the language accepts (3900: 60 bid kinds of
// 65 numbers each); legal_moves never writes more. new_game refuses a variant that could need more.
constexpr int max_moves = max_bid_kinds * (max_tricks + 1);
static_assert(max_moves >= max_calls + 1 && max_moves >= max_cards + 2);

}  // namespace spades
