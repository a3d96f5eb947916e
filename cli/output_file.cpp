// Files a command writes (output_file.hpp): checked up front, written through an exclusive temporary file.
#include "cli/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/records.hpp"
#include "runtime/limits.hpp"

namespace spades::cli {

namespace fs = std::filesystem;

namespace {

std::string folder_of(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

// Why `path` cannot be replaced by a regular file, or "" when it can (it is one, or there is none).
std::string not_replaceable(const std::string& path) {
  struct stat s;
  if (lstat(path.c_str(), &s) != 0) return "";
  if (S_ISLNK(s.st_mode)) return "it is a symbolic link: name the file itself";
  if (S_ISDIR(s.st_mode)) return "it is a directory";
  if (!S_ISREG(s.st_mode)) return "it is not a regular file (a pipe or a device cannot take it)";
  return "";
}

}  // namespace

void check_output_path(const std::string& flag, const std::string& path, const std::vector<std::string>& inputs) {
  if (path.empty()) throw usage_error(fmt::format("{} needs a file name", flag));
  const std::string why = not_replaceable(path);
  if (!why.empty()) throw usage_error(fmt::format("{}: cannot write '{}': {}", flag, path, why));
  const std::string folder = folder_of(path);
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) throw usage_error(fmt::format("{}: cannot write '{}': the folder '{}' does not exist", flag, path, folder));
  if (access(folder.c_str(), W_OK) != 0)
    throw usage_error(fmt::format("{}: cannot write '{}': the folder '{}' is not writable", flag, path, folder));
  for (const std::string& in : inputs)
    if (fs::equivalent(path, in, ec))
      throw usage_error(fmt::format("{}: '{}' is also an input of this command: writing it would destroy it", flag, path));
}

output_file::output_file(std::string path) : path_(std::move(path)) {
  tmp_ = (fs::path(folder_of(path_)) / fmt::format(".{}.XXXXXX", fs::path(path_).filename().string())).string();
  fd_ = mkstemp(tmp_.data());  // O_CREAT | O_EXCL: never an existing file, never through a link
  if (fd_ < 0) throw input_error(fmt::format("cannot write '{}': {}", path_, std::strerror(errno)));
}

output_file::~output_file() {
  if (fd_ < 0) return;
  close(fd_);
  unlink(tmp_.c_str());
}

void output_file::fail(int err, const std::string& why) {
  if (fd_ >= 0) close(fd_);
  fd_ = -1;
  unlink(tmp_.c_str());
  throw input_error(fmt::format("cannot write '{}': {}", path_, why.empty() ? std::strerror(err) : why));
}

void output_file::write(std::string_view bytes) {
  if (fd_ < 0) throw std::logic_error("output_file: written after commit or failure");
  for (size_t done = 0; done < bytes.size();) {
    const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(n < 0 ? errno : EIO);
    done += (size_t)n;
  }
}

void output_file::commit() {
  if (fd_ < 0) throw std::logic_error("output_file: committed twice or after a failure");
  if (fchmod(fd_, 0644) != 0 || fsync(fd_) != 0) fail(errno);
  const int fd = fd_;
  fd_ = -1;
  if (close(fd) != 0) fail(errno);
  // what was checked before the work may have changed since: a link or a device planted meanwhile is refused
  const std::string why = not_replaceable(path_);
  if (!why.empty() || std::rename(tmp_.c_str(), path_.c_str()) != 0) fail(errno, why);
  // the rename is an entry of the folder: synced too, so that after a crash the folder names the new file
  // (or the old one), never a name whose file was lost
  const int dir = open(folder_of(path_).c_str(), O_RDONLY | O_DIRECTORY);
  if (dir >= 0) {
    (void)fsync(dir);
    close(dir);
  }
}

void write_file(const std::string& path, const std::string& text) {
  output_file out(path);
  out.write(text);
  out.commit();
}

void save_record(const game_recorder& rec, const std::string& path) {
  const std::string text = rec.text();
  // never a record the readers would refuse: the file is left as it was (at the table: the last record saved)
  if (text.size() > max_record_bytes)
    throw input_error(fmt::format("cannot write '{}': the record would be {} bytes, over its limit of {} MiB (runtime/limits.hpp); "
                                  "not written, the file left as it was",
                                  path, text.size(), max_record_bytes >> 20));
  write_file(path, text);
}

}  // namespace spades::cli
