// `spades sim --record` written as the games finish (cli/record_stream.hpp): the same bytes as the record kept
// whole in memory gave, the same for every --jobs, and a record that stops short of its size limit.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "cli/commands.hpp"
#include "cli/record_stream.hpp"
#include "hands/record.hpp"
#include "runtime/loop.hpp"
#include "tests/test_util.hpp"

using namespace spades;
using spades::testing::run;
namespace fs = std::filesystem;

namespace {

std::string stream_dir() {
  fs::path d = fs::temp_directory_path() / ("spades-stream-" + std::to_string(::getpid()));
  fs::create_directories(d);
  return d.string();
}

// FNV-1a, 64 bits: a record's text pinned in a line of the test (the records themselves are 40 to 90 KB).
uint64_t fnv(const std::string& s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

// A record's text after its "ruleset" line, which names the ruleset relative to wherever the test writes it.
std::string after_ruleset(const std::string& text) {
  const size_t at = text.find('\n', text.find("\"ruleset\""));
  return at == std::string::npos ? text : text.substr(at + 1);
}

// The game loop's hooks passed on to a recorder.
struct recording : observer {
  game_recorder& rec;
  void dealing(const game_state& s) { rec.dealing(s); }
  void dealt(const game_state& s) { rec.dealt(s); }
  void moving(const game_state& s, const move& m) { rec.moving(s, m); }
  void moved(const game_state& s, const move& m) { rec.moved(s, m); }
};

// Game `number` of standard from `seed`, recorded by a recorder of its own (as sim's threads record).
game_recorder one_game(const variant& v, const game_recorder& set_up, uint64_t seed, int number) {
  game_recorder rec = set_up;
  game_state st;
  rng r(seed);
  st.new_game(v, (int)r.below((uint32_t)v.seats));
  recording w{{}, rec};
  rec.start_game(st, number);
  REQUIRE(run_game(st, r, random_chooser{}, w) == loop_end::over);
  rec.end_game(st);
  return rec;
}

}  // namespace

TEST_CASE("sim --record: the record written as the games finish is the one kept whole before, byte for byte") {
  // pinned from the records `spades sim --record` wrote before it streamed them (one recorder, every game in
  // memory, one thread), with the bots of the same commit: kitty, passing, a dummy, a shard with random bots;
  // pinned again for the bots' learned nil chance, again for their learned value of a nil, and again for
  // their learned chance of a blind nil (each the same record at --jobs 1 and 2, and as replay checks it)
  struct pinned {
    std::string args;
    size_t size;
    uint64_t hash;
  };
  const std::vector<pinned> cases = {
      {"rulesets/standard.spades --games 3 --seed 7", 51935, 0x476c5229979a67b8ull},
      {"rulesets/pass3.spades --games 2 --seed 11", 38455, 0xac9c786455cf4c95ull},
      {"rulesets/three-dummy.spades --games 2 --seed 11", 65230, 0xce83e3c08ce01848ull},
      {"rulesets/jokers.spades --games 2 --seed 1", 39664, 0x0ede0d15be7eb9f3ull},
      {"rulesets/standard.spades --games 5 --seed 3 --shard 2/2 --bots NS=random", 172547, 0x1a3bad02981ff11full},
  };
  const std::string dir = stream_dir();
  for (const pinned& c : cases) {
    for (int jobs : {1, 2}) {
      INFO(c.args << " --jobs " << jobs);
      const std::string rec = dir + "/pinned.json";
      REQUIRE(run("sim " + c.args + " --jobs " + std::to_string(jobs) + " --record " + rec, "", true).code == 0);
      const std::string text = after_ruleset(testing::slurp(rec));
      CHECK(text.size() == c.size);
      CHECK(fnv(text) == c.hash);
    }
  }
}

TEST_CASE("sim --record: --jobs 1 and --jobs 2 write the same record and print the same summary") {
  const std::string dir = stream_dir();
  auto one = run("sim rulesets/standard.spades --games 40 --seed 3 --jobs 1 --record " + dir + "/j1.json", "", true);
  auto two = run("sim rulesets/standard.spades --games 40 --seed 3 --jobs 2 --record " + dir + "/j2.json", "", true);
  REQUIRE(one.code == 0);
  REQUIRE(two.code == 0);
  CHECK(one.out == two.out);
  CHECK(one.out.rfind("Standard Spades: 40 games, 287 hands (7.2 per game), seed 3\n", 0) == 0);
  CHECK(after_ruleset(testing::slurp(dir + "/j1.json")) == after_ruleset(testing::slurp(dir + "/j2.json")));
  auto r = run("replay " + dir + "/j2.json");
  CHECK(r.code == 0);
  CHECK(r.out.find("287 hands of 40 games replayed: every move and score agrees with the rules\n") != std::string::npos);
}

TEST_CASE("record stream: games added in turn give game_recorder::text() exactly; the one that would pass the limit is refused") {
  auto v = testing::load_ruleset("standard");
  const game_recorder set_up(*v, testing::source_path("rulesets/standard.spades"), {{"format", record_format}, {"command", "sim"}, {"seed", 5}});
  // the same three games kept in one recorder, as a record kept whole in memory is
  game_recorder whole = set_up;
  std::vector<cli::recorded_game> games;
  for (int g = 1; g <= 3; ++g) {
    game_recorder one = one_game(*v, set_up, 100 + g, g);
    games.push_back(cli::recorded_of(one));
    game_state st;
    rng r(100 + g);
    st.new_game(*v, (int)r.below((uint32_t)v->seats));
    whole.start_game(st);
    recording w{{}, whole};
    REQUIRE(run_game(st, r, random_chooser{}, w) == loop_end::over);
    whole.end_game(st);
  }
  const std::string dir = stream_dir();
  {
    cli::record_stream s(dir + "/all.json", set_up);
    CHECK(s.size() == set_up.text().size());
    for (const auto& g : games) REQUIRE(s.add(g));
    CHECK(s.size() == whole.text().size());
    s.commit();
  }
  CHECK(testing::slurp(dir + "/all.json") == whole.text());

  // a limit that holds two games and a byte less than the third: the third is refused, the two are written
  size_t two;
  {
    cli::record_stream s(dir + "/x.json", set_up);
    s.add(games[0]), s.add(games[1]);
    two = s.size();
    s.add(games[2]);
    REQUIRE(s.size() == whole.text().size());
  }
  const size_t limit = whole.text().size() - 1;
  cli::record_stream s(dir + "/two.json", set_up, limit);
  CHECK(s.add(games[0]));
  CHECK(s.add(games[1]));
  CHECK_FALSE(s.add(games[2]));
  CHECK(s.games() == 2);
  CHECK(s.size() == two);
  s.commit();
  const std::string text = testing::slurp(dir + "/two.json");
  CHECK(text.size() == two);
  CHECK(text.size() <= limit);
  // its hands run as test hands (replay would refuse it: these games come from seeds of their own, not the record's)
  auto r = run("test " + dir + "/two.json");
  CHECK(r.code == 0);
  const std::string last = "\n2000 passed, 0 failed\n";
  CHECK(r.out.size() >= last.size());
  CHECK(r.out.substr(r.out.size() - std::min(r.out.size(), last.size())) == last);
  // a limit of exactly the three games' size takes them all
  cli::record_stream exact(dir + "/three.json", set_up, whole.text().size());
  for (const auto& g : games) CHECK(exact.add(g));
}

TEST_CASE("record stream: what sim says when the record is full") {
  CHECK(cli::record_full_message("r.json", 4321, 10000, 1, max_record_bytes) ==
        "--record: 'r.json' holds the first 4321 of the 10000 games: the next would take it past 64 MiB, the most "
        "`spades replay` and `spades test` read (runtime/limits.hpp); split the run with --shard 1/3 to --shard 3/3, "
        "each with its own --record (docs/scale-out.md)");
  // a run already a shard of 4: the shards of the whole run
  CHECK(cli::record_full_message("r.json", 100, 150, 4, 1000) ==
        "--record: 'r.json' holds the first 100 of the 150 games: the next would take it past 1000 bytes, the most "
        "`spades replay` and `spades test` read (runtime/limits.hpp); split the run with --shard 1/8 to --shard 8/8, "
        "each with its own --record (docs/scale-out.md)");
  CHECK(cli::record_full_message("r.json", 0, 5, 1, max_record_bytes) ==
        "--record: the first game alone would take 'r.json' past 64 MiB, the most `spades replay` and `spades test` "
        "read (runtime/limits.hpp): no record written");
}

TEST_CASE("record stream: a record never committed leaves nothing behind, and the old file stands") {
  const std::string dir = stream_dir() + "/left";
  fs::create_directories(dir);
  std::ofstream(dir + "/r.json") << "old";
  auto v = testing::load_ruleset("standard");
  const game_recorder set_up(*v, testing::source_path("rulesets/standard.spades"), {{"format", record_format}, {"command", "sim"}, {"seed", 5}});
  {
    cli::record_stream s(dir + "/r.json", set_up);
    REQUIRE(s.add(cli::recorded_of(one_game(*v, set_up, 9, 1))));
  }
  CHECK(testing::slurp(dir + "/r.json") == "old");
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
}
