// Reading a file a user named: only regular files (a FIFO or a device would block or never end), and the
// size checked before reading, so that no file can ask for more memory or time than its limit.
#pragma once
#include <cstdint>
#include <string>

#include "runtime/diagnostic.hpp"

namespace spades {

struct file_text {
  std::string text;   // the whole file; or, when it is over the limit, only its first line (for a message)
  uint64_t size = 0;  // the file's size on disk
  bool too_large = false;
};

// Why a file cannot be read; the message says it in words.
struct file_error : diag_error {
  enum kind_t { unreadable, directory, not_regular } kind;
  file_error(kind_t k, std::string message) : diag_error(pos{}, std::move(message)), kind(k) {}
};

// Throws file_error (without a position) when the file cannot be read or is not a regular file.
file_text read_file_bounded(const std::string& path, uint64_t limit);

// Whether JSON text nests [ and { more than `limit` levels deep, counted outside strings: a JSON parser
// recurses once per level, so the depth is refused before one runs.
bool json_nesting_over(const std::string& text, int limit);

}  // namespace spades
