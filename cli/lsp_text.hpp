// The text side of `spades lsp`: LSP positions (a line and a UTF-16 offset in it) against byte offsets,
// edits of a document, the words of a variant file outside comments and strings, the extent of a block or
// an item by its braces, and file URIs.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runtime/diagnostic.hpp"

namespace spades::cli::lsp {

// The byte offset of LSP position (line, character); past the end of a line or of the text it is clamped to
// it, as the protocol asks. A UTF-8 sequence counts as one UTF-16 unit (two above U+FFFF); a byte that is no
// part of valid UTF-8 counts as one.
size_t offset_of(const std::string& text, uint64_t line, uint64_t character);
// The LSP positions of byte offsets of one text: its lines indexed once, and each offset counted on from the
// last one asked when it lies further on the same line, so that offsets asked in order cost one pass over
// the text, however long its lines.
class positions {
 public:
  explicit positions(const std::string& text);
  nlohmann::json at(size_t offset);
  nlohmann::json range(size_t from, size_t to) { return {{"start", at(from)}, {"end", at(to)}}; }
  // The byte offset of a diagnostic position, as offset_of(text, at) below.
  size_t offset(pos at) const;

 private:
  const std::string& text_;
  std::vector<size_t> starts_;  // of each line
  size_t last_offset_ = 0, last_line_ = 0;
  uint64_t last_units_ = 0;
};
// One position or range (the text indexed for it alone).
nlohmann::json position_of(const std::string& text, size_t offset);
nlohmann::json range_of(const std::string& text, size_t from, size_t to);
// The byte offset of a diagnostic position (1-based line and byte column), clamped to the text.
size_t offset_of(const std::string& text, pos at);

// A word of the language (letters, digits, `_`) outside comments and strings.
struct token {
  size_t offset = 0;
  std::string text;
};
std::vector<token> words(const std::string& text);
// The word at or just before `offset` (the cursor stands after the word it ends), if any.
std::optional<token> word_at(const std::string& text, size_t offset);
// The end of the word starting at `offset`, else of the character there (a diagnostic's range).
size_t token_end(const std::string& text, size_t offset);
// Where the item or block starting at `offset` ends: the `}` matching the first `{` on its line, else the
// end of the line (comments and strings skipped).
size_t extent_end(const std::string& text, size_t offset);
// Whether `offset` is inside a comment or a string on its line.
bool in_comment_or_string(const std::string& text, size_t offset);

// file:///a%20b/c.spades <-> /a b/c.spades; a URI of another scheme is returned as it is (a name).
std::string path_of_uri(const std::string& uri);
std::string uri_of_path(const std::string& path);

}  // namespace spades::cli::lsp
