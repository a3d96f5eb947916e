// --shard I/N and spades merge: the shards of a run merged give the whole run's summary byte for byte (sim
// and match), and every refusal.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "tests/test_util.hpp"

using spades::testing::run;

namespace {

// The shards' summaries written to files of this process's own; their paths, space-separated.
std::string write_shards(const std::string& name, const std::string& command, int n) {
  std::string paths;
  for (int i = 1; i <= n; ++i) {
    auto r = run(fmt::format("{} --json --shard {}/{}", command, i, n), "", true);
    REQUIRE(r.code == 0);
    const std::string p = (std::filesystem::temp_directory_path() / fmt::format("spades-{}-{}-{}.json", name, getpid(), i)).string();
    std::ofstream(p) << r.out;
    paths += " " + p;
  }
  return paths;
}

std::string shard_path(const std::string& name, int i) {
  return (std::filesystem::temp_directory_path() / fmt::format("spades-{}-{}-{}.json", name, getpid(), i)).string();
}

}  // namespace

TEST_CASE("shard: sim's shards merged are the whole run's --json summary, byte for byte") {
  // a variant that throws hands in, bots differing by side, uneven slices (37 games in 3, and 5 in 7: some empty)
  for (const auto& [games, n] : {std::pair{37, 3}, std::pair{5, 7}}) {
    const std::string cmd = fmt::format("sim rulesets/misdeal.spades --games {} --seed 5 --bots EW=random --jobs 2", games);
    auto whole = run(cmd + " --json", "", true);
    REQUIRE(whole.code == 0);
    const std::string paths = write_shards("sim", cmd, n);
    auto merged = run("merge" + paths, "", true);
    CHECK(merged.code == 0);
    CHECK(merged.out == whole.out);
  }
}

TEST_CASE("shard: match's shards merged are the whole match's --json summary, byte for byte") {
  const std::string cmd = "match rulesets/standard.spades rule random --deals 21 --duplicate --seed 3 --jobs 2";
  auto whole = run(cmd + " --json", "", true);
  REQUIRE(whole.code == 0);
  const std::string paths = write_shards("match", cmd, 4);
  auto merged = run("merge" + paths, "", true);
  CHECK(merged.code == 0);
  CHECK(merged.out == whole.out);
  // a shard's summary is its slice's, with the run and the sums
  auto one = nlohmann::json::parse(spades::testing::slurp(shard_path("match", 2)));
  CHECK(one["boards"] == 5);
  CHECK(one["deals"] == 21);
  CHECK(one["shard"]["index"] == 2);
  CHECK(one["shard"]["of"] == 4);
  CHECK(one["shard"]["run"]["seed"] == 3);
}

