// A document's analysis for `spades lsp`: the `extends` chain parsed file by file, the names each declares,
// and the pipeline run on the document's text as `spades check` runs it on a file (lsp_analysis.hpp).
#include "cli/lsp_analysis.hpp"

#include <algorithm>
#include <filesystem>

#include "cli/lsp_text.hpp"
#include "lang/load.hpp"
#include "lang/parser.hpp"
#include "lang/resolve.hpp"
#include "runtime/limits.hpp"

namespace spades::cli::lsp {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// The file a source extends: its syntax tree's, or in a file that does not parse (a line being typed), the
// string after the first line's `extends` that has one, so that the bases' names are still known.
std::string extends_of(const source_file& f) {
  if (f.ast) return f.ast->extends ? f.ast->extends->text : "";
  std::vector<token> ws = words(f.text);
  for (size_t i = 0; i < ws.size(); ++i) {
    if (ws[i].text != "extends" || (ws[i].offset > 0 && f.text[ws[i].offset - 1] != '\n')) continue;
    size_t open = f.text.find_first_not_of(" \t", ws[i].offset + 7);
    if (open == std::string::npos || f.text[open] != '"') continue;
    size_t close = f.text.find_first_of("\"\n", open + 1);
    if (close != std::string::npos && f.text[close] == '"') return f.text.substr(open + 1, close - open - 1);
  }
  return "";
}

// A file's syntax tree, or none when it does not parse (the pipeline's error says why).
std::optional<lang::file_ast> parse_alone(const std::string& path, const std::string& text) {
  sources one;
  try {
    return lang::parse(one, one.add(path, text));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// The document's syntax tree while a line is half typed: the line the syntax error is on blanked (its bytes
// made spaces, so that every other offset stays), up to three times, until the rest parses. Its names and
// outline are then known; its diagnostic is still the pipeline's, on the text as it is.
std::optional<lang::file_ast> parse_around(const std::string& path, std::string text) {
  for (int attempt = 0; attempt < 4; ++attempt) {
    sources one;
    try {
      return lang::parse(one, one.add(path, text));
    } catch (const diag_error& e) {
      size_t from = offset_of(text, pos{0, e.d.at.line, 1}), to = text.find('\n', from);
      if (e.d.at.line < 1 || from >= text.size()) return std::nullopt;
      std::fill(text.begin() + from, to == std::string::npos ? text.end() : text.begin() + to, ' ');
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

// The document and its bases, each parsed alone; the walk stops at a file that cannot be read or parsed,
// at a cycle, and at the pipeline's own bound on a chain (32 files).
void read_chain(analysis& a, const std::string& path, const std::string& text) {
  std::string real = path, shown = path, current = text;
  std::vector<std::string> seen;
  for (int depth = 0; depth < 32; ++depth) {
    source_file f{shown, current, depth == 0 ? parse_around(shown, current) : parse_alone(shown, current)};
    a.files.push_back(std::move(f));
    std::string base = extends_of(a.files.back());
    if (base.empty()) return;
    // the base as resolve finds it (lang/resolve.cpp)
    if (fs::path(base).extension() != ".spades") base += ".spades";
    bool absolute = fs::path(base).is_absolute();
    std::string next = absolute ? base : (fs::path(real).parent_path() / base).string();
    std::error_code ec;
    std::string canon = fs::weakly_canonical(next, ec).string();
    if (std::find(seen.begin(), seen.end(), canon) != seen.end()) return;
    seen.push_back(canon);
    try {
      current = lang::read_file(next);
    } catch (const std::exception&) {
      return;
    }
    shown = absolute ? next : (fs::path(shown).parent_path() / base).lexically_normal().string();
    real = next;
  }
}

// The fragments the files include (each once, bounded as a chain is), parsed alone after the chain, so
// that the names they declare are known where the document reads them.
void read_fragments(analysis& a) {
  std::vector<std::string> seen;
  for (size_t f = 0; f < a.files.size() && a.files.size() < 64; ++f) {
    if (!a.files[f].ast) continue;
    const std::vector<lang::word> includes = a.files[f].ast->includes;
    for (const lang::word& inc : includes) {
      std::string name = inc.text;
      if (fs::path(name).extension() != ".spades") name += ".spades";
      const fs::path shown = fs::path(name).is_absolute() ? fs::path(name) : fs::path(a.files[f].path).parent_path() / name;
      std::error_code ec;
      const std::string canon = fs::weakly_canonical(shown, ec).string();
      if (std::find(seen.begin(), seen.end(), canon) != seen.end()) continue;
      seen.push_back(canon);
      std::string text;
      try {
        text = lang::read_file(shown.string());
      } catch (const std::exception&) {
        continue;
      }
      const std::string path = shown.lexically_normal().string();
      a.files.push_back(source_file{path, text, parse_alone(path, text)});
    }
  }
}

struct collector {
  analysis& a;
  int file;
  const std::string& text;
  positions at;

  void add(const lang::word& name, lang::form kind, const lang::item& it, bool amends = false) {
    size_t begin = at.offset(it.at);
    a.decls.push_back({name.text, kind, false, amends, false, file, at.offset(name.at), begin, extent_end(text, begin), &it});
  }

  // the `let` values of a rule's body, each visible in the rule (`begin`, `end`)
  void lets(const std::vector<lang::statement>& body, const lang::item& rule, size_t begin, size_t end) {
    for (const lang::statement& s : body) {
      if (s.kind == lang::statement::let) a.decls.push_back({s.name, lang::form::rule, true, false, false, file, at.offset(s.name_at), begin, end, &rule});
      lets(s.then_body, rule, begin, end);
      lets(s.else_body, rule, begin, end);
    }
  }
  void lets(const std::vector<lang::statement>& body, const lang::item& rule) {
    size_t begin = at.offset(rule.at);
    lets(body, rule, begin, extent_end(text, begin));
  }

  void item(const lang::item& it) {
    using lang::form;
    if (it.kind == form::seats || it.kind == form::suits || it.kind == form::jokers) {
      for (const lang::word& w : it.as<lang::listing>().words) add(w, it.kind, it);
      return;
    }
    if (it.kind == form::amend) {
      const lang::amend_decl& d = it.as<lang::amend_decl>();
      add(*it.name, d.rule ? form::rule : d.of.text == "bid" ? form::bid : form::announce, it, true);
      if (d.rule) lets(d.body, it);
      return;
    }
    if (!it.name || it.kind == form::tie || it.kind == form::drop) return;
    add(*it.name, it.kind, it);
    if (it.kind == form::rule) lets(it.as<lang::rule_decl>().body, it);
    if (it.kind == form::bid || it.kind == form::announce)
      for (const lang::item& o : it.as<lang::call_decl>().options)
        if (o.kind == form::convert && o.name) add(*o.name, form::convert, o);
  }
};

void collect(analysis& a) {
  for (size_t f = 0; f < a.files.size(); ++f) {
    if (!a.files[f].ast) continue;
    collector c{a, (int)f, a.files[f].text, positions(a.files[f].text)};
    for (const lang::item& it : a.files[f].ast->top) c.item(it);
    for (const lang::named_condition& n : a.files[f].ast->conditions) {
      const size_t begin = c.at.offset(n.at);
      a.decls.push_back({n.name.text, lang::form::skip, false, false, true, (int)f, c.at.offset(n.name.at), begin, extent_end(c.text, begin), nullptr});
    }
    for (const lang::block& b : a.files[f].ast->blocks)
      for (const lang::item& it : b.items) c.item(it);
  }
}

json location(const sources& src, pos at) {
  const std::string& text = src.text(at.file);
  size_t from = offset_of(text, at);
  return {{"uri", uri_of_path(src.path(at.file))}, {"range", range_of(text, from, token_end(text, from))}};
}

}  // namespace

analysis analyse(const std::string& path, const std::string& text) {
  analysis a;
  read_chain(a, path, text);
  read_fragments(a);
  collect(a);
  a.src = std::make_shared<sources>();
  try {
    a.v = lang::load_variant_text(*a.src, path, text);
  } catch (const lang::fragment_alone&) {
    // a fragment that parses is not wrong for not being a variant: its meaning is checked where it is included
  } catch (const diag_error& e) {
    a.error = e.d;
  } catch (const std::exception& e) {
    // none is known: said where the author looks rather than lost
    a.error = diagnostic{{}, std::string("internal error: ") + e.what(), {}};
  }
  return a;
}

// The warnings on the document's own lines (a restated item that drops what it inherited), as LSP warnings.
json warnings(const analysis& a) {
  json out = json::array();
  if (!a.v) return out;
  const std::string& text = a.files[0].text;
  for (const diagnostic& w : a.v->warnings) {
    if (w.at.file != 0) continue;
    const size_t from = offset_of(text, w.at);
    json d = {{"range", range_of(text, from, token_end(text, from))}, {"severity", 2}, {"source", "spades"}, {"message", w.message}};
    json related = json::array();
    for (const note& n : w.notes)
      if (n.at.file >= 0) related.push_back({{"location", location(*a.src, n.at)}, {"message", n.message}});
    if (!related.empty()) d["relatedInformation"] = related;
    out.push_back(d);
  }
  return out;
}

json diagnostics(const analysis& a) {
  json out = json::array();
  if (!a.error) return warnings(a);
  const diagnostic& d = *a.error;
  const sources& src = *a.src;
  const std::string& text = a.files[0].text;
  json related = json::array();
  pos at = d.at;
  if (at.file > 0) {
    // found in a base: shown at the author's line, the base's place first among the related ones
    related.push_back({{"location", location(src, at)}, {"message", "the error is here, in a file this one extends"}});
    auto mine = std::find_if(d.notes.begin(), d.notes.end(), [](const note& n) { return n.at.file == 0; });
    if (mine != d.notes.end()) at = mine->at;
    else if (a.files[0].ast && a.files[0].ast->extends) at = a.files[0].ast->extends->at;
    else at = {};
  }
  for (const note& n : d.notes)
    if (n.at.file >= 0) related.push_back({{"location", location(src, n.at)}, {"message", n.message}});
  size_t from = at.file == 0 ? offset_of(text, at) : 0;
  json diag = {{"range", range_of(text, from, at.file == 0 ? token_end(text, from) : 0)}, {"severity", 1}, {"source", "spades"}, {"message", d.message}};
  // a note without a place (none has one today) still belongs to the message
  for (const note& n : d.notes)
    if (n.at.file < 0) diag["message"] = diag["message"].get<std::string>() + "\nnote: " + n.message;
  if (!related.empty()) diag["relatedInformation"] = related;
  out.push_back(diag);
  return out;
}

std::string kind_word(const declaration& d) {
  using lang::form;
  if (d.let) return "let value";
  if (d.condition) return "condition";
  switch (d.kind) {
    case form::seats: return "seat";
    case form::suits: return "suit";
    case form::jokers: return "joker";
    case form::announce: return "announcement";
    case form::convert: return "conversion";
    case form::forbid: return "forbid rule";
    case form::force: return "force rule";
    case form::refuse: return "restriction";
    case form::prefer: return "preference";
    default: return lang::keyword(d.kind);
  }
}

}  // namespace spades::cli::lsp
