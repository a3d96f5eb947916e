// Hover, definition, references and the outline of `spades lsp` (lsp_features.hpp). A name's meaning comes
// from the one vocabulary (lang/vocabulary.hpp) and from `spades explain`'s sentences (cli/explain.hpp), a card
// group's cards from the same function elaborate uses (lang::card_group).
#include <algorithm>
#include <filesystem>
#include <set>

#include <fmt/format.h>

#include "cli/explain.hpp"
#include "cli/lsp_features.hpp"
#include "cli/lsp_text.hpp"
#include "lang/elaborate.hpp"
#include "lang/vocabulary.hpp"
#include "runtime/limits.hpp"

namespace spades::cli::lsp {

using nlohmann::json;
using lang::form;

namespace {

// The kind of item a name at `offset` must be, from the word before it on its line: `rule` in `amend rule nil`
// or `drop rule nil`, `tally` in `tally nils_made`, `before`/`after` a step's name, `trump` a suit's. Elsewhere a name is read by
// a formula: an option, a bid, a call or a counter.
std::vector<form> wanted_kinds(const std::string& text, size_t offset) {
  size_t end = offset;
  while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t')) --end;
  std::optional<token> before = end < offset ? word_at(text, end) : std::nullopt;
  const std::string w = before ? before->text : "";
  if (w == "before" || w == "after") return {form::step};
  if (w == "trump") return {form::suits};
  for (const auto& f : lang::form_words)
    if (f.word == w && (f.value == form::rule || f.value == form::bid || f.value == form::announce || f.value == form::counter ||
                        f.value == form::tally || f.value == form::step || f.value == form::forbid || f.value == form::force ||
                        f.value == form::refuse || f.value == form::prefer ||
                        f.value == form::team || f.value == form::option || f.value == form::convert))
      return {f.value};
  return {form::option, form::bid, form::announce, form::convert, form::counter};
}

}  // namespace

const declaration* declaration_at(const analysis& a, size_t offset, const std::string& name) {
  const declaration* let = nullptr;
  for (const declaration& d : a.decls) {
    if (d.file != 0 || d.name != name) continue;
    if (d.offset == offset) return &d;
    if (d.let && d.item_begin <= offset && offset < d.item_end && d.offset < offset) let = &d;
  }
  if (let) return let;
  // the item in force: the first of the wanted kind in the document, then in its bases; else of any kind
  const std::vector<form> wanted = wanted_kinds(a.files[0].text, offset);
  const declaration *any = nullptr, *amend = nullptr;
  for (const declaration& d : a.decls) {
    if (d.name != name || d.let) continue;
    if (!d.amends && std::find(wanted.begin(), wanted.end(), d.kind) != wanted.end()) return &d;
    if (!d.amends && !any) any = &d;
    if (d.amends && !amend) amend = &d;
  }
  return any ? any : amend;
}

namespace {

json location(const analysis& a, int file, size_t from, size_t to) {
  const std::string& text = a.files[file].text;
  return {{"uri", uri_of_path(a.files[file].path)}, {"range", range_of(text, from, to)}};
}

// ---- hover ----
using lines = std::vector<std::string>;

// The line of `section` that `first` picks, with the indented lines that belong to it when `continued`.
template <class Pick>
lines explained(const explanation& e, const char* section, Pick first, bool continued) {
  for (const explained_section& s : e.sections) {
    if (s.title != section) continue;
    for (size_t i = 0; i < s.lines.size(); ++i) {
      if (!first(s.lines[i])) continue;
      lines out{s.lines[i].rfind("  ", 0) == 0 ? s.lines[i].substr(2) : s.lines[i]};
      for (size_t j = i + 1; continued && j < s.lines.size() && s.lines[j].rfind("  ", 0) == 0; ++j) out.push_back(s.lines[j]);
      return out;
    }
  }
  return {};
}

// What `spades explain` says of the declared item.
lines explanation_of(const variant& v, const declaration& d) {
  explanation e = explain(v, {}, {});
  const std::string& n = d.name;
  auto starts = [](std::string prefix) { return [p = std::move(prefix)](const std::string& l) { return l.rfind(p, 0) == 0; }; };
  auto has = [](std::string part) { return [p = std::move(part)](const std::string& l) { return l.find(p) != std::string::npos; }; };
  if (d.let) return {};
  switch (d.kind) {
    case form::bid: return explained(e, "Bidding", starts("Bid " + n + ":"), true);
    case form::convert: return explained(e, "Bidding", has("\" (" + n + "): "), false);
    case form::announce:
      return explained(e, "Calls", [&](const std::string& l) { return starts("Announcement " + n + " (")(l) || starts("Misdeal " + n + " (")(l); }, false);
    case form::rule: return explained(e, "Scoring", starts("Rule " + n + ", "), true);
    case form::step:
      return explained(e, "The course of a hand", [&](const std::string& l) {
        size_t dot = l.find(". ");
        return dot != std::string::npos && l.find_first_not_of("0123456789") == dot && l.compare(dot + 2, n.size() + 2, n + " (") == 0;
      }, false);
    case form::forbid:
    case form::force:
      return explained(e, "Play", [&](const std::string& l) {
        return starts("Lead rule " + n + ":")(l) || starts("Play rule " + n + ":")(l) || starts("Forced play " + n + ":")(l);
      }, false);
    case form::refuse: return explained(e, "Play", starts("Restriction " + n + ":"), false);
    case form::prefer: return explained(e, "Play", starts("Preference " + n + ":"), false);
    case form::counter: return explained(e, "Scoring", starts("Counter " + n + ":"), false);
    case form::tally: return explained(e, "Scoring", starts("Tallies"), false);
    case form::option: return explained(e, "Options", starts(n + " = "), false);
    case form::team: return explained(e, "Players", [&](const std::string& l) { return starts("Team " + n + ":")(l) || starts("Team " + n + " (")(l); }, false);
    default: return {};
  }
}

// The cards of a group, by name (each once: two packs hold two of each).
std::string cards_text(const variant& v, const std::vector<lang::word>& group, size_t from) {
  try {
    card_set s = lang::card_group(v, group, from);
    std::vector<std::string> names;
    for (int c = 0; c < (int)v.cards.size(); ++c)
      if (s.has(c) && std::find(names.begin(), names.end(), v.cards[c].name) == names.end()) names.push_back(v.cards[c].name);
    if (names.empty()) return fmt::format("{} cards.", s.count());
    return fmt::format("{} card{}: {}.", s.count(), s.count() == 1 ? "" : "s", fmt::join(names, " "));
  } catch (const diag_error& e) {
    return e.d.message + ".";
  }
}

// How the formulas may read a declared name, from the names table.
std::string formula_use(const declaration& d) {
  std::optional<lang::declared_kind> c;
  if (d.kind == form::option) c = lang::declared_kind::option;
  else if (d.kind == form::counter) c = lang::declared_kind::counter;
  else if (d.kind == form::bid) c = lang::declared_kind::bid_kind;
  else if (d.kind == form::announce || d.kind == form::convert) c = lang::declared_kind::call;
  if (!c || d.let) return "";
  const lang::builtin& row = lang::class_row(*c);
  return fmt::format("In formulas: {}; {}.", row.meaning, lang::where_known(row.scopes));
}

std::string declaration_hover(const view& w, const declaration& d) {
  const analysis& a = w.a;
  const std::string& text = a.files[d.file].text;
  json at = position_of(text, d.offset);
  std::string where = d.file == 0 ? fmt::format("line {}", at["line"].get<int>() + 1)
                                  : fmt::format("{}, line {}", std::filesystem::path(a.files[d.file].path).filename().string(), at["line"].get<int>() + 1);
  std::string out = fmt::format("**{}** `{}` ({})", kind_word(d), d.name, where);
  if (d.let && d.item && d.item->name) out += fmt::format("\n\nA value named in the body of rule `{}`, read from its `let` on.", d.item->name->text);
  if (d.let && d.item && d.item->name && w.v) {
    // the `let` as the rule's explanation prints it
    declaration rule = d;
    rule.let = false;
    rule.name = d.item->name->text;
    const std::string prefix = "let " + d.name + " = ";
    for (const std::string& l : explanation_of(*w.v, rule)) {
      size_t start = l.find_first_not_of(' ');
      if (start != std::string::npos && l.compare(start, prefix.size(), prefix) == 0)
        return out + "\n\n```text\n" + l.substr(start) + "\n```" + (w.stale ? "\n\n_From the last version of this file without errors._" : "");
    }
  }
  if (d.condition) {  // its line as written, and where it may stand
    const size_t end = text.find('\n', d.item_begin);
    return out + "\n\n```text\n" + text.substr(d.item_begin, end == std::string::npos ? std::string::npos : end - d.item_begin) +
           "\n```\n\nIn formulas: the condition it names, wherever a condition is written (bidding, calls, play, scoring).";
  }
  if (std::string use = formula_use(d); !use.empty()) out += "\n\n" + use;
  if (!w.v) return out + "\n\n_The variant has errors: its meaning is shown once it compiles._";
  lines said = explanation_of(*w.v, d);
  if (d.kind == form::suits) said.push_back("The suit " + d.name + ": " + cards_text(*w.v, {lang::word{d.name, {}}}, 0));
  if (!said.empty()) out += "\n\n```text\n" + fmt::format("{}", fmt::join(said, "\n")) + "\n```";
  if (w.stale) out += "\n\n_From the last version of this file without errors._";
  return out;
}

// The card group whose word stands at `offset` of the document: its words and where the group starts.
struct group_ref {
  const std::vector<lang::word>* words = nullptr;
  size_t from = 0;
};

struct group_finder {
  const positions& text;
  size_t offset;
  group_ref found;

