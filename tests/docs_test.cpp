// The man page and the bash completion generated from docs/cli.md: present, well formed, and naming exactly
// the options each command's --help names.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "tests/test_util.hpp"

using spades::testing::run;
using spades::testing::shell;
using spades::testing::slurp;

namespace {

std::set<std::string> options_in(const std::string& text) {
  std::set<std::string> out;
  std::regex option(R"(--[a-z][a-z-]*)");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), option); it != std::sregex_iterator(); ++it) out.insert(it->str());
  return out;
}

// The usage lines at the top of `spades CMD --help`.
std::string usage_lines(const std::string& help) {
  std::string out;
  std::istringstream in(help);
  for (std::string l; std::getline(in, l) && !l.empty();) out += l + "\n";
  return out;
}

const char* const commands[] = {"check", "test", "play", "sim", "match", "merge", "bench", "list", "explain", "diff", "graph", "replay", "fmt", "lsp", "stats", "serve"};

}  // namespace

TEST_CASE("docs: the man page is docs/cli.md in roff, a section per command") {
  std::string man = slurp(SPADES_BUILD_DIR "/spades.1");
  REQUIRE(!man.empty());
  CHECK(man.rfind(".\\\" Generated from docs/cli.md", 0) == 0);
  CHECK(man.find("\n.TH SPADES 1 ") != std::string::npos);
  CHECK(man.find("\n.SH NAME\n") != std::string::npos);
  for (std::string c : commands) {
    for (char& ch : c) ch = (char)std::toupper((unsigned char)ch);
    CHECK(man.find("\n.SH \"SPADES " + c + "\"\n") != std::string::npos);
  }
  CHECK(man.find("\n.SH \"COMMON RULES\"\n") != std::string::npos);
  // markdown does not leak through: no backquote outside the example blocks' own text, no link syntax
  CHECK(man.find("](#") == std::string::npos);
  // an option table row is a tagged paragraph with the option in bold
  CHECK(man.find(".TP\n\\fB\\-\\-hands N\\fR\n") != std::string::npos);
  // roff reads it without a warning, where groff is installed
  if (!shell("command -v groff").empty()) {
    std::string warnings = shell("groff -man -Tutf8 -ww -z " SPADES_BUILD_DIR "/spades.1 2>&1");
    CHECK(warnings == "");
  }
}

TEST_CASE("docs: the bash completion offers each command and exactly the options its --help names") {
  std::string comp = slurp(SPADES_BUILD_DIR "/spades.bash");
  REQUIRE(!comp.empty());
  CHECK(shell("bash -n " SPADES_BUILD_DIR "/spades.bash 2>&1 && echo ok") == "ok\n");
  for (const char* c : commands) {
    std::smatch m;
    std::string line = std::string("\n    ") + c + R"re(\) opts="([^"]*)")re";
    REQUIRE(std::regex_search(comp, m, std::regex(line)));
    std::set<std::string> offered = options_in(m[1].str());
    std::set<std::string> helped = options_in(usage_lines(run(std::string(c) + " --help").out));
    helped.insert("--help");
    CHECK(offered == helped);
  }
  // the completion itself, as bash runs it
  auto complete = [](const std::string& words, int cword) {
    return shell("bash -c 'source " SPADES_BUILD_DIR "/spades.bash; COMP_WORDS=(" + words + "); COMP_CWORD=" + std::to_string(cword) +
                 "; _spades; echo \"${COMPREPLY[*]}\"'");
  };
  CHECK(complete("spades be", 1) == "bench\n");
  CHECK(complete("spades sim --g", 2) == "--games\n");
  CHECK(complete("spades bench --a", 2) == "--all\n");
  // the editor sends `spades lsp` its files: none are offered
  CHECK(complete("spades lsp ''", 2) == "\n");
}
