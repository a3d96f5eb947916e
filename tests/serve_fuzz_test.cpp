// The serve fuzzer's inputs replayed through its entry point: every file under tests/fuzz/serve/, and inputs
// made here that reach each kind of step at every prepared table.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

int spades_fuzz_serve(const uint8_t* data, size_t size);

namespace {

int run(const std::string& input) { return spades_fuzz_serve(reinterpret_cast<const uint8_t*>(input.data()), input.size()); }

}  // namespace

TEST_CASE("fuzz_serve: the regressions under tests/fuzz/serve replay cleanly") {
  const std::filesystem::path dir = std::filesystem::path(SPADES_SOURCE_DIR) / "tests" / "fuzz" / "serve";
  REQUIRE(std::filesystem::is_directory(dir));
  int replayed = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    std::ifstream in(e.path(), std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    INFO(e.path().filename().string());
    CHECK(run(bytes) == 0);
    ++replayed;
  }
  CHECK(replayed >= 1);
}

TEST_CASE("fuzz_serve: every kind of step at every table, and lobby requests") {
  for (int t = 0; t < 7; ++t) {
    INFO("table " << t);
    // two connections join two seats (seat bytes 0..3), then each plays a long run of choices from its views,
    // with a look, a hint, an undo and its agreement, raw bytes, a known type with odd fields and a close between
    std::string in(1, (char)t);
    in += std::string("\x00\x00\x01\x02", 4);
    for (int k = 0; k < 60; ++k) in += std::string("\x04\x07\x05\x03", 4);
    in += std::string("\x08\x0c\x0d\x10\x01\x11\x00", 7) + "\x14\x05{\"ty" + std::string("\x18\x01\xff\x03\x3c", 5);
    for (int k = 0; k < 40; ++k) in += std::string("\x04\x09\x05\x0b", 4);
    CHECK(run(in) == 0);
  }
  CHECK(run("\x80{\"ruleset\": \"standard\", \"seats\": [{\"player\": \"person\"}, {}, {}, {}]}") == 0);
  CHECK(run("\x80{\"ruleset\": \"../etc\"}") == 0);
  CHECK(run(std::string("\x80[1,", 4)) == 0);
  // HTTP requests: method byte (GET, POST, PUT), target, a newline, the body
  for (const char* request : {"\x00/", "\x00/app.js", "\x00/api/rulesets", "\x00/api/history?ruleset=standard&player=Ann",
                              "\x00/api/record?token=TOKEN&format=pbn", "\x00/api/record?token=00", "\x01/api/check\nextends \"standard\"\n",
                              "\x01/api/check\nextends \"/etc/passwd\"", "\x01/api/describe\nextends \"standard\"\n", "\x01/api/tables\n{}",
                              "\x01/api/simulate\n{\"games\": 500}", "\x02/api/rulesets", "\x00/no/such/page"})
    CHECK(run(std::string("\x40") + request) == 0);
}
