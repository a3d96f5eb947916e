// Where a command's output goes wrong: standard output full or closed, and paths that are not UTF-8 in
// the JSON a command writes. Each command fails clearly (exit 2, one line saying why) or writes valid JSON.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "tests/test_util.hpp"

namespace fs = std::filesystem;
using spades::testing::shell;

namespace {

struct outcome {
  int code;
  std::string err;  // standard error: standard output goes where the redirection says
};

// Runs the binary in the source folder with `args`, standard output redirected as `out` says (and `as` before
// the binary: testing::unprivileged()).
outcome run_to(const std::string& args, const std::string& out, const std::string& as = "") {
  int status = 0;
  std::string err =
      shell(fmt::format("cd {} && {}{}{} {} 2>&1 {} </dev/null", SPADES_SOURCE_DIR, spades::testing::state_env(), as, SPADES_BINARY, args, out), &status);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, err};
}

}  // namespace

TEST_CASE("output: a full standard output fails every command with exit 2 and says so once", "[output]") {
  if (!fs::exists("/dev/full")) {
    WARN("no /dev/full here: not tested");
    return;
  }
  const auto rec = fs::temp_directory_path() / fmt::format("spades-output-{}.json", ::getpid());
  REQUIRE(run_to(fmt::format("sim rulesets/standard.spades --games 1 --seed 1 --record {}", rec.string()), ">/dev/null").code == 0);
  const std::pair<const char*, std::string> commands[] = {
      {"explain", "explain rulesets/standard.spades"},
      {"explain", "explain rulesets/standard.spades --json"},
      {"list", "list rulesets"},
      {"diff", "diff rulesets/standard.spades rulesets/nyc.spades"},
      {"check", "check rulesets/standard.spades"},
      {"graph", "graph rulesets/standard.spades"},
      {"sim", "sim rulesets/standard.spades --games 2 --seed 1 --json"},
      {"test", "test rulesets/standard.hands.json"},
      {"bench", "bench rulesets/standard.spades --hands 10"},
      {"replay", "replay " + rec.string()},
      {"play", "play --bot rule --seed 1"},
  };
  for (const auto& [name, args] : commands) {
    INFO(args);
    const outcome r = run_to(args, ">/dev/full");
    CHECK(r.code == 2);
    CHECK(r.err == fmt::format("spades {}: cannot write to standard output: No space left on device\n", name));
  }
  const outcome help = run_to("--help", ">/dev/full");
  CHECK(help.code == 2);
  CHECK(help.err == "spades: cannot write to standard output: No space left on device\n");
  // an error already reported on standard error is not hidden by the lost output
  const outcome missing = run_to("check no/such.spades --json", ">/dev/full");
  CHECK(missing.code == 2);
  CHECK(missing.err ==
        "spades check: cannot read 'no/such.spades': No such file or directory\n"
        "spades check: cannot write to standard output: No space left on device\n");
  fs::remove(rec);
}

TEST_CASE("output: a closed standard output is refused before any work, and no file takes its place", "[output]") {
  const auto rec = fs::temp_directory_path() / fmt::format("spades-closed-{}.json", ::getpid());
  fs::remove(rec);
  const outcome r = run_to(fmt::format("sim rulesets/standard.spades --games 1 --seed 1 --record {}", rec.string()), ">&-");
  CHECK(r.code == 2);
  CHECK(r.err == "spades: standard output is closed: there is nowhere to write\n");
  CHECK(!fs::exists(rec));
  // standard error closed: the command runs, its diagnostics go nowhere, never into a file it opens
  int status = 0;
  shell(fmt::format("cd {} && {} sim rulesets/standard.spades --games 1 --seed 1 --record {} >/dev/null 2>&-", SPADES_SOURCE_DIR,
                    SPADES_BINARY, rec.string()),
        &status);
  CHECK(WEXITSTATUS(status) == 0);
  REQUIRE(fs::exists(rec));
  CHECK_NOTHROW(nlohmann::json::parse(spades::testing::slurp(rec)));
  fs::remove(rec);
}

