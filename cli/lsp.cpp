// spades lsp: the language server (lsp.hpp) on standard input and output.
#include "cli/lsp.hpp"

#include <iostream>

#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"

namespace spades::cli {

static const char* help =
    "usage: spades lsp [--stdio]\n"
    "\n"
    "A Language Server Protocol server for variant files, for editors: it reads JSON-RPC messages on standard\n"
    "input and answers on standard output (--stdio, which some editors pass, changes nothing). It reports each\n"
    "open file's errors as `spades check` does, as you type; shows what a name means (hover), completes\n"
    "keywords, names, cards and `extends` paths, goes to a name's definition (across `extends`), finds its\n"
    "references, outlines the file and lays it out as `spades fmt` does. docs/lsp.md describes what it\n"
    "supports and its limits.\n"
    "\n"
    "exit codes: 0 after the client's `shutdown` and `exit`, 1 when the input ends or `exit` comes without\n"
    "`shutdown`, 2 bad usage\n";

int cmd_lsp(int argc, char** argv) {
  if (wants_help(argc, argv, help)) return 0;
  args a = parse_args("lsp", argc, argv, {"--stdio"}, {});
  if (!a.positional.empty()) throw usage_error("takes no files: the editor sends them");
  std::ios::sync_with_stdio(false);
  lsp::server s(default_rulesets_dir());
  return lsp::serve(s, std::cin, std::cout, std::cerr);
}

}  // namespace spades::cli
