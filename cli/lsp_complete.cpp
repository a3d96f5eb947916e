// Completion for `spades lsp` (lsp_features.hpp): after `extends "`, the variant files near the document and
// the rulesets; elsewhere the keywords of the block the cursor is in (or of a bid's options, or a rule body's
// statements), the names declared in the document and its bases, the `let` values in reach, the built-in
// names the block's formulas may read, and the deck's cards and suits.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>

#include "cli/lsp_features.hpp"
#include "cli/lsp_text.hpp"
#include "lang/vocabulary.hpp"
#include "runtime/limits.hpp"

namespace spades::cli::lsp {

using nlohmann::json;
using lang::form;
namespace fs = std::filesystem;

namespace {

// LSP's CompletionItemKind numbers.
enum item_kind { k_function = 3, k_variable = 6, k_module = 9, k_value = 12, k_keyword = 14, k_file = 17, k_constant = 21, k_event = 23 };

struct completer {
  std::string prefix;
  json items = json::array();
  std::set<std::string> seen;

  void add(const std::string& label, int kind, const std::string& detail) {
    if ((int)items.size() >= max_lsp_results || label.rfind(prefix, 0) != 0 || !seen.insert(label).second) return;
    items.push_back({{"label", label}, {"kind", kind}, {"detail", detail}});
  }
  template <size_t N>
  void forms(const form (&fs)[N]) {
    for (form f : fs) add(lang::keyword(f), k_keyword, "keyword");
  }
};

// The openers of the braces around `offset`: the first word of the line of each `{` still open, outermost first.
// One pass, comments and strings skipped as the words' scan skips them.
std::vector<std::string> open_braces(const std::string& text, size_t offset) {
  std::vector<std::string> stack;
  std::string first;  // the current line's first word
  bool line_start = true;
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      first.clear();
      line_start = true;
    } else if (c == '#') {
      while (i + 1 < offset && i + 1 < text.size() && text[i + 1] != '\n') ++i;
    } else if (c == '"') {
      while (i + 1 < offset && i + 1 < text.size() && text[i + 1] != '\n' && text[++i] != '"') {}
    } else if (c == '{') {
      stack.push_back(first);
    } else if (c == '}') {
      if (!stack.empty()) stack.pop_back();  // `} else {`: the line's first word is the one after its `}`
    } else if (line_start && (std::isalnum((unsigned char)c) || c == '_')) {
      size_t j = i;
      while (j < text.size() && (std::isalnum((unsigned char)text[j]) || text[j] == '_')) ++j;
      first = text.substr(i, j - i);
      line_start = false;
      i = j - 1;
    } else if (c != ' ' && c != '\t' && c != '\r') {
      line_start = false;
    }
  }
  return stack;
}

// The built-in names (and functions) a block's formulas may read.
uint8_t scopes_of(const std::string& block) {
  using lang::bit;
  using lang::scope;
  if (block == "bidding") return bit(scope::bidding) | bit(scope::game);
  if (block == "play") return bit(scope::play);
  if (block == "scoring") return bit(scope::team) | bit(scope::player);
  if (block == "end") return bit(scope::team) | bit(scope::game);
  if (block == "course") return bit(scope::game);
  return 0;
}

void keywords(completer& c, const std::vector<std::string>& open) {
  if (open.empty()) {
    for (const char* k : {"game", "extends", "about", "group", "option", "include", "fragment", "condition"}) c.add(k, k_keyword, "keyword");
    for (const auto& b : lang::block_words) c.add(std::string(b.word), k_module, "block");
    return;
  }
  const std::string& block = open[0];
  if (open.size() >= 2 && (open[1] == "rule" || open[1] == "amend" || open[1] == "if" || open[1] == "else") && block == "scoring") {
    for (std::string_view s : lang::statement_words) c.add(std::string(s), k_keyword, "statement");
    for (std::string_view k : lang::keywords()) c.add(std::string(k), k_keyword, "keyword");
    return;
  }
  if (open.size() >= 2) {
    if (open[1] == "announce") c.forms(lang::announce_option_forms);
    else c.forms(lang::bid_option_forms);
    return;
  }
  if (block == "players") c.forms(lang::players_forms);
  if (block == "cards") c.forms(lang::cards_forms);
  if (block == "deal") c.forms(lang::deal_forms);
  if (block == "bidding") c.forms(lang::bidding_forms);
  if (block == "play") c.forms(lang::play_forms);
  if (block == "scoring") c.forms(lang::scoring_forms);
  if (block == "end") c.forms(lang::end_forms);
  if (block == "course") c.forms(lang::course_forms);
  if (block == "bidding" || block == "scoring") c.add(lang::keyword(form::amend), k_keyword, "keyword");
  for (std::string_view k : lang::keywords()) c.add(std::string(k), k_keyword, "keyword");
}

