// Every input the fuzzers ever crashed on, replayed through the same entry points (tests/fuzz/<target>/).
#include <catch2/catch.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

int spades_fuzz_variant(const uint8_t* data, size_t size);
int spades_fuzz_hands(const uint8_t* data, size_t size);
int spades_fuzz_runtime(const uint8_t* data, size_t size);
int spades_fuzz_bot(const uint8_t* data, size_t size);

namespace fs = std::filesystem;

TEST_CASE("fuzz regressions replay cleanly") {
  struct target {
    const char* dir;
    int (*run)(const uint8_t*, size_t);
  } targets[] = {{"variant", spades_fuzz_variant}, {"hands", spades_fuzz_hands}, {"runtime", spades_fuzz_runtime}, {"bot", spades_fuzz_bot}};
  for (const auto& t : targets) {
    fs::path dir = fs::path(SPADES_SOURCE_DIR) / "tests" / "fuzz" / t.dir;
    // every target has found something once: a folder gone or misnamed would replay nothing and pass
    INFO("tests/fuzz/" << t.dir);
    REQUIRE(fs::is_directory(dir));
    int replayed = 0;
    for (const auto& e : fs::directory_iterator(dir)) {
      std::ifstream in(e.path(), std::ios::binary);
      std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      DYNAMIC_SECTION(t.dir << "/" << e.path().filename().string()) {
        CHECK(t.run(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()) == 0);
      }
      ++replayed;
    }
    CHECK(replayed >= 1);
  }
  // the seed inputs below always exist, so the replay itself is exercised
  const char* text = "extends \"standard\"\nend { target 100 }\n";
  CHECK(spades_fuzz_variant(reinterpret_cast<const uint8_t*>(text), std::strlen(text)) == 0);
  // a ruleset byte, 4 seed bytes, flags, options; then legal picks, a look (0xee), moves of any shape (0xef)
  const uint8_t moves[] = {0, 1, 2, 3, 4, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20};
  CHECK(spades_fuzz_runtime(moves, sizeof moves) == 0);
  for (uint8_t ruleset = 0; ruleset < 90; ruleset += 3) {
    INFO("ruleset byte " << (int)ruleset);
    // from 0 to 15 times 16 random decisions into the game (the flags' high four bits), played on to the end
    // of the next hand, with two options set (a pair each), a look by every seat and shaped moves of each
    // kind: bids, cards, calls, choices and raises, in and out of their ranges
    const uint8_t flags = (uint8_t)(1 | (ruleset % 16) << 4);
    std::vector<uint8_t> in = {ruleset, 0, 0, 1, 7, flags, 2, 0, 1, 1, 3, 0xee, 0, 0xee, 1, 0xee, 2, 0xee, 3};
    for (uint8_t kind = 0xef; kind != 0; ++kind) in.insert(in.end(), {kind, (uint8_t)(kind * 7), (uint8_t)(kind * 13), (uint8_t)(kind % 5)});
    CHECK(spades_fuzz_runtime(in.data(), in.size()) == 0);
  }
  const char* hands = "{\"cases\": [{\"name\": \"x\"}]}";
  CHECK(spades_fuzz_hands(reinterpret_cast<const uint8_t*>(hands), std::strlen(hands)) == 0);
}

TEST_CASE("fuzz_bot: answers of every shape at decisions of real games are read, never thrown") {
  // ruleset byte, 8 seed bytes, moves before the decision, then the bot's lines: the greeting's answer and
  // one per decision (legal, not JSON, JSON of the wrong shape, nested past the bound, a number as "type")
  const std::string nested = std::string(100000, '[') + std::string(100000, ']');
  for (uint8_t ruleset : {0, 7, 30, 60}) {
    for (uint8_t before : {0, 4, 60}) {
      std::string input = std::string(1, (char)ruleset) + std::string("\x01\x02\x03\x04\x05\x06\x07\x08", 8) + (char)before;
      input += "{\"type\": 5}\n{\"move\": \"2C\"}\n{\"move\": 7}\n" + nested + "\n{\"move\": \"nil\"}\nnot json\n";
      INFO("ruleset byte " << (int)ruleset << ", " << (int)before << " moves before");
      CHECK(spades_fuzz_bot(reinterpret_cast<const uint8_t*>(input.data()), input.size()) == 0);
    }
  }
}
