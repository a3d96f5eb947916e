// Inputs that once crashed, hung or took quadratic time: each is generated here (never stored) and must get a
// clear error, or be accepted, with work in proportion to its size.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <fmt/format.h>

#include "lang/load.hpp"
#include "test_util.hpp"

namespace fs = std::filesystem;
using spades::lang::diag_error;

namespace {

fs::path scratch(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / "spades-hardening";
  fs::create_directories(dir);
  return dir / name;
}

// The rendered first error of loading `path`, or "" when it loads.
std::string load_error(const std::string& path) {
  spades::lang::sources src;
  try {
    spades::lang::load_variant(src, path);
    return "";
  } catch (const diag_error& e) {
    return src.render(e.d);
  }
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

}  // namespace

TEST_CASE("a FIFO is refused as a variant file and as a base, without blocking") {
  fs::path fifo = scratch("pipe.spades");
  fs::remove(fifo);
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK(load_error(fifo.string()) ==
        "error: cannot read '" + fifo.string() + "': it is not a regular file (a pipe or a device cannot be read as a file)\n");
  fs::path child = scratch("child.spades");
  std::ofstream(child) << "extends \"pipe\"\n";
  CHECK(first_line(load_error(child.string())) ==
        child.string() + ":1:1: error: cannot read '" + fifo.string() + "': it is not a regular file (a pipe or a device cannot be read as a file)");
  fs::remove(fifo);
}

TEST_CASE("a device is refused before anything is read") {
  CHECK(load_error("/dev/zero") == "error: cannot read '/dev/zero': it is not a regular file (a pipe or a device cannot be read as a file)\n");
}

TEST_CASE("a huge sparse file is refused by its size, not read") {
  fs::path big = scratch("sparse.spades");
  {
    std::ofstream(big) << "game \"x\"\n";
  }
  fs::resize_file(big, 1200ull << 20);  // 1.2 GB of holes: reading it would take gigabytes
  std::string err = load_error(big.string());
  CHECK(first_line(err) == big.string() + ":1:1: error: the file is too large (1258291200 bytes; the limit is 4 MiB)");
  CHECK(err.size() < 400);
  fs::remove(big);
}

TEST_CASE("the extends chain holds 32 files, not 33") {
  auto chain = [](int n) {
    for (int i = 1; i <= n; ++i) {
      std::ofstream out(scratch(fmt::format("c{}.spades", i)));
      if (i < n) out << "extends \"c" << i + 1 << "\"\n";
      else out << "players { count 4 }\nend { max_hands 1 }\n";
    }
    return scratch("c1.spades").string();
  };
  CHECK(load_error(chain(32)) == "");
  std::string err = load_error(chain(33));
  INFO(err.substr(0, 300));
  CHECK(err.find(":1:1: error: extends chain is too long (more than 32 files)") != std::string::npos);
}

TEST_CASE("merging many named items is linear: 100,000 tallies, each replaced by a base's child") {
  std::string base = "players { count 4 }\nend { max_hands 1 }\nscoring {\n";
  for (int i = 0; i < 100000; ++i) base += "  tally t" + std::to_string(i) + "\n";
  base += "}\n";
  std::ofstream(scratch("many.spades")) << base;
  std::string child = "extends \"many\"\nscoring {\n";
  for (int i = 0; i < 100000; i += 2) child += "  drop tally t" + std::to_string(i) + "\n";
  child += "}\n";
  std::ofstream(scratch("many-child.spades")) << child;
  // the merge succeeds; the checker then refuses the number of tallies left at the 17th
  std::string err = load_error(scratch("many-child.spades").string());
  INFO(err.substr(0, 300));
  CHECK(err.find("error: too many tallies (the limit is 16)") != std::string::npos);
}

TEST_CASE("an unknown name of 30,000 characters gets no suggestion, at once") {
  std::string name(30000, 'x');
  fs::path p = scratch("long-name.spades");
  std::ofstream(p) << "extends \"" << spades::testing::source_path("rulesets/standard") << "\"\nscoring {\n  rule r each team { points "
                   << name << " }\n}\n";
  std::string err = load_error(p.string());
  CHECK(err.find("error: unknown name '") != std::string::npos);
  CHECK(err.find("did you mean") == std::string::npos);
  CHECK(spades::nearest(name, {name + "y"}) == "");
  CHECK(spades::nearest("bidd", {"bid", std::string(100, 'b')}) == "bid");
}
