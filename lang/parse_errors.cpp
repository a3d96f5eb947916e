// parse errors: a failed rule's row of the error table (lang/parse_errors.hpp) -> a diagnostic: where the
// caret goes (on the word found, or after the last code of the line before), what was found, did-you-mean
// and the note at the bracket left open.
#include "lang/parse_errors.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <vector>

#include <fmt/format.h>

namespace spades::lang::syntax {

std::string too_deep_message(bool statements) {
  return fmt::format("{} too deeply nested (more than {} levels)", statements ? "these statements are" : "this formula is", max_nesting);
}

pos position_of(const std::string& text, size_t offset, int file) {
  size_t nl = offset == 0 ? std::string::npos : text.rfind('\n', offset - 1);
  size_t line_start = nl == std::string::npos ? 0 : nl + 1;
  int line = 1 + (int)std::count(text.begin(), text.begin() + (long)offset, '\n');
  return {file, line, (int)(offset - line_start) + 1};
}

namespace {

// The innermost `open` bracket ('{' or '(') still unclosed at byte `offset`, skipping comments and strings.
std::optional<size_t> unclosed(const std::string& text, size_t offset, char open, char close) {
  std::vector<size_t> stack;
  bool in_comment = false, in_string = false;
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    char ch = text[i];
    if (ch == '\n') { in_comment = in_string = false; continue; }
    if (in_comment) continue;
    if (in_string) { if (ch == '"') in_string = false; continue; }
    if (ch == '#') in_comment = true;
    else if (ch == '"') in_string = true;
    else if (ch == open) stack.push_back(i);
    else if (ch == close && !stack.empty()) stack.pop_back();
  }
  if (stack.empty()) return std::nullopt;
  return stack.back();
}

// A note at the innermost '{' still open at byte `offset`, naming the keyword that opened its line.
std::optional<note> unclosed_brace(const std::string& text, size_t offset, int file) {
  std::optional<size_t> o = unclosed(text, offset, '{', '}');
  if (!o) return std::nullopt;
  size_t line_start = text.rfind('\n', *o);
  line_start = line_start == std::string::npos ? 0 : line_start + 1;
  size_t k = line_start;
  while (k < *o && (text[k] == ' ' || text[k] == '\t')) ++k;
  size_t e = k;
  while (e < *o && (std::isalnum((unsigned char)text[e]) || text[e] == '_')) ++e;
  std::string what = e > k ? text.substr(k, e - k) : std::string("block");
  return note{position_of(text, k, file), fmt::format("to close '{}' opened here", what)};
}

// A note at the innermost '(' still open at byte `offset`.
std::optional<note> unclosed_paren(const std::string& text, size_t offset, int file) {
  std::optional<size_t> o = unclosed(text, offset, '(', ')');
  if (!o) return std::nullopt;
  return note{position_of(text, *o, file), "to close the '(' opened here"};
}

// When the parser stops at the first token of a line (or at the end of the file), a missing operand,
// ')' or 'else' belongs to the line before: the byte just past the last code on the nearest earlier line
// that has any. npos when the stop is mid-line or nothing precedes it.
size_t end_of_previous_code(const std::string& text, size_t offset) {
  size_t nl = offset == 0 ? std::string::npos : text.rfind('\n', offset - 1);
  size_t line_start = nl == std::string::npos ? 0 : nl + 1;
  for (size_t i = line_start; i < offset; ++i)
    if (text[i] != ' ' && text[i] != '\t' && text[i] != '\r') return std::string::npos;
  while (line_start > 0) {
    size_t end = line_start - 1;  // the '\n' ending the previous line
    size_t prev = end == 0 ? std::string::npos : text.rfind('\n', end - 1);
    size_t begin = prev == std::string::npos ? 0 : prev + 1;
    size_t code_end = begin;  // past the last character outside a comment
    bool in_string = false;
    for (size_t i = begin; i < end; ++i) {
      char ch = text[i];
      if (!in_string && ch == '#') break;
      if (ch == '"') in_string = !in_string;
      if (ch != ' ' && ch != '\t' && ch != '\r') code_end = i + 1;
    }
    if (code_end > begin) return code_end;
    line_start = begin;
  }
  return std::string::npos;
}

std::string found_at(const std::string& text, size_t offset) {
  if (offset >= text.size()) return "found the end of the file";
  unsigned char c = (unsigned char)text[offset];
  if (c == '\n' || c == '\r') return "found the end of the line";
  if (std::isalnum(c) || c == '_') {
    size_t e = offset;
    while (e < text.size() && (std::isalnum((unsigned char)text[e]) || text[e] == '_')) ++e;
    if (e - offset > 40) return fmt::format("found '{}...'", text.substr(offset, 40));
    return fmt::format("found '{}'", text.substr(offset, e - offset));
  }
  // a whole UTF-8 character is shown as itself ('♠'); a stray or control byte by its value
  size_t n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
  bool whole = n > 0 && offset + n <= text.size();
  for (size_t i = 1; whole && i < n; ++i) whole = ((unsigned char)text[offset + i] & 0xc0) == 0x80;
  if (whole) return fmt::format("found '{}'", text.substr(offset, n));
  if (c < 0x20 || c >= 0x7f) return fmt::format("found byte 0x{:02x}", c);
  return fmt::format("found '{}'", (char)c);
}

// `broken_by discard, lead`: a list written with commas. The line as it would be written, commas out.
std::string comma_list_hint(const std::string& text, size_t at) {
  size_t nl = at == 0 ? std::string::npos : text.rfind('\n', at - 1);
  const size_t begin = nl == std::string::npos ? 0 : nl + 1;
  size_t end = std::min(text.find('\n', at), text.size());
  end = std::min(text.find('#', at), end);  // a comment after the list is not part of it
  std::string line;
  for (size_t i = begin; i < end; ++i) {
    if (text[i] == ',') {
      if (!line.empty() && line.back() != ' ') line += ' ';
      while (i + 1 < end && (text[i + 1] == ' ' || text[i + 1] == '\t')) ++i;
      continue;
    }
    line += text[i];
  }
  const size_t first = line.find_first_not_of(" \t"), last = line.find_last_not_of(" \t\r");
  if (first == std::string::npos || last - first > 80) return "; the words of a list are separated by blanks, not commas";
  return fmt::format("; the words of a list are separated by blanks, not commas: `{}`", line.substr(first, last - first + 1));
}

}  // namespace

