// Calibrations kept between runs (bots/calibration_cache.hpp): read back exactly as computed, never read for
// another program, variant or option value, nor when cut short or altered; bounded in number; and the
// commands that seat the rule-following bot give the same results with a kept one as without.
#include <cstring>
#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "bots/calibration_cache.hpp"
#include "bots/value.hpp"
#include "tests/test_util.hpp"

using namespace spades;
using namespace spades::testing;
namespace fs = std::filesystem;

namespace {

// A folder of this process's own, empty.
std::string fresh_folder(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / fmt::format("spades-cache-test-{}-{}", getpid(), name);
  fs::remove_all(dir);
  return dir.string();
}

bool same_bytes(const bot_detail::calibrated& a, const bot_detail::calibrated& b) { return std::memcmp(&a, &b, sizeof a) == 0; }

int files_in(const std::string& folder) {
  int n = 0;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) ++n;
  return n;
}

// The file of `path` with its byte at `at` changed (negative: from the end), or cut to `size` bytes.
void alter(const std::string& path, long at) {
  std::string bytes = slurp(path);
  bytes[(size_t)(at < 0 ? (long)bytes.size() + at : at)] ^= 0x20;
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}
void cut(const std::string& path, size_t size) {
  const std::string bytes = slurp(path);
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes.substr(0, size);
}

}  // namespace

TEST_CASE("calibration cache: a calibration kept is read back byte for byte, and a bot reads it") {
  const std::string folder = fresh_folder("round");
  for (const char* id : {"standard", "bux-lowball"}) {
    INFO(id);
    auto v = load_ruleset(id);
    const auto store = std::make_shared<const calibration_files>(folder, "test-program");
    bot_detail::calibrated none, back;
    CHECK_FALSE(store->load(*v, none));  // nothing kept yet
    const bot_calibration computed(*v, store);
    const bot_detail::calibrated& cal = computed.get();  // computed, then kept
    REQUIRE(fs::exists(store->path_for(*v)));
    REQUIRE(store->load(*v, back));
    CHECK(same_bytes(back, cal));
    // a calibration given to the store is what a bot of the same variant reads
    bot_detail::calibrated planted = cal;
    planted.zero_bias = 0.375;
    store->save(*v, planted);
    CHECK(bot_calibration(*v, store).get().zero_bias == 0.375);
  }
  CHECK(files_in(folder) == 2);
  fs::remove_all(folder);
}

TEST_CASE("calibration cache: another program, variant or option value has a file of its own") {
  const std::string folder = fresh_folder("keys");
  const calibration_files mine(folder, "program A"), other(folder, "program B");
  auto standard = load_ruleset("standard");
  auto changed = load_text("changed", "extends \"standard\"\ncourse {\n  step pass pass 1 to left after calls\n}\n");
  lang::sources s1, s2;
  auto declared = lang::load_variant(s1, source_path("rulesets/double-nil.spades"));
  auto chosen = lang::load_variant(s2, source_path("rulesets/double-nil.spades"), lang::option_choices{{"fail_cost", "500"}});
  const std::string name = mine.path_for(*standard);
  CHECK(fs::path(name).parent_path() == fs::path(folder));
  CHECK(fs::path(name).filename().string().rfind("calibration-", 0) == 0);
  CHECK(other.path_for(*standard) != name);
  CHECK(mine.path_for(*changed) != name);
  CHECK(mine.path_for(*declared) != mine.path_for(*chosen));
  CHECK(mine.path_for(*load_ruleset("standard")) == name);  // loaded again: the same file
  // kept for program A, not read by program B even under A's file name
  mine.save(*standard, bot_detail::calibrate(*standard));
  fs::copy_file(name, other.path_for(*standard));
  bot_detail::calibrated out;
  CHECK(mine.load(*standard, out));
  CHECK_FALSE(other.load(*standard, out));
  // a variant made without source text has no file, and nothing is written for it
  variant bare = *standard;
  bare.source = nullptr;
  CHECK(mine.path_for(bare).empty());
  mine.save(bare, out);
  CHECK_FALSE(mine.load(bare, out));
  CHECK(files_in(folder) == 2);
  fs::remove_all(folder);
}

TEST_CASE("calibration cache: a file cut short, altered or grown is not read, and is written again whole") {
  const std::string folder = fresh_folder("bad");
  auto v = load_ruleset("standard");
  const auto store = std::make_shared<const calibration_files>(folder, "test-program");
  const bot_detail::calibrated fresh = bot_detail::calibrate(*v);
  const std::string path = store->path_for(*v);
  bot_detail::calibrated out;
  const auto refused = [&](auto&& spoil) {
    store->save(*v, fresh);
    const size_t size = fs::file_size(path);
    spoil(size);
    return !store->load(*v, out);
  };
  CHECK(refused([&](size_t) { alter(path, 0); }));                                 // not a kept calibration
  CHECK(refused([&](size_t) { alter(path, 25); }));                                // another key's
  CHECK(refused([&](size_t) { alter(path, 40); }));                                // the calibration's bytes
  CHECK(refused([&](size_t) { alter(path, -1); }));                                // its checksum
  CHECK(refused([&](size_t size) { cut(path, size - 1); }));                      // cut short
  CHECK(refused([&](size_t) { std::ofstream(path, std::ios::app) << "x"; }));     // grown
  CHECK(refused([&](size_t) { std::ofstream(path, std::ios::trunc); }));          // empty
  CHECK(refused([&](size_t) { fs::remove(path); }));                              // gone
  // a bot computes it again, and keeps it whole
  const bot_calibration again(*v, store);
  CHECK(same_bytes(again.get(), fresh));
  REQUIRE(store->load(*v, out));
  CHECK(same_bytes(out, fresh));
  CHECK(files_in(folder) == 1);  // no part-written file left
  fs::remove_all(folder);
}