TEST_CASE("output: a path that is not UTF-8 is written into JSON with U+FFFD for its bad bytes", "[output]") {
  const fs::path dir = fs::temp_directory_path() / fmt::format("spades-bad\xff-{}", ::getpid());
  fs::create_directories(dir);
  fs::copy_file(fs::path(SPADES_SOURCE_DIR) / "rulesets/standard.spades", dir / "standard.spades", fs::copy_options::overwrite_existing);
  fs::copy_file(fs::path(SPADES_SOURCE_DIR) / "rulesets/standard.hands.json", dir / "standard.hands.json",
                fs::copy_options::overwrite_existing);
  const std::string d = fmt::format("'{}'", dir.string());
  const std::string shown = fmt::format("spades-bad\xef\xbf\xbd-{}", ::getpid());  // U+FFFD in UTF-8
  auto json_of = [&](const std::string& args) {
    int status = 0;
    std::string out = shell(fmt::format("cd {} && {} {} 2>/dev/null", SPADES_SOURCE_DIR, SPADES_BINARY, args), &status);
    INFO(args << "\n" << out);
    CHECK(WEXITSTATUS(status) == 0);
    nlohmann::json j = nlohmann::json::parse(out, nullptr, false);
    CHECK(!j.is_discarded());
    return j;
  };
  CHECK(json_of("bench " + d + "/standard.spades --hands 10 --json")["file"].get<std::string>().find(shown) != std::string::npos);
  CHECK(json_of("sim " + d + "/standard.spades --games 1 --seed 1 --json")["games"] == 1);
  CHECK(json_of("test " + d + "/standard.hands.json --json")["file"].get<std::string>().find(shown) != std::string::npos);
  // a record written beside its ruleset names it relatively: replay and test read it back
  int status = 0;
  shell(fmt::format("cd {} && {} sim {}/standard.spades --games 1 --seed 1 --record {}/r.json >/dev/null 2>&1", SPADES_SOURCE_DIR,
                    SPADES_BINARY, d, d),
        &status);
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(json_of("replay " + d + "/r.json --json")["agrees"] == true);
  CHECK(json_of("test " + d + "/r.json --json")["failed"] == 0);
  fs::remove_all(dir);
}

TEST_CASE("output: --record and --pbn refuse a path that cannot take the file, before any game is played", "[output]") {
  const fs::path dir = fs::temp_directory_path() / fmt::format("spades-targets-{}", ::getpid());
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string d = dir.string();
  REQUIRE(::mkfifo((dir / "fifo").c_str(), 0600) == 0);
  { std::ofstream(dir / "target.txt") << "keep"; }
  fs::create_symlink(dir / "target.txt", dir / "link.json");
  const std::string sim = "sim rulesets/standard.spades --games 1 --seed 1 --record ";
  auto refused = [&](const std::string& args, const std::string& as = "") {
    const outcome r = run_to(args, ">/dev/null", as);
    CHECK(r.code == 2);
    return r.err;
  };
  CHECK(refused(sim + d + "/fifo") ==
        fmt::format("spades sim: --record: cannot write '{}/fifo': it is not a regular file (a pipe or a device cannot take it)\n", d));
  CHECK(refused(sim + "/dev/null") ==
        "spades sim: --record: cannot write '/dev/null': it is not a regular file (a pipe or a device cannot take it)\n");
  CHECK(fs::is_character_file("/dev/null"));
  CHECK(refused(sim + d + "/link.json") == fmt::format("spades sim: --record: cannot write '{}/link.json': it is a symbolic link: name the file itself\n", d));
  CHECK(spades::testing::slurp(dir / "target.txt") == "keep");
  CHECK(refused(sim + d) == fmt::format("spades sim: --record: cannot write '{}': it is a directory\n", d));
  CHECK(refused(sim + d + "/no/r.json") == fmt::format("spades sim: --record: cannot write '{}/no/r.json': the folder '{}/no' does not exist\n", d, d));
  // a folder its permissions close to writing (to the user nobody when the tests run as root)
  fs::create_directories(dir / "closed");
  fs::permissions(dir / "closed", fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read | fs::perms::group_exec |
                                      fs::perms::others_read | fs::perms::others_exec);
  CHECK(refused(sim + d + "/closed/r.json", spades::testing::unprivileged()) ==
        fmt::format("spades sim: --record: cannot write '{}/closed/r.json': the folder '{}/closed' is not writable\n", d, d));
  CHECK(fs::is_empty(dir / "closed"));
  CHECK(refused(sim + "rulesets/standard.spades") ==
        "spades sim: --record: 'rulesets/standard.spades' is also an input of this command: writing it would destroy it\n");
  CHECK(refused("play rulesets/standard.spades --seed 1 --record rulesets/standard.spades") ==
        "spades play: --record: 'rulesets/standard.spades' is also an input of this command: writing it would destroy it\n");
  // a record replayed may not be overwritten by its own PBN export
  REQUIRE(run_to(sim + d + "/r.json", ">/dev/null").code == 0);
  const std::string before = spades::testing::slurp(dir / "r.json");
  CHECK(refused(fmt::format("replay {0}/r.json --pbn {0}/r.json", d)) ==
        fmt::format("spades replay: --pbn: '{}/r.json' is also an input of this command: writing it would destroy it\n", d));
  CHECK(spades::testing::slurp(dir / "r.json") == before);
  fs::remove_all(dir);
}

