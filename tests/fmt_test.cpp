// spades fmt (cli/fmt.cpp): files rewritten in place, --check, standard input and output, each refusal with
// its message and exit code; and every ruleset, laid out badly and formatted back, is its file again and
// explains as before.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <vector>

#include "tests/test_util.hpp"

using spades::testing::run;
using spades::testing::slurp;
using spades::testing::source_path;

namespace {

namespace fs = std::filesystem;

// A new empty folder of this process's own.
fs::path scratch(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / ("spades-fmt-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

std::string put(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}

// The text laid out badly: indentation gone, every blank between tokens doubled, blank lines tripled;
// strings and comments as they were.
std::string mess(const std::string& text) {
  std::string out;
  bool string = false, comment = false, line_start = true;
  for (char c : text) {
    if (c == '\n') {
      out += line_start ? "\n\n\n" : "\n";
      string = comment = false;
      line_start = true;
    } else if (string || comment) {
      out += c;
      string = string && c != '"';
    } else if (!(line_start && c == ' ')) {
      line_start = false;
      comment = c == '#';
      string = c == '"';
      out += c == ' ' ? std::string("  ") : std::string(1, c);
    }
  }
  return out;
}

}  // namespace

TEST_CASE("fmt: a file is rewritten in place only when its layout changes; --check names it and writes nothing") {
  const fs::path d = scratch("in-place");
  const std::string a = put(d / "a.spades", "players {\ncount 4 # four\n}\n");
  const std::string b = put(d / "b.spades", "players {\n  count 4  # four\n}\n");
  auto r = run("fmt --check " + a + " " + b);
  CHECK(r.code == 1);
  CHECK(r.out == a + ": not formatted\n");
  CHECK(slurp(a) == "players {\ncount 4 # four\n}\n");
  r = run("fmt " + a + " " + b);
  CHECK(r.code == 0);
  CHECK(r.out == "formatted " + a + "\n");
  CHECK(slurp(a) == "players {\n  count 4  # four\n}\n");
  r = run("fmt --check " + a + " " + b);
  CHECK(r.code == 0);
  CHECK(r.out == "");
  r = run("fmt " + a);
  CHECK(r.code == 0);
  CHECK(r.out == "");
  fs::remove_all(d);
}

TEST_CASE("fmt: '-' reads standard input and writes the layout to standard output") {
  auto r = run("fmt -", "players{\ncount 4\n}\n");
  CHECK(r.code == 0);
  CHECK(r.out == "players {\n  count 4\n}\n");
  r = run("fmt -", "players {\n  count 4\n}\n");
  CHECK(r.code == 0);
  CHECK(r.out == "players {\n  count 4\n}\n");
  r = run("fmt --check -", "players{\ncount 4\n}\n");
  CHECK(r.code == 1);
  CHECK(r.out == "<stdin>: not formatted\n");
  r = run("fmt --check -", "players {\n  count 4\n}\n");
  CHECK(r.code == 0);
  CHECK(r.out == "");
  r = run("fmt -", "game \"x\n");
  CHECK(r.code == 1);
  CHECK(r.out ==
        "<stdin>:1:8: error: unterminated string: expected a closing '\"' on the same line, found the end of the line\n"
        "game \"x\n"
        "       ^\n");
}

TEST_CASE("fmt: a file that does not parse is left alone (exit 1); the others are still formatted") {
  const fs::path d = scratch("bad");
  const std::string bad = put(d / "bad.spades", "players {\n  count\n}\n");
  const std::string good = put(d / "good.spades", "players{\ncount 4\n}\n");
  auto r = run("fmt " + bad + " " + good, "", true);
  CHECK(r.code == 1);
  CHECK(r.out == "formatted " + good + "\n");
  CHECK(slurp(bad) == "players {\n  count\n}\n");
  CHECK(slurp(good) == "players {\n  count 4\n}\n");
  r = run("fmt --check " + bad);
  CHECK(r.code == 1);
  CHECK(r.out == bad + ":2:8: error: expected a whole number, found the end of the line\n  count\n       ^\n");
  fs::remove_all(d);
}

TEST_CASE("fmt: a file's error is the one spades check prints, with the same exit code") {
  const fs::path d = scratch("as-check");
  const std::string bad = put(d / "bad.spades", "players {\n  count\n}\n");
  const std::string big = put(d / "big.spades", "game \"x\"\n" + std::string(5 << 20, ' ') + "\n");
  for (const std::string& f : {bad, big, (d / "missing.spades").string(), d.string()}) {
    INFO(f);
    const auto formatted = run("fmt " + f), checked = run("check " + f);
    CHECK(formatted.code == checked.code);
    std::string as_fmt = checked.out;  // the command's own name before a message without a place
    if (as_fmt.rfind("spades check: ", 0) == 0) as_fmt.replace(0, 14, "spades fmt: ");
    CHECK(formatted.out == as_fmt);
  }
  const auto r = run("fmt " + big);
  CHECK(r.code == 1);
  CHECK(r.out == big + ":1:1: error: the file is too large (5242890 bytes; the limit is 4 MiB)\ngame \"x\"\n^\n");
  fs::remove_all(d);
}

TEST_CASE("fmt: a file that cannot be read or written back, and bad usage, exit with 2") {
  const fs::path d = scratch("unusable");
  const std::string missing = (d / "missing.spades").string();
  auto r = run("fmt " + missing);
  CHECK(r.code == 2);
  CHECK(r.out == "spades fmt: cannot read '" + missing + "': No such file or directory\n");
  r = run("fmt --check " + d.string());
  CHECK(r.code == 2);
  CHECK(r.out == "spades fmt: cannot read '" + d.string() + "': it is a directory\n");
  // a link is read, but not replaced by a file: the file it names stays as it was
  const std::string target = put(d / "target.spades", "players{\ncount 4\n}\n");
  fs::create_symlink(target, d / "link.spades");
  const std::string link = (d / "link.spades").string();
  r = run("fmt --check " + link);
  CHECK(r.code == 1);
  CHECK(r.out == link + ": not formatted\n");
  r = run("fmt " + link);
  CHECK(r.code == 2);
  CHECK(r.out == "cannot write '" + link + "': it is a symbolic link: name the file itself\n");
  CHECK(slurp(target) == "players{\ncount 4\n}\n");
  CHECK(fs::is_symlink(link));
  r = run("fmt");
  CHECK(r.code == 2);
  CHECK(r.out == "spades fmt: name at least one variant file, or '-' for standard input\n");
  r = run("fmt - -");
  CHECK(r.code == 2);
  CHECK(r.out == "spades fmt: '-' (standard input) may be named only once\n");
  r = run("fmt --diff rulesets/standard.spades");
  CHECK(r.code == 2);
  CHECK(r.out == "spades fmt: unknown option '--diff' for 'spades fmt'\n");
  fs::remove_all(d);
}

TEST_CASE("fmt: every ruleset laid out badly comes back to its file, and explains as before") {
  const fs::path d = scratch("rulesets");
  std::string files;
  int n = 0;
  for (const auto& e : fs::directory_iterator(source_path("rulesets")))
    if (e.path().extension() == ".spades") {
      files += ' ';
      files += put(d / e.path().filename(), mess(slurp(e.path())));
      ++n;
    }
  CHECK(n == 87);
  // the fragments the rulesets take in (`include "fragments/bux"`), laid out badly too
  std::vector<fs::path> fragments;
  fs::create_directories(d / "fragments");
  for (const auto& e : fs::directory_iterator(source_path("rulesets/fragments"))) {
    files += ' ';
    files += put(d / "fragments" / e.path().filename(), mess(slurp(e.path())));
    fragments.push_back(e.path());
  }
  CHECK(!fragments.empty());
  auto r = run("fmt --check" + files, "", true);
  CHECK(r.code == 1);
  r = run("fmt" + files, "", true);
  CHECK(r.code == 0);
  for (const auto& e : fs::directory_iterator(source_path("rulesets"))) {
    if (e.path().extension() != ".spades") continue;
    const std::string id = e.path().stem().string();
    INFO(id);
    CHECK(slurp(d / e.path().filename()) == slurp(e.path()));
    CHECK(run("explain " + (d / e.path().filename()).string(), "", true).out == slurp(source_path("tests/explain/" + id + ".txt")));
  }
  for (const fs::path& f : fragments) CHECK(slurp(d / "fragments" / f.filename()) == slurp(f));
  fs::remove_all(d);
}

TEST_CASE("fmt: --help is the block docs/cli.md shows") {
  const std::string doc = slurp(source_path("docs/cli.md"));
  const size_t section = doc.find("\n## spades fmt\n");
  REQUIRE(section != std::string::npos);
  const size_t start = doc.find("```\n", section) + 4;
  const auto r = run("fmt --help");
  CHECK(r.code == 0);
  CHECK(r.out == doc.substr(start, doc.find("```", start) - start));
}