  void words(const std::vector<lang::word>& ws, size_t from) {
    for (size_t i = from; i < ws.size() && !found.words; ++i)
      if (text.offset(ws[i].at) == offset) found = {&ws, from};
  }
  void formula(const lang::formula& f) {
    if (f.kind == lang::formula::call && !f.group.empty()) words(f.group, 0);
    for (const lang::formula& x : f.args) formula(x);
  }
  void body(const std::vector<lang::statement>& ss) {
    for (const lang::statement& s : ss) {
      if (s.value) formula(*s.value);
      body(s.then_body);
      body(s.else_body);
    }
  }
  void item(const lang::item& it) {
    if (it.cond) formula(*it.cond);
    if (it.kind == form::forbid || it.kind == form::refuse) words(it.as<lang::forbid_decl>().cards, 0);
    if (it.kind == form::prefer) words(it.as<lang::force_decl>().play, 1);  // after lowest|highest|any
    if (it.kind == form::force) {
      const lang::force_decl& f = it.as<lang::force_decl>();
      words(f.lead, 0);
      words(f.play, f.on_lead ? 2 : 1);  // after WHO highest|lowest, or after lowest|highest|any
    }
    if (it.kind == form::rule) body(it.as<lang::rule_decl>().body);
    if (it.kind == form::amend) body(it.as<lang::amend_decl>().body);
    if (it.kind == form::bid || it.kind == form::announce)
      for (const lang::item& o : it.as<lang::call_decl>().options) item(o);
  }
};

}  // namespace

json hover(const view& w, size_t offset) {
  const analysis& a = w.a;
  const std::string& text = a.files[0].text;
  std::optional<token> t = word_at(text, offset);
  if (!t) return nullptr;
  std::string md;
  const positions index(text);
  group_finder g{index, t->offset, {}};
  if (a.files[0].ast)
    for (const lang::block& b : a.files[0].ast->blocks)
      for (const lang::item& it : b.items) g.item(it);
  if (g.found.words && w.v) {
    std::vector<std::string> ws;
    for (size_t i = g.found.from; i < g.found.words->size(); ++i) ws.push_back((*g.found.words)[i].text);
    md = fmt::format("**card group** `{}`\n\n{}", fmt::join(ws, " "), cards_text(*w.v, *g.found.words, g.found.from));
  } else if (const declaration* d = declaration_at(a, t->offset, t->text)) {
    md = declaration_hover(w, *d);
  } else if (const lang::builtin* row = lang::find_builtin(t->text)) {
    bool fn = row->kind == lang::builtin::function;
    md = fmt::format("**built-in {}** `{}{}`\n\n{}; {}.", fn ? "function" : "name", row->name, fn ? "()" : "", row->meaning, lang::where_known(row->scopes));
  } else {
    return nullptr;
  }
  return {{"contents", {{"kind", "markdown"}, {"value", md}}}, {"range", range_of(text, t->offset, t->offset + t->text.size())}};
}

json definition(const view& w, size_t offset) {
  const analysis& a = w.a;
  std::optional<token> t = word_at(a.files[0].text, offset);
  if (!t) return nullptr;
  const declaration* d = declaration_at(a, t->offset, t->text);
  if (!d) return nullptr;
  if (d->file == 0 && d->offset == t->offset && !d->let)
    // a name that replaces or amends an inherited item leads to the item it replaces
    for (const declaration& base : a.decls)
      if (base.file > 0 && base.name == d->name && base.kind == d->kind && !base.let) {
        d = &base;
        break;
      }
  return location(a, d->file, d->offset, d->offset + d->name.size());
}

json references(const view& w, size_t offset, bool include_declaration) {
  const analysis& a = w.a;
  json out = json::array();
  std::optional<token> t = word_at(a.files[0].text, offset);
  if (!t) return out;
  const declaration* d = declaration_at(a, t->offset, t->text);
  if (!d && !lang::find_builtin(t->text)) return out;
  std::set<std::pair<int, size_t>> declared;  // where the name is declared, to leave out on request
  for (const declaration& x : a.decls)
    if (x.name == t->text) declared.insert({x.file, x.offset});
  for (size_t f = 0; f < a.files.size(); ++f) {
    if (d && d->let && (int)f != d->file) continue;
    const std::string& text = a.files[f].text;
    positions at(text);
    const std::string uri = uri_of_path(a.files[f].path);
    for (const token& x : words(text)) {
      if (x.text != t->text || (d && d->let && (x.offset < d->item_begin || x.offset >= d->item_end))) continue;
      if (!include_declaration && declared.count({(int)f, x.offset})) continue;
      if ((int)out.size() >= max_lsp_results) return out;
      out.push_back({{"uri", uri}, {"range", at.range(x.offset, x.offset + x.text.size())}});
    }
  }
  return out;
}

namespace {

int symbol_kind(const lang::item& it) {
  switch (it.kind) {
    case form::bid: case form::announce: case form::convert: return 12;  // Function
    case form::rule: case form::amend: return 6;                         // Method
    case form::step: return 24;                                          // Event
    case form::counter: case form::tally: return 13;                     // Variable
    case form::option: return 14;                                        // Constant
    case form::team: return 23;                                          // Struct
    default: return 7;                                                   // Property
  }
}

json item_symbol(const std::string& text, positions& at, const lang::item& it) {
  size_t begin = at.offset(it.at), name = at.offset(it.name->at);
  std::string detail = it.kind == form::amend ? "amend " + it.as<lang::amend_decl>().of.text : lang::keyword(it.kind);
  json s = {{"name", it.name->text}, {"detail", detail}, {"kind", symbol_kind(it)},
            {"range", at.range(begin, std::max(extent_end(text, begin), name + it.name->text.size()))},
            {"selectionRange", at.range(name, name + it.name->text.size())}};
  if (it.kind == form::bid || it.kind == form::announce) {
    json children = json::array();
    for (const lang::item& o : it.as<lang::call_decl>().options)
      if (o.kind == form::convert && o.name) children.push_back(item_symbol(text, at, o));
    if (!children.empty()) s["children"] = children;
  }
  return s;
}

}  // namespace

json document_symbols(const view& w) {
  json out = json::array();
  const source_file& f = w.a.files[0];
  if (!f.ast) return out;
  positions at(f.text);
  int count = 0;
  for (const lang::item& it : f.ast->top)
    if (it.name && ++count <= max_lsp_results) out.push_back(item_symbol(f.text, at, it));
  for (const lang::block& b : f.ast->blocks) {
    size_t begin = at.offset(b.at);
    std::string name(word_of(lang::block_words, b.kind));
    json children = json::array();
    for (const lang::item& it : b.items)
      if (it.name && it.kind != form::tie && it.kind != form::drop && ++count <= max_lsp_results) children.push_back(item_symbol(f.text, at, it));
    if (++count > max_lsp_results) break;
    out.push_back({{"name", name}, {"detail", "block"}, {"kind", 2}, {"range", at.range(begin, extent_end(f.text, begin))},
                   {"selectionRange", at.range(begin, begin + name.size())}, {"children", children}});
  }
  return out;
}

}  // namespace spades::cli::lsp
