// The rulesets the runtime's fuzz targets pick from by a byte: every rulesets/*.spades that loads, in name
// order (the same byte picks the same ruleset on every machine), each with the rule-following bot's
// calibration made once for all the inputs that pick it.
#pragma once
#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "bots/bot.hpp"
#include "lang/load.hpp"

namespace spades::fuzzing {

struct fuzz_ruleset {
  std::string id;
  std::shared_ptr<const variant> v;
  std::shared_ptr<const bot_calibration> cal;
};

inline std::vector<fuzz_ruleset> load_rulesets(const std::string& dir) {
  std::vector<fuzz_ruleset> out;
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".spades") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    lang::sources src;
    try {
      std::shared_ptr<const variant> v = lang::load_variant(src, f.string());
      out.push_back({f.stem().string(), v, std::make_shared<const bot_calibration>(*v)});
    } catch (...) {
    }
  }
  return out;
}

}  // namespace spades::fuzzing
