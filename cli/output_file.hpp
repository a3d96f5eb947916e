// Files a command writes (a game record, a PBN export): checked before any work, written whole or not at
// all, never through a link or into a device, never over one of the command's own inputs.
#pragma once
#include <string>
#include <vector>

namespace spades::cli {

// Refuses, as a usage error naming `flag`, an output path that cannot take a file: one that is a symbolic
// link, a directory, a pipe or a device; one in a folder that does not exist; one that is the same file as
// one of `inputs`. Called before the command does its work, so that nothing is played or computed for a file
// that cannot be written.
void check_output_path(const std::string& flag, const std::string& path, const std::vector<std::string>& inputs);

// Writes `text` to `path`: into a new temporary file beside it (created exclusively, with a name no one can
// predict), then renamed over it, so that a reader sees the old file or the whole new one. On failure (a full
// disk) nothing is left behind and input_error says why.
void write_file(const std::string& path, const std::string& text);

}  // namespace spades::cli
