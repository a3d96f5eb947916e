// libFuzzer target: the language server (cli/lsp.hpp) opens a ruleset and the input is read as a series of
// edits and requests: text inserted or deleted at (line, character) positions, then hover, completion,
// definition, references and the outline anywhere. Every request must get exactly one answer with its id,
// and nothing may escape the server.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/lsp.hpp"

namespace {

using nlohmann::json;

std::vector<std::string> ruleset_texts(std::vector<std::string>& paths) {
  std::vector<std::string> texts;
  for (const auto& e : std::filesystem::directory_iterator(FUZZ_RULESETS))
    if (e.path().extension() == ".spades") paths.push_back(e.path().string());
  std::sort(paths.begin(), paths.end());
  for (const std::string& p : paths) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    texts.push_back(s.str());
  }
  return texts;
}

struct reader {
  const uint8_t* data;
  size_t size, at = 0;
  uint8_t byte() { return at < size ? data[at++] : 0; }
  bool done() const { return at >= size; }
};

json position(reader& r) { return {{"line", r.byte() % 64}, {"character", r.byte() % 48}}; }

}  // namespace

int spades_fuzz_lsp(const uint8_t* data, size_t size) {
  static std::vector<std::string> paths;
  static const std::vector<std::string> texts = ruleset_texts(paths);
  if (texts.empty() || size == 0) return 0;
  reader r{data, size};
  size_t which = r.byte() % texts.size();
  const std::string uri = "file://" + paths[which];
  spades::cli::lsp::server s(FUZZ_RULESETS);
  auto send = [&](json m) { return s.handle(m); };
  send({{"jsonrpc", "2.0"}, {"id", 0}, {"method", "initialize"}, {"params", json::object()}});
  send({{"jsonrpc", "2.0"}, {"method", "textDocument/didOpen"},
        {"params", {{"textDocument", {{"uri", uri}, {"languageId", "spades"}, {"version", 1}, {"text", texts[which]}}}}}});
  static const char* queries[] = {"textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/references",
                                  "textDocument/documentSymbol"};
  for (int id = 1, version = 2; !r.done() && id < 64; ++id) {
    const uint8_t op = r.byte();
    if (op % 2 == 0) {
      // an edit: a range (possibly reversed or past the end) replaced by up to 15 bytes of the input
      json range = {{"start", position(r)}, {"end", position(r)}};
      std::string text;
      for (int n = r.byte() % 16; n > 0 && !r.done(); --n) text += (char)r.byte();
      json change = {{"range", range}, {"text", text}};
      send({{"jsonrpc", "2.0"}, {"method", "textDocument/didChange"},
            {"params", {{"textDocument", {{"uri", uri}, {"version", version++}}}, {"contentChanges", {change}}}}});
      continue;
    }
    json params = {{"textDocument", {{"uri", uri}}}, {"position", position(r)}};
    std::vector<json> out = send({{"jsonrpc", "2.0"}, {"id", id}, {"method", queries[(op / 2) % 5]}, {"params", params}});
    if (out.size() != 1 || out[0].value("id", -1) != id) __builtin_trap();
  }
  return 0;
}

#ifndef SPADES_FUZZ_NO_MAIN
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return spades_fuzz_lsp(data, size); }
#endif
