// Fitting text to the terminal's width (cli/text_table.hpp).
#include "cli/text_table.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>


#include "runtime/limits.hpp"

namespace spades::cli {

int output_width() {
  long n = 0;
  const char* columns = std::getenv("COLUMNS");
  // a number from 1 up (junk, 0 and an empty value are as if unset), read without overflow
  if (columns && *columns && std::strspn(columns, "0123456789") == std::strlen(columns))
    for (const char* c = columns; *c && n <= max_columns; ++c) n = n * 10 + (*c - '0');
  winsize ws{};
  if (n == 0 && isatty(1) && ioctl(1, TIOCGWINSZ, &ws) == 0) n = ws.ws_col;
  if (n == 0) return 0;
  return (int)std::clamp<long>(n, min_columns, max_columns);
}

size_t text_width(std::string_view s) {
  return (size_t)std::count_if(s.begin(), s.end(), [](char c) { return ((unsigned char)c & 0xC0) != 0x80; });
}

namespace {

// `text` cut into the pieces a line may break between: after each `sep`.
std::vector<std::string_view> pieces(std::string_view text, std::string_view sep) {
  std::vector<std::string_view> out;
  size_t from = 0;
  for (size_t at; (at = text.find(sep, from)) != std::string_view::npos; from = at + sep.size())
    out.push_back(text.substr(from, at + sep.size() - from));
  out.push_back(text.substr(from));
  return out;
}

// Packs the pieces of `text` cut at seps[0] into lines of `width` columns (the first after `used`, the
// others after `indent`); a piece too long for a line of its own is cut at the next separator.
void pack(std::string& out, std::string_view text, const std::vector<std::string_view>& seps, size_t level, size_t width, size_t& used,
          size_t indent, bool& placed) {
  for (std::string_view part : pieces(text, seps[level])) {
    std::string_view shown = part;  // the part as it ends a line: without the blanks after it
    while (!shown.empty() && shown.back() == ' ') shown.remove_suffix(1);
    // a piece that fits no line whole starts where the line stands, its own pieces filling it
    const bool whole = indent + text_width(shown) <= width || level + 1 == seps.size();
    if (placed && used + text_width(shown) > width && whole) {
      while (!out.empty() && out.back() == ' ') out.pop_back();
      out += '\n';
      out.append(indent, ' ');
      used = indent;
      placed = false;
    }
    if (used + text_width(shown) > width && level + 1 < seps.size()) {
      pack(out, part, seps, level + 1, width, used, indent, placed);
      continue;
    }
    out += part;
    used += text_width(part);
    placed = true;
  }
}

}  // namespace

std::string wrap(std::string_view text, int width, size_t used, size_t indent, std::string_view clause_end) {
  if (width <= 0 || used + text_width(text) <= (size_t)width) return std::string(text);
  std::string out;
  bool placed = false;
  pack(out, text, {clause_end, ", ", " "}, 0, (size_t)width, used, indent, placed);
  return out;
}

std::string text_table::render(int width) const {
  const size_t columns = rows.empty() ? 0 : rows[0].size();
  std::vector<size_t> w(columns);
  for (size_t c = 0; c < columns; ++c) {
    w[c] = c < widths.size() ? widths[c] : 0;
    for (const auto& row : rows)
      if (c < row.size()) w[c] = std::max(w[c], text_width(row[c]) + (c ? text_width(gap) : 0));
  }
  // the blocks of columns after the first: as many as fit beside it, at least one
  std::vector<std::pair<size_t, size_t>> blocks;
  for (size_t c = 1; c < columns;) {
    size_t end = c + 1, used = text_width(indent) + w[0] + w[c];
    while (end < columns && (width <= 0 || used + w[end] <= (size_t)width)) used += w[end++];
    blocks.push_back({c, end});
    c = end;
  }
  if (blocks.empty()) blocks.push_back({1, 1});
  auto pad = [](const std::string& s, size_t to, bool right) {
    const std::string fill(to > text_width(s) ? to - text_width(s) : 0, ' ');
    return right ? fill + s : s + fill;
  };
  std::string out;
  for (size_t b = 0; b < blocks.size(); ++b) {
    const auto [from, to] = blocks[b];
    if (b) out += "\n";
    for (size_t r = 0; r < rows.size(); ++r) {
      const auto& row = rows[r];
      if (r && b && row.size() <= from) continue;  // a row with no cells this far (a player's under its side's)
      std::string line = indent + pad(row.empty() ? "" : row[0], w[0], false);
      for (size_t c = from; c < to; ++c) line += gap + pad(c < row.size() ? row[c] : "", w[c] - text_width(gap), true);
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
    }
  }
  return out;
}

}  // namespace spades::cli
