// spades lsp: a Language Server Protocol server for variant files (docs/lsp.md). The protocol is a class
// that takes one message and returns the messages to send, so that tests and the fuzzer drive it in-process;
// `serve` adds the framing (Content-Length headers) over a pair of streams, and the command runs it on
// standard input and output.
#pragma once
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/lsp_analysis.hpp"

namespace spades::cli::lsp {

using nlohmann::json;

// JSON-RPC's error codes, and LSP's for a request before `initialize`.
enum error_code : int {
  parse_error = -32700,
  invalid_request = -32600,
  method_not_found = -32601,
  invalid_params = -32602,
  internal_error = -32603,
  server_not_initialized = -32002,
  request_failed = -32803  // a request that is valid but cannot be done now (formatting a file that does not parse)
};

json error_response(const json& id, int code, const std::string& message);

class server {
 public:
  // `rulesets`: the directory whose variant files completion offers after `extends`.
  explicit server(std::string rulesets) : rulesets_(std::move(rulesets)) {}
  // One message's body as received: the messages to send in answer, in order (none for most notifications).
  std::vector<json> receive(const std::string& body);
  std::vector<json> handle(const json& message);
  // After `exit`: the process ends with exit_code(), 0 when `shutdown` came first, else 1.
  bool exited() const { return exited_; }
  int exit_code() const { return shut_down_ ? 0 : 1; }

 private:
  struct document {
    std::string path, text;
    json version;
    uint64_t dropped = 0;                     // the size of a text over max_source_bytes, dropped until sent whole again
    std::optional<analysis> a;
    std::shared_ptr<const variant> last_good; // the last version that compiled, for explanations and the deck
  };
  json dispatch(const std::string& method, const json& params, bool request);
  json lifecycle(const std::string& method, const json& params);
  json query(const std::string& method, const json& params);
  json formatting(const document& d);
  void open(const json& params);
  void change(const json& params);
  void close(const json& params);
  void refresh(const std::string& uri, document& d);
  document& doc(const json& params);

  std::string rulesets_;
  std::map<std::string, document> docs_;
  std::vector<json> notes_;  // notifications to send after the answer (diagnostics, log messages)
  bool initialized_ = false, shut_down_ = false, exited_ = false;
};

// Reads framed messages from `in` and writes the answers, framed, to `out`, until `exit`, the end of the input
// or a stream that cannot be read as LSP any more (said on `err`). Returns the exit code.
int serve(server& s, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace spades::cli::lsp
