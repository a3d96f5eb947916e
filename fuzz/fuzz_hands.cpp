// libFuzzer target: any bytes as a test-hands file against the standard ruleset.
// Every outcome must be a report or a hands_error naming the file; nothing else may escape.
#include <cstdint>
#include <memory>
#include <string>

#include "lang/load.hpp"
#include "hands/run.hpp"

int spades_fuzz_hands(const uint8_t* data, size_t size) {
  static std::shared_ptr<const spades::variant> standard = [] {
    spades::lang::sources src;
    return std::shared_ptr<const spades::variant>(spades::lang::load_variant(src, FUZZ_RULESETS "/standard.spades"));
  }();
  std::string text(reinterpret_cast<const char*>(data), size);
  auto loader = [](const std::string&) { return standard; };
  try {
    spades::hands_report rep = spades::run_hands_text("fuzzed.json", text, "", loader);
    (void)rep.to_text();
    (void)rep.to_json();
  } catch (const spades::hands_error& e) {
    if (std::string(e.what()).rfind("fuzzed.json", 0) != 0) __builtin_trap();
  }
  return 0;
}

#ifndef SPADES_FUZZ_NO_MAIN
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return spades_fuzz_hands(data, size); }
#endif
