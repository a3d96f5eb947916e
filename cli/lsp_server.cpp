// The protocol of `spades lsp` (lsp.hpp): JSON-RPC 2.0 messages checked and answered, the life cycle
// (initialize, shutdown, exit), the documents kept in step with the editor (whole or incremental changes in
// UTF-16 positions) and analysed after each change, and the requests sent on to lsp_features.cpp.
#include <fmt/format.h>

#include "cli/lsp.hpp"
#include "cli/lsp_features.hpp"
#include "cli/lsp_text.hpp"
#include "lang/format.hpp"
#include "lang/parser.hpp"
#include "runtime/limits.hpp"
#include "runtime/read.hpp"

namespace spades::cli::lsp {

namespace {

// A request that cannot be answered: its error code and message.
struct rpc_error {
  int code;
  std::string message;
};

// params.a.b, which must be there (`name`: what the message calls `params`).
const json& need(const json& params, std::initializer_list<const char*> path, std::string name = "params") {
  const json* at = &params;
  for (const char* key : path) {
    if (!at->is_object()) throw rpc_error{invalid_params, fmt::format("{} must be an object", name)};
    name += std::string(".") + key;
    auto it = at->find(key);
    if (it == at->end()) throw rpc_error{invalid_params, fmt::format("{} is missing", name)};
    at = &*it;
  }
  return *at;
}

std::string need_string(const json& params, std::initializer_list<const char*> path) {
  const json& j = need(params, path);
  if (!j.is_string()) throw rpc_error{invalid_params, fmt::format("params.{} must be a string", fmt::join(path, "."))};
  return j.get<std::string>();
}

uint64_t need_index(const json& params, std::initializer_list<const char*> path, const std::string& name = "params") {
  const json& j = need(params, path, name);
  if (!j.is_number_unsigned()) throw rpc_error{invalid_params, fmt::format("{}.{} must be a whole number from 0", name, fmt::join(path, "."))};
  return j.get<uint64_t>();
}

// The byte offset of params.position in `text`.
size_t position(const json& params, const std::string& text) {
  return offset_of(text, need_index(params, {"position", "line"}), need_index(params, {"position", "character"}));
}

json notification(const char* method, json params) { return {{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}}; }
json log_error(const std::string& message) { return notification("window/logMessage", {{"type", 1}, {"message", "spades lsp: " + message}}); }

// The server's capabilities (docs/lsp.md).
json capabilities() {
  return {{"positionEncoding", "utf-16"},
          {"textDocumentSync", {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
          {"hoverProvider", true},
          {"completionProvider", {{"triggerCharacters", {"\"", "/"}}}},
          {"definitionProvider", true},
          {"referencesProvider", true},
          {"documentSymbolProvider", true},
          {"documentFormattingProvider", true}};
}

// The JSON-RPC shape of a message: an error message, or "" when it is well formed.
std::string malformed(const json& m) {
  if (m.is_array()) return "a batch of messages is not part of LSP: send each message on its own";
  if (!m.is_object()) return "a message must be a JSON object";
  if (m.value("jsonrpc", json()) != "2.0") return "a message must have \"jsonrpc\": \"2.0\"";
  if (m.contains("id") && !m["id"].is_string() && !m["id"].is_number_integer()) return "an id must be a string or a whole number";
  if (m.contains("method") && !m["method"].is_string()) return "a method must be a string";
  // null is taken as no params: clients send it with `shutdown`
  if (m.contains("params") && !m["params"].is_object() && !m["params"].is_array() && !m["params"].is_null())
    return "params must be an object or an array";
  if (!m.contains("method") && !m.contains("id")) return "a message needs a method or an id";
  return "";
}

}  // namespace

json error_response(const json& id, int code, const std::string& message) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
}

std::vector<json> server::receive(const std::string& body) {
  if (json_nesting_over(body, max_lsp_json_depth))
    return {error_response(nullptr, invalid_request, fmt::format("the message nests deeper than {} levels of [ and {{", max_lsp_json_depth))};
  json m = json::parse(body, nullptr, false);
  if (m.is_discarded()) return {error_response(nullptr, parse_error, "the message is not valid JSON (in UTF-8)")};
  return handle(m);
}

std::vector<json> server::handle(const json& m) {
  if (std::string bad = malformed(m); !bad.empty()) {
    json id = m.is_object() && m.contains("id") && (m["id"].is_string() || m["id"].is_number_integer()) ? m["id"] : json();
    return {error_response(id, invalid_request, bad)};
  }
  if (!m.contains("method")) return {};  // a response: the server sends no requests, so there is none to match
  const std::string method = m["method"];
  const bool request = m.contains("id");
  const json params = m.contains("params") && !m["params"].is_null() ? m["params"] : json::object();
  std::vector<json> out;
  notes_.clear();
  try {
    json result = dispatch(method, params, request);
    if (request) out.push_back({{"jsonrpc", "2.0"}, {"id", m["id"]}, {"result", result}});
  } catch (const rpc_error& e) {
    if (request) out.push_back(error_response(m["id"], e.code, e.message));
    else notes_.push_back(log_error(fmt::format("{}: {}", method, e.message)));
  } catch (const std::exception& e) {
    if (request) out.push_back(error_response(m["id"], internal_error, fmt::format("internal error: {}", e.what())));
    else notes_.push_back(log_error(fmt::format("{}: internal error: {}", method, e.what())));
  }
  out.insert(out.end(), notes_.begin(), notes_.end());
  notes_.clear();
  return out;
}

json server::dispatch(const std::string& method, const json& params, bool request) {
  if (method == "exit") {
    exited_ = true;
    return nullptr;
  }
  if (method == "initialize" || method == "shutdown" || method == "initialized") {
    if (request != (method != "initialized")) throw rpc_error{invalid_request, fmt::format("'{}' is a {}", method, request ? "notification" : "request")};
    return lifecycle(method, params);
  }
  if (!initialized_) {
    if (request) throw rpc_error{server_not_initialized, "the server is not initialized: send 'initialize' first"};
    return nullptr;  // a notification before initialize is dropped, as the protocol says
  }
  if (shut_down_) throw rpc_error{invalid_request, "the server is shut down: only 'exit' is accepted"};
  if (!params.is_object()) throw rpc_error{invalid_params, "params must be an object"};
  if (request) return query(method, params);
  if (method == "textDocument/didOpen") open(params);
  else if (method == "textDocument/didChange") change(params);
  else if (method == "textDocument/didClose") close(params);
  else if (method == "textDocument/didSave") refresh(need_string(params, {"textDocument", "uri"}), doc(params));
  // other notifications ($/cancelRequest, $/setTrace, workspace/...) need nothing from this server
  return nullptr;
}

json server::lifecycle(const std::string& method, const json& params) {
  if (method == "initialized") return nullptr;
  if (method == "shutdown") {
    if (!initialized_) throw rpc_error{server_not_initialized, "the server is not initialized: send 'initialize' first"};
    shut_down_ = true;
    return nullptr;
  }
  if (initialized_) throw rpc_error{invalid_request, "the server is already initialized"};
  if (!params.is_object()) throw rpc_error{invalid_params, "params must be an object"};
  initialized_ = true;
  return {{"capabilities", capabilities()}, {"serverInfo", {{"name", "spades"}, {"version", SPADES_VERSION}}}};
}

server::document& server::doc(const json& params) {
  std::string uri = need_string(params, {"textDocument", "uri"});
  auto it = docs_.find(uri);
  if (it == docs_.end()) throw rpc_error{invalid_params, fmt::format("the document '{}' is not open", uri)};
  return it->second;
}

json server::query(const std::string& method, const json& params) {
  const bool known = method == "textDocument/hover" || method == "textDocument/definition" || method == "textDocument/references" ||
                     method == "textDocument/documentSymbol" || method == "textDocument/completion" || method == "textDocument/formatting";
  if (!known) throw rpc_error{method_not_found, fmt::format("unknown method '{}'", method)};
  document& d = doc(params);
  if (method == "textDocument/formatting") return formatting(d);
  if (!d.a) {
    // a document too large to analyse: nothing is known of it
    if (method == "textDocument/references" || method == "textDocument/documentSymbol") return json::array();
    if (method == "textDocument/completion") return {{"isIncomplete", false}, {"items", json::array()}};
    return nullptr;
  }
  view w{*d.a, d.a->v ? d.a->v : d.last_good, !d.a->v && d.last_good};
  if (method == "textDocument/documentSymbol") return document_symbols(w);
  size_t at = position(params, d.text);
  if (method == "textDocument/hover") return hover(w, at);
  if (method == "textDocument/definition") return definition(w, at);
  if (method == "textDocument/completion") return completion(w, at, rulesets_);
  const json& ctx = params.value("context", json::object());
  if (!ctx.is_object() || (ctx.contains("includeDeclaration") && !ctx["includeDeclaration"].is_boolean()))
    throw rpc_error{invalid_params, "params.context.includeDeclaration must be true or false"};
  return references(w, at, ctx.value("includeDeclaration", true));
}

// The canonical layout (lang/format.hpp, as `spades fmt`): one edit replacing the whole text, none when it is
// laid out already; the editor's tab and space settings have no say in it.
json server::formatting(const document& d) {
  if (d.dropped) throw rpc_error{request_failed, "the document is too large to lay out"};
  sources src;
  std::string laid_out;
  try {
    laid_out = lang::format_variant(src, d.path, d.text);
  } catch (const diag_error& e) {
    throw rpc_error{request_failed, fmt::format("the document cannot be laid out until it parses: {}", e.d.message)};
  }
  if (laid_out == d.text) return json::array();
  return json::array({{{"range", range_of(d.text, 0, d.text.size())}, {"newText", laid_out}}});
}

void server::open(const json& params) {
  std::string uri = need_string(params, {"textDocument", "uri"});
  std::string text = need_string(params, {"textDocument", "text"});
  json version = need(params, {"textDocument", "version"});
  if (!version.is_number_integer()) throw rpc_error{invalid_params, "params.textDocument.version must be a whole number"};
  if (!docs_.count(uri) && (int)docs_.size() >= max_lsp_documents)
    throw rpc_error{invalid_params, fmt::format("at most {} documents may be open at once: close one first", max_lsp_documents)};
  document& d = docs_[uri];
  d = document{path_of_uri(uri), std::move(text), version, 0, std::nullopt, nullptr};
  if (d.text.size() > max_source_bytes) {
    d.dropped = d.text.size();
    d.text.clear();
  }
  refresh(uri, d);
}

void server::change(const json& params) {
  document& d = doc(params);
  const json& changes = need(params, {"contentChanges"});
  if (!changes.is_array()) throw rpc_error{invalid_params, "params.contentChanges must be an array"};
  if ((int)changes.size() > max_lsp_changes) throw rpc_error{invalid_params, fmt::format("at most {} changes at once", max_lsp_changes)};
  // checked whole before any is applied: a bad change leaves the document as it was
  for (size_t i = 0; i < changes.size(); ++i) {
    const json& c = changes[i];
    const std::string name = fmt::format("params.contentChanges[{}]", i);
    if (!c.is_object() || !c.contains("text") || !c["text"].is_string()) throw rpc_error{invalid_params, name + ".text must be a string"};
    if (c.contains("range"))
      for (const char* end : {"start", "end"}) need_index(c, {"range", end, "line"}, name), need_index(c, {"range", end, "character"}, name);
  }
  for (const json& c : changes) {
    const std::string& text = c["text"].get_ref<const std::string&>();
    if (!c.contains("range")) {
      d.text = text;
      d.dropped = 0;
    } else if (!d.dropped) {
      size_t from = offset_of(d.text, c["range"]["start"]["line"].get<uint64_t>(), c["range"]["start"]["character"].get<uint64_t>());
      size_t to = offset_of(d.text, c["range"]["end"]["line"].get<uint64_t>(), c["range"]["end"]["character"].get<uint64_t>());
      d.text.replace(from, std::max(from, to) - from, text);
    }
    // an edit against text past the limit cannot be followed: only a whole text is taken again
    if (d.text.size() > max_source_bytes) {
      d.dropped = d.text.size();
      d.text.clear();
    }
  }
  if (const json& v = need(params, {"textDocument"}); v.contains("version")) d.version = v["version"];
  refresh(need_string(params, {"textDocument", "uri"}), d);
}

void server::close(const json& params) {
  std::string uri = need_string(params, {"textDocument", "uri"});
  doc(params);
  docs_.erase(uri);
  notes_.push_back(notification("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", json::array()}}));
}

// The document analysed again, and its diagnostics sent.
void server::refresh(const std::string& uri, document& d) {
  json diags = json::array();
  if (d.dropped) {
    d.a.reset();
    diags.push_back({{"range", range_of("", 0, 0)}, {"severity", 1}, {"source", "spades"},
                     {"message", lang::too_large_message(d.dropped) + ": send the whole text again once it is smaller"}});
  } else {
    d.a = analyse(d.path, d.text);
    if (d.a->v) d.last_good = d.a->v;
    diags = diagnostics(*d.a);
  }
  notes_.push_back(notification("textDocument/publishDiagnostics", {{"uri", uri}, {"version", d.version}, {"diagnostics", diags}}));
}

}  // namespace spades::cli::lsp
