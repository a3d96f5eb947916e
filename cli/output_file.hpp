// Files a command writes (a game record, a PBN export): checked before any work, written whole or not at
// all, never through a link or into a device, never over one of the command's own inputs.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace spades::cli {

// Refuses, as a usage error naming `flag`, an output path that cannot take a file: one that is a symbolic
// link, a directory, a pipe or a device; one in a folder that does not exist; one that is the same file as
// one of `inputs`. Called before the command does its work, so that nothing is played or computed for a file
// that cannot be written.
void check_output_path(const std::string& flag, const std::string& path, const std::vector<std::string>& inputs);

// A file written in pieces, whole or not at all: into a new temporary file beside `path` (created exclusively,
// with a name no one can predict), renamed over `path` by commit(), so that a reader sees the old file or the
// whole new one. On failure (a full disk) input_error says why; a file never committed leaves nothing behind.
class output_file {
 public:
  explicit output_file(std::string path);
  output_file(const output_file&) = delete;
  output_file& operator=(const output_file&) = delete;
  ~output_file();
  void write(std::string_view bytes);
  void commit();

 private:
  std::string path_, tmp_;
  int fd_ = -1;
  [[noreturn]] void fail(int err, const std::string& why = "");
};

// `text` written to `path` whole, as output_file writes it.
void write_file(const std::string& path, const std::string& text);

}  // namespace spades::cli
