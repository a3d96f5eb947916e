// Reading a file a user named: only regular files (a FIFO or a device would block or never end), and the
// size checked before reading, so that no file can ask for more memory or time than its limit.
#pragma once
#include <cstdint>
#include <string>

namespace spades {

struct file_text {
  std::string text;   // the whole file; or, when it is over the limit, only its first line (for a message)
  uint64_t size = 0;  // the file's size on disk
  bool too_large = false;
};

// Throws diag_error (without a position) when the file cannot be read or is not a regular file.
file_text read_file_bounded(const std::string& path, uint64_t limit);

}  // namespace spades
