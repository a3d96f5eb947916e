// spades serve [--port P] [--host H] [--rulesets DIR] [--state DIR]: a table in the browser (web/).
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/explain.hpp"
#include "web/server/http.hpp"

extern char** environ;

namespace spades::cli {

static const char* help =
    "usage: spades serve [--port P] [--host H] [--allow-host NAMES] [--rulesets DIR] [--state DIR] [--mc-budget N]\n"
    "                    [--bot NAME=exec:CMD]... [--bot-timeout MS]\n"
    "\n"
    "Serves a card table in the browser at http://H:P/ (default 127.0.0.1:8080; --host 0.0.0.0 opens it to\n"
    "the local network). In the lobby the host picks a ruleset from DIR (default: as `spades list`), sets\n"
    "its options or pastes a variant's text (checked as `spades check` checks it), and seats a person or a\n"
    "bot (rule, mc, or an outside bot of --bot) at each seat; each person's seat has an invitation link with\n"
    "a secret token. The game is played by the engine: each browser is sent only what its seat may see.\n"
    "Cards are played by clicking or with the keyboard; a card that may not be played says why. The\n"
    "workbench at /workbench checks, explains and compares a variant as it is written, and simulates it.\n"
    "\n"
    "--state DIR keeps every table as a game record (spec/records.md) in DIR, written whole after each\n"
    "change, and resumes them when the server starts again, and keeps the finished games' history in\n"
    "DIR/history.sqlite (the page /history shows it); a finished game's record (and its PBN, where\n"
    "the deck allows) can be downloaded from the table. --mc-budget sets the Monte Carlo bots' playouts\n"
    "per decision. Ctrl-C (or SIGTERM) stops the server, exit code 0.\n"
    "\n"
    "--bot NAME=exec:CMD registers an outside bot (a program speaking the bot protocol, spec/bot-protocol.md)\n"
    "that the lobby offers by NAME at every seat, beside rule and mc; repeat it for more (at most 16).\n"
    "NAME is 1 to 24 of a-z, 0-9, '-' and '_', and not person, rule, mc or random. The server runs only\n"
    "these commands: a browser names a bot, never a command. --bot-timeout MS (default 10000) is how long\n"
    "an outside bot may take to answer; one that fails stops its table's game, recorded up to there.\n"
    "\n"
    "The server answers a request only when it is addressed by an IP address or localhost, so that a page of\n"
    "another site cannot reach it under a name of its own; --allow-host NAMES (comma-separated, at most 16)\n"
    "adds the names players use to reach it, such as the machine's name on the network.\n"
    "\n"
    "exit codes: 0 stopped, 2 bad usage (a port in use, a --state that is not a folder, a --bot that is not\n"
    "NAME=exec:CMD)\n";

namespace {

// --allow-host a,b: host names as a browser sends them (letters, digits, dots and hyphens), lower-cased.
std::vector<std::string> allowed_host_names(const std::string& list) {
  std::vector<std::string> names;
  if (list.empty()) return names;
  for (size_t at = 0; at <= list.size();) {
    size_t end = list.find(',', at);
    if (end == std::string::npos) end = list.size();
    std::string name = list.substr(at, end - at);
    if (name.empty() || name.size() > 253 ||
        name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-") != std::string::npos)
      throw usage_error(fmt::format("--allow-host: '{}' is not a host name (letters, digits, dots and hyphens, at most 253)", printable(name, 60)));
    for (char& c : name) c = (char)std::tolower((unsigned char)c);
    names.push_back(name);
    if (names.size() > max_web_allowed_hosts) throw usage_error(fmt::format("--allow-host: at most {} names", max_web_allowed_hosts));
    at = end + 1;
  }
  return names;
}

// --bot NAME=exec:CMD, each: a name the lobby offers and the command it runs.
std::vector<web::outside_bot> outside_bots(const args& a) {
  std::vector<web::outside_bot> out;
  for (const std::string& spec : a.all("--bot")) {
    const size_t eq = spec.find('=');
    const std::string name = spec.substr(0, eq), command = eq == std::string::npos ? "" : spec.substr(eq + 1);
    if (eq == std::string::npos || command.rfind("exec:", 0) != 0 || command.size() == 5)
      throw usage_error(fmt::format("--bot: expected NAME=exec:CMD, not '{}'", printable(spec, 60)));
    if (name.empty() || name.size() > (size_t)max_web_bot_name_bytes || name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-_") != std::string::npos)
      throw usage_error(fmt::format("--bot: the name '{}' is not 1 to {} of a-z, 0-9, '-' and '_'", printable(name, 40), max_web_bot_name_bytes));
    if (name == "person" || find_bot(name))
      throw usage_error(fmt::format("--bot: '{}' is a built-in player's name; give the outside bot another", name));
    for (const web::outside_bot& b : out)
      if (b.name == name) throw usage_error(fmt::format("--bot: '{}' is registered twice", name));
    if ((int)out.size() == max_web_outside_bots) throw usage_error(fmt::format("--bot: at most {} outside bots", max_web_outside_bots));
    out.push_back({name, command.substr(5)});
  }
  return out;
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// PBN as `spades replay --pbn` writes it: this binary run on the record in a fresh temporary folder (with a
// pasted variant's text beside it), so that the export is the one the command line gives.
std::string pbn_of(const std::string& record, const std::string& variant_text, std::string& err) {
  namespace fs = std::filesystem;
  char dir_name[] = "/tmp/spades-pbn-XXXXXX";
  if (!mkdtemp(dir_name)) {
    err = "cannot make a temporary folder";
    return {};
  }
  const fs::path dir(dir_name);
  std::ofstream(dir / "record.json") << record;
  if (!variant_text.empty()) std::ofstream(dir / "pasted.spades") << variant_text;
  const std::string self = fs::read_symlink("/proc/self/exe").string(), in = (dir / "record.json").string(), out = (dir / "out.pbn").string();
  const char* argv[] = {self.c_str(), "replay", in.c_str(), "--pbn", out.c_str(), nullptr};
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, (dir / "err.txt").c_str(), O_WRONLY | O_CREAT, 0600);
  pid_t pid;
  int status = -1;
  if (posix_spawn(&pid, self.c_str(), &fa, nullptr, const_cast<char**>(argv), environ) == 0) waitpid(pid, &status, 0);
  posix_spawn_file_actions_destroy(&fa);
  std::string pbn = read_all(out);
  if (status != 0 || pbn.empty()) err = "this game cannot be written as PBN: " + read_all((dir / "err.txt").string());
  std::error_code ec;
  fs::remove_all(dir, ec);
  return pbn;
}

}  // namespace

int cmd_serve(int argc, char** argv) {
  if (wants_help(argc, argv, help)) return 0;
  args a = parse_args("serve", argc, argv, {}, {"--port", "--host", "--allow-host", "--rulesets", "--state", "--mc-budget", "--bot", "--bot-timeout"});
  if (!a.positional.empty()) throw usage_error("serve takes no file: the host picks the variant in the browser");
  web::hub_config c;
  c.rulesets_dir = a.has("--rulesets") ? a.get("--rulesets") : default_rulesets_dir();
  ruleset_files(c.rulesets_dir);  // a usage error when it is no folder
  c.search = ruleset_search_path();
  c.search.insert(c.search.begin(), c.rulesets_dir);
  c.mc_budget = (int)a.get_int("--mc-budget", c.mc_budget, 1, max_mc_budget);
  c.outside_bots = outside_bots(a);
  c.bot_timeout_ms = (int)a.get_int("--bot-timeout", default_bot_timeout_ms, 1, max_bot_timeout_ms);
  if (a.has("--state")) {
    std::error_code ec;
    std::filesystem::create_directories(a.get("--state"), ec);
    if (!std::filesystem::is_directory(a.get("--state"), ec)) throw usage_error(fmt::format("--state: '{}' is not a folder", a.get("--state")));
    c.state_dir = a.get("--state");
  }
  const std::string host = a.get("--host", "127.0.0.1");
  const std::vector<std::string> names = allowed_host_names(a.get("--allow-host", ""));
  const int port = (int)a.get_int("--port", 8080, 0, 65535);
  web::hub h(c);
  h.pbn_of = pbn_of;
  h.explain_of = [](const variant& v, const variant* base) {
    const explanation e = explain(v, {}, {});
    return web::json{{"explain", explanation_text(e)}, {"diff", base ? diff_text(explain(*base, {}, {}), e) : ""}};
  };
  for (const std::string& p : h.resume_saved()) fmt::print(stderr, "spades serve: not resumed: {}\n", p);
  std::unique_ptr<web::server> s;
  try {
    s = std::make_unique<web::server>(h, host, port, names);
  } catch (const std::runtime_error& e) {
    throw usage_error(e.what());
  }
  if (host == "0.0.0.0" || host == "::")
    fmt::print("Listening on every network interface: anyone on your network can open the lobby.\n");
  fmt::print("spades serve: http://{}:{}/ ({} table{} resumed)\n", host == "0.0.0.0" ? "127.0.0.1" : host, s->port(), h.tables(),
             h.tables() == 1 ? "" : "s");
  std::fflush(stdout);
  s->run();
  fmt::print(stderr, "spades serve: stopped\n");
  return 0;
}

}  // namespace spades::cli
