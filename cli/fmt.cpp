// spades fmt [--check] FILE...: lay out variant files the one canonical way (lang/format.hpp).
#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "cli/output_file.hpp"
#include "lang/format.hpp"
#include "lang/parser.hpp"
#include "runtime/read.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades fmt [--check] FILE...\n"
    "\n"
    "Lays out each variant file the one canonical way and rewrites it in place when that changes it,\n"
    "printing 'formatted FILE'. Only blanks change: indentation (two spaces a block), spaces between\n"
    "tokens, trailing comments aligned, runs of blank lines made one; every token, line break, comment\n"
    "and string stays as written (docs/editors.md lists the rules). '-' reads standard input and writes\n"
    "the result to standard output.\n"
    "--check writes nothing: it prints 'FILE: not formatted' for each file the layout would change.\n"
    "A file that does not parse gets its error as `spades check` prints it and is left alone.\n"
    "\n"
    "exit codes: 0 every file is formatted (or now is), 1 a file is not formatted (--check), does not\n"
    "parse or is too large, 2 bad usage or a file cannot be read or written\n";

namespace {

constexpr const char* stdin_name = "<stdin>";

// The text of `path` ("-": standard input), bounded as every variant file is; throws diag_error (a file
// too large, as `spades check` reports it: at its first line, which is all that was read).
std::string read_input(lang::sources& src, const std::string& path) {
  if (path != "-") {
    file_text f = read_file_bounded(path, max_source_bytes);
    if (f.too_large) throw diag_error({src.add(path, f.text), 1, 1}, lang::too_large_message(f.size));
    return std::move(f.text);
  }
  std::string text;
  char buf[65536];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, stdin)) > 0;) {
    text.append(buf, n);
    if (text.size() > max_source_bytes)
      throw diag_error({}, fmt::format("cannot read standard input: {}", lang::too_large_message(text.size())));
  }
  if (std::ferror(stdin)) throw diag_error({}, "cannot read standard input");
  return text;
}

// unreadable: cannot be read, or written back
enum class outcome { formatted, changed, not_formatted, bad, unreadable };

// One file formatted, or checked: what became of it.
outcome format_one(const std::string& path, bool check) {
  lang::sources src;
  std::string text, out;
  try {
    text = read_input(src, path);
  } catch (const diag_error& e) {
    std::fputs(command_error(src.render(e.d)).c_str(), stderr);  // a file that cannot be read: `spades fmt: …`
    return e.d.at.file < 0 ? outcome::unreadable : outcome::bad;  // too large: as `spades check` counts it
  }
  const std::string shown = path == "-" ? stdin_name : path;
  try {
    out = lang::format_variant(src, shown, text);
  } catch (const diag_error& e) {
    std::fputs(src.render(e.d).c_str(), stderr);
    return outcome::bad;
  }
  if (check) {
    if (out == text) return outcome::formatted;
    fmt::print("{}: not formatted\n", shown);
    return outcome::not_formatted;
  }
  if (path == "-") {
    fmt::print("{}", out);
    return outcome::formatted;
  }
  if (out == text) return outcome::formatted;
  try {
    write_file(path, out);
  } catch (const input_error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return outcome::unreadable;
  }
  fmt::print("formatted {}\n", path);
  return outcome::changed;
}

}  // namespace

int cmd_fmt(int argc, char** argv) {
  if (wants_help(argc, argv, help)) return 0;
  args a = parse_args("fmt", argc, argv, {"--check"}, {});
  if (a.positional.empty()) throw usage_error("name at least one variant file, or '-' for standard input");
  if (std::count(a.positional.begin(), a.positional.end(), "-") > 1) throw usage_error("'-' (standard input) may be named only once");
  const bool check = a.has("--check");
  int bad = 0, unreadable = 0;
  for (const std::string& f : a.positional) {
    const outcome o = format_one(f, check);
    unreadable += o == outcome::unreadable;
    bad += o == outcome::bad || o == outcome::not_formatted;
  }
  return unreadable ? 2 : bad ? 1 : 0;
}

}  // namespace spades::cli