int declared_kind(const declaration& d) {
  if (d.let) return k_variable;
  switch (d.kind) {
    case form::option: return k_constant;
    case form::counter: case form::tally: return k_variable;
    case form::bid: case form::announce: case form::convert: return k_function;
    case form::step: return k_event;
    default: return k_value;
  }
}

void names(completer& c, const view& w, size_t offset, const std::string& block) {
  for (const declaration& d : w.a.decls)
    if (!d.let || (d.file == 0 && d.item_begin <= offset && offset <= d.item_end && d.offset < offset)) c.add(d.name, declared_kind(d), kind_word(d));
  if (uint8_t sc = scopes_of(block))
    for (const lang::builtin& row : lang::builtins())
      if (row.kind != lang::builtin::name_class && (row.scopes & sc))
        c.add(std::string(row.name), row.kind == lang::builtin::function ? k_function : k_variable, "built-in");
  if (!w.v) return;
  for (const std::string& s : w.v->suit_names) c.add(s, k_value, "suit");
  for (const card_face& f : w.v->cards) c.add(f.name, k_value, "card");
}

// `extends "…`: the variant files of the document's folder and of the rulesets, as the document would name them.
json extends_paths(const view& w, const std::string& typed, size_t from, size_t offset, const std::string& rulesets) {
  const std::string& text = w.a.files[0].text;
  fs::path here = fs::path(w.a.files[0].path).parent_path();
  std::vector<std::string> found;
  for (const fs::path& dir : {here, fs::path(rulesets)}) {
    std::error_code ec;
    int listed = 0;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end && listed < max_lsp_results; it.increment(ec), ++listed) {
      if (it->path().extension() != ".spades" || it->path() == fs::path(w.a.files[0].path)) continue;
      fs::path rel = dir == here ? it->path().filename() : fs::relative(it->path(), here, ec);
      if (ec || rel.empty()) continue;
      found.push_back(rel.replace_extension().string());
    }
  }
  std::sort(found.begin(), found.end());
  found.erase(std::unique(found.begin(), found.end()), found.end());
  json items = json::array();
  for (const std::string& f : found)
    if (f.rfind(typed, 0) == 0 && (int)items.size() < max_lsp_results)
      items.push_back({{"label", f}, {"kind", k_file}, {"detail", "variant file"}, {"textEdit", {{"range", range_of(text, from, offset)}, {"newText", f}}}});
  return items;
}

}  // namespace

json completion(const view& w, size_t offset, const std::string& rulesets) {
  const std::string& text = w.a.files[0].text;
  offset = std::min(offset, text.size());
  size_t line = text.rfind('\n', offset == 0 ? 0 : offset - 1);
  line = (line == std::string::npos || offset == 0) ? 0 : line + 1;
  std::string before = text.substr(line, offset - line);
  size_t kw = before.find_first_not_of(" \t");
  // `extends "…` and `include "…`: a file nearby (a base or a fragment), named the same way
  const size_t kw_len = kw == std::string::npos ? 0 : before.compare(kw, 7, "extends") == 0 ? 7 : before.compare(kw, 7, "include") == 0 ? 7 : 0;
  if (kw_len) {
    size_t quote = before.find('"', kw + kw_len);
    if (quote != std::string::npos && before.find('"', quote + 1) == std::string::npos && before.find_first_not_of(" \t", kw + kw_len) == quote)
      return {{"isIncomplete", false}, {"items", extends_paths(w, before.substr(quote + 1), line + quote + 1, offset, rulesets)}};
  }
  if (in_comment_or_string(text, offset)) return {{"isIncomplete", false}, {"items", json::array()}};
  completer c;
  if (std::optional<token> t = word_at(text, offset); t && t->offset < offset) c.prefix = text.substr(t->offset, offset - t->offset);
  std::vector<std::string> open = open_braces(text, offset);
  keywords(c, open);
  if (!open.empty()) names(c, w, offset, open[0]);
  return {{"isIncomplete", (int)c.items.size() >= max_lsp_results}, {"items", c.items}};
}

}  // namespace spades::cli::lsp
