// How every command reports a failure: the message on standard error and, under --json, one JSON document
// `{"error": MESSAGE, ...}` on standard output, so that a program reading stdout always gets a document.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "cli/args.hpp"
#include "runtime/diagnostic.hpp"
#include "runtime/notation.hpp"

namespace spades::cli {

// Set once by main from the arguments: true when the command was given --json.
void set_json_output(bool on);
bool json_output();
// Set once by main: the command run ("play"), which every error of it names first.
void set_command(const std::string& name);
// An error without a place (a file that cannot be read, "error: MESSAGE") as the command says it:
// "spades CMD: MESSAGE". An error in a file's content keeps the file first (file:line:col: error: ..., or
// a hands file's "FILE: case 'NAME': ..."), as compilers write them.
std::string command_error(const std::string& message);

// The message on stderr (a newline added when missing); under --json, {"error": message, ...extra} on stdout.
void report_failure(const std::string& message, const nlohmann::ordered_json& extra = nlohmann::ordered_json::object());

// A JSON document as text, indented by two: a string that is not valid UTF-8 (a path given in another
// encoding) has its bad bytes replaced by U+FFFD rather than failing the command.
template <class Json>
std::string json_text(const Json& j) {
  return j.dump(2, ' ', false, Json::error_handler_t::replace);
}

// A diagnostic as JSON: file, line, col (null when the diagnostic has no position), message, notes.
nlohmann::ordered_json diagnostic_json(const sources& src, const diagnostic& d);

// What standard output can show: colours (a terminal that is not `dumb`, no NO_COLOR) and UTF-8 suit
// symbols (a terminal whose LC_ALL, else LANG, names UTF-8).
struct terminal {
  bool color = false, utf8 = false;
};
terminal this_terminal();
// --notation plain|symbols as given, else symbols on a UTF-8 terminal and plain elsewhere; usage_error
// for another word.
card_notation notation_wanted(const args& a, const terminal& term);

}  // namespace spades::cli
