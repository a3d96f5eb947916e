// Source table and diagnostic rendering; the typo suggestions used by every pass.
#include <algorithm>

#include <fmt/format.h>

#include "runtime/diagnostic.hpp"

namespace spades {

namespace {
// The length of the UTF-8 character at text[i], or 0 when the bytes there are not valid UTF-8.
size_t utf8_char(const std::string& text, size_t i) {
  unsigned char c = (unsigned char)text[i];
  size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
  if (len == 0 || i + len > text.size()) return 0;
  for (size_t k = 1; k < len; ++k)
    if (((unsigned char)text[i + k] >> 6) != 2) return 0;
  return len;
}
// Shows `text` with control bytes (but tabs, when `keep_tabs`) and invalid UTF-8 as '?'; `each` sees
// the byte offset and the first byte of every character shown.
template <class Each>
std::string sanitised(const std::string& text, bool keep_tabs, Each each) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    unsigned char c = (unsigned char)text[i];
    size_t len = utf8_char(text, i);
    // C0 controls, DEL and the C1 controls U+0080..U+009F (which terminals also obey)
    bool control = (c < 0x20 && !(keep_tabs && c == '\t')) || c == 0x7f || (len == 2 && c == 0xc2 && (unsigned char)text[i + 1] < 0xa0);
    if (len == 0 || control) out += '?';
    else out.append(text, i, len);
    each(i, c);
    i += len ? len : 1;
  }
  return out;
}
}  // namespace

int sources::add(std::string path, std::string text) {
  paths_.push_back(std::move(path));
  texts_.push_back(std::move(text));
  return (int)paths_.size() - 1;
}

int sources::find(const std::string& path) const {
  for (size_t i = 0; i < paths_.size(); ++i)
    if (paths_[i] == path) return (int)i;
  return -1;
}

std::string sources::render_one(pos at, const char* level, const std::string& message) const {
  if (at.file < 0 || at.file >= size()) return fmt::format("{}: {}\n", level, message);
  if (at.line <= 0) return fmt::format("{}: {}: {}\n", paths_[at.file], level, message);  // the file as a whole
  std::string out = fmt::format("{}:{}:{}: {}: {}\n", paths_[at.file], at.line, at.col, level, message);
  const std::string& t = texts_[at.file];
  size_t start = 0;
  for (int l = 1; l < at.line && start != std::string::npos; ++l) {
    start = t.find('\n', start);
    if (start != std::string::npos) ++start;
  }
  if (start == std::string::npos || start > t.size()) return out;
  size_t end = t.find('\n', start);
  std::string line = t.substr(start, end == std::string::npos ? std::string::npos : end - start);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  // Control bytes and invalid UTF-8 are shown as '?' so the terminal stays sane; the caret counts
  // characters, not bytes, so it stands under the right one after multi-byte characters.
  std::string caret;
  std::string shown = sanitised(line, true, [&](size_t i, unsigned char c) {
    if ((int)i + 1 < at.col) caret += c == '\t' ? '\t' : ' ';
  });
  // a very long line is shown as a window around the caret
  constexpr size_t window = 70;
  size_t caret_chars = caret.size();
  auto chars = [](const std::string& t) {
    size_t n = 0;
    for (unsigned char c : t) n += (c >> 6) != 2;
    return n;
  };
  if (chars(shown) > 2 * window + 20) {
    // cut by characters: find byte offsets of the character window
    size_t from = caret_chars > window ? caret_chars - window : 0, to = from + 2 * window;
    std::string cut, cut_caret;
    size_t ci = 0;
    for (size_t i = 0; i < shown.size(); ++i) {
      unsigned char c = (unsigned char)shown[i];
      if ((c >> 6) != 2) ++ci;
      if (ci > from && ci <= to) cut += shown[i];
    }
    for (size_t i = from; i < caret_chars; ++i) cut_caret += caret[i];
    shown = (from > 0 ? "..." : "") + cut + (to < chars(shown) ? "..." : "");
    caret = (from > 0 ? "   " : "") + cut_caret;
  }
  out += shown + "\n" + caret + "^\n";
  return out;
}

std::string sources::render(const diagnostic& d) const {
  std::string out = render_one(d.at, "error", d.message);
  for (const note& n : d.notes) out += render_one(n.at, "note", n.message);
  return out;
}

std::string sources::render_warning(const diagnostic& d) const {
  std::string out = render_one(d.at, "warning", d.message);
  for (const note& n : d.notes) out += render_one(n.at, "note", n.message);
  return out;
}

std::string printable(const std::string& text, size_t max) {
  std::string out = sanitised(text, false, [](size_t, unsigned char) {});
  if (out.size() > max) {
    // cut on character boundaries
    size_t head = max * 2 / 3, tail = max - head - 3;
    while (head > 0 && ((unsigned char)out[head] >> 6) == 2) --head;
    size_t from = out.size() - tail;
    while (from < out.size() && ((unsigned char)out[from] >> 6) == 2) ++from;
    out = out.substr(0, head) + "..." + out.substr(from);
  }
  return out;
}

// Edits (insert, delete, substitute, swap two neighbours) from a to b: a swap is one typo, not two.
static size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> before(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);  // rows i-2, i-1, i
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) cur[j] = std::min(cur[j], before[j - 2] + 1);
    }
    std::swap(before, prev);
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string nearest(const std::string& word, const std::vector<std::string>& candidates) {
  // a name longer than any real one is no typo: this keeps the quadratic distance cheap
  constexpr size_t longest = 64;
  if (word.size() > longest) return {};
  std::string best;
  size_t best_d = std::string::npos;
  for (const auto& c : candidates) {
    if (c.size() > longest) continue;
    size_t d = edit_distance(word, c);
    if (d < best_d) { best_d = d; best = c; }
  }
  size_t limit = std::max<size_t>(1, std::max(word.size(), best.size()) / 3);
  // a word replaced outright ('Z' for 'N') is not a typo of it
  return best_d <= limit && best_d < std::max(word.size(), best.size()) ? best : std::string{};
}

std::vector<std::string> nearest_all(const std::string& word, const std::vector<std::string>& candidates) {
  const std::string best = nearest(word, candidates);
  if (best.empty()) return {};
  const size_t d = edit_distance(word, best);
  std::vector<std::string> out;
  for (const auto& c : candidates)
    if (c.size() <= 64 && edit_distance(word, c) == d && std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  return out;
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  std::string n = nearest(word, candidates);
  return n.empty() ? std::string{} : fmt::format("; did you mean '{}'?", n);
}

}  // namespace spades
