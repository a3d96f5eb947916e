// spades lsp: scripted sessions (tests/lsp/*.session) answered exactly, the framing of the stream with its
// refusals, the exit codes, the UTF-16 positions, and the fuzz target on a few inputs.
//
// A session file holds `> MESSAGE` lines, each sent to the server, and after each the `< MESSAGE` lines it
// must answer, in order, as compact JSON; `#` lines are comments. $DIR stands for tests/lsp and $ROOT for the
// source tree, as absolute paths; $TEXT(name) for the text of tests/lsp/name as a JSON string.
// SPADES_LSP_WRITE=1 writes the answers into the files instead (to be read over before they are committed).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/lsp.hpp"
#include "cli/lsp_analysis.hpp"
#include "cli/lsp_text.hpp"
#include "runtime/limits.hpp"
#include "tests/test_util.hpp"

int spades_fuzz_lsp(const uint8_t* data, size_t size);

namespace fs = std::filesystem;
using spades::testing::slurp;
using namespace spades::cli::lsp;

namespace {

const std::string root = fs::canonical(SPADES_SOURCE_DIR).string();
const std::string dir = root + "/tests/lsp";

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
  return s;
}

// $TEXT(name) is the text of tests/lsp/name as a JSON string (a didOpen's text).
std::string expand(std::string s) {
  for (size_t at = s.find("$TEXT("); at != std::string::npos; at = s.find("$TEXT(", at)) {
    size_t close = s.find(')', at);
    std::string text = json(slurp(dir + "/" + s.substr(at + 6, close - at - 6))).dump();
    s.replace(at, close + 1 - at, text);
    at += text.size();
  }
  return replace_all(replace_all(s, "$DIR", dir), "$ROOT", root);
}
std::string shorten(const std::string& s) { return replace_all(replace_all(s, dir, "$DIR"), root, "$ROOT"); }

// Runs a session: each sent line with the answers it got, as the file would say them.
std::string run_session(const std::string& script) {
  server s(root + "/rulesets");
  std::istringstream in(script);
  std::string out;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("< ", 0) == 0) continue;
    out += line + "\n";
    if (line.rfind("> ", 0) != 0) continue;
    for (const json& m : s.receive(expand(line.substr(2)))) out += "< " + shorten(m.dump(-1, ' ', false, json::error_handler_t::replace)) + "\n";
  }
  return out;
}

// Frames each body as a client would.
std::string framed(std::initializer_list<std::string> bodies) {
  std::string out;
  for (const std::string& b : bodies) out += "Content-Length: " + std::to_string(b.size()) + "\r\n\r\n" + b;
  return out;
}

struct served {
  int code;
  std::string out, err;
};
served serve_text(const std::string& input) {
  server s(root + "/rulesets");
  std::istringstream in(input);
  std::ostringstream out, err;
  int code = serve(s, in, out, err);
  return {code, out.str(), err.str()};
}

const std::string init = R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{}})";
const std::string shutdown = R"({"jsonrpc":"2.0","id":2,"method":"shutdown"})";
const std::string exit_message = R"({"jsonrpc":"2.0","method":"exit"})";

std::string answer(const std::string& body) { return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body; }

}  // namespace

TEST_CASE("lsp: each session in tests/lsp gets exactly its answers") {
  int sessions = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".session") continue;
    ++sessions;
    std::string script = slurp(e.path());
    std::string got = run_session(script);
    if (std::getenv("SPADES_LSP_WRITE")) std::ofstream(e.path(), std::ios::binary) << got;
    INFO(e.path().filename().string());
    CHECK(got == script);
  }
  CHECK(sessions >= 8);
}

