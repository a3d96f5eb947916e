// One diagnostic shape everywhere, at compile time and at run time: file:line:col: error: message, the
// source line, a caret, and notes. The source table keeps every file read so that any error can show its line.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

namespace spades {

struct pos {
  int file = -1;  // index into the source table; -1: no position
  int line = 0;   // 1-based
  int col = 0;    // 1-based, in bytes
};

struct note {
  pos at;
  std::string message;
};

struct diagnostic {
  pos at;
  std::string message;
  std::vector<note> notes;
};

// Thrown by every pass at the first error it cannot go past.
struct diag_error : std::exception {
  diagnostic d;
  explicit diag_error(diagnostic diag) : d(std::move(diag)) {}
  diag_error(pos at, std::string message, std::vector<note> notes = {}) : d{at, std::move(message), std::move(notes)} {}
  const char* what() const noexcept override { return d.message.c_str(); }
};

// The text of every file read, so that diagnostics can show the source line.
class sources {
 public:
  int add(std::string path, std::string text);
  const std::string& path(int file) const { return paths_[file]; }
  const std::string& text(int file) const { return texts_[file]; }
  int find(const std::string& path) const;
  int size() const { return (int)paths_.size(); }
  // file:line:col: error: message, then the source line and a caret; notes likewise.
  std::string render(const diagnostic& d) const;
  // The same shape, as a warning: "file:line:col: warning: message".
  std::string render_warning(const diagnostic& d) const;

 private:
  std::string render_one(pos at, const char* level, const std::string& message) const;
  std::vector<std::string> paths_, texts_;
};

// `text` fit for a message: invalid UTF-8 and control bytes as '?', and at most `max` bytes (the middle
// replaced by "...").
std::string printable(const std::string& text, size_t max = 120);

// The nearest of `candidates` to `word` when it is close enough to be a likely typo, else "". Words and
// candidates over 64 characters are never suggested (no real name is that long; it bounds the work).
std::string nearest(const std::string& word, const std::vector<std::string>& candidates);
// ": did you mean 'x'?" or "".
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);
// Every candidate as near to `word` as the nearest (in the candidates' order): empty when nearest() is.
std::vector<std::string> nearest_all(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace spades