TEST_CASE("output: a record that cannot be written whole leaves nothing behind, and the summary is still printed", "[output]") {
  const fs::path dir = fs::temp_directory_path() / fmt::format("spades-full-{}", ::getpid());
  fs::remove_all(dir);
  fs::create_directories(dir);
  // a file size limit of 8 blocks stands in for a full disk: the record's write fails part way (EFBIG)
  int status = 0;
  const std::string out = shell(fmt::format("cd {} && sh -c \"trap '' XFSZ; ulimit -f 8; {} sim rulesets/standard.spades --games 3 --seed 1 "
                                            "--record {}/big.json\" 2>&1",
                                            SPADES_SOURCE_DIR, SPADES_BINARY, dir.string()),
                                &status);
  CHECK(WEXITSTATUS(status) == 2);
  CHECK(out.find("Standard Spades: 3 games, ") != std::string::npos);
  CHECK(out.find(fmt::format("cannot write '{}/big.json': File too large\n", dir.string())) != std::string::npos);
  CHECK(fs::is_empty(dir));  // no record, no temporary file
  fs::remove_all(dir);
}

TEST_CASE("output: a terminal's escapes in a data file are shown as '?', never sent raw", "[output]") {
  const fs::path dir = fs::temp_directory_path() / fmt::format("spades-escapes-{}", ::getpid());
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string esc = "\x1b[2J\a";
  // a hands file's case name (`test`)
  nlohmann::json hands = nlohmann::json::parse(spades::testing::slurp(fs::path(SPADES_SOURCE_DIR) / "rulesets/standard.hands.json"));
  hands["ruleset"] = (fs::path(SPADES_SOURCE_DIR) / "rulesets/standard.spades").string();
  hands["cases"][0]["name"] = "evil " + esc + " name";
  { std::ofstream(dir / "esc.hands.json") << hands.dump(); }
  int status = 0;
  std::string out = shell(fmt::format("{} test {}/esc.hands.json", SPADES_BINARY, dir.string()), &status);
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(out.rfind("ok   evil ?[2J? name\n", 0) == 0);
  CHECK(out.find('\x1b') == std::string::npos);
  // a record's command and case name (`replay`)
  REQUIRE(run_to(fmt::format("sim rulesets/standard.spades --games 1 --seed 1 --record {}/r.json", dir.string()), ">/dev/null").code == 0);
  nlohmann::json rec = nlohmann::json::parse(spades::testing::slurp(dir / "r.json"));
  rec["cases"][0]["name"] = "game 1, hand 1" + esc;
  { std::ofstream(dir / "r.json") << rec.dump(); }
  out = shell(fmt::format("{} replay {}/r.json 2>&1", SPADES_BINARY, dir.string()), &status);
  CHECK(out.find("=== game 1, hand 1?[2J?: ") != std::string::npos);
  CHECK(out.find('\x1b') == std::string::npos);
  // a command that is neither play nor sim is refused, shown with its escapes as '?'
  rec["record"]["command"] = "sim" + esc;
  { std::ofstream(dir / "r.json") << rec.dump(); }
  out = shell(fmt::format("{} replay {}/r.json 2>&1", SPADES_BINARY, dir.string()), &status);
  CHECK(out == fmt::format("{}/r.json: record.command: 'sim?[2J?' is none of \"play\", \"sim\" and \"serve\"\n", dir.string()));
  // a file name in a folder `list` reads
  fs::create_directories(dir / "list");
  fs::copy_file(fs::path(SPADES_SOURCE_DIR) / "rulesets/standard.spades", dir / "list" / ("x" + esc + ".spades"));
  out = shell(fmt::format("{} list {}/list", SPADES_BINARY, dir.string()), &status);
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(out.rfind("== Base games: Standard Spades ==\nx?[2J?  (Standard Spades)\n", 0) == 0);
  fs::remove_all(dir);
}