TEST_CASE("shard: refusals") {
  const std::string cmd = "sim rulesets/misdeal.spades --games 9 --seed 5 --jobs 1";
  write_shards("r", cmd, 3);
  const std::string s1 = shard_path("r", 1), s2 = shard_path("r", 2), s3 = shard_path("r", 3);
  auto missing = run("merge " + s1 + " " + s2);
  CHECK(missing.code == 2);
  CHECK(missing.out == "spades merge: shard 3 of 3 is missing\n");
  auto twice = run("merge " + s1 + " " + s1 + " " + s2 + " " + s3);
  CHECK(twice.code == 2);
  CHECK(twice.out == fmt::format("spades merge: '{}' and '{}' are both shard 1 of 3\n", s1, s1));
  // another seed, other bots, another command, split another way
  auto seed = run(cmd + " --seed 6 --json --shard 2/3", "", true);
  const std::string other = (std::filesystem::temp_directory_path() / fmt::format("spades-other-{}.json", getpid())).string();
  std::ofstream(other) << seed.out;
  auto mixed = run("merge " + s1 + " " + other + " " + s3);
  CHECK(mixed.code == 2);
  CHECK(mixed.out == fmt::format("spades merge: '{}' is a shard of another run than '{}': its seed is 6, not 5\n", other, s1));
  std::ofstream(other) << run(cmd + " --bots random --json --shard 2/3", "", true).out;
  CHECK(run("merge " + s1 + " " + other + " " + s3).out ==
        fmt::format("spades merge: '{}' is a shard of another run than '{}': its bots is [\"random\",\"random\"], not [\"rule\",\"rule\"]\n", other, s1));
  std::ofstream(other) << run(cmd + " --json --shard 2/4", "", true).out;
  CHECK(run("merge " + s1 + " " + other + " " + s3).out ==
        fmt::format("spades merge: '{}' is a shard of 4, '{}' of 3: the run was split two ways\n", other, s1));
  // not a shard's summary: a whole run's summary, any other file
  std::ofstream(other) << run(cmd + " --json", "", true).out;
  auto whole = run("merge " + other);
  CHECK(whole.code == 2);
  CHECK(whole.out == fmt::format("spades merge: '{}' is not a shard's summary (write one with sim or match --shard I/N --json)\n", other));
  auto readme = run("merge README.md");
  CHECK(readme.code == 2);
  CHECK(readme.out == "spades merge: 'README.md' is not a shard's summary (write one with sim or match --shard I/N --json)\n");
  CHECK(run("merge no-such.json").out == "spades merge: cannot read 'no-such.json'\n");
  // a shard stopped by Ctrl-C: its summary says so, and its sums are of the games it finished
  nlohmann::ordered_json cut = nlohmann::ordered_json::parse(spades::testing::slurp(s2));
  cut["interrupted"] = true;
  std::ofstream(other) << cut.dump();
  auto interrupted = run("merge " + s1 + " " + other + " " + s3);
  CHECK(interrupted.code == 2);
  CHECK(interrupted.out == fmt::format("spades merge: '{}' is the summary of a shard interrupted by Ctrl-C: run that shard again\n", other));
  // every shard of a run of a command merge does not know
  std::vector<std::string> renamed;
  for (const std::string& s : {s1, s2, s3}) {
    nlohmann::ordered_json j = nlohmann::ordered_json::parse(spades::testing::slurp(s));
    j["shard"]["run"]["command"] = "bench";
    renamed.push_back(s + ".bench.json");
    std::ofstream(renamed.back()) << j.dump();
  }
  auto unknown = run("merge " + renamed[0] + " " + renamed[1] + " " + renamed[2]);
  CHECK(unknown.code == 2);
  CHECK(unknown.out == "spades merge: the shards' summaries are not complete summaries of spades sim or match (neither sim's nor match's)\n");
  for (const std::string& s : renamed) std::filesystem::remove(s);
  // past the size of any summary: refused by its size (a sparse file: nothing written)
  { std::ofstream(other) << "{}"; }
  std::filesystem::resize_file(other, (64u << 20) + 1);
  auto huge = run("merge " + other);
  CHECK(huge.code == 2);
  CHECK(huge.out == fmt::format("spades merge: '{}' is too large for a summary\n", other));
  CHECK(run("merge").out == "spades merge: name the shards' summaries: spades merge FILE.json...\n");
  // --shard itself
  for (const char* bad : {"0/3", "4/3", "1/1000001", "x", "1/", "/2", "1/2/3"}) {
    auto r = run(fmt::format("sim rulesets/standard.spades --games 3 --shard {}", bad));
    CHECK(r.code == 2);
    CHECK(r.out == fmt::format("spades sim: --shard needs I/N, the I-th of N slices of the run (1 <= I <= N <= 1000000), not '{}'\n", bad));
  }
  auto m = run("match rulesets/standard.spades rule rule --shard 2/1");
  CHECK(m.code == 2);
  CHECK(m.out == "spades match: --shard needs I/N, the I-th of N slices of the run (1 <= I <= N <= 1000000), not '2/1'\n");
  for (int i = 1; i <= 3; ++i) std::filesystem::remove(shard_path("r", i));
  std::filesystem::remove(other);
}
