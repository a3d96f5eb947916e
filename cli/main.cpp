// spades: check, test, play, simulate and benchmark variant files.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <system_error>

#include <fmt/format.h>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "bots/external.hpp"
#include "lang/load.hpp"
#include "lang/resolve.hpp"
#include "runtime/read.hpp"

namespace spades::cli {

static const char* main_help =
    "usage: spades COMMAND [ARGS]\n"
    "\n"
    "commands:\n"
    "  check FILE... [--json]                 check variant files; print their errors\n"
    "  test HANDS.json [--ruleset F] [--json] run a variant's test hands\n"
    "  play [FILE] [--seat S] [--seed N]      play in the terminal against bots (default: standard)\n"
    "  sim FILE --games N --seed S [--json]   bots play N games; print a summary\n"
    "  match FILE A B [--deals N] [--duplicate]  bot A against bot B on the same deals\n"
    "  merge FILE.json...                     combine the --json summaries of a run's shards (--shard I/N)\n"
    "  (play and sim take --option NAME=VALUE (-o) for a variant's rule options, and --record OUT.json)\n"
    "  (sim takes --bots SPEC and --jobs N, play --bot NAME; both --mc-budget N)\n"
    "  bench FILE... | --all [--hands N]      random playouts; print hands/s and moves/s\n"
    "  list [DIR] [--json]                    the rulesets, each with its sentence, base and options\n"
    "  explain FILE [--json]                  the variant's rules in plain English\n"
    "  diff A B [--json]                      what variant B changes from variant A\n"
    "  graph FILE                             the course of a hand as a Graphviz DOT state machine\n"
    "  replay RECORD.json [--json] [--pbn F]  show a game record and check it against the rules\n"
    "  stats [DIR] [--json]                   each player's figures over the games kept (or DIR's records)\n"
    "  fmt [--check] FILE...                  lay out variant files the canonical way ('-': stdin)\n"
    "  lsp                                    a language server for editors, on standard input and output\n"
    "  serve [--port P] [--host H]            a table in the browser: play with friends and bots\n"
    "\n"
    "'spades COMMAND --help' describes each command.\n"
    "'spades --version' prints the version.\n"
    "exit codes: 0 success, 1 errors found or cases failed, 2 bad usage or unusable input\n";

namespace {

// `name=value` options, each checked against the option's allowed values: option index and value.
std::vector<std::pair<int, int64_t>> read_options(const variant& v, const std::vector<std::string>& opts) {
  std::vector<std::pair<int, int64_t>> out;
  for (const std::string& o : opts) {
    auto eq = o.find('=');
    std::string name = o.substr(0, eq);
    auto f = std::find(v.option_names.begin(), v.option_names.end(), name);
    if (f == v.option_names.end())
      throw usage_error(v.option_names.empty() ? fmt::format("this variant has no rule options (--option {})", o)
                                               : fmt::format("unknown rule option '{}'{} (options: {})", name,
                                                             lang::did_you_mean(name, v.option_names), fmt::join(v.option_names, ", ")));
    std::string val = eq == std::string::npos ? "true" : o.substr(eq + 1);
    const option_spec& spec = v.option_specs[f - v.option_names.begin()];
    std::optional<int64_t> x = spec.read(val);
    if (!x && spec.language_range()) {
      // the language's numbers: a value a file could not state is refused here too
      bool number = !val.empty() && val.find_first_not_of("-0123456789") == std::string::npos && val.find('-', 1) == std::string::npos &&
                    val != "-";
      if (!number) throw usage_error(fmt::format("option {} needs a number, true or false, not '{}'", name, val));
      throw usage_error(fmt::format("option {}: {} is out of range (an option's value is from {} to {})", name, val, -max_number, max_number));
    }
    if (!x) throw usage_error(fmt::format("option {}: '{}' is not one of its allowed values ({})", name, val, spec.allowed()));
    out.push_back({(int)(f - v.option_names.begin()), *x});
  }
  return out;
}

}  // namespace

std::vector<std::string> ruleset_search_path() {
  std::vector<std::string> dirs;
  if (const char* env = std::getenv("SPADES_PATH"))
    for (std::string_view rest = env; !rest.empty();) {
      const size_t colon = rest.find(':');
      if (std::string_view d = rest.substr(0, colon); !d.empty()) dirs.emplace_back(d);
      rest = colon == std::string_view::npos ? std::string_view{} : rest.substr(colon + 1);
    }
  dirs.push_back(default_rulesets_dir());
  return dirs;
}

namespace {

// variant_path's search: the file, or "" with `err` saying why there is none.
std::string find_variant_arg(const std::string& arg, std::string& err) {
  std::error_code ec;
  if (std::filesystem::exists(arg, ec) || !lang::is_variant_id(arg)) return arg;
  const std::vector<std::string> dirs = ruleset_search_path();
  if (std::string found = lang::find_variant(arg, dirs); !found.empty()) return found;
  const std::string id = std::filesystem::path(arg).stem().string();
  err = fmt::format("cannot read '{}': no such file, and no ruleset '{}' in {}{}", arg, id, fmt::join(dirs, ", "),
                    lang::did_you_mean(id, lang::variant_ids(dirs)));
  return {};
}

}  // namespace

std::string variant_path(const std::string& arg) {
  std::string err, path = find_variant_arg(arg, err);
  if (path.empty()) throw input_error("error: " + err);
  return path;
}

load_result try_load(const std::string& arg, const std::vector<std::string>& opts) {
  load_result out;
  lang::sources src;
  std::string err, path = find_variant_arg(arg, err);
  if (path.empty()) {
    const diagnostic d{{}, err, {}};
    out.unreadable = true;
    out.text = command_error("error: " + err) + "\n";
    out.diagnostics.push_back(diagnostic_json(src, d));
    return out;
  }
  try {
    std::shared_ptr<const variant> v = lang::load_variant(src, path, ruleset_search_path());
    // an option a setting names changes the tables: the variant elaborated for the values chosen
    lang::option_choices chosen;
    for (const auto& [o, x] : read_options(*v, opts))
      if (v->option_specs[o].in_settings && x != v->option_defaults[o]) chosen.push_back({v->option_names[o], v->option_specs[o].text(x)});
    if (!chosen.empty()) {
      out.options_failed = true;  // what fails from here on is the choice of values, not the file
      v = lang::load_variant(src, path, chosen, ruleset_search_path());
      out.options_failed = false;
    }
    out.v = v;
  } catch (const lang::diag_error& e) {
    // the file named here cannot be read (one it extends that cannot be is an error at the `extends`)
    out.unreadable = dynamic_cast<const file_error*>(&e) && e.d.at.file < 0;
    out.fragment = dynamic_cast<const lang::fragment_alone*>(&e) != nullptr;
    out.text = out.unreadable ? command_error("error: " + e.d.message) + "\n" : src.render(e.d);
    out.diagnostics.push_back(diagnostic_json(src, e.d));
  }
  return out;
}

std::shared_ptr<const variant> load_or_report(const std::string& path, const std::vector<std::string>& opts) {
  load_result r = try_load(path, opts);
  if (r.unreadable) throw input_error(r.text);
  if (!r.v) report_failure(r.text, {{"diagnostics", r.diagnostics}});
  // each value was allowed, but not the ones chosen together: bad usage, not a fault of the file
  if (r.options_failed) throw reported_failure{2};
  return r.v;
}

void apply_options(game_state& st, const std::vector<std::string>& opts) {
  for (const auto& [o, x] : read_options(*st.v, opts)) st.options[o] = x;
}

std::string default_rulesets_dir() {
  namespace fs = std::filesystem;
  for (const char* p : {"rulesets", SPADES_SOURCE_DIR "/rulesets"})
    if (std::error_code ec; fs::is_directory(p, ec)) return p;
  return "rulesets";
}

std::vector<std::string> ruleset_files(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw usage_error(fmt::format("'{}' is not a directory", dir));
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".spades") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

std::string default_ruleset() {
  namespace fs = std::filesystem;
  for (const char* p : {"rulesets/standard.spades", SPADES_SOURCE_DIR "/rulesets/standard.spades"})
    if (std::error_code ec; fs::exists(p, ec)) return p;
  return "rulesets/standard.spades";
}

bool wants_help(int argc, char** argv, const char* text) {
  for (int i = 0; i < argc; ++i)
    if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
      std::fputs(text, stdout);
      return true;
    }
  return false;
}

