// libFuzzer target: any bytes as a variant file through parse -> resolve -> check -> compile, and through the
// formatter. Every outcome must be a variant or a diag_error that renders; nothing else may escape; the
// layout of a text that parses is its own layout.
#include <cstdint>
#include <string>

#include "lang/format.hpp"
#include "lang/load.hpp"

int spades_fuzz_variant(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  spades::lang::sources src;
  try {
    auto v = spades::lang::load_variant_text(src, FUZZ_RULESETS "/fuzzed.spades", text);
  } catch (const spades::lang::diag_error& e) {
    std::string shown = src.render(e.d);
    if (shown.find("error: ") == std::string::npos) __builtin_trap();
  }
  try {
    spades::lang::sources once, twice;
    const std::string laid = spades::lang::format_variant(once, "fuzzed.spades", text);
    if (spades::lang::format_variant(twice, "fuzzed.spades", laid) != laid) __builtin_trap();
  } catch (const spades::lang::diag_error&) {
  }
  return 0;
}

#ifndef SPADES_FUZZ_NO_MAIN
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return spades_fuzz_variant(data, size); }
#endif
