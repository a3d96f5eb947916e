// A child process spoken to line by line: started through /bin/sh -c with a socket pair as its standard
// input and output (its standard error is the engine's own), every read and write bounded in time and size.
#pragma once
#include <string>
#include <sys/types.h>

namespace spades {

class child_process {
 public:
  // Starts `command`; throws std::runtime_error when it cannot be started at all.
  explicit child_process(const std::string& command);
  ~child_process();  // closes its input, gives it a moment to exit, then kills it
  child_process(const child_process&) = delete;
  child_process& operator=(const child_process&) = delete;

  enum class io { ok, timeout, closed, too_long };
  // Writes `line` and a newline within `ms` milliseconds.
  io write_line(const std::string& line, int ms);
  // Reads one line (without its newline) within `ms` milliseconds, at most `max_bytes` long.
  io read_line(std::string& line, int ms, size_t max_bytes);
  // How the process ended, in words ("exited with status 3", "was killed by signal 9"), once it has.
  std::string exit_words();

 private:
  pid_t pid_ = -1;
  int fd_ = -1;
  std::string buffered_;  // read past the last line returned
};

}  // namespace spades
