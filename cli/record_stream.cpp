// A game record written as its games finish (record_stream.hpp). The record's set-up, with record.games, comes
// before its cases in the file, but record.games is known only at the end: so the cases wait in a temporary
// file and are copied after the entries when the record is committed.
#include "cli/record_stream.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/output_file.hpp"

namespace spades::cli {

using json = nlohmann::ordered_json;
namespace fs = std::filesystem;

namespace {

// game_recorder::text() lays the record out with dump(2): an item at depth `depth` has every line indented by
// 2 * depth spaces. A JSON string holds no raw line break, so indenting after each '\n' is exact.
std::string at_depth(const json& j, int depth) {
  const std::string pad(2 * (size_t)depth, ' ');
  const std::string flat = j.dump(2, ' ', false, json::error_handler_t::replace);
  std::string out = pad;
  out.reserve(flat.size() + flat.size() / 8);
  for (char c : flat) {
    out += c;
    if (c == '\n') out += pad;
  }
  return out;
}

// How the file ends after the last entry of record.games, and before the cases: the record's set-up has
// "games" as its last key, and the file has "cases" as its last.
const std::string games_close = "\n    ]", middle = "\n  },\n  \"cases\": ", cases_close = "\n  ]", file_close = "\n}\n";

}  // namespace

recorded_game recorded_of(const game_recorder& rec) {
  recorded_game g;
  const json& doc = rec.doc();
  for (const json& e : doc["record"]["games"]) g.entry += (g.entry.empty() ? "" : ",\n") + at_depth(e, 3);
  for (const json& c : doc["cases"]) {
    g.cases += (g.case_count ? ",\n" : "") + at_depth(c, 2);
    ++g.case_count;
  }
  return g;
}

record_stream::record_stream(std::string path, const game_recorder& set_up, size_t limit) : path_(std::move(path)), limit_(limit) {
  if (!set_up.doc()["cases"].empty() || !set_up.doc()["record"]["games"].empty())
    throw std::logic_error("record_stream: the set-up recorder already holds games");
  const std::string text = set_up.text();
  const std::string tail = "[]" + middle + "[]" + file_close;
  if (text.size() < tail.size() || text.compare(text.size() - tail.size(), tail.size(), tail) != 0)
    throw std::logic_error("record_stream: a record's set-up no longer ends with record.games and the cases");
  head_ = text.substr(0, text.size() - tail.size());
  // the hands wait in a file with no name: unlinked at once, it goes away with this object, even on a crash
  std::string tmp = (fs::path(path_).parent_path().empty() ? fs::path(".") : fs::path(path_).parent_path()) / ".spades-record.XXXXXX";
  spool_ = mkstemp(tmp.data());
  if (spool_ < 0) throw input_error(fmt::format("cannot write '{}': {}", path_, std::strerror(errno)));
  unlink(tmp.c_str());
}

record_stream::~record_stream() {
  if (spool_ >= 0) close(spool_);
}

size_t record_stream::size_with(size_t entries, size_t games, size_t spooled, size_t cases) const {
  const size_t games_part = games ? 2 + entries + games_close.size() : 2;  // "[\n" ... "\n    ]", or "[]"
  const size_t cases_part = cases ? 2 + spooled + cases_close.size() : 2;
  return head_.size() + games_part + middle.size() + cases_part + file_close.size();
}

size_t record_stream::size() const { return size_with(entries_.size(), (size_t)games_, spooled_, cases_); }

bool record_stream::add(const recorded_game& g) {
  const size_t entry = g.entry.size() + (games_ ? 2 : 0), more = g.cases.size() + (cases_ && g.case_count ? 2 : 0);
  if (size_with(entries_.size() + entry, (size_t)games_ + 1, spooled_ + more, cases_ + g.case_count) > limit_) return false;
  const std::string text = (cases_ && g.case_count ? ",\n" : "") + g.cases;
  for (size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(spool_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw input_error(fmt::format("cannot write '{}': {}", path_, std::strerror(n < 0 ? errno : EIO)));
    done += (size_t)n;
  }
  entries_ += (games_ ? ",\n" : "") + g.entry;
  spooled_ += more;
  cases_ += g.case_count;
  ++games_;
  return true;
}

void record_stream::commit() {
  output_file out(path_);
  out.write(head_);
  out.write(games_ ? "[\n" + entries_ + games_close : "[]");
  out.write(middle);
  out.write(cases_ ? "[\n" : "[]");
  std::string buf(1 << 20, '\0');
  for (size_t at = 0; at < spooled_;) {
    const ssize_t n = pread(spool_, buf.data(), std::min(buf.size(), spooled_ - at), (off_t)at);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw input_error(fmt::format("cannot write '{}': {}", path_, std::strerror(n < 0 ? errno : EIO)));
    out.write(std::string_view(buf.data(), (size_t)n));
    at += (size_t)n;
  }
  if (cases_) out.write(cases_close);
  out.write(file_close);
  out.commit();
}

std::string record_full_message(const std::string& path, long long recorded, long long asked, int shards, size_t limit) {
  const std::string size = limit % (1 << 20) ? fmt::format("{} bytes", limit) : fmt::format("{} MiB", limit >> 20);
  const std::string most = size + ", the most `spades replay` and `spades test` read (runtime/limits.hpp)";
  if (recorded == 0)
    return fmt::format("--record: the first game alone would take '{}' past {}: no record written", path, most);
  // shards a quarter smaller than what fitted: games differ in length
  const long long split = shards * ((asked * 5 + recorded * 4 - 1) / (recorded * 4));
  return fmt::format("--record: '{}' holds the first {} of the {} games: the next would take it past {}; "
                     "split the run with --shard 1/{} to --shard {}/{}, each with its own --record (docs/scale-out.md)",
                     path, recorded, asked, most, split, split, split);
}

}  // namespace spades::cli