std::string message_of(const syntax_row& e) {
  std::string msg = e.message;
  if (e.candidates.empty()) return msg;
  if (size_t at = msg.find("{}"); at != std::string::npos) msg.replace(at, 2, fmt::format("{}", fmt::join(e.candidates, ", ")));
  if (size_t at = msg.find("{or}"); at != std::string::npos)
    msg.replace(at, 4, fmt::format("{} or {}", fmt::join(e.candidates.first(e.candidates.size() - 1), ", "), e.candidates.back()));
  return msg;
}

diag_error syntax_error(const std::string& text, int file, size_t at, const syntax_row& row) {
  std::string found = found_at(text, at);
  size_t report = at;
  if (row.where == caret::previous_code || at >= text.size())
    if (size_t back = end_of_previous_code(text, at); back != std::string::npos) {
      report = back;
      if (at < text.size()) found = "found the end of the line";
    }
  std::string full = fmt::format("{}, {}", message_of(row), found);
  if (report == at && found.rfind("found '", 0) == 0) {
    std::vector<std::string> candidates(row.candidates.begin(), row.candidates.end());
    full += did_you_mean(found.substr(7, found.size() - 8), candidates);
  }
  // the rows are compared by their text: a row copied from another keeps the pointer, but the same literal
  // need not be one object in every build (an ASan build gave two)
  if (found == "found ','" && row.message && std::string_view(row.message) == error_info<R::eos>.message) full += comma_list_hint(text, at);
  std::vector<note> notes;
  std::optional<note> n = row.opened == closes::brace ? unclosed_brace(text, at, file)
                          : row.opened == closes::paren ? unclosed_paren(text, at, file)
                                                        : std::nullopt;
  if (n) notes.push_back(*n);
  return diag_error(position_of(text, report, file), full, notes);
}

}  // namespace spades::lang::syntax
