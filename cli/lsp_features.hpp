// What `spades lsp` answers about a document (its analysis, lsp_analysis.hpp) at a byte offset: hover,
// definition, references, the outline and completion. Each answer is the LSP result object, already bounded
// (at most max_lsp_results entries).
#pragma once
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/lsp_analysis.hpp"

namespace spades::cli::lsp {

// The analysis a request reads, and the variant its explanations and deck come from: the document's own when
// it compiles, else the last version of the document that did (`stale`).
struct view {
  const analysis& a;
  std::shared_ptr<const variant> v;
  bool stale = false;
};

nlohmann::json hover(const view& d, size_t offset);
nlohmann::json definition(const view& d, size_t offset);
nlohmann::json references(const view& d, size_t offset, bool include_declaration);
nlohmann::json document_symbols(const view& d);
// `rulesets` is the directory whose files are offered after `extends` (beside the document's own folder).
nlohmann::json completion(const view& d, size_t offset, const std::string& rulesets);

// The declaration a name at `offset` of the document stands for: the one it is written in, a `let` of the
// rule around it, else the first declaration of the document or its bases (the one in force); null if none.
const declaration* declaration_at(const analysis& a, size_t offset, const std::string& name);

}  // namespace spades::cli::lsp
