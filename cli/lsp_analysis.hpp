// What `spades lsp` knows of a document: its syntax tree and its bases' (the `extends` chain, each file parsed
// on its own so that a broken document still shows its bases' names), every name they declare, and the
// compiled variant or the pipeline's error, exactly as `spades check` finds it.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lang/ast.hpp"
#include "runtime/variant.hpp"

namespace spades::cli::lsp {

struct source_file {
  std::string path;                   // as the pipeline names it (a base relative to the file extending it)
  std::string text;
  std::optional<lang::file_ast> ast;  // none when the file does not parse
};

// A name an item declares (or a `let` in a rule's body), in the file that states it.
struct declaration {
  std::string name;
  lang::form kind = lang::form::option;  // the declaring item's form (a `let`: its rule's)
  bool let = false;
  bool amends = false;                   // `amend KIND NAME`: the item it changes lies in a base
  bool condition = false;                // `condition NAME = EXPR` (kind `skip`, a condition's form; no item)
  int file = 0;                          // index into analysis::files
  size_t offset = 0;                     // of the name
  size_t item_begin = 0, item_end = 0;   // the item's extent (a `let`: its rule's)
  const lang::item* item = nullptr;
};

struct analysis {
  std::vector<source_file> files;       // the document, then the file it extends, then that file's base ...,
                                        // then the fragments these include
  std::vector<declaration> decls;       // file by file in that order, each file's in its order
  std::shared_ptr<const variant> v;     // the compiled variant when it has no error
  std::optional<diagnostic> error;      // else the pipeline's error ...
  std::shared_ptr<sources> src;         // ... whose positions index these sources (file 0: the document)
};

// Analyses the document `text`, named `path` (its bases are read relative to it).
analysis analyse(const std::string& path, const std::string& text);

// The LSP diagnostics of the analysis (none or one: the pipeline stops at its first error; a clean document
// gets its warnings, severity 2). An error in a base
// file is reported at the author's line: the note in the document, else its `extends`; the base's place is
// then the first related location.
nlohmann::json diagnostics(const analysis& a);

// The keyword naming a declaration's kind for people ("bid", "rule", "let value" ...).
std::string kind_word(const declaration& d);

}  // namespace spades::cli::lsp