TEST_CASE("calibration cache: at most so many files are kept, the oldest going first; parts left behind go") {
  const std::string folder = fresh_folder("bound");
  auto v = load_ruleset("standard");
  const bot_detail::calibrated cal = bot_detail::calibrate(*v);
  std::vector<std::string> paths;
  const auto then = fs::file_time_type::clock::now() - std::chrono::hours(10);
  for (int i = 0; i < 5; ++i) {
    const calibration_files store(folder, fmt::format("program {}", i), 3);
    store.save(*v, cal);
    paths.push_back(store.path_for(*v));
    fs::last_write_time(paths.back(), then + std::chrono::hours(i));  // written an hour after the one before
  }
  CHECK(files_in(folder) == 3);
  for (int i = 0; i < 5; ++i) CHECK(fs::exists(paths[(size_t)i]) == (i >= 2));
  // a part of a file left by a program stopped while writing it goes after an hour, not before
  const std::string old_part = paths[4] + ".1-0.part", new_part = paths[4] + ".2-0.part";
  std::ofstream(old_part) << "spades calibr";
  std::ofstream(new_part) << "spades calibr";
  fs::last_write_time(old_part, fs::file_time_type::clock::now() - std::chrono::minutes(61));
  calibration_files(folder, "program 5", 3).save(*v, cal);
  CHECK_FALSE(fs::exists(old_part));
  CHECK(fs::exists(new_part));
  CHECK(files_in(folder) == 4);  // three kept, and the part of a minute ago
  fs::remove_all(folder);
}

TEST_CASE("calibration cache: the folder is XDG_CACHE_HOME's, else HOME's, and none with SPADES_NO_CACHE") {
  const auto env = [](const std::string& vars) {
    return shell(std::string("cd ") + SPADES_SOURCE_DIR + " && env -u XDG_CACHE_HOME -u SPADES_NO_CACHE " + vars + " " + SPADES_BINARY +
                 " sim rulesets/standard.spades --games 2 --seed 4 --json");
  };
  const std::string xdg = fresh_folder("xdg"), home = fresh_folder("home");
  const std::string plain = env("SPADES_NO_CACHE=1 HOME=" + home);
  CHECK(files_in(home) == 0);  // nothing written with SPADES_NO_CACHE
  CHECK(env("XDG_CACHE_HOME=" + xdg + " HOME=" + home) == plain);
  CHECK(files_in(xdg + "/spades") == 1);
  CHECK(env("XDG_CACHE_HOME= HOME=" + home) == plain);  // an empty XDG_CACHE_HOME is as if unset
  CHECK(files_in(home + "/.cache/spades") == 1);
  CHECK(env("XDG_CACHE_HOME=relative HOME=" + home) == plain);  // a relative one too (the XDG rule)
  CHECK(files_in(home + "/.cache/spades") == 1);
  fs::remove_all(xdg);
  fs::remove_all(home);
}

TEST_CASE("calibration cache: sim, match and play read the calibration kept for their program, with the same results") {
  const std::string folder = fresh_folder("cli");
  const auto spades = [&](bool kept, const std::string& args) {
    return shell(std::string("cd ") + SPADES_SOURCE_DIR + " && " + state_env() +
                 (kept ? "SPADES_NO_CACHE= XDG_CACHE_HOME=" + folder : std::string("SPADES_NO_CACHE=1")) + " " + SPADES_BINARY + args);
  };
  const std::string sim = " sim rulesets/standard.spades --games 40 --seed 4";
  const std::string match = " match rulesets/standard.spades rule random --deals 6 --seed 4";
  // W bids fourth: E, a rule-following bot, bids before the prompt
  const std::string play = " play rulesets/standard.spades --seat W --seed 4 --bots NS=random,EW=rule --record " + folder + "-play.json < /dev/null";
  const std::string fresh_sim = spades(false, sim), fresh_match = spades(false, match), fresh_play = spades(false, play);
  CHECK(fresh_play.find("E bids") != std::string::npos);
  CHECK(spades(true, sim) == fresh_sim);  // computed and kept
  const calibration_files store(folder + "/spades", program_identity(SPADES_BINARY));
  auto v = load_ruleset("standard");
  const std::string path = store.path_for(*v);
  REQUIRE(fs::exists(path));  // the file this test reckons for spades is the one it wrote
  CHECK(files_in(folder + "/spades") == 1);
  CHECK(spades(true, sim) == fresh_sim);  // read
  CHECK(spades(true, match) == fresh_match);
  CHECK(spades(true, play) == fresh_play);
  // a calibration planted in that file is the one the bots play by: nils weighed half a stake higher
  bot_detail::calibrated planted;
  REQUIRE(store.load(*v, planted));
  planted.zero_bias = -0.5;
  store.save(*v, planted);
  CHECK(spades(true, sim) != fresh_sim);
  // a file altered is not read: computed again, with the results of before, and kept whole
  alter(path, 40);
  CHECK(spades(true, sim) == fresh_sim);
  bot_detail::calibrated back;
  REQUIRE(store.load(*v, back));
  CHECK(same_bytes(back, bot_detail::calibrate(*v)));
  fs::remove_all(folder);
  fs::remove(folder + "-play.json");
}
