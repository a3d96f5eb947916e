#include "bots/calibration_cache.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "bots/value.hpp"

namespace spades {

namespace fs = std::filesystem;
using bot_detail::calibrated;

// A file is these bytes as they lie in memory: only the program that wrote it reads it back (its identity
// is in the key), so the layout is the same.
static_assert(std::is_trivially_copyable_v<calibrated>, "a kept calibration is its bytes: keep `calibrated` plain data");

namespace {

constexpr char magic[] = "spades calibration 1\n";

// FNV-1a, 64 bits: the file's name
uint64_t fnv(std::string_view s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

// another hash of the same key, kept in the file: two keys that share a name are told apart by it
uint64_t mix(const std::string& s) {
  uint64_t h = 0x9e3779b97f4a7c15ull;
  for (unsigned char c : s) {
    h = (h ^ c) * 0xff51afd7ed558ccdull;
    h ^= h >> 29;
  }
  return h;
}

uint64_t checksum(const calibrated& cal) {
  return fnv(std::string_view(reinterpret_cast<const char*>(&cal), sizeof cal));
}

// Everything the calibration hangs on: the program, and the variant as compiled from its files' text and
// its options' values. "" without source text.
std::string key_of(const std::string& identity, const variant& v) {
  if (identity.empty() || !v.source || v.source->size() == 0) return "";
  std::string key = fmt::format("{}\n{}\n{}\n", identity, sizeof(calibrated), v.source->size());
  for (int f = 0; f < v.source->size(); ++f) key += fmt::format("{}\n{}", v.source->text(f).size(), v.source->text(f));
  key += fmt::format("\n{}", v.option_defaults.size());
  for (int64_t o : v.option_defaults) key += fmt::format(" {}", o);
  return key;
}

// The file of a key's calibration in `folder`.
std::string file_of(const std::string& folder, const std::string& key) {
  return (fs::path(folder) / fmt::format("calibration-{:016x}.bin", fnv(key))).string();
}

template <typename T>
bool read_plain(std::ifstream& in, T& out) {
  return (bool)in.read(reinterpret_cast<char*>(&out), sizeof out);
}

template <typename T>
void write_plain(std::ofstream& out, const T& value) {
  out.write(reinterpret_cast<const char*>(&value), sizeof value);
}

}  // namespace

std::string program_identity(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return "";
  return fmt::format("{}:{}:{}:{}.{:09}", (uint64_t)st.st_dev, (uint64_t)st.st_ino, (int64_t)st.st_size, (int64_t)st.st_mtim.tv_sec,
                     (int64_t)st.st_mtim.tv_nsec);
}

std::string program_identity() { return program_identity("/proc/self/exe"); }

calibration_files::calibration_files(std::string folder, std::string identity, int max_files)
    : folder_(std::move(folder)), identity_(std::move(identity)), max_files_(std::max(1, max_files)) {}

std::string calibration_files::path_for(const variant& v) const {
  const std::string key = key_of(identity_, v);
  return key.empty() ? "" : file_of(folder_, key);
}

bool calibration_files::load(const variant& v, calibrated& out) const {
  const std::string key = key_of(identity_, v);
  if (key.empty()) return false;
  std::ifstream in(file_of(folder_, key), std::ios::binary);
  char head[sizeof magic - 1];
  uint64_t check = 0, sum = 0;
  uint32_t size = 0;
  calibrated cal;
  if (!in.read(head, sizeof head) || std::memcmp(head, magic, sizeof head) != 0) return false;
  if (!read_plain(in, check) || check != mix(key) || !read_plain(in, size) || size != sizeof cal) return false;
  if (!read_plain(in, cal) || !read_plain(in, sum) || sum != checksum(cal) || in.peek() != std::ifstream::traits_type::eof()) return false;
  out = cal;
  return true;
}

void calibration_files::save(const variant& v, const calibrated& cal) const {
  static std::atomic<unsigned> written{0};
  const std::string key = key_of(identity_, v);
  if (key.empty()) return;
  std::error_code ec;
  fs::create_directories(folder_, ec);
  if (ec) return;
  // written whole under a name of its own, then renamed: a reader sees the old file or the new, never part
  const std::string path = file_of(folder_, key);
  const std::string part = fmt::format("{}.{}-{}.part", path, ::getpid(), written++);
  {
    std::ofstream out(part, std::ios::binary | std::ios::trunc);
    out.write(magic, sizeof magic - 1);
    write_plain(out, mix(key));
    write_plain(out, (uint32_t)sizeof cal);
    write_plain(out, cal);
    write_plain(out, checksum(cal));
    out.close();
    if (out.fail()) {
      fs::remove(part, ec);
      return;
    }
  }
  fs::rename(part, path, ec);
  if (ec) {
    fs::remove(part, ec);
    return;
  }
  // at most max_files_ kept: the oldest go; and a part left by a program stopped while writing it, after an hour
  std::vector<std::pair<fs::file_time_type, fs::path>> kept;
  const auto hour_ago = fs::file_time_type::clock::now() - std::chrono::hours(1);
  for (fs::directory_iterator it(folder_, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.rfind("calibration-", 0) != 0) continue;
    std::error_code when_ec;
    const auto when = fs::last_write_time(it->path(), when_ec);
    if (when_ec) continue;
    if (it->path().extension() == ".bin") kept.emplace_back(when, it->path());
    else if (it->path().extension() == ".part" && when < hour_ago) fs::remove(it->path(), when_ec);
  }
  if ((int)kept.size() <= max_files_) return;
  std::sort(kept.begin(), kept.end());
  for (size_t i = 0; i + max_files_ < kept.size(); ++i)
    if (kept[i].second != fs::path(path)) fs::remove(kept[i].second, ec);
}

std::string calibration_cache_folder() {
  const char* off = std::getenv("SPADES_NO_CACHE");
  if (off && *off) return "";
  const char* cache = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  if (cache && *cache == '/') return (fs::path(cache) / "spades").string();
  return home && *home ? (fs::path(home) / ".cache/spades").string() : "";
}

std::shared_ptr<const bot_calibration> cached_calibration(const variant& v) {
  const std::string folder = calibration_cache_folder();
  const std::string identity = folder.empty() ? "" : program_identity();
  if (identity.empty()) return std::make_shared<const bot_calibration>(v);
  return std::make_shared<const bot_calibration>(v, std::make_shared<const calibration_files>(folder, identity));
}

}  // namespace spades
