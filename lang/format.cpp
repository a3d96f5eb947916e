// format: text -> tokens, line by line (words, strings, signs and comments as the grammar has them) -> each
// line indented and spaced -> trailing comments aligned. Line breaks are the author's: the language ends an
// item at the end of its line, so only blanks within and before a line are the formatter's to choose.
#include "lang/format.hpp"

#include <algorithm>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "lang/parser.hpp"
#include "lang/vocabulary.hpp"

namespace spades::lang {

namespace {

constexpr size_t indent_width = 2;        // per open block
constexpr size_t continuation_width = 4;  // more for a line that goes on with the item or statement above
constexpr size_t comment_gap = 2;         // the fewest spaces between code and its trailing comment
// The last column (0-based) trailing comments are aligned at; a line whose code reaches past it keeps its
// comment `comment_gap` after the code, so that one long line does not push a block's comments off the page.
constexpr size_t align_limit = 50;

// sign: a '-' that is not the binary operator (`-5`, `-bonus`); it stays against what it negates
enum class kind { word, string, punct, sign };

struct token {
  kind k;
  std::string_view text;
};

struct line {
  std::vector<token> code;
  std::string_view comment;  // from its '#', trailing blanks dropped; empty: none
};

bool ident_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; }
bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// The operators of more than one character, each one token.
bool two_char_op(std::string_view s) {
  static constexpr std::string_view ops[] = {"==", "!=", "<=", ">=", "+=", "-=", ".."};
  return std::find(std::begin(ops), std::end(ops), s.substr(0, 2)) != std::end(ops);
}

// The lines of a text that parses, cut into tokens. `binary` holds the offsets of its binary minus signs.
std::vector<line> lex(std::string_view text, const std::vector<size_t>& binary) {
  std::vector<line> lines(1);
  size_t i = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;  // a byte order mark says nothing the layout keeps
  while (i < text.size()) {
    const char c = text[i];
    const size_t start = i;
    if (c == '\n') {
      lines.emplace_back();
      ++i;
    } else if (blank(c)) {
      ++i;
    } else if (c == '#') {
      i = std::min(text.find('\n', i), text.size());
      size_t end = i;
      while (blank(text[end - 1])) --end;
      lines.back().comment = text.substr(start, end - start);
    } else {
      kind k = kind::punct;
      if (c == '"') {
        i = std::min(text.find('"', i + 1), text.size() - 1) + 1;
        k = kind::string;
      } else if (ident_char(c)) {
        while (i < text.size() && ident_char(text[i])) ++i;
        k = kind::word;
      } else if (two_char_op(text.substr(i))) {
        i += 2;
      } else {
        if (c == '-' && !std::binary_search(binary.begin(), binary.end(), i)) k = kind::sign;
        ++i;
      }
      lines.back().code.push_back({k, text.substr(start, i - start)});
    }
  }
  return lines;
}

bool is(const token& t, std::string_view text) { return t.k != kind::string && t.text == text; }

bool is_function(const token& t) {
  const builtin* b = t.k == kind::word ? find_builtin(t.text) : nullptr;
  return b && b->kind == builtin::function;
}

// No space between `a` and `b`: inside parentheses, before `,` and `;`, around `..` (`1..13` is one
// range), after a sign, and between a function and its `(`.
bool tight(const token& a, const token& b) {
  if (is(b, ")") || is(b, ",") || is(b, ";") || is(b, "..")) return true;
  if (is(a, "(") || is(a, "..") || a.k == kind::sign) return true;
  return is(b, "(") && is_function(a);
}

// A line ending in `t` leaves its item or statement unfinished (the grammar lets it go on after an
// operator, an opening parenthesis, a comma, `=` and a conditional's `if`, `then` and `else`).
bool leaves_open(const token& t) {
  static constexpr std::string_view open[] = {"+", "-", "*", "/", "%", "==", "!=", "<=", ">=", "<", ">", "=", "+=",
                                              "-=", "(", ",", "and", "or", "if", "then", "else"};
  return t.k != kind::string && std::find(std::begin(open), std::end(open), t.text) != std::end(open);
}

// A line starting with `t` goes on with the one above: a conditional's `then` or `else` (an `else` after
// `}` starts an if statement's branch instead), a call's `,` or `)`.
bool goes_on(const token& t, const token* last) {
  if (is(t, "else")) return !(last && is(*last, "}"));
  return is(t, "then") || is(t, ",") || is(t, ")");
}

// One line of the output before comments are aligned.
struct laid {
  std::string code;  // indented; empty for a blank line or a comment alone
  std::string_view comment;
  size_t indent = 0;
  int depth = 0;  // the depth of the block the line stands in: trailing comments align within one
  bool blank = false;
};

// Each line indented and spaced; blank lines collapsed to one, none at either end.
std::vector<laid> layout(const std::vector<line>& lines) {
  std::vector<laid> out;
  int depth = 0, parens = 0;
  bool open = false;
  const token* last = nullptr;  // the last token of the code so far
  for (const line& l : lines) {
    if (l.code.empty() && l.comment.empty()) {
      if (!out.empty() && !out.back().blank) out.push_back({{}, {}, 0, depth, true});
      continue;
    }
    int here = depth;
    for (size_t i = 0; i < l.code.size() && is(l.code[i], "}"); ++i) --here;
    const bool continued = parens > 0 || open || (!l.code.empty() && goes_on(l.code[0], last));
    laid row{{}, l.comment, indent_width * (size_t)std::max(here, 0) + (continued ? continuation_width : 0), here, false};
    for (size_t i = 0; i < l.code.size(); ++i) {
      const token& t = l.code[i];
      if (i == 0) row.code.assign(row.indent, ' ');
      else if (!tight(l.code[i - 1], t)) row.code += ' ';
      row.code += t.text;
      if (t.k != kind::punct) continue;
      depth += is(t, "{") - is(t, "}");
      parens += is(t, "(") - is(t, ")");
    }
    if (!l.code.empty()) {
      last = &l.code.back();
      open = leaves_open(*last);
    }
    out.push_back(std::move(row));
  }
  while (!out.empty() && out.back().blank) out.pop_back();
  return out;
}

// Width in characters (UTF-8 continuation bytes take no column).
size_t width(std::string_view s) {
  return (size_t)std::count_if(s.begin(), s.end(), [](char c) { return ((unsigned char)c & 0xC0) != 0x80; });
}

bool trailing(const laid& l) { return !l.code.empty() && !l.comment.empty(); }

// The text, the trailing comments of a block's lines aligned to one column, from one blank line (or one
// nested block) to the next.
std::string render(const std::vector<laid>& lines) {
  std::string out;
  std::vector<size_t> column(lines.size(), 0);
  for (size_t i = 0; i < lines.size();) {
    size_t j = i, col = 0;
    for (; j < lines.size() && !lines[j].blank && lines[j].depth == lines[i].depth; ++j)
      if (size_t w = width(lines[j].code) + comment_gap; trailing(lines[j]) && w <= align_limit) col = std::max(col, w);
    for (size_t k = i; k < j; ++k) column[k] = std::max(col, width(lines[k].code) + comment_gap);
    i = std::max(j, i + 1);
  }
  for (size_t i = 0; i < lines.size(); ++i) {
    const laid& l = lines[i];
    if (trailing(l)) out += l.code + std::string(column[i] - width(l.code), ' ');
    else if (!l.comment.empty()) out += std::string(l.indent, ' ');
    else out += l.code;
    out += l.comment;
    out += '\n';
  }
  return out;
}

// The tokens and comments of each line that is not blank: what the layout must keep.
std::vector<std::pair<kind, std::string_view>> content(const std::vector<line>& lines) {
  std::vector<std::pair<kind, std::string_view>> out;
  for (const line& l : lines) {
    if (l.code.empty() && l.comment.empty()) continue;
    for (const token& t : l.code) out.emplace_back(t.k, t.text);
    out.emplace_back(kind::punct, l.comment);
    out.emplace_back(kind::punct, "\n");
  }
  return out;
}

}  // namespace

std::string format_variant(sources& src, const std::string& path, const std::string& text) {
  const int file = src.add(path, text);
  parse(src, file);  // the parser's diagnostics, the same as `spades check` gives
  const std::vector<line> lines = lex(text, binary_minus_offsets(src, file));
  std::string out = render(layout(lines));
  // Only blanks may change: the result must parse, to the same tokens on the same lines.
  sources again;
  const int f = again.add(path, out);
  try {
    if (content(lex(out, binary_minus_offsets(again, f))) == content(lines)) return out;
  } catch (const diag_error& e) {
    throw std::logic_error("internal error: the formatted text does not parse: " + again.render(e.d));
  }
  throw std::logic_error("internal error: formatting changed more than the layout");
}

}  // namespace spades::lang
