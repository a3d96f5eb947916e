// Bounded reading of user files; see read.hpp.
#include "runtime/read.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

namespace spades {

namespace fs = std::filesystem;

file_text read_file_bounded(const std::string& path, uint64_t limit) {
  std::error_code ec;
  fs::file_status st = fs::status(path, ec);
  if (ec || !fs::exists(st)) {
    int err = ec ? ec.value() : ENOENT;
    throw file_error(file_error::unreadable, fmt::format("cannot read '{}': {}", printable(path), std::strerror(err)));
  }
  if (fs::is_directory(st)) throw file_error(file_error::directory, fmt::format("cannot read '{}': it is a directory", printable(path)));
  if (!fs::is_regular_file(st))
    throw file_error(file_error::not_regular, fmt::format("cannot read '{}': it is not a regular file (a pipe or a device cannot be read as a file)", printable(path)));
  file_text out;
  out.size = fs::file_size(path, ec);
  if (ec) throw file_error(file_error::unreadable, fmt::format("cannot read '{}': {}", printable(path), ec.message()));
  out.too_large = out.size > limit;
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw file_error(file_error::unreadable, fmt::format("cannot read '{}': {}", printable(path), std::strerror(errno)));
  // over the limit: only enough of the start to show the first line in the message
  uint64_t want = out.too_large ? 4096 : out.size;
  out.text.resize(want);
  size_t got = want ? std::fread(out.text.data(), 1, want, f) : 0;
  out.text.resize(got);
  // a file that grew since it was measured is refused rather than read on
  char more;
  if (!out.too_large && std::fread(&more, 1, 1, f) == 1) {
    out.too_large = true;
    out.size = std::max<uint64_t>(out.size, got + 1);
  }
  std::fclose(f);
  if (out.too_large) out.text = out.text.substr(0, out.text.find('\n'));
  return out;
}

bool json_nesting_over(const std::string& text, int limit) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit) return true;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return false;
}

}  // namespace spades
