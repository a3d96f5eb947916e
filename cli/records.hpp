// Game records on the command line (spec/records.md): what `play --record` and `sim --record` write about
// the game's set-up, and reading a record back for `replay` and `play --resume`.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "hands/load.hpp"
#include "hands/record.hpp"

namespace spades::cli {

// The record's "record" object for a game set up in `st` (options applied): format, command, variant,
// seed, the options given (as NAME=VALUE on the command line) by their values.
nlohmann::ordered_json record_meta(const std::string& command, const game_state& st, const std::vector<std::string>& opts, uint64_t seed);
// The ruleset's path as a record at `record_path` names it: relative to the record's directory.
std::string ruleset_for(const std::string& ruleset, const std::string& record_path);

// A record read back: the hands file it is (its ruleset loaded with the record's options), and its set-up.
struct record_file {
  hands::hands_doc d;
  std::string command;                // "play" or "sim"
  uint64_t seed = 0;
  std::vector<std::string> options;   // NAME=VALUE, as the command line gives them
  std::string seat;                   // play: the seat you took
  std::string bot;                    // play: the bots you played against, when not the rule-following ones
};
// Reads a record; throws input_error (unreadable, not a record, a format this version cannot read) or
// rule_error-free diagnostics as input_error too (the ruleset has errors).
record_file read_record(const std::string& path);

// Saves the record whole (cli/output_file.hpp), or throws input_error (exit code 2) saying why it cannot.
void save_record(const game_recorder& rec, const std::string& path);

}  // namespace spades::cli