namespace {

// Standard input, output and error held open: a descriptor the caller closed is given /dev/null, so that no
// file the command opens (a record) takes its number and receives what was meant for the terminal. Returns
// false when standard output was closed: what the command would print has nowhere to go.
bool hold_standard_descriptors() {
  bool out_open = true;
  for (int fd = 0; fd <= 2; ++fd) {
    if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    if (fd == 1) out_open = false;
    const int null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
    if (null >= 0 && null != fd) {
      dup2(null, fd);
      close(null);
    }
  }
  return out_open;
}

// What the command printed could not all be written (a full disk, a closed pipe): say so, once, and fail
// rather than exit 0 with the output lost.
bool output_reported = false;
int output_lost(const std::string& who, int err) {
  if (!output_reported) fmt::print(stderr, "{}: cannot write to standard output: {}\n", who, std::strerror(err ? err : EIO));
  output_reported = true;
  return 2;
}

int dispatch(const std::string& cmd, int argc, char** argv) {
  if (cmd == "list") return cmd_list(argc - 2, argv + 2);
  if (cmd == "check") return cmd_check(argc - 2, argv + 2);
  if (cmd == "test") return cmd_test(argc - 2, argv + 2);
  if (cmd == "play") return cmd_play(argc - 2, argv + 2);
  if (cmd == "sim") return cmd_sim(argc - 2, argv + 2);
  if (cmd == "match") return cmd_match(argc - 2, argv + 2);
  if (cmd == "merge") return cmd_merge(argc - 2, argv + 2);
  if (cmd == "bench") return cmd_bench(argc - 2, argv + 2);
  if (cmd == "explain") return cmd_explain(argc - 2, argv + 2);
  if (cmd == "diff") return cmd_diff(argc - 2, argv + 2);
  if (cmd == "graph") return cmd_graph(argc - 2, argv + 2);
  if (cmd == "replay") return cmd_replay(argc - 2, argv + 2);
  if (cmd == "fmt") return cmd_fmt(argc - 2, argv + 2);
  if (cmd == "lsp") return cmd_lsp(argc - 2, argv + 2);
  if (cmd == "stats") return cmd_stats(argc - 2, argv + 2);
  if (cmd == "serve") return cmd_serve(argc - 2, argv + 2);
  fmt::print(stderr, "spades: unknown command '{}'{}\n'spades --help' lists the commands\n", cmd,
             spades::lang::did_you_mean(cmd, {"check", "test", "play", "sim", "match", "merge", "bench", "list", "explain", "diff", "graph", "replay", "fmt", "lsp", "stats", "serve"}));
  return 2;
}

// The command, its failures turned into their exit codes: 2 bad usage or input (or output that could not be
// written), 1 the rules at fault.
int run_command(const std::string& cmd, int argc, char** argv) {
  try {
    return dispatch(cmd, argc, argv);
  } catch (const usage_error& e) {
    report_failure(fmt::format("spades {}: {}", cmd, e.what()));
  } catch (const input_error& e) {
    report_failure(command_error(e.what()));
  } catch (const spades::rule_error& e) {
    report_failure(e.what());
    return 1;
  } catch (const spades::bot_error& e) {
    // an outside bot broke the protocol: the game could not be finished
    report_failure(fmt::format("spades {}: {}", cmd, e.what()));
    return 1;
  } catch (const reported_failure& e) {
    return e.code;
  } catch (const std::system_error& e) {
    // fmt::print throws this when standard output refuses a write
    return output_lost("spades " + cmd, e.code().value());
  }
  return 2;
}

}  // namespace

}  // namespace spades::cli

int main(int argc, char** argv) {
  using namespace spades::cli;
  if (!hold_standard_descriptors()) {
    std::fputs("spades: standard output is closed: there is nowhere to write\n", stderr);
    return 2;
  }
  if (argc < 2) {
    std::fputs(main_help, stderr);
    return 2;
  }
  const std::string cmd = argv[1];
  std::string who = "spades";
  int code = 0;
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    std::fputs(main_help, stdout);
  } else if (cmd == "--version" || cmd == "-V" || cmd == "version") {
    std::fputs("spades " SPADES_VERSION "\n", stdout);
  } else {
    for (int i = 2; i < argc; ++i)
      if (!std::strcmp(argv[i], "--json")) set_json_output(true);
    set_command(cmd);
    code = run_command(cmd, argc, argv);
    who += " " + cmd;
  }
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) return output_lost(who, errno);
  return code;
}
