// Calibrations kept between runs: one file per compiled variant and build of spades, so that a command
// seating the rule-following bot does not calibrate again a variant this build of spades has calibrated
// before (a second or more for some variants; once per machine for runs sharded over many). A file is the
// calibration's own bytes: read back, it is exactly the one computed, so results are the same with it or
// without it. A file of another build, another variant, cut short or altered is not read; a failure to read
// or write one only means calibrating again.
#pragma once
#include <memory>
#include <string>

#include "bots/context.hpp"

namespace spades {

// What tells this build of spades from any other: the program file's device, inode, size and time of last
// change ("" when it cannot be read). Of the running program without a path.
std::string program_identity();
std::string program_identity(const std::string& path);

// Calibrations of the program `identity` kept in `folder` (made when first written), at most `max_files` of
// them: writing one more removes the oldest.
class calibration_files : public calibration_store {
 public:
  calibration_files(std::string folder, std::string identity, int max_files = 100);
  bool load(const variant& v, bot_detail::calibrated& out) const override;
  void save(const variant& v, const bot_detail::calibrated& cal) const override;
  // the file of v's calibration; "" for a variant made without source text (nothing is kept for it)
  std::string path_for(const variant& v) const;

 private:
  std::string folder_, identity_;
  int max_files_;
};

// The folder: $XDG_CACHE_HOME/spades, else ~/.cache/spades; "" where SPADES_NO_CACHE is set (to anything but
// empty), or neither XDG_CACHE_HOME nor HOME is.
std::string calibration_cache_folder();
// v's calibration, kept in that folder for this program; one computed as before where there is no folder.
std::shared_ptr<const bot_calibration> cached_calibration(const variant& v);

}  // namespace spades