TEST_CASE("lsp: the framing, its refusals and the exit codes") {
  SECTION("shutdown then exit: code 0, nothing after exit is read") {
    served r = serve_text(framed({init, shutdown, exit_message, init}));
    CHECK(r.code == 0);
    CHECK(r.err == "");
    CHECK(r.out.find(answer(R"({"id":2,"jsonrpc":"2.0","result":null})")) != std::string::npos);
    CHECK(r.out.find(R"("id":1)") == r.out.rfind(R"("id":1)"));
  }
  SECTION("exit without shutdown: code 1") {
    CHECK(serve_text(framed({init, exit_message})).code == 1);
  }
  SECTION("the input ends without exit: code 1, quietly at a message's boundary") {
    served r = serve_text(framed({init}));
    CHECK(r.code == 1);
    CHECK(r.err == "");
  }
  SECTION("a header without Content-Length gets an error, and the next message is read") {
    served r = serve_text("Content-Type: x\r\n\r\n" + shutdown + framed({init}));
    CHECK(r.out.rfind(answer(R"({"error":{"code":-32700,"message":"the header has no Content-Length"},"id":null,"jsonrpc":"2.0"})"), 0) == 0);
    CHECK(r.out.find(R"("id":1,"jsonrpc":"2.0","result":{"capabilities")") != std::string::npos);
    CHECK(r.err == "");
  }
  SECTION("a bad length, a line that is no header") {
    served r = serve_text("Content-Length: 12x\r\n\r\n" + framed({init}));
    CHECK(r.out.rfind(answer(R"({"error":{"code":-32700,"message":"bad Content-Length header 'Content-Length: 12x'"},"id":null,"jsonrpc":"2.0"})"), 0) == 0);
    r = serve_text("hello\r\n\r\n");
    CHECK(r.out == answer(R"({"error":{"code":-32700,"message":"'hello' is not a header line"},"id":null,"jsonrpc":"2.0"})"));
    // beside a good Content-Length, a line that is no header is passed over
    r = serve_text("hello\r\nContent-Length: 2\r\n\r\n{}");
    CHECK(r.out == answer(R"({"error":{"code":-32600,"message":"a message must have \"jsonrpc\": \"2.0\""},"id":null,"jsonrpc":"2.0"})"));
  }
  SECTION("a message over the limit is skipped unread with an error") {
    std::string big = "Content-Length: " + std::to_string(spades::max_lsp_message_bytes + 1) + "\r\n\r\n" + std::string(spades::max_lsp_message_bytes + 1, ' ');
    served r = serve_text(big + framed({init}));
    CHECK(r.out.rfind(answer(R"({"error":{"code":-32600,"message":"a message of 16777217 bytes is over the limit of 16777216 bytes: it was skipped"},"id":null,"jsonrpc":"2.0"})"), 0) == 0);
    CHECK(r.out.find(R"("id":1,"jsonrpc":"2.0","result")") != std::string::npos);
  }
  SECTION("the input ends inside a body or a header: said on stderr") {
    served r = serve_text("Content-Length: 100\r\n\r\n{\"jsonrpc\"");
    CHECK(r.err == "spades lsp: the input ended inside a message\n");
    CHECK(r.code == 1);
    r = serve_text("Content-Length: 100\r\n");
    CHECK(r.err == "spades lsp: the input ended inside a message header\n");
    r = serve_text("Content-Length: 1" + std::string(2000, '0'));
    CHECK(r.err == "spades lsp: a header line is longer than 1024 bytes: the stream cannot be read as LSP\n");
    std::string many;
    for (int i = 0; i < 20; ++i) many += "X-Header: 1\r\n";
    r = serve_text(many);
    CHECK(r.err == "spades lsp: a header has more than 16 lines: the stream cannot be read as LSP\n");
  }
  SECTION("a body left over from a header without a length: the next header on its line is found") {
    served r = serve_text("Content-Type: x\r\n\r\n" + init + framed({shutdown}));
    CHECK(r.out == answer(R"({"error":{"code":-32700,"message":"the header has no Content-Length"},"id":null,"jsonrpc":"2.0"})") +
                       answer(R"({"error":{"code":-32002,"message":"the server is not initialized: send 'initialize' first"},"id":2,"jsonrpc":"2.0"})"));
  }
}

TEST_CASE("lsp: positions count UTF-16 units; edits past the end are clamped") {
  const std::string text = "a\xC3\xA9" "b\xF0\x9F\x82\xA1" "c\r\nxy\n";  // aéb🂡c CRLF xy
  CHECK(offset_of(text, 0, 0) == 0);
  CHECK(offset_of(text, 0, 2) == 3);   // after é (2 bytes, 1 unit)
  CHECK(offset_of(text, 0, 5) == 8);   // after 🂡 (4 bytes, 2 units)
  CHECK(offset_of(text, 0, 6) == 9);   // the line's end, before \r\n
  CHECK(offset_of(text, 0, 99) == 9);
  CHECK(offset_of(text, 1, 1) == 12);
  CHECK(offset_of(text, 7, 0) == text.size());
  CHECK(position_of(text, 8) == json{{"line", 0}, {"character", 5}});
  CHECK(position_of(text, 12) == json{{"line", 1}, {"character", 1}});
  // a byte that starts no UTF-8 sequence counts one unit
  CHECK(offset_of("\xFF\xFEz", 0, 2) == 2);
  CHECK(path_of_uri("file:///a%20b/c.spades") == "/a b/c.spades");
  CHECK(uri_of_path("/a b/c.spades") == "file:///a%20b/c.spades");
  CHECK(path_of_uri("untitled:1") == "untitled:1");
}

TEST_CASE("lsp: the fuzz target runs edits and requests") {
  const uint8_t inputs[][24] = {{0, 0, 1, 2, 3, 4, 5, 'x', 'y', 'z', '{', '}', 1, 3, 4, 3, 9, 9, 5, 0, 0, 7, 1, 1},
                                {3, 2, 0, 0, 60, 40, 0, 1, 0, 0, 9, 3, 1, 5, 7, 9, 1, 0, 3, 0, 5, 5, 1, 2}};
  for (const auto& in : inputs) CHECK(spades_fuzz_lsp(in, sizeof in) == 0);
}

