// resolve (text -> parse -> resolve -> declare -> elaborate -> variant): follow `extends`, merge a variant
// onto its base item by item (by item::key), apply `amend` and `drop`, and reject duplicates.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "lang/ast.hpp"

namespace spades::lang {

struct resolved_block {
  block_kind kind;
  pos at;  // where it was last opened
  std::vector<item> items;
};

// A fragment taken in by `include`: its file in `sources`, the `include` that named it, its canonical path.
struct inclusion {
  int file;
  pos at;
  std::string canon;
};

struct resolved {
  std::string name;                 // display name (from `game`, else the file's stem)
  std::string id;                   // the file's stem
  std::string about;                // the top file's `about` sentence ("" without one: it is not inherited)
  std::string group;                // the top file's `group` ("" without one: it is not inherited either)
  std::string base;                 // the stem of the file the top file extends ("" when none)
  std::vector<std::string> fragments;  // the stems of the fragments the top file includes itself
  std::vector<std::string> chain;   // the files merged, base first
  std::vector<item> options;
  std::vector<named_condition> conditions;  // merged by name: a later file's replaces an earlier one's
  std::vector<resolved_block> blocks;
  std::vector<diagnostic> warnings;  // what the file may not mean (lang/restate.hpp); `spades check` prints them
  std::vector<item> drops;          // every `drop` applied, so that a later "unknown name" can say why
  std::vector<inclusion> included;  // each fragment taken in, in the order merged
  std::map<std::string, std::string> setting_options;  // option -> the first setting that names it (option_settings.cpp)
  const resolved_block* find(block_kind kind) const;
};

// The top file is a fragment (`fragment`): it is not a variant by itself.
struct fragment_alone : diag_error {
  using diag_error::diag_error;
};

// `spades check` of a fragment alone: its syntax, and the fragments it includes (found, fragments, no cycle);
// its meaning is checked in each variant that includes it. Nothing when `path` is no fragment; throws diag_error.
struct fragment_summary {
  int items = 0;      // its items and those of the fragments it includes
  int fragments = 0;  // the fragments it includes, nested ones counted
};
std::optional<fragment_summary> check_fragment(sources& src, const std::string& path, const std::vector<std::string>& search = {});

// A diagnostic inside a fragment gets a note at each `include` that brought it in, up to the variant's own.
void note_inclusions(diagnostic& d, const std::vector<inclusion>& included);

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
