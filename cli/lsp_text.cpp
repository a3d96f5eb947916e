// Positions, words and extents of a document for `spades lsp` (see lsp_text.hpp). LSP counts characters in
// UTF-16 units; the language's own positions count bytes (runtime/diagnostic.hpp).
#include "cli/lsp_text.hpp"

#include <algorithm>
#include <filesystem>

namespace spades::cli::lsp {

namespace {

bool word_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; }

// The length of the valid UTF-8 sequence at `i`, or 1 for a byte that starts none.
size_t sequence_length(const std::string& s, size_t i) {
  const unsigned char c = s[i];
  size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
  if (n <= 1 || i + n > s.size()) return 1;
  for (size_t k = 1; k < n; ++k)
    if (((unsigned char)s[i + k] >> 6) != 2) return 1;
  return n;
}

size_t line_start(const std::string& text, uint64_t line) {
  size_t at = 0;
  for (uint64_t l = 0; l < line; ++l) {
    size_t nl = text.find('\n', at);
    if (nl == std::string::npos) return text.size();
    at = nl + 1;
  }
  return at;
}

// The end of the line starting at or containing `at`, before its "\n" or "\r\n".
size_t line_end(const std::string& text, size_t at) {
  size_t nl = text.find('\n', at);
  if (nl == std::string::npos) return text.size();
  return nl > at && text[nl - 1] == '\r' ? nl - 1 : nl;
}

// Skips a comment or a string starting at `i`, to the end of its line or its closing quote.
size_t skip_comment_or_string(const std::string& text, size_t i) {
  if (text[i] == '#') return line_end(text, i);
  size_t close = text.find_first_of("\"\n", i + 1);
  if (close == std::string::npos) return text.size();
  return text[close] == '"' ? close + 1 : close;
}

}  // namespace

size_t offset_of(const std::string& text, uint64_t line, uint64_t character) {
  size_t at = line_start(text, line);
  if (at == text.size()) return at;
  const size_t end = line_end(text, at);
  for (uint64_t units = 0; at < end && units < character;) {
    size_t n = sequence_length(text, at);
    units += n == 4 ? 2 : 1;
    at += n;
  }
  return at;
}

positions::positions(const std::string& text) : text_(text) {
  starts_.push_back(0);
  for (size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', nl + 1)) starts_.push_back(nl + 1);
}

nlohmann::json positions::at(size_t offset) {
  offset = std::min(offset, text_.size());
  size_t line = std::upper_bound(starts_.begin(), starts_.end(), offset) - starts_.begin() - 1;
  size_t from = starts_[line];
  uint64_t units = 0;
  if (line == last_line_ && offset >= last_offset_ && last_offset_ >= from) {
    from = last_offset_;
    units = last_units_;
  }
  while (from < offset) {
    size_t n = sequence_length(text_, from);
    units += n == 4 ? 2 : 1;
    from += n;
  }
  last_line_ = line, last_offset_ = offset, last_units_ = units;
  return {{"line", line}, {"character", units}};
}

size_t positions::offset(pos at) const {
  if (at.line < 1) return 0;
  if ((size_t)at.line > starts_.size()) return text_.size();
  size_t start = starts_[at.line - 1];
  size_t col = at.col < 1 ? 0 : (size_t)at.col - 1;
  return std::min(start + col, line_end(text_, start));
}

nlohmann::json position_of(const std::string& text, size_t offset) { return positions(text).at(offset); }

nlohmann::json range_of(const std::string& text, size_t from, size_t to) { return positions(text).range(from, to); }

size_t offset_of(const std::string& text, pos at) { return positions(text).offset(at); }

std::vector<token> words(const std::string& text) {
  std::vector<token> out;
  for (size_t i = 0; i < text.size();) {
    if (text[i] == '#' || text[i] == '"') {
      i = skip_comment_or_string(text, i);
    } else if (word_char(text[i])) {
      size_t j = i;
      while (j < text.size() && word_char(text[j])) ++j;
      out.push_back({i, text.substr(i, j - i)});
      i = j;
    } else {
      ++i;
    }
  }
  return out;
}

bool in_comment_or_string(const std::string& text, size_t offset) {
  size_t nl = offset == 0 ? std::string::npos : text.rfind('\n', offset - 1);
  for (size_t i = nl == std::string::npos ? 0 : nl + 1; i < offset && i < text.size();) {
    if (text[i] != '#' && text[i] != '"') {
      ++i;
      continue;
    }
    size_t after = skip_comment_or_string(text, i);
    // a comment, or a string not closed on its line, still holds the cursor at its end
    bool open_end = text[i] == '#' || after == i + 1 || text[after - 1] != '"';
    if (offset < after || (open_end && offset == after)) return true;
    i = after;
  }
  return false;
}

std::optional<token> word_at(const std::string& text, size_t offset) {
  if (offset > text.size() || in_comment_or_string(text, offset)) return std::nullopt;
  size_t start = offset, end = offset;
  while (start > 0 && word_char(text[start - 1])) --start;
  while (end < text.size() && word_char(text[end])) ++end;
  if (start == end) return std::nullopt;
  return token{start, text.substr(start, end - start)};
}

size_t token_end(const std::string& text, size_t offset) {
  if (offset >= text.size() || text[offset] == '\n' || text[offset] == '\r') return offset;
  if (!word_char(text[offset])) return offset + sequence_length(text, offset);
  size_t end = offset;
  while (end < text.size() && word_char(text[end])) ++end;
  return end;
}

size_t extent_end(const std::string& text, size_t offset) {
  size_t eol = line_end(text, offset), i = offset;
  while (i < eol && text[i] != '{') i = (text[i] == '#' || text[i] == '"') ? skip_comment_or_string(text, i) : i + 1;
  if (i >= eol) return eol;
  int depth = 0;
  while (i < text.size()) {
    if (text[i] == '#' || text[i] == '"') {
      i = skip_comment_or_string(text, i);
      continue;
    }
    if (text[i] == '{') ++depth;
    if (text[i] == '}' && --depth == 0) return i + 1;
    ++i;
  }
  return text.size();
}

std::string path_of_uri(const std::string& uri) {
  std::string rest;
  if (uri.rfind("file://localhost/", 0) == 0) rest = uri.substr(16);
  else if (uri.rfind("file:///", 0) == 0) rest = uri.substr(7);
  else return uri;
  std::string out;
  auto hex = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1; };
  for (size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == '%' && i + 2 < rest.size() && hex(rest[i + 1]) >= 0 && hex(rest[i + 2]) >= 0) {
      out += char(hex(rest[i + 1]) * 16 + hex(rest[i + 2]));
      i += 2;
    } else {
      out += rest[i];
    }
  }
  return out;
}

std::string uri_of_path(const std::string& path) {
  std::error_code ec;
  std::string abs = path.empty() || path[0] == '/' ? path : std::filesystem::absolute(path, ec).string();
  std::string out = "file://";
  for (unsigned char c : abs) {
    if (word_char((char)c) || c == '/' || c == '-' || c == '.' || c == '~') {
      out += (char)c;
    } else {
      out += '%';
      out += "0123456789ABCDEF"[c >> 4];
      out += "0123456789ABCDEF"[c & 15];
    }
  }
  return out;
}

}  // namespace spades::cli::lsp