namespace {

json open_message(const std::string& uri, const std::string& text) {
  return {{"jsonrpc", "2.0"}, {"method", "textDocument/didOpen"},
          {"params", {{"textDocument", {{"uri", uri}, {"languageId", "spades"}, {"version", 1}, {"text", text}}}}}};
}

}  // namespace

TEST_CASE("lsp: at most max_lsp_documents documents open; a text past max_source_bytes is dropped until sent whole") {
  server s(root + "/rulesets");
  s.receive(init);
  for (int i = 0; i < spades::max_lsp_documents; ++i) CHECK(s.handle(open_message("untitled:" + std::to_string(i), "game \"x\"\n")).size() == 1);
  std::vector<json> out = s.handle(open_message("untitled:one-more", "game \"x\"\n"));
  REQUIRE(out.size() == 1);
  CHECK(out[0].dump() == R"({"jsonrpc":"2.0","method":"window/logMessage","params":{"message":"spades lsp: textDocument/didOpen: at most 64 documents may be open at once: close one first","type":1}})");
  // the same document opened again replaces its text, as a client that reopens it expects
  CHECK(s.handle(open_message("untitled:0", "game \"y\"\n")).size() == 1);

  const std::string big(spades::max_source_bytes + 1, '#');
  out = s.handle(open_message("untitled:1", big));
  REQUIRE(out.size() == 1);
  CHECK(out[0]["params"]["diagnostics"][0]["message"] == "the file is too large (4194305 bytes; the limit is 4 MiB): send the whole text again once it is smaller");
  json edit = json::parse(R"({"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"untitled:1","version":2},
                                "contentChanges":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"text":""}]}})");
  out = s.handle(edit);
  CHECK(out[0]["params"]["diagnostics"][0]["message"] == "the file is too large (4194305 bytes; the limit is 4 MiB): send the whole text again once it is smaller");
  json hover = json::parse(R"({"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:1"},"position":{"line":0,"character":0}}})");
  CHECK(s.handle(hover)[0].dump() == R"({"id":5,"jsonrpc":"2.0","result":null})");
  // sent whole again, it is analysed again
  edit["params"]["textDocument"]["uri"] = "file://" + dir + "/new.spades";
  s.handle(json::parse(R"({"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"untitled:2"}}})"));
  CHECK(s.handle(open_message(edit["params"]["textDocument"]["uri"], big))[0]["params"]["diagnostics"].size() == 1);
  edit["params"]["contentChanges"] = json::parse(R"([{"text":"extends \"../../rulesets/standard\"\n"}])");
  out = s.handle(edit);
  CHECK(out[0]["params"]["diagnostics"] == json::array());
  // an incremental change that takes a text past the limit drops it too
  edit["params"]["contentChanges"] = json::parse(R"([{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"text":""}])");
  edit["params"]["contentChanges"][0]["text"] = big;
  out = s.handle(edit);
  CHECK(out[0]["params"]["diagnostics"][0]["message"] == "the file is too large (4194339 bytes; the limit is 4 MiB): send the whole text again once it is smaller");
}

TEST_CASE("lsp: a message that is not UTF-8 is a parse error; answers with bytes that are not UTF-8 are still sent") {
  server s(root + "/rulesets");
  std::vector<json> out = s.receive("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\xff\"}");
  REQUIRE(out.size() == 1);
  CHECK(out[0]["error"]["code"] == -32700);
  served r = serve_text(framed({init, R"({"jsonrpc":"2.0","id":2,"method":"shutdown"})"}));
  CHECK(r.out.find(answer(R"({"id":2,"jsonrpc":"2.0","result":null})")) != std::string::npos);
}

TEST_CASE("lsp: a clean document's warnings are published as warnings at the author's line") {
  const std::string path = spades::testing::source_path("tests/lang/restate_drops_optional.spades");
  const spades::cli::lsp::analysis a = spades::cli::lsp::analyse(path, slurp(path));
  const nlohmann::json d = spades::cli::lsp::diagnostics(a);
  REQUIRE(d.size() == 1);
  CHECK(d[0]["severity"] == 2);
  CHECK(d[0]["range"]["start"] == nlohmann::json{{"line", 3}, {"character", 2}});
  CHECK(d[0]["message"].get<std::string>().rfind("this restates the inherited 'bid blind_nil' whole, and drops `optional` from its `exchange`", 0) == 0);
  CHECK(d[0]["relatedInformation"][0]["message"] == "the inherited 'bid blind_nil' is here");
}

TEST_CASE("lsp: a fragment that parses shows no error (its meaning is checked where it is included); one that does not, its syntax error") {
  const std::string path = spades::testing::source_path("tests/features/fragments/bags5_common.spades");
  CHECK(spades::cli::lsp::diagnostics(spades::cli::lsp::analyse(path, slurp(path))).empty());
  const nlohmann::json bad = spades::cli::lsp::diagnostics(spades::cli::lsp::analyse(path, "fragment\nend { target }\n"));
  REQUIRE(bad.size() == 1);
  CHECK(bad[0]["message"].get<std::string>().rfind("expected a number or an option name", 0) == 0);
}
