// resolve: a variant is its base plus the differences it states. Named items (bid, forbid, counter,
// tally, rule, team, option) replace the base's item of the same name in place; a new name is appended;
// `drop KIND NAME` removes one. Unnamed settings (trump, target, ...) replace the base's.
#include "lang/resolve.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <unordered_map>

#include <fmt/format.h>

#include "lang/conditions.hpp"
#include "lang/parser.hpp"
#include "lang/restate.hpp"
#include "runtime/read.hpp"
#include "runtime/variant.hpp"

namespace spades::lang {

namespace fs = std::filesystem;

std::string item::key() const {
  if (kind == form::win || kind == form::lose) return keyword(kind) + " when";
  if (kind == form::amend) return "amend " + as<amend_decl>().of.text + " " + name->text;
  if (name) return keyword(kind) + " " + name->text;
  return keyword(kind);
}

const resolved_block* resolved::find(block_kind kind) const {
  for (const auto& b : blocks)
    if (b.kind == kind) return &b;
  return nullptr;
}

std::string read_file(const std::string& path) {
  file_text f = read_file_bounded(path, max_source_bytes);
  if (f.too_large) throw diag_error({}, fmt::format("cannot read '{}': {}", printable(path), too_large_message(f.size)));
  return std::move(f.text);
}

namespace {

// `drop KEYWORD` (`drop convert NAME`) in an amendment: the item's option of that keyword (name) removed.
void drop_option(item& target, const item& d) {
  std::vector<item>& options = target.as<call_decl>().options;
  const drop_decl& x = d.as<drop_decl>();
  auto same = std::find_if(options.begin(), options.end(), [&](const item& o) {
    return keyword(o.kind) == x.kind.text && (!x.what || (o.name && o.name->text == x.what->text));
  });
  if (same == options.end()) {
    std::vector<std::string> have;
    for (const item& o : options) have.push_back(o.name ? keyword(o.kind) + " " + o.name->text : keyword(o.kind));
    const std::string what = x.what ? x.kind.text + " " + x.what->text : x.kind.text;
    throw diag_error(x.kind.at, fmt::format("'{}' has no `{}` to drop{} (its options: {})", target.key(), what, did_you_mean(what, have),
                                            have.empty() ? "none" : fmt::format("{}", fmt::join(have, ", "))));
  }
  options.erase(same);
}

// `amend bid|announce NAME ["words"] { options }`: each option replaces the item's option of the same keyword (a
// `convert`: of the same name), or is added.
void amend_options(item& target, const item& a) {
  std::vector<item>& options = target.as<call_decl>().options;
  for (const item& o : a.as<amend_decl>().options) {
    if (o.kind == form::drop) {
      drop_option(target, o);
      continue;
    }
    auto same = std::find_if(options.begin(), options.end(), [&](const item& x) {
      return x.kind == o.kind && (o.kind != form::convert || x.name->text == o.name->text);
    });
    if (same != options.end()) *same = o;
    else options.push_back(o);
  }
}

// `amend rule NAME [when C] { let ... }`: a rule's named parts are its top-level `let` values.
void amend_rule(item& target, const item& a) {
  if (a.cond) target.cond = a.cond;
  std::vector<statement>& body = target.as<rule_decl>().body;
  for (const statement& s : a.as<amend_decl>().body) {
    if (s.kind != statement::let)
      throw diag_error(s.at, "an amendment replaces a rule's named parts, its top-level `let` values: this statement is not a `let`");
    auto same = std::find_if(body.begin(), body.end(), [&](const statement& x) { return x.kind == statement::let && x.name == s.name; });
    if (same == body.end()) {
      std::vector<std::string> parts;
      for (const statement& x : body)
        if (x.kind == statement::let) parts.push_back(x.name);
      throw diag_error(s.name_at, fmt::format("rule '{}' has no top-level `let {}` to replace{} (its named parts: {})", target.name->text,
                                              s.name, did_you_mean(s.name, parts), parts.empty() ? "none" : fmt::format("{}", fmt::join(parts, ", "))));
    }
    *same = s;
  }
}

// `step NAME ... before|after OTHER`: once merged, each placed step moves next to the one it names (an
// inherited step or one stated earlier). A course is short, so a placement may scan it.
void place_steps(std::vector<item>& into, const std::vector<item>& from) {
  for (const item& it : from) {
    const step_decl& step = it.as<step_decl>();
    const std::string& other = step.by->text;
    auto key_of = [&](const std::string& name) { return "step " + name; };
    auto find = [&](const std::string& key) {
      return std::find_if(into.begin(), into.end(), [&](const item& x) { return x.key() == key; });
    };
    if (other == it.name->text)
      throw diag_error(step.by->at, fmt::format("a step cannot be placed {} itself", step.place->text));
    if (find(key_of(other)) == into.end()) {
      std::vector<std::string> names;
      for (const item& x : into)
        if (x.kind == form::step && x.key() != it.key()) names.push_back(x.name->text);
      throw diag_error(step.by->at, fmt::format("no step named '{}' to place this step {}{}", other, step.place->text, did_you_mean(other, names)));
    }
    auto self = find(it.key());
    if (self == into.end()) continue;  // dropped again in the same file
    item moved = std::move(*self);
    into.erase(self);
    auto target = find(key_of(other));
    into.insert(step.before ? target : target + 1, std::move(moved));
  }
}

// Linear in the number of items: keys are looked up in hash maps, and dropped items are removed in one
// pass at the end (a file of 100k rules merges in well under a second).
// The items of `from` are moved into `into` (the file's syntax tree is not read again).
void merge_items(std::vector<item>& into, std::vector<item>& from, const std::string& where, std::vector<item>& drops,
                 std::vector<diagnostic>& warnings) {
  // tie rules are an ordered list read top to bottom: a file that states any replaces the inherited list
  bool own_ties = std::any_of(from.begin(), from.end(), [](const item& x) { return x.kind == form::tie; });
  if (own_ties) into.erase(std::remove_if(into.begin(), into.end(), [](const item& x) { return x.kind == form::tie; }), into.end());
  std::unordered_map<std::string, size_t> index;  // key -> position in `into`
  for (size_t i = 0; i < into.size(); ++i) index.emplace(into[i].key(), i);
  std::unordered_map<std::string, pos> seen;  // duplicates within one file are mistakes: where each key was first
  // the steps placed before or after another, kept for place_steps once the items are merged
  std::vector<item> placed;
  for (const item& it : from)
    if (it.kind == form::step && it.as<step_decl>().place) placed.push_back(it);
  std::vector<bool> dropped(into.size());
  auto near_keys = [&] {
    std::vector<std::string> keys;
    for (size_t i = 0; i < into.size(); ++i)
      if (i >= dropped.size() || !dropped[i]) keys.push_back(into[i].key());
    return keys;
  };
  // a course is short (max_steps): refused here, before placing steps scans it once per placement
  int steps = 0;
  for (const item& it : from)
    if (it.kind == form::step && ++steps > max_steps) throw diag_error(it.at, fmt::format("a course has at most {} steps", max_steps));
  for (item& it : from) {
    if (it.kind == form::amend) {
      auto [first, fresh] = seen.emplace(it.key(), it.at);
      if (!fresh) throw diag_error(it.at, fmt::format("'{}' is defined twice in '{}'", it.key(), where), {{first->second, "first defined here"}});
      const amend_decl& a = it.as<amend_decl>();
      std::string key = a.of.text + " " + it.name->text;
      auto found = index.find(key);
      if (found == index.end())
        throw diag_error(a.of.at, fmt::format("nothing named '{}' to amend in '{}'{}", key, where, did_you_mean(key, near_keys())));
      item& target = into[found->second];
      if (a.rule) amend_rule(target, it);
      else amend_options(target, it);
      if (it.str) target.str = it.str;  // the words at the table
      continue;
    }
    if (it.kind == form::drop && own_ties && it.as<drop_decl>().of == form::tie)
      throw diag_error(it.as<drop_decl>().kind.at, "this file states its own tie rules, which replace the inherited ones: nothing to drop");
    if (it.kind == form::drop) {
      const drop_decl& d = it.as<drop_decl>();
      std::string key = d.what ? d.kind.text + " " + d.what->text : d.kind.text;  // `drop target`
      auto found = index.find(key);
      if (found == index.end()) {
        std::vector<std::string> keys;
        for (size_t i = 0; i < into.size(); ++i)
          if (i >= dropped.size() || !dropped[i]) keys.push_back(into[i].key());
        throw diag_error(d.kind.at, fmt::format("nothing named '{}' to drop in '{}'{}", key, where, did_you_mean(key, keys)));
      }
      dropped[found->second] = true;
      index.erase(found);
      drops.push_back(it);
      continue;
    }
    std::string key = it.key();
    auto [first, fresh] = seen.emplace(key, it.at);
    if (!fresh) throw diag_error(it.at, fmt::format("'{}' is defined twice in '{}'", key, where), {{first->second, "first defined here"}});
    if (auto found = index.find(key); found != index.end()) {
      compare_restated(into[found->second], it, warnings);
      into[found->second] = std::move(it);
    } else {
      index.emplace(std::move(key), into.size());
      into.push_back(std::move(it));
      dropped.push_back(false);
    }
  }
  size_t kept = 0;
  for (size_t i = 0; i < into.size(); ++i)
    if (!dropped[i]) {
      if (kept != i) into[kept] = std::move(into[i]);
      ++kept;
    }
  into.resize(kept);
  place_steps(into, placed);
}

// `shown` is the path as diagnostics print it.
// The file a base named in `extends` is read from, and how diagnostics show it: relative to the extending
// file; a base named by id and missing there, from the first search folder holding it; none: an error at
// the `extends`, with the ids near it.
std::pair<std::string, std::string> base_file(const std::string& path, const std::string& shown, const word& named,
                                              const std::vector<std::string>& search, const char* what) {
  std::string base = named.text;
  if (base.empty())
    throw diag_error(named.at, std::string_view(what) == "base" ? "extends needs the name of a variant file" : "include needs the name of a fragment file");
  if (fs::path(base).extension() != ".spades") base += ".spades";
  fs::path bp = fs::path(base).is_absolute() ? fs::path(base) : fs::path(path).parent_path() / base;
  // shown without the detour: "rulesets/standard.spades", not "tests/lang/../../rulesets/standard.spades"
  std::string bshown = fs::path(base).is_absolute() ? bp.string() : (fs::path(shown).parent_path() / base).lexically_normal().string();
  std::error_code ec;
  if (!is_variant_id(named.text) || fs::exists(bp, ec)) return {bp.string(), bshown};
  if (std::string found = find_variant(named.text, search); !found.empty()) return {found, found};
  std::vector<std::string> dirs{fs::path(path).parent_path().string()};
  dirs.insert(dirs.end(), search.begin(), search.end());
  std::vector<std::string> shown_dirs;
  for (const std::string& d : dirs) shown_dirs.push_back(d.empty() ? "." : d);
  throw diag_error(named.at, fmt::format("cannot find the {} '{}': no {} in {}{}", what, named.text, fs::path(base).filename().string(),
                                         fmt::join(shown_dirs, ", "), did_you_mean(fs::path(named.text).stem().string(), variant_ids(dirs))));
}

// A file read and parsed, once it is known not to close a cycle (`how`: "extends" or "include", the
// edge that reached it) nor to pass the bound on nesting.
file_ast read_one(sources& src, const std::string& path, const std::string& shown, const std::vector<std::string>& stack, pos from,
                  const char* how, const std::string* given_text, std::string& canon) {
  // a path the system cannot resolve (too long, bad bytes) is compared as written; reading it fails below
  std::error_code ec;
  fs::path canonical = fs::weakly_canonical(path, ec);
  canon = ec ? fs::path(path).lexically_normal().string() : canonical.string();
  for (size_t i = 0; i < stack.size(); ++i)
    if (stack[i] == canon) {
      std::string cycle;
      for (size_t j = i; j < stack.size(); ++j) cycle += fs::path(stack[j]).filename().string() + " -> ";
      cycle += fs::path(canon).filename().string();
      throw diag_error(from, fmt::format("circular {}: {}", how, cycle));
    }
  if (stack.size() >= 32) throw diag_error(from, fmt::format("{} chain is too long (more than 32 files)", how));
  file_text read;
  if (given_text) {
    read.text = *given_text;
  } else {
    try {
      read = read_file_bounded(path, max_source_bytes);
    } catch (diag_error& e) {
      e.d.at = from;
      throw;
    }
  }
  std::string& text = read.text;
  int file = src.add(shown, text);
  // only the first line was read: enough to show where the file starts
  if (read.too_large) throw diag_error({file, 1, 1}, too_large_message(read.size));
  bool blank = true;
  for (char c : text) blank &= (c == ' ' || c == '\t' || c == '\n' || c == '\r');
  if (blank) throw diag_error({file, 1, 1}, "the file is empty: a variant needs at least `extends` or its rules");
  return parse(src, file);
}

// A file's own options and blocks, merged onto what `out` holds so far.
void merge_own(file_ast& ast, resolved& out) {
  merge_items(out.options, ast.top, "options", out.drops, out.warnings);
  merge_conditions(out.conditions, ast.conditions);
  // the same block may be opened more than once in a file; its items still may not repeat
  std::vector<std::pair<block_kind, std::vector<item>>> per_block;
  for (block& b : ast.blocks) {
    auto it = std::find_if(per_block.begin(), per_block.end(), [&](auto& p) { return p.first == b.kind; });
    if (it == per_block.end()) per_block.push_back({b.kind, std::move(b.items)});
    else it->second.insert(it->second.end(), std::make_move_iterator(b.items.begin()), std::make_move_iterator(b.items.end()));
  }
  for (auto& entry : per_block) {
    const block_kind kind = entry.first;
    auto& items = entry.second;
    auto rb = std::find_if(out.blocks.begin(), out.blocks.end(), [&](auto& x) { return x.kind == kind; });
    if (rb == out.blocks.end()) {
      out.blocks.push_back({kind, {}, {}});
      rb = out.blocks.end() - 1;
    }
    for (const block& b : ast.blocks)
      if (b.kind == kind) rb->at = b.at;
    merge_items(rb->items, items, std::string(word_of(block_words, kind)), out.drops, out.warnings);
  }
}

void take_fragments(sources& src, const file_ast& ast, const std::string& path, const std::string& shown, resolved& out,
                    std::vector<std::string>& stack, const std::vector<std::string>& search);

// What only a whole variant says.
void refuse_whole_variant_parts(const file_ast& ast) {
  if (ast.extends) throw diag_error(ast.extends->at, "a fragment has no base of its own: the variant that includes it gives the base");
  if (ast.game) throw diag_error(ast.game->at, "a fragment has no display name: `game` belongs to the variant that includes it");
}

// A fragment alone: the items of `ast` counted, and each fragment it includes read, parsed, found and counted.
void check_included(sources& src, const file_ast& ast, const std::string& path, const std::string& shown, std::vector<std::string>& stack,
                    const std::vector<std::string>& search, fragment_summary& count) {
  count.items += (int)ast.top.size();
  for (const block& b : ast.blocks) count.items += (int)b.items.size();
  for (const word& inc : ast.includes) {
    const auto [fp, fshown] = base_file(path, shown, inc, search, "fragment");
    std::string canon;
    file_ast sub = read_one(src, fp, fshown, stack, inc.at, "include", nullptr, canon);
    if (!sub.fragment)
      throw diag_error(inc.at, fmt::format("'{}' is not a fragment: `include` takes a file that says `fragment`; to start from a whole variant, use `extends`", fshown));
    refuse_whole_variant_parts(sub);
    if (++count.fragments > max_fragments) throw diag_error(inc.at, fmt::format("a variant takes in at most {} fragments", max_fragments));
    stack.push_back(canon);
    check_included(src, sub, fp, fshown, stack, search, count);
    stack.pop_back();
  }
}

// One fragment named by `include`: its own fragments first, then its items (spec/language.md, "Fragments").
void resolve_fragment(sources& src, const std::string& path, const std::string& shown, resolved& out, std::vector<std::string>& stack,
                      const word& named, const std::vector<std::string>& search) {
  std::string canon;
  file_ast ast = read_one(src, path, shown, stack, named.at, "include", nullptr, canon);
  for (const inclusion& earlier : out.included)
    if (earlier.canon == canon)
      throw diag_error(named.at, fmt::format("'{}' is already included: a fragment is taken in once", shown), {{earlier.at, "included here"}});
  if (!ast.fragment)
    throw diag_error(named.at, fmt::format("'{}' is not a fragment: `include` takes a file that says `fragment`; to start from a whole variant, use `extends`", shown));
  refuse_whole_variant_parts(ast);
  if ((int)out.included.size() >= max_fragments)
    throw diag_error(named.at, fmt::format("a variant takes in at most {} fragments", max_fragments));
  out.included.push_back({ast.file, named.at, canon});
  stack.push_back(canon);
  take_fragments(src, ast, path, shown, out, stack, search);
  stack.pop_back();
  merge_own(ast, out);
}

void take_fragments(sources& src, const file_ast& ast, const std::string& path, const std::string& shown, resolved& out,
                    std::vector<std::string>& stack, const std::vector<std::string>& search) {
  for (const word& inc : ast.includes) {
    const auto [fp, fshown] = base_file(path, shown, inc, search, "fragment");
    resolve_fragment(src, fp, fshown, out, stack, inc, search);
  }
}

void resolve_into(sources& src, const std::string& path, const std::string& shown, resolved& out, std::vector<std::string>& stack,
                  pos from, const std::string* given_text = nullptr, const std::vector<std::string>& search = {}) {
  std::string canon;
  file_ast ast = read_one(src, path, shown, stack, from, "extends", given_text, canon);
  if (ast.fragment) {
    if (!stack.empty()) throw diag_error(from, fmt::format("'{}' is a fragment: include it (`include`), a base is a whole variant", shown));
    throw fragment_alone(ast.fragment->at, "this file is a fragment: it is taken in by the variants that include it (`include`), not played alone");
  }

  stack.push_back(canon);
  if (ast.extends) {
    const auto [bp, bshown] = base_file(path, shown, *ast.extends, search, "base");
    resolve_into(src, bp, bshown, out, stack, ast.extends->at, nullptr, search);
  }
  take_fragments(src, ast, path, shown, out, stack, search);
  stack.pop_back();

  out.chain.push_back(path);
  if (ast.game) out.name = ast.game->text;
  // a base's sentence describes the base, not the file that changes it
  if (stack.empty()) {
    out.about = ast.about ? ast.about->text : "";
    out.group = ast.group ? ast.group->text : "";
    out.base = ast.extends ? fs::path(ast.extends->text).stem().string() : "";
    for (const word& inc : ast.includes) out.fragments.push_back(fs::path(inc.text).stem().string());
  }
  merge_own(ast, out);
}

}  // namespace

bool is_variant_id(const std::string& name) {
  if (name.empty() || name.size() > 100 || name[0] == '.') return false;
  for (char c : name)
    if (!std::isalnum((unsigned char)c) && c != '_' && c != '-' && c != '.') return false;
  return true;
}

std::string find_variant(const std::string& id, const std::vector<std::string>& dirs) {
  if (!is_variant_id(id)) return {};
  const std::string file = fs::path(id).extension() == ".spades" ? id : id + ".spades";
  for (const std::string& d : dirs) {
    std::error_code ec;
    fs::path p = fs::path(d) / file;
    if (fs::is_regular_file(p, ec)) return p.string();
  }
  return {};
}

std::vector<std::string> variant_ids(const std::vector<std::string>& dirs) {
  std::vector<std::string> ids;
  for (const std::string& d : dirs) {
    std::error_code ec;
    int seen = 0;  // a folder of thousands of files is not listed whole for a suggestion
    for (fs::directory_iterator it(d.empty() ? "." : d, ec), end; !ec && it != end && seen < 1000; it.increment(ec), ++seen)
      if (it->path().extension() == ".spades") ids.push_back(it->path().stem().string());
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

void note_inclusions(diagnostic& d, const std::vector<inclusion>& included) {
  int file = d.at.file;
  // nested fragments: each `include` up to the variant's own (at most as many steps as fragments)
  for (size_t step = 0; step < included.size(); ++step) {
    auto by = std::find_if(included.begin(), included.end(), [&](const inclusion& x) { return x.file == file; });
    if (by == included.end()) return;
    d.notes.push_back({by->at, "included here"});
    file = by->at.file;
  }
}

std::optional<fragment_summary> check_fragment(sources& src, const std::string& path, const std::vector<std::string>& search) {
  std::vector<std::string> stack;
  std::string canon;
  file_ast ast = read_one(src, path, path, stack, {}, "include", nullptr, canon);
  if (!ast.fragment) return std::nullopt;
  refuse_whole_variant_parts(ast);
  fragment_summary count;
  stack.push_back(canon);
  check_included(src, ast, path, path, stack, search, count);
  return count;
}

resolved resolve(sources& src, const std::string& path, const std::string* text, const std::vector<std::string>& search) {
  resolved out;
  std::vector<std::string> stack;
  out.id = fs::path(path).stem().string();
  try {
    resolve_into(src, path, path, out, stack, {}, text, search);
  } catch (diag_error& e) {
    note_inclusions(e.d, out.included);
    throw;
  }
  if (out.name.empty()) out.name = out.id;
  return out;
}

}  // namespace spades::lang
