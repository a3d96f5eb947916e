// The framing of `spades lsp` (lsp.hpp): each message is a header, `Content-Length: N`, a blank line, then N
// bytes of JSON. A header without a length, or a length past the limit, is answered with a JSON-RPC error and
// the stream is read on from the next message; a header line too long to be one, or input that ends inside a
// message, ends the session with a message on stderr.
#include <istream>
#include <ostream>

#include <fmt/format.h>

#include "cli/lsp.hpp"
#include "runtime/limits.hpp"

namespace spades::cli {

namespace lsp {

namespace {

enum class header_state { ok, end, bad, broken };

struct header {
  header_state state = header_state::ok;
  uint64_t length = 0;
  std::string problem;
};

// A `Content-Length` value: digits only, within 20 of them.
bool read_length(std::string value, uint64_t& out) {
  while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.erase(0, 1);
  while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.pop_back();
  if (value.empty() || value.size() > 19 || value.find_first_not_of("0123456789") != std::string::npos) return false;
  out = std::stoull(value);
  return true;
}

// One header line without its line end; false at the end of the input or past the length limit (`over`).
bool read_line(std::istream& in, std::string& line, bool& over) {
  line.clear();
  over = false;
  for (int c = in.get(); c != EOF; c = in.get()) {
    if (c == '\n') {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return true;
    }
    if ((int)line.size() >= max_lsp_header_bytes) {
      over = true;
      return false;
    }
    line += (char)c;
  }
  return !line.empty();
}

// The header up to its blank line. Text before `Content-Length:` on a line is what is left of a message
// whose length was not known: the header starts there, and the stream is in step again.
header read_header(std::istream& in) {
  header h;
  bool has_length = false, started = false;
  std::string line;
  for (int lines = 0;; ++lines) {
    bool over = false;
    if (!read_line(in, line, over)) {
      if (over) return {header_state::broken, 0, fmt::format("a header line is longer than {} bytes: the stream cannot be read as LSP", max_lsp_header_bytes)};
      if (!started) return {header_state::end, 0, ""};
      return {header_state::broken, 0, "the input ended inside a message header"};
    }
    if (lines >= max_lsp_header_lines) return {header_state::broken, 0, fmt::format("a header has more than {} lines: the stream cannot be read as LSP", max_lsp_header_lines)};
    if (line.empty()) {
      if (!started) continue;  // blank lines between messages
      break;
    }
    started = true;
    size_t cl = line.find("Content-Length:");
    if (cl != std::string::npos) {
      has_length = read_length(line.substr(cl + 15), h.length);
      if (!has_length) h.problem = fmt::format("bad Content-Length header '{}'", printable(line.substr(cl), 60));
      continue;
    }
    if (line.find(':') == std::string::npos && h.problem.empty()) h.problem = fmt::format("'{}' is not a header line", printable(line, 60));
  }
  if (!has_length) return {header_state::bad, 0, h.problem.empty() ? "the header has no Content-Length" : h.problem};
  return h;
}

void write(std::ostream& out, const json& m) {
  std::string body = m.dump(-1, ' ', false, json::error_handler_t::replace);
  out << "Content-Length: " << body.size() << "\r\n\r\n" << body;
  out.flush();
}

}  // namespace

int serve(server& s, std::istream& in, std::ostream& out, std::ostream& err) {
  while (!s.exited()) {
    header h = read_header(in);
    if (h.state == header_state::end) break;
    if (h.state == header_state::broken) {
      err << "spades lsp: " << h.problem << "\n";
      break;
    }
    if (h.state == header_state::bad) {
      write(out, error_response(nullptr, parse_error, h.problem));
      continue;
    }
    if (h.length > max_lsp_message_bytes) {
      // skipped unread, so the next message is read from its header
      in.ignore((std::streamsize)h.length);
      if ((uint64_t)in.gcount() < h.length) {
        err << "spades lsp: the input ended inside a message\n";
        break;
      }
      write(out, error_response(nullptr, invalid_request,
                                fmt::format("a message of {} bytes is over the limit of {} bytes: it was skipped", h.length, max_lsp_message_bytes)));
      continue;
    }
    std::string body(h.length, '\0');
    in.read(body.data(), (std::streamsize)h.length);
    if ((uint64_t)in.gcount() < h.length) {
      err << "spades lsp: the input ended inside a message\n";
      break;
    }
    for (const json& m : s.receive(body)) write(out, m);
  }
  return s.exit_code();
}

}  // namespace lsp

}  // namespace spades::cli
