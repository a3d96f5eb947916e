// resolve (text -> parse -> resolve -> declare -> elaborate -> variant): follow `extends`, merge a variant
// onto its base item by item (by item::key), apply `amend` and `drop`, and reject duplicates.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "lang/ast.hpp"

namespace spades::lang {

struct resolved_block {
  block_kind kind;
  pos at;  // where it was last opened
  std::vector<item> items;
};

struct resolved {
  std::string name;                 // display name (from `game`, else the file's stem)
  std::string id;                   // the file's stem
  std::string about;                // the top file's `about` sentence ("" without one: it is not inherited)
  std::string group;                // the top file's `group` ("" without one: it is not inherited either)
  std::string base;                 // the stem of the file the top file extends ("" when none)
  std::vector<std::string> chain;   // the files merged, base first
  std::vector<item> options;
  std::vector<resolved_block> blocks;
  std::vector<item> drops;          // every `drop` applied, so that a later "unknown name" can say why
  std::map<std::string, std::string> setting_options;  // option -> the first setting that names it (option_settings.cpp)
  const resolved_block* find(block_kind kind) const;
};

// Reads `path` (and its bases) into `src`, parses and merges them. Throws diag_error.
// With `text`, that is the content of `path` (not read from disk); its bases are still read.
// `search`: the folders where a base named by id (`extends "standard"`, no folder in it) is looked for when
// the extending file's own folder has none (spec/language.md, "Finding a base").
resolved resolve(sources& src, const std::string& path, const std::string* text = nullptr, const std::vector<std::string>& search = {});
// A variant named by its id ("standard", "nyc.spades"): the first `dirs` folder holding ID.spades, or "".
// An id is a name without a folder. The ids of the variants in `dirs`, for a did-you-mean.
bool is_variant_id(const std::string& name);
std::string find_variant(const std::string& id, const std::vector<std::string>& dirs);
std::vector<std::string> variant_ids(const std::vector<std::string>& dirs);

// Reads a whole file; throws diag_error without a position when it cannot.
std::string read_file(const std::string& path);

}  // namespace spades::lang
