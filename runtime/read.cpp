// Bounded reading of user files; see read.hpp.
#include "runtime/read.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

#include "runtime/diagnostic.hpp"

namespace spades {

namespace fs = std::filesystem;

file_text read_file_bounded(const std::string& path, uint64_t limit) {
  std::error_code ec;
  fs::file_status st = fs::status(path, ec);
  if (ec || !fs::exists(st)) {
    int err = ec ? ec.value() : ENOENT;
    throw diag_error({}, fmt::format("cannot read '{}': {}", printable(path), std::strerror(err)));
  }
  if (fs::is_directory(st)) throw diag_error({}, fmt::format("cannot read '{}': it is a directory", printable(path)));
  if (!fs::is_regular_file(st))
    throw diag_error({}, fmt::format("cannot read '{}': it is not a regular file (a pipe or a device cannot be read as a file)", printable(path)));
  file_text out;
  out.size = fs::file_size(path, ec);
  if (ec) throw diag_error({}, fmt::format("cannot read '{}': {}", printable(path), ec.message()));
  out.too_large = out.size > limit;
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw diag_error({}, fmt::format("cannot read '{}': {}", printable(path), std::strerror(errno)));
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

}  // namespace spades
